"""The command line: thin. It parses flags into a Config, calls the API and picks a writer.

Exit status: 0 nothing at or above the thresholds, 1 findings, 2 usage/config/internal error.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

import click

from .api import Report, scan
from .config.paths import one_walk
from .config.settings import BANDIT_FORMATS, resolve
from .engine import cache
from .engine.progress import ProgressBar
from .errors import ConfigError, closest
from .model import Rule
from .records import replace
from .registry import all_rules, rule_names, rules_by_id
from .version import __version__
from .writers import WRITERS, WriterOptions, check_options, format_for, text

_RANK_CHOICES = click.Choice(["all", "low", "medium", "high"], case_sensitive=False)


def _fail(message: str) -> "click.exceptions.Exit":
    click.echo(f"sarifbandit: error: {message}", err=True)
    return click.exceptions.Exit(2)


_SIZE_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


def _byte_size(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[int]:
    """A size such as 2000000, 500k or 10M, in bytes."""
    if value is None:
        return None
    text = value.strip().lower().removesuffix("b")
    unit = text[-1:] if text[-1:] in _SIZE_UNITS else ""
    number = text[: len(text) - len(unit)]
    if not number.isdigit() or int(number) == 0:
        raise click.BadParameter(f"'{value}' is not a size; write bytes, or e.g. 500k or 10M")
    return int(number) * _SIZE_UNITS[unit]


#: every -f value: our writers, and Bandit's names for text
FORMATS = sorted(set(WRITERS) | set(BANDIT_FORMATS))


def unknown_format(name: str, where: str = "-f") -> str:
    """One line naming every format, and the closest one to what was typed."""
    close = closest(name, FORMATS)
    hint = f"; did you mean {close[0]}?" if close else ""
    return (
        f"{where} {name}: unknown format; the formats are {', '.join(sorted(WRITERS))} "
        f"(Bandit's {' and '.join(sorted(BANDIT_FORMATS))} mean text){hint}"
    )


class _FormatChoice(click.Choice):
    """-f: an unknown format is one error line listing the formats (exit 2), as the other
    usage errors of `scan` are, not click's usage text."""

    def convert(
        self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]
    ) -> Any:
        if value in self.choices:
            return value
        raise _fail(unknown_format(str(value)))


