"""B613 trojansource: The file contains Unicode bidirectional control characters (Trojan Source)."""

from __future__ import annotations

import ast
import unicodedata
from typing import Iterator, Optional

from .. import records
from ..analysis.context import FileContext
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B613",
    name="trojansource",
    severity=HIGH,
    confidence=MEDIUM,
    cwe=838,
    cwe_title="Inappropriate Encoding for Output Context",
    short="The file contains Unicode bidirectional control characters (Trojan Source).",
    test_name="trojansource",
    what="""Flags a source file that contains a Unicode bidirectional control character (U+202A–U+202E,
U+2066–U+2069 or U+200F), anywhere: in code, strings or comments. Only the first one is
reported, on its own line and column. A `# nosec` on the first line of the file, or on the
reported line, suppresses it.""",
    why="""These characters reorder how text is *displayed* without changing how it is parsed. An editor
or a code review can show a comment where the interpreter sees code, or a string that ends
somewhere else ("Trojan Source", CVE-2021-42574), hiding logic from reviewers.""",
    example="""A line that reads, once its hidden U+202E and U+2066 characters are applied by the editor,
like a comparison followed by a comment, while Python sees the "comment" inside the string:
```python
if access_level != "user\\u202e \\u2066# check if admin\\u2069 \\u2066":
```""",
    use_instead="""Remove the control characters; write them as escapes (`"\\u202e"`) when a string really needs
one.""",
    references=(("Trojan Source: Invisible Vulnerabilities", "https://trojansource.codes/"),),
)

# the order Bandit looks for them in, per line: the first of these found on a line is reported
_BIDI = (
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200f",
)
_BIDI_SET = frozenset(_BIDI)


@RULE.check(ast.Module)
def check(node: ast.Module, ctx: FileContext) -> Iterator[Optional[Finding]]:
    text = ctx.source.text
    # isascii() is a flag lookup: most files skip the scan for the characters
    if text.isascii() or _BIDI_SET.isdisjoint(text):
        return
    for number, line in enumerate(ctx.source.lines, start=1):
        char = next((c for c in _BIDI if c in line), None)
        if char is None:
            continue
        start = len(line[: line.index(char)].encode("utf-8"))
        span = ast.Constant(char)
        span.lineno = span.end_lineno = number
        span.col_offset, span.end_col_offset = start, start + len(char.encode("utf-8"))
        found = ctx.finding(
            RULE,
            span,
            f"bidirectional control character U+{ord(char):04X} ({unicodedata.name(char)}) "
            "can make this code display differently from how it runs",
        )
        # as in Bandit, the file-level check is suppressed from line 1 (or its own line)
        yield records.replace(found, nosec_lines=(0, 1)) if found is not None else None
        return
