"""What a template file lets through unescaped: the variables it writes with `|safe`, or
inside `{% autoescape false %}` (Jinja2) / `{% autoescape off %}` (Django), or all of them in a
template Flask does not escape (not .html, .htm, .xml, .xhtml or .svg).

Read from the template's text alone, never rendered; `{% include %}` and `{% extends %}` are
not followed (a variable is usually written by the template the view names).
"""

from __future__ import annotations

import re
from typing import FrozenSet, Iterable, List, Set, Tuple

from ...regex import lazy

#: every variable a template is given, when it escapes none of them
EVERY = "*"
#: the extensions Flask renders with autoescaping on
FLASK_ESCAPED = (".html", ".htm", ".xml", ".xhtml", ".svg")

_OUTPUT = lazy(r"\{\{(.*?)\}\}", re.S)
_BLOCK = lazy(r"\{%-?\s*(end)?autoescape\b\s*(\w*)\s*-?%\}")
_LEADING_NAME = lazy(r"\s*([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?")
_LOOP = lazy(r"\{%-?\s*for\s+([\w\s,]+?)\s+in\s+([A-Za-z_]\w*)")
_REFERENCE = lazy(r"\{%-?\s*(?:include|extends|import|from)\s+[\"']([^\"']+)[\"']")
_FILTERS = lazy(r"\|\s*([A-Za-z_]\w*)")


def unescaped(text: str) -> FrozenSet[str]:
    """The names of the variables `text` writes without escaping: `name`, or `name.part` for
    one part of it (`{{ post.html|safe }}`); a loop's variable stands for what it loops over
    (`{% for line in lines %}{{ line|safe }}` lets `lines` through)."""
    names: Set[str] = set()
    blocks: List[bool] = []  # the autoescape blocks around the position: whether each is off
    position = 0
    for block in _BLOCK.finditer(text):
        names |= _written(text[position : block.start()], bool(blocks) and blocks[-1])
        position = block.end()
        if block.group(1):  # endautoescape
            blocks = blocks[:-1]
        else:
            blocks.append(block.group(2).lower() in ("false", "off"))
    names |= _written(text[position:], bool(blocks) and blocks[-1])
    loops = {
        variable.strip(): over.group(2)
        for over in _LOOP.finditer(text)
        for variable in over.group(1).split(",")
    }
    names |= {loops[name.partition(".")[0]] for name in names if name.partition(".")[0] in loops}
    return frozenset(names)


def referenced(text: str) -> FrozenSet[str]:
    """The templates `text` includes, extends or imports by a constant name: rendered with the
    same variables, what they let through counts for it."""
    return frozenset(match.group(1) for match in _REFERENCE.finditer(text))


def _written(text: str, all_of_them: bool) -> FrozenSet[str]:
    found: Set[str] = set()
    for output in _OUTPUT.finditer(text):
        expression = output.group(1)
        name = _LEADING_NAME.match(expression)
        if name is None:
            continue
        if all_of_them or "safe" in _FILTERS.findall(expression):
            found.add(".".join(part for part in name.groups() if part))
    return frozenset(found)


#: (the name a view renders it by, what it lets through) for every template of a scan
TemplateFacts = FrozenSet[Tuple[str, FrozenSet[str]]]


def lookup(facts: Iterable[Tuple[str, FrozenSet[str]]], name: str) -> FrozenSet[str]:
    """What the templates rendered by `name` let through (all folders' together)."""
    found: FrozenSet[str] = frozenset()
    for known, names in facts:
        if known == name:
            found |= names
    return found
