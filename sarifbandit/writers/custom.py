"""Bandit's `custom` format: one line per finding from --msg-template.

Tags: abspath, relpath, line, col, end_col, test_id, severity, msg, confidence, range, cwe, with
Python format specs (`{line:>5}`). As in Bandit, an unknown tag gives a warning and prints its
name; a template without tags or that does not format is a usage error (exit status 2), found
before the scan starts by `check_template`.
"""

from __future__ import annotations

import string
from typing import IO, TYPE_CHECKING, Any, Dict, List, Tuple

from ..errors import ConfigError, closest
from ..model import Finding, Report
from .common import absolute_path, cwe_link, cwe_of, line_range, ordered, rule_of, unicode_safe

if TYPE_CHECKING:
    from . import WriterOptions

DEFAULT_TEMPLATE = "{abspath}:{line}: {test_id}[bandit]: {severity}: {msg}"
#: a value of each tag's type, to try the template's format specs on before the scan
_SAMPLE: Dict[str, Any] = {
    "abspath": "/src/app.py",
    "relpath": "app.py",
    "line": 1,
    "col": 0,
    "end_col": 1,
    "test_id": "B101",
    "severity": "LOW",
    "msg": "message",
    "confidence": "HIGH",
    "range": [1],
    "cwe": "CWE-703 (https://cwe.mitre.org/data/definitions/703.html)",
}
TAGS = tuple(_SAMPLE)


def _fields(template: str) -> List[Tuple[str, str, str]]:
    """(literal, field, spec) for each placeholder; ConfigError when the template is malformed."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise ConfigError(f"--msg-template is not a valid format string: {exc}") from None
    return [(lit, name, spec or "") for lit, name, spec, _ in parts if name is not None]


def check_template(template: str) -> List[str]:
    """Warnings for unknown tags; ConfigError for a template that cannot be used."""
    fields = _fields(template)
    if not fields:
        raise ConfigError(
            "--msg-template has no tags; write at least one, e.g. '{relpath}:{line}: {msg}'"
        )
    warnings = []
    for _, name, _ in fields:
        if name == "" or name.isdigit():
            raise ConfigError(
                f"--msg-template: positional field '{{{name}}}' is not a tag; "
                f"use one of {', '.join(TAGS)}"
            )
        if name not in _SAMPLE:
            close = closest(name, TAGS)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            warnings.append(f"--msg-template: unknown tag '{name}' is printed as is{hint}")
    try:
        _render(template, _SAMPLE)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise ConfigError(f"--msg-template does not format: {exc}") from None
    return warnings


class _Tags(dict):
    """Tag values; an unknown tag stands for its own name, as in Bandit."""

    def __missing__(self, key: str) -> str:
        return key


def _render(template: str, values: Dict[str, Any]) -> str:
    return string.Formatter().vformat(template, (), _Tags(values))


def tags(report: Report, finding: Finding) -> Dict[str, Any]:
    cwe = cwe_of(rule_of(report, finding))
    return {
        "abspath": absolute_path(report, finding),
        "relpath": finding.path,
        "line": finding.line,
        "col": finding.col_offset,
        "end_col": finding.end_col_offset,
        "test_id": finding.rule_id,
        "severity": finding.severity.name,
        "msg": finding.message,
        "confidence": finding.confidence.name,
        "range": line_range(finding),
        "cwe": f"CWE-{cwe} ({cwe_link(cwe)})",
    }


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    template = options.msg_template or DEFAULT_TEMPLATE
    check_template(template)
    for finding in ordered(report, options.aggregate):
        stream.write(unicode_safe(_render(template, tags(report, finding))) + "\n")
