"""The shell family, B602–B607: how processes are started, with one set of options.

All of them read the `shell_injection` config block (the key Bandit reads), or the per-check
keys its documentation shows; the lists merge with the defaults key by key.
"""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..context import FileContext
from ..model import HIGH, LOW, Finding, Rule
from ..nodes import is_str, is_truthy_literal, keyword

SHELL_OPTIONS = {
    "subprocess": [
        "subprocess.Popen",
        "subprocess.call",
        "subprocess.check_call",
        "subprocess.check_output",
        "subprocess.run",
    ],
    "shell": [
        "os.system",
        "os.popen",
        "os.popen2",
        "os.popen3",
        "os.popen4",
        "popen2.popen2",
        "popen2.popen3",
        "popen2.popen4",
        "popen2.Popen3",
        "popen2.Popen4",
        "commands.getoutput",
        "commands.getstatusoutput",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
    ],
    "no_shell": [
        "os.execl",
        "os.execle",
        "os.execlp",
        "os.execlpe",
        "os.execv",
        "os.execve",
        "os.execvp",
        "os.execvpe",
        "os.spawnl",
        "os.spawnle",
        "os.spawnlp",
        "os.spawnlpe",
        "os.spawnv",
        "os.spawnve",
        "os.spawnvp",
        "os.spawnvpe",
        "os.startfile",
    ],
}


def _family_rule(rule_id: str, name: str, severity, confidence, short: str, doc: str) -> Rule:
    return Rule(
        id=rule_id,
        name=name,
        severity=severity,
        confidence=confidence,
        cwe=78,
        short=short,
        doc=doc,
        test_name=name,
        options=SHELL_OPTIONS,
        config_keys=("shell_injection", name),
    )


B602 = _family_rule(
    "B602",
    "subprocess_popen_with_shell_equals_true",
    HIGH,
    HIGH,
    "A subprocess call with shell=True runs its command through the shell.",
    """## What it does
Flags calls of the `subprocess` functions (`Popen`, `run`, `call`, `check_call`,
`check_output`, and any listed in the `subprocess` option) with a true `shell=` argument. The
finding points at the `shell=` value. A command written as one string literal is reported with
LOW severity; a command built at run time with HIGH.

## Why is this bad?
With `shell=True` the command is a shell script: quotes, `;`, `|`, `$(...)` and globs in any part
of it that comes from outside let an attacker run commands of their own.

## Example
```python
subprocess.run(f"convert {name} out.png", shell=True)
```

## Use instead
Pass the program and its arguments as a list, without a shell:
```python
subprocess.run(["convert", name, "out.png"])
```

## Options
Read from the `shell_injection` block: `subprocess`, `shell` and `no_shell`, lists of the
qualified function names that start a process with, through, and without a shell.

## References
- [CWE-78: OS Command Injection](https://cwe.mitre.org/data/definitions/78.html)
- [subprocess: security considerations](https://docs.python.org/3/library/subprocess.html#security-considerations)
""",
)


@B602.check(ast.Call)
def check_subprocess_shell(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if qualname not in ctx.options(B602)["subprocess"]:
        return
    shell = keyword(node, "shell")
    if shell is None or not is_truthy_literal(shell) or not node.args:
        return
    literal = is_str(node.args[0])
    yield ctx.finding(
        B602,
        shell,
        f"{qualname}() runs its command through a shell (shell=True)"
        + ("" if literal else ", and the command is built at run time"),
        severity=LOW if literal else HIGH,
    )
