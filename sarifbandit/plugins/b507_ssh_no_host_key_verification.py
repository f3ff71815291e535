"""B507 ssh_no_host_key_verification: Paramiko is told to accept unknown SSH host keys, so the server is never verified."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import last_name
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B507",
    name="ssh_no_host_key_verification",
    severity=HIGH,
    confidence=MEDIUM,
    cwe=295,
    cwe_title="Improper Certificate Validation",
    short="Paramiko is told to accept unknown SSH host keys, so the server is never verified.",
    test_name="ssh_no_host_key_verification",
    what="""Flags `set_missing_host_key_policy()` calls, in a file that imports `paramiko`, whose first
argument is `AutoAddPolicy` or `WarningPolicy`: the class, an instance (`AutoAddPolicy()`),
or either spelled through a module (`paramiko.AutoAddPolicy()`). The finding points at the
policy.""",
    why="""The host key is how an SSH client knows it reached the right server. Accepting unknown keys
automatically (or with only a warning in a log) lets anyone who can intercept the connection
pose as the server and capture the credentials and commands sent to it.""",
    example="""```python
import paramiko
client = paramiko.SSHClient()
client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
```""",
    use_instead="""Load the known hosts and refuse the rest (the default policy):
```python
import paramiko
client = paramiko.SSHClient()
client.load_system_host_keys()
client.set_missing_host_key_policy(paramiko.RejectPolicy())
```""",
    references=(("Paramiko: SSHClient", "https://docs.paramiko.org/en/stable/api/client.html"),),
)

_TRUSTING_POLICIES = frozenset({"AutoAddPolicy", "WarningPolicy"})


@RULE.check(ast.Call, calls=("set_missing_host_key_policy",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.args or ctx.qualname(node).rpartition(".")[2] != "set_missing_host_key_policy":
        return
    if not ctx.imported_like("paramiko", node):
        return
    policy = node.args[0]
    chosen = last_name(policy.func if isinstance(policy, ast.Call) else policy)
    if chosen in _TRUSTING_POLICIES:
        yield ctx.finding(
            RULE, policy, f"{chosen} accepts the key of any SSH server it has not seen before"
        )
