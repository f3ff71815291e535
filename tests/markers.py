"""The inline expectation convention of examples/: `# expect: B506, B602@12` on a line, and an
optional first-line `# options: {yaml mapping}` holding config-file keys for that file."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import yaml

_EXPECT = re.compile(r"#\s*expect:\s*([^#]+)")
_ITEM = re.compile(r"^(B\d{3}|[A-Z]+\d+)(?:@(\d+))?$")
_OPTIONS = re.compile(r"^#\s*options:\s*(.+)$")

Expectation = Tuple[int, str, Optional[int]]


def expectations(path: Path) -> Counter:
    """Counter of (line, id, column or None) marked in the file."""
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
