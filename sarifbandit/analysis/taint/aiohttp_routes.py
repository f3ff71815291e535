"""aiohttp's routes of one file: the pattern each `{name:regex}` of a handler's path gives its
`request.match_info[name]`, read from `@routes.get(path)` decorators and from
`app.router.add_get(path, handler)`, `web.get(path, handler)` calls. aiohttp matches the
pattern against the whole path segment, so `{tid:\\d+}` admits digits only.
"""

from __future__ import annotations

import ast
from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from .patterns import safe_classes

#: registrations whose path is the first argument and the handler the second
_BY_CALL = frozenset(
    {"add_get", "add_post", "add_put", "add_patch", "add_delete", "add_head", "add_view"}
    | {"get", "post", "put", "patch", "delete", "head", "view"}
)
#: registrations whose path is the second argument (after the method) and the handler the third
_BY_METHOD = frozenset({"add_route", "route"})


def match_info_checks(tree: ast.Module) -> Dict[str, Dict[str, FrozenSet[str]]]:
    """Handler name -> {match_info key: the sink classes its pattern makes harmless}, for the
    keys every route of the handler constrains."""
    routes: Dict[str, List[Dict[str, FrozenSet[str]]]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for decorator in node.decorator_list:
                path = _path_of(decorator, None)
                if path is not None:
                    routes.setdefault(node.name, []).append(_checks(path))
        elif isinstance(node, ast.Call):
            handler = _handler_of(node)
            path = _path_of(node, handler)
            if handler is not None and path is not None:
                routes.setdefault(handler, []).append(_checks(path))
    return every_route(routes)


def every_route(
    routes: Dict[str, List[Dict[str, FrozenSet[str]]]],
) -> Dict[str, Dict[str, FrozenSet[str]]]:
    """Handler -> {key: classes} from each of its routes' checks: only what all of them say
    (a handler routed twice is reached by the looser path too)."""
    found: Dict[str, Dict[str, FrozenSet[str]]] = {}
    for handler, each in routes.items():
        keys = set.intersection(*(set(checks) for checks in each))
        found[handler] = {
            key: frozenset.intersection(*(checks[key] for checks in each)) for key in keys
        }
    return found


def _route_call(node: ast.AST) -> Optional[Tuple[ast.Call, int]]:
    """A registration call and the position of its path argument."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr in _BY_CALL:
        return node, 0
    if node.func.attr in _BY_METHOD:
        return node, 1
    return None


def _path_of(node: ast.AST, handler: Optional[str]) -> Optional[str]:
    found = _route_call(node)
    if found is None:
        return None
    call, at = found
    if handler is None and len(call.args) > at + 1:
        return None  # a call given a handler is not a decorator
    path = call.args[at] if len(call.args) > at else None
    if isinstance(path, ast.Constant) and isinstance(path.value, str) and "{" in path.value:
        return path.value
    return None


def _handler_of(node: ast.Call) -> Optional[str]:
    found = _route_call(node)
    if found is None:
        return None
    _, at = found
    handler = node.args[at + 1] if len(node.args) > at + 1 else None
    return handler.id if isinstance(handler, ast.Name) else None


def _checks(path: str) -> Dict[str, FrozenSet[str]]:
    """{name: safe classes} for each `{name:regex}` of an aiohttp path (`{name}` alone admits
    anything but '/': nothing is made safe by it)."""
    found: Dict[str, FrozenSet[str]] = {}
    position = 0
    while True:
        start = path.find("{", position)
        if start < 0:
            return found
        depth, end = 0, start
        for end in range(start, len(path)):  # the regex may hold braces: `{id:\d{1,5}}`
            depth += {"{": 1, "}": -1}.get(path[end], 0)
            if depth == 0:
                break
        name, _, regex = path[start + 1 : end].partition(":")
        found[name.strip()] = safe_classes(regex) if regex else frozenset()
        position = end + 1


def app_state(nodes: Sequence[ast.AST]) -> Dict[str, ast.Call]:
    """aiohttp's application state as the file builds it: key -> the call whose object a
    startup or cleanup hook stores under it (`app["http"] = ClientSession(...)`), so a handler's
    `request.app["http"]` is that object. The mapping stored into is a parameter typed as an
    Application or a module name bound to `web.Application()`."""
    apps: Set[str] = set()
    stores: List[Tuple[str, str, ast.Call]] = []
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            every = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            apps.update(a.arg for a in every if _names_application(a.annotation))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name) and isinstance(value, ast.Call):
                if _names_application(value.func):
                    apps.add(target.id)
            elif (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and isinstance(target.slice, ast.Constant)
                and isinstance(target.slice.value, str)
                and isinstance(value, ast.Call)
            ):
                stores.append((target.value.id, target.slice.value, value))
    return {key: call for name, key, call in stores if name in apps}


def _names_application(node: Optional[ast.expr]) -> bool:
    """`web.Application`, `aiohttp.web.Application` or `Application`."""
    if isinstance(node, ast.Attribute):
        return node.attr == "Application"
    return isinstance(node, ast.Name) and node.id == "Application"
