"""B601 paramiko_calls: A paramiko exec_command() call runs its command through the remote shell."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import argument
from ..model import MEDIUM, Finding, Rule

RULE = Rule(
    id="B601",
    name="paramiko_calls",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A paramiko exec_command() call runs its command through the remote shell.",
    test_name="paramiko_calls",
    what="""Flags calls of a method named `exec_command` in files that import `paramiko` (the check does not
know the object's type, so any `exec_command` counts once paramiko is imported). The finding
points at the command argument.""",
    why="""`SSHClient.exec_command` runs its string through the remote user's login shell. Any part of the
command that comes from outside can add commands of its own with `;`, `|`, `$(...)` or quotes,
and they run on the remote host.""",
    example="""```python
client.exec_command("ls -l " + directory)
```""",
    use_instead="""Quote every value that goes into the remote command, or avoid a command line altogether (SFTP
for file operations):
```python
client.exec_command("ls -l " + shlex.quote(directory))
```""",
    references=(
        ("Paramiko: SSHClient.exec_command", "https://docs.paramiko.org/en/stable/api/client.html"),
    ),
)


@RULE.check(ast.Call, calls=("exec_command",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith("exec_command") or qualname.rsplit(".", 1)[-1] != "exec_command":
        return
    if not ctx.imported_like("paramiko", node):
        return
    command = argument(node, 0, "command")
    yield ctx.finding(
        RULE,
        command if command is not None else node.func,
        "exec_command() hands this command to the remote shell: "
        "quote every value that goes into it",
    )
