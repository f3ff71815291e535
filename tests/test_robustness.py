"""Hostile file contents: each one is scanned with exact findings, or skipped with a notification
that names the file and the reason; nothing raises."""

from __future__ import annotations

import io
import json
import sys
from typing import List, Tuple

import pytest

from sarifbandit.analysis.source import SourceError, parse, pep701_fstring
from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.model import MAX_CONTEXT_LINE_CHARS, FileResult
from sarifbandit.writers import WRITERS, WriterOptions

from .sarif_corpus import scan_tree

CONFIG = Config(jobs=1)


def _scan(data: bytes, name: str = "t.py") -> FileResult:
    return scan_bytes(data, name, CONFIG)


def _found(result: FileResult) -> List[Tuple[int, int, str]]:
    return [(f.line, f.region.start_column, f.rule_id) for f in result.findings]


def _only_note(result: FileResult, name: str = "t.py"):
    assert not result.scanned and not result.findings
    (note,) = result.notifications
    assert note.path == name and note.level == "error"
    return note


# -- files Python refuses: one notification each, with the reason -------------------------------
REFUSED = [
    ("syntax error", b"x = 1\ndef f(:\n    pass\n", "syntax-error", 2, "invalid syntax"),
    ("python 2 print", b'print "hello"\n', "syntax-error", 1, "Missing parentheses"),
    # (`except E, e:` is no longer one: from 3.14 it catches E or e)
    ("python 2 raise", b"x = 1\nraise ValueError, 'bad'\n", "syntax-error", 2, ""),
    ("tabs and spaces", b"if x:\n\ty = 1\n        z = 2\n", "syntax-error", 3, "tabs and spaces"),
    ("unterminated string", b'x = "abc\n', "syntax-error", 1, "string literal"),
    ("unterminated triple", b'x = """abc\n\n', "syntax-error", None, "triple-quoted string"),
    ("NUL byte", b"x = 1\ny = 2\x00\n", "parse-error", 2, "NUL byte at line 2, column 6"),
    ("invalid UTF-8", b"x = '\xff\xfe'\n", "decode-error", None, "byte 0xff at line 1, column 6"),
    ("invalid UTF-8 below", b"x = 1\n" * 5 + b"s = '\xc3('\n", "decode-error", 6, "0xc3"),
    ("unknown cookie", b"# -*- coding: bogus-enc -*-\nx = 1\n", "decode-error", None, "bogus-enc"),
    ("non-text codec", b"# coding: rot13\nx = 1\n", "decode-error", None, "rot13"),
    ("cookie mismatch", b"# coding: ascii\nx = '\xc3\xa9'\n", "decode-error", 2, "ascii"),
    ("parser stack", b"x = " + b"-" * 100_000 + b"1\n", "parse-error", None, "nested too deeply"),
    ("lambda chain", b"f = " + b"lambda: " * 5_000 + b"1\n", "parse-error", None, "too deeply"),
    ("UTF-16 BOM", "eval(x)\n".encode("utf-16"), "decode-error", None, "UTF-16 byte-order mark"),
    ("UTF-32 BOM", "eval(x)\n".encode("utf-32"), "decode-error", None, "UTF-32 byte-order mark"),
    ("binary garbage", bytes(range(256)) * 4, "decode-error", None, "cannot decode"),
    (
        "too many indents",
        b"".join(b"    " * i + b"if x:\n" for i in range(100)) + b" " * 400 + b"y\n",
        "syntax-error",
        101,
        "too many levels of indentation",
    ),
    (
        "too many parentheses",
        b"x = " + b"(" * 250 + b")" * 250 + b"\n",
        "syntax-error",
        1,
        "too many nested parentheses",
    ),
]


