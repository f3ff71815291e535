"""sarifbandit.analysis.dataflow: which bindings reach a use and which uses a binding reaches."""

from __future__ import annotations

import ast
import sys
import textwrap
from typing import List, Tuple

import pytest

from sarifbandit.analysis.context import FileContext
from sarifbandit.analysis.dataflow import BindingKind, DataFlow, dataflow
from sarifbandit.analysis.index import build_index
from sarifbandit.analysis.source import SourceFile, parse

from .tooling import parseable_chain


def _flow(code: str) -> Tuple[ast.Module, DataFlow]:
    text = textwrap.dedent(code)
    tree = parse(text, "t.py")
    return tree, build_index(tree, text=text).dataflow


def _use(tree: ast.Module, name: str, line: int) -> ast.Name:
    """The first read of `name` on `line`."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Name)
            and node.id == name
            and node.lineno == line
            and not isinstance(node.ctx, ast.Store)
        ):
            return node
    raise AssertionError(f"no use of {name} on line {line}")


def _reaching(code: str, name: str, line: int) -> List[Tuple[int, str, str]]:
    """(line, kind, value source) of each binding reaching the read of `name` on `line`."""
    tree, flow = _flow(code)
    return [
        (b.line, b.kind.value, ast.unparse(b.value) if b.value is not None else "")
        for b in flow.reaching(_use(tree, name, line))
    ]


def test_straight_line_code_sees_the_assignments_before_the_use() -> None:
    code = """
    x = "a"
    y = x
    x = "b"
    """
    assert _reaching(code, "x", 3) == [(2, "assign", "'a'")]


def test_an_assignment_does_not_reach_its_own_value() -> None:
    code = """
    x = 1
    x = x + 1
    """
    assert _reaching(code, "x", 3) == [(2, "assign", "1")]


def test_every_branch_reaches_and_reassignment_hides_nothing() -> None:
    code = """
    if cond:
        s = "one"
    else:
        s = read()
    s = "two"
    print(s)
    """
    assert _reaching(code, "s", 7) == [
        (3, "assign", "'one'"),
        (5, "assign", "read()"),
        (6, "assign", "'two'"),
    ]


def test_a_loop_carries_later_bindings_back_to_its_start() -> None:
    code = """
    x = "start"
    while more():
        use(x)
        x = step()
    done(x)
    """
    assert _reaching(code, "x", 4) == [(2, "assign", "'start'"), (5, "assign", "step()")]
    code = """
    for item in items:
        use(item, acc)
        acc = item
    """
    assert _reaching(code, "acc", 3) == [(4, "assign", "item")]
    assert _reaching(code, "item", 3) == [(2, "loop", "")]


def test_unpacking_pairs_values_only_when_the_shapes_match() -> None:
    code = """
    a, (b, *c) = "x", (y, z, w)
    d, e = pair
    use(a, b, c, d)
    """
    assert _reaching(code, "a", 4) == [(2, "assign", "'x'")]
    assert _reaching(code, "b", 4) == [(2, "assign", "")]
    assert _reaching(code, "d", 4) == [(3, "assign", "")]


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match statements need Python 3.10")
def test_every_kind_of_binding() -> None:
    code = """
    import os.path as osp, json
    from m import n
    def f(p, *args, k=1, **kw):
        q += p
        with open(p) as (r, t):
            if (w := r.read()):
                try:
                    pass
                except E as err:
                    match w:
                        case {"a": v, **rest}:
                            return osp, json, n, p, args, k, kw, q, r, w, err, v, rest, f
    """
    tree, flow = _flow(code)
    names = ["osp", "json", "n", "p", "args", "k", "kw", "q", "r", "w", "err", "v", "rest", "f"]
    kinds = {name: [b.kind for b in flow.reaching(_use(tree, name, 13))] for name in names}
    assert kinds == {
        "osp": [BindingKind.IMPORT],
        "json": [BindingKind.IMPORT],
        "n": [BindingKind.IMPORT],
        "p": [BindingKind.PARAMETER],
        "args": [BindingKind.PARAMETER],
        "k": [BindingKind.PARAMETER],
        "kw": [BindingKind.PARAMETER],
        "q": [BindingKind.AUGMENTED],
        "r": [BindingKind.WITH],
        "w": [BindingKind.ASSIGN],
        "err": [BindingKind.EXCEPT],
        "v": [BindingKind.MATCH],
        "rest": [BindingKind.MATCH],
        "f": [BindingKind.DEFINITION],
    }


def test_a_nested_function_sees_every_binding_of_the_enclosing_scope() -> None:
    code = """
    def outer():
        x = "a"
        def inner():
            return x
        x = read()
        return inner
    """
    assert _reaching(code, "x", 5) == [(3, "assign", "'a'"), (6, "assign", "read()")]


def test_defaults_and_decorators_run_in_the_enclosing_scope() -> None:
    code = """
    x = "module"
    def f(x=x):
        return x
    """
    assert _reaching(code, "x", 3) == [(2, "assign", "'module'")]
    assert _reaching(code, "x", 4) == [(3, "parameter", "")]


def test_class_names_are_invisible_to_methods() -> None:
    code = """
    x = "module"
    class C:
        x = "class"
        y = x
        def m(self):
            return x
    """
    assert _reaching(code, "x", 5) == [(4, "assign", "'class'")]
    assert _reaching(code, "x", 7) == [(2, "assign", "'module'")]


def test_comprehensions_bind_their_targets_and_read_outer_names_in_place() -> None:
    code = """
    prefix = "a"
    names = [prefix + item for item in items]
    prefix = "b"
    """
    assert _reaching(code, "item", 3) == [(3, "loop", "")]
    assert _reaching(code, "prefix", 3) == [(2, "assign", "'a'")]


def test_global_and_nonlocal_assignments_elsewhere_make_the_value_unknown() -> None:
    code = """
    state = "idle"
    def reset():
        global state
        state = read()
    def show():
        count = 0
        def bump():
            nonlocal count
            count = compute()
        return state, count
    """
    assert [k for _, k, _ in _reaching(code, "state", 11)] == ["assign", "unknown"]
    assert [k for _, k, _ in _reaching(code, "count", 11)] == ["assign", "unknown"]
    tree, flow = _flow(code)
    inner_use = _use(tree, "state", 11)
    assert flow.scope_of(inner_use) is tree.body[2]


def test_builtins_and_undefined_names_have_no_binding() -> None:
    assert _reaching("print(len(x))\n", "len", 1) == []
    assert _reaching("print(len(x))\n", "x", 1) == []


def test_uses_follow_a_binding_forward_into_nested_scopes() -> None:
    code = """
    def run(cursor, name):
        sql = "select * from t where name = '%s'" % name
        log(sql)
        cursor.execute(sql)
        callback = lambda: cursor.execute(sql)
        rows = [sql for _ in range(2)]
        sql = "other"
        return sql
    """
    tree, flow = _flow(code)
    first = flow.reaching(_use(tree, "sql", 4))[0]
    # not line 9: that reads the reassignment of line 8 (and, as no kills are modelled, this one)
    assert sorted((u.lineno, u.col_offset) for u in flow.uses(first)) == [
        (4, 8),
        (5, 19),
        (6, 38),
        (7, 12),
        (9, 11),
    ]
    assert [b.line for b in flow.reaching(_use(tree, "sql", 9))] == [3, 8]
    parent = flow.parent(_use(tree, "sql", 5))
    assert isinstance(parent, ast.Call) and ast.unparse(parent.func) == "cursor.execute"


def test_a_huge_expression_does_not_overflow() -> None:
    terms = " + ".join(["'x'"] * parseable_chain(10_000))
    code = f"s = {terms}\nuse(s)\n"
    tree, flow = _flow(code)
    (binding,) = flow.reaching(_use(tree, "s", 2))
    assert isinstance(binding.value, ast.BinOp)
    assert [u.lineno for u in flow.uses(binding)] == [2]


def test_the_file_context_keeps_one_dataflow() -> None:
    text = "x = 'a'\nuse(x)\n"
    source = SourceFile.from_bytes("t.py", text.encode())
    ctx = FileContext(source, ast.parse(text), {}, set())
    assert dataflow(ctx) is dataflow(ctx)


def test_bound_by_names_what_a_statement_binds() -> None:
    code = """
    def f(rows):
        a = b = "x"
        for key, value in rows:
            pass
    """
    tree, flow = _flow(code)
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assign, loop = function.body
    assert [(b.name, b.kind.value) for b in flow.bound_by(assign)] == [
        ("a", "assign"),
        ("b", "assign"),
    ]
    assert [(b.name, b.kind.value) for b in flow.bound_by(loop)] == [
        ("key", "loop"),
        ("value", "loop"),
    ]
    assert flow.scope_of(assign) is function


def test_a_dict_comprehension_without_a_value_is_one_scope():
    # what Python 3.15 builds for `{**d for d in ds}` (PEP 798), made by hand on any Python
    tree, flow = _flow("def f(ds):\n    return {d: d for d in ds}\n")
    comprehension = tree.body[0].body[0].value
    comprehension.value = None  # before the lazy flow of the comprehension is built
    (binding,) = flow.flow(comprehension).bindings("d")
    assert binding.kind is BindingKind.LOOP


@pytest.mark.skipif(sys.version_info < (3, 15), reason="PEP 798 unpacking in comprehensions")
def test_unpacking_comprehensions_are_scanned():
    from sarifbandit.config.options import Config
    from sarifbandit.engine.filescan import scan_bytes

    code = (
        b"def f(ds, cur):\n"
        b"    return {**cur.execute(q) for q in ['SELECT * FROM t WHERE x = %s' % ds]}\n"
    )
    result = scan_bytes(code, "t.py", Config(jobs=1))
    assert result.scanned and not result.notifications
    assert [f.rule_id for f in result.findings] == ["B608"]
