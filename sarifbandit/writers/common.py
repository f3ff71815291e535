"""What several writers share: the Bandit view of a finding (its rule's test name and CWE link,
the line range, the code window) and the results in the order a writer should print them."""

from __future__ import annotations

import os
from typing import Dict, List, Match, Optional, Tuple

from ..model import MAX_FLOW_STEPS, Finding, FlowStep, Report, Rule
from ..regex import lazy

INFORMATION_URI = "https://github.com/sarifbandit/sarifbandit"
#: the SARIF relatedLocations id of a data-flow result's source, which its message links to
SOURCE_ID = 1
#: what a data-flow message's embedded link to the source says, and the text that carries it
_LINK = f" from [user input]({SOURCE_ID})."
#: characters a plain-text message escapes once it holds an embedded link (SARIF 3.11.6)
_LINK_SYNTAX = lazy(r"([\\\[\]])")
_ESCAPED = lazy(r"\\([\\\[\]])")


def utc_time(seconds: float, form: str) -> str:
    """A time of the report (`Report.started`, `finished`) in UTC, formatted by strftime."""
    import datetime

    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime(form)


def help_uri(rule: Rule) -> str:
    """The rule's section of the generated docs (docs/rules.md) on the project's site."""
    return (
        f"{INFORMATION_URI}/blob/main/docs/rules.md#{rule.id.lower()}-{rule.name.replace('_', '-')}"
    )


def cwe_link(number: int) -> str:
    return f"https://cwe.mitre.org/data/definitions/{number}.html"


def rule_of(report: Report, finding: Finding) -> Optional[Rule]:
    """The rule of `finding` among the report's rules (None for one the report does not hold)."""
    return report.rule(finding.rule_id)


def test_name(rule: Optional[Rule]) -> str:
    """Bandit's test name of `rule` ("" without one)."""
    if rule is None:
        return ""
    return rule.test_name or rule.name


def cwe_of(rule: Optional[Rule]) -> int:
    return rule.cwe if rule is not None else 0


def line_range(finding: Finding) -> List[int]:
    return list(range(finding.region.start_line, finding.region.end_line + 1))


def code_window(finding: Finding) -> str:
    """Bandit's `code`: each context line as 'number text', newline-terminated."""
    return "".join(f"{number} {text}\n" for number, text in finding.context)


def flow_steps(finding: Finding, limit: int = MAX_FLOW_STEPS) -> Tuple[FlowStep, ...]:
    """The finding's data-flow path as reports show it: at most `limit` steps, a longer path
    keeping its beginning (the source and what first carried it) and its end (the sink and the
    steps leading to it)."""
    flow = finding.flow
    if len(flow) <= limit:
        return flow
    head = (limit + 1) // 2
    return flow[:head] + flow[len(flow) - (limit - head) :]


def linked_message(message: str) -> str:
    """A data-flow result's message with an embedded link to its source: the message's own
    brackets and backslashes escaped, so only the link reads as one (SARIF 3.11.6)."""
    return _LINK_SYNTAX.sub(r"\\\1", message.strip()).rstrip(".") + _LINK


def unlinked_message(text: str) -> str:
    """The message linked_message was given (up to a final period), from its SARIF text."""
    if not text.endswith(_LINK):
        return text
    return _ESCAPED.sub(r"\1", text[: -len(_LINK)])


def absolute_path(report: Report, finding: Finding) -> str:
    return os.path.normpath(os.path.join(report.root, finding.path))


def ordered(report: Report, aggregate: str = "file", suppressed: bool = False) -> List[Finding]:
    """The findings (and nosec-suppressed ones when asked) by file, or by check id ("vuln")."""
    findings = list(report.findings)
    if suppressed:
        findings += report.suppressed
    if aggregate == "vuln":
        return sorted(findings, key=lambda f: (f.rule_id, *f.sort_key()))
    return sorted(findings, key=Finding.sort_key)


def skipped(report: Report) -> Dict[str, str]:
    """{file: reason} for every file that could not be scanned, the first reason given."""
    reasons: Dict[str, str] = {}
    scanned = set(report.scanned_files)
    for note in report.notifications:
        if note.level == "error" and note.path and note.path not in scanned:
            reasons.setdefault(note.path, note.message)
    return reasons


_SURROGATE = lazy("[\ud800-\udfff]")


def unicode_safe(text: str, backslash: str = "\\") -> str:
    """`text` that a UTF-8 stream accepts: a file name's undecodable byte, which os.fsdecode
    holds as a lone surrogate, becomes `\\xNN` (any other lone surrogate `\\uXXXX`)."""
    if text.isascii():
        return text

    def escape(match: Match[str]) -> str:
        code = ord(match.group())
        if 0xDC80 <= code <= 0xDCFF:
            return f"{backslash}x{code - 0xDC00:02x}"
        return f"{backslash}u{code:04x}"

    return _SURROGATE.sub(escape, text)


def json_safe(text: str) -> str:
    """unicode_safe for JSON text: the backslash it adds is itself escaped."""
    return unicode_safe(text, "\\\\")
