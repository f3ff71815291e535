"""Findings for people on a terminal: `path:line:col: ID message`, then the severity and
confidence said in words, the CWE and documentation links, the context lines (-n) and, found by
data flow, the path from source to sink; at the end the totals Bandit gives.

Everything taken from the scanned files (names, snippets, messages quoting code) passes through
`printable`, so control characters and bidirectional overrides cannot drive the terminal.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import IO, TYPE_CHECKING, List, Optional

from ..model import Finding, Rank, Report, Rule
from .common import cwe_link, cwe_of, flow_steps, help_uri
from .metrics import RANKS, metrics

if TYPE_CHECKING:
    from . import WriterOptions

_COLOURS = {Rank.HIGH: "\033[31m", Rank.MEDIUM: "\033[33m", Rank.LOW: "\033[36m"}
_RESET = "\033[0m"
_BOLD = "\033[1m"
# bidirectional controls (Trojan Source) and other invisible format characters are shown escaped
_INVISIBLE = frozenset(
    [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x2060, 0xFEFF]
    + list(range(0x202A, 0x202F))
    + list(range(0x2066, 0x206A))
)


def printable(text: str) -> str:
    """`text` with C0/C1 controls (except tab) and invisible format characters escaped, and the
    undecodable bytes of a file name (lone surrogates from os.fsdecode) shown as `\\xNN`."""
    if text.isprintable() and text.isascii():
        return text
    out = []
    for char in text:
        code = ord(char)
        if char == "\t":
            out.append(char)
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code < 0x20 or 0x7F <= code < 0xA0 or code in _INVISIBLE or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}")
        else:
            out.append(char)
    return "".join(out)


#: notifications about the user's own nosec and noqa comments, shown with the findings:
#: an id that suppressed nothing, a word that is no check
COMMENT_WARNINGS = frozenset({"unused-nosec", "unknown-nosec-id"})


def use_colour(stream: IO[str]) -> bool:
    """Colour only on a terminal, never when NO_COLOR is set or TERM is dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def _paint(text: str, code: str, colour: bool) -> str:
    return f"{code}{text}{_RESET}" if colour and code else text


def plural(count: int, noun: str, many: str = "") -> str:
    """`1 file`, `2 files`, `1,024 lines`: a count and its noun in correct English."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def _details(finding: Finding, rule: Optional[Rule], colour: bool) -> List[str]:
    """The ranks said in words, the CWE and the documentation link, the nosec or baseline state."""
    severity = _paint(finding.severity.name, _COLOURS.get(finding.severity, ""), colour)
    line = f"severity: {severity}, confidence: {finding.confidence.name}"
    cwe = cwe_of(rule)
    if cwe:
        line += f", CWE-{cwe} ({cwe_link(cwe)})"
    lines = [line]
    if rule is not None:
        lines.append(f"docs: {help_uri(rule)}")
    if finding.suppressed_by:
        lines.append(f"suppressed by: {printable(finding.suppressed_by)}")
    if finding.baseline_state:
        lines.append(f"baseline: {finding.baseline_state}")
    return lines


def _code(finding: Finding) -> List[str]:
    """The context window (-n lines), the finding's own lines marked with '>'."""
    first, last = finding.region.start_line, finding.region.end_line
    return [
        f"{'>' if first <= number <= last else ' '} {number:>5} | {printable(text.rstrip())}"
        for number, text in finding.context
    ]


def _flow(finding: Finding) -> List[str]:
    """The data-flow path, source first, one line a step (deeper calls indented)."""
    steps = flow_steps(finding)
    if not steps:
        return []
    lines = ["data flow, source to sink:"]
    for number, step in enumerate(steps, 1):
        where = f"{printable(step.path)}:{step.region.start_line}:{step.region.start_column}"
        indent = "  " * step.nesting
        lines.append(f"  {indent}{number}. {where}: {printable(step.message)}")
    return lines


def format_finding(
    finding: Finding, colour: bool, show_code: bool = True, rule: Optional[Rule] = None
) -> str:
    """One finding as the text report shows it; `rule` adds its CWE and documentation link."""
    head = (
        f"{printable(finding.path)}:{finding.region.start_line}:{finding.region.start_column}: "
        f"{_paint(finding.rule_id, _BOLD, colour)} {printable(finding.message)}"
    )
    if not show_code:
        return head
    body = [*_details(finding, rule, colour), *_code(finding), *_flow(finding)]
    return "\n".join([head, *("  " + line for line in body)])


def summary(report: Report) -> str:
    """The reported findings by severity, then Bandit's totals: every finding by severity and
    by confidence (before the -l/-i thresholds, as Bandit counts), lines of code, what # nosec
    comments skipped, the files that could not be scanned."""
    counts = Counter(f.severity for f in report.findings)
    parts = [
        f"{counts.get(rank, 0)} {rank.name.lower()}" for rank in (Rank.HIGH, Rank.MEDIUM, Rank.LOW)
    ]
    totals = metrics(report)["_totals"]
    lines = [
        f"{plural(len(report.findings), 'finding')} ({', '.join(parts)}) in "
        f"{plural(len(report.scanned_files), 'file')}, "
        f"{plural(totals['loc'], 'line')} of code"
    ]
    for criterion in ("severity", "confidence"):
        ranks = ", ".join(
            f"{rank.name.lower()} {totals[f'{criterion.upper()}.{rank.name}']:,}"
            for rank in reversed(RANKS)
        )
        lines.append(f"  by {criterion}: {ranks}")
    if report.filtered_out:
        lines.append(
            f"  {plural(report.filtered_out, 'finding')} below the -l/-i thresholds: counted by "
            "severity and confidence, not shown"
        )
    nosec, named = totals["nosec"], totals["skipped_tests"]
    if nosec or named:
        lines.append(
            f"  # nosec: {plural(nosec, 'finding')} skipped by a bare # nosec, "
            f"{plural(named, 'finding')} by a # nosec naming the check"
        )
    skipped = len(report.skipped_files)
    if skipped:
        lines.append(f"  {plural(skipped, 'file')} skipped: could not be scanned (errors above)")
    return "\n".join(lines)


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    """The findings, a blank line after each, the files that could not be scanned and the
    comments that suppress nothing or name no check, then the summary."""
    colour, quiet = options.colour, options.quiet
    for finding in report.findings:
        stream.write(format_finding(finding, colour, rule=report.rule(finding.rule_id)) + "\n\n")
    for note in report.notifications:
        if note.level == "error" or note.code in COMMENT_WARNINGS:
            where = printable(note.path or "")
            if note.line:
                where += f":{note.line}"
            level = _paint(
                note.level, _COLOURS[Rank.HIGH if note.level == "error" else Rank.MEDIUM], colour
            )
            stream.write(f"{where}: {level}: {printable(note.message)}\n")
    if quiet and not report.findings:
        return
    stream.write(summary(report) + "\n")
