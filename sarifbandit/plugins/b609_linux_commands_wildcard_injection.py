"""B609 linux_commands_wildcard_injection: A shell command combines a * wildcard with chown, chmod, tar or rsync."""

from __future__ import annotations

import ast
from typing import FrozenSet, Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Finding, Rule
from .shell_injection import SHELL_OPTIONS

RULE = Rule(
    id="B609",
    name="linux_commands_wildcard_injection",
    severity=HIGH,
    confidence=MEDIUM,
    cwe=155,
    cwe_title="Improper Neutralization of Wildcards",
    short="A shell command combines a * wildcard with chown, chmod, tar or rsync.",
    test_name="linux_commands_wildcard_injection",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "linux_commands_wildcard_injection"),
    what="""Flags commands run through a shell that combine a `*` wildcard with `chown`, `chmod`, `tar` or
`rsync`: calls of the `shell` functions (`os.system`, `os.popen` ...) and of the `subprocess`
functions with a literal `shell=True`, whose first argument is a string literal, or a list
literal whose elements joined together, contain both. The finding points at that command.""",
    why="""The shell expands `*` into the names of the files in the directory before the program sees
them. A file named `--reference=evil` or `--checkpoint-action=exec=sh x.sh` then becomes an
option of `chown` or `tar`: anyone who can create files there can change what the command does,
up to running their own commands.""",
    example="""```python
os.system("tar cf backup.tar *")
```""",
    use_instead="""End the options with `--` and avoid the shell, or list the files in Python:
```python
subprocess.run(["tar", "cf", "backup.tar", "--", *os.listdir(".")])
```""",
    options_help="""Read from the `shell_injection` block (or `linux_commands_wildcard_injection`): the `shell` and
`subprocess` lists of qualified function names, shared with B602–B607.""",
    references=(
        ("Back to the future: Unix wildcards gone wild", "https://www.exploit-db.com/papers/33930"),
    ),
)

_PROGRAMS = ("chown", "chmod", "tar", "rsync")


def _command_text(command: ast.expr) -> str:
    """The command as Bandit reads it: a string literal as is, a list literal's elements each
    prefixed with a space (names by their identifier, attributes and other expressions as
    'None'); anything else gives ''."""
    if isinstance(command, ast.Constant) and isinstance(command.value, str):
        return command.value
    if isinstance(command, ast.List):
        return "".join(
            " None" if isinstance(e, ast.Attribute) else f" {value_of(e)}" for e in command.elts
        )
    return ""


def _listed(ctx: FileContext) -> FrozenSet[str]:
    """Both lists at once, built once per file: almost every call is in neither."""
    return ctx.option_set(RULE, "shell") | ctx.option_set(RULE, "subprocess")


@RULE.check(ast.Call)
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.args:
        return
    qualname = ctx.qualname(node)
    # both lists at once, built once per file: almost every call is in neither
    if qualname not in ctx.memo(_listed):
        return
    if qualname not in ctx.option_set(RULE, "shell"):
        # only a literal True (or "True") counts here, unlike the truthiness of B602
        if (
            qualname not in ctx.option_set(RULE, "subprocess")
            or value_of(keyword(node, "shell")) != "True"
        ):
            return
    text = _command_text(node.args[0])
    if "*" not in text:
        return
    program = next((p for p in _PROGRAMS if p in text), None)
    if program is not None:
        yield ctx.finding(
            RULE,
            node.args[0],
            f"{qualname}() runs {program!r} with a '*' wildcard through a shell: "
            "file names can turn into options",
        )
