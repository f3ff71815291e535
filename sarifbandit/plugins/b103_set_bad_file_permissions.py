"""B103 set_bad_file_permissions: chmod() gives a file permissions that let the group or others write or execute it."""

from __future__ import annotations

import ast
import stat
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B103",
    name="set_bad_file_permissions",
    severity=HIGH,
    confidence=HIGH,
    cwe=732,
    cwe_title="Incorrect Permission Assignment for Critical Resource",
    short="chmod() gives a file permissions that let the group or others write or execute it.",
    test_name="set_bad_file_permissions",
    what="""Flags `chmod`-like calls (`os.chmod`, `os.fchmod`, `os.lchmod`, or any function whose name
contains `chmod`) called with exactly two positional arguments whose second one, the mode, is an
integer literal granting write or execute to the group or to others. The finding points at the
mode. A mode that others may write is HIGH severity; group write or group/other execute is MEDIUM.""",
    why="""A file others can write can be replaced or altered by any local user: a script or config file
changed that way runs their code with the owner's rights. Executable bits handed out widely make
it easier to run what was meant to stay private.""",
    example="""```python
import os
os.chmod("/etc/app/settings.py", 0o777)
```""",
    use_instead="""Grant the owner what it needs and nobody else more than read:
```python
import os
os.chmod("/etc/app/settings.py", 0o600)
```""",
    references=(("os.chmod", "https://docs.python.org/3/library/os.html#os.chmod"),),
)

_LOOSE_BITS = stat.S_IWOTH | stat.S_IWGRP | stat.S_IXGRP | stat.S_IXOTH


@RULE.check(ast.Call, calls=("*chmod*",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if len(node.args) != 2:
        return
    name = ctx.qualname(node).rpartition(".")[2]
    if "chmod" not in name:
        return
    mode = value_of(node.args[1])
    # value_of turns True/False into strings, so only real integer literals remain
    if not isinstance(mode, int) or not mode & _LOOSE_BITS:
        return
    world_writable = bool(mode & stat.S_IWOTH)
    path = node.args[0]
    shown = repr(path.value) if isinstance(path, ast.Constant) else "the file"
    yield ctx.finding(
        RULE,
        node.args[1],
        f"{name}() sets mode {oct(mode)} on {shown}: "
        + ("anyone may write it" if world_writable else "the group or others get write/execute"),
        severity=HIGH if world_writable else MEDIUM,
    )
