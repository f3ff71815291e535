"""The one traversal of a file's tree, running the checks registered for each node's class.

Iterative (an explicit stack) so a 60,000-term expression cannot overflow Python's recursion
limit; pre-order with children in source order, so imports enter the alias map before the code
after them is checked, as in Bandit.

This loop runs once per node of every file, so it is written for speed: each node class gets a
plan, worked out once, of the fields that can hold child nodes (read from the class's ASDL
signature), and the fields that only ever hold the shared context/operator singletons (`Load`,
`Add`, `Eq` ... about a third of all nodes) are not visited unless a check registers for them.
"""

from __future__ import annotations

import ast
import fnmatch
import re
import traceback
from functools import lru_cache
from itertools import repeat
from typing import Callable, Dict, List, Tuple, Type, cast

from ..analysis.context import FileContext
from ..model import Check, CheckFunction, Finding, Notification
from ..registry import DispatchTable

#: (field name, kind) for each field of a class that may hold child nodes
Plan = Tuple[Tuple[str, int], ...]
#: field kinds: one node (or None), a list of nodes, unknown (a value of either, or a scalar)
_ONE, _MANY, _ANY = 0, 1, 2
#: the checks to run and their functions
Chosen = Tuple[Tuple[Check, ...], Tuple[CheckFunction, ...]]
#: what the walk needs per node class: the checks, the child plan, and for imports and calls
#: with name-limited checks a kind plus {last part of the call's name: checks to run}
Step = Tuple[Tuple[Check, ...], Tuple[CheckFunction, ...], Plan, int, Dict[str, Chosen]]
_PLAIN, _IMPORT, _NAMED_CALL = 0, 1, 2

#: ASDL types whose values are never nodes
_SCALARS = frozenset({"identifier", "string", "constant", "int", "object", "bytes"})
#: node bases whose classes have no fields and are shared singletons in the parsed tree
_SINGLETON_BASES: Tuple[type, ...] = (
    ast.expr_context,
    ast.boolop,
    ast.operator,
    ast.unaryop,
    ast.cmpop,
)
_SIGNATURE = re.compile(r"^\w+\((.*)\)$")
_GLOB = re.compile(r"[*?\[]")
_IMPORTS = (ast.Import, ast.ImportFrom)

#: id(table) -> (table, {node class: step}); the table is kept so its id cannot be reused
_STEPS: Dict[int, Tuple[DispatchTable, Dict[type, Step]]] = {}


def _singleton_type(type_name: str) -> bool:
    base = getattr(ast, type_name, None)
    return isinstance(base, type) and issubclass(base, _SINGLETON_BASES)


def child_plan(cls: type, visit_singletons: bool) -> Plan:
    """The fields of `cls` to descend into, in source order, read from its ASDL signature
    (`Call(expr func, expr* args, keyword* keywords)`); every field, kind decided per value,
    when the signature cannot be read."""
    fields: Tuple[str, ...] = getattr(cls, "_fields", ())
    match = _SIGNATURE.match((cls.__doc__ or "").strip())
    declared = [part.split() for part in match.group(1).split(",")] if match else []
    if [part[-1] for part in declared] != list(fields) or any(len(p) != 2 for p in declared):
        return tuple((name, _ANY) for name in fields)
    plan = []
    for type_spec, name in declared:
        base = type_spec.rstrip("*?")
        if base in _SCALARS or (not visit_singletons and _singleton_type(base)):
            continue
        plan.append((name, _MANY if type_spec.endswith("*") else _ONE))
    return tuple(plan)


def _steps(table: DispatchTable) -> Dict[type, Step]:
    known = _STEPS.get(id(table))
    if known is None or known[0] is not table:
        if len(_STEPS) > 16:
            _STEPS.clear()
        known = (table, {})
        _STEPS[id(table)] = known
    return known[1]


