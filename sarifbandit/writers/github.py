"""GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per
finding, shown on the pull request's diff and the run's summary without any upload.

Values are escaped as the Actions runner reads them back: in the message %, CR and LF; in the
properties also ':' and ','. A hostile file name or message can therefore neither end the
command early nor start a new one.
"""

from __future__ import annotations

from typing import IO, TYPE_CHECKING, Optional

from ..model import Finding, Rank, Report, Rule
from .common import ordered, rule_of, unicode_safe
from .text import printable

if TYPE_CHECKING:
    from . import WriterOptions

LEVELS = {Rank.HIGH: "error", Rank.MEDIUM: "warning", Rank.LOW: "notice", Rank.UNDEFINED: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding, rule: Optional[Rule] = None) -> str:
    title = f"{finding.rule_id} {rule.name}" if rule is not None else finding.rule_id
    region = finding.region
    properties = [
        ("file", finding.path),
        ("line", str(region.start_line)),
        ("endLine", str(region.end_line)),
        ("col", str(region.start_column)),
        ("endColumn", str(region.end_column)),
        ("title", title),
    ]
    if region.start_line != region.end_line:
        # GitHub ignores columns on annotations that span lines
        properties = [p for p in properties if p[0] not in ("col", "endColumn")]
    # the runner decodes the escapes back, so a file name keeps its real characters
    props = ",".join(f"{key}={escape_property(unicode_safe(value))}" for key, value in properties)
    message = (
        f"{printable(finding.message)} "
        f"(severity {finding.severity.name}, confidence {finding.confidence.name})"
    )
    return f"::{LEVELS[finding.severity]} {props}::{escape_data(message)}"


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    for finding in ordered(report, options.aggregate):
        stream.write(annotation(finding, rule_of(report, finding)) + "\n")
