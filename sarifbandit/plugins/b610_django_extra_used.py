"""B610 django_extra_used: QuerySet.extra() is given SQL fragments that are not string literals."""

from __future__ import annotations

import ast
from typing import Dict, Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import is_str
from ..model import MEDIUM, Finding, Rule

RULE = Rule(
    id="B610",
    name="django_extra_used",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=89,
    cwe_title="SQL Injection",
    short="QuerySet.extra() is given SQL fragments that are not string literals.",
    test_name="django_extra_used",
    what="""Flags calls of a method named `extra` (Django's `QuerySet.extra()`; the object's type is not
known, so any `.extra(...)` counts) whose SQL fragments are not all string literals: `where` or
`tables` not a list of string literals, or `select` not a dict of string literals. Positional
arguments are read in Django's order: select, where, params, tables, order_by, select_params.
The finding points at the first such argument.""",
    why="""`extra()` pastes its `select`, `where` and `tables` fragments into the SQL statement as they
are. A fragment built from user input lets the user rewrite the query (SQL injection).""",
    example="""```python
Entry.objects.extra(where=[f"headline = '{headline}'"])
```""",
    use_instead="""Keep the fragments literal and pass values as parameters, or use the ORM:
```python
Entry.objects.extra(where=["headline = %s"], params=[headline])
Entry.objects.filter(headline=headline)
```""",
    references=(
        (
            "Django: QuerySet.extra()",
            "https://docs.djangoproject.com/en/stable/ref/models/querysets/#extra",
        ),
    ),
)

_POSITIONS = ("select", "where", "params", "tables", "order_by", "select_params")


def _arguments(call: ast.Call) -> Dict[str, ast.expr]:
    """extra()'s arguments by parameter name; a positional one wins over a keyword."""
    named: Dict[str, ast.expr] = {kw.arg: kw.value for kw in call.keywords if kw.arg}
    named.update(zip(_POSITIONS, call.args))
    return named


def _unsafe_fragment(named: Dict[str, ast.expr]) -> Optional[ast.expr]:
    """The first argument that may put non-literal SQL into the statement."""
    for key in ("where", "tables"):
        value = named.get(key)
        if value is None:
            continue
        if not isinstance(value, ast.List):
            return value
        for element in value.elts:
            if not is_str(element):
                return element
    select = named.get("select")
    if select is None:
        return None
    if not isinstance(select, ast.Dict):
        return select
    for part in (*select.keys, *select.values):
        if not is_str(part):
            # a `**mapping` entry has no key node: the dict itself is what is unknown
            return part if part is not None else select
    return None


@RULE.check(ast.Call, calls=("extra",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith("extra") or qualname.rsplit(".", 1)[-1] != "extra":
        return
    fragment = _unsafe_fragment(_arguments(node))
    if fragment is not None:
        yield ctx.finding(
            RULE,
            fragment,
            "extra() is given an SQL fragment that is not a string literal: "
            "pass values through params instead",
        )
