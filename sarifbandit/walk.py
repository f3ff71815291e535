"""The one traversal of a file's tree, running the checks registered for each node's class.

Iterative (an explicit stack) so a 60,000-term expression cannot overflow Python's recursion
limit; pre-order with children in source order, so imports enter the alias map before the code
after them is checked, as in Bandit.
"""

from __future__ import annotations

import ast
import traceback
from typing import List, Tuple

from .context import FileContext
from .model import Finding, Notification
from .registry import DispatchTable

_iter_child_nodes = ast.iter_child_nodes
_IMPORTS = (ast.Import, ast.ImportFrom)


def walk(
    ctx: FileContext, table: DispatchTable, debug: bool = False
) -> Tuple[List[Finding], List[Notification]]:
    """Run every check in `table` on the nodes of `ctx.tree`; a check that raises loses only its
    own finding for that node, reported as a notification naming the check and the place."""
    findings: List[Finding] = []
    problems: List[Notification] = []
    parents = ctx.parents
    get_checks = table.get
    stack: List[ast.AST] = [ctx.tree]
    pop, extend = stack.pop, stack.extend
    while stack:
        node = pop()
        if isinstance(node, _IMPORTS):
            ctx.record_import(node)
        children = list(_iter_child_nodes(node))
        for child in children:
            parents[child] = node
        checks = get_checks(type(node))
        if checks:
            ctx.current = node
            for check in checks:
                try:
                    produced = check.function(node, ctx)
                    if produced is not None:
                        findings.extend(f for f in produced if f is not None)
                except Exception as exc:  # a check bug must not cost the file or the scan
                    problems.append(_check_failure(ctx, check.name, node, exc, debug))
        children.reverse()
        extend(children)
    return findings, problems


def _check_failure(
    ctx: FileContext, check: str, node: ast.AST, exc: Exception, debug: bool
) -> Notification:
    line = getattr(node, "lineno", None)
    return Notification(
        "error",
        f"check {check} failed on this node ({type(exc).__name__}: {exc}); "
        "its findings here are lost, the rest of the file was scanned",
        path=ctx.path,
        line=line,
        column=getattr(node, "col_offset", None),
        code="check-error",
        detail=traceback.format_exc() if debug else None,
    )
