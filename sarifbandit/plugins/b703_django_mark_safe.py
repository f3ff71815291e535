"""B703 django_mark_safe: mark_safe() is given text that is not proven to be fixed, so it escapes escaping."""

from __future__ import annotations

import ast
from typing import Iterator, List, Optional, Set

from ..analysis.context import FileContext
from ..analysis.index import Index
from ..analysis.nodes import is_str
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B703",
    name="django_mark_safe",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=80,
    cwe_title="Basic XSS",
    short="mark_safe() is given text that is not proven to be fixed, so it escapes escaping.",
    test_name="django_mark_safe",
    what="""Flags `mark_safe(...)` (and `SafeText`, `SafeUnicode`, `SafeString`, `SafeBytes`) in files that
import from `django.utils.safestring`, unless the first argument is proven to be fixed text:
a string literal; a variable whose every assignment that can reach the call (within the
function, along its control flow: a reassignment hides the value before it) is itself fixed
text; or `"literal".format(...)` / `"literal" % (...)` whose values
are all fixed text. A parameter, a loop variable, or a value read from anywhere else is not
proven. The finding points at the argument.""",
    why="""`mark_safe` tells Django's templates not to escape the string. Text from a user that goes
through it keeps its HTML and scripts, which then run in the page (cross-site scripting).""",
    example="""```python
from django.utils.safestring import mark_safe
def greeting(request):
    return mark_safe("<b>%s</b>" % request.GET["name"])
```""",
    use_instead="""Let Django escape the values while building the HTML:
```python
from django.utils.html import format_html
def greeting(request):
    return format_html("<b>{}</b>", request.GET["name"])
```""",
    references=(
        (
            "Django: mark_safe",
            "https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.safestring.mark_safe",
        ),
    ),
)

_MARKERS = frozenset({"mark_safe", "SafeText", "SafeUnicode", "SafeString", "SafeBytes"})


def _format_values(node: ast.AST) -> Optional[List[ast.expr]]:
    """The values filled into a literal template by `"...".format(a, *[b, c])` (no keywords) or
    `"..." % (a, b)`; None when `node` is not such a formatting."""
    if isinstance(node, ast.Call):
        func = node.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "format"
            and isinstance(func.value, ast.Constant)
            and not node.keywords
        ):
            return None
        values: List[ast.expr] = []
        for arg in node.args:
            if not isinstance(arg, ast.Starred):
                values.append(arg)
            elif isinstance(arg.value, (ast.List, ast.Tuple)):
                values.extend(arg.value.elts)
            else:
                return None
        return values
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and is_str(node.left):
        right = node.right
        return list(right.elts) if isinstance(right, ast.Tuple) else [right]
    return None


def proven_fixed_text(expr: ast.expr, index: Index) -> bool:
    """True when every value `expr` can have is built from string literals only; the index
    follows the variables back along the control flow."""
    pending: List[ast.AST] = [expr]
    expanded: Set[ast.AST] = set()  # a formatting met again (through a loop) is checked once
    while pending:
        for origin in index.origins(pending.pop()):
            if (isinstance(origin, ast.AST) and is_str(origin)) or origin in expanded:
                continue
            values = _format_values(origin) if isinstance(origin, ast.AST) else None
            if values is None:
                return False  # a parameter, a loop variable, a call, a name bound nowhere ...
            expanded.add(origin)  # type: ignore[arg-type]
            pending.extend(values)
    return True


@RULE.check(ast.Call, calls=tuple(sorted(_MARKERS)))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.args:
        return
    qualname = ctx.qualname(node)
    name = qualname.rsplit(".", 1)[-1]
    if name not in _MARKERS or not ctx.imported_like("django.utils.safestring", node):
        return
    text = node.args[0]
    if is_str(text) or proven_fixed_text(text, ctx.index):
        return
    yield ctx.finding(
        RULE,
        text,
        f"{name}() is given text not proven to be fixed: user input in it would reach the page "
        "unescaped; build it with format_html()",
    )
