"""The click commands: help, usage errors, and every command; `scan` is built from the option
table it shares with the quick parser (`scan_options`), which reads a well-formed `scan` command
line without importing this module (see `cli`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, List, Optional

import click

from .engine import cache
from .errors import ConfigError, closest
from .model import Rule
from .registry import all_rules, rule_names, rules_by_id
from .scan_options import (
    COUNT,
    FLAG,
    GROUP_WORDS,
    MULTIPLE,
    SCAN_OPTIONS,
    SWITCH,
    Option,
    byte_size,
)
from .scanning import FORMATS, fail, interruptible, run_scan, unknown_format
from .version import __version__


class _FormatChoice(click.Choice):
    """-f: an unknown format is one error line listing the formats (exit 2), as the other
    usage errors of `scan` are, not click's usage text."""

    def convert(
        self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]
    ) -> Any:
        if value in self.choices:
            return value
        raise fail(unknown_format(str(value)))


def _byte_size(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[int]:
    if value is None:
        return None
    size = byte_size(value)
    if size is None:
        raise click.BadParameter(f"'{value}' is not a size; write bytes, or e.g. 500k or 10M")
    return size


class _BanditGroup(click.Group):
    """Bandit is called without a sub-command (`bandit -r src -f json`); so is sarifbandit when
    the first argument names no command: it means `scan`, and CI only swaps the binary name."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] not in self.commands and args[0] not in GROUP_WORDS:
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
        return interruptible(lambda: super(_BanditGroup, self).invoke(ctx))


def mistyped_command(word: str, commands: Iterable[str]) -> Optional[str]:
    """The command `word` is a typo of (`scna` for `scan`), or None when it is a target: an
    option, a path-like word, anything that exists on disk (a file named `scna` is scanned), or
    a word close to no command."""
    if word.startswith("-") or any(char in word for char in "./\\") or os.path.lexists(word):
        return None
    close = closest(word.lower(), commands)
    return close[0] if close else None


@click.group(cls=_BanditGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__, "--version", prog_name="sarifbandit", message="%(prog)s %(version)s"
)
def main() -> None:
    """Find security problems in Python code; write SARIF for code-scanning platforms.

    Without a command, the arguments are those of `scan`, as Bandit takes them."""


def _click_option(option: Option) -> Callable[[Any], Any]:
    """The click declaration of one `scan` option of the table."""
    settings: dict = {"help": option.help, "metavar": option.metavar}
    names: List[str] = [*option.names]
    if option.dest != option.names[-1].lstrip("-").replace("-", "_"):
        names.append(option.dest)
    if option.kind == FLAG:
        settings["is_flag"] = True
    elif option.kind == COUNT:
        settings["count"] = True
    elif option.kind == SWITCH:
        # click spells a pair as "--on/--off"; the first spelling carries the short form
        long_on = [n for n in option.names if n.startswith("--")]
        short = [n for n in option.names if not n.startswith("--")]
        names = [*short, f"{long_on[0]}/{option.off[0]}", *long_on[1:], option.dest]
        settings["default"] = option.default
    elif option.kind == MULTIPLE:
        settings["multiple"] = True
    else:
        settings["default"] = option.default
        settings["show_default"] = option.show_default
        if option.formats:
            settings["type"] = _FormatChoice(FORMATS)
        elif option.choices:
            settings["type"] = click.Choice(option.choices, case_sensitive=not option.ignore_case)
        elif option.minimum is not None:
            settings["type"] = click.IntRange(min=option.minimum)
        elif option.file:
            settings["type"] = click.Path(dir_okay=False)
        elif option.size:
            settings["callback"] = _byte_size
    return click.option(*names, **settings)


@click.pass_context
def _scan(ctx: click.Context, **flags: Any) -> None:
    """Scan files and directories (`-` reads standard input)."""
    # the options given (the targets are an argument: click 8.1 counts them given even when none)
    given = {
        name
        for name in flags
        if name != "targets"
        and ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
    }
    run_scan(flags, given)


def _scan_command() -> click.Command:
    command: Any = _scan
    for option in reversed(SCAN_OPTIONS):
        command = _click_option(option)(command)
    command = click.argument("targets", nargs=-1)(command)
    return main.command("scan")(command)


scan_command = _scan_command()


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
        raise fail(str(exc)) from None
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
        raise fail(f"cannot clear the cache in {cache_dir}: {exc.strerror or exc}") from None
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
        raise fail(f"unknown check '{rule_id}' (see 'sarifbandit rules'){hint}")
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
        raise fail(str(exc)) from None
