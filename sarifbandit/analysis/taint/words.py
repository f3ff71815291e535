"""Where words stand whole in a file's text, by line: what tells which functions name a source,
or a name found to hold input, without searching each function's text on its own."""

from __future__ import annotations

import ast
import bisect
from typing import Iterable, List


def _word_char(char: str) -> bool:
    """Whether a character continues an identifier: `input` is not read by `inputs`."""
    return char.isalnum() or char == "_"


class WordLines:
    """The lines on which one of some words stands whole in a file, found by plain string search
    of each word (much faster than a regular expression of them all): whether a function's code
    names a source is then a lookup, not a search of its own text. A word ending in `(` is a
    call of a bare name: `input(`, not `self.input(` nor `raw_input(`."""

    def __init__(self, words: Iterable[str], text: str) -> None:
        places: List[int] = []
        for word in filter(None, words):  # an empty word would be found everywhere, forever
            called = word.endswith("(")
            at = text.find(word)
            while at >= 0:
                end = at + len(word)
                before = text[at - 1] if at else " "
                if not (_word_char(before) or (called and before == ".")) and (
                    called or not (end < len(text) and _word_char(text[end]))
                ):
                    places.append(at)
                    # its line is found: the word's other places on it add nothing
                    line_end = text.find("\n", end)
                    if line_end < 0:
                        break
                    end = line_end
                at = text.find(word, end)
        self.lines: List[int] = []
        line, counted = 1, 0
        for at in sorted(places):
            line += text.count("\n", counted, at)
            counted = at
            if not self.lines or self.lines[-1] != line:
                self.lines.append(line)

    def within(self, func: ast.AST) -> bool:
        """Whether the function's lines, its docstring's left out ("the user's input" reads
        nothing), hold a match."""
        start = func.lineno  # type: ignore[attr-defined]
        end = getattr(func, "end_lineno", None) or start
        body = func.body  # type: ignore[attr-defined]
        first = body[0]
        if (
            len(body) > 1
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            return self._any(start, first.lineno - 1) or self._any(
                (first.end_lineno or first.lineno) + 1, end
            )
        return self._any(start, end)

    def _any(self, first: int, last: int) -> bool:
        at = bisect.bisect_left(self.lines, first)
        return at < len(self.lines) and self.lines[at] <= last
