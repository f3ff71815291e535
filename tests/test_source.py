"""Decoding (PEP 263, BOMs), parse failures as notifications, and column conversion."""

from __future__ import annotations

import pytest

from sarifbandit.analysis.source import SourceError, SourceFile, decode
from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes


def _scan(data: bytes):
    return scan_bytes(data, "t.py", Config(jobs=1))


def test_coding_cookie_is_honoured():
    data = "# -*- coding: latin-1 -*-\ns = 'caf\xe9'\neval(s)\n".encode("latin-1")
    assert decode(data).splitlines()[1] == "s = 'café'"
    assert [(f.line, f.rule_id) for f in _scan(data).findings] == [(3, "B307")]


def test_utf8_bom_is_stripped_and_scanned():
    result = _scan(b"\xef\xbb\xbfeval(x)\n")
    assert [(f.line, f.region.start_column) for f in result.findings] == [(1, 1)]


def test_invalid_utf8_is_a_notification_not_an_exception():
    result = _scan(b"x = '\xff\xfe'\n")
    assert not result.scanned
    assert [n.code for n in result.notifications] == ["decode-error"]


def test_unknown_coding_cookie():
    with pytest.raises(SourceError) as caught:
        decode(b"# coding: no-such-codec\nx = 1\n")
    assert caught.value.code == "decode-error"


def test_syntax_error_names_the_line():
    result = _scan(b"x = 1\ndef broken(:\n")
    assert not result.scanned
    (note,) = result.notifications
    assert note.code == "syntax-error" and note.line == 2 and note.path == "t.py"


def test_crlf_and_cr_line_ends_keep_line_numbers():
    for newline in (b"\r\n", b"\r"):
        result = _scan(newline.join([b"x = 1", b"eval(x)", b""]))
        assert [(f.line, f.rule_id) for f in result.findings] == [(2, "B307")]


def test_utf16_columns_after_non_ascii_text():
    # 'é' is 2 UTF-8 bytes but 1 UTF-16 unit; '𝒳' is 4 bytes and 2 units
    source = SourceFile.from_bytes("t.py", "s = 'é𝒳'; eval(s)\n".encode())
    line = source.line(1)
    byte_offset = len(line[: line.index("eval")].encode("utf-8"))
    assert source.utf16_column(1, byte_offset) == len("s = 'é'; ") + 2 + 1
    result = _scan("s = 'é𝒳'; eval(s)\n".encode())
    (finding,) = result.findings
    assert finding.region.start_column == 12 and finding.region.end_column == 19
    assert finding.col_offset == byte_offset


def test_loc_counts_code_lines_only():
    source = SourceFile.from_bytes("t.py", b"# comment\n\nx = 1\n  # indented comment\ny = 2\n")
    assert source.loc() == 2


def test_context_window_stops_at_the_last_line():
    source = SourceFile.from_bytes("t.py", b"a = 1\nb = 2\neval(b)\n")
    assert source.window(3, 3, 3) == ((2, "b = 2"), (3, "eval(b)"))


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"x = 1",
        b"x = 1\n",
        b"x = 1\ny = 2\n\xff\xfe later lines are not looked at\n",
        b"# -*- coding: latin-1 -*-\nname = '\xe9'\n",
        b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\nx = '\x80'\n",
        b"\xef\xbb\xbfprint('bom')\n",
        b"x = '\xc3\xa9'\n",
        b"s = 'encoding of the text'\n",  # the word alone is no cookie
        b"x = 1\n# coding: utf-8\n",
        b"x = 1\n\xff = 2\n",  # tokenize reads a second line only after a comment or blank one
    ],
)
def test_the_coding_is_read_as_tokenize_reads_it(data: bytes) -> None:
    import io
    import tokenize

    from sarifbandit.analysis.source import _encoding

    assert _encoding(data) == tokenize.detect_encoding(io.BytesIO(data).readline)[0].replace(
        "utf-8-sig", "utf-8"
    )


@pytest.mark.parametrize("data", [b"x = '\xff'\n", b"# note\n\xff = 2\n"])
def test_lines_that_are_not_utf8_fail_as_tokenize_fails(data: bytes) -> None:
    import io
    import tokenize

    from sarifbandit.analysis.source import _encoding

    with pytest.raises(SyntaxError):
        tokenize.detect_encoding(io.BytesIO(data).readline)
    with pytest.raises(SyntaxError):
        _encoding(data)
