"""Bandit's YAML report, field for field: the JSON report's document (errors, generated_at,
metrics, results) in block style with sorted keys, each result's `code` on one line with its
line breaks written as the two characters `\\n`, as Bandit writes it."""

from __future__ import annotations

from typing import IO, TYPE_CHECKING

import yaml

from ..model import Report
from .json import document

if TYPE_CHECKING:
    from . import WriterOptions


def write(report: Report, stream: IO[str], options: "WriterOptions") -> None:
    data = document(report, options)
    for result in data["results"]:
        result["code"] = result["code"].replace("\n", "\\n")
    # ASCII output, as Bandit's: other characters, and a file name's undecodable bytes, are
    # written as YAML escapes in double quotes
    yaml.safe_dump(data, stream, default_flow_style=False, allow_unicode=False)
