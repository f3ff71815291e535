"""The one check every data-flow rule runs: report the flows the file's analysis found into a
sink of the rule's class. Rules read flows; they never search the tree for them."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Callable, Dict, Iterator, Optional

from ...model import Finding, Rule

if TYPE_CHECKING:
    from .interpret import SinkHit

#: rule id -> the sink class it reports, for every data-flow rule (fixed when rules are defined)
CLASS_OF_RULE: Dict[str, str] = {}


def flow_check(
    rule: Rule, sink_class: str, only: Optional[Callable[["SinkHit"], bool]] = None
) -> None:
    """Register `rule`'s check: once per file, a finding for each flow of untrusted input into
    a sink of `sink_class` (the flows are computed once per file, before any asks); with
    `only`, for those flows it accepts."""

    def check(node: ast.AST, ctx) -> Iterator[Optional[Finding]]:
        flows = ctx.flows
        if flows is None:
            return
        for hit in flows.all_hits():
            if hit.sink_class != sink_class or (only is not None and not only(hit)):
                continue
            yield ctx.finding(
                rule,
                hit.node,
                f"{rule.short.rstrip('.')}: {flows.describe(hit)}",
                confidence=flows.confidence(hit),
                scope=hit.anchor,
                flow=flows.path(hit),
            )

    CLASS_OF_RULE[rule.id] = sink_class
    check.__name__ = f"flows_into_{sink_class}"
    # the walk meets the module first: the file's flows are reported from there
    rule.check(ast.Module)(check)
