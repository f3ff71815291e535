"""What leaves a loop: a body that surely runs overwrites what came before; one that may not
run leaves the input as it was."""

from __future__ import annotations

import ast
import textwrap

import pytest

from sarifbandit.analysis.source import SourceFile
from sarifbandit.analysis.taint.flows import analyse
from sarifbandit.analysis.taint.models import load_models


def _hits(code: str):
    text = textwrap.dedent(code)
    flows = analyse(ast.parse(text), SourceFile.from_bytes("t.py", text.encode()), load_models())
    return sorted((h.node.lineno, h.sink_class) for h in flows.all_hits())


@pytest.mark.parametrize(
    ("items", "reaches"),
    [
        ("range(3)", False),
        ("range(1, 2)", False),
        ('["a"]', False),
        ('"ab"', False),
        ("range(0)", True),
        ("range(5, 2)", True),
        ("[]", True),
        ("[*names]", True),
        ("range(count)", True),
        ("names", True),
    ],
)
def test_a_body_that_surely_runs_overwrites_the_input(items: str, reaches: bool) -> None:
    code = f"""
    import os
    def main(names, count):
        command = input()
        for _ in {items}:
            command = "uptime"
        os.system(command)
    """
    assert _hits(code) == ([(7, "command")] if reaches else [])


def test_a_break_before_the_overwrite_keeps_the_input() -> None:
    code = """
    import os
    def main(stop):
        command = input()
        for _ in range(3):
            if stop:
                break
            command = "uptime"
        os.system(command)
    """
    assert _hits(code) == [(9, "command")]
