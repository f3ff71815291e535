"""`--baseline FILE`: tell new findings from those an earlier report already had.

The earlier report is a sarifbandit SARIF file or a Bandit JSON report. Findings are paired one
to one (a third identical `os.system(x)` in a file that had two is new, where Bandit would absorb
it), in passes from the strictest key to the loosest, each pairing only what earlier passes left:

1. the content fingerprint: rule, file and the normalised flagged line with its neighbours, so a
   finding that only moved is unchanged;
2. rule, file and the flagged line alone, so an edit next to it does not make it new;
3. rule and flagged line, for a baseline file that is gone from the scan (the file was renamed);
4. for Bandit reports only, rule, file and overlapping lines, as Bandit may report a finding on
   another line of the same statement.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict, deque
from typing import Any, Callable, Deque, Dict, Hashable, List, Mapping, Optional, Set, Tuple
from urllib.parse import unquote, urlparse

from ..errors import ConfigError
from ..fingerprint import content_fingerprint
from ..model import Finding, FlowStep, Rank, Region, Report
from ..records import record, replace
from .common import unlinked_message

FINGERPRINT = "sarifbandit/v1"
NEW, UNCHANGED, ABSENT = "new", "unchanged", "absent"
_LEVEL_RANKS = {"error": Rank.HIGH, "warning": Rank.MEDIUM, "note": Rank.LOW}


@record(frozen=True)
class Entry:
    """One finding of the earlier report, with the keys matching uses."""

    finding: Finding
    #: the content fingerprint, when the report carries or lets us compute one
    fingerprint: Optional[str]
    #: the flagged line, whitespace-normalised ('' when unknown)
    code: str
    #: the lines of the statement it belongs to
    lines: Tuple[int, int]
    #: Bandit reports may anchor a finding on another line of the same statement
    from_bandit: bool = False


def _normal(line: str) -> str:
    return " ".join(line.split())


def _relative(path: str) -> str:
    """A report's file name as our reports spell it: POSIX, relative to the working folder,
    without Bandit's './'."""
    path = path.replace("\\", "/")
    if os.path.isabs(path):
        relative = os.path.relpath(path)
        if not relative.startswith(".."):
            path = relative.replace(os.sep, "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def _rank(value: Any, default: Rank = Rank.UNDEFINED) -> Rank:
    try:
        return Rank.parse(str(value))
    except KeyError:
        return default


def _file_path(uri: str) -> Optional[str]:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else None


def _sarif_path(location: Mapping[str, Any], bases: Mapping[str, Any]) -> str:
    """The result's file as our reports name it. A URI relative to a base (%SRCROOT%, which may
    be the repository root while we name files from the current folder) is resolved against the
    base when that folder exists here."""
    artifact = location.get("physicalLocation", {}).get("artifactLocation", {})
    uri = str(artifact.get("uri", ""))
    absolute = _file_path(uri)
    if absolute is not None:
        return _relative(absolute)
    base = _file_path(str((bases.get(artifact.get("uriBaseId", "")) or {}).get("uri", "")))
    if base is not None and os.path.isdir(base):
        return _relative(os.path.join(base, unquote(uri)))
    return _relative(unquote(uri))


def _flagged_line(physical: Mapping[str, Any], line: int, snippet: str) -> str:
    """The whole flagged line: from the context region when there is one (the region's own
    snippet is only the flagged expression)."""
    context = physical.get("contextRegion") or {}
    lines = str((context.get("snippet") or {}).get("text", "")).splitlines()
    offset = line - int(context.get("startLine", line))
    if 0 <= offset < len(lines):
        return lines[offset]
    return snippet.splitlines()[0] if snippet else ""


def _sarif_region(region: Mapping[str, Any]) -> Region:
    start = int(region.get("startLine", 1))
    return Region(
        start,
        int(region.get("startColumn", 1)),
        int(region.get("endLine", start)),
        int(region.get("endColumn", 1)),
    )


def _sarif_flow(result: Mapping[str, Any], bases: Mapping[str, Any]) -> Tuple[FlowStep, ...]:
    """The result's data-flow path (its first thread flow), so an absent finding shown again
    keeps it."""
    try:
        steps = result["codeFlows"][0]["threadFlows"][0]["locations"]
    except (KeyError, IndexError, TypeError):
        return ()
    flow = []
    for step in steps:
        location = step.get("location") or {}
        region = location.get("physicalLocation", {}).get("region", {})
        flow.append(
            FlowStep(
                path=_sarif_path(location, bases),
                region=_sarif_region(region),
                message=str((location.get("message") or {}).get("text", "")),
                nesting=int(step.get("nestingLevel", 0)),
            )
        )
    return tuple(flow)


def _from_sarif(data: Mapping[str, Any]) -> List[Entry]:
    entries = []
    for run in data.get("runs") or []:
        bases = run.get("originalUriBaseIds") or {}
        for result in run.get("results") or []:
            if result.get("baselineState") == ABSENT or result.get("suppressions"):
                continue  # gone already, or a nosec-suppressed finding shown for information
            locations = result.get("locations") or [{}]
            region = locations[0].get("physicalLocation", {}).get("region", {})
            start = int(region.get("startLine", 1))
            end = int(region.get("endLine", start))
            snippet = (region.get("snippet") or {}).get("text", "")
            properties = result.get("properties") or {}
            level_rank = _LEVEL_RANKS.get(result.get("level", "warning"), Rank.MEDIUM)
            flow = _sarif_flow(result, bases)
            message = str((result.get("message") or {}).get("text", ""))
            finding = Finding(
                rule_id=str(result.get("ruleId", "")),
                severity=_rank(properties.get("issue_severity"), level_rank),
                confidence=_rank(properties.get("issue_confidence")),
                # the writer links the message to the flow's source again
                message=unlinked_message(message) if flow else message,
                path=_sarif_path(locations[0], bases),
                region=_sarif_region(region),
                col_offset=int(region.get("startColumn", 1)) - 1,
                end_col_offset=int(region.get("endColumn", 1)) - 1,
                snippet=snippet,
                context=(),
                fingerprints=tuple((result.get("partialFingerprints") or {}).items()),
                baseline_state=ABSENT,
                flow=flow,
            )
            first = _flagged_line(locations[0].get("physicalLocation", {}), start, snippet)
            fingerprint = (result.get("partialFingerprints") or {}).get(FINGERPRINT)
            entries.append(Entry(finding, fingerprint, _normal(first), (start, end)))
    return entries


def _code_lines(code: str) -> Dict[int, str]:
    """Bandit's `code` excerpt ('12 text' per line) as {line: text}."""
    lines: Dict[int, str] = {}
    for row in code.splitlines():
        number, _, text = row.partition(" ")
        if number.isdigit():
            lines[int(number)] = text
    return lines


def _from_bandit(data: Mapping[str, Any]) -> List[Entry]:
    entries = []
    for result in data.get("results") or []:
        rule_id = str(result.get("test_id", ""))
        path = _relative(str(result.get("filename", "")))
        line = int(result.get("line_number") or 1)
        line_range = [int(n) for n in result.get("line_range") or [line]]
        code = _code_lines(str(result.get("code") or ""))
        col = int(result.get("col_offset") or 0)
        end_col = int(result.get("end_col_offset") or col)
        finding = Finding(
            rule_id=rule_id,
            severity=_rank(result.get("issue_severity")),
            confidence=_rank(result.get("issue_confidence")),
            message=str(result.get("issue_text", "")),
            path=path,
            region=Region(line, col + 1, line, end_col + 1),
            col_offset=col,
            end_col_offset=end_col,
            snippet=code.get(line, ""),
            context=tuple(sorted(code.items())),
            baseline_state=ABSENT,
        )
        fingerprint = None
        if line in code:
            around = [code.get(n, "") for n in (line - 1, line, line + 1)]
            fingerprint = content_fingerprint(rule_id, path, around)
        entries.append(
            Entry(
                finding,
                fingerprint,
                _normal(code.get(line, "")),
                (min(line_range + [line]), max(line_range + [line])),
                True,
            )
        )
    return entries


def load(path: str) -> List[Entry]:
    """The findings of an earlier report; an unreadable or unrecognised file is an error
    (Bandit would silently treat it as empty and report everything)."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"--baseline {path}: no such file") from None
    except OSError as exc:
        raise ConfigError(f"--baseline {path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"--baseline {path}: not a JSON report ({exc})") from None
    try:
        if isinstance(data, dict) and isinstance(data.get("runs"), list):
            return _from_sarif(data)
        if isinstance(data, dict) and isinstance(data.get("results"), list):
            return _from_bandit(data)
    except (AttributeError, TypeError, ValueError) as exc:
        # a hand-edited or truncated report: say so rather than show a traceback
        raise ConfigError(f"--baseline {path}: a result is malformed ({exc})") from None
    raise ConfigError(
        f"--baseline {path}: neither SARIF (no 'runs') nor a Bandit JSON report (no 'results')"
    )


Key = Callable[[Finding], Optional[Hashable]]
EntryKey = Callable[[Entry], Optional[Hashable]]


def _first_line(finding: Finding) -> str:
    return _normal(finding.snippet.splitlines()[0]) if finding.snippet else ""


def _pair(
    findings: List[Finding],
    entries: List[Entry],
    free: Set[int],
    states: Dict[int, str],
    finding_key: Key,
    entry_key: EntryKey,
) -> None:
    """Pair findings without a state with free entries of equal key, in line order."""
    waiting: Dict[Hashable, Deque[int]] = defaultdict(deque)
    for index in sorted(free, key=lambda i: entries[i].finding.line):
        key = entry_key(entries[index])
        if key is not None:
            waiting[key].append(index)
    for position, finding in enumerate(findings):
        if position in states:
            continue
        key = finding_key(finding)
        queue = waiting.get(key) if key is not None else None
        if queue:
            free.discard(queue.popleft())
            states[position] = UNCHANGED


def _overlaps(finding: Finding, entry: Entry) -> bool:
    """Whether the entry's statement and the finding's (its region, widened to the statement
    its nosec lines name) share a line."""
    first = min(finding.region.start_line, finding.nosec_lines[0] or finding.region.start_line)
    last = max(finding.region.end_line, finding.nosec_lines[1])
    return entry.lines[0] <= last and first <= entry.lines[1]


def _pair_overlapping(
    findings: List[Finding], entries: List[Entry], free: Set[int], states: Dict[int, str]
) -> None:
    """The last pass, for Bandit entries only: same rule and file, overlapping lines."""
    by_place: Dict[Tuple[str, str], List[int]] = defaultdict(list)
    for index in sorted(free, key=lambda i: entries[i].finding.line):
        if entries[index].from_bandit:
            by_place[(entries[index].finding.rule_id, entries[index].finding.path)].append(index)
    for position, finding in enumerate(findings):
        candidates = by_place.get((finding.rule_id, finding.path))
        if position in states or not candidates:
            continue
        for index in candidates:
            if _overlaps(finding, entries[index]):
                candidates.remove(index)
                free.discard(index)
                states[position] = UNCHANGED
                break


def compare(report: Report, entries: List[Entry], show_absent: bool = False) -> Report:
    """The report with every finding marked new or unchanged; with `show_absent`, the earlier
    findings that are gone in `report.absent`."""
    findings = report.findings
    free = set(range(len(entries)))
    states: Dict[int, str] = {}
    scanned = {result.path for result in report.files}
    passes: List[Tuple[Key, EntryKey]] = [
        (
            lambda f: dict(f.fingerprints).get(FINGERPRINT) or None,
            lambda e: e.fingerprint,
        ),
        (
            lambda f: (f.rule_id, f.path, _first_line(f)) if f.snippet else None,
            lambda e: (e.finding.rule_id, e.finding.path, e.code) if e.code else None,
        ),
        (
            lambda f: (f.rule_id, _first_line(f)) if f.snippet else None,
            lambda e: (
                (e.finding.rule_id, e.code) if e.code and e.finding.path not in scanned else None
            ),
        ),
    ]
    for finding_key, entry_key in passes:
        _pair(findings, entries, free, states, finding_key, entry_key)
    _pair_overlapping(findings, entries, free, states)
    marked = [
        replace(finding, baseline_state=states.get(position, NEW))
        for position, finding in enumerate(findings)
    ]
    absent = [entries[i].finding for i in sorted(free)] if show_absent else []
    return replace(report, findings=marked, absent=absent)


def only_new(report: Report) -> Report:
    """What text and json show with a baseline: the new findings only."""
    return replace(
        report, findings=[f for f in report.findings if f.baseline_state == NEW], absent=[]
    )
