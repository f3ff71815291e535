"""SARIF 2.1.0 built on sarif-om's classes, for GitHub, Azure DevOps, GitLab and VS Code.

One run. The report's rules (those the scan ran with) sit in `tool.driver.rules`, sorted by id so `ruleIndex` is stable,
with the descriptions, help and properties GitHub reads, related to a CWE taxon in
`run.taxonomies`. Results carry relative URIs under %SRCROOT% (the git work tree when there is
one), exact regions in UTF-16 columns, the region's text, a context region when it really adds
lines, GitHub's line-hash fingerprint and our own. Nothing but the times depends on when or where
the scan ran, so the same code gives the same file.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path
from typing import IO, TYPE_CHECKING, Dict, List, Mapping, Optional, Sequence, Tuple
from urllib.parse import quote

import attr
import sarif_om as om

from ..model import (
    MAX_CONTEXT_LINE_CHARS,
    Finding,
    FlowStep,
    Notification,
    NotificationKind,
    Rank,
    Report,
    Rule,
)
from .common import (
    INFORMATION_URI,
    SOURCE_ID,
    flow_steps,
    help_uri,
    json_safe,
    linked_message,
    utc_time,
)
from .sarif_json import plain
from .vcs import GitFacts, azure_pipeline, git_facts

if TYPE_CHECKING:
    from . import WriterOptions

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
#: GitHub rejects a run with more results than this
MAX_RESULTS = 25_000
#: GitHub rejects an upload whose gzipped SARIF is larger (10 MB); keep a margin
MAX_GZIPPED_BYTES = 9_500_000
#: GitHub's length limit for shortDescription and fullDescription
MAX_DESCRIPTION = 1024

LEVELS = {Rank.HIGH: "error", Rank.MEDIUM: "warning", Rank.LOW: "note", Rank.UNDEFINED: "none"}
PRECISION = {Rank.HIGH: "high", Rank.MEDIUM: "medium", Rank.LOW: "low", Rank.UNDEFINED: "low"}
PROBLEM_SEVERITY = {
    Rank.HIGH: "error",
    Rank.MEDIUM: "warning",
    Rank.LOW: "recommendation",
    Rank.UNDEFINED: "recommendation",
}
#: GitHub's security-severity from (severity, confidence): the severity picks GitHub's band
#: (high 7.0-8.9, medium 4.0-6.9, low 0.1-3.9), the confidence the place inside it
_SEVERITY_BASE = {Rank.HIGH: 8.0, Rank.MEDIUM: 5.5, Rank.LOW: 3.0}
_CONFIDENCE_SHIFT = {Rank.HIGH: 0.9, Rank.MEDIUM: 0.0, Rank.LOW: -1.0, Rank.UNDEFINED: -1.0}
#: the result message template every rule declares, so results can name it by id (SARIF2002)
MESSAGE_ID = "default"


@attr.s
class Suppression:
    """SARIF 2.1.0's suppression object; sarif-om still spells `status` as the draft's `state`."""

    kind = attr.ib(metadata={"schema_property_name": "kind"})
    status = attr.ib(default=None, metadata={"schema_property_name": "status"})
    justification = attr.ib(default=None, metadata={"schema_property_name": "justification"})
    properties = attr.ib(default=None, metadata={"schema_property_name": "properties"})


# sarif-om declares `level` with SARIF's default, "warning", so a serializer that drops defaults
# leaves it out; consumers differ in what they assume then, so we always write it


if TYPE_CHECKING:  # mypy's attrs plugin cannot see the fields of sarif-om's untyped bases
    Result = om.Result
    ReportingConfiguration = om.ReportingConfiguration
    ToolNotification = om.Notification
else:

    @attr.s
    class Result(om.Result):
        level = attr.ib(default=None, metadata={"schema_property_name": "level"})

    @attr.s
    class ReportingConfiguration(om.ReportingConfiguration):
        level = attr.ib(default=None, metadata={"schema_property_name": "level"})

    @attr.s
    class ToolNotification(om.Notification):
        level = attr.ib(default=None, metadata={"schema_property_name": "level"})


def security_severity(severity: Rank, confidence: Rank) -> str:
    """GitHub's security-severity (a string) for a finding of this severity and confidence."""
    base = _SEVERITY_BASE.get(severity, 1.0)
    return f"{max(base + _CONFIDENCE_SHIFT[confidence], 0.1):.1f}"


