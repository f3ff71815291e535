"""GitLab's SAST report (`gl-sast-report.json`, schema 15.0.6), read by the merge request
widget and the vulnerability report (GitLab Ultimate).

The check id is the primary identifier (type `bandit_test_id`, as GitLab's own Bandit analyzer
writes it, so findings it tracked keep their history), the CWE the second. Vulnerability ids are
UUIDs derived from our content fingerprint, so the same code gives the same report.
"""

from __future__ import annotations

import json
import uuid
from typing import IO, TYPE_CHECKING, Any, Dict, List, Optional

from ..model import Finding, Rank, Report, Rule
from ..version import __version__
from .common import (
    INFORMATION_URI,
    cwe_link,
    cwe_of,
    help_uri,
    json_safe,
    ordered,
    rule_of,
    skipped,
    unicode_safe,
    utc_time,
)

if TYPE_CHECKING:
    from . import WriterOptions

SCHEMA_VERSION = "15.0.6"
SEVERITY = {Rank.HIGH: "High", Rank.MEDIUM: "Medium", Rank.LOW: "Low", Rank.UNDEFINED: "Unknown"}
_NAMESPACE = uuid.UUID("5b0f6f9e-3c1d-5a55-9e57-8c2f0b6e1d42")
_TIME = "%Y-%m-%dT%H:%M:%S"


def _identifiers(finding: Finding, rule: Optional[Rule]) -> List[Dict[str, str]]:
    primary = {
        "type": "bandit_test_id",
        "name": f"Bandit Test ID {finding.rule_id}",
        "value": finding.rule_id,
    }
    if rule is not None:
        primary["url"] = help_uri(rule)
    cwe = cwe_of(rule)
    identifiers = [primary]
    if cwe:
        identifiers.append(
            {"type": "cwe", "name": f"CWE-{cwe}", "value": str(cwe), "url": cwe_link(cwe)}
        )
    return identifiers


def vulnerability(finding: Finding, rule: Optional[Rule], occurrence: int) -> Dict[str, Any]:
    fingerprints = dict(finding.fingerprints)
    key = "|".join(
        [finding.rule_id, finding.path, fingerprints.get("sarifbandit/v1", ""), str(occurrence)]
    )
    item: Dict[str, Any] = {
        "id": str(uuid.uuid5(_NAMESPACE, unicode_safe(key))),
        "name": (rule.short if rule is not None else finding.message)[:255],
        "description": finding.message,
        "severity": SEVERITY[finding.severity],
        "identifiers": _identifiers(finding, rule),
        "location": {
            "file": finding.path,
            "start_line": finding.region.start_line,
            "end_line": finding.region.end_line,
        },
    }
    if rule is not None:
        item["solution"] = f"See {help_uri(rule)}"
    return item


def document(report: Report, options: "WriterOptions") -> Dict[str, Any]:
    tool = {
        "id": "sarifbandit",
        "name": "sarifbandit",
        "version": __version__,
        "url": INFORMATION_URI,
        "vendor": {"name": "sarifbandit"},
    }
    seen: Dict[str, int] = {}
    vulnerabilities = []
    for finding in ordered(report):
        base = (
            f"{finding.rule_id}|{finding.path}|{dict(finding.fingerprints).get('sarifbandit/v1')}"
        )
        seen[base] = seen.get(base, 0) + 1
        vulnerabilities.append(vulnerability(finding, rule_of(report, finding), seen[base]))
    return {
        "version": SCHEMA_VERSION,
        "scan": {
            "analyzer": tool,
            "scanner": tool,
            "type": "sast",
            "status": "success",
            "start_time": utc_time(report.started, _TIME),
            "end_time": utc_time(report.finished, _TIME),
            "messages": [
                {"level": "warn", "value": f"{path}: {reason}"}
                for path, reason in sorted(skipped(report).items())
            ],
        },
        "vulnerabilities": vulnerabilities,
    }


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    text = json.dumps(document(report, options), indent=2, ensure_ascii=False)
    stream.write(json_safe(text) + "\n")
