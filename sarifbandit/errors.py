"""The exception every usage or configuration mistake becomes (exit status 2, one line), and
the "did you mean" its messages offer."""

from __future__ import annotations

from typing import Iterable, List


class ConfigError(Exception):
    """A usage or configuration mistake: exit status 2 with this one-line message."""


def closest(word: str, known: Iterable[str]) -> List[str]:
    """The known word `word` is likeliest a typo of, if any (at most one)."""
    import difflib  # only a mistyped word pays for it: start-up is what small scans wait on

    return difflib.get_close_matches(word, sorted(known), n=1)
