"""A report for people: one self-contained HTML file, opened by double-click, that works offline.

The summary (findings by severity × confidence, charts by check and by folder, skipped files, the
configuration, version, date and commit) is static HTML and inline SVG made here. The findings
travel as one JSON blob that html_assets/report.js turns into a table to sort, filter and page
through, so 25,000 findings stay responsive: only the visible page is in the document, and a
finding's code, rule help and data-flow path are built when it is opened.

Nothing leaves the page: a Content-Security-Policy allows no fetch at all and runs only the one
inline script and style, named by their hashes. Everything from the scanned files (names,
messages, code) is escaped here, or set as text by the script, never as markup; the JSON blob
escapes `<`, `>`, `&` and U+2028/2029 so that `</script>` in the data cannot end its element.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import posixpath
from collections import Counter
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Sequence, Tuple
from urllib.parse import quote

from ..model import Finding, Rank, Report, Rule, context_line
from ..records import record
from .common import cwe_link, flow_steps, help_uri, skipped, unicode_safe, utc_time
from .metrics import metrics
from .vcs import GitFacts, git_facts, source_url

if TYPE_CHECKING:
    from . import WriterOptions

_ASSETS = Path(__file__).resolve().parent / "html_assets"
#: the rule doc sections the report shows; Options and References stay in the docs
_HELP_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead")
_SHOWN_RANKS = (Rank.HIGH, Rank.MEDIUM, Rank.LOW)
#: bars in a chart; the rest are summed into one
_MAX_BARS = 15


def _asset(name: str) -> str:
    return (_ASSETS / name).read_text(encoding="utf-8")


def text(value: object) -> str:
    """`value` as HTML text or attribute value: markup characters and quotes escaped, and a
    file name's undecodable bytes (lone surrogates) shown as `\\xNN`."""
    return html.escape(unicode_safe(str(value)), quote=True)


def script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element: no `<`, `>` or `&` (so no `</script>` or
    `<!--`), and U+2028/2029 escaped, as old JavaScript parsers end a string there."""
    dumped = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escape in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        dumped = dumped.replace(char, escape)
    return unicode_safe(dumped, "\\\\")


def _hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


@record
class _Links:
    """Where a file and line open: the repository's web page at the scanned commit when the
    remote is a known forge, else the file relative to the report."""

    report: Report
    facts: Optional[GitFacts]
    #: the folder the report is written to (None: standard output, taken as the scan root)
    folder: Optional[str]

    def href(self, path: str, line: int) -> str:
        absolute = os.path.normpath(os.path.join(self.report.root, path))
        if self.facts is not None:
            url = source_url(self.facts, absolute, line)
            if url:
                return url
        start = self.folder or str(self.report.root)
        relative = os.path.relpath(absolute, start).replace(os.sep, "/")
        # ./ first: a file named like a URL scheme (javascript:...) stays a relative path
        prefix = "" if relative.startswith("../") else "./"
        return prefix + quote(unicode_safe(relative), safe="/")


class _Lines:
    """Source lines of the files data-flow steps go through, read once per file; a file that
    is gone or unreadable shows its steps without code."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: Dict[str, List[str]] = {}

    def line(self, path: str, number: int) -> str:
        if path not in self.files:
            try:
                raw = (self.root / path).read_bytes()
                self.files[path] = raw.decode("utf-8", "replace").splitlines()
            except (OSError, ValueError):
                self.files[path] = []
        lines = self.files[path]
        return context_line(lines[number - 1]) if 0 < number <= len(lines) else ""


def _flow(finding: Finding, links: _Links, lines: _Lines) -> List[Dict[str, Any]]:
    steps = []
    window = dict(finding.context)
    for step in flow_steps(finding):
        region = step.region
        code = window.get(region.start_line) if step.path == finding.path else None
        steps.append(
            {
                "p": step.path,
                "l": region.start_line,
                "k": region.start_column,
                "el": region.end_line,
                "ek": region.end_column,
                "m": step.message,
                "n": step.nesting,
                "x": code if code is not None else lines.line(step.path, region.start_line),
                "h": links.href(step.path, region.start_line),
            }
        )
    return steps


def _state(finding: Finding) -> str:
    if finding.suppressed_by is not None:
        return "nosec"
    return finding.baseline_state or ""


def _finding(finding: Finding, links: _Links, lines: _Lines) -> Dict[str, Any]:
    """One finding in the blob; short keys, as a large report holds tens of thousands."""
    item: Dict[str, Any] = {
        "i": finding.rule_id,
        "s": finding.severity.name,
        "c": finding.confidence.name,
        "p": finding.path,
        "l": finding.region.start_line,
        "k": finding.region.start_column,
        "el": finding.region.end_line,
        "m": finding.message,
        "x": [list(pair) for pair in finding.context],
        "h": links.href(finding.path, finding.region.start_line),
    }
    state = _state(finding)
    if state:
        item["st"] = state
    if finding.suppressed_by:
        item["ns"] = finding.suppressed_by
    flow = _flow(finding, links, lines)
    if flow:
        item["f"] = flow
    return item


