"""B612 logging_config_insecure_listen: logging.config.listen() without verify= accepts configurations that can run code."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B612",
    name="logging_config_insecure_listen",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=94,
    cwe_title="Code Injection",
    short="logging.config.listen() without verify= accepts configurations that can run code.",
    test_name="logging_config_insecure_listen",
    what="Flags calls of `logging.config.listen()` that do not pass a `verify` argument.",
    why="""`logging.config.listen()` opens a socket that accepts logging configurations. A configuration
can name classes and callables to instantiate, so anyone able to connect can run code in the
process, unless a `verify` function checks (for example by signature) what was received.""",
    example="""```python
thread = logging.config.listen(9999)
```""",
    use_instead="""```python
thread = logging.config.listen(9999, verify=check_signature)
```""",
    references=(
        (
            "logging.config.listen",
            "https://docs.python.org/3/library/logging.config.html#logging.config.listen",
        ),
    ),
)


@RULE.check(ast.Call, calls=("listen",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if ctx.qualname(node) == "logging.config.listen" and keyword(node, "verify") is None:
        yield ctx.finding(
            RULE,
            node.func,
            "logging.config.listen() without verify= lets any client send a configuration "
            "that runs code",
        )