def _cut(text: str, limit: int = MAX_DESCRIPTION) -> str:
    """At most `limit` characters, ending at a sentence or word when it has to be shortened."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    stop = head.rfind(". ")
    if stop > limit // 2:
        return head[: stop + 1]
    return head.rsplit(" ", 1)[0] + "…"


def _plain(markdown: str) -> str:
    """Markdown docs as plain text: headings and code fences dropped, paragraphs kept."""
    lines = []
    for line in markdown.strip().splitlines():
        if line.startswith("```"):
            continue
        lines.append(line[3:] if line.startswith("## ") else line)
    return "\n".join(lines).strip()


def pascal(name: str) -> str:
    """`name` as the single Pascal-case word SARIF wants for a rule's friendly name: a one-letter
    part joins the part after it (`start_process_with_a_shell` -> StartProcessWithAshell)."""
    words: List[str] = []
    for part in name.split("_"):
        words.extend(re.findall(r"[A-Z]?[a-z0-9]*", part[:1].upper() + part[1:]))
    words = [w.lower() for w in words if w]
    merged: List[str] = []
    carry = ""
    for word in words:
        if len(word) == 1 and carry == "":
            carry = word
            continue
        merged.append(carry + word)
        carry = ""
    if carry:
        merged = merged[:-1] + [(merged[-1] if merged else "") + carry]
    return "".join(w[:1].upper() + w[1:] for w in merged)


def message_template(rule: Rule) -> str:
    """The rule's result message as a template: its summary and the flagged code, quoted."""
    summary = rule.short.strip().rstrip(".").replace("{", "{{").replace("}", "}}")
    return f"{summary}: '{{0}}'."


def cwe_names(rules: Sequence[Rule]) -> Dict[int, str]:
    """The title of each rule's CWE, as the first rule giving one writes it; `CWE-N` when none
    does."""
    names: Dict[int, str] = {}
    for rule in rules:
        if rule.cwe_title:
            names.setdefault(rule.cwe, rule.cwe_title)
    for rule in rules:
        names.setdefault(rule.cwe, f"CWE-{rule.cwe}")
    return names


def _taxonomy(cwes: Dict[int, str]) -> Tuple[om.ToolComponent, Dict[int, int]]:
    numbers = sorted(cwes)
    taxa = [
        om.ReportingDescriptor(
            id=str(number),
            name=f"CWE-{number}",
            short_description=om.MultiformatMessageString(text=f"{cwes[number]}."),
            help_uri=f"https://cwe.mitre.org/data/definitions/{number}.html",
        )
        for number in numbers
    ]
    component = om.ToolComponent(
        name="CWE",
        full_name="Common Weakness Enumeration",
        organization="MITRE",
        version="4.16",
        information_uri="https://cwe.mitre.org/data/published/cwe_v4.16.pdf",
        download_uri="https://cwe.mitre.org/data/xml/cwec_v4.16.xml.zip",
        short_description=om.MultiformatMessageString(
            text="The MITRE Common Weakness Enumeration."
        ),
        is_comprehensive=False,
        taxa=taxa,
    )
    return component, {number: i for i, number in enumerate(numbers)}


