"""B611 django_rawsql_used: RawSQL() is given SQL that is not a string literal."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import is_str, keyword
from ..model import MEDIUM, Finding, Rule

RULE = Rule(
    id="B611",
    name="django_rawsql_used",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=89,
    cwe_title="SQL Injection",
    short="RawSQL() is given SQL that is not a string literal.",
    test_name="django_rawsql_used",
    what="""Flags `RawSQL(...)` expressions, in files that import from `django.db.models`, whose SQL (the
first argument or `sql=`) is not a string literal. The finding points at the SQL argument.""",
    why="""`RawSQL` puts its SQL into the query as it is. SQL assembled from user input with `%`, `+`,
`.format()` or an f-string lets the user change the query (SQL injection).""",
    example="""```python
from django.db.models.expressions import RawSQL
queryset.annotate(value=RawSQL(f"select col from t where id = {item_id}", []))
```""",
    use_instead="""```python
queryset.annotate(value=RawSQL("select col from t where id = %s", [item_id]))
```""",
    references=(
        (
            "Django: RawSQL expressions",
            "https://docs.djangoproject.com/en/stable/ref/models/expressions/#raw-sql-expressions",
        ),
    ),
)


@RULE.check(ast.Call, calls=("RawSQL",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith("RawSQL") or qualname.rsplit(".", 1)[-1] != "RawSQL":
        return
    if not ctx.imported_like("django.db.models", node):
        return
    # a starred first argument (`RawSQL(*args)`) counts as SQL that is not a literal
    sql = node.args[0] if node.args else keyword(node, "sql")
    if sql is not None and not is_str(sql):
        yield ctx.finding(
            RULE,
            sql,
            "RawSQL() is given SQL built at run time: keep the SQL literal and pass values "
            "as params",
        )
