"""Bandit's CSV report: one row per finding, the same columns in the same order."""

from __future__ import annotations

import csv
import io
from typing import IO, TYPE_CHECKING

from ..model import Report
from .common import ordered, rule_of, unicode_safe
from .json import result

if TYPE_CHECKING:
    from . import WriterOptions

COLUMNS = (
    "filename",
    "test_name",
    "test_id",
    "issue_severity",
    "issue_confidence",
    "issue_cwe",
    "issue_text",
    "line_number",
    "col_offset",
    "end_col_offset",
    "line_range",
    "more_info",
)


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    """Quoted where needed by the csv module, so commas, quotes and newlines in file names and
    messages stay inside their cell."""
    buffer = io.StringIO()
    out = csv.DictWriter(buffer, fieldnames=COLUMNS, extrasaction="ignore")
    out.writeheader()
    for finding in ordered(report, options.aggregate):
        row = result(finding, rule_of(report, finding))
        row["issue_cwe"] = row["issue_cwe"]["link"]
        out.writerow(row)
    stream.write(unicode_safe(buffer.getvalue()))
