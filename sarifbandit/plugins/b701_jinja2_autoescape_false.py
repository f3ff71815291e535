"""B701 jinja2_autoescape_false: A jinja2 Environment is created without HTML autoescaping."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B701",
    name="jinja2_autoescape_false",
    severity=HIGH,
    confidence=HIGH,
    cwe=79,
    cwe_title="Cross-site Scripting",
    short="A jinja2 Environment is created without HTML autoescaping.",
    test_name="jinja2_autoescape_false",
    what="""Flags `jinja2.Environment(...)` (any qualified name through `jinja2` ending in `Environment`)
created without autoescaping: `autoescape=False` (HIGH confidence), `autoescape` left out
(Jinja2's default is off; HIGH), or set to anything other than `True` or a
`select_autoescape(...)` call (MEDIUM confidence: it may or may not be true at run time). The
first `autoescape=` keyword found anywhere in the call, nearest first, decides. The finding
points at the `autoescape=` value, else at the called name. `aiohttp_jinja2.setup(...)`, which
creates the application's Environment with autoescaping on unless told otherwise, is flagged
for an `autoescape=` of its own that is false or may be.""",
    why="""Without autoescaping, values rendered into HTML templates keep their `<`, `>` and quotes, so
data from users can inject markup and scripts into the page (cross-site scripting).""",
    example="""```python
env = jinja2.Environment(loader=jinja2.FileSystemLoader("templates"))
```""",
    use_instead="""```python
env = jinja2.Environment(
    loader=jinja2.FileSystemLoader("templates"),
    autoescape=jinja2.select_autoescape(),
)
```""",
    references=(
        ("Jinja2: autoescaping", "https://jinja.palletsprojects.com/en/stable/api/#autoescaping"),
    ),
)


def _autoescape(call: ast.Call) -> Optional[ast.keyword]:
    """The first `autoescape=` keyword in the call's subtree, breadth first (nearest first)."""
    for node in ast.walk(call):  # ast.walk is iterative and breadth first
        if isinstance(node, ast.keyword) and node.arg == "autoescape":
            return node
    return None


def _is_select_autoescape(value: ast.expr) -> bool:
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name == "select_autoescape"


#: wrappers that create the Environment with autoescaping on by default
_ESCAPING_SETUPS = frozenset({"aiohttp_jinja2.setup"})


@RULE.check(ast.Call, calls=("*Environment", "setup"))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    escaping_setup = qualname in _ESCAPING_SETUPS
    parts = qualname.split(".")
    if not escaping_setup and (parts[-1] != "Environment" or "jinja2" not in parts):
        return
    found = _autoescape(node)
    if found is None:
        if escaping_setup:
            return
        yield ctx.finding(
            RULE,
            node.func,
            "jinja2 Environment without autoescape=: Jinja2 does not escape HTML by default; "
            "pass autoescape=True or select_autoescape()",
        )
        return
    value = found.value
    if isinstance(value, ast.Constant) and value.value is False:
        yield ctx.finding(
            RULE,
            value,
            "jinja2 Environment with autoescape=False renders values without HTML escaping",
        )
    elif not (isinstance(value, ast.Constant) and value.value is True) and not (
        _is_select_autoescape(value)
    ):
        yield ctx.finding(
            RULE,
            value,
            "jinja2 Environment whose autoescape= may be false at run time: "
            "use autoescape=True or select_autoescape()",
            confidence=MEDIUM,
        )
