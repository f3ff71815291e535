"""The scan's modules by the dotted names an import may give them, and which one an import in a
given file means.

A file's name comes from the packages around it (folders holding `__init__.py`). Folders above
the top package, which have none, may be namespace packages (`app/services/` without an
`__init__.py` still imports as `app.services`): the names those folders make count too, up to
MAX_NAMESPACE_LEVELS folders up. Where several files answer one name (a monorepo whose services
each have a package `app`), an import means the one nearest the importing file; a tie is not
guessed at.
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Tuple

from .discovery import Target, module_name

#: folders without __init__.py above a file's top package read as namespace packages, at most
MAX_NAMESPACE_LEVELS = 3

Module = Tuple[Target, bool]


def names_of(path: str) -> List[Tuple[str, bool]]:
    """The dotted names of a file, its own first, and whether it is a package's __init__."""
    name, is_package = module_name(path)
    if not name:
        return []
    names = [(name, is_package)]
    folder = os.path.dirname(os.path.abspath(path))
    for _ in range(name.count(".") + (1 if is_package else 0)):
        folder = os.path.dirname(folder)
    for _ in range(MAX_NAMESPACE_LEVELS):
        outer = os.path.basename(folder)
        if not outer.isidentifier() or os.path.dirname(folder) == folder:
            break
        name = f"{outer}.{name}"
        names.append((name, is_package))
        folder = os.path.dirname(folder)
    return names


def _shared(a: str, b: str) -> int:
    """How many leading folders two absolute paths have in common."""
    try:
        return len(os.path.commonpath([a, b]).split(os.sep))
    except ValueError:  # different drives
        return 0


class ModuleMap:
    """Every dotted name of every scanned file, and the files each one may mean."""

    def __init__(self, targets: List[Target]) -> None:
        self._by_name: Dict[str, List[Module]] = {}
        self._where: Dict[str, str] = {}
        for target in targets:
            self._where[target.display] = os.path.abspath(str(target.path))
            for name, is_package in names_of(str(target.path)):
                self._by_name.setdefault(name, []).append((target, is_package))

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def find(self, name: str, near: str) -> Optional[Module]:
        """The file `name` means in an import written in the file reported as `near`."""
        found = self._by_name.get(name)
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        origin = self._where.get(near, "")
        ranked = sorted(found, key=lambda module: -_shared(origin, self._where[module[0].display]))
        closest = _shared(origin, self._where[ranked[0][0].display])
        if closest == _shared(origin, self._where[ranked[1][0].display]):
            return None  # as near as another: which one the import means is not known
        return ranked[0]


__all__ = ["MAX_NAMESPACE_LEVELS", "Module", "ModuleMap", "names_of"]
