"""Targets to the sorted list of files to scan.

Exclusion patterns match whole path components or globs, never substrings (`tests` does not
exclude `mytestfile.py`); VCS, virtual-env and cache folders are always skipped.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

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


def display_name(path: Union[str, Path], root: Path) -> str:
    """Relative POSIX path under `root` when inside it (SARIF %SRCROOT%), else absolute."""
    if os.sep == "/" and not os.path.altsep:
        # string operations: called for every file and folder, where pathlib showed in profiles;
        # abspath has normalised the path as pathlib would
        absolute = os.path.abspath(path)
        base = str(root)
        if absolute == base:
            return "."
        prefix = base if base.endswith("/") else base + "/"
        return absolute[len(prefix) :] if absolute.startswith(prefix) else absolute
    absolute_path = Path(os.path.abspath(path))
    try:
        return absolute_path.relative_to(root).as_posix()
    except ValueError:
        return absolute_path.as_posix()


def _split_pattern(pattern: str) -> Tuple[str, bool]:
    """(pattern in POSIX form without './' or a trailing '/', whether it is anchored at the
    root): `./tests` and `/abs/tests` name one folder, `tests` any folder of that name."""
    pattern = pattern.strip().replace("\\", "/")
    anchored = pattern.startswith(("./", "/"))
    while pattern.startswith("./"):
        pattern = pattern[2:]
    if pattern not in ("/", ""):
        pattern = pattern.rstrip("/")
    return pattern, anchored


def _glob_matches(parts: Tuple[str, ...], pattern: str) -> bool:
    """A glob with a '/' matches the path or one of its leading folders, spelled with or
    without Bandit's './' prefix (`src/gen*` excludes `src/generated/x.py`)."""
    for end in range(len(parts), 0, -1):
        prefix = PurePosixPath(*parts[:end]).as_posix()
        if fnmatch.fnmatchcase(prefix, pattern) or fnmatch.fnmatchcase("./" + prefix, pattern):
            return True
    return False


@lru_cache(maxsize=32)
def _compiled(patterns: Tuple[str, ...]) -> List[Tuple[str, bool, bool, Tuple[str, ...]]]:
    """(pattern, anchored, has a glob, its components) for each pattern: worked out once per
    list, not for each of the thousands of paths it is tested against."""
    compiled = []
    for raw in patterns:
        pattern, anchored = _split_pattern(raw)
        if pattern:
            has_glob = bool(_GLOB_CHARS & set(pattern))
            compiled.append((pattern, anchored, has_glob, PurePosixPath(pattern).parts))
    return compiled


def is_excluded(display: str, patterns: Sequence[str]) -> bool:
    """Whether a path (as reports name it) matches an exclusion pattern: a name or glob without
    '/' matches any one path component; a path matches that run of components (from the root
    when it starts with './' or '/'); a glob with '/' matches the path or a leading folder."""
    parts = PurePosixPath(display).parts
    for pattern, anchored, has_glob, wanted in _compiled(tuple(patterns)):
        if has_glob:
            if "/" in pattern or anchored:
                if _glob_matches(parts, pattern):
                    return True
            elif any(fnmatch.fnmatchcase(p, pattern) for p in parts):
                return True
            continue
        if anchored:
            if tuple(parts[: len(wanted)]) == wanted:
                return True
            continue
        if len(wanted) == 1:
            if wanted[0] in parts:
                return True
            continue
        for start in range(len(parts) - len(wanted) + 1):
            if tuple(parts[start : start + len(wanted)]) == wanted:
                return True
    return False


def normalise_excludes(patterns: Iterable[str], root: Path) -> Tuple[str, ...]:
    """Patterns as is_excluded reads them, relative to `root` (where reports are relative to):
    an absolute path inside `root` becomes './relative'; an absolute path that does not exist
    (Bandit users write '/tests/' meaning any tests folder) becomes a plain component run."""
    result: List[str] = []
    for raw in patterns:
        pattern = raw.strip()
        if not pattern:
            continue
        if os.path.isabs(pattern) and not _GLOB_CHARS & set(pattern):
            absolute = Path(os.path.abspath(pattern))
            try:
                pattern = "./" + absolute.relative_to(root).as_posix()
            except ValueError:
                if not absolute.exists():
                    pattern = pattern.strip("/\\")
        result.append(pattern)
    return tuple(dict.fromkeys(result))


def _skipped_folder(folder: str, name: str) -> bool:
    # os.path on strings: asked for every folder of the tree, where pathlib showed in profiles
    if name in ALWAYS_SKIPPED or any(fnmatch.fnmatchcase(name, g) for g in _SKIPPED_GLOBS):
        return True
    if os.path.isfile(os.path.join(folder, name, "pyvenv.cfg")):  # a virtual env, whatever its name
        return True
    if name in _BUILD_OUTPUT:
        return any(os.path.isfile(os.path.join(folder, f)) for f in _PROJECT_FILES)
    return False


def discover(
    targets: Iterable[str],
    include: Sequence[str],
    exclude: Sequence[str],
    root: Optional[Path] = None,
    follow_links: bool = False,
    excluded: Optional[List[str]] = None,
) -> Tuple[List[Target], List[Tuple[str, str]]]:
    """Files to scan (sorted by display name, no duplicates) and (target, reason) for targets
    that do not exist. `excluded`, when given, collects what the patterns left out (a folder
    once, as 'folder/')."""
    root = Path(os.path.abspath(root or Path.cwd()))
    found: Dict[str, Target] = {}
    missing: List[Tuple[str, str]] = []
    left_out: List[str] = [] if excluded is None else excluded

    def keep(display: str) -> bool:
        if is_excluded(display, exclude):
            left_out.append(display)
            return False
        return True

    for raw in targets:
        target = Path(raw)
        if target.is_dir():
            # an excluded folder is not entered: everything below it would be excluded too
            walk = _walk(
                target, follow_links, lambda folder: keep(display_name(folder, root) + "/")
            )
            for path in walk:
                display = display_name(path, root)
                if _included(path.name, display, include) and keep(display):
                    found.setdefault(display, Target(path, display))
        elif target.exists() or target.is_symlink():
            # an explicit file is scanned whatever its suffix, unless excluded
            display = display_name(target, root)
            if keep(display):
                found.setdefault(display, Target(target, display))
        else:
            missing.append((raw, "no such file or directory"))
    return [found[key] for key in sorted(found)], missing


def _included(name: str, display: str, include: Sequence[str]) -> bool:
    """Include globs match the file name, or the whole path when they contain a '/'."""
    return any(
        fnmatch.fnmatchcase(display if "/" in glob else name, glob.removeprefix("./"))
        for glob in include
    )


def _walk(top: Path, follow_links: bool, enter: Callable[[str], bool]) -> Iterator[Path]:
    seen = set()
    for folder, dirs, files in os.walk(top, followlinks=follow_links):
        base = Path(folder)
        if follow_links:  # a link back up the tree would be walked again until the OS says ELOOP
            real = os.path.realpath(folder)
            if real in seen:
                dirs[:] = []
                continue
            seen.add(real)
        dirs[:] = sorted(
            d for d in dirs if not _skipped_folder(folder, d) and enter(os.path.join(folder, d))
        )
        for name in files:
            yield base / name
