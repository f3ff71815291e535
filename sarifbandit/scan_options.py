"""The `scan` command's options as data, and a parser of them that needs no click.

One table feeds both: `cli.py` builds the click command from it (help, usage errors, every
other command), and `quick_parse` reads a well-formed `scan` command line without importing
click, which costs a one-file scan about a quarter of its start-up. `quick_parse` accepts
exactly what click would and gives the same values; anything it is not sure of (help,
--version, an unknown option, a value click would refuse) returns None, and click parses the
command line instead and reports the mistake.
"""

from __future__ import annotations

import os
from typing import Any, Collection, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from .engine.cache import DEFAULT_DIR
from .records import record

#: an option's value is read by: (nothing) a flag, one more per use, the next word, the next
#: word per use, or a --name/--no-name pair
FLAG, COUNT, VALUE, MULTIPLE, SWITCH = "flag", "count", "value", "multiple", "switch"
RANKS = ("all", "low", "medium", "high")
SIZE_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


@record(frozen=True)
class Option:
    """One option of `scan`: its spellings, the name its value goes by, and how it is read."""

    names: Tuple[str, ...]
    dest: str
    kind: str
    help: str
    #: the spellings that turn a SWITCH off
    off: Tuple[str, ...] = ()
    default: Any = None
    metavar: Optional[str] = None
    choices: Tuple[str, ...] = ()
    ignore_case: bool = False
    #: an integer at least this
    minimum: Optional[int] = None
    #: a byte size (`500k`, `10M`)
    size: bool = False
    #: a file path that must not be a directory
    file: bool = False
    #: -f: the formats, checked by the command (one error line listing them all)
    formats: bool = False
    show_default: bool = False


def _flag(names: Tuple[str, ...], dest: str, help: str) -> Option:
    return Option(names, dest, FLAG, help, default=False)


def _switch(on: Tuple[str, ...], off: Tuple[str, ...], dest: str, help: str) -> Option:
    return Option(on, dest, SWITCH, help, off=off, default=False)


