"""Bandit's XML report, field for field: a JUnit-style `testsuite` (Jenkins and GitLab read it as
a test report) with one `testcase` per finding, named for its file and check, holding an `error`
whose type is the severity and whose text says id, ranks, CWE, message and location.

Like Bandit's, it carries no metrics. Unlike Bandit's, it stays well-formed when a file name or a
message holds a character XML 1.0 cannot carry (a control character, an undecodable byte of a
file name): such a character is written as `\\xNN` or `\\uXXXX` text.
"""

from __future__ import annotations

import re
from typing import IO, TYPE_CHECKING, Match, Optional
from xml.etree import ElementTree as ET  # nosec B405 - builds XML, parses none

from ..model import Finding, Report, Rule
from .common import cwe_link, cwe_of, help_uri, ordered, rule_of, test_name

if TYPE_CHECKING:
    from . import WriterOptions

# what XML 1.0 cannot carry: C0 controls but tab, line feed and carriage return; surrogates
# (a file name's undecodable bytes); the two non-characters U+FFFE and U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_char(match: Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 cannot hold written out as an escape."""
    return _NOT_XML.sub(_xml_char, text)


def cwe_text(number: int) -> str:
    """Bandit's `CWE-20 (link)`, empty for a check without a CWE."""
    return f"CWE-{number} ({cwe_link(number)})" if number else ""


def _error_text(finding: Finding, rule: Optional[Rule]) -> str:
    return (
        f"Test ID: {finding.rule_id} Severity: {finding.severity.name} "
        f"Confidence: {finding.confidence.name}\n"
        f"CWE: {cwe_text(cwe_of(rule))}\n"
        f"{finding.message}\n"
        f"Location {finding.path}:{finding.line}"
    )


def document(report: Report, options: "WriterOptions") -> ET.Element:
    findings = ordered(report, options.aggregate)
    suite = ET.Element("testsuite", name="bandit", tests=str(len(findings)))
    for finding in findings:
        rule = rule_of(report, finding)
        case = ET.SubElement(
            suite, "testcase", classname=xml_text(finding.path), name=test_name(rule)
        )
        error = ET.SubElement(
            case,
            "error",
            more_info=help_uri(rule) if rule is not None else "",
            type=finding.severity.name,
            message=xml_text(finding.message),
        )
        error.text = xml_text(_error_text(finding, rule))
    return suite


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    """Bandit's bytes: the declaration with single quotes, a line break, then the suite on one
    line, without a final line break."""
    stream.write("<?xml version='1.0' encoding='utf-8'?>\n")
    stream.write(ET.tostring(document(report, options), encoding="unicode"))
