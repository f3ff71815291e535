"""Helpers for the tests that run outside tools the way CI would: our environment's scripts first
on PATH, and zizmor's audit."""

from __future__ import annotations

import ast
import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, Union

import pytest


def env_with_our_scripts() -> Dict[str, str]:
    """os.environ with this interpreter's bin folder first on PATH (sarifbandit, python, zizmor),
    as an activated virtual environment or a pre-commit hook environment has it."""
    return dict(
        os.environ, PATH=os.pathsep.join([os.path.dirname(sys.executable), os.environ["PATH"]])
    )


# .ci/run sets this on its main run, where every external tool of the test extra and the SARIF
# validator are installed: there a missing tool fails the test instead of skipping it
REQUIRE_TOOLS = os.environ.get("SARIFBANDIT_REQUIRE_TOOLS") == "1"


def tool_missing(reason: str) -> None:
    """Skip the calling test for a missing external tool, or fail it where CI requires the tool."""
    if REQUIRE_TOOLS:
        pytest.fail(f"{reason}, and SARIFBANDIT_REQUIRE_TOOLS=1 requires it")
    pytest.skip(reason)


def assert_zizmor_clean(*paths: Union[str, Path], cwd: Path) -> None:
    """`zizmor --offline --persona pedantic` reports nothing for `paths` (offline: CI has no
    GitHub token; the online audits need one)."""
    zizmor = shutil.which("zizmor", path=env_with_our_scripts()["PATH"])
    if zizmor is None:
        tool_missing("zizmor is not installed (it is in the test extra, on Python 3.11+)")
    done = subprocess.run(
        [zizmor, "--offline", "--persona", "pedantic", "--no-progress", *map(str, paths)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout


@functools.lru_cache(maxsize=None)
def parseable_chain(wanted: int) -> int:
    """`wanted`, or fewer where this Python's parser refuses a `wanted`-term `+` chain (3.12 takes
    about 3,000, 3.13 about 10,000): the longest chain a test of deep trees can use here. Still far
    beyond the recursion limit of 1,000 that a recursive visitor would hit."""

    def parses(terms: int) -> bool:
        try:
            ast.parse(" + ".join(["x"] * terms))
        except (RecursionError, SyntaxError, MemoryError):
            return False
        return True

    if parses(wanted):
        return wanted
    low, high = 1, wanted - 1
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if parses(middle) else (low, middle - 1)
    return low
