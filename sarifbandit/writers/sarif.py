"""SARIF 2.1.0 built on sarif-om's classes and serialized with jschema_to_python.

One run; every enabled rule in `tool.driver.rules` sorted by id (so `ruleIndex` is stable);
results with relative URIs under %SRCROOT%, UTF-16 columns and GitHub's line-hash fingerprints.
"""

from __future__ import annotations

import json
from typing import IO, TYPE_CHECKING, Dict, Optional
from urllib.parse import quote

import sarif_om as om
from jschema_to_python.to_json import to_json

from ..api import Report
from ..model import Finding, Notification, NotificationKind, Rank, Rule
from ..registry import all_rules

if TYPE_CHECKING:
    from . import WriterOptions

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/sarifbandit/sarifbandit"
SRCROOT = "%SRCROOT%"

LEVELS = {Rank.HIGH: "error", Rank.MEDIUM: "warning", Rank.LOW: "note", Rank.UNDEFINED: "none"}
PRECISION = {Rank.HIGH: "high", Rank.MEDIUM: "medium", Rank.LOW: "low", Rank.UNDEFINED: "low"}
PROBLEM_SEVERITY = {Rank.HIGH: "error", Rank.MEDIUM: "warning", Rank.LOW: "recommendation"}
#: GitHub's security-severity from (severity, confidence): the severity picks GitHub's band
#: (high 7.0-8.9, medium 4.0-6.9, low 0.1-3.9), the confidence the place inside it
_SEVERITY_BASE = {Rank.HIGH: 8.0, Rank.MEDIUM: 5.5, Rank.LOW: 3.0}
_CONFIDENCE_SHIFT = {Rank.HIGH: 0.9, Rank.MEDIUM: 0.0, Rank.LOW: -1.0, Rank.UNDEFINED: -1.0}


def security_severity(severity: Rank, confidence: Rank) -> str:
    base = _SEVERITY_BASE.get(severity, 1.0)
    return f"{base + _CONFIDENCE_SHIFT[confidence]:.1f}"


def help_uri(rule: Rule) -> str:
    return (
        f"{INFORMATION_URI}/blob/main/docs/rules.md#{rule.id.lower()}-{rule.name.replace('_', '-')}"
    )


def _descriptor(rule: Rule) -> om.ReportingDescriptor:
    return om.ReportingDescriptor(
        id=rule.id,
        name=_pascal(rule.name),
        short_description=om.MultiformatMessageString(text=rule.short),
        full_description=om.MultiformatMessageString(text=_plain(rule.full_description)),
        help=om.MultiformatMessageString(text=_plain(rule.doc), markdown=rule.doc.strip()),
        help_uri=help_uri(rule),
        default_configuration=om.ReportingConfiguration(level=LEVELS[rule.severity]),
        properties={
            "tags": ["security", f"external/cwe/cwe-{rule.cwe}", rule.family],
            "precision": PRECISION[rule.confidence],
            "problem.severity": PROBLEM_SEVERITY[rule.severity],
            "security-severity": security_severity(rule.severity, rule.confidence),
        },
    )


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _plain(markdown: str) -> str:
    """Markdown docs as plain text: headings and code fences dropped, paragraphs kept."""
    lines = []
    for line in markdown.strip().splitlines():
        if line.startswith("```"):
            continue
        lines.append(line[3:] if line.startswith("## ") else line)
    return "\n".join(lines).strip()


def _location(path: str, region: Optional[om.Region]) -> om.Location:
    return om.Location(
        physical_location=om.PhysicalLocation(
            artifact_location=om.ArtifactLocation(uri=_uri(path), uri_base_id=SRCROOT),
            region=region,
        )
    )


def _uri(path: str) -> str:
    return quote(path, safe="/")


def _result(finding: Finding, index: Dict[str, int]) -> om.Result:
    region = finding.region
    result = om.Result(
        rule_id=finding.rule_id,
        rule_index=index[finding.rule_id],
        level=LEVELS[finding.severity],
        message=om.Message(text=finding.message),
        locations=[
            _location(
                finding.path,
                om.Region(
                    start_line=region.start_line,
                    start_column=region.start_column,
                    end_line=region.end_line,
                    end_column=region.end_column,
                    snippet=om.ArtifactContent(text=finding.snippet),
                ),
            )
        ],
        partial_fingerprints=dict(finding.fingerprints) or None,
        properties={
            "issue_severity": finding.severity.name,
            "issue_confidence": finding.confidence.name,
        },
    )
    return result


def _notification(note: Notification) -> om.Notification:
    locations = None
    if note.path:
        region = om.Region(start_line=note.line, start_column=note.column) if note.line else None
        locations = [_location(note.path, region)]
    return om.Notification(
        level=note.level,
        message=om.Message(text=note.message),
        locations=locations,
        descriptor=om.ReportingDescriptorReference(id=note.code) if note.code else None,
    )


def build(report: Report, category: str = "sarifbandit/") -> om.SarifLog:
    rules = [rule for rule in all_rules() if rule.id in report.config.selected]
    index = {rule.id: i for i, rule in enumerate(rules)}
    execution = [n for n in report.notifications if n.kind is NotificationKind.EXECUTION]
    configuration = [n for n in report.notifications if n.kind is NotificationKind.CONFIGURATION]
    invocation = om.Invocation(
        execution_successful=True,
        start_time_utc=report.started.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        end_time_utc=report.finished.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        working_directory=om.ArtifactLocation(uri=report.root.as_uri() + "/"),
        tool_execution_notifications=[_notification(n) for n in execution] or None,
        tool_configuration_notifications=[_notification(n) for n in configuration] or None,
    )
    run = om.Run(
        tool=om.Tool(
            driver=om.ToolComponent(
                name="sarifbandit",
                full_name=f"sarifbandit {report.version}",
                version=report.version,
                semantic_version=report.version,
                information_uri=INFORMATION_URI,
                rules=[_descriptor(rule) for rule in rules],
            )
        ),
        original_uri_base_ids={SRCROOT: om.ArtifactLocation(uri=report.root.as_uri() + "/")},
        results=[_result(f, index) for f in report.findings],
        invocations=[invocation],
        column_kind="utf16CodeUnits",
        automation_details=om.RunAutomationDetails(id=category),
    )
    return om.SarifLog(version="2.1.0", schema_uri=SCHEMA, runs=[run])


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    text = to_json(build(report, options.category))
    # round-trip to drop the serializer's indentation quirks and guarantee valid JSON
    stream.write(json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n")
