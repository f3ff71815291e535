"""Deny-listed calls, B301–B323: one table, one matcher.

Each entry names the qualified functions it covers; a call whose resolved name equals one of
them is reported. Adding an entry is adding one row to CALLS.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterator, Optional, Tuple

from ..context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule, register
from .denylist import DenyEntry, deny_rule

CALLS: Tuple[DenyEntry, ...] = (
    DenyEntry(
        id="B307",
        name="eval",
        qualnames=("eval",),
        severity=MEDIUM,
        cwe=78,
        short="eval() runs any expression it is given.",
        why="`eval` evaluates arbitrary Python; input that reaches it can run any code, read "
        "files or call the operating system.",
        bad="value = eval(request.args['n'])",
        good="import ast\nvalue = ast.literal_eval(request.args['n'])",
        fix="Use `ast.literal_eval` for Python literals, or a real parser such as `json.loads`.",
    ),
)

RULES: Tuple[Rule, ...] = tuple(deny_rule(entry, "blacklist-call") for entry in CALLS)
_BY_QUALNAME: Dict[str, Tuple[Rule, DenyEntry]] = {
    qualname: (rule, entry) for rule, entry in zip(RULES, CALLS) for qualname in entry.qualnames
}


@register([ast.Call], RULES)
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    hit = _BY_QUALNAME.get(qualname)
    if hit is not None:
        rule, entry = hit
        yield ctx.finding(rule, node, f"{qualname}() called: {entry.short_reason}", confidence=HIGH)
