"""What the examples cannot show for the B6xx/B7xx checks: confidence and severity choices,
options read from their config blocks, suppression of file-level findings, and huge inputs."""

from __future__ import annotations

import textwrap
from typing import Any, List, Mapping, Tuple

from sarifbandit import Config
from sarifbandit.config.options import merge_options, select
from sarifbandit.engine.filescan import scan_bytes

from .tooling import parseable_chain


def _scan(code: str, tests: List[str], blocks: Mapping[str, Any] = {}) -> List[Tuple[Any, ...]]:
    config = Config(selected=select(tests, []), options=merge_options(blocks), jobs=1)
    result = scan_bytes(textwrap.dedent(code).encode("utf-8"), "t.py", config)
    assert result.scanned and not result.notifications, result.notifications
    return [
        (f.line, f.region.start_column, f.rule_id, f.severity.name, f.confidence.name)
        for f in result.findings
    ]


def test_b608_confidence_follows_where_the_query_goes() -> None:
    code = """
    def run(cursor, log, name):
        cursor.execute("select * from t where a = '%s'" % name)
        query = "select * from t where a = '%s'" % name
        cursor.execute(query)
        cursor.execute("update t set a = '{}'".replace("{}", name))
        log.info("select a file from " + name)
        kept = "delete from t where a = " + name
        return kept
    """
    assert _scan(code, ["B608"]) == [
        (3, 20, "B608", "MEDIUM", "MEDIUM"),  # straight into execute, as Bandit
        (4, 13, "B608", "MEDIUM", "MEDIUM"),  # reaches execute through `query`
        (6, 20, "B608", "MEDIUM", "LOW"),  # .replace() stays LOW, as Bandit
        (7, 14, "B608", "MEDIUM", "LOW"),  # only logged
        (8, 12, "B608", "MEDIUM", "LOW"),  # returned: unknown, Bandit's LOW
    ]


def test_b608_messages_say_where_the_query_goes() -> None:
    code = """
    def run(cursor, name):
        sql = f"select * from t where a = '{name}'"
        print(sql)
        cursor.execute(sql)
        print(f"select a file from {name} ")
    """
    config = Config(selected=select(["B608"], []), jobs=1)
    result = scan_bytes(textwrap.dedent(code).encode(), "t.py", config)
    messages = [f.message for f in result.findings]
    assert "reaches execute() on line 5" in messages[0]
    assert "never reaches an execute call" in messages[1]


def test_b608_handles_a_60000_term_concatenation() -> None:
    terms = " + ".join(
        ["'select * from t where a = '", "name"] + ["'y'"] * (parseable_chain(60_002) - 2)
    )
    code = f"sql = {terms}\n"
    # the other literals only see the ones after them, none of which looks like SQL
    assert _scan(code, ["B608"]) == [(1, 7, "B608", "MEDIUM", "LOW")]
    code = "q = 'x' + 'y' + 'select * from t where a = ' + name + 'z'\n"
    assert [col for _, col, *_ in _scan(code, ["B608"])] == [5, 11, 17]


def test_b614_from_torch_import_load_is_checked_without_import_torch() -> None:
    code = """
    from torch import load
    model = load("model.pt")
    safe = load("model.pt", weights_only=True)
    """
    assert _scan(code, ["B614"]) == [(3, 9, "B614", "MEDIUM", "HIGH")]


def test_b613_is_suppressed_by_a_nosec_on_line_one_only() -> None:
    code = "x = 1  # nosec\ny = 2\nz = '\u202e'\n"
    assert _scan(code, ["B613"]) == []
    code = "x = 1\ny = 2  # nosec\nz = '\u202e'\n"
    assert _scan(code, ["B613"]) == [(3, 6, "B613", "HIGH", "MEDIUM")]


def test_shell_lists_are_read_from_the_real_key_and_the_documented_ones() -> None:
    code = """
    import tools
    tools.spawn(command)
    tools.spawn(command, shell=True)
    """
    blocks = {"shell_injection": {"subprocess": ["tools.spawn"]}}
    assert _scan(code, ["B602", "B603", "B604"], blocks) == [
        (3, 1, "B603", "LOW", "HIGH"),
        (4, 28, "B602", "HIGH", "HIGH"),
    ]
    blocks = {"subprocess_without_shell_equals_true": {"subprocess": ["tools.spawn"]}}
    assert _scan(code, ["B602", "B603", "B604"], blocks) == [
        (3, 1, "B603", "LOW", "HIGH"),
        (4, 28, "B604", "MEDIUM", "LOW"),
    ]
    # a partial block keeps the other default lists
    blocks = {"shell_injection": {"shell": ["tools.spawn"]}}
    assert _scan("import subprocess\nsubprocess.run(cmd)\n", ["B603"], blocks) == [
        (2, 1, "B603", "LOW", "HIGH")
    ]


def test_b609_reads_the_shell_lists_too() -> None:
    code = 'tools.sh("tar cf x.tar *")\n'
    assert _scan(code, ["B609"]) == []
    blocks = {"linux_commands_wildcard_injection": {"shell": ["tools.sh"]}}
    assert _scan(code, ["B609"], blocks) == [(1, 10, "B609", "HIGH", "MEDIUM")]


def test_b704_options_add_markup_names_and_allow_calls() -> None:
    code = """
    from webhelpers.html import literal
    import bleach
    literal(text)
    literal(bleach.clean(text))
    literal(other(text))
    """
    blocks = {
        "markupsafe_xss": {
            "extend_markup_names": ["webhelpers.html.literal"],
            "allowed_calls": ["bleach.clean"],
        }
    }
    assert _scan(code, ["B704"], blocks) == [
        (4, 9, "B704", "MEDIUM", "HIGH"),
        (6, 9, "B704", "MEDIUM", "HIGH"),
    ]
    assert _scan(code, ["B704"]) == []


def test_b701_and_b605_severity_and_confidence() -> None:
    code = """
    import jinja2, os
    jinja2.Environment(autoescape=flag)
    jinja2.Environment(autoescape=False)
    os.system("ls")
    os.system(command)
    """
    assert _scan(code, ["B701", "B605"]) == [
        (3, 31, "B701", "HIGH", "MEDIUM"),
        (4, 31, "B701", "HIGH", "HIGH"),
        # data flow: the command "ls" is a constant, so the finding is LOW confidence
        (5, 11, "B605", "LOW", "LOW"),
        (6, 11, "B605", "HIGH", "HIGH"),
    ]
