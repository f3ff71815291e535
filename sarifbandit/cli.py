"""The command line: thin. It parses flags into a Config, calls the API and picks a writer.

Exit status: 0 nothing at or above the thresholds, 1 findings, 2 usage/config/internal error.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Optional, Tuple

import click

from . import __version__
from .api import Report, scan
from .config import Config, ConfigError, select
from .model import Rank
from .registry import all_rules, rules_by_id
from .writers import WRITERS, WriterOptions, format_for, text

_RANK_CHOICES = click.Choice(["all", "low", "medium", "high"], case_sensitive=False)


def _fail(message: str) -> "click.exceptions.Exit":
    click.echo(f"sarifbandit: error: {message}", err=True)
    return click.exceptions.Exit(2)


def _ids(value: Optional[str]) -> Tuple[str, ...]:
    return tuple(part.strip() for part in (value or "").split(",") if part.strip())


def _threshold(count: int, level: Optional[str], flag: str) -> Rank:
    if count and level:
        raise ConfigError(f"{flag} and its counted short form cannot be used together; pick one")
    if level:
        return Rank.parse(level)
    if count > 3:
        raise ConfigError(f"{flag}: at most three (-lll / -iii) are meaningful; use {flag} high")
    return Rank(count)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__, "--version", prog_name="sarifbandit", message="%(prog)s %(version)s"
)
def main() -> None:
    """Find security problems in Python code; write SARIF for code-scanning platforms."""


@main.command("scan")
@click.argument("targets", nargs=-1, required=True)
@click.option(
    "-r",
    "--recursive",
    is_flag=True,
    help="Accepted for Bandit compatibility; directories are always walked.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(sorted(WRITERS)),
    help="Output format (default: from the -o suffix, else text).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the report to FILE.",
)
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
    "-n",
    "--number",
    "context_lines",
    type=click.IntRange(min=0),
    default=3,
    show_default=True,
    help="Lines of code shown around each finding.",
)
@click.option(
    "--ignore-nosec",
    is_flag=True,
    help="Report findings even where a # nosec comment suppresses them.",
)
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), help="Worker processes (default: one per core)."
)
@click.option(
    "-q", "--quiet", "--silent", is_flag=True, help="Print nothing when there are no findings."
)
@click.option("-d", "--debug", is_flag=True, help="Include tracebacks of internal errors.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
def scan_command(
    targets: Tuple[str, ...],
    recursive: bool,
    fmt: Optional[str],
    output: Optional[str],
    tests: Optional[str],
    skips: Optional[str],
    level_count: int,
    severity_level: Optional[str],
    confidence_count: int,
    confidence_level: Optional[str],
    context_lines: int,
    ignore_nosec: bool,
    jobs: Optional[int],
    quiet: bool,
    debug: bool,
    exit_zero: bool,
) -> None:
    """Scan files and directories (`-` reads standard input)."""
    try:
        config = Config(
            selected=select(_ids(tests), _ids(skips), "command line"),
            severity=_threshold(level_count, severity_level, "--severity-level"),
            confidence=_threshold(confidence_count, confidence_level, "--confidence-level"),
            ignore_nosec=ignore_nosec,
            context_lines=context_lines,
            jobs=jobs,
            debug=debug,
        )
    except ConfigError as exc:
        raise _fail(str(exc)) from None
    stdin = sys.stdin.buffer.read() if "-" in targets else None
    report = scan(list(targets), config, stdin=stdin)
    _write(report, format_for(fmt, output), output, WriterOptions(quiet=quiet))
    raise click.exceptions.Exit(0 if exit_zero or not report.findings else 1)


def _write(report: Report, fmt: str, output: Optional[str], options: WriterOptions) -> None:
    writer = WRITERS[fmt]
    if output:
        with open(output, "w", encoding="utf-8", newline="\n") as stream:
            writer(report, stream, options)
    else:
        stdout = sys.stdout
        writer(report, stdout, replace(options, colour=text.use_colour(stdout)))


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


@main.command("rule")
@click.argument("rule_id")
def rule_command(rule_id: str) -> None:
    """Show the documentation of one check."""
    rule = rules_by_id().get(rule_id.upper())
    if rule is None:
        raise _fail(f"unknown check id '{rule_id}' (see 'sarifbandit rules')")
    click.echo(f"{rule.id} {rule.name}: {rule.short}\n")
    click.echo(
        f"severity {rule.severity.name}, confidence {rule.confidence.name}, CWE-{rule.cwe}\n"
    )
    click.echo(rule.doc.strip())