def _step(cls: Type[ast.AST], table: DispatchTable) -> Step:
    visit_singletons = any(issubclass(t, _SINGLETON_BASES) for t in table)
    # the plan is kept last field first: children go on the stack in reverse, to come off in order
    plan = child_plan(cls, visit_singletons)[::-1]
    checks = table.get(cls, ())
    if issubclass(cls, _IMPORTS):
        kind = _IMPORT
    elif cls is ast.Call and any(c.calls for c in checks):
        kind = _NAMED_CALL
    else:
        kind = _PLAIN
    return (checks, tuple(c.function for c in checks), plan, kind, {})


def _for_name(checks: Tuple[Check, ...], last: str) -> Chosen:
    """The checks (in registration order) that want a call whose name ends in `last`."""
    chosen = tuple(c for c in checks if not c.calls or _matcher(c.calls)(last))
    return chosen, tuple(c.function for c in chosen)


@lru_cache(maxsize=None)
def _matcher(patterns: Tuple[str, ...]) -> Callable[[str], bool]:
    """One test for a check's patterns: a set lookup for plain names, one regex for the globs
    (asked once per distinct name per process, thousands of times in a large project)."""
    plain = frozenset(p for p in patterns if not _GLOB.search(p))
    globs = [fnmatch.translate(p) for p in patterns if _GLOB.search(p)]
    if not globs:
        return plain.__contains__
    regex = re.compile("|".join(globs))
    return lambda name: name in plain or regex.match(name) is not None


def walk(
    ctx: FileContext, table: DispatchTable, debug: bool = False
) -> Tuple[List[Finding], List[Notification]]:
    """Run every check in `table` on the nodes of `ctx.tree`; a check that raises loses only its
    own finding for that node, reported as a notification naming the check and the place."""
    findings: List[Finding] = []
    problems: List[Notification] = []
    append_finding = findings.append
    parents = ctx.parents
    add_parents = parents.update
    steps = _steps(table)
    stack: List[ast.AST] = [ctx.tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    qualname = ctx.qualname
    AST = ast.AST
    while stack:
        node = pop()
        cls = node.__class__
        step = steps.get(cls)
        if step is None:
            step = steps[cls] = _step(cls, table)
        checks, functions, plan, kind, by_name = step
        if kind:
            if kind == _IMPORT:
                ctx.record_import(node)
            else:  # only the checks whose name patterns match this call's name run
                last = qualname(cast(ast.Call, node)).rpartition(".")[2]
                chosen = by_name.get(last)
                if chosen is None:
                    chosen = by_name[last] = _for_name(checks, last)
                checks, functions = chosen
        # children are recorded before the node's checks run, so a check may climb from them
        for name, kind in plan:
            value = getattr(node, name)
            if value is None:
                continue
            if kind == _ONE:
                parents[value] = node
                push(value)
            elif type(value) is list:
                if value:
                    if kind == _ANY or None in value:  # Dict.keys holds None for each **spread
                        value = [v for v in value if isinstance(v, AST)]
                    add_parents(zip(value, repeat(node)))
                    extend(reversed(value))
            elif kind == _ANY and isinstance(value, AST):
                parents[value] = node
                push(value)
        if functions:
            ctx.current = node
            for function in functions:
                try:
                    produced = function(node, ctx)
                    if produced is not None:
                        for found in produced:
                            if found is not None:
                                append_finding(found)
                except Exception as exc:  # a check bug must not cost the file or the scan
                    check = checks[functions.index(function)]
                    problems.append(_check_failure(ctx, check.name, node, exc, debug))
    return findings, problems


def _check_failure(
    ctx: FileContext, check: str, node: ast.AST, exc: Exception, debug: bool
) -> Notification:
    line = getattr(node, "lineno", None)
    offset = getattr(node, "col_offset", None)
    # 1-based UTF-16, like every other notification and finding column
    column = ctx.source.utf16_column(line, offset) if line and offset is not None else None
    return Notification(
        "error",
        f"check {check} failed on this node ({type(exc).__name__}: {exc}); "
        "its findings here are lost, the rest of the file was scanned",
        path=ctx.path,
        line=line,
        column=column,
        code="check-error",
        detail=traceback.format_exc() if debug else None,
    )
