"""GitHub's primaryLocationLineHash and our own sarifbandit/v1 fingerprint.

`reference_hashes` follows the upload action's streaming algorithm step by step (a 100-slot ring
of UTF-16 units, the rolling hash updated per unit, a hash emitted when a line's first unit
leaves the window), written independently of sarifbandit.fingerprint, which computes each
line's window directly. The two must agree on every line of every input.
"""

from __future__ import annotations

from typing import Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sarifbandit.fingerprint import content_fingerprint, line_hashes

MASK = (1 << 64) - 1
BLOCK = 100


def reference_hashes(data: bytes) -> Dict[int, str]:
    text = data.decode("utf-8", "replace")
    units = list(text.encode("utf-16-le"))
    codes = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)]
    window = [0] * BLOCK
    line_at = [-1] * BLOCK
    first_mod = pow(37, BLOCK, 1 << 64)
    state = {"hash": 0, "index": 0, "line": 0, "start": True, "cr": False}
    counts: Dict[str, int] = {}
    out: Dict[int, str] = {}

    def emit() -> None:
        value = format(state["hash"], "x")
        counts[value] = counts.get(value, 0) + 1
        out[line_at[state["index"]]] = f"{value}:{counts[value]}"
        line_at[state["index"]] = -1

    def update(code: int) -> None:
        leaving = window[state["index"]]
        window[state["index"]] = code
        state["hash"] = (37 * state["hash"] + code - first_mod * leaving) & MASK
        state["index"] = (state["index"] + 1) % BLOCK

    def feed(code: int) -> None:
        if code in (0x20, 0x09) or (state["cr"] and code == 0x0A):
            state["cr"] = False
            return
        if code == 0x0D:
            code, state["cr"] = 0x0A, True
        else:
            state["cr"] = False
        if line_at[state["index"]] != -1:
            emit()
        if state["start"]:
            state["start"] = False
            state["line"] += 1
            line_at[state["index"]] = state["line"]
        if code == 0x0A:
            state["start"] = True
        update(code)

    for code in codes:
        feed(code)
    feed(65535)
    for _ in range(BLOCK):
        if line_at[state["index"]] != -1:
            emit()
        update(0)
    return out


def all_lines(data: bytes) -> Dict[int, str]:
    return line_hashes(data, range(1, data.count(b"\n") + data.count(b"\r") + 2))


def test_github_vector_empty_file() -> None:
    assert line_hashes(b"", [1]) == {1: "c129715d7a2bc9a3:1"}
    assert reference_hashes(b"") == {1: "c129715d7a2bc9a3:1"}


def test_github_vector_four_lines() -> None:
    data = b" a\nb\n  \t\tc\n d"
    expected = {
        1: "271789c17abda88f:1",
        2: "54703d4cd895b18:1",
        3: "180aee12dab6264:1",
        4: "a23a3dc5e078b07b:1",
    }
    assert line_hashes(data, [1, 2, 3, 4]) == expected
    assert reference_hashes(data) == expected


def test_blanks_and_line_ends_do_not_change_the_hash() -> None:
    # GitHub drops spaces and tabs and reads CR and CRLF as LF, so these are one file to it
    plain = line_hashes(b"x = 1\nif x:\n    y = 2\n", [1, 2, 3])
    assert line_hashes(b"x=1\r\nif x:\r\n\t\ty=2\r\n", [1, 2, 3]) == plain
    assert line_hashes(b"x = 1\rif x:\r  y = 2\r", [1, 2, 3]) == plain


def test_repeated_windows_are_counted() -> None:
    # 60 lines "a": 120 units; lines 1-11 start a full window of identical text, so they share a
    # hash and number its occurrences 1..11; later windows run into the EOF marker and differ
    data = b"a\n" * 60
    hashes = line_hashes(data, range(1, 62))
    first = hashes[1].split(":")[0]
    assert [hashes[n] for n in range(1, 12)] == [f"{first}:{n}" for n in range(1, 12)]
    assert hashes[12].split(":")[0] != first
    assert (
        hashes[61] == "c129715d7a2bc9a3:1"
    )  # the empty last line: EOF and zeros, as an empty file
    assert hashes == reference_hashes(data)


@pytest.mark.parametrize(
    "data",
    [
        b"s = 'caf\xc3\xa9'\nt = '\xe2\x82\xac'\n",  # 2- and 3-byte UTF-8
        b"e = '\xf0\x9f\x90\x8d'  # snake\nnext_line()\n",  # astral: two UTF-16 units
        b"\xef\xbb\xbfimport os\nos.system(x)\n",  # BOM kept, as Node keeps it
        b"bad = b'\xff\xfe'\nok()\n",  # invalid UTF-8 becomes U+FFFD
        b"a\r\r\nb\r \nc\n",  # CR, CRLF and a space between CR and LF
        b"x" * 250 + b"\n" + b"y\n" * 3,  # a line longer than the window
        b"\n\n\n",
        b"tail without newline",
    ],
)
def test_matches_the_reference_on_awkward_files(data: bytes) -> None:
    assert all_lines(data) == reference_hashes(data)


def test_astral_character_counts_as_two_units() -> None:
    # 99 units of 'a' then one astral character: its first surrogate is the 100th unit, so the
    # hash of line 1 differs from the same text with a BMP character in that place
    astral = ("a" * 99 + "\U0001f40d\nz\n").encode("utf-8")
    bmp = ("a" * 99 + "\u00e9\nz\n").encode("utf-8")
    assert line_hashes(astral, [1]) != line_hashes(bmp, [1])
    assert all_lines(astral) == reference_hashes(astral)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \t\r\n#é€\U0001f40d")), max_size=400))
def test_matches_the_reference_on_generated_files(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    assert all_lines(data) == reference_hashes(data)


def test_lines_past_the_end_have_no_hash() -> None:
    assert line_hashes(b"a\nb\n", [5]) == {}


def test_own_fingerprint_ignores_whitespace_and_line_moves() -> None:
    base = content_fingerprint("B602", "app/run.py", ["", "subprocess.call(cmd, shell=True)", ""])
    spaced = content_fingerprint(
        "B602", "app/run.py", ["", "subprocess.call(cmd,   shell=True)  ", ""]
    )
    assert base == spaced
    assert len(base) == 32 and int(base, 16) >= 0


@pytest.mark.parametrize(
    "rule, path, code",
    [
        ("B603", "app/run.py", "subprocess.call(cmd, shell=True)"),
        ("B602", "app/other.py", "subprocess.call(cmd, shell=True)"),
        ("B602", "app/run.py", "subprocess.call(other, shell=True)"),
    ],
)
def test_own_fingerprint_changes_with_rule_path_and_code(rule: str, path: str, code: str) -> None:
    base = content_fingerprint("B602", "app/run.py", ["", "subprocess.call(cmd, shell=True)", ""])
    assert content_fingerprint(rule, path, ["", code, ""]) != base
