"""The walk: survives extreme nesting, and a failing check costs only its own finding."""

from __future__ import annotations

import ast
import sys

import pytest

from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.model import LOW, Rule


def test_sixty_thousand_term_expression_is_scanned():
    code = "x = " + " + ".join(["a"] * 60000) + "\neval(x)\n"
    result = scan_bytes(code.encode(), "deep.py", Config(jobs=1))
    if not (3, 12) <= sys.version_info < (3, 14):
        assert result.scanned
        assert [(f.line, f.rule_id) for f in result.findings] == [(2, "B307")]
    else:  # 3.12 and 3.13's parser refuses; the notification says which Python would parse it
        (note,) = result.notifications
        assert note.code == "parse-error" and "Python 3.11 or 3.14+ parses it" in note.message


@pytest.fixture()
def exploding(monkeypatch):
    """The catalogue plus a rule whose check raises on every call; yields its id."""
    from sarifbandit import registry

    broken = Rule("X999", "broken", LOW, LOW, 1, "Breaks.", "## What it does\nBreaks.")

    @broken.check(ast.Call)
    def explode(node, ctx):
        raise ValueError("boom")
        yield  # pragma: no cover

    rules = registry.all_rules() + (broken,)
    monkeypatch.setattr(registry, "all_rules", lambda: rules)
    registry.dispatch_table.cache_clear()
    yield broken.id
    registry.dispatch_table.cache_clear()


def test_a_raising_check_is_a_notification(exploding):
    selected = frozenset({"B307", exploding})
    result = scan_bytes(b"eval(x)\n", "t.py", Config(selected=selected, jobs=1))
    assert [(f.line, f.rule_id) for f in result.findings] == [(1, "B307")]
    (note,) = [n for n in result.notifications if n.code == "check-error"]
    assert "explode" in note.message and "boom" in note.message and note.line == 1


def test_check_failure_column_is_one_based(exploding):
    config = Config(selected=frozenset({exploding}), jobs=1)
    result = scan_bytes("s = 'é'; f(x)\n".encode(), "t.py", config)
    (note,) = [n for n in result.notifications if n.code == "check-error"]
    assert (note.line, note.column) == (1, 10)