SCAN_OPTIONS: Tuple[Option, ...] = (
    _flag(
        ("-r", "--recursive"),
        "recursive",
        "Accepted for Bandit compatibility; directories are always walked.",
    ),
    Option(
        ("-a", "--aggregate"),
        "aggregate",
        VALUE,
        "Order json results by file (default) or by check (vuln).",
        default="file",
        choices=("file", "vuln"),
    ),
    Option(
        ("-n", "--number"),
        "context_lines",
        VALUE,
        "Lines of code shown around each finding.",
        default=3,
        minimum=0,
        show_default=True,
    ),
    Option(
        ("-c", "--configfile"),
        "configfile",
        VALUE,
        "Config file: YAML, or TOML with [tool.bandit]/[tool.sarifbandit]. Default: the nearest "
        "pyproject.toml that has one of those tables, up to the repository root.",
        metavar="FILE",
    ),
    Option(
        ("-p", "--profile"),
        "profile",
        VALUE,
        "Run the checks of this profile from the config file.",
    ),
    Option(
        ("-t", "--tests"),
        "tests",
        VALUE,
        "Comma-separated check ids to run (B001 = every deny-list check).",
    ),
    Option(("-s", "--skip"), "skips", VALUE, "Comma-separated check ids to skip."),
    Option(
        ("-l", "--level"),
        "level_count",
        COUNT,
        "Severity threshold: -l low, -ll medium, -lll high.",
        default=0,
    ),
    Option(
        ("--severity-level",),
        "severity_level",
        VALUE,
        "Report only findings of this severity or higher.",
        choices=RANKS,
        ignore_case=True,
    ),
    Option(
        ("-i", "--confidence"),
        "confidence_count",
        COUNT,
        "Confidence threshold: -i low, -ii medium, -iii high.",
        default=0,
    ),
    Option(
        ("--confidence-level",),
        "confidence_level",
        VALUE,
        "Report only findings of this confidence or higher.",
        choices=RANKS,
        ignore_case=True,
    ),
    Option(
        ("-f", "--format"),
        "fmt",
        VALUE,
        "Output format (default: from the -o suffix, else text). Bandit's screen and txt "
        "mean text.",
        formats=True,
    ),
    Option(
        ("--msg-template",),
        "msg_template",
        VALUE,
        "With -f custom: the line written per finding, e.g. '{relpath}:{line}'.",
    ),
    Option(
        ("-o", "--output"),
        "output",
        VALUE,
        "Write the report to FILE instead of standard output.",
        file=True,
    ),
    _switch(
        ("-v", "--verbose"),
        ("--no-verbose",),
        "verbose",
        "Also list the config files read, the files scanned and the exclusions (on stderr).",
    ),
    _switch(
        ("-q", "--quiet", "--silent"),
        ("--no-quiet",),
        "quiet",
        "Print nothing when there are no findings.",
    ),
    _switch(("-d", "--debug"), ("--no-debug",), "debug", "Include tracebacks of internal errors."),
    _switch(
        ("--ignore-nosec",),
        ("--no-ignore-nosec",),
        "ignore_nosec",
        "Report findings even where a # nosec comment suppresses them. The --no- forms undo "
        "a .bandit file's setting.",
    ),
    Option(
        ("-x", "--exclude"),
        "exclude",
        VALUE,
        "Comma-separated paths or globs to skip, added to the defaults and exclude_dirs; "
        "replaces the .bandit file's exclude.",
    ),
    Option(
        ("--extend-exclude",),
        "extend_exclude",
        MULTIPLE,
        "Comma-separated paths or globs to skip on top of everything else (repeatable).",
        default=(),
    ),
    Option(
        ("-b", "--baseline"),
        "baseline",
        VALUE,
        "A previous sarifbandit SARIF or Bandit JSON report: report only what is new.",
        metavar="FILE",
    ),
    _flag(
        ("--show-absent",),
        "show_absent",
        "With --baseline, list baseline findings that are gone (SARIF baselineState absent).",
    ),
    Option(
        ("--diff",),
        "diff",
        VALUE,
        "Report only findings on lines added or changed since the git commit REF.",
        metavar="REF",
    ),
    Option(
        ("--ini",),
        "ini",
        VALUE,
        "The .bandit INI file to read instead of searching.",
        metavar="FILE",
    ),
    _flag(("--isolated",), "isolated", "Read no config file (.bandit, pyproject.toml) at all."),
    _flag(("--exit-zero",), "exit_zero", "Exit 0 even when there are findings."),
    Option(
        ("--stdin-filename",),
        "stdin_filename",
        VALUE,
        "The name reports give standard input (the target -); default <stdin>.",
        metavar="PATH",
    ),
    Option(
        ("--category",),
        "category",
        VALUE,
        "SARIF runAutomationDetails id, to tell several runs apart.",
    ),
    Option(
        ("-j", "--jobs"),
        "jobs",
        VALUE,
        "Worker processes (default: one per core).",
        minimum=1,
    ),
    _flag(
        ("--no-dataflow",),
        "no_dataflow",
        "Skip the data-flow analysis (its checks too): Bandit's checks only. Config: dataflow.",
    ),
    _flag(("--no-cache",), "no_cache", "Neither read nor write the results cache."),
    Option(
        ("--cache-dir",),
        "cache_dir",
        VALUE,
        f"Where the results cache lives (default: {DEFAULT_DIR} in the current directory).",
        metavar="DIR",
    ),
    Option(
        ("--max-file-size",),
        "max_file_size",
        VALUE,
        "Skip files bigger than SIZE (bytes, or e.g. 500k, 10M; default 10M).",
        metavar="SIZE",
        size=True,
    ),
    _flag(
        ("--show-suppressed",),
        "show_suppressed",
        "Also report findings a # nosec suppressed, marked as suppressed.",
    ),
    _flag(
        ("--sarif-absolute-paths",),
        "sarif_absolute_paths",
        "Write this machine's source root and working directory into SARIF (left out by default).",
    ),
)

#: the command-line words that the group reads before any command
GROUP_WORDS = ("-h", "--help", "--version")


