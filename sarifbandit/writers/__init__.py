"""Report writers, one module per output format, all with the signature
`write(report, stream, options)`; the CLI looks formats up here and nowhere else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Callable, Dict, Optional

from ..api import Report


@dataclass(frozen=True)
class WriterOptions:
    """What the command line tells a writer beyond the report itself."""

    colour: bool = False
    quiet: bool = False
    verbose: bool = False
    msg_template: Optional[str] = None
    category: str = "sarifbandit/"
    #: Bandit's -a: order json/yaml results by "file" or by test ("vuln")
    aggregate: str = "file"


Writer = Callable[[Report, IO[str], WriterOptions], None]


def _writers() -> Dict[str, Writer]:
    from . import sarif, text

    return {"text": text.write, "sarif": sarif.write}


WRITERS: Dict[str, Writer] = _writers()
#: output file suffixes that choose a format when --format is not given
SUFFIXES: Dict[str, str] = {".sarif": "sarif"}


def format_for(fmt: Optional[str], output: Optional[str]) -> str:
    """--format if given, else the -o file's suffix, else text."""
    if fmt:
        return fmt
    if output:
        for suffix, name in SUFFIXES.items():
            if output.lower().endswith(suffix):
                return name
    return "text"
