"""The scan's template files, read before the Python files are scanned: what each one writes
unescaped (analysis/taint/templates.py), which the data flow of the views that render it
needs. A template is named as views render it: its path below the nearest `templates` folder.
"""

from __future__ import annotations

import os
from typing import Iterable, List, Set, Tuple

from ..analysis.taint.templates import TemplateFacts, unescaped
from ..config.paths import walk_tree

#: the folder name templates live under (Flask, Django, aiohttp_jinja2 and Starlette setups)
TEMPLATE_FOLDER = "templates"
#: template files read at most per scan; past it the rest are taken to escape everything
MAX_TEMPLATES = 5_000
#: a larger file is not read as a template
MAX_TEMPLATE_BYTES = 1_000_000


def template_files(targets: Iterable[str]) -> List[Tuple[str, str]]:
    """(path, name) of every file below a `templates` folder of the directory targets, the
    name being its path below the nearest such folder, in POSIX form."""
    found: List[Tuple[str, str]] = []
    for target in targets:
        if not os.path.isdir(target):
            continue
        for folder, _, files in walk_tree(target):
            parts = os.path.relpath(folder, target).split(os.sep)
            if TEMPLATE_FOLDER not in parts:
                continue
            last = len(parts) - 1 - parts[::-1].index(TEMPLATE_FOLDER)
            below = parts[last + 1 :]
            for name in sorted(files):
                found.append((os.path.join(folder, name), "/".join([*below, name])))
                if len(found) >= MAX_TEMPLATES:
                    return found
    return found


def template_facts(files: Iterable[Tuple[str, str]]) -> TemplateFacts:
    """(name, variables written unescaped) for each template that writes some so; a file that
    cannot be read adds nothing."""
    facts: Set[Tuple[str, frozenset]] = set()
    for path, name in files:
        try:
            if os.path.getsize(path) > MAX_TEMPLATE_BYTES:
                continue
            with open(path, "rb") as handle:
                text = handle.read().decode("utf-8", "replace")
        except OSError:
            continue
        let = unescaped(text)
        if let:
            facts.add((name, let))
    return frozenset(facts)
