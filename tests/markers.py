"""The inline expectation convention of examples/: `# expect: B506, B602@12` on a line, and an
optional first-line `# options: {yaml mapping}` holding config-file keys for that file.

An item may also pin the confidence and, for a data-flow finding, the line its path starts at:
`SB022:HIGH<7` is an SB022 finding of HIGH confidence whose flow begins on line 7
(`B602@11:LOW` and `B602:MEDIUM` work too)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import yaml

_EXPECT = re.compile(r"#\s*expect:\s*([^#]+)")
_ITEM = re.compile(r"^(B\d{3}|[A-Z]+\d+)(?:@(\d+))?(?::(HIGH|MEDIUM|LOW))?(?:<(\d+))?$")
_OPTIONS = re.compile(r"^#\s*options:\s*(.+)$")
#: `# gap: SB022` marks a known miss of the analysis on that line: the finding is wanted (or, in
#: `# gap: -SB079`, unwanted) but the engine does not yet get it right; the line's findings of
#: that id are left out of the comparison, and the gaps are counted in the closing notes
_GAP = re.compile(r"#\s*gap:\s*([^#]+)")

Expectation = Tuple[int, str, Optional[int]]
#: (line, id) -> [(confidence or None, flow start line or None)] for items that pin either
Details = Dict[Tuple[int, str], list]


def expectations(path: Path, details: Optional[Details] = None) -> Counter:
    """Counter of (line, id, column or None) marked in the file; `details`, when given, receives
    the confidences and flow start lines the items pin."""
    found: Counter = Counter()
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    for number, line in enumerate(text.splitlines(), start=1):
        match = _EXPECT.search(line)
        if not match:
            continue
        for item in match.group(1).split(","):
            item = item.strip()
            parsed = _ITEM.match(item)
            if not parsed:
                raise ValueError(f"{path}:{number}: bad expectation {item!r}")
            column = int(parsed.group(2)) if parsed.group(2) else None
            found[(number, parsed.group(1), column)] += 1
            if details is not None and (parsed.group(3) or parsed.group(4)):
                source = int(parsed.group(4)) if parsed.group(4) else None
                details.setdefault((number, parsed.group(1)), []).append((parsed.group(3), source))
    return found


def gaps(path: Path) -> set:
    """{(line, id)} of the known misses marked with `# gap:`."""
    found = set()
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    for number, line in enumerate(text.splitlines(), start=1):
        match = _GAP.search(line)
        if match:
            for item in match.group(1).split(","):
                parsed = _ITEM.match(item.strip().lstrip("-"))
                if not parsed:
                    raise ValueError(f"{path}:{number}: bad gap {item!r}")
                found.add((number, parsed.group(1)))
    return found


def options(path: Path) -> Dict[str, Any]:
    """The file's config mapping from its first line (safe_load: examples never run code)."""
    with path.open(encoding="utf-8", errors="replace") as handle:
        first = handle.readline()
    match = _OPTIONS.match(first.strip())
    if not match:
        return {}
    loaded = yaml.safe_load(match.group(1))
    if not isinstance(loaded, dict):
        raise ValueError(f"{path}:1: options must be a mapping")
    return loaded
