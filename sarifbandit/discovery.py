"""Targets to the sorted list of files to scan.

Exclusion patterns match whole path components or globs, never substrings (`tests` does not
exclude `mytestfile.py`); VCS, virtual-env and cache folders are always skipped.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

#: folder names never scanned: version control, caches, tool environments, packaging output
ALWAYS_SKIPPED = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        "CVS",
        "_darcs",
        ".jj",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".hypothesis",
        ".sarifbandit_cache",
        ".tox",
        ".nox",
        ".eggs",
        ".venv",
        "node_modules",
        "__pypackages__",
    }
)
_SKIPPED_GLOBS = ("*.egg-info", "*.egg", "*.dist-info")
#: `build` and `dist` are skipped only beside a project file, where they are packaging output
_BUILD_OUTPUT = ("build", "dist")
_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")
_GLOB_CHARS = set("*?[")


@dataclass(frozen=True)
class Target:
    """A file to scan: where it is, and how reports name it."""

    path: Path
    display: str


def display_name(path: Path, root: Path) -> str:
    """Relative POSIX path under `root` when inside it (SARIF %SRCROOT%), else absolute."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return absolute.as_posix()


def _normalise_pattern(pattern: str) -> str:
    pattern = pattern.strip().replace("\\", "/")
    while pattern.startswith("./"):
        pattern = pattern[2:]
    return pattern.rstrip("/") if pattern not in ("/", "") else pattern


def is_excluded(display: str, patterns: Sequence[str]) -> bool:
    """Whether a path (as reports name it) matches an exclusion pattern."""
    parts = PurePosixPath(display).parts
    for raw in patterns:
        pattern = _normalise_pattern(raw)
        if not pattern:
            continue
        has_glob = bool(_GLOB_CHARS & set(pattern))
        if "/" not in pattern:
            if any((fnmatch.fnmatchcase(p, pattern) if has_glob else p == pattern) for p in parts):
                return True
            continue
        if has_glob:
            if fnmatch.fnmatchcase(display, pattern) or fnmatch.fnmatchcase(
                "./" + display, pattern
            ):
                return True
            continue
        # a plain path: that sequence of components, from the root or anywhere below it
        wanted = PurePosixPath(pattern).parts
        if pattern.startswith("/"):
            if tuple(parts[: len(wanted)]) == wanted:
                return True
            continue
        for start in range(len(parts) - len(wanted) + 1):
            if tuple(parts[start : start + len(wanted)]) == wanted:
                return True
    return False


def _skipped_folder(folder: Path, name: str) -> bool:
    if name in ALWAYS_SKIPPED or any(fnmatch.fnmatchcase(name, g) for g in _SKIPPED_GLOBS):
        return True
    child = folder / name
    if (child / "pyvenv.cfg").is_file():  # a virtual environment, whatever its name
        return True
    if name in _BUILD_OUTPUT:
        return any((folder / f).is_file() for f in _PROJECT_FILES)
    return False


def discover(
    targets: Iterable[str],
    include: Sequence[str],
    exclude: Sequence[str],
    root: Optional[Path] = None,
    follow_links: bool = False,
) -> Tuple[List[Target], List[Tuple[str, str]]]:
    """Files to scan (sorted by display name, no duplicates) and (target, reason) for targets
    that do not exist."""
    root = Path(os.path.abspath(root or Path.cwd()))
    found: Dict[str, Target] = {}
    missing: List[Tuple[str, str]] = []
    for raw in targets:
        target = Path(raw)
        if target.is_dir():
            for path in _walk(target, include, follow_links):
                display = display_name(path, root)
                if not is_excluded(display, exclude):
                    found.setdefault(display, Target(path, display))
        elif target.exists() or target.is_symlink():
            # an explicit file is scanned whatever its suffix, unless excluded
            display = display_name(target, root)
            if not is_excluded(display, exclude):
                found.setdefault(display, Target(target, display))
        else:
            missing.append((raw, "no such file or directory"))
    return [found[key] for key in sorted(found)], missing


def _walk(top: Path, include: Sequence[str], follow_links: bool) -> Iterator[Path]:
    for folder, dirs, files in os.walk(top, followlinks=follow_links):
        base = Path(folder)
        dirs[:] = sorted(d for d in dirs if not _skipped_folder(base, d))
        for name in files:
            if any(fnmatch.fnmatchcase(name, g) for g in include):
                yield base / name