class _BanditGroup(click.Group):
    """Bandit is called without a sub-command (`bandit -r src -f json`); so is sarifbandit when
    the first argument names no command: it means `scan`, and CI only swaps the binary name."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help", "--version"):
            meant = mistyped_command(args[0], self.commands)
            if meant is not None:
                raise click.UsageError(
                    f"'{args[0]}' is not a command; did you mean '{meant}'? (To scan a file "
                    f"of that name, write ./{args[0]})",
                    ctx,
                )
            args = ["scan", *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        # Ctrl-C, or a CI job cancelled (SIGTERM): the workers are stopped and no partial report
        # is left; 130 and 143 as shells report them
        on_main_thread = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, _terminated) if on_main_thread else None
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("sarifbandit: interrupted", err=True)
            raise click.exceptions.Exit(130) from None
        finally:
            if on_main_thread:
                signal.signal(signal.SIGTERM, previous)


def mistyped_command(word: str, commands: Iterable[str]) -> Optional[str]:
    """The command `word` is a typo of (`scna` for `scan`), or None when it is a target: an
    option, a path-like word, anything that exists on disk (a file named `scna` is scanned), or
    a word close to no command."""
    if word.startswith("-") or any(char in word for char in "./\\") or os.path.lexists(word):
        return None
    close = closest(word.lower(), commands)
    return close[0] if close else None


def _terminated(signum: int, frame: object) -> None:
    # an exception, unlike the default action, runs the clean-ups on its way out
    raise SystemExit(128 + signum)


@click.group(cls=_BanditGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__, "--version", prog_name="sarifbandit", message="%(prog)s %(version)s"
)
def main() -> None:
    """Find security problems in Python code; write SARIF for code-scanning platforms.

    Without a command, the arguments are those of `scan`, as Bandit takes them."""


def entry() -> None:
    """The program (the console script and `python -m sarifbandit`): `main`, then an exit that
    skips the interpreter's teardown of every module and object, which costs a small scan about
    a tenth of its time (mypy's fast exit does the same). Everything is finished by then: the
    report is written and closed, the workers are joined; the output streams are flushed here."""
    try:
        main()
        code: Any = 0
    except SystemExit as exc:
        code = exc.code
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: what could be written was
            pass
    os._exit(code or 0)


@main.command("scan")
@click.argument("targets", nargs=-1)
@click.option(
    "-r",
    "--recursive",
    is_flag=True,
    help="Accepted for Bandit compatibility; directories are always walked.",
)
@click.option(
    "-a",
    "--aggregate",
    type=click.Choice(["file", "vuln"]),
    default="file",
    help="Order json results by file (default) or by check (vuln).",
)
@click.option(
    "-n",
    "--number",
    "context_lines",
    type=click.IntRange(min=0),
    default=3,
    show_default=True,
    help="Lines of code shown around each finding.",
)
@click.option(
    "-c",
    "--configfile",
    metavar="FILE",
    help="Config file: YAML, or TOML with [tool.bandit]/[tool.sarifbandit]. Default: the nearest "
    "pyproject.toml that has one of those tables, up to the repository root.",
)
@click.option("-p", "--profile", help="Run the checks of this profile from the config file.")
@click.option(
    "-t", "--tests", help="Comma-separated check ids to run (B001 = every deny-list check)."
)
@click.option("-s", "--skip", "skips", help="Comma-separated check ids to skip.")
@click.option(
    "-l",
    "--level",
    "level_count",
    count=True,
    help="Severity threshold: -l low, -ll medium, -lll high.",
)
@click.option(
    "--severity-level", type=_RANK_CHOICES, help="Report only findings of this severity or higher."
)
@click.option(
    "-i",
    "--confidence",
    "confidence_count",
    count=True,
    help="Confidence threshold: -i low, -ii medium, -iii high.",
)
@click.option(
    "--confidence-level",
    type=_RANK_CHOICES,
    help="Report only findings of this confidence or higher.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=_FormatChoice(FORMATS),
    help="Output format (default: from the -o suffix, else text). Bandit's screen and txt "
    "mean text.",
)
@click.option(
    "--msg-template", help="With -f custom: the line written per finding, e.g. '{relpath}:{line}'."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the report to FILE instead of standard output.",
)
@click.option(
    "-v",
    "--verbose/--no-verbose",
    default=False,
    help="Also list the config files read, the files scanned and the exclusions (on stderr).",
)
@click.option(
    "-q",
    "--quiet/--no-quiet",
    "--silent",
    default=False,
    help="Print nothing when there are no findings.",
)
@click.option(
    "-d", "--debug/--no-debug", default=False, help="Include tracebacks of internal errors."
)
@click.option(
    "--ignore-nosec/--no-ignore-nosec",
    default=False,
    help="Report findings even where a # nosec comment suppresses them. The --no- forms undo "
    "a .bandit file's setting.",
)
@click.option(
    "-x",
    "--exclude",
    help="Comma-separated paths or globs to skip, added to the defaults and exclude_dirs; "
    "replaces the .bandit file's exclude.",
)
@click.option(
    "--extend-exclude",
    multiple=True,
    help="Comma-separated paths or globs to skip on top of everything else (repeatable).",
)
@click.option(
    "-b",
    "--baseline",
    metavar="FILE",
    help="A previous sarifbandit SARIF or Bandit JSON report: report only what is new.",
)
@click.option(
    "--show-absent",
    is_flag=True,
    help="With --baseline, list baseline findings that are gone (SARIF baselineState absent).",
)
@click.option(
    "--diff",
    metavar="REF",
    help="Report only findings on lines added or changed since the git commit REF.",
)
@click.option("--ini", metavar="FILE", help="The .bandit INI file to read instead of searching.")
@click.option(
    "--isolated", is_flag=True, help="Read no config file (.bandit, pyproject.toml) at all."
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--stdin-filename",
    metavar="PATH",
    help="The name reports give standard input (the target -); default <stdin>.",
)
@click.option("--category", help="SARIF runAutomationDetails id, to tell several runs apart.")
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), help="Worker processes (default: one per core)."
)
@click.option(
    "--no-dataflow",
    is_flag=True,
    help="Skip the data-flow analysis (its checks too): Bandit's checks only. Config: dataflow.",
)
@click.option("--no-cache", is_flag=True, help="Neither read nor write the results cache.")
@click.option(
    "--cache-dir",
    metavar="DIR",
    help=f"Where the results cache lives (default: {cache.DEFAULT_DIR} in the current directory).",
)
@click.option(
    "--max-file-size",
    callback=_byte_size,
    metavar="SIZE",
    help="Skip files bigger than SIZE (bytes, or e.g. 500k, 10M; default 10M).",
)
@click.option(
    "--show-suppressed",
    is_flag=True,
    help="Also report findings a # nosec suppressed, marked as suppressed.",
)
@click.option(
    "--sarif-absolute-paths",
    is_flag=True,
    help="Write this machine's source root and working directory into SARIF (left out by default).",
)
@click.pass_context
def scan_command(ctx: click.Context, **flags: Any) -> None:
    """Scan files and directories (`-` reads standard input)."""
    given = {
        name
        for name in flags
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    }
    with one_walk():  # the `.bandit` search and discovery read each tree once
        _scan_and_report(flags, given)


def _scan_and_report(flags: Dict[str, Any], given: Set[str]) -> None:
    try:
        run = resolve(flags, given)
        if run.fmt is not None and run.fmt not in WRITERS:  # from a .bandit file's format
            raise ConfigError(unknown_format(run.fmt, "format ="))
        for notice in run.config.notices:
            click.echo(f"sarifbandit: warning: {notice.message}", err=True)
        # what only some runs use is imported by those runs: start-up is most of a small scan
        changes = _gitdiff().changed_lines(run.diff, run.targets) if run.diff else None
        previous = _baseline().load(run.baseline) if run.baseline else None
        if run.output:
            from .writers.output import check_output

            check_output(run.output, run.targets, run.config.include)
        template = WriterOptions(msg_template=run.msg_template)
        for warning in check_options(format_for(run.fmt, run.output), template):
            click.echo(f"sarifbandit: warning: {warning}", err=True)
    except ConfigError as exc:
        raise _fail(str(exc)) from None
    # one byte over the limit is enough to refuse it: a runaway pipe is not read into memory
    limit = run.config.max_file_size
    stdin = sys.stdin.buffer.read(limit + 1) if "-" in run.targets else None
    with ProgressBar.for_stream(sys.stderr, run.quiet) or nullcontext() as bar:
        report = scan(
            list(run.targets),
            run.config,
            stdin=stdin,
            stdin_name=run.stdin_filename,
            progress=bar,
        )
    if run.config.debug:
        for note in report.notifications:
            if note.detail:
                click.echo(
                    f"sarifbandit: debug: {note.path}: {note.message}\n{note.detail}", err=True
                )
    if changes is not None:
        report = _gitdiff().restrict(report, changes)
    fmt = format_for(run.fmt, run.output)
    if previous is not None:
        report = _baseline().compare(report, previous, show_absent=run.show_absent)
        if fmt != "sarif":
            report = _baseline().only_new(report)
    if fmt != "text" or run.output:  # a text report on standard output lists them itself
        _comment_warnings(report)
    options = WriterOptions(
        quiet=run.quiet,
        verbose=run.verbose,
        msg_template=run.msg_template,
        aggregate=run.aggregate,
        absolute_paths=run.absolute_paths,
        output=run.output,
    )
    if run.category:
        options = replace(options, category=run.category)
    if run.verbose:
        _list_files(report, run.sources)
    _write(report, fmt, run.output, options)
    failing = [f for f in report.findings if f.baseline_state in (None, "new")]
    raise click.exceptions.Exit(0 if run.exit_zero or not failing else 1)


def _gitdiff() -> Any:
    from .writers import gitdiff

    return gitdiff


def _baseline() -> Any:
    from .writers import baseline

    return baseline


def _comment_warnings(report: Report) -> None:
    """`# nosec` / `# noqa` ids that suppressed nothing and words that are no check, on stderr,
    whatever the report's format: the people who wrote the comments should see them."""
    for note in report.notifications:
        if note.code in text.COMMENT_WARNINGS:
            where = text.printable(f"{note.path or ''}:{note.line or 0}")
            click.echo(f"sarifbandit: warning: {where}: {text.printable(note.message)}", err=True)


def _list_files(report: Report, sources: Tuple[str, ...]) -> None:
    """-v: the config files read, the files in scope and what was excluded, on stderr so that
    the report on stdout stays machine-readable."""
    lines = [f"config: {', '.join(sources) or 'none (defaults)'}"]
    lines.append(f"files in scope ({len(report.files)}):")
    lines.extend(f"  {result.path}" for result in report.files)
    lines.append(f"excluded ({len(report.excluded)}):")
    lines.extend(f"  {path}" for path in report.excluded)
    click.echo("\n".join(text.printable(line) for line in lines), err=True)


def _write(report: Report, fmt: str, output: Optional[str], options: WriterOptions) -> None:
    writer = WRITERS[fmt]
    if output:
        from .writers.output import atomic_text

        try:
            with atomic_text(output) as stream:
                writer(report, stream, options)
        except OSError as exc:  # disk full, or the folder changed during the scan
            raise _fail(f"-o {output}: cannot write the report: {exc.strerror or exc}") from None
    else:
        stdout = sys.stdout
        writer(report, stdout, replace(options, colour=text.use_colour(stdout)))


@main.command("merge")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-o", "--output", metavar="FILE", help="Write the merged SARIF to FILE.")
def merge_command(inputs: List[str], output: Optional[str]) -> None:
    """Merge the SARIF files of a sharded scan into one run (GitHub takes one run per tool)."""
    from .writers.output import atomic_text, refuse_scan_target
    from .writers.sarif_merge import merge_files

    try:
        merged = merge_files(inputs)
        if output:
            refuse_scan_target(output, inputs, ())
    except ConfigError as exc:
        raise _fail(str(exc)) from None
    if output:
        with atomic_text(output) as stream:
            stream.write(merged)
    else:
        click.echo(merged, nl=False)


@main.group("cache")
def cache_group() -> None:
    """Manage the results cache."""


@cache_group.command("clear")
@click.option(
    "--cache-dir",
    metavar="DIR",
    default=cache.DEFAULT_DIR,
    show_default=True,
    help="The cache directory to empty.",
)
def cache_clear_command(cache_dir: str) -> None:
    """Delete every cached result."""
    try:
        count = cache.clear(Path(cache_dir))
    except OSError as exc:
        raise _fail(f"cannot clear the cache in {cache_dir}: {exc.strerror or exc}") from None
    click.echo(f"removed {count} cached result{'s' if count != 1 else ''} from {cache_dir}")


@main.command("rules")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "markdown"]),
    default="table",
    show_default=True,
    help="table for people, json for scripts, markdown for docs/rules.md.",
)
def rules_command(fmt: str) -> None:
    """List every check: id, name, severity, confidence, CWE."""
    from .docs import RENDERERS

    click.echo(RENDERERS[fmt](all_rules()), nl=False)


