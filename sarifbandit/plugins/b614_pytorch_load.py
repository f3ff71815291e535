"""B614 pytorch_load: torch.load() without weights_only=True unpickles the file and can run code."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B614",
    name="pytorch_load",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=502,
    cwe_title="Deserialization of Untrusted Data",
    short="torch.load() without weights_only=True unpickles the file and can run code.",
    test_name="pytorch_load",
    what="""Flags `torch.load()` and `torch.serialization.load()` calls that do not pass
`weights_only=True`, in files that import torch (`import torch`, and also `from torch import
load`, which Bandit does not check). The finding points at the `weights_only=` value when one is
written, else at the called name.""",
    why="""Without `weights_only=True`, `torch.load` unpickles the file: a model or checkpoint from an
untrusted source can run any code while it is loaded.""",
    example="""```python
model = torch.load("model.pt")
```""",
    use_instead="""```python
model = torch.load("model.pt", weights_only=True)
# or keep weights in a format that holds no code:
from safetensors.torch import load_file
state = load_file("model.safetensors")
```""",
    references=(("torch.load", "https://pytorch.org/docs/stable/generated/torch.load.html"),),
)

_LOADERS = frozenset({"torch.load", "torch.serialization.load"})


@RULE.check(ast.Call, calls=("load",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if qualname not in _LOADERS or not ctx.imported_module("torch", node):
        return
    weights_only = keyword(node, "weights_only")
    if value_of(weights_only) == "True":
        return
    yield ctx.finding(
        RULE,
        weights_only if weights_only is not None else node.func,
        f"{qualname}() without weights_only=True unpickles the file: "
        "a malicious checkpoint can run code",
    )
