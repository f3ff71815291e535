"""What several writers share: the Bandit view of a finding (its rule's test name and CWE link,
the line range, the code window) and the results in the order a writer should print them."""

from __future__ import annotations

import os
import re
from typing import Dict, List, Match, Optional

from ..model import Finding, Report, Rule
from ..registry import rules_by_id

INFORMATION_URI = "https://github.com/sarifbandit/sarifbandit"


def help_uri(rule: Rule) -> str:
    """The rule's section of the generated docs (docs/rules.md) on the project's site."""
    return (
        f"{INFORMATION_URI}/blob/main/docs/rules.md#{rule.id.lower()}-{rule.name.replace('_', '-')}"
    )


def cwe_link(number: int) -> str:
    return f"https://cwe.mitre.org/data/definitions/{number}.html"


def rule_of(finding: Finding) -> Optional[Rule]:
    return rules_by_id().get(finding.rule_id)


def test_name(finding: Finding) -> str:
    rule = rule_of(finding)
    if rule is None:
        return ""
    return rule.test_name or rule.name


def cwe_of(finding: Finding) -> int:
    rule = rule_of(finding)
    return rule.cwe if rule is not None else 0


def line_range(finding: Finding) -> List[int]:
    return list(range(finding.region.start_line, finding.region.end_line + 1))


def code_window(finding: Finding) -> str:
    """Bandit's `code`: each context line as 'number text', newline-terminated."""
    return "".join(f"{number} {text}\n" for number, text in finding.context)


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


_SURROGATE = re.compile("[\ud800-\udfff]")


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
