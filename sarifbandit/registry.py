"""The catalogue: every Rule defined in sarifbandit.plugins (and in installed plugin packages),
and the dispatch table the walk uses, built once per selection of rules."""

from __future__ import annotations

import ast
import importlib
import os
import re
import sys
import time
from functools import lru_cache
from stat import S_ISDIR
from typing import (
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Set,
    Tuple,
)

from . import plugins
from .hashing import sha256
from .model import DispatchTable, Rule, dispatch_of
from .usercache import cache_file, store

#: entry-point group through which other packages add rules (modules defining Rule objects)
ENTRY_POINT_GROUP = "sarifbandit.plugins"

#: selections name this id to mean every deny-list check, as in Bandit
BLACKLIST_ALIAS = "B001"


def _entry_point_modules() -> List[str]:
    found = _cached_entry_points(sys.path, ENTRY_POINT_GROUP)
    if found is not None:
        return found
    if sys.version_info >= (3, 10):
        from importlib.metadata import entry_points

        return [ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)]
    from importlib.metadata import entry_points as legacy

    return [ep.value for ep in legacy().get(ENTRY_POINT_GROUP, [])]


_METADATA_SUFFIXES = (".dist-info", ".egg-info")
#: how recent a folder's change may be for its time to stand for its content
_RACY_NS = 2_000_000_000


def _cached_entry_points(path: Sequence[str], group: str) -> Optional[List[str]]:
    """`_scan_entry_points`, kept in the user cache directory under the modification times of
    the `path` folders: reading every distribution's metadata costs a few milliseconds in an
    environment of some dozens of packages, every run. Installing, upgrading or removing a
    package adds or removes a metadata folder, which changes its parent's time; an
    entry_points.txt edited in place is not seen until then."""
    if not _only_path_finders():
        return None
    key = _path_stamp(path)
    where = cache_file(f"entry-points-{sha256(repr((group, key)).encode()).hexdigest()}.txt")
    if key is None or where is None:
        return _scan_entry_points(path, group)
    try:
        stored = ast.literal_eval(where.read_text(encoding="utf-8"))
        if isinstance(stored, list) and all(isinstance(value, str) for value in stored):
            return stored
    except (OSError, ValueError, SyntaxError, MemoryError, RecursionError):
        pass  # none yet, or not ours: read the metadata and store it
    found = _scan_entry_points(path, group)
    # a folder changed within the file system's time granularity of now could change again
    # under the same time: such a stamp is not trusted (as the results cache does)
    settled = time.time_ns() - _RACY_NS
    if found is not None and all(mtime < settled for _, mtime in key):
        store(where, repr(found).encode("utf-8"))
    return found


def _only_path_finders() -> bool:
    """Whether the path finder is the only one that can name distributions."""
    from importlib.machinery import PathFinder

    return not any(
        getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
        for finder in sys.meta_path
    )


def _path_stamp(path: Sequence[str]) -> Optional[Tuple[Tuple[str, int], ...]]:
    """Each `path` entry with its folder's modification time (-1: missing); None when an entry
    is not a folder (a zip: importlib.metadata reads it)."""
    stamp = []
    for entry in path:
        try:
            found = os.stat(entry or ".")
        except OSError:
            stamp.append((entry, -1))
            continue
        if not S_ISDIR(found.st_mode):
            return None
        stamp.append((entry, found.st_mtime_ns))
    return tuple(stamp)


def _scan_entry_points(path: Sequence[str], group: str) -> Optional[List[str]]:
    """The values of `group`'s entry points, read as importlib.metadata reads them (the first
    distribution of a name on `path` wins) but without importing it, which costs more than the
    rest of a small scan's plugin loading; None when `path` holds anything only importlib.metadata
    can read (a zip, an egg, a finder of distributions other than the path finder)."""
    if not _only_path_finders():
        return None
    seen: Set[str] = set()
    values: List[str] = []
    for entry in path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return None
        except OSError:  # a missing entry holds no distribution
            continue
        for name in names:
            if not name.endswith(_METADATA_SUFFIXES) or name.endswith(".egg"):
                continue
            project = re.sub(r"[-_.]+", "_", name.rpartition(".")[0].split("-")[0]).lower()
            if project in seen:
                continue
            seen.add(project)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            values.extend(_group_values(text, group))
    return values


def _group_values(text: str, group: str) -> Iterator[str]:
    """The values of one section of an entry_points.txt (INI: `[group]`, `name = value`)."""
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            yield line.partition("=")[2].strip()


def _plugin_module_names() -> List[str]:
    """The modules of sarifbandit.plugins, as pkgutil.iter_modules lists them, read from the
    folder: pkgutil imports inspect to list one, which costs a one-file scan 3 ms of start-up. A
    package that is not a plain folder (a zip) is listed by pkgutil."""
    from importlib.machinery import all_suffixes

    suffixes = all_suffixes()
    names: Set[str] = set()
    for folder in plugins.__path__:
        if not os.path.isdir(folder):
            import pkgutil

            return [info.name for info in pkgutil.iter_modules(plugins.__path__)]
        for entry in os.listdir(folder):
            stem, dot, suffix = entry.partition(".")
            if not stem.isidentifier() or stem == "__init__":
                continue
            if dot and "." + suffix in suffixes:
                names.add(stem)
            elif not dot and os.path.isfile(os.path.join(folder, entry, "__init__.py")):
                names.add(stem)
    return sorted(names)


def _rules_of(module: object) -> Iterable[Rule]:
    for value in vars(module).values():
        if isinstance(value, Rule):
            yield value
        elif isinstance(value, (tuple, list)) and value and all(isinstance(v, Rule) for v in value):
            yield from value


@lru_cache(maxsize=1)
def all_rules() -> Tuple[Rule, ...]:
    """Every rule, sorted by id; an id defined twice is a programming error."""
    modules = [
        importlib.import_module(f"{plugins.__name__}.{name}") for name in _plugin_module_names()
    ]
    modules += [importlib.import_module(name) for name in _entry_point_modules()]
    found: Dict[str, Rule] = {}
    for module in modules:
        for rule in _rules_of(module):
            other = found.setdefault(rule.id, rule)
            if other is not rule:
                raise RuntimeError(f"rule {rule.id} is defined twice ({module.__name__})")
    return tuple(found[key] for key in sorted(found))


def rules_by_id() -> Mapping[str, Rule]:
    return {rule.id: rule for rule in all_rules()}


def rule_names() -> Mapping[str, str]:
    """{name: id} for every rule, so `# nosec assert_used` means B101."""
    return {rule.name: rule.id for rule in all_rules()}


def blacklist_ids() -> FrozenSet[str]:
    return frozenset(r.id for r in all_rules() if r.family.startswith("blacklist"))


@lru_cache(maxsize=8)
def dispatch_table(enabled: FrozenSet[str]) -> DispatchTable:
    """{node class: checks to run} for the selected rule ids; a check runs once per node even
    when several of its rules are selected."""
    return dispatch_of(rule for rule in all_rules() if rule.id in enabled)
