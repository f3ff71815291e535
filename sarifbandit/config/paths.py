"""What exclusion patterns mean: folders never scanned, and whether a path matches a pattern.

Exclusion patterns match whole path components or globs, never substrings (`tests` does not
exclude `mytestfile.py`). The configuration normalises patterns with these rules and discovery
applies them, so both read the same vocabulary from here.
"""

from __future__ import annotations

import fnmatch
import os
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Dict, FrozenSet, Iterable, Iterator, List, Optional, Sequence, Tuple

from ..records import record

_GLOB_CHARS = set("*?[")

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


@record(frozen=True)
class _Patterns:
    """An exclusion list worked out once, not for each of the thousands of paths it is tested
    against: plain component names (most patterns) as a set, the rest as (pattern, anchored,
    has a glob, its components)."""

    names: FrozenSet[str]
    others: Tuple[Tuple[str, bool, bool, Tuple[str, ...]], ...]


@lru_cache(maxsize=32)
def _compiled(patterns: Tuple[str, ...]) -> _Patterns:
    names, others = set(), []
    for raw in patterns:
        pattern, anchored = _split_pattern(raw)
        if not pattern:
            continue
        has_glob = bool(_GLOB_CHARS & set(pattern))
        wanted = PurePosixPath(pattern).parts
        if not has_glob and not anchored and len(wanted) == 1:
            names.add(wanted[0])
        else:
            others.append((pattern, anchored, has_glob, wanted))
    return _Patterns(frozenset(names), tuple(others))


def _parts(display: str) -> Tuple[str, ...]:
    """PurePosixPath(display).parts for the normalised paths reports use, without pathlib."""
    parts = tuple(part for part in display.split("/") if part and part != ".")
    return ("/", *parts) if display.startswith("/") else parts


def is_excluded(display: str, patterns: Sequence[str]) -> bool:
    """Whether a path (as reports name it) matches an exclusion pattern: a name or glob without
    '/' matches any one path component; a path matches that run of components (from the root
    when it starts with './' or '/'); a glob with '/' matches the path or a leading folder."""
    compiled = _compiled(tuple(patterns))
    if not compiled.names and not compiled.others:
        return False
    parts = _parts(display)
    if not compiled.names.isdisjoint(parts):
        return True
    for pattern, anchored, has_glob, wanted in compiled.others:
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


#: (folder, its sub-folders, its files) in os.walk's top-down order
Listing = List[Tuple[str, List[str], List[str]]]
#: the trees walked during one run (see `one_walk`), by their top
_WALKS: Optional[Dict[str, Listing]] = None


@contextmanager
def one_walk() -> Iterator[None]:
    """Inside the block a tree is walked once: the `.bandit` search, discovery and the search
    for templates read the same listing (on a warm rerun of a large tree, a second walk was a
    sixth of the run). Only for one run: a tree may change between two scans of a long-lived
    process. Inside another such block (the command's, around the API's), the outer one's."""
    global _WALKS
    if _WALKS is not None:
        yield
        return
    previous, _WALKS = _WALKS, {}
    try:
        yield
    finally:
        _WALKS = previous


def walk_tree(top: str) -> Listing:
    """os.walk(top) without following links, the folders never scanned left out, sub-folders
    sorted; remembered inside `one_walk`."""
    if _WALKS is not None and top in _WALKS:
        return _WALKS[top]
    listing: Listing = []
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in ALWAYS_SKIPPED)
        listing.append((folder, list(dirs), files))
    if _WALKS is not None:
        _WALKS[top] = listing
    return listing
