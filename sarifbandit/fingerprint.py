"""Fingerprints: GitHub's primaryLocationLineHash, and our own for baselines.

GitHub's upload action hashes each line as a rolling hash over the next 100 non-blank UTF-16
code units of the file (spaces and tabs dropped, CR and CRLF read as LF), then appends how often
that hash occurred so far. The rolling hash at a line start equals the polynomial of those 100
units, so we compute it directly, and count repeats by comparing the 100-unit windows themselves.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Dict, Iterable, List, Set

from .hashing import sha256
from .regex import lazy

_BLOCK = 100
_MOD_MASK = (1 << 64) - 1
_EOF_UNIT = chr(65535)
_ASTRAL = lazy("[\U00010000-\U0010ffff]")


def _utf16_units(text: str) -> str:
    """The text with each astral character split into its two surrogates (JS string semantics)."""
    if text.isascii() or _ASTRAL.search(text) is None:
        return text
    return "".join(c if c < "\U00010000" else _surrogates(ord(c) - 0x10000) for c in text)


def _surrogates(offset: int) -> str:
    return chr(0xD800 + (offset >> 10)) + chr(0xDC00 + (offset & 0x3FF))


def _normalise(data: bytes) -> str:
    """What the action's hasher sees: UTF-8 text, CR/CRLF as LF, spaces and tabs removed."""
    text = data.decode("utf-8", "replace")
    # str.replace runs at memory speed; translate() looks every character up in a table
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace(" ", "").replace("\t", "")
    return _utf16_units(text)


def _window_hash(window: str) -> int:
    value = 0
    for unit in window:
        value = (value * 37 + ord(unit)) & _MOD_MASK
    return value


def line_hashes(data: bytes, wanted: Iterable[int]) -> Dict[int, str]:
    """{line: 'hex:count'} for the 1-based lines in `wanted`, as GitHub's upload action computes."""
    wanted_set = set(wanted)
    if not wanted_set:
        return {}
    text = _normalise(data)
    if len(wanted_set) <= _FEW and _EOF_UNIT not in text:
        return _few_line_hashes(text, wanted_set)
    return _all_line_hashes(text, wanted_set)


#: up to this many lines, each line's repeats are searched for instead of counting every window
_FEW = 32


def _few_line_hashes(text: str, wanted: Set[int]) -> Dict[int, str]:
    """line_hashes for a few lines of a long file without visiting every line: a window's
    repeats are the earlier places where the same 100 units start a line, found with str.find.
    A window cut short by the end of the file holds the EOF unit at a place no other line start
    has, so it occurs once (the caller sends text containing the EOF unit to the full count)."""
    segments = text.split("\n", max(wanted))  # the lines up to the last one wanted, and the rest
    starts = [0, *accumulate(map((1).__add__, map(len, segments)))]
    found: Dict[int, str] = {}
    for line in wanted:
        if not 1 <= line < len(starts):
            continue
        start = starts[line - 1]
        window = text[start : start + _BLOCK]
        occurrence = 1
        if len(window) < _BLOCK:
            window = (window + _EOF_UNIT).ljust(_BLOCK, "\0")
        else:
            place = text.find(window)
            while 0 <= place < start:
                if place == 0 or text[place - 1] == "\n":
                    occurrence += 1
                place = text.find(window, place + 1)
        found[line] = f"{_window_hash(window):x}:{occurrence}"
    return found


def _all_line_hashes(text: str, wanted_set: Set[int]) -> Dict[int, str]:
    last = max(wanted_set)
    counts: Dict[str, int] = {}
    hashes: Dict[str, str] = {}
    found: Dict[int, str] = {}
    start = 0
    line = 1
    # a line only exists in the hasher's view if at least one unit (maybe the EOF marker) starts it
    while line <= last:
        window = text[start : start + _BLOCK]
        if len(window) < _BLOCK:
            # the hasher feeds an EOF unit, then zeros, after the last character
            window = (window + _EOF_UNIT).ljust(_BLOCK, "\0")
        occurrence = counts.get(window, 0) + 1
        counts[window] = occurrence
        if line in wanted_set:
            value = hashes.get(window)
            if value is None:
                value = format(_window_hash(window), "x")
                hashes[window] = value
            found[line] = f"{value}:{occurrence}"
        newline = text.find("\n", start)
        if newline < 0:
            break
        start = newline + 1
        line += 1
    return found


def content_fingerprint(rule_id: str, path: str, lines: List[str]) -> str:
    """Our own baseline fingerprint: rule, file and the whitespace-normalised flagged code."""
    digest = sha256()
    for part in (rule_id, path, *(" ".join(line.split()) for line in lines)):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:32]
