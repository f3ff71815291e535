"""Bandit's JSON report, field for field, so SonarQube, DefectDojo and other Bandit importers
read it unchanged: errors, generated_at, per-file and total metrics, results."""

from __future__ import annotations

import json
from collections import Counter
from typing import IO, TYPE_CHECKING, Any, Dict, List

from ..model import Finding, Rank, Report
from .common import (
    code_window,
    cwe_link,
    cwe_of,
    help_uri,
    json_safe,
    line_range,
    ordered,
    rule_of,
    skipped,
    test_name,
)

if TYPE_CHECKING:
    from . import WriterOptions

_RANKS = (Rank.UNDEFINED, Rank.LOW, Rank.MEDIUM, Rank.HIGH)


def result(finding: Finding) -> Dict[str, Any]:
    cwe = cwe_of(finding)
    rule = rule_of(finding)
    return {
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
        "test_name": test_name(finding),
    }


def _metrics(loc: int, findings: List[Finding], nosec: int) -> Dict[str, int]:
    severities = Counter(f.severity for f in findings)
    confidences = Counter(f.confidence for f in findings)
    counts = {f"CONFIDENCE.{rank.name}": confidences.get(rank, 0) for rank in _RANKS}
    counts.update({f"SEVERITY.{rank.name}": severities.get(rank, 0) for rank in _RANKS})
    counts.update({"loc": loc, "nosec": nosec, "skipped_tests": 0})
    return counts


def document(report: Report, options: "WriterOptions") -> Dict[str, Any]:
    by_file: Dict[str, List[Finding]] = {}
    for finding in report.findings:
        by_file.setdefault(finding.path, []).append(finding)
    nosec = Counter(f.path for f in report.suppressed)
    metrics = {
        path: _metrics(loc, by_file.get(path, []), nosec.get(path, 0))
        for path, loc in sorted(report.loc.items())
    }
    metrics["_totals"] = _metrics(sum(report.loc.values()), report.findings, len(report.suppressed))
    return {
        "errors": [{"filename": p, "reason": r} for p, r in sorted(skipped(report).items())],
        "generated_at": report.finished.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "metrics": metrics,
        "results": [result(f) for f in ordered(report, options.aggregate)],
    }


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    text = json.dumps(document(report, options), indent=2, sort_keys=True, ensure_ascii=False)
    stream.write(json_safe(text) + "\n")
