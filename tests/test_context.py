"""Qualified names through aliases, as Bandit resolves them (bandit-behavior.md §5)."""

from __future__ import annotations

import ast
import textwrap

from sarifbandit.analysis.context import FileContext
from sarifbandit.analysis.source import SourceFile, parse
from sarifbandit.engine.walk import walk
from sarifbandit.model import Check


def _calls(code: str):
    """Qualified names as a check sees them: resolved when the walk reaches each call."""
    text = textwrap.dedent(code)
    source = SourceFile("t.py", text.encode(), text)
    tree = parse(text, "t.py")
    ctx = FileContext(source, tree, {}, set())
    seen = []

    def probe(node, ctx):
        seen.append(ctx.qualname(node))
        return None

    walk(ctx, {ast.Call: (Check(probe, (ast.Call,), ()),)})
    return seen, ctx


def test_aliases_and_from_imports():
    names, ctx = _calls(
        """
        import subprocess as sp
        from os import system as run
        from os.path import join
        import xml.etree.ElementTree as ET
        sp.Popen()
        run()
        join()
        ET.parse()
        """
    )
    assert names == ["subprocess.Popen", "os.system", "os.path.join", "xml.etree.ElementTree.parse"]
    assert ctx.imported_exactly("subprocess") and "os.system" in ctx.imports


def test_relative_imports_drop_the_dots():
    names, _ = _calls(
        """
        from .pkg import helper
        from . import sibling
        helper()
        sibling.f()
        """
    )
    assert names == ["pkg.helper", "sibling.f"]


def test_other_bases_contribute_empty_parts():
    names, _ = _calls(
        """
        import requests
        requests.Session().get()
        f()()
        """
    )
    # pre-order: the outer call comes first
    assert names == [".get", "requests.Session", "", "f"]


def test_alias_map_is_flow_insensitive_in_source_order():
    names, _ = _calls(
        """
        sp.run()
        def f():
            import subprocess as sp
        sp.run()
        """
    )
    assert names == ["sp.run", "subprocess.run"]


def test_parents_are_recorded():
    _, ctx = _calls("x = eval(y)\n")
    call = next(n for n in ast.walk(ctx.tree) if isinstance(n, ast.Call))
    assert isinstance(ctx.parent(call), ast.Assign)
    assert isinstance(list(ctx.ancestors(call))[-1], ast.Module)
