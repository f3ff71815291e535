"""Flags the flag checks (SB611, SB614/SB1004) read where the code fixes them: constants,
expressions of constants and names every assignment reaching them gives one value."""

from __future__ import annotations

import textwrap
from typing import List, Tuple

from sarifbandit import Config
from sarifbandit.config.options import select
from sarifbandit.engine.filescan import scan_bytes


def _scan(code: str, tests: List[str]) -> List[Tuple[int, str, str]]:
    config = Config(selected=select(tests, []), jobs=1, dataflow=False)
    result = scan_bytes(textwrap.dedent(code).encode("utf-8"), "t.py", config)
    assert result.scanned and not result.notifications, result.notifications
    return [(f.line, f.rule_id, f.confidence.name) for f in result.findings]


def test_expressions_of_constants_are_folded() -> None:
    code = """
    from lxml import etree
    LOUD = 2 > 1
    etree.XMLParser(resolve_entities=LOUD)
    etree.XMLParser(resolve_entities=len("ab") > 5)
    etree.XMLParser(resolve_entities=not (3 * 2 == 6))
    etree.XMLParser(resolve_entities="x" * 3 == "xxx")
    """
    assert _scan(code, ["SB611"]) == [(4, "SB611", "HIGH"), (7, "SB611", "HIGH")]


def test_a_name_that_depends_on_itself_is_computed_not_a_hang() -> None:
    code = """
    from lxml import etree
    def parse(rounds):
        flag = False
        for _ in range(rounds):
            flag = not flag
        return etree.XMLParser(resolve_entities=flag)
    """
    assert _scan(code, ["SB611"]) == [(7, "SB611", "MEDIUM")]


def test_text_repeated_past_the_fold_bound_is_not_computed() -> None:
    code = """
    from lxml import etree
    etree.XMLParser(resolve_entities="x" * 1_000_000_000 == "")
    """
    assert _scan(code, ["SB611"]) == [(3, "SB611", "MEDIUM")]


def test_a_cookie_flag_fixed_false_by_an_expression_is_reported() -> None:
    code = """
    from flask import Flask, make_response
    app = Flask(__name__)
    @app.route("/")
    def index():
        response = make_response("ok")
        response.set_cookie("session_id", "v", secure=len("ab") > 5, httponly=True)
        response.set_cookie("session_id", "v", secure=2 > 1, httponly=True)
        return response
    """
    assert _scan(code, ["SB614"]) == [(7, "SB614", "HIGH")]


def test_algorithm_names_and_loaders_the_code_fixes_by_expression() -> None:
    code = """
    import hashlib, yaml
    def f(pw, text, legacy):
        hashlib.new("sha" + "1", pw)
        hashlib.new("md5" if 3 > 5 else "sha512", pw)
        hashlib.new("md5" if legacy else "sha512", pw)
        yaml.load(text, Loader=yaml.SafeLoader if 2 > 1 else yaml.Loader)
        yaml.load(text, Loader=yaml.SafeLoader if 2 < 1 else yaml.Loader)
    """
    assert _scan(code, ["B324", "B506"]) == [
        (4, "B324", "HIGH"),
        (6, "B324", "MEDIUM"),
        (8, "B506", "HIGH"),
    ]


def test_folding_stops_at_its_depth_bound() -> None:
    from sarifbandit.analysis import context

    deep = "not " * (context.MAX_FOLDED_DEPTH + 5) + "True"
    code = f"""
    from lxml import etree
    etree.XMLParser(resolve_entities=not not True)
    etree.XMLParser(resolve_entities={deep})
    """
    # within the bound the value is folded (HIGH); past it the flag counts as computed
    assert _scan(code, ["SB611"]) == [(3, "SB611", "HIGH"), (4, "SB611", "MEDIUM")]