def _descriptor(rule: Rule, taxon_index: Dict[int, int]) -> om.ReportingDescriptor:
    return om.ReportingDescriptor(
        id=rule.id,
        name=pascal(rule.name),
        short_description=om.MultiformatMessageString(text=_cut(rule.short)),
        full_description=om.MultiformatMessageString(text=_cut(rule.full_description)),
        help=om.MultiformatMessageString(text=_plain(rule.doc), markdown=rule.doc.strip()),
        help_uri=help_uri(rule),
        message_strings={MESSAGE_ID: om.MultiformatMessageString(text=message_template(rule))},
        default_configuration=ReportingConfiguration(level=LEVELS[rule.severity]),
        relationships=[
            om.ReportingDescriptorRelationship(
                target=om.ReportingDescriptorReference(
                    id=str(rule.cwe),
                    index=taxon_index[rule.cwe],
                    tool_component=om.ToolComponentReference(name="CWE", index=0),
                ),
                kinds=["superset"],
            )
        ],
        properties={
            "tags": ["security", f"external/cwe/cwe-{rule.cwe}", rule.family],
            "precision": PRECISION[rule.confidence],
            "problem.severity": PROBLEM_SEVERITY[rule.severity],
            "security-severity": security_severity(rule.severity, rule.confidence),
        },
    )


def _utf16_index(text: str, column: int) -> int:
    """The str index of 1-based UTF-16 `column` in `text` (astral characters count twice)."""
    if text.isascii():
        return column - 1
    units = 0
    for index, char in enumerate(text):
        if units >= column - 1:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def _utf16_length(text: str) -> int:
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le")) // 2


class Locator:
    """Turns display paths into artifact locations under one %SRCROOT%."""

    def __init__(self, scan_root: Path, srcroot: Path) -> None:
        self.scan_root = scan_root
        self.srcroot = srcroot
        self._uris: Dict[str, Tuple[str, Optional[str]]] = {}
        #: whether some file lies outside %SRCROOT% and got an absolute file: URI
        self.absolute = False

    def location(self, path: str, region: Optional[om.Region] = None, **extra) -> om.Location:
        return om.Location(
            physical_location=om.PhysicalLocation(
                artifact_location=self.artifact(path), region=region, **extra
            )
        )

    def artifact(self, path: str) -> om.ArtifactLocation:
        known = self._uris.get(path)
        if known is None:
            known = self._uris[path] = self._uri(path)
        return om.ArtifactLocation(uri=known[0], uri_base_id=known[1])

    def _uri(self, path: str) -> Tuple[str, Optional[str]]:
        absolute = Path(os.path.abspath(self.scan_root / path))
        # resolve symlinked directories (GitHub wants real paths) but keep the file's own name
        real = Path(os.path.realpath(absolute.parent)) / absolute.name
        try:
            relative = real.relative_to(self.srcroot)
        except ValueError:
            self.absolute = True
            return real.as_uri(), None
        # bytes, so an undecodable byte of a file name is percent-encoded as itself
        return quote(os.fsencode(relative.as_posix()), safe="/"), SRCROOT


def source_base(root: Path, paths: Sequence[str]) -> Path:
    """The folder URIs are made relative to (before looking for a git work tree): the scan root,
    or, when files outside it were scanned (`scan /elsewhere/project`), their common folder."""
    real_root = Path(os.path.realpath(root))
    # each folder resolved once: a report names a file for every one of its results
    named = {os.path.dirname(os.path.join(root, p)) for p in paths}
    folders = {os.path.realpath(folder) for folder in named}
    if all(Path(f) == real_root or real_root in Path(f).parents for f in folders):
        return real_root
    return Path(os.path.commonpath(sorted(folders)))


def _region_text(finding: Finding) -> str:
    """The source text between the region's start and end columns."""
    region = finding.region
    lines = finding.snippet.split("\n")
    lines[-1] = lines[-1][: _utf16_index(lines[-1], region.end_column)]
    lines[0] = lines[0][_utf16_index(lines[0], region.start_column) :]
    return "\n".join(lines)


def _region(finding: Finding, with_snippet: bool) -> om.Region:
    region = finding.region
    snippet = None
    if with_snippet and finding.snippet:
        snippet = om.ArtifactContent(text=_region_text(finding))
    return om.Region(
        start_line=region.start_line,
        start_column=region.start_column,
        end_line=region.end_line,
        end_column=region.end_column,
        snippet=snippet,
    )