def byte_size(value: str) -> Optional[int]:
    """A size such as 2000000, 500k or 10M, in bytes; None when it is not one."""
    text = value.strip().lower()
    text = text[:-1] if text.endswith("b") else text
    unit = text[-1:] if text[-1:] in SIZE_UNITS else ""
    number = text[: len(text) - len(unit)]
    if not number.isdigit() or int(number) == 0:
        return None
    return int(number) * SIZE_UNITS[unit]


class _Unsure(Exception):
    """The command line is not one this parser vouches for: click reads it."""


def quick_parse(
    argv: Sequence[str], commands: Collection[str], formats: Collection[str]
) -> Optional[Tuple[Dict[str, Any], Set[str]]]:
    """The `scan` flags (every option's value, defaults included) and the names of the options
    given on the command line, as click would give them; None when click should read `argv` itself.
    `commands` are the program's commands, `formats` the values -f takes."""
    words = list(argv)
    if words and words[0] == "scan":
        words = words[1:]
    elif not words or words[0] in commands or words[0] in GROUP_WORDS or _maybe_command(words[0]):
        return None
    try:
        return _parse(words, formats)
    except _Unsure:
        return None


def _maybe_command(word: str) -> bool:
    """A first word that might be a mistyped command (click then says so): no option, no path."""
    return not (word.startswith("-") or any(c in word for c in "./\\") or os.path.lexists(word))


_BY_NAME = {name: option for option in SCAN_OPTIONS for name in (*option.names, *option.off)}


def _parse(words: List[str], formats: Collection[str]) -> Tuple[Dict[str, Any], Set[str]]:
    flags: Dict[str, Any] = {option.dest: option.default for option in SCAN_OPTIONS}
    given: Set[str] = set()
    targets: List[str] = []
    queue = iter(words)
    for word in queue:
        if word == "--":
            targets.extend(queue)
        elif word == "-" or not word.startswith("-"):
            targets.append(word)
        elif word.startswith("--"):
            name, equals, attached = word.partition("=")
            option = _BY_NAME.get(name)
            if option is None:
                raise _Unsure
            if option.kind in (VALUE, MULTIPLE):
                _store(option, attached if equals else _next(queue), flags, formats)
            elif equals:
                raise _Unsure
            else:
                _set(option, name, flags)
            given.add(option.dest)
        else:
            for option in _cluster(word, queue, flags, formats):
                given.add(option.dest)
    flags["targets"] = tuple(targets)
    return flags, given


def _cluster(
    word: str, queue: Iterator[str], flags: Dict[str, Any], formats: Collection[str]
) -> Iterator[Option]:
    """Short options run together (`-lll`, `-vr`, `-n5`, `-ojson.out`)."""
    for at in range(1, len(word)):
        name = "-" + word[at]
        option = _BY_NAME.get(name)
        if option is None:
            raise _Unsure
        if option.kind in (VALUE, MULTIPLE):
            rest = word[at + 1 :]
            _store(option, rest if rest else _next(queue), flags, formats)
            yield option
            return
        _set(option, name, flags)
        yield option


def _next(queue: Iterator[str]) -> str:
    value = next(queue, None)
    if value is None:
        raise _Unsure
    return value


def _set(option: Option, name: str, flags: Dict[str, Any]) -> None:
    if option.kind == COUNT:
        flags[option.dest] += 1
    else:
        flags[option.dest] = name not in option.off


def _store(option: Option, value: str, flags: Dict[str, Any], formats: Collection[str]) -> None:
    if option.formats and value not in formats:
        raise _Unsure
    converted = _converted(option, value)
    if option.kind == MULTIPLE:
        flags[option.dest] = (*flags[option.dest], converted)
    else:
        flags[option.dest] = converted


def _converted(option: Option, value: str) -> Any:
    if option.choices:
        folded = value.lower() if option.ignore_case else value
        if folded not in option.choices:
            raise _Unsure
        return folded
    if option.minimum is not None:
        try:
            number = int(value)
        except ValueError:
            raise _Unsure from None
        if number < option.minimum:
            raise _Unsure
        return number
    if option.size:
        size = byte_size(value)
        if size is None:
            raise _Unsure
        return size
    if option.file and os.path.isdir(value):
        raise _Unsure
    return value
