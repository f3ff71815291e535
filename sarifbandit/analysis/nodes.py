"""Small questions about AST nodes that many checks ask, answered one way."""

from __future__ import annotations

import ast
from typing import Any, Iterator, List, Mapping, Optional, Tuple


def keyword(call: ast.Call, name: str) -> Optional[ast.expr]:
    """The value of keyword argument `name` written literally in the call (not via **kwargs)."""
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return None


def argument(call: ast.Call, position: int, name: Optional[str] = None) -> Optional[ast.expr]:
    """Positional argument `position`, else keyword `name`; None when neither is written."""
    if position < len(call.args) and not isinstance(call.args[position], ast.Starred):
        return call.args[position]
    return keyword(call, name) if name else None


def is_str(node: Optional[ast.AST]) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def last_name(node: ast.AST) -> str:
    """The final identifier of a Name or Attribute chain ('' for anything else)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def dotted_name(node: ast.AST) -> str:
    """`a.b.c` for a chain of attributes on a name, as written (no aliases); '' otherwise."""
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    parts.append(node.id)
    return ".".join(reversed(parts))


def value_of(node: Optional[ast.AST]) -> Any:
    """Bandit's view of an argument: constants as-is (True/False/None as the strings 'True',
    'False', 'None'), a Name's id, an Attribute's last part, containers element by element,
    anything else None."""
    if isinstance(node, ast.Constant):
        if node.value is None or isinstance(node.value, bool):
            return str(node.value)
        return node.value
    if isinstance(node, (ast.Name, ast.Attribute)):
        return last_name(node)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return [value_of(element) for element in node.elts]
    return None


def is_truthy_literal(node: ast.AST) -> bool:
    """Bandit's shell=… truthiness: constants by their value, list/dict literals when non-empty,
    any other expression (a variable, a call, a tuple) counted as true."""
    if isinstance(node, ast.Constant):
        return bool(node.value)
    if isinstance(node, ast.List):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    return True


def positional_defaults(arguments: ast.arguments) -> List[Tuple[ast.arg, ast.expr]]:
    """(parameter, default) for each positional parameter (positional-only included) that has a
    default; `defaults` belongs to the last parameters, so it is aligned from the right."""
    params = [*arguments.posonlyargs, *arguments.args]
    defaults = arguments.defaults
    return list(zip(params[len(params) - len(defaults) :], defaults))


#: the one parameter a factory of per-request objects takes (`service(request)`, reading
#: `request.app["db"]`)
_REQUEST_PARAMETERS = frozenset({"request", "req"})


def is_factory(func: ast.AST) -> bool:
    """Whether a function is called for the object it builds, given nothing but the request:
    `def archive()`, `def event_service(request)` (how service layers build their objects;
    a function given what to build from, like Django's `get_resolver(urlconf)`, is not)."""
    spec = getattr(func, "args", None)
    if not isinstance(spec, ast.arguments) or spec.vararg or spec.kwonlyargs or spec.kwarg:
        return False
    params = [*spec.posonlyargs, *spec.args]
    return not params or (len(params) == 1 and params[0].arg in _REQUEST_PARAMETERS)


def parameter_defaults(arguments: ast.arguments) -> List[Tuple[ast.arg, Optional[ast.expr]]]:
    """(parameter, its default or None) for each positional and keyword-only parameter."""
    defaults = dict(positional_defaults(arguments))
    return [
        *((arg, defaults.get(arg)) for arg in [*arguments.posonlyargs, *arguments.args]),
        *zip(arguments.kwonlyargs, arguments.kw_defaults),
    ]


def sole_argument(node: ast.AST, function: str) -> Optional[ast.expr]:
    """The one argument of a call of the builtin `function` by its name (`len(x)`, `bool(x)`),
    given by position and alone; None for anything else."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == function
        and len(node.args) == 1
        and not node.keywords
    ):
        return node.args[0]
    return None


def is_opaque(node: ast.AST) -> bool:
    """True for an expression Bandit's argument view cannot see into (a call, arithmetic, a
    subscript, an f-string ...): anything but a constant, name, attribute or container literal."""
    return not isinstance(
        node, (ast.Constant, ast.Name, ast.Attribute, ast.List, ast.Tuple, ast.Set, ast.Dict)
    )


def code_string_parent(node: ast.Constant, parents: Mapping[ast.AST, ast.AST]) -> Optional[ast.AST]:
    """The parent of a string constant used in code, or None for a docstring or another bare
    string statement (which Bandit's string checks skip) and for non-string constants."""
    if type(node.value) is not str:
        return None
    parent = parents.get(node)
    return None if isinstance(parent, ast.Expr) else parent


def nested_functions(func: ast.AST) -> Iterator[ast.AST]:
    """The functions a function's body defines at its own level (a decorator's wrapper, the
    handler a factory returns)."""
    for stmt in getattr(func, "body", ()):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield stmt
