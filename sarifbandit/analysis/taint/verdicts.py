"""Bandit's checks told by data flow how sure to be, and one finding per sink.

A Bandit check that flags a call of a sink class (B602 a shell command, B608 SQL text, B307
eval …) is judged by the flows of its file:
- untrusted input reaches that call: the finding carries the path and the flow's confidence,
  and the data-flow rule of the same class (SB078 …) does not report the call a second time;
- every argument that matters is a known constant: LOW, and the message says so;
- otherwise Bandit's own confidence stands.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import List, Mapping, Optional, Tuple

from ...model import Finding, Rank
from .check import CLASS_OF_RULE
from .flows import Flows
from .interpret import SinkHit
from .values import Value

#: the Bandit checks whose verdict depends on the data, and the sink class each one guards
BANDIT_CLASSES: Mapping[str, str] = {
    **dict.fromkeys(("B601", "B602", "B603", "B604", "B605", "B606", "B607", "B609"), "command"),
    **dict.fromkeys(("B608", "B610", "B611"), "sql"),
    **dict.fromkeys(("B102", "B307"), "code"),
    **dict.fromkeys(("B301", "B302", "B506", "B614"), "deserialization"),
    **dict.fromkeys(("B308", "B703", "B704"), "xss"),
    "B310": "ssrf",
}

#: checks whose sink argument names where the data is (torch.load's path), not the data: a
#: constant there says nothing about what is loaded
NAMES_NOT_DATA = frozenset({"B614"})

Span = Tuple[int, int, int, int]


def _span(node: ast.AST) -> Span:
    line = getattr(node, "lineno", 0)
    return (
        line,
        getattr(node, "col_offset", 0),
        getattr(node, "end_lineno", None) or line,
        getattr(node, "end_col_offset", None) or 0,
    )


def _inside(finding: Finding, span: Span) -> bool:
    start = (finding.line, finding.col_offset)
    return (span[0], span[1]) <= start <= (span[2], span[3])


def judge(findings: List[Finding], flows: Optional[Flows]) -> List[Finding]:
    if flows is None:
        return findings
    flows.ensure(f.line for f in findings if f.rule_id in BANDIT_CLASSES)
    if not flows.analysed:
        return findings
    hits = flows.all_hits()
    claimed: set = set()
    judged: List[Finding] = []
    for finding in findings:
        sink_class = BANDIT_CLASSES.get(finding.rule_id)
        if sink_class is None:
            judged.append(finding)
            continue
        hit = _hit_for(finding, sink_class, hits)
        if hit is not None:
            claimed.add((sink_class, _span(hit.node)[:2]))
            judged.append(
                replace(
                    finding,
                    confidence=flows.confidence(hit),
                    message=f"{finding.message}; {flows.describe(hit)}",
                    flow=flows.path(hit),
                )
            )
            continue
        constant = None if finding.rule_id in NAMES_NOT_DATA else _constant_at(finding, flows)
        if constant is not None:
            judged.append(
                replace(
                    finding,
                    confidence=Rank.LOW,
                    message=f"{finding.message}; but the value is {constant}",
                )
            )
            continue
        judged.append(finding)
    return [
        f for f in judged if (CLASS_OF_RULE.get(f.rule_id), (f.line, f.col_offset)) not in claimed
    ]


def _hit_for(finding: Finding, sink_class: str, hits: List[SinkHit]) -> Optional[SinkHit]:
    for hit in hits:
        if hit.sink_class != sink_class:
            continue
        if _inside(finding, _span(hit.anchor)):
            return hit
        # B608 flags the SQL text where it is built, which the path passes through
        if sink_class == "sql" and any(step[0] == finding.line for step in hit.taint.trace):
            return hit
    return None


def _constant_at(finding: Finding, flows: Flows) -> Optional[str]:
    """The constant the sink's arguments hold, when every one recorded there is known."""
    values: List[Value] = [
        value for anchor, value in flows.sink_arguments() if _inside(finding, _span(anchor))
    ]
    if not values or not all(
        v.all_taint() is None and (v.known or v.shape == "allowed") for v in values
    ):
        return None
    if not values[0].known:
        return "one of the constants of an allow-list"
    text = repr(values[0].const)
    return "the constant " + (text if len(text) <= 60 else text[:57] + "…'")
