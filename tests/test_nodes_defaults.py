"""The node helpers the B1xx/B5xx checks share: default alignment, opaque expressions, and
which string constants count as code."""

from __future__ import annotations

import ast

import pytest

from sarifbandit.analysis.nodes import (
    code_string_parent,
    is_factory,
    is_opaque,
    positional_defaults,
)


def _function(source: str) -> ast.FunctionDef:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


def test_defaults_align_from_the_right_across_positional_only_parameters() -> None:
    node = _function("def f(a, b='x', /, c='y', *, d='z'): pass")
    pairs = [
        (param.arg, ast.literal_eval(default)) for param, default in positional_defaults(node.args)
    ]
    assert pairs == [("b", "x"), ("c", "y")]


def test_no_defaults_gives_no_pairs() -> None:
    assert positional_defaults(_function("def f(a, b): pass").args) == []


def test_opaque_means_what_the_argument_view_cannot_read() -> None:
    readable = ["1", "None", "name", "a.b", "[1]", "(1,)", "{1}", "{1: 2}"]
    unreadable = ["f()", "a + 1", "-1", "d['k']", "f'{x}'", "lambda: 1"]
    assert not any(is_opaque(ast.parse(text, mode="eval").body) for text in readable)
    assert all(is_opaque(ast.parse(text, mode="eval").body) for text in unreadable)


def test_code_string_parent_skips_docstrings_and_non_strings() -> None:
    tree = ast.parse('"""doc"""\nx = "code"\ny = b"raw"\n')
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstring, code, raw = (n for n in ast.walk(tree) if isinstance(n, ast.Constant))
    assert code_string_parent(docstring, parents) is None
    assert isinstance(code_string_parent(code, parents), ast.Assign)
    assert code_string_parent(raw, parents) is None


@pytest.mark.parametrize(
    "source, factory",
    [
        ("def archive(): ...", True),
        ("def event_service(request): ...", True),
        ("def get_resolver(urlconf=None): ...", False),  # given what to build from
        ("def service(request, db): ...", False),
        ("def service(*args): ...", False),
        ("def service(*, request): ...", False),
    ],
)
def test_a_factory_takes_nothing_but_the_request(source: str, factory: bool) -> None:
    (func,) = ast.parse(source).body
    assert is_factory(func) is factory
