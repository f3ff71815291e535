"""Real code for the SARIF tests: the examples and a slice of the standard library, each copied
into its own git repository (with a remote carrying credentials that must never reach a file)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Dict, Mapping, Optional

from sarifbandit import Config, scan
from sarifbandit.model import Report
from sarifbandit.writers import WriterOptions
from sarifbandit.writers.sarif import render

from .gitrepo import git, make_repo

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
STDLIB = Path(os.__file__).resolve().parent
STDLIB_SLICE = (
    "email",
    "json",
    "http",
    "logging",
    "xml",
    "tarfile.py",
    "subprocess.py",
    "shutil.py",
    "pickle.py",
    "tempfile.py",
)
REMOTE = "https://ci-user:tok-9f8e7d6c@git.example.com/acme/project.git"


def _repository(folder: Path) -> Path:
    make_repo(folder, {})  # commits what is already in the folder
    git("-C", str(folder), "remote", "add", "origin", REMOTE)
    return folder


def copy_examples(folder: Path) -> None:
    shutil.copytree(EXAMPLES, folder / "examples", ignore=shutil.ignore_patterns("__pycache__"))


def copy_stdlib(folder: Path) -> None:
    for name in STDLIB_SLICE:
        source = STDLIB / name
        if source.is_dir():
            shutil.copytree(source, folder / "lib" / name, ignore=shutil.ignore_patterns("test*"))
        else:
            (folder / "lib").mkdir(exist_ok=True)
            shutil.copy(source, folder / "lib" / name)


def corpus_repo(folder: Path, examples: bool = True, stdlib: bool = True) -> Path:
    """A git repository holding examples/ and lib/ (the standard-library slice)."""
    if examples:
        copy_examples(folder)
    if stdlib:
        copy_stdlib(folder)
    return _repository(folder)


def write_tree(folder: Path, files: Mapping[str, str]) -> Path:
    """`folder` holding `files` ({name: UTF-8 text})."""
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def scan_tree(root: Path, **config: Any) -> Report:
    return scan([str(root)], Config(jobs=1, **config), root=root)


def sarif_of(
    report: Report,
    environ: Optional[Mapping[str, str]] = None,
    **options: Any,
) -> Dict[str, Any]:
    return json.loads(render(report, WriterOptions(**options), environ or {}))
