"""A throwaway git repository for the baseline and --diff tests: real commits, renames, tags."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Dict


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], check=True, capture_output=True, text=True)
    return done.stdout


def make_repo(folder: Path, files: Dict[str, str]) -> None:
    """A repository in `folder` (the current directory) whose first commit holds `files`."""
    git("init", "-q", str(folder))
    git("-C", str(folder), "config", "user.email", "test@example.com")
    git("-C", str(folder), "config", "user.name", "test")
    for name, text in files.items():
        (folder / name).write_text(text)
    git("-C", str(folder), "add", ".")
    git("-C", str(folder), "commit", "-qm", "first")
