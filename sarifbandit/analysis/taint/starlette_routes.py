"""Starlette's routes of one file: what each `{name:converter}` of an endpoint's path makes of
its `request.path_params[name]`, read from `Route(path, endpoint)`, `WebSocketRoute(...)` and
`app.add_route(path, endpoint)`. The `int`, `float` and `uuid` converters hand the endpoint a
number or a UUID, harmless for every sink; `str` (the default) and `path` hand it text.
"""

from __future__ import annotations

import ast
from typing import Dict, FrozenSet, List

from ..nodes import argument
from .aiohttp_routes import every_route
from .patterns import EVERYWHERE, type_name

#: the converters whose value is no text
_CONVERTED = frozenset({"int", "float", "uuid"})
#: calls registering an endpoint: the path first, the endpoint second (or by keyword)
_REGISTRATIONS = frozenset({"Route", "WebSocketRoute", "add_route", "add_websocket_route"})


def path_param_checks(tree: ast.Module) -> Dict[str, Dict[str, FrozenSet[str]]]:
    """Endpoint name -> {path_params key: the sink classes its converter makes harmless}, for
    the keys every route of the endpoint converts."""
    routes: Dict[str, List[Dict[str, FrozenSet[str]]]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and type_name(node.func) in _REGISTRATIONS:
            path = argument(node, 0, "path")
            endpoint = argument(node, 1, "endpoint")
            if (
                isinstance(path, ast.Constant)
                and isinstance(path.value, str)
                and isinstance(endpoint, ast.Name)
            ):
                routes.setdefault(endpoint.id, []).append(_checks(path.value))
    return every_route(routes)


def _checks(path: str) -> Dict[str, FrozenSet[str]]:
    """{name: safe classes} for each `{name}` / `{name:converter}` of a Starlette path."""
    found: Dict[str, FrozenSet[str]] = {}
    for part in path.split("{")[1:]:
        name, _, converter = part.partition("}")[0].partition(":")
        found[name.strip()] = EVERYWHERE if converter.strip() in _CONVERTED else frozenset()
    return found