def _rule(rule: Rule) -> Dict[str, Any]:
    sections = rule.sections
    return {
        "n": rule.name,
        "t": rule.short,
        "w": rule.cwe,
        "wu": cwe_link(rule.cwe) if rule.cwe else "",
        "u": help_uri(rule),
        "d": [[name, sections[name]] for name in _HELP_SECTIONS if name in sections],
    }


def _findings(report: Report) -> List[Finding]:
    """Reported findings, then those a # nosec suppressed and those gone since the baseline:
    the table shows the first by default and the others on request."""
    return sorted([*report.findings, *report.suppressed, *report.absent], key=Finding.sort_key)


def payload(report: Report, links: _Links) -> Dict[str, Any]:
    lines = _Lines(report.root)
    findings = _findings(report)
    used = {f.rule_id for f in findings}
    known = {rule.id: rule for rule in report.rules}
    return {
        "rules": {rule_id: _rule(known[rule_id]) for rule_id in sorted(used) if rule_id in known},
        "findings": [_finding(f, links, lines) for f in findings],
    }


# --- the static summary ----------------------------------------------------------------------


def _matrix(findings: Sequence[Finding]) -> str:
    """Findings by severity (rows) × confidence (columns); each cell filters the table."""
    counts = Counter((f.severity, f.confidence) for f in findings)
    peak = max(counts.values(), default=0)
    head = "".join(f"<th scope='col'>{rank.name.title()}</th>" for rank in _SHOWN_RANKS)
    rows = []
    for severity in _SHOWN_RANKS:
        cells = []
        for confidence in _SHOWN_RANKS:
            count = counts.get((severity, confidence), 0)
            # five shades by share of the largest cell; 0 stays blank
            shade = 0 if not count else 1 + min(4, 4 * count // max(peak, 1))
            label = (
                f"{count} findings of {severity.name.lower()} severity and "
                f"{confidence.name.lower()} confidence: show them"
            )
            cells.append(
                f"<td class='heat-{shade}'><button type='button' class='cell' "
                f"data-sev='{severity.name}' data-conf='{confidence.name}' "
                f"aria-label='{text(label)}'>{count:,}</button></td>"
            )
        rows.append(
            f"<tr><th scope='row' class='sev-{severity.name}'>{severity.name.title()}</th>"
            + "".join(cells)
            + "</tr>"
        )
    return (
        "<table class='matrix'><caption>Findings by severity and confidence</caption>"
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def bar_chart(
    title: str, bars: Sequence[Tuple[str, int, Dict[str, str]]], total_label: str = "other"
) -> str:
    """A horizontal bar chart as inline SVG: one row per (label, count, data attributes), the
    largest first, beyond _MAX_BARS summed into one row; rows with attributes filter the
    table when clicked or pressed."""
    ranked = sorted(bars, key=lambda bar: (-bar[1], bar[0]))
    if len(ranked) > _MAX_BARS:
        rest = ranked[_MAX_BARS - 1 :]
        ranked = ranked[: _MAX_BARS - 1] + [
            (f"{len(rest)} more {total_label}", sum(bar[1] for bar in rest), {})
        ]
    if not ranked:
        return f"<figure class='chart'><figcaption>{text(title)}</figcaption><p>None.</p></figure>"
    peak = max(bar[1] for bar in ranked) or 1
    row_height, label_width, bar_width = 24, 300, 260
    width = label_width + bar_width + 60
    height = row_height * len(ranked)
    rows = []
    for index, (label, count, attributes) in enumerate(ranked):
        y = index * row_height
        shown = label if len(label) <= 42 else "…" + label[-41:]
        length = max(2, round(bar_width * count / peak))
        data = "".join(f" data-{key}='{text(value)}'" for key, value in attributes.items())
        interactive = (
            f" class='bar' role='button' tabindex='0' aria-label='{text(f'{label}: {count}')}'"
            if attributes
            else ""
        )
        rows.append(
            f"<g{interactive}{data} transform='translate(0,{y})'><title>{text(label)}: "
            f"{count:,}</title><text x='{label_width - 8}' y='16' text-anchor='end'>"
            f"{text(shown)}</text><rect x='{label_width}' y='4' width='{length}' "
            f"height='{row_height - 8}' rx='2'></rect><text x='{label_width + length + 6}' "
            f"y='16'>{count:,}</text></g>"
        )
    return (
        f"<figure class='chart'><figcaption>{text(title)}</figcaption>"
        f"<svg viewBox='0 0 {width} {height}' width='{width}' height='{height}' role='img' "
        f"aria-label='{text(title)}' xmlns='http://www.w3.org/2000/svg'>{''.join(rows)}</svg>"
        "</figure>"
    )


def folder_of(path: str) -> str:
    folder = posixpath.dirname(path.replace("\\", "/"))
    return folder or "."


def _charts(report: Report, findings: Sequence[Finding]) -> str:
    names = {rule.id: rule.name for rule in report.rules}
    by_check = Counter(f.rule_id for f in findings)
    by_folder = Counter(folder_of(f.path) for f in findings)
    checks = [
        (f"{rule_id} {names.get(rule_id, '')}".strip(), count, {"check": rule_id})
        for rule_id, count in by_check.items()
    ]
    folders = [(folder, count, {"folder": folder}) for folder, count in by_folder.items()]
    return bar_chart("Findings by check", checks, "checks") + bar_chart(
        "Findings by folder", folders, "folders"
    )


def _definition_list(items: Iterable[Tuple[str, str]]) -> str:
    rows = "".join(f"<dt>{text(term)}</dt><dd>{text(value)}</dd>" for term, value in items)
    return f"<dl>{rows}</dl>"


def _configuration(report: Report) -> List[Tuple[str, str]]:
    config = report.config
    known = {rule.id: rule for rule in report.rules}
    changed = sorted(
        f"{rule_id}: {json.dumps(dict(options), sort_keys=True, default=str)}"
        for rule_id, options in config.options.items()
        if rule_id in known and dict(options) != dict(known[rule_id].options)
    )
    return [
        ("severity threshold", config.severity.name.lower()),
        ("confidence threshold", config.confidence.name.lower()),
        ("checks run", str(len(config.selected))),
        ("files included", ", ".join(config.include)),
        ("excluded", ", ".join(config.exclude) or "nothing"),
        ("context lines (-n)", str(config.context_lines)),
        ("# nosec", "ignored" if config.ignore_nosec else "honoured"),
        ("options changed", "; ".join(changed) or "none"),
    ]


def _skipped_files(report: Report) -> str:
    reasons = skipped(report)
    if not reasons:
        return "<p>Every file in scope was scanned.</p>"
    rows = "".join(
        f"<tr><td>{text(path)}</td><td>{text(reason)}</td></tr>"
        for path, reason in sorted(reasons.items())
    )
    return (
        "<table class='plain'><thead><tr><th scope='col'>File</th><th scope='col'>Reason</th>"
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _facts(report: Report, facts: Optional[GitFacts]) -> List[Tuple[str, str]]:
    totals = metrics(report)["_totals"]
    items = [
        ("tool", f"sarifbandit {report.version}"),
        ("scanned", utc_time(report.finished, "%Y-%m-%d %H:%M:%S UTC")),
        ("folder", report.root.name or str(report.root)),
    ]
    if facts is not None and facts.revision:
        items.append(("commit", facts.revision))
    if facts is not None and facts.branch:
        items.append(("branch", facts.branch))
    items += [
        ("files scanned", f"{len(report.scanned_files):,}"),
        ("lines of code", f"{totals['loc']:,}"),
        ("skipped by # nosec", f"{totals['nosec'] + totals['skipped_tests']:,}"),
        ("below the thresholds", f"{report.filtered_out:,}"),
    ]
    return items


def page(report: Report, options: "WriterOptions", environ: Any = None) -> str:
    facts = git_facts(report.root, os.environ if environ is None else environ)
    folder = os.path.dirname(os.path.abspath(options.output)) if options.output else None
    links = _Links(report, facts, folder)
    style, script = _asset("report.css"), _asset("report.js")
    policy = (
        f"default-src 'none'; style-src {_hash(style)}; script-src {_hash(script)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    findings = report.findings
    count = len(findings)
    title = f"sarifbandit: {count:,} finding{'s' if count != 1 else ''} in {report.root.name}"
    warnings = [n for n in report.notifications if n.level != "error"]
    notes = "".join(
        f"<li>{text(n.path or '')}{':' + str(n.line) if n.line else ''} {text(n.message)}</li>"
        for n in warnings
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{text(title)}</title>
<link rel="icon" href="data:,">
<style>{style}</style>
</head>
<body>
<header>
<h1>{text(title)}</h1>
{_definition_list(_facts(report, facts))}
</header>
<main>
<section id="summary" aria-labelledby="summary-title">
<h2 id="summary-title">Summary</h2>
<div class="charts">
{_matrix(findings)}
{_charts(report, findings)}
</div>
</section>
<section id="findings" aria-labelledby="findings-title">
<h2 id="findings-title">Findings</h2>
<noscript><p>The table of findings needs JavaScript; the JSON, SARIF and text reports hold the
same findings.</p></noscript>
<div id="table-root"></div>
</section>
<section id="skipped" aria-labelledby="skipped-title">
<h2 id="skipped-title">Files not scanned</h2>
{_skipped_files(report)}
</section>
<section id="configuration" aria-labelledby="configuration-title">
<h2 id="configuration-title">Configuration</h2>
{_definition_list(_configuration(report))}
{f"<details><summary>{len(warnings):,} warnings</summary><ul>{notes}</ul></details>" if warnings else ""}
</section>
</main>
<script type="application/json" id="report-data">{script_json(payload(report, links))}</script>
<script>{script}</script>
</body>
</html>
"""


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    stream.write(page(report, options))
