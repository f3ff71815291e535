"""Django's URL configuration: which keyword arguments each view is given and by which converter.

`path("orders/<int:pk>/", views.detail)` gives `detail` a `pk` that is a number;
`re_path(r"^(?P<year>[0-9]{4})/$", ...)` gives `year` digits. A view's URL arguments are read
from every `urlpatterns` of the scan (urls.py routes what views.py defines), so a number is not
mistaken for text an attacker chooses, and a view's parameter the URL does not name is not input
at all. Views are named by their dotted path (`shop.views.detail`, `shop.views.OrderView` for
`OrderView.as_view()`), resolved through the imports of the file that routes them.
"""

from __future__ import annotations

import ast
from typing import Dict, FrozenSet, Iterable, Optional, Set, Tuple

from ...regex import lazy
from ..index import resolve_relative
from ..nodes import last_name
from .patterns import safe_classes

#: (view's dotted name, keyword, converter) for every URL argument a route gives a view
UrlArgument = Tuple[str, str, str]

_PATH_ARGUMENT = lazy(r"<(?:(?P<conv>\w+):)?(?P<name>\w+)>")
_REGEX_GROUP = lazy(r"\(\?P<(?P<name>\w+)>(?P<body>[^()]*)\)")
#: the converter of a regular expression group that admits only some characters, followed by
#: the sink classes they cannot harm (`re:command,path,sql`)
PATTERN_CONVERTER = "re:"
#: a regular expression group that can only hold digits: what Django's int converter takes
_DIGITS = lazy(r"(?:\\d|\[0-9\])(?:[+*]|\{\d+(?:,\d*)?\})?\Z")
_ROUTE_CALLS = frozenset({"path", "re_path", "url"})


def url_arguments(tree: ast.Module, module: str, is_package: bool) -> FrozenSet[UrlArgument]:
    """The URL arguments the `urlpatterns` of one file give the views they route."""
    names = _imported_names(tree, module, is_package)
    found: Set[UrlArgument] = set()
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AugAssign)) else None
        if not isinstance(value, (ast.List, ast.Tuple)):
            continue
        for item in value.elts:
            if not (isinstance(item, ast.Call) and len(item.args) >= 2):
                continue
            if last_name(item.func) not in _ROUTE_CALLS:
                continue
            route, view = item.args[0], item.args[1]
            if not (isinstance(route, ast.Constant) and isinstance(route.value, str)):
                continue
            target = _view_name(view, names, module)
            if target is None:
                continue
            for name, converter in _arguments(route.value, last_name(item.func) == "path"):
                found.add((target, name, converter))
            # a view routed with no argument of a name still is routed: record it as such
            found.add((target, "", ""))
    return frozenset(found)


def arguments_of(routes: Iterable[UrlArgument], view: str) -> Optional[Dict[str, FrozenSet[str]]]:
    """{keyword: every converter a route gives it} for the view, None when no route names it."""
    out: Dict[str, Set[str]] = {}
    routed = False
    for target, name, converter in routes:
        if target != view:
            continue
        routed = True
        if name:
            out.setdefault(name, set()).add(converter)
    return {k: frozenset(v) for k, v in out.items()} if routed else None


def _arguments(route: str, converters: bool) -> Iterable[Tuple[str, str]]:
    if converters:
        for match in _PATH_ARGUMENT.finditer(route):
            yield match.group("name"), match.group("conv") or "str"
        return
    for match in _REGEX_GROUP.finditer(route):
        body = match.group("body")
        if _DIGITS.match(body):
            yield match.group("name"), "int"
            continue
        # `(?P<code>[A-Z]{3}-[0-9]{4})`: text, harmless for what its characters cannot form
        classes = safe_classes(f"^(?:{body})$")
        yield (
            match.group("name"),
            PATTERN_CONVERTER + ",".join(sorted(classes)) if classes else "str",
        )


def _view_name(view: ast.expr, names: Dict[str, str], module: str) -> Optional[str]:
    """`views.detail`, `detail`, `OrderView.as_view()` as a dotted name."""
    if (
        isinstance(view, ast.Call)
        and isinstance(view.func, ast.Attribute)
        and view.func.attr == "as_view"
    ):
        view = view.func.value
    parts = []
    while isinstance(view, ast.Attribute):
        parts.append(view.attr)
        view = view.value
    if not isinstance(view, ast.Name):
        return None
    base = names.get(view.id, f"{module}.{view.id}" if module else view.id)
    return ".".join([base, *reversed(parts)])


def _imported_names(tree: ast.Module, module: str, is_package: bool) -> Dict[str, str]:
    """Local name -> dotted name for this file's imports (relative ones resolved)."""
    names: Dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    first = alias.name.split(".")[0]
                    names[first] = first
        elif isinstance(node, ast.ImportFrom):
            base = resolve_relative(module or None, node.level, node.module, is_package)
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}" if base else alias.name
    return names
