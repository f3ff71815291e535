"""B104 hardcoded_bind_all_interfaces: The address "0.0.0.0" makes a service listen on every network interface."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..model import MEDIUM, Finding, Rule
from .code_strings import code_string_finding

RULE = Rule(
    id="B104",
    name="hardcoded_bind_all_interfaces",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=1327,
    cwe_title="Binding to an Unrestricted IP Address",
    short="""The address "0.0.0.0" makes a service listen on every network interface.""",
    test_name="hardcoded_bind_all_interfaces",
    what="""Flags the string literal `"0.0.0.0"` anywhere in the code (docstrings excepted): it is how a
server is told to listen on every network interface. When the literal is only compared with
(`if host == "0.0.0.0":`), nothing binds to it, and the finding is kept with LOW confidence.""",
    why="""A service bound to all interfaces is reachable from every network the host is attached to, not
just the one it was meant for; an internal admin port or debug server becomes public as soon as
the machine has a public address.""",
    example="""```python
server.bind(("0.0.0.0", 8080))
```""",
    use_instead="""Bind to the interface the service is for, and make it configurable:
```python
server.bind((settings.LISTEN_ADDRESS, 8080))  # e.g. "127.0.0.1"
```""",
    references=(
        ("socket.bind", "https://docs.python.org/3/library/socket.html#socket.socket.bind"),
    ),
)


@RULE.check(ast.Constant)
def check(node: ast.Constant, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if node.value != "0.0.0.0":
        return
    yield code_string_finding(
        RULE,
        node,
        ctx,
        "'0.0.0.0' is the address for listening on every network interface",
        lambda parent, _: isinstance(parent, ast.Compare),
    )