def _flagged(finding: Finding, limit: int = 120) -> str:
    """The flagged code on one line, for the message template's argument."""
    code = " ".join(_region_text(finding).split())
    return code if len(code) <= limit else code[: limit - 1] + "…"


def _context_region(finding: Finding) -> Optional[om.Region]:
    """The context lines as a region, only when it is strictly larger than the finding's and
    its text is exact (no line was cut for length)."""
    if not finding.context:
        return None
    if any(len(text) > MAX_CONTEXT_LINE_CHARS for _, text in finding.context):
        return None
    first, last = finding.context[0][0], finding.context[-1][0]
    region = finding.region
    if first > region.start_line or last < region.end_line:
        return None
    whole_lines = region.start_column == 1 and region.end_column == (
        _utf16_length(finding.context[-1][1]) + 1
    )
    if first == region.start_line and last == region.end_line and whole_lines:
        return None
    return om.Region(
        start_line=first,
        end_line=last,
        snippet=om.ArtifactContent(text="\n".join(text for _, text in finding.context)),
    )


def _step_location(step: FlowStep, locator: Locator, **extra) -> om.Location:
    region = step.region
    location = locator.location(
        step.path,
        om.Region(
            start_line=region.start_line,
            start_column=region.start_column,
            end_line=region.end_line,
            end_column=region.end_column,
        ),
    )
    location.message = om.Message(text=step.message) if step.message else None
    for key, value in extra.items():
        setattr(location, key, value)
    return location


def _code_flows(steps: Sequence[FlowStep], locator: Locator) -> List[om.CodeFlow]:
    """One code flow, one thread: the steps in execution order, inline (GitHub hides a result
    whose thread-flow locations are `index` references), source and sink marked essential."""
    last = len(steps) - 1
    locations = [
        om.ThreadFlowLocation(
            location=_step_location(step, locator),
            nesting_level=step.nesting,
            execution_order=order + 1,
            importance="essential" if order in (0, last) else "important",
        )
        for order, step in enumerate(steps)
    ]
    return [om.CodeFlow(thread_flows=[om.ThreadFlow(locations=locations)])]


def _result(
    finding: Finding, index: Dict[str, int], locator: Locator, with_snippets: bool
) -> om.Result:
    extra = {}
    if with_snippets:
        context = _context_region(finding)
        if context is not None:
            extra["context_region"] = context
    suppressions = None
    if finding.suppressed_by is not None:
        suppressions = [
            Suppression(kind="inSource", status="accepted", justification=finding.suppressed_by)
        ]
    # GitHub rejects an empty message text
    text = finding.message.strip() or finding.rule_id
    code_flows = related = None
    steps = flow_steps(finding)
    if steps:
        text = linked_message(text)
        code_flows = _code_flows(steps, locator)
        related = [_step_location(steps[0], locator, id=SOURCE_ID)]
    return Result(
        rule_id=finding.rule_id,
        rule_index=index[finding.rule_id],
        level=LEVELS[finding.severity],
        message=om.Message(text=text, id=MESSAGE_ID, arguments=[_flagged(finding)]),
        locations=[locator.location(finding.path, _region(finding, with_snippets), **extra)],
        code_flows=code_flows,
        related_locations=related,
        partial_fingerprints=dict(finding.fingerprints) or None,
        suppressions=suppressions,
        baseline_state=finding.baseline_state,
        properties={
            "issue_severity": finding.severity.name,
            "issue_confidence": finding.confidence.name,
        },
    )


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _notification(note: Notification, locator: Locator) -> om.Notification:
    locations = None
    if note.path:
        region = None
        if note.line:
            # source problems carry 1-based columns (SyntaxError.offset, the NUL byte's place)
            column = note.column if note.column and note.column > 0 else None
            region = om.Region(start_line=note.line, start_column=column)
        locations = [locator.location(note.path, region)]
    return ToolNotification(
        level=note.level,
        message=om.Message(text=_sentence(note.message)),
        locations=locations,
        descriptor=om.ReportingDescriptorReference(id=note.code) if note.code else None,
        associated_rule=om.ReportingDescriptorReference(id=note.rule_id) if note.rule_id else None,
    )


