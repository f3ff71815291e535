"""The `scan` command's work, without click: resolve the flags into a run, scan, write the
report, and end with the exit status. Both command-line parsers (click's and the quick one of
`scan_options`) end here.

Exit status: 0 nothing at or above the thresholds, 1 findings, 2 usage/config/internal error,
130 interrupted, 143 terminated.
"""

from __future__ import annotations

import gc
import signal
import sys
from contextlib import nullcontext
from typing import Any, Callable, Collection, Mapping, Optional, Tuple, TypeVar

from .api import Report, scan
from .config.paths import one_walk
from .config.settings import BANDIT_FORMATS, resolve
from .engine.progress import ProgressBar
from .errors import ConfigError, closest
from .records import replace
from .writers import WRITERS, WriterOptions, check_options, format_for, text

_T = TypeVar("_T")

#: every -f value: our writers, and Bandit's names for text
FORMATS = sorted(set(WRITERS) | set(BANDIT_FORMATS))


def say(message: str) -> None:
    """One message on standard error; what its encoding cannot write is escaped, not lost."""
    stream = sys.stderr
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(message.encode(encoding, "backslashreplace").decode(encoding) + "\n")
    stream.flush()


def fail(message: str) -> SystemExit:
    """The error line of a usage or config mistake, and the exit (status 2) to raise."""
    say(f"sarifbandit: error: {message}")
    return SystemExit(2)


def unknown_format(name: str, where: str = "-f") -> str:
    """One line naming every format, and the closest one to what was typed."""
    close = closest(name, FORMATS)
    hint = f"; did you mean {close[0]}?" if close else ""
    return (
        f"{where} {name}: unknown format; the formats are {', '.join(sorted(WRITERS))} "
        f"(Bandit's {' and '.join(sorted(BANDIT_FORMATS))} mean text){hint}"
    )


def interruptible(work: Callable[[], _T]) -> _T:
    """`work()`, where Ctrl-C or a cancelled CI job (SIGTERM) stops the workers and leaves no
    partial report; the exit status is 130 or 143, as shells report them."""
    try:
        previous = signal.signal(signal.SIGTERM, _terminated)
    except ValueError:  # not the main thread (an embedding program's): its handlers stay
        previous = None
    try:
        return work()
    except KeyboardInterrupt:
        say("sarifbandit: interrupted")
        raise SystemExit(130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _terminated(signum: int, frame: object) -> None:
    # an exception, unlike the default action, runs the clean-ups on its way out
    raise SystemExit(128 + signum)


def collect_garbage() -> None:
    """The collector on again for the scan (`cli.entry` starts without it), with what start-up
    made moved out of its sight: modules, rules and models live as long as the process, and
    forked workers then share their pages instead of copying them when a collection touches
    them."""
    gc.freeze()
    gc.enable()


def run_scan(flags: Mapping[str, Any], given: Collection[str]) -> None:
    """`scan`: one walk of each tree for the `.bandit` search and the discovery."""
    with one_walk():
        scan_and_report(flags, given)


def scan_and_report(flags: Mapping[str, Any], given: Collection[str]) -> None:
    """Run `scan` with these flag values (`given`: the names given on the command line); ends
    with SystemExit: 0 nothing to report, 1 findings, 2 a usage or config error."""
    try:
        run = resolve(flags, given)
        if run.fmt is not None and run.fmt not in WRITERS:  # from a .bandit file's format
            raise ConfigError(unknown_format(run.fmt, "format ="))
        for notice in run.config.notices:
            say(f"sarifbandit: warning: {notice.message}")
        # what only some runs use is imported by those runs: start-up is most of a small scan
        changes = _gitdiff().changed_lines(run.diff, run.targets) if run.diff else None
        previous = _baseline().load(run.baseline) if run.baseline else None
        if run.output:
            from .writers.output import check_output

            check_output(run.output, run.targets, run.config.include)
        template = WriterOptions(msg_template=run.msg_template)
        for warning in check_options(format_for(run.fmt, run.output), template):
            say(f"sarifbandit: warning: {warning}")
    except ConfigError as exc:
        raise fail(str(exc)) from None
    # one byte over the limit is enough to refuse it: a runaway pipe is not read into memory
    limit = run.config.max_file_size
    stdin = sys.stdin.buffer.read(limit + 1) if "-" in run.targets else None
    collect_garbage()
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
                say(f"sarifbandit: debug: {note.path}: {note.message}\n{note.detail}")
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
    raise SystemExit(0 if run.exit_zero or not failing else 1)


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
            say(f"sarifbandit: warning: {where}: {text.printable(note.message)}")


def _list_files(report: Report, sources: Tuple[str, ...]) -> None:
    """-v: the config files read, the files in scope and what was excluded, on stderr so that
    the report on stdout stays machine-readable."""
    lines = [f"config: {', '.join(sources) or 'none (defaults)'}"]
    lines.append(f"files in scope ({len(report.files)}):")
    lines.extend(f"  {result.path}" for result in report.files)
    lines.append(f"excluded ({len(report.excluded)}):")
    lines.extend(f"  {path}" for path in report.excluded)
    say("\n".join(text.printable(line) for line in lines))


def _write(report: Report, fmt: str, output: Optional[str], options: WriterOptions) -> None:
    writer = WRITERS[fmt]
    if output:
        from .writers.output import atomic_text

        try:
            with atomic_text(output) as stream:
                writer(report, stream, options)
        except OSError as exc:  # disk full, or the folder changed during the scan
            raise fail(f"-o {output}: cannot write the report: {exc.strerror or exc}") from None
    else:
        stdout = sys.stdout
        writer(report, stdout, replace(options, colour=text.use_colour(stdout)))
