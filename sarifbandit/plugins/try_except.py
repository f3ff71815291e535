"""Silenced exceptions, B110 and B112: an `except` clause whose whole body is `pass` or
`continue`. Both share the rule for which clauses count, each with its own config block."""

from __future__ import annotations

import ast
from typing import Iterator, Optional, Type

from ..analysis.context import FileContext
from ..analysis.nodes import dotted_name
from ..model import HIGH, LOW, Finding, Rule

_REFERENCES = (
    (
        "The try statement",
        "https://docs.python.org/3/reference/compound_stmts.html#the-try-statement",
    ),
)

B110 = Rule(
    id="B110",
    name="try_except_pass",
    severity=LOW,
    confidence=HIGH,
    cwe=390,
    cwe_title="Detection of Error Condition Without Action",
    short="An except clause that only passes hides every error it catches.",
    test_name="try_except_pass",
    options={"check_typed_exception": False},
    config_keys=("try_except_pass",),
    what="""Flags an `except` clause whose body is a single `pass`: by default a bare `except:` or
`except Exception:`. The finding covers the clause.""",
    why="""Every failure in the `try` body, including ones nobody anticipated, disappears without a trace:
a security check that raised is treated as passed, and problems surface much later, far from
their cause.""",
    example="""```python
try:
    verify_signature(payload)
except Exception:
    pass
```""",
    use_instead="""Catch only what you expect, and record it:
```python
try:
    cache.delete(key)
except CacheMiss:
    logger.debug("nothing cached under %s", key)
```""",
    options_help="""- `check_typed_exception` (bool, default `false`): also check clauses naming any other
  exception class (`except ValueError:`, `except (A, B):`, `except errors.Timeout:`). By
  default only a bare `except:` and `except Exception:` are checked. Read from the `try_except_pass`
  block.""",
    references=_REFERENCES,
)

B112 = Rule(
    id="B112",
    name="try_except_continue",
    severity=LOW,
    confidence=HIGH,
    cwe=390,
    cwe_title="Detection of Error Condition Without Action",
    short="An except clause that only continues the loop hides every error it catches.",
    test_name="try_except_continue",
    options={"check_typed_exception": False},
    config_keys=("try_except_continue",),
    what="""Flags an `except` clause whose body is a single `continue`: by default a bare `except:` or
`except Exception:`. The finding covers the clause.""",
    why="""A loop that skips every item that raised hides the failures: bad input, a broken dependency or
an attack that made processing fail all look like items that were simply skipped.""",
    example="""```python
for path in uploads:
    try:
        scan(path)
    except Exception:
        continue
```""",
    use_instead="""```python
for path in uploads:
    try:
        scan(path)
    except UnreadableFile:
        logger.warning("skipping %s", path)
        continue
```""",
    options_help="""- `check_typed_exception` (bool, default `false`): also check clauses naming any other
  exception class (`except ValueError:`, `except (A, B):`, `except errors.Timeout:`). By
  default only a bare `except:` and `except Exception:` are checked. Read from the `try_except_continue`
  block.""",
    references=_REFERENCES,
)


def _silenced(
    node: ast.ExceptHandler, rule: Rule, statement: Type[ast.stmt], ctx: FileContext
) -> bool:
    if len(node.body) != 1 or not isinstance(node.body[0], statement):
        return False
    if node.type is None or ctx.options(rule)["check_typed_exception"]:
        return True
    return isinstance(node.type, ast.Name) and node.type.id == "Exception"


def _caught(node: ast.ExceptHandler) -> str:
    caught = node.type
    if caught is None:
        return "except:"
    name = dotted_name(caught)
    return f"except {name}:" if name else "except (...):"


@B110.check(ast.ExceptHandler)
def check_pass(node: ast.ExceptHandler, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if _silenced(node, B110, ast.Pass, ctx):
        yield ctx.finding(B110, node, f"'{_caught(node)} pass' silently drops the errors")


@B112.check(ast.ExceptHandler)
def check_continue(node: ast.ExceptHandler, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if _silenced(node, B112, ast.Continue, ctx):
        yield ctx.finding(B112, node, f"'{_caught(node)} continue' silently skips the errors")