@pytest.mark.parametrize(
    "data, code, line, fragment", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_refused_file_is_one_notification(data, code, line, fragment):
    note = _only_note(_scan(data))
    assert note.code == code
    assert fragment in note.message
    if line is not None:
        assert note.line == line


def test_refusal_never_claims_newer_python_for_a_plain_error():
    for data in (b"def f(:\n    pass\n", b"x = = 1\n", b'x = f"{}"\n', b'x = f"{a"\n'):
        assert "needs Python" not in _only_note(_scan(data)).message


# -- valid files in unusual shapes: scanned, findings at the right line and column ----------------
def test_utf8_bom_crlf_and_cr_only_line_ends_are_scanned_with_exact_positions():
    body = [b"import os", b"x = 1", b"  # comment", b"y = [1,", b"     2]; eval(x)", b""]
    for bom in (b"", b"\xef\xbb\xbf"):
        for newline in (b"\n", b"\r\n", b"\r"):
            result = _scan(bom + newline.join(body))
            assert result.scanned, (bom, newline)
            assert _found(result) == [(5, 10, "B307")], (bom, newline)
            (finding,) = result.findings
            assert finding.snippet == "     2]; eval(x)"


def test_coding_cookie_with_crlf_and_non_ascii_columns():
    data = "# -*- coding: latin-1 -*-\r\ns = 'é'; eval(s)\r\n".encode("latin-1")
    assert _found(_scan(data)) == [(2, 10, "B307")]


def test_five_megabyte_single_line():
    data = b'x = "' + b"a" * 5_000_000 + b'"; eval(x)\n'
    assert _found(_scan(data)) == [(1, 5_000_009, "B307")]


def test_hundred_thousand_lines():
    data = b"".join(b"x%d = %d\n" % (i, i) for i in range(100_000)) + b"eval(x1)\n"
    result = _scan(data)
    assert _found(result) == [(100_001, 1, "B307")]
    assert result.loc == 100_001


@pytest.mark.parametrize(
    "expression",
    [
        " + ".join(["a"] * 60_000),
        " + ".join(['"a"'] * 60_000),
        " and ".join(["a"] * 60_000),
        "a" + ".b" * 60_000,
        "a" + "()" * 60_000,
        "a" + "[0]" * 60_000,
    ],
    ids=["sum", "concatenation", "boolean", "attributes", "calls", "subscripts"],
)
def test_sixty_thousand_term_expression(expression):
    result = _scan(f"x = {expression}\neval(x)\n".encode())
    if not (3, 12) <= sys.version_info < (3, 14) or result.scanned:  # and the flat boolean
        assert _found(result) == [(2, 1, "B307")]
        assert not [n for n in result.notifications if n.code == "check-error"]
    else:  # 3.12 and 3.13's fixed parser limit: a notification naming a Python that parses it
        note = _only_note(result)
        assert note.code == "parse-error" and "Python 3.11 or 3.14+ parses it" in note.message


def test_deep_expression_in_every_place_a_check_looks():
    """Long chains where checks inspect arguments, keywords, tests and targets: no check may
    recurse into them (a check that does shows up here as a check-error naming it)."""
    chain = " + ".join(["a"] * 5_000)
    code = "\n".join(
        [
            "import subprocess, yaml, os, pickle, hashlib, requests",
            f"subprocess.call({chain}, shell={chain})",
            f"subprocess.Popen(['sh', '-c', {chain}], shell=True)",
            f"os.system({chain})",
            f"eval({chain})",
            f"exec({chain})",
            f"yaml.load({chain}, Loader={chain})",
            f"pickle.loads({chain})",
            f"hashlib.new({chain})",
            f"requests.get({chain}, verify={chain}, timeout={chain})",
            f"assert {chain}",
            f"password = {chain}",
            f"def f(password={chain}):\n    return {chain}",
            f"cursor.execute('SELECT ' + {chain})",
            f"x = 'SELECT * FROM t WHERE a = %s' % ({chain})",
            f"os.chmod({chain}, {chain})",
            f"if {chain}:\n    pass",
            f"f'{{{chain}}}'",
            "",
        ]
    )
    result = _scan(code.encode())
    if sys.version_info >= (3, 12) and not result.scanned:
        pytest.skip("this Python's parser refuses the chain")
    failures = [n.message for n in result.notifications if n.code == "check-error"]
    assert failures == []
    assert {f.rule_id for f in result.findings} >= {"B307", "B102"}


def test_hundred_nested_blocks_of_brackets_and_ninety_nine_of_indentation():
    nested_calls = "x = " + "f(" * 100 + ")" * 100 + "\neval(x)\n"
    assert _found(_scan(nested_calls.encode())) == [(2, 1, "B307")]
    blocks = "".join("    " * i + "if x:\n" for i in range(99)) + "    " * 99 + "eval(x)\n"
    assert _found(_scan(blocks.encode())) == [(100, 397, "B307")]


def test_nested_fstrings_and_walrus():
    code = "x = f\"{f'{eval(a)}'}\"\nif (y := eval(z)):\n    pass\n"
    assert _found(_scan(code.encode())) == [(1, 11, "B307"), (2, 10, "B307")]


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match statements are Python 3.10+")
def test_match_statement_patterns_are_walked():
    code = "\n".join(
        [
            "match command.split():",
            "    case [action, *rest] if (n := len(rest)):",
            "        eval(action)",
            "    case {'k': v, **kw}:",
            "        exec(v)",
            "    case Point(x=0) | None:",
            "        pass",
            "",
        ]
    )
    assert _found(_scan(code.encode())) == [(3, 9, "B307"), (5, 9, "B102")]


# -- newer syntax on an older Python: the notification names the Python that parses it -----------
NEWER = [
    ((3, 10), "match x:\n    case 1:\n        pass\n", "a match statement"),
    ((3, 11), "try:\n    pass\nexcept* ValueError:\n    pass\n", "except*"),
    ((3, 11), "x: tuple[*Ts]\n", "star-unpacking"),
    ((3, 12), "type Alias = list[int]\n", "a type statement"),
    ((3, 12), "def first[T](items: list[T]) -> T:\n    return items[0]\n", "type parameter"),
    ((3, 12), "class Box[T]:\n    pass\n", "type parameter"),
    ((3, 12), 'x = f"{", ".join(names)}"\n', "PEP 701"),
    ((3, 12), "x = f\"{'\\n'.join(names)}\"\n", "PEP 701"),
    ((3, 12), 'x = f"""{\n    a  # a comment\n}"""\n', "PEP 701"),
    ((3, 12), 'x = f"{a +\n b}"\n', "PEP 701"),
    ((3, 12), 'x = f"{f\'{f"{1}"}\'}"\n', "PEP 701"),
    # the old tokenizer splits this one and fails on the next line (seen in 3.13's test suite)
    ((3, 12), "warn(f'{' '.join(cmd)!r} failed '\n     f'with {code}')\n", "PEP 701"),
    # a form feed is no line break for the tokenizer: the hint must read the right line
    ((3, 12), "x = 1\n\x0c\ny = 2  # \x0c\ntype Alias = int\n", "a type statement"),
    ((3, 13), "def f[T = int](x: T) -> T:\n    return x\n", "type parameter default"),
    ((3, 14), "try:\n    pass\nexcept A, B:\n    pass\n", "except with unparenthesized"),
    ((3, 14), 'x = t"{a}"\n', "template string"),
    ((3, 15), "lazy import json\n", "a lazy import"),
    ((3, 15), "lazy from os import path\n", "a lazy import"),
    ((3, 15), "rows = [*row for row in table]\n", "unpacking in a comprehension"),
    ((3, 15), "merged = {**d for d in dicts}\n", "unpacking in a comprehension"),
]


@pytest.mark.parametrize("version, code, what", NEWER, ids=[n[2] + str(n[0]) for n in NEWER])
def test_newer_syntax_names_the_python_that_parses_it(version, code, what):
    if sys.version_info[:2] >= version:
        assert _scan(code.encode()).scanned
        return
    note = _only_note(_scan(code.encode()))
    if version == (3, 14) and what.startswith("except") and sys.version_info < (3, 10):
        return  # 3.9's message for it is a bare "invalid syntax": no hint rather than a guess
    wanted = f"{version[0]}.{version[1]}"
    assert what in note.message
    assert f"needs Python {wanted} or later" in note.message
    assert f"on Python {sys.version_info[0]}.{sys.version_info[1]}" in note.message


def test_pep701_detector_tells_new_fstrings_from_old_ones():
    assert pep701_fstring('f"{d["k"]}"')
    assert pep701_fstring("f'{x!r:>{width}}' + f'{\"\\n\".join(a)}'")
    assert not pep701_fstring("f\"{d['k']}\"")
    assert not pep701_fstring("f'{x!r:>{width}}'")
    assert not pep701_fstring("f'{a}' + f\"{b}\" + 'plain {\"}'")
    assert not pep701_fstring('f"{a"')  # unterminated under every grammar


def test_parse_never_raises_anything_but_source_error():
    for text in ("\x00", "(" * 10_000, "-" * 200_000 + "1", "\ufeffx = 1", "if 1:\n\x0c  pass"):
        try:
            parse(text, "t.py")
        except SourceError:
            pass


def test_newer_python_hint_search_stays_linear_on_hostile_lines():
    """The f-string search looked again inside every f-string: 80 kB of `f"{(` took 4 minutes."""
    for text in (
        "x = " + 'f"{(' * 20_000 + "\n",
        "x = " + 'f"""{(' * 20_000 + "\n",
        "x = 1 +\n" + 'f"{a}" ' * 100_000 + "\n",
        'x = """' + 'f"{' * 100_000 + "\n(\n",
    ):
        note = _only_note(_scan(text.encode()))
        assert note.code in ("syntax-error", "parse-error") and "needs Python" not in note.message


def test_many_findings_on_one_long_line_cost_linear_time():
    """Each finding used to hash and re-encode its whole line: 40,000 on one line took 30 s."""
    count = 20_000
    result = _scan(("s = '𝒳é';" + "eval(x);" * count + "\n").encode())
    found = _found(result)
    assert len(found) == count
    # 's = ' 4, the string '𝒳é' 5 UTF-16 units (𝒳 is a surrogate pair), ';' 1, then 8 a call
    assert found[0] == (1, 11, "B307") and found[-1] == (1, 11 + 8 * (count - 1), "B307")
    assert len({f.fingerprints for f in result.findings}) == 1


def test_findings_on_a_huge_line_keep_reports_small(tmp_path) -> None:
    # 500 findings on one 2 MB line: each must not carry the line (500 x 2 MB)
    line = "; ".join(["eval(a)"] * 500) + '; x = "' + "a" * 2_000_000 + '"'
    (tmp_path / "big.py").write_text(line + "\n", encoding="utf-8")
    report = scan_tree(tmp_path)
    assert len(report.findings) == 500
    for fmt in ("sarif", "json", "text", "csv"):
        assert len(_render(report, fmt)) < 2_000_000, fmt
    sarif = json.loads(_render(report, "sarif"))
    region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert "snippet" not in region["region"] and "contextRegion" not in region
    shown = report.findings[0].context[0][1]
    assert len(shown) == MAX_CONTEXT_LINE_CHARS + 1 and shown.endswith("…")
    assert line.startswith(shown[:-1])


def test_a_long_line_under_the_limits_keeps_its_exact_snippet(tmp_path) -> None:
    line = "eval(a)  # " + "x" * (MAX_CONTEXT_LINE_CHARS - 11)
    (tmp_path / "t.py").write_text(f"{line}\n\n\n", encoding="utf-8")
    sarif = json.loads(_render(scan_tree(tmp_path), "sarif"))
    location = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["region"]["snippet"]["text"] == "eval(a)"
    assert location["contextRegion"]["snippet"]["text"].split("\n")[0] == line


def _render(report, fmt: str) -> str:
    out = io.StringIO()
    WRITERS[fmt](report, out, WriterOptions())
    return out.getvalue()
