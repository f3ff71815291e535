"""The shared shape of the checks that flag one string constant written in code (B104's
"0.0.0.0", B108's temporary paths): docstrings and other bare string statements are skipped,
as Bandit does; nosec looks over the expression holding the string; a use the check knows to be
milder (a comparison, `dir=` of a tempfile call) lowers the confidence."""

from __future__ import annotations

import ast
from typing import Callable, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import code_string_parent
from ..model import LOW, Finding, Rule


def code_string_finding(
    rule: Rule,
    node: ast.Constant,
    ctx: FileContext,
    message: str,
    milder: Callable[[ast.AST, FileContext], bool],
) -> Optional[Finding]:
    """A finding of `rule` at the string `node`, None for a docstring or bare string; LOW when
    `milder(parent, ctx)` holds for the node holding it."""
    parent = code_string_parent(node, ctx.parents)
    if parent is None:
        return None
    confidence = LOW if milder(parent, ctx) else None
    return ctx.finding(rule, node, message, confidence=confidence, scope=parent)
