"""The semantic index: one parent map, control flow that kills and does not rejoin, call sites
resolved to what they call, and the file's facts (picklable, for the link step)."""

from __future__ import annotations

import ast
import pickle
import sys
import textwrap
from typing import List, Optional

import pytest

from sarifbandit.analysis.index import build_index, resolve_relative
from sarifbandit.analysis.source import parse


def _index(code: str, module: Optional[str] = None, package: bool = False):
    text = textwrap.dedent(code)
    return build_index(parse(text, "t.py"), module, package, text=text)


def _reads(index, name: str) -> List[ast.Name]:
    return [
        n
        for n in index.order
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]


def _values(index, use: ast.Name) -> List[str]:
    """What each reaching binding assigns, as source text (the kind for the others)."""
    return sorted(
        ast.unparse(b.value) if b.value is not None else b.kind.value
        for b in index.reaching_definitions(use)
    )


def test_one_parent_map_for_every_node_before_any_check() -> None:
    index = _index("def f(a):\n    return [x + a for x in g(a)]\n")
    assert all(index.parent(n) is not None for n in index.order[1:])
    assert index.order[0] is index.tree
    assert index.dataflow.parent(index.order[-1]) is index.parent(index.order[-1])


@pytest.mark.parametrize(
    "code, expected",
    [
        ("x = a\nx = 'k'\nuse(x)\n", ["'k'"]),  # a reassignment kills
        ("x = a\nif c:\n    x = 'k'\nuse(x)\n", ["'k'", "a"]),  # a branch joins
        ("x = a\nif c:\n    x = 'k'\nelse:\n    x = 'j'\nuse(x)\n", ["'j'", "'k'"]),
        (
            "def f(c, a):\n    x = a\n    if c:\n        x = 'k'\n    else:\n        return\n    use(x)\n",
            ["'k'"],
        ),
        (
            "def f(c, a):\n    x = 'k'\n    if c:\n        x = a\n        raise E\n    use(x)\n",
            ["'k'"],
        ),
        ("x = 'k'\nfor i in r:\n    use(x)\n    x = a\n", ["'k'", "a"]),  # the next round
        ("x = 'k'\nwhile True:\n    x = a\n    break\nuse(x)\n", ["a"]),  # only break leaves
        ("x = 'k'\nfor i in r:\n    if c:\n        continue\n    x = a\nuse(x)\n", ["'k'", "a"]),
        ("x = 'k'\ntry:\n    x = a\n    g()\nexcept E:\n    use(x)\n", ["'k'", "a"]),
        ("x = 'k'\ntry:\n    x = a\nfinally:\n    pass\nuse(x)\n", ["a"]),
        ("x = 'k'\nwith m() as x:\n    pass\nuse(x)\n", ["with"]),
        ("x = a\nif (x := 'k'):\n    pass\nuse(x)\n", ["'k'", "a"]),  # a walrus does not kill
        ("x = a\nx += 'k'\nuse(x)\n", ["'k'"]),
    ],
)
def test_reaching_definitions_follow_the_control_flow(code: str, expected: List[str]) -> None:
    index = _index(code)
    (use,) = [n for n in _reads(index, "x") if isinstance(index.parent(n), ast.Call)]
    assert _values(index, use) == expected


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match needs 3.10")
def test_match_cases_and_an_irrefutable_last_case() -> None:
    code = "x = a\nmatch v:\n    case 1:\n        x = 'k'\n    case _:\n        x = 'j'\nuse(x)\n"
    index = _index(code)
    (use,) = [n for n in _reads(index, "x") if isinstance(index.parent(n), ast.Call)]
    assert _values(index, use) == ["'j'", "'k'"]


def test_names_from_enclosing_scopes_keep_the_positional_answer() -> None:
    index = _index("x = a\ndef f():\n    return x\nx = 'k'\n")
    (use,) = _reads(index, "x")
    assert _values(index, use) == ["'k'", "a"]


def test_call_sites_resolve_to_what_they_call() -> None:
    index = _index(
        """
        import os.path
        import subprocess as sp
        from .helpers import run
        from ..core import db

        def local(a, *rest, k=1, **kw):
            return run(a)

        class Base:
            def save(self):
                pass

        class Model(Base):
            def save(self):
                super().save()
                self.clean()
                Model.clean(self)
                local(1)
                sp.check_call(["ls"])
                os.path.join("a", "b")
                db.query(1, x=2)
                len(self)

            def clean(self):
                pass
        """,
        module="app.models",
    )
    targets = {ast.unparse(call.func): index.call_target(call) for call in index.calls()}
    assert (targets["run"].kind, targets["run"].qualname) == ("imported", "app.helpers.run")
    assert targets["super().save"].qualname == "app.models.Base.save"
    assert targets["self.clean"].kind == "method"
    assert targets["self.clean"].qualname == "app.models.Model.clean"
    assert targets["Model.clean"].qualname == "app.models.Model.clean"
    assert (targets["local"].kind, targets["local"].qualname) == ("function", "app.models.local")
    assert targets["sp.check_call"].qualname == "subprocess.check_call"
    assert targets["os.path.join"].qualname == "os.path.join"
    assert targets["db.query"].qualname == "core.db.query"
    assert targets["len"].kind == "builtin"
    facts = pickle.loads(pickle.dumps(index.facts()))
    assert facts.module == "app.models"
    exported = {f.qualname: (f.kind, f.parameters) for f in facts.exports}
    assert exported["app.models.local"] == ("function", ("a", "*rest", "k", "**kw"))
    assert exported["app.models.Model.save"] == ("method", ("self",))
    assert exported["app.models.Model"][0] == "class"
    leaving = {(c.callee, c.line, c.arguments) for c in facts.calls}
    assert ("app.helpers.run", 8, 1) in leaving
    assert ("core.db.query", 22, 2) in leaving
    assert ("subprocess.check_call", 20, 1) in leaving
    assert not any(c.callee.startswith("app.models") for c in facts.calls)
    assert {(i.local, i.target) for i in facts.imports} >= {
        ("run", "app.helpers.run"),
        ("sp", "subprocess"),
    }


def test_relative_imports_resolve_against_the_module() -> None:
    assert resolve_relative("app.views", 1, "helpers", False) == "app.helpers"
    assert resolve_relative("app", 1, "helpers", True) == "app.helpers"
    assert resolve_relative("app.sub.views", 2, None, False) == "app"
    assert resolve_relative(None, 1, "helpers", False) == "helpers"  # unknown: Bandit's view


def test_bandit_names_use_the_imports_before_each_call() -> None:
    index = _index("sp.run()\ndef f():\n    import subprocess as sp\nsp.run()\n")
    assert [index.qualname(c) for c in index.calls()] == ["sp.run", "subprocess.run"]
    first, second = list(index.calls())
    assert index.imports_before(first) == [] and index.imports_before(second) == ["subprocess"]
    # the scope-aware view: the module-level name `sp` is bound nowhere at module level
    assert index.call_target(second).kind == "builtin"


def test_a_sixty_thousand_term_expression_is_indexed() -> None:
    from .tooling import parseable_chain

    code = "x = " + " + ".join(["a"] * parseable_chain(60_000)) + "\nuse(x)\n"
    index = _index(code)
    (use,) = [n for n in _reads(index, "x")]
    assert len(index.reaching_definitions(use)) == 1
    assert index.facts().calls == ()
