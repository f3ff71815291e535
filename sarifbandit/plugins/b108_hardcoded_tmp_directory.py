"""B108 hardcoded_tmp_directory: A hard-coded path in a shared temporary directory invites symlink and race attacks."""

from __future__ import annotations

import ast
from typing import Iterator, Optional, Tuple

from ..analysis.context import FileContext
from ..model import MEDIUM, Finding, Rule
from .code_strings import code_string_finding

RULE = Rule(
    id="B108",
    name="hardcoded_tmp_directory",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=377,
    cwe_title="Insecure Temporary File",
    short="A hard-coded path in a shared temporary directory invites symlink and race attacks.",
    test_name="hardcoded_tmp_directory",
    options={"tmp_dirs": ["/tmp", "/var/tmp", "/dev/shm"]},
    config_keys=("hardcoded_tmp_directory",),
    what="""Flags string literals (docstrings excepted) that start with a shared temporary directory:
`/tmp`, `/var/tmp` or `/dev/shm` by default. The test is a prefix test, so `/tmpfiles` matches
too. A literal passed as the `dir=` argument of a `tempfile` function (`mkstemp`, `mkdtemp`,
`NamedTemporaryFile`, ...) only says where `tempfile` creates its unpredictable name; such a
finding is kept with LOW confidence.""",
    why="""Every local user can create files in these directories. A program that opens a fixed name there
can be made to read a file an attacker planted, or, through a symlink placed ahead of time,
to overwrite a file of the attacker's choosing with the program's rights.""",
    example="""```python
with open("/tmp/report.csv", "w") as out:
    ...
```""",
    use_instead="""Let `tempfile` pick a fresh name and create the file securely:
```python
import tempfile
with tempfile.NamedTemporaryFile("w", suffix=".csv") as out:
    ...
```""",
    options_help="""- `tmp_dirs` (list of strings, default `["/tmp", "/var/tmp", "/dev/shm"]`): the prefixes that
  count as shared temporary directories. Read from the `hardcoded_tmp_directory` block.""",
    references=(("tempfile", "https://docs.python.org/3/library/tempfile.html"),),
)


def _prefixes(ctx: FileContext) -> Tuple[str, ...]:
    """The configured directories as a tuple for startswith(), once per file: this runs for
    every string constant."""
    configured = ctx.options(RULE)["tmp_dirs"]
    # a single path written as a string is one prefix, not a list of characters
    entries = [configured] if isinstance(configured, str) else list(configured or ())
    return tuple(str(entry) for entry in entries)


def _tempfile_dir_argument(keyword: Optional[ast.AST], ctx: FileContext) -> bool:
    """Whether `keyword` is `dir=` of a tempfile call, which makes its own unpredictable name."""
    if not isinstance(keyword, ast.keyword) or keyword.arg != "dir":
        return False
    call = ctx.parent(keyword)
    return isinstance(call, ast.Call) and ctx.qualname(call).startswith("tempfile.")


@RULE.check(ast.Constant)
def check(node: ast.Constant, ctx: FileContext) -> Iterator[Optional[Finding]]:
    value = node.value
    if type(value) is not str or not value.startswith(ctx.memo(_prefixes)):
        return
    yield code_string_finding(
        RULE,
        node,
        ctx,
        f"hard-coded path {value!r} lies in a directory every local user can write to",
        _tempfile_dir_argument,
    )