def _by_severity(finding: Finding) -> tuple:
    return (-finding.severity, -finding.confidence, finding.sort_key())


def limit_results(
    findings: List[Finding], limit: int = MAX_RESULTS
) -> Tuple[List[Finding], Optional[Notification]]:
    """At most `limit` findings, the most severe kept, and a notification naming what was cut."""
    if len(findings) <= limit:
        return findings, None
    ranked = sorted(findings, key=_by_severity)
    kept, cut = ranked[:limit], ranked[limit:]
    note = Notification(
        "warning",
        f"{len(cut):,} of {len(findings):,} results were left out to stay within GitHub's limits "
        f"({MAX_RESULTS:,} results per run, 10 MB gzipped); the {limit:,} most severe were kept, "
        f"down to {kept[-1].severity.name} severity and {kept[-1].confidence.name} confidence. "
        "Raise the thresholds (-l, -i) or split the scan to see the rest",
        code="results-truncated",
    )
    return sorted(kept, key=Finding.sort_key), note


_NO_SNIPPETS = Notification(
    "warning",
    "code snippets and context regions were left out to stay under GitHub's 10 MB limit",
    code="snippets-dropped",
)


def _automation(
    category: str, environ: Mapping[str, str]
) -> Tuple[om.RunAutomationDetails, List[Notification]]:
    pipeline, missing = azure_pipeline(environ)
    if pipeline is not None:
        return om.RunAutomationDetails(
            id=pipeline.automation_id, properties=pipeline.properties
        ), []
    notes = []
    if missing:
        notes.append(
            Notification(
                "warning",
                "running in Azure Pipelines (TF_BUILD) but these variables are missing or "
                f"malformed: {', '.join(missing)}; automationDetails uses the category instead",
                kind=NotificationKind.CONFIGURATION,
                code="azure-pipeline-identity",
            )
        )
    if not category.endswith("/"):
        category += "/"
    return om.RunAutomationDetails(id=category), notes


def _provenance(facts: GitFacts, machine_paths: bool) -> Optional[om.VersionControlDetails]:
    """Where the code came from; a repository known only by a place on this machine (no remote,
    or a remote that is a local path) is left out unless the machine's paths were asked for."""
    if facts.repository_uri.startswith("file:") and not machine_paths:
        return None
    return om.VersionControlDetails(
        repository_uri=facts.repository_uri,
        revision_id=facts.revision,
        branch=facts.branch,
        mapped_to=om.ArtifactLocation(uri_base_id=SRCROOT),
    )


