"""The shell family, B602–B607: how processes are started, with one set of options.

All of them read the `shell_injection` config block (the key Bandit reads), or the per-check
key its documentation shows (the check's own name); the lists merge with the defaults key by key.
One matcher serves the six rules, so a call's qualified name and `shell=` argument are looked at
once.
"""

from __future__ import annotations

import ast
from typing import FrozenSet, Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import is_str, is_truthy_literal, keyword
from ..model import HIGH, LOW, MEDIUM, Finding, Rule, register
from ..regex import lazy

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


_REFERENCES = (
    (
        "subprocess: security considerations",
        "https://docs.python.org/3/library/subprocess.html#security-considerations",
    ),
)

B602 = Rule(
    id="B602",
    name="subprocess_popen_with_shell_equals_true",
    severity=HIGH,
    confidence=HIGH,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A subprocess call with shell=True runs its command through the shell.",
    test_name="subprocess_popen_with_shell_equals_true",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "subprocess_popen_with_shell_equals_true"),
    what="""Flags calls of the `subprocess` functions (`Popen`, `run`, `call`, `check_call`,
`check_output`, and any listed in the `subprocess` option) with a true `shell=` argument. The
finding points at the `shell=` value. A command written as one string literal is reported with
LOW severity; a command built at run time with HIGH.""",
    why="""With `shell=True` the command is a shell script: quotes, `;`, `|`, `$(...)` and globs in any part
of it that comes from outside let an attacker run commands of their own.""",
    example="""```python
subprocess.run(f"convert {name} out.png", shell=True)
```""",
    use_instead="""Pass the program and its arguments as a list, without a shell:
```python
subprocess.run(["convert", name, "out.png"])
```""",
    options_help="""Read from the `shell_injection` block: `subprocess`, `shell` and `no_shell`, lists of the
qualified function names that start a process with, through, and without a shell.""",
    references=_REFERENCES,
)


_OPTIONS_HELP = """Read from the `shell_injection` block (or this check's own name as the key): `subprocess`,
`shell` and `no_shell`, lists of the qualified function names that start a process with,
through, and without a shell."""

B603 = Rule(
    id="B603",
    name="subprocess_without_shell_equals_true",
    severity=LOW,
    confidence=HIGH,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A subprocess call starts a program; check where the program and its arguments come from.",
    test_name="subprocess_without_shell_equals_true",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "subprocess_without_shell_equals_true"),
    what="""Flags every call of the `subprocess` functions (the `subprocess` option) that does not pass a
true `shell=` argument. It points at the `shell=` value when one is written, else at the called
name.""",
    why="""Without a shell there is no shell injection, but the process still runs with the program's
privileges: an attacker who controls the program path or its arguments (an option such as
`--output=/etc/passwd`, a file name starting with `-`) can still make it do harm. The finding is
a reminder to review where those values come from.""",
    example="""```python
subprocess.run([tool, user_argument])
```""",
    use_instead="""Run a fixed, absolute program and keep untrusted values out of option positions:
```python
subprocess.run(["/usr/bin/convert", "--", user_file, "out.png"])
```""",
    options_help=_OPTIONS_HELP,
    references=_REFERENCES,
)

B604 = Rule(
    id="B604",
    name="any_other_function_with_shell_equals_true",
    severity=MEDIUM,
    confidence=LOW,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A call passes shell=True to a function that is not a known subprocess function.",
    test_name="any_other_function_with_shell_equals_true",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "any_other_function_with_shell_equals_true"),
    what="""Flags calls of any function *not* in the `subprocess` option that pass a true `shell=` keyword
argument (wrappers such as `run_command(cmd, shell=True)`, and `os.system(cmd, shell=True)` too).
The finding points at the `shell=` value. The confidence is LOW: the function may not start a
process at all.""",
    why="""A `shell=True` argument usually means the wrapper hands its command to a shell, so the command
is exposed to shell injection exactly like `subprocess.run(cmd, shell=True)`.""",
    example="""```python
utils.execute(f"tar xf {archive}", shell=True)
```""",
    use_instead="""```python
utils.execute(["tar", "xf", archive])
```""",
    options_help=_OPTIONS_HELP,
)

B605 = Rule(
    id="B605",
    name="start_process_with_a_shell",
    severity=LOW,
    confidence=HIGH,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A function that always runs its command through a shell is called.",
    test_name="start_process_with_a_shell",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "start_process_with_a_shell"),
    what="""Flags calls of the functions that always hand their command to a shell (`os.system`,
`os.popen`, `subprocess.getoutput`, ... the `shell` option) with at least one positional
argument. It points at the command. A command written as one string literal gets LOW severity;
a command built at run time HIGH.""",
    why="""These functions pass the string to `/bin/sh -c` (or `cmd.exe`), so quotes, `;`, `|`, `$(...)`
or backticks in any part of the command that comes from outside run commands of the attacker's
choosing.""",
    example="""```python
os.system("rm -rf " + directory)
```""",
    use_instead="""```python
shutil.rmtree(directory)
# or, for a real program:
subprocess.run(["/usr/bin/du", "-sh", directory])
```""",
    options_help=_OPTIONS_HELP,
    references=(("os.system", "https://docs.python.org/3/library/os.html#os.system"),),
)