def find_rule(word: str) -> Optional[Rule]:
    """The check a user names by id (b602, B602) or by name (subprocess_popen_with_shell_equals_true,
    or with dashes)."""
    by_id = rules_by_id().get(word.strip().upper())
    if by_id is not None:
        return by_id
    rule_id = rule_names().get(word.strip().lower().replace("-", "_"))
    return rules_by_id().get(rule_id) if rule_id else None


@main.command("rule")
@click.argument("rule_id", metavar="CHECK")
def rule_command(rule_id: str) -> None:
    """Show the documentation of one check, named by id (B602) or name (assert_used)."""
    rule = find_rule(rule_id)
    if rule is None:
        known = [*rules_by_id(), *rule_names()]
        close = closest(rule_id, known) or closest(rule_id.upper(), known)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise _fail(f"unknown check '{rule_id}' (see 'sarifbandit rules'){hint}")
    click.echo(f"{rule.id} {rule.name}: {rule.short}\n")
    click.echo(
        f"severity {rule.severity.name}, confidence {rule.confidence.name}, CWE-{rule.cwe}\n"
    )
    click.echo(rule.doc.strip())


@main.command("init")
@click.option(
    "--pyproject",
    is_flag=True,
    help="Add a [tool.sarifbandit] table to pyproject.toml instead of writing bandit.yaml.",
)
@click.option("-o", "--output", metavar="FILE", help="Where to write (default: bandit.yaml).")
@click.option("--force", is_flag=True, help="Overwrite an existing config.")
def init_command(pyproject: bool, output: Optional[str], force: bool) -> None:
    """Write a commented config listing every check and option with its default."""
    path = output or ("pyproject.toml" if pyproject else "bandit.yaml")
    try:
        from .config.template import write_init  # PyYAML is loaded only where a command needs it

        click.echo(write_init(path, pyproject, force))
    except ConfigError as exc:
        raise _fail(str(exc)) from None
