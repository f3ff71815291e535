"""B506 yaml_load: yaml.load() without a safe loader can construct arbitrary Python objects."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import argument, last_name
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B506",
    name="yaml_load",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=502,
    cwe_title="Deserialization of Untrusted Data",
    short="yaml.load() without a safe loader can construct arbitrary Python objects.",
    test_name="yaml_load",
    what="""Flags `yaml.load()` calls that do not pass a safe loader (`SafeLoader` or `CSafeLoader`),
including `load` imported with `from yaml import load`.""",
    why="""PyYAML's full loaders can build arbitrary Python objects from tags such as
`!!python/object/apply`, so loading a document an attacker wrote can run their code.""",
    example="""```python
import yaml
config = yaml.load(text, Loader=yaml.Loader)
```""",
    use_instead="""```python
import yaml
config = yaml.safe_load(text)   # or yaml.load(text, Loader=yaml.SafeLoader)
```""",
    references=(("PyYAML: Loading YAML", "https://pyyaml.org/wiki/PyYAMLDocumentation"),),
)

_SAFE_LOADERS = frozenset({"SafeLoader", "CSafeLoader"})


@RULE.check(ast.Call, calls=("*load",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith("load"):
        return
    parts = qualname.split(".")
    if parts[-1] != "load" or "yaml" not in parts[:-1] or not ctx.imported_module("yaml", node):
        return
    loader = argument(node, 1, "Loader")
    if loader is not None and last_name(ctx.chosen(loader)) in _SAFE_LOADERS:
        return
    yield ctx.finding(
        RULE,
        node,
        f"{qualname}() without SafeLoader can build arbitrary objects; use yaml.safe_load()",
    )
