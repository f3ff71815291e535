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


def assert_zizmor_clean(*paths: Union[str, Path], cwd: Path) -> None:
    """`zizmor --offline --persona pedantic` reports nothing for `paths` (offline: CI has no
    GitHub token; the online audits need one). Skipped only where zizmor is not installed."""
    zizmor = shutil.which("zizmor", path=env_with_our_scripts()["PATH"])
    if zizmor is None:
        pytest.skip("zizmor is not installed (it is in the test extra)")
    done = subprocess.run(
        [zizmor, "--offline", "--persona", "pedantic", "--no-progress", *map(str, paths)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout
