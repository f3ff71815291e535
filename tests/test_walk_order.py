"""The fast walk visits what a plain pre-order walk visits, in the same order, with parents;
the fast paths checks use (name-limited call checks, option sets) give the same answers."""

from __future__ import annotations

import ast
import sys
import textwrap

from sarifbandit.analysis.context import FileContext
from sarifbandit.analysis.source import SourceFile, parse
from sarifbandit.engine.walk import walk
from sarifbandit.model import Check

CODE = textwrap.dedent(
    """
    import os as o
    def f(a, *, b=1, c, **kw):
        x = {**kw, "k": [a, b]}
        return o.path.join(x["k"], not a, a < b <= c)
    class K(Base, metaclass=M):
        async def g(self):
            async with h() as y:
                await y
    """
)
if sys.version_info >= (3, 10):  # pattern nodes exist only where the parser knows `match`
    CODE += textwrap.dedent(
        """
        match p:
            case {"a": 1, **rest}: pass
            case [1, *others] if others: pass
        """
    )


def _reference(tree: ast.AST, skip: tuple) -> list:
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, skip):
            continue
        out.append(node)
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return out


def _visit(node_types: tuple) -> tuple:
    tree = parse(CODE, "t.py")
    ctx = FileContext(SourceFile("t.py", CODE.encode(), CODE), tree, {}, set())
    seen: list = []

    def probe(node, ctx):
        seen.append(node)

    walk(ctx, {t: (Check(probe, (t,), ()),) for t in node_types})
    return tree, ctx, seen


def _node_classes(base: type = ast.AST) -> list:
    found, stack = [], [base]
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return [c for c in found if c.__module__ == "ast" and c._fields is not None]


def test_pre_order_source_order_without_singletons():
    leaves = (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
    tree, ctx, seen = _visit(tuple(c for c in _node_classes() if not issubclass(c, leaves)))
    expected = _reference(tree, leaves)
    assert [type(n).__name__ for n in seen] == [type(n).__name__ for n in expected]
    assert all(a is b for a, b in zip(seen, expected))
    for node in expected[1:]:
        assert ctx.parent(node) is not None
    (spread_dict,) = [n for n in seen if isinstance(n, ast.Dict)]
    assert [type(v).__name__ for v in spread_dict.values] == ["Name", "List"]
    assert ctx.parent(spread_dict.values[1]) is spread_dict


def test_singletons_are_visited_when_a_check_asks_for_them():
    _, _, seen = _visit((ast.Not, ast.Lt, ast.LtE))
    assert [type(n).__name__ for n in seen] == ["Not", "Lt", "LtE"]


def test_name_limited_call_checks_see_only_matching_calls():
    code = "import yaml as y\nfrom m import fetch as get\ny.load(a)\nget()\nother()\nf()()\nsafe_load(b)\n"
    tree = parse(code, "t.py")
    ctx = FileContext(SourceFile("t.py", code.encode(), code), tree, {}, set())
    seen: dict = {"load": [], "glob": [], "all": []}

    def probe(key):
        def check(node, ctx):
            seen[key].append(ctx.qualname(node))

        return check

    checks = (
        Check(probe("load"), (ast.Call,), (), ("load", "fetch")),
        Check(probe("glob"), (ast.Call,), (), ("*_load",)),
        Check(probe("all"), (ast.Call,), ()),
    )
    walk(ctx, {ast.Call: checks})
    assert seen["load"] == ["yaml.load", "m.fetch"]
    assert seen["glob"] == ["safe_load"]
    assert seen["all"] == ["yaml.load", "m.fetch", "other", "", "f", "safe_load"]


def test_option_set_follows_the_configured_list():
    from sarifbandit.plugins.shell_injection import B602

    code = "x = 1\n"
    source = SourceFile("t.py", code.encode(), code)
    tree = parse(code, "t.py")
    default = FileContext(source, tree, {}, set())
    assert "subprocess.run" in default.option_set(B602, "subprocess")
    configured = {"B602": {**B602.options, "subprocess": ["my.spawn"]}}
    ctx = FileContext(source, tree, configured, set())
    assert ctx.option_set(B602, "subprocess") == frozenset({"my.spawn"})
    assert ctx.option_set(B602, "subprocess") is ctx.option_set(B602, "subprocess")


def test_loc_counts_lines_with_code():
    text = "import os\n\n   # a comment\nx = 1  # trailing\n\x0c\n\tif x:\r\n  y()\r#\r\n"
    source = SourceFile("t.py", text.encode(), text)
    assert source.loc() == 4


def test_line_hashes_of_a_few_lines_match_the_full_count():
    from sarifbandit import fingerprint

    block = "a line long enough that one hundred units of it fill a whole window: x = 1\n"
    text = fingerprint._normalise((block * 4 + "tail()\n" + block).encode())
    wanted = {1, 3, 5, 6, 7, 8}
    few = fingerprint._few_line_hashes(text, wanted)
    assert few == fingerprint._all_line_hashes(text, wanted)
    assert [few[n].split(":")[1] for n in (1, 3)] == ["1", "3"] and 8 not in few
