"""B102 exec_used: exec() runs arbitrary code; any outside influence on its argument is code injection."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B102",
    name="exec_used",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=95,
    cwe_title="Eval Injection",
    short="exec() runs arbitrary code; any outside influence on its argument is code injection.",
    test_name="exec_used",
    what="Flags calls to the built-in `exec`.",
    why="""`exec` runs any Python source it is given. When any part of that source can be influenced by a
user, a file or the network, an attacker can run their own code in the process.""",
    example="""```python
exec(request.args["code"])
```""",
    use_instead="""Parse data with a data parser (`json.loads`, `ast.literal_eval` for Python literals) or dispatch
to known functions through a dictionary:
```python
handlers = {"start": start, "stop": stop}
handlers[request.args["action"]]()
```""",
    references=(("exec()", "https://docs.python.org/3/library/functions.html#exec"),),
)


@RULE.check(ast.Call, calls=("exec",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if ctx.qualname(node) == "exec":
        yield ctx.finding(RULE, node, "exec() used: it runs whatever code it is given")