def build(
    report: Report,
    options: Optional["WriterOptions"] = None,
    environ: Optional[Mapping[str, str]] = None,
    with_snippets: bool = True,
    result_limit: int = MAX_RESULTS,
) -> om.SarifLog:
    """The SARIF log of `report` as sarif-om objects; `environ` (default os.environ) tells
    whether this runs in Azure Pipelines."""
    from . import WriterOptions

    options = options or WriterOptions()
    environ = os.environ if environ is None else environ
    rules = sorted(report.rules, key=lambda rule: rule.id)
    index = {rule.id: i for i, rule in enumerate(rules)}
    taxonomy, taxon_index = _taxonomy(cwe_names(rules))
    findings = list(report.findings)
    if options.show_suppressed or report.config.show_suppressed:
        findings = sorted(findings + list(report.suppressed), key=Finding.sort_key)
    # with --baseline --show-absent: earlier findings that are gone, for rules still selected
    findings += [f for f in report.absent if f.rule_id in index]
    findings, truncated = limit_results(findings, result_limit)
    automation, notes = _automation(options.category, environ)
    notes = list(report.notifications) + notes
    if not with_snippets:
        notes.append(_NO_SNIPPETS)
    if truncated is not None:
        notes.append(truncated)

    base = source_base(report.root, [f.path for f in findings] + [n.path for n in notes if n.path])
    facts = git_facts(base, environ)
    srcroot = Path(os.path.realpath(facts.root)) if facts is not None else base
    locator = Locator(report.root, srcroot)
    execution = [n for n in notes if n.kind is NotificationKind.EXECUTION]
    configuration = [n for n in notes if n.kind is NotificationKind.CONFIGURATION]
    results = [_result(f, index, locator, with_snippets) for f in findings]
    execution_notes = [_notification(n, locator) for n in execution] or None
    configuration_notes = [_notification(n, locator) for n in configuration] or None
    # the machine's own paths stay out of the log unless asked for, or unless a file outside
    # the source root already needs an absolute URI (GitHub then needs the working directory)
    machine_paths = options.absolute_paths or locator.absolute
    invocation = om.Invocation(
        # a check that crashed lost findings: the analysis is incomplete
        execution_successful=not any(n.code == "check-error" for n in execution),
        start_time_utc=utc_time(report.started, "%Y-%m-%dT%H:%M:%S.%fZ"),
        end_time_utc=utc_time(report.finished, "%Y-%m-%dT%H:%M:%S.%fZ"),
        working_directory=(
            om.ArtifactLocation(uri=_directory_uri(report.root)) if machine_paths else None
        ),
        tool_execution_notifications=execution_notes,
        tool_configuration_notifications=configuration_notes,
    )
    provenance = _provenance(facts, options.absolute_paths) if facts is not None else None
    run = om.Run(
        tool=om.Tool(
            driver=om.ToolComponent(
                name="sarifbandit",
                full_name=f"sarifbandit {report.version}",
                version=report.version,
                semantic_version=report.version,
                information_uri=INFORMATION_URI,
                organization="sarifbandit",
                rules=[_descriptor(rule, taxon_index) for rule in rules],
                supported_taxonomies=[om.ToolComponentReference(name="CWE", index=0)],
            )
        ),
        taxonomies=[taxonomy],
        original_uri_base_ids={
            SRCROOT: om.ArtifactLocation(
                uri=_directory_uri(srcroot) if options.absolute_paths else None,
                description=om.Message(text="The root of the scanned source tree."),
            )
        },
        results=results,
        invocations=[invocation],
        column_kind="utf16CodeUnits",
        automation_details=automation,
        version_control_provenance=[provenance] if provenance is not None else None,
    )
    return om.SarifLog(version="2.1.0", schema_uri=SCHEMA, runs=[run])


def _directory_uri(path: Path) -> str:
    uri = Path(os.path.realpath(path)).as_uri()
    return uri if uri.endswith("/") else uri + "/"


def dumps(log: om.SarifLog) -> str:
    """Compact JSON: json's C encoder only runs without indentation, and GitHub's size limit
    counts every byte."""
    return json.dumps(plain(log), ensure_ascii=False, separators=(",", ":")) + "\n"


def _fits(text: str) -> bool:
    encoded = text.encode("utf-8")
    # a gzipped file is never larger than the original plus a few bytes of framing
    return len(encoded) <= MAX_GZIPPED_BYTES or len(gzip.compress(encoded, 6)) <= MAX_GZIPPED_BYTES


def render(
    report: Report, options: "WriterOptions", environ: Optional[Mapping[str, str]] = None
) -> str:
    """The SARIF text, shrunk to fit GitHub's size limit: first without snippets and context,
    then with fewer (the least severe) results, each cut stated in a notification."""
    log = build(report, options, environ)
    text = json_safe(dumps(log))
    if _fits(text):
        return text
    limit = len(log.runs[0].results)
    text = json_safe(dumps(build(report, options, environ, with_snippets=False)))
    while not _fits(text) and limit > 1:
        limit //= 2
        text = json_safe(
            dumps(build(report, options, environ, with_snippets=False, result_limit=limit))
        )
    return text


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    stream.write(render(report, options))
