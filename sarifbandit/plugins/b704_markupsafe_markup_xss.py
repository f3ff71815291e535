"""B704 markupsafe_markup_xss: Markup() wraps text that is not a literal, so it will not be HTML-escaped."""

from __future__ import annotations

import ast
from typing import FrozenSet, Iterator, Optional

from ..analysis.context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B704",
    name="markupsafe_markup_xss",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=79,
    cwe_title="Cross-site Scripting",
    short="Markup() wraps text that is not a literal, so it will not be HTML-escaped.",
    test_name="markupsafe_markup_xss",
    options={"extend_markup_names": [], "allowed_calls": []},
    config_keys=("markupsafe_xss", "markupsafe_markup_xss"),
    what="""Flags `markupsafe.Markup(...)` and `flask.Markup(...)` (and the names in `extend_markup_names`)
called with a first argument that is not a literal, unless that argument is a call of one of
the `allowed_calls`. The finding points at that argument.""",
    why="""`Markup` marks a string as safe HTML that templates will not escape again. Wrapping text that
came from a user disables escaping for it, so its markup and scripts reach the page
(cross-site scripting).""",
    example="""```python
from markupsafe import Markup
html = Markup(f"<b>{username}</b>")
```""",
    use_instead="""Let `Markup` escape the values, or escape them first:
```python
html = Markup("<b>{}</b>").format(username)
html = Markup(escape(username))
```""",
    options_help="""Read from the `markupsafe_xss` block (or `markupsafe_markup_xss`):
- `extend_markup_names` (list, default empty): more qualified names that behave like `Markup`,
  e.g. `webhelpers.html.literal`.
- `allowed_calls` (list, default empty): qualified names of functions whose result may be
  wrapped, e.g. `bleach.clean`.""",
    references=(
        (
            "MarkupSafe: Markup",
            "https://markupsafe.palletsprojects.com/en/stable/escaping/#markupsafe.Markup",
        ),
    ),
)

_MARKUP = frozenset({"markupsafe.Markup", "flask.Markup"})


def _markup_names(ctx: FileContext) -> FrozenSet[str]:
    """The built-in and configured names as one set, made once per file: most calls are neither."""
    extra = ctx.options(RULE).get("extend_markup_names") or []
    return _MARKUP | {n for n in extra if isinstance(n, str)}


@RULE.check(ast.Call)
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.args or isinstance(node.args[0], ast.Constant):
        return
    qualname = ctx.qualname(node)
    # the built-in and configured names as one set, made once per file: most calls are neither
    if qualname not in ctx.memo(_markup_names):
        return
    options = ctx.options(RULE)
    text = node.args[0]
    allowed = options.get("allowed_calls") or []
    if allowed and isinstance(text, ast.Call) and ctx.qualname(text) in allowed:
        return
    name = qualname.rsplit(".", 1)[-1]
    yield ctx.finding(
        RULE,
        text,
        f"{qualname}() marks text that is not a literal as safe HTML: "
        f"escape it first or let {name}.format() escape the values",
    )
