"""The scan's template files, read before the Python files are scanned: what each one writes
unescaped (analysis/taint/templates.py), which the data flow of the views that render it
needs. A template is named as views render it: its path below the nearest `templates` folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, FrozenSet, Iterable, List, Sequence, Tuple

from ..analysis.taint.templates import TemplateFacts, referenced, unescaped
from ..config.paths import is_excluded
from .discovery import display_name, files_below

#: the folder name templates live under (Flask, Django, aiohttp_jinja2 and Starlette setups)
TEMPLATE_FOLDER = "templates"
#: template files read at most per scan; past it the rest are taken to escape everything
MAX_TEMPLATES = 5_000
#: a larger file is not read as a template
MAX_TEMPLATE_BYTES = 1_000_000
#: includes and extends followed from a template, one level per round
MAX_REFERENCE_DEPTH = 8


def template_files(
    targets: Iterable[str], exclude: Sequence[str], root: Path, follow_links: bool = False
) -> List[Tuple[str, str]]:
    """(path, name) of every file below a `templates` folder of the directory targets that a
    scan would look at (not in a virtual env, a folder never scanned or one `exclude` names),
    the name being its path below the nearest such folder, in POSIX form."""
    found: List[Tuple[str, str]] = []

    def enter(folder: str) -> bool:
        return not is_excluded(display_name(folder, root) + "/", exclude)

    for target in targets:
        if not os.path.isdir(target):
            continue
        for folder, name in files_below(target, follow_links, enter):
            parts = os.path.relpath(folder, target).split(os.sep)
            if TEMPLATE_FOLDER not in parts:
                continue
            path = os.path.join(folder, name)
            if is_excluded(display_name(path, root), exclude):
                continue
            below = parts[len(parts) - parts[::-1].index(TEMPLATE_FOLDER) :]
            found.append((path, "/".join([*below, name])))
            if len(found) >= MAX_TEMPLATES:
                return found
    return found


def template_facts(files: Iterable[Tuple[str, str]]) -> TemplateFacts:
    """(name, variables written unescaped) for each template that writes some so, itself or
    in a template it includes or extends (followed MAX_REFERENCE_DEPTH deep); a file that
    cannot be read adds nothing."""
    own: Dict[str, FrozenSet[str]] = {}
    references: Dict[str, FrozenSet[str]] = {}
    for path, name in files:
        try:
            if os.path.getsize(path) > MAX_TEMPLATE_BYTES:
                continue
            with open(path, "rb") as handle:
                text = handle.read().decode("utf-8", "replace")
        except OSError:
            continue
        own[name] = own.get(name, frozenset()) | unescaped(text)
        references[name] = references.get(name, frozenset()) | referenced(text)
    let = dict(own)
    for _ in range(MAX_REFERENCE_DEPTH):
        grown = {
            name: names.union(*(let.get(other, frozenset()) for other in references[name]))
            for name, names in let.items()
        }
        if grown == let:
            break
        let = grown
    return frozenset((name, names) for name, names in let.items() if names)