B606 = Rule(
    id="B606",
    name="start_process_with_no_shell",
    severity=LOW,
    confidence=MEDIUM,
    cwe=78,
    cwe_title="OS Command Injection",
    short="A process is started with an os.exec*/os.spawn* function.",
    test_name="start_process_with_no_shell",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "start_process_with_no_shell"),
    what="""Flags calls of the functions that start a program directly, without a shell (`os.execv`,
`os.spawnlp`, `os.startfile`, ... the `no_shell` option). It points at the called name.""",
    why="""No shell means no shell injection, but the program and its arguments decide what runs: when any
of them can come from outside, an attacker can choose the program or slip in options.""",
    example="""```python
os.execvp(program, [program, *arguments])
```""",
    use_instead="""Run a fixed, absolute program and validate the arguments:
```python
os.execv("/usr/bin/rsync", ["rsync", "--", source, target])
```""",
    options_help=_OPTIONS_HELP,
    references=(("os.exec*", "https://docs.python.org/3/library/os.html#os.execl"),),
)

B607 = Rule(
    id="B607",
    name="start_process_with_partial_path",
    severity=LOW,
    confidence=HIGH,
    cwe=426,
    cwe_title="Untrusted Search Path",
    short="A process is started by a program name that is looked up on PATH.",
    test_name="start_process_with_partial_path",
    options=SHELL_OPTIONS,
    config_keys=("shell_injection", "start_process_with_partial_path"),
    what="""Flags calls of every function in the `subprocess`, `shell` and `no_shell` options whose first
argument (or the first element of a list literal given as first argument) is a string literal
that is not a full path: it does not start with `/`, `\\`, `.` or a drive letter and colon. The
finding points at that string.""",
    why="""A bare program name such as `"git"` is searched for in the directories of `PATH` (and on Windows
the current directory first). Whoever can change `PATH` or put a file in one of those
directories decides which program actually runs.""",
    example="""```python
subprocess.run(["git", "status"])
```""",
    use_instead="""```python
subprocess.run(["/usr/bin/git", "status"])
# or resolve it once, explicitly:
subprocess.run([shutil.which("git") or "/usr/bin/git", "status"])
```""",
    options_help=_OPTIONS_HELP,
    references=(
        ("CWE-78: OS Command Injection", "https://cwe.mitre.org/data/definitions/78.html"),
    ),
)

FAMILY = (B602, B603, B604, B605, B606, B607)

# a drive letter followed by ':', or a leading slash, backslash or dot: Bandit's "full path"
_FULL_PATH = lazy(r"[A-Za-z](?=:)|[\\/.]")


def _shell_argument(call: ast.Call) -> Optional[ast.expr]:
    """The `shell=` value written in the call and counted true (**kwargs are not looked into)."""
    shell = keyword(call, "shell")
    return shell if shell is not None and is_truthy_literal(shell) else None


def _partial_path(call: ast.Call) -> Optional[ast.Constant]:
    """The program string of `call` when it is a literal that is not a full path."""
    if not call.args:
        return None
    program = call.args[0]
    if isinstance(program, ast.List) and program.elts:
        program = program.elts[0]
    if isinstance(program, ast.Constant) and isinstance(program.value, str):
        if not _FULL_PATH.match(program.value):
            return program
    return None


def _listed(ctx: FileContext) -> FrozenSet[str]:
    """Every name the family's option lists hold, worked out once per file: a call that is in
    none of them and passes no shell= can be left at once (almost every call)."""
    return frozenset().union(*(ctx.option_set(rule, key) for rule in FAMILY for key in _LIST_KEYS))


_LIST_KEYS = ("subprocess", "shell", "no_shell")


@register((ast.Call,), FAMILY)
def check_process_call(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    # without keywords there is no shell=: an unlisted call is left before anything else
    if not node.keywords and qualname not in ctx.memo(_listed):
        return
    shell = _shell_argument(node)
    if shell is None and qualname not in ctx.memo(_listed):
        return
    in_subprocess = qualname in ctx.option_set(B602, "subprocess")
    if in_subprocess:
        if shell is not None and node.args:
            literal = is_str(node.args[0])
            yield ctx.finding(
                B602,
                shell,
                f"{qualname}() runs its command through a shell (shell=True)"
                + ("" if literal else ", and the command is built at run time"),
                severity=LOW if literal else HIGH,
            )
    if qualname in ctx.option_set(B603, "subprocess") and shell is None:
        written = keyword(node, "shell")
        yield ctx.finding(
            B603,
            written if written is not None else node.func,
            f"{qualname}() starts a program: check that the program and its arguments "
            "cannot come from untrusted input",
        )
    if shell is not None and qualname not in ctx.option_set(B604, "subprocess"):
        yield ctx.finding(
            B604,
            shell,
            f"{qualname or 'this call'}() is given shell=True: "
            "if it starts a process, the command goes through a shell",
        )
    if node.args and qualname in ctx.option_set(B605, "shell"):
        literal = is_str(node.args[0])
        yield ctx.finding(
            B605,
            node.args[0],
            f"{qualname}() runs "
            + ("a fixed command" if literal else "a command built at run time")
            + " through a shell",
            severity=LOW if literal else HIGH,
        )
    if qualname in ctx.option_set(B606, "no_shell"):
        yield ctx.finding(
            B606,
            node.func,
            f"{qualname}() starts a program without a shell: "
            "check where the program and its arguments come from",
        )
    if any(qualname in ctx.option_set(B607, key) for key in ("subprocess", "shell", "no_shell")):
        program = _partial_path(node)
        if program is not None:
            name = str(program.value).split(" ", 1)[0]
            yield ctx.finding(
                B607,
                program,
                f"{qualname}() starts {name!r} by a partial path, so PATH decides which program runs",
            )
