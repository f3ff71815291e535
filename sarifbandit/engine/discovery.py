"""Targets to the sorted list of files to scan.

Exclusion patterns match whole path components or globs, never substrings (`tests` does not
exclude `mytestfile.py`); VCS, virtual-env and cache folders are always skipped.
"""

from __future__ import annotations

import fnmatch
import os
from functools import lru_cache
from pathlib import Path
from typing import (
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from ..config.paths import ALWAYS_SKIPPED, is_excluded, walk_tree
from ..records import record

_SKIPPED_GLOBS = ("*.egg-info", "*.egg", "*.dist-info")
#: `build` and `dist` are skipped only beside a project file, where they are packaging output
_BUILD_OUTPUT = ("build", "dist")
_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")


@record(frozen=True)
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


def _skipped_folder(name: str, files: List[str]) -> bool:
    """Whether the folder `name` inside a folder holding `files` is never scanned. (A virtual
    env under any name is recognised on entering it, by its pyvenv.cfg.)"""
    if name in ALWAYS_SKIPPED or any(fnmatch.fnmatchcase(name, g) for g in _SKIPPED_GLOBS):
        return True
    return name in _BUILD_OUTPUT and any(f in files for f in _PROJECT_FILES)


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

    # globs without '/' look at the name alone, so most files are left before naming them
    by_name = tuple(glob for glob in include if "/" not in glob)
    by_path = tuple(glob.removeprefix("./") for glob in include if "/" in glob)
    for raw in targets:
        target = Path(raw)
        if target.is_dir():
            # an excluded folder is not entered: everything below it would be excluded too
            walk = files_below(
                str(target), follow_links, lambda folder: keep(display_name(folder, root) + "/")
            )
            for folder, name in walk:
                named = any(fnmatch.fnmatchcase(name, glob) for glob in by_name)
                if not named and not by_path:
                    continue
                path = os.path.join(folder, name)
                display = display_name(path, root)
                if named or any(fnmatch.fnmatchcase(display, glob) for glob in by_path):
                    if keep(display):
                        found.setdefault(display, Target(Path(path), display))
        elif target.exists() or target.is_symlink():
            # an explicit file is scanned whatever its suffix, unless excluded
            display = display_name(target, root)
            if keep(display):
                found.setdefault(display, Target(target, display))
        else:
            missing.append((raw, "no such file or directory"))
    return [found[key] for key in sorted(found)], missing


def files_below(
    top: str, follow_links: bool, enter: Callable[[str], bool]
) -> Iterator[Tuple[str, str]]:
    """(folder, file name) for every file under `top`, skipped and excluded folders (those
    `enter` refuses) and virtual envs left out; a folder's files in name order.
    Strings, not paths: this runs for every file of the tree, where pathlib showed in profiles."""
    if not follow_links:
        yield from _listed(top, enter)
        return
    seen = set()
    for folder, dirs, files in os.walk(top, followlinks=follow_links):
        if folder != top and "pyvenv.cfg" in files:  # a virtual env, whatever its name
            dirs[:] = []
            continue
        if follow_links:  # a link back up the tree would be walked again until the OS says ELOOP
            real = os.path.realpath(folder)
            if real in seen:
                dirs[:] = []
                continue
            seen.add(real)
        dirs[:] = sorted(
            d for d in dirs if not _skipped_folder(d, files) and enter(os.path.join(folder, d))
        )
        for name in sorted(files):
            yield folder, name


def _listed(top: str, enter: Callable[[str], bool]) -> Iterator[Tuple[str, str]]:
    """_walk's answer from the run's one listing of the tree: a folder left out leaves out
    everything below it, as os.walk does when a folder is dropped from its list."""
    dropped = set()
    for folder, dirs, files in walk_tree(top):
        below = [os.path.join(folder, d) for d in dirs]
        if folder in dropped or (folder != top and "pyvenv.cfg" in files):
            dropped.update(below)
            continue
        for name, path in zip(dirs, below):
            if _skipped_folder(name, files) or not enter(path):
                dropped.add(path)
        for name in sorted(files):
            yield folder, name


@lru_cache(maxsize=4096)
def _package_of(folder: str) -> str:
    """The dotted package a folder is (its chain of folders holding __init__.py), or ''."""
    if not os.path.isfile(os.path.join(folder, "__init__.py")):
        return ""
    parent = os.path.dirname(folder)
    outer = _package_of(parent) if parent != folder else ""
    name = os.path.basename(folder)
    return f"{outer}.{name}" if outer else name


def module_name(path: str) -> Tuple[str, bool]:
    """The dotted module name of a source file, from the packages around it, and whether it is
    a package's __init__ (`app/views.py` in a package `app` is `app.views`)."""
    folder, name = os.path.split(os.path.abspath(path))
    stem = name[:-3] if name.endswith(".py") else name.rsplit(".", 1)[0]
    package = _package_of(folder)
    if stem == "__init__":
        return package, True
    if not stem.isidentifier():
        return "", False
    return (f"{package}.{stem}" if package else stem), False
