"""B202 tarfile_unsafe_members: tarfile extractall() without a filter can write outside the target directory."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, last_name
from ..model import HIGH, LOW, MEDIUM, Finding, Rule

RULE = Rule(
    id="B202",
    name="tarfile_unsafe_members",
    severity=HIGH,
    confidence=HIGH,
    cwe=22,
    cwe_title="Path Traversal",
    short="tarfile extractall() without a filter can write outside the target directory.",
    test_name="tarfile_unsafe_members",
    what="""Flags `extractall()` calls in a file that imports `tarfile`, unless they pass `filter="data"`.
Any method whose name contains `extractall` counts once `import tarfile` is present.
- no `members=`: HIGH severity, HIGH confidence;
- `members=` the result of a call (presumably a function that screens the members): LOW, LOW;
- `members=` anything else (a variable, a list): MEDIUM, MEDIUM.

A `filter=` given as `tarfile.data_filter` does what `filter="data"` does, and an
`extraction_filter` attribute assigned earlier in the same function (or module, at module level)
applies to calls without `filter=`; such calls are still reported, with LOW confidence.
`members=` given by a method call (`members=screen.members(archive)`) is LOW, LOW as well
(Bandit fails on these and reports nothing).""",
    why="""A tar archive can hold members named `../../etc/cron.d/job` or absolute paths, symlinks pointing
outside the target directory, and device files. Extracting an untrusted archive without
screening them lets its author write anywhere the process can.""",
    example="""```python
import tarfile
with tarfile.open(upload) as archive:
    archive.extractall(destination)
```""",
    use_instead="""Use the extraction filters (Python 3.12, and back-ported to security releases of 3.8+):
```python
import tarfile
with tarfile.open(upload) as archive:
    archive.extractall(destination, filter="data")
```""",
    references=(
        (
            "tarfile: Extraction filters",
            "https://docs.python.org/3/library/tarfile.html#tarfile-extraction-filter",
        ),
    ),
)


def _filter_set_before(node: ast.Call, ctx: FileContext) -> bool:
    """Whether the enclosing function (or, at module level, the module) assigns an
    `extraction_filter` attribute before this call, e.g. `archive.extraction_filter =
    tarfile.data_filter`, which makes extractall() filter without a `filter=` argument."""
    scope = ctx.enclosing_function(node) or ctx.tree
    for inner in ast.walk(scope):
        if isinstance(inner, ast.Assign) and inner.lineno < node.lineno:
            if any(
                isinstance(t, ast.Attribute) and t.attr == "extraction_filter"
                for t in inner.targets
            ):
                return True
    return False


@RULE.check(ast.Call, calls=("*extractall*",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    name = ctx.qualname(node).rpartition(".")[2]
    if "extractall" not in name or not ctx.imported_exactly("tarfile", node):
        return
    chosen = keyword(node, "filter")
    if isinstance(chosen, ast.Constant) and chosen.value == "data":
        return
    # tarfile.data_filter is what filter="data" names, and a filter set on the archive or the
    # class applies without the argument: still reported, but likely safe
    data_filter = (
        last_name(chosen) == "data_filter" if chosen is not None else _filter_set_before(node, ctx)
    )
    members = keyword(node, "members")
    if members is None:
        yield ctx.finding(
            RULE,
            node,
            f"{name}() without filter='data': the data filter set here looks like it applies; "
            "pass filter='data' to make it certain"
            if data_filter
            else f"{name}() extracts every member as named in the archive, "
            "including absolute paths, '..' and links; pass filter='data'",
            confidence=LOW if data_filter else None,
        )
    elif isinstance(members, ast.Call):
        screen = ctx.qualname(members)
        yield ctx.finding(
            RULE,
            members,
            f"{name}() extracts the members chosen by {screen or 'a call'}(); "
            "make sure it drops absolute paths, '..' and links",
            severity=LOW,
            confidence=LOW,
        )
    else:
        yield ctx.finding(
            RULE,
            members,
            f"{name}() extracts members given by an expression whose screening cannot be seen; "
            "make sure it drops absolute paths, '..' and links",
            severity=MEDIUM,
            confidence=LOW if data_filter else MEDIUM,
        )
