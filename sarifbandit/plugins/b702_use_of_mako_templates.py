"""B702 use_of_mako_templates: Mako templates do not escape substituted values unless told to."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B702",
    name="use_of_mako_templates",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=80,
    cwe_title="Basic XSS",
    short="Mako templates do not escape substituted values unless told to.",
    test_name="use_of_mako_templates",
    what="""Flags the creation of Mako templates: calls of `Template` reached through a `mako` module
(`mako.template.Template`, `template.Template` after `from mako import template` ...).""",
    why="""Mako does not escape the values it substitutes unless told to, so data placed in HTML output
can carry markup and scripts into the page (cross-site scripting).""",
    example="""```python
from mako.template import Template
page = Template("<p>Hello ${name}</p>").render(name=name)
```""",
    use_instead="""Escape every substitution, either per expression or for the whole template:
```python
page = Template("<p>Hello ${name | h}</p>").render(name=name)
page = Template("<p>Hello ${name}</p>", default_filters=["h"]).render(name=name)
```""",
    references=(
        ("Mako: expression filtering", "https://docs.makotemplates.org/en/latest/filtering.html"),
    ),
)


@RULE.check(ast.Call, calls=("*Template",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith("Template"):
        return
    parts = qualname.split(".")
    if parts[-1] == "Template" and "mako" in parts:
        yield ctx.finding(
            RULE,
            node.func,
            f"{qualname}() renders values without HTML escaping unless a filter such as 'h' "
            "is applied",
        )
