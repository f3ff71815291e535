"""Helpers for the tests that run outside tools the way CI would: our environment's scripts first
on PATH, and zizmor's audit."""

from __future__ import annotations

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
