"""Fingerprints: GitHub's primaryLocationLineHash, and our own for baselines.

GitHub's upload action hashes each line as a rolling hash over the next 100 non-blank UTF-16
code units of the file (spaces and tabs dropped, CR and CRLF read as LF), then appends how often
that hash occurred so far. The rolling hash at a line start equals the polynomial of those 100
units, so we compute it directly, and count repeats by comparing the 100-unit windows themselves.
"""

from __future__ import annotations

import hashlib
from typing import Dict, Iterable, List

_BLOCK = 100
_MOD_MASK = (1 << 64) - 1
_EOF_UNIT = chr(65535)
_DROP = str.maketrans("", "", " \t")


def _utf16_units(text: str) -> str:
    """The text with each astral character split into its two surrogates (JS string semantics)."""
    if text.isascii() or max(text) < "\U00010000":
        return text
    return "".join(c if c < "\U00010000" else _surrogates(ord(c) - 0x10000) for c in text)


def _surrogates(offset: int) -> str:
    return chr(0xD800 + (offset >> 10)) + chr(0xDC00 + (offset & 0x3FF))


def _normalise(data: bytes) -> str:
    """What the action's hasher sees: UTF-8 text, CR/CRLF as LF, spaces and tabs removed."""
    text = data.decode("utf-8", "replace")
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_DROP)
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
    digest = hashlib.sha256()
    for part in (rule_id, path, *(" ".join(line.split()) for line in lines)):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:32]
