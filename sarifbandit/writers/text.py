"""Findings for people on a terminal: `path:line:col: ID [SEV/CONF] message`, the code, a summary.

Everything taken from the scanned files (names, snippets, messages quoting code) passes through
`printable`, so control characters and bidirectional overrides cannot drive the terminal.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import IO, TYPE_CHECKING, Iterable

from ..model import Finding, Rank, Report

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


def use_colour(stream: IO[str]) -> bool:
    """Colour only on a terminal, never when NO_COLOR is set or TERM is dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def _paint(text: str, code: str, colour: bool) -> str:
    return f"{code}{text}{_RESET}" if colour and code else text


def format_finding(finding: Finding, colour: bool, show_code: bool = True) -> str:
    ranks = f"[{finding.severity.name}/{finding.confidence.name}]"
    head = (
        f"{printable(finding.path)}:{finding.region.start_line}:{finding.region.start_column}: "
        f"{_paint(finding.rule_id, _BOLD, colour)} "
        f"{_paint(ranks, _COLOURS.get(finding.severity, ''), colour)} {printable(finding.message)}"
    )
    if not show_code:
        return head
    code = [
        f"  {number:>5} | {printable(text.rstrip())}"
        for number, text in finding.context
        if finding.region.start_line <= number <= finding.region.end_line
    ]
    return "\n".join([head, *code])


def summary(report: Report) -> str:
    counts = Counter(f.severity for f in report.findings)
    parts = [
        f"{counts.get(rank, 0)} {rank.name.lower()}" for rank in (Rank.HIGH, Rank.MEDIUM, Rank.LOW)
    ]
    files = len(report.scanned_files)
    line = (
        f"{len(report.findings)} finding{'s' if len(report.findings) != 1 else ''} "
        f"({', '.join(parts)}) in {files} file{'s' if files != 1 else ''}, "
        f"{sum(report.loc.values()):,} lines of code"
    )
    extras = []
    if report.suppressed:
        extras.append(f"{len(report.suppressed)} suppressed by nosec")
    if report.filtered_out:
        extras.append(f"{report.filtered_out} below the thresholds")
    if report.skipped_files:
        extras.append(f"{len(report.skipped_files)} file(s) not scanned")
    return line + (f"; {'; '.join(extras)}" if extras else "")


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    """The findings, the files that could not be scanned, then one summary line."""
    colour, quiet = options.colour, options.quiet
    blocks: Iterable[str] = (format_finding(f, colour) for f in report.findings)
    for block in blocks:
        stream.write(block + "\n")
    for note in report.notifications:
        if note.level == "error":
            where = printable(note.path or "")
            if note.line:
                where += f":{note.line}"
            stream.write(
                f"{where}: {_paint('error', _COLOURS[Rank.HIGH], colour)}: {printable(note.message)}\n"
            )
    if quiet and not report.findings:
        return
    stream.write(summary(report) + "\n")
