"""Report writers, one module per output format, all with the signature
`write(report, stream, options)`; the CLI looks formats up here and nowhere else."""

from __future__ import annotations

import importlib
from typing import IO, Callable, Dict, Iterator, List, Mapping, Optional

from ..model import Report
from ..records import record


@record(frozen=True)
class WriterOptions:
    """What the command line tells a writer beyond the report itself."""

    colour: bool = False
    quiet: bool = False
    verbose: bool = False
    msg_template: Optional[str] = None
    category: str = "sarifbandit/"
    #: Bandit's -a: order json/yaml results by "file" or by test ("vuln")
    aggregate: str = "file"
    #: include nosec-suppressed findings, marked with SARIF `suppressions`
    show_suppressed: bool = False
    #: write the machine's absolute source root and working directory into SARIF
    absolute_paths: bool = False
    #: the -o file (None: standard output), which the HTML report links files relative to
    output: Optional[str] = None


Writer = Callable[[Report, IO[str], WriterOptions], None]


class _Writers(Mapping[str, Writer]):
    """Format name to writer, each module imported when its format is first asked for: the
    SARIF object model alone costs more start-up time than a warm-cache scan of a project."""

    _MODULES = (
        "text",
        "sarif",
        "json",
        "csv",
        "custom",
        "github",
        "gitlab",
        "html",
        "xml",
        "yaml",
    )

    def __getitem__(self, fmt: str) -> Writer:
        if fmt not in self._MODULES:
            raise KeyError(fmt)
        return importlib.import_module(f"{__name__}.{fmt}").write  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(self._MODULES)

    def __len__(self) -> int:
        return len(self._MODULES)


WRITERS: Mapping[str, Writer] = _Writers()
#: output file suffixes that choose a format when --format is not given
SUFFIXES: Dict[str, str] = {
    ".sarif": "sarif",
    ".json": "json",
    ".csv": "csv",
    ".html": "html",
    ".htm": "html",
    ".xml": "xml",
    ".yaml": "yaml",
    ".yml": "yaml",
}


def check_options(fmt: str, options: WriterOptions) -> List[str]:
    """Problems a writer would meet, found before the scan: warnings to print, or ConfigError
    (exit status 2) for options the format cannot use, such as a malformed --msg-template."""
    if fmt == "custom":
        from .custom import DEFAULT_TEMPLATE, check_template

        return check_template(options.msg_template or DEFAULT_TEMPLATE)
    return []


def format_for(fmt: Optional[str], output: Optional[str]) -> str:
    """--format if given, else the -o file's suffix (GitLab's report by its usual name), else
    text."""
    if fmt:
        return fmt
    if output:
        name = output.replace("\\", "/").rsplit("/", 1)[-1].lower()
        if name == "gl-sast-report.json":
            return "gitlab"
        for suffix, format_name in SUFFIXES.items():
            if name.endswith(suffix):
                return format_name
    return "text"
