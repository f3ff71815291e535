"""Bandit's JSON report, field for field, so SonarQube, DefectDojo and other Bandit importers
read it unchanged: errors, generated_at, per-file and total metrics, results."""

from __future__ import annotations

import json
from typing import IO, TYPE_CHECKING, Any, Dict, List, Optional

from ..model import Finding, Report, Rule
from .common import (
    code_window,
    cwe_link,
    cwe_of,
    flow_steps,
    help_uri,
    json_safe,
    line_range,
    ordered,
    rule_of,
    skipped,
    test_name,
    utc_time,
)
from .metrics import metrics

if TYPE_CHECKING:
    from . import WriterOptions


def _flow(finding: Finding) -> List[Dict[str, Any]]:
    """The data-flow path, source first; `col` is 1-based in UTF-16 units, as in SARIF."""
    return [
        {
            "filename": step.path,
            "line_number": step.region.start_line,
            "col": step.region.start_column,
            "message": step.message,
        }
        for step in flow_steps(finding)
    ]


def result(finding: Finding, rule: Optional[Rule]) -> Dict[str, Any]:
    """Bandit's result object of `finding`, described by its `rule`."""
    cwe = cwe_of(rule)
    fields = {
        "code": code_window(finding),
        "col_offset": finding.col_offset,
        "end_col_offset": finding.end_col_offset,
        "filename": finding.path,
        "issue_confidence": finding.confidence.name,
        "issue_cwe": {"id": cwe, "link": cwe_link(cwe)},
        "issue_severity": finding.severity.name,
        "issue_text": finding.message,
        "line_number": finding.line,
        "line_range": line_range(finding),
        "more_info": help_uri(rule) if rule is not None else "",
        "test_id": finding.rule_id,
        "test_name": test_name(rule),
    }
    # only with data flow: Bandit's importers see exactly Bandit's fields otherwise
    if finding.flow:
        fields["flow"] = _flow(finding)
    return fields


def document(report: Report, options: "WriterOptions") -> Dict[str, Any]:
    return {
        "errors": [{"filename": p, "reason": r} for p, r in sorted(skipped(report).items())],
        "generated_at": utc_time(report.finished, "%Y-%m-%dT%H:%M:%SZ"),
        "metrics": metrics(report),
        "results": [result(f, rule_of(report, f)) for f in ordered(report, options.aggregate)],
    }


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    text = json.dumps(document(report, options), indent=2, sort_keys=True, ensure_ascii=False)
    stream.write(json_safe(text) + "\n")
