"""Regular expressions compiled when first used.

Compiling is the largest single cost of importing the analysis: a one-file scan compiled some
fifty module-level patterns, most of which it never used (the nosec comment forms in a file
without comments, the SQL forms in a file that builds no string). `lazy(pattern, flags)` stands
for `re.compile(pattern, flags)` and compiles on the first call of a method. Patterns used on
every file stay `re.compile`d at import.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, List, Optional, Union


class LazyPattern:
    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: Union[str, bytes], flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: Optional[re.Pattern] = None

    @property
    def compiled(self) -> re.Pattern:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self.flags)
        return compiled

    def search(self, text: Any, *bounds: int) -> Optional[re.Match]:
        return self.compiled.search(text, *bounds)

    def match(self, text: Any, *bounds: int) -> Optional[re.Match]:
        return self.compiled.match(text, *bounds)

    def fullmatch(self, text: Any, *bounds: int) -> Optional[re.Match]:
        return self.compiled.fullmatch(text, *bounds)

    def finditer(self, text: Any, *bounds: int) -> Iterator[re.Match]:
        return self.compiled.finditer(text, *bounds)

    def findall(self, text: Any, *bounds: int) -> List[Any]:
        return self.compiled.findall(text, *bounds)

    def sub(self, replacement: Any, text: Any, count: int = 0) -> Any:
        return self.compiled.sub(replacement, text, count)

    def split(self, text: Any, maxsplit: int = 0) -> List[Any]:
        return self.compiled.split(text, maxsplit)


def lazy(pattern: Union[str, bytes], flags: int = 0) -> LazyPattern:
    """`re.compile(pattern, flags)`, compiled on first use."""
    return LazyPattern(pattern, flags)
