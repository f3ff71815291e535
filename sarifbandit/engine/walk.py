"""The one traversal of a file's tree, running the checks registered for each node's class.

The nodes come from the semantic index, in pre-order with children in source order (the index
is built before the walk, so every parent, binding and import is known to the first check). A
check's finding made without a scope gets the dispatched node's lines for nosec here, as it
comes back.

This loop runs once per node of every file, so it is written for speed: each node class gets a
step, worked out once per dispatch table, and the nodes that only ever hold the shared
context/operator singletons (`Load`, `Add`, `Eq` ... about a third of all nodes) are not in the
index's order: they are visited, after the node holding them, only when a check registers for
them.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from functools import lru_cache
from typing import Callable, Dict, Hashable, List, Tuple, Type, cast

from ..analysis.context import UNSCOPED, FileContext
from ..analysis.index import MANY, SINGLETON_BASES, child_plan
from ..model import Check, CheckFunction, Finding, Notification
from ..records import replace
from ..registry import DispatchTable

#: the checks to run and their functions
Chosen = Tuple[Tuple[Check, ...], Tuple[CheckFunction, ...]]
#: what the walk needs per node class: the checks, a kind, for calls with name-limited checks
#: {last part of the call's name: checks to run}, and the fields holding singletons to visit
Step = Tuple[Tuple[Check, ...], Tuple[CheckFunction, ...], int, Dict[str, Chosen], tuple]
_PLAIN, _NAMED_CALL = 0, 2

_GLOB = re.compile(r"[*?\[]")

#: the table's content (its value, not its id) -> {node class: step}
_STEPS: Dict[Hashable, Dict[type, Step]] = {}
#: the table last asked for and its steps
_LAST: list = [None, {}]


def _steps(table: DispatchTable) -> Dict[type, Step]:
    last_table, last_steps = _LAST
    if last_table is table:  # the same table file after file: no hashing of its checks
        return last_steps
    key = tuple(table.items())
    known = _STEPS.get(key)
    if known is None:
        if len(_STEPS) > 16:
            _STEPS.clear()
        known = _STEPS[key] = {}
    _LAST[:] = [table, known]
    return known


#: the step of a node class no check wants, nor any singleton it holds: skipped at once
_IDLE: Step = ((), (), _PLAIN, {}, ())


def _step(cls: Type[ast.AST], table: DispatchTable) -> Step:
    checks = table.get(cls, ())
    kind = _NAMED_CALL if cls is ast.Call and any(c.calls for c in checks) else _PLAIN
    singletons: tuple = ()
    if any(issubclass(t, SINGLETON_BASES) for t in table):
        every = child_plan(cls, visit_singletons=True)
        plain = set(child_plan(cls))
        singletons = tuple(field for field in every if field not in plain)
    if not checks and not singletons:
        return _IDLE
    return (checks, tuple(c.function for c in checks), kind, {}, singletons)


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
    steps = _steps(table)
    qualname = ctx.qualname
    for node in ctx.index.order:
        cls = node.__class__
        step = steps.get(cls)
        if step is None:
            step = steps[cls] = _step(cls, table)
        if step is _IDLE:  # most nodes (names, attributes, loads): nothing to run
            continue
        checks, functions, kind, by_name, singletons = step
        if kind:  # only the checks whose name patterns match this call's name run
            last = qualname(cast(ast.Call, node)).rpartition(".")[2]
            chosen = by_name.get(last)
            if chosen is None:
                chosen = by_name[last] = _for_name(checks, last)
            checks, functions = chosen
        # the common path inlined: a call per dispatched node costs as much as the checks
        for function in functions:
            try:
                produced = function(node, ctx)
                if produced is not None:
                    for found in produced:
                        if found is not None:
                            if found.nosec_lines == UNSCOPED:
                                found = _scoped(found, node)
                            findings.append(found)
            except Exception as exc:  # a check bug must not cost the file or the scan
                check = checks[functions.index(function)]
                problems.append(_check_failure(ctx, check.name, node, exc, debug))
        for field, field_kind in singletons:
            value = getattr(node, field)
            for leaf in value if field_kind == MANY else (value,):
                if leaf is None:
                    continue
                leaf_step = steps.get(leaf.__class__)
                if leaf_step is None:
                    leaf_step = steps[leaf.__class__] = _step(leaf.__class__, table)
                if leaf_step[1]:
                    _run(ctx, leaf, leaf_step[0], leaf_step[1], findings, problems, debug)
    return findings, problems


def _run(
    ctx: FileContext,
    node: ast.AST,
    checks: Tuple[Check, ...],
    functions: Tuple[CheckFunction, ...],
    findings: List[Finding],
    problems: List[Notification],
    debug: bool,
) -> None:
    for function in functions:
        try:
            produced = function(node, ctx)
            if produced is not None:
                for found in produced:
                    if found is not None:
                        if found.nosec_lines == UNSCOPED:
                            found = _scoped(found, node)
                        findings.append(found)
        except Exception as exc:  # a check bug must not cost the file or the scan
            check = checks[functions.index(function)]
            problems.append(_check_failure(ctx, check.name, node, exc, debug))


def _scoped(found: Finding, node: ast.AST) -> Finding:
    """`found` with nosec over the dispatched node's lines (and its own first line)."""
    line = found.region.start_line
    start = getattr(node, "lineno", line)
    end = getattr(node, "end_lineno", None) or start
    return replace(found, nosec_lines=(min(start, line), max(end, line)))


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
        detail=_traceback() if debug else None,
    )


def _traceback() -> str:
    import traceback  # only --debug after a crashed check pays for it

    return traceback.format_exc()
