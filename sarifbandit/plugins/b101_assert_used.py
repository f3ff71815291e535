"""B101 assert_used: An assert statement is removed when Python runs optimised, taking its check with it."""

from __future__ import annotations

import ast
import fnmatch
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..model import HIGH, LOW, Finding, Rule

RULE = Rule(
    id="B101",
    name="assert_used",
    severity=LOW,
    confidence=HIGH,
    cwe=703,
    cwe_title="Improper Check or Handling of Exceptional Conditions",
    short="An assert statement is removed when Python runs optimised, taking its check with it.",
    test_name="assert_used",
    options={"skips": []},
    config_keys=("assert_used",),
    what="Flags every `assert` statement.",
    why="""Python removes `assert` statements when it runs with optimisation (`python -O`, or
`PYTHONOPTIMIZE` set). A check written as an assertion, such as an access-control test or input
validation, then silently disappears in production.""",
    example="""```python
def delete_user(user):
    assert user.is_admin, "admins only"
    ...
```""",
    use_instead="""```python
def delete_user(user):
    if not user.is_admin:
        raise PermissionError("admins only")
    ...
```""",
    options_help="""- `skips` (list of globs, default `[]`): files whose path matches one of these globs are not
  checked, e.g. `["*/tests/*", "*test_*.py"]`. Read from the `assert_used` config block.""",
    references=(
        (
            "The assert statement",
            "https://docs.python.org/3/reference/simple_stmts.html#the-assert-statement",
        ),
    ),
)


def _skipped(path: str, patterns: list) -> bool:
    # Bandit spells relative paths with a leading './', and users write globs for that spelling
    candidates = (path, f"./{path}")
    return any(fnmatch.fnmatch(c, p) for p in patterns for c in candidates)


@RULE.check(ast.Assert)
def check(node: ast.Assert, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if _skipped(ctx.path, list(ctx.options(RULE).get("skips") or [])):
        return
    yield ctx.finding(
        RULE, node, "assert used: it is removed under python -O; raise an exception instead"
    )
