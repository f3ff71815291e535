"""The pre-commit hook (.pre-commit-hooks.yaml) run as pre-commit runs it: the entry split like a
shell would, then the hook's args (or the user's, which replace them), then the staged file names
that match the hook's types, in a checkout where other files hold findings too."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence

import pytest
import yaml

from .tooling import env_with_our_scripts

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / ".pre-commit-hooks.yaml"
HOOKS = {hook["id"]: hook for hook in yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))}
HOOK = HOOKS["sarifbandit"]


def run_hook(
    cwd: Path, filenames: Sequence[str], args: Optional[List[str]] = None
) -> subprocess.CompletedProcess:
    """What pre-commit executes for a `language: python` hook: its environment's bin first on
    PATH, the entry's words, the args, the file names."""
    argv = [*shlex.split(HOOK["entry"]), *(HOOK.get("args", []) if args is None else args)]
    return subprocess.run(
        [*argv, *filenames],
        cwd=cwd,
        env=env_with_our_scripts(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def _where_and_id(line: str) -> tuple:
    """('file', 'line', 'B602') of a text-format finding line `file:line:col: B602 [...] ...`."""
    location, rule_id = line.split(" ")[:2]
    path, number = location.split(":")[:2]
    return path, number, rule_id


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    (tmp_path / "staged_bad.py").write_text(
        "import pickle\n\n\ndef load(blob):\n    return pickle.loads(blob)\n", encoding="utf-8"
    )
    (tmp_path / "staged_ok.py").write_text("print('hello')\n", encoding="utf-8")
    # not staged: pre-commit never passes it, so its finding must not be reported
    (tmp_path / "unstaged.py").write_text("eval(input())\n", encoding="utf-8")
    return tmp_path


def test_manifest_is_what_pre_commit_accepts() -> None:
    clientlib = pytest.importorskip(
        "pre_commit.clientlib", reason="pre-commit is in the test extra"
    )
    (hook,) = clientlib.load_manifest(str(MANIFEST))
    assert hook["id"] == "sarifbandit"
    assert hook["language"] == "python"
    assert hook["types"] == ["python"]
    assert hook["pass_filenames"] is True


def test_entry_is_our_scan_with_text_output() -> None:
    assert shlex.split(HOOK["entry"]) == ["sarifbandit", "scan", "--format", "text"]


def test_only_the_staged_files_are_reported(checkout: Path) -> None:
    done = run_hook(checkout, ["staged_bad.py", "staged_ok.py"])
    assert done.returncode == 1, done.stderr
    reported = [_where_and_id(line) for line in done.stdout.splitlines() if ": B" in line]
    assert reported == [("staged_bad.py", "1", "B403"), ("staged_bad.py", "5", "B301")]
    assert "unstaged.py" not in done.stdout


def test_clean_staged_files_print_nothing(checkout: Path) -> None:
    done = run_hook(checkout, ["staged_ok.py"])
    assert (done.returncode, done.stdout) == (0, "")


def test_the_users_args_replace_the_hooks(checkout: Path) -> None:
    done = run_hook(checkout, ["staged_bad.py"], args=["--skip", "B403", "--quiet"])
    assert done.returncode == 1
    reported = [_where_and_id(line) for line in done.stdout.splitlines() if ": B" in line]
    assert reported == [("staged_bad.py", "5", "B301")]
