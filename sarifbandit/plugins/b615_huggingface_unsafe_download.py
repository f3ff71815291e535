"""B615 huggingface_unsafe_download: A Hugging Face Hub download is not pinned to a commit revision."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B615",
    name="huggingface_unsafe_download",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=494,
    cwe_title="Download of Code Without Integrity Check",
    short="A Hugging Face Hub download is not pinned to a commit revision.",
    test_name="huggingface_unsafe_download",
    what="""Flags downloads from the Hugging Face Hub that are not pinned to a commit, in files that import
`transformers`, `datasets` or `huggingface_hub`: `from_pretrained()` reached through
`transformers`, `load_dataset()` through `datasets`, and `hf_hub_download()`,
`snapshot_download()` and `repository_id()` through `huggingface_hub`. A call is pinned when its
`revision=` (or `commit_id=`) is a hexadecimal commit hash of at least 7 characters, or is not a
literal (a variable is trusted to hold a pin). A first argument starting with `./`, `../` or `/`
is a local path and is not flagged. The finding points at the `revision=` value when one is
written, else at the called name.""",
    why="""Without a pinned commit the call downloads whatever the repository holds at that moment. If the
repository is taken over or changed, the next run fetches new weights, code (with
`trust_remote_code`) or pickles without anyone noticing.""",
    example="""```python
model = AutoModel.from_pretrained("org/model")
model = AutoModel.from_pretrained("org/model", revision="main")
```""",
    use_instead="""```python
model = AutoModel.from_pretrained("org/model", revision="5d0f2e8a1c3b")
```""",
    references=(
        (
            "Hugging Face Hub: revisions",
            "https://huggingface.co/docs/huggingface_hub/guides/download#from-specific-version",
        ),
    ),
)

_HUB_MODULES = ("transformers", "datasets", "huggingface_hub")
#: download function -> the module its qualified name must go through
_DOWNLOADS = {
    "from_pretrained": "transformers",
    "load_dataset": "datasets",
    "hf_hub_download": "huggingface_hub",
    "snapshot_download": "huggingface_hub",
    "repository_id": "huggingface_hub",
}
_HEX = frozenset("0123456789abcdefABCDEF")  # string.hexdigits, without importing string
_LOCAL_PREFIXES = ("./", "/", "../")


def _pinned(revision: object) -> bool:
    if not isinstance(revision, str):
        return False
    text = revision.strip("\"'")
    return len(text) >= 7 and all(c in _HEX for c in text)


@RULE.check(ast.Call, calls=tuple(_DOWNLOADS))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    parts = qualname.split(".")
    module = _DOWNLOADS.get(parts[-1])
    if module is None or module not in parts:
        return
    if not any(ctx.imported_like(m, node) for m in _HUB_MODULES):
        return
    revision = keyword(node, "revision")
    commit_id = keyword(node, "commit_id")
    # a revision held in a variable or built at run time is trusted to be a pin
    if any(v is not None and not isinstance(v, ast.Constant) for v in (revision, commit_id)):
        return
    if _pinned(value_of(revision) or value_of(commit_id)):
        return
    if node.args:
        first = value_of(node.args[0])
        if isinstance(first, str) and first.startswith(_LOCAL_PREFIXES):
            return
    written = revision if revision is not None else commit_id
    yield ctx.finding(
        RULE,
        written if written is not None else node.func,
        f"{parts[-1]}() downloads from the Hugging Face Hub without pinning a commit "
        "(revision= a commit hash)",
    )
