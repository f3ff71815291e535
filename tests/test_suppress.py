"""# nosec forms (bandit-behavior.md §3 and the §9 fixes), through the real pipeline."""

from __future__ import annotations

import textwrap

from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes


def _scan(code: str, **config):
    data = textwrap.dedent(code).encode()
    return scan_bytes(data, "t.py", Config(jobs=1, **config))


def _ids(result):
    return sorted((f.line, f.rule_id) for f in result.findings)


def test_bare_nosec_suppresses_everything_on_the_line():
    result = _scan("eval(x); exec(y)  # nosec\n")
    assert _ids(result) == []
    assert sorted(f.rule_id for f in result.suppressed) == ["B102", "B307"]
    assert result.suppressed[0].suppressed_by == "# nosec"


def test_specific_nosec_limits_what_it_suppresses():
    result = _scan("eval(x); exec(y)  # nosec B307\n")
    assert _ids(result) == [(1, "B102")]


def test_comma_joined_ids_suppress_both():
    # Bandit keeps only the last of comma-joined ids; we honour every one
    result = _scan("eval(x); exec(y)  # nosec B307,B102\n")
    assert _ids(result) == []


def test_names_map_to_ids_and_unknown_words_make_a_blanket_nosec():
    assert _ids(_scan("eval(x); exec(y)  # nosec eval\n")) == [(1, "B102")]
    result = _scan("eval(x); exec(y)  # nosec because reviewed\n")
    assert _ids(result) == []
    codes = [n.code for n in result.notifications]
    assert codes.count("unknown-nosec-id") == 2


def test_nosec_inside_a_string_is_not_a_comment():
    assert _ids(_scan('eval("# nosec")\n')) == [(1, "B307")]


def test_case_and_position_matter():
    assert _ids(_scan("eval(x)  # NOSEC\n")) == [(1, "B307")]
    assert _ids(_scan("eval(x)  # this is nosec\n")) == [(1, "B307")]
    assert _ids(_scan("eval(x)  #nosec\n")) == []
    assert _ids(_scan("eval(x)  # noqa: E501 # nosec\n")) == []


def test_nosec_on_any_line_of_a_multiline_statement():
    code = """\
    subprocess.Popen(
        cmd,
        shell=True,
    )  # nosec
    """
    assert _ids(_scan(code)) == []
    code_first = """\
    subprocess.Popen(  # nosec B602
        cmd,
        shell=True,
    )
    """
    assert _ids(_scan(code_first)) == []


def test_specific_nosec_earlier_in_the_range_beats_a_bare_one_on_the_reported_line():
    code = """\
    import subprocess  # nosec
    subprocess.Popen(cmd,  # nosec B102
        shell=True)  # nosec
    """
    assert [(line, rid) for line, rid in _ids(_scan(code)) if rid == "B602"] == [(3, "B602")]


def test_unused_specific_nosec_is_reported():
    result = _scan("x = 1  # nosec B602\n")
    unused = [n for n in result.notifications if n.code == "unused-nosec"]
    assert [(n.line, n.rule_id) for n in unused] == [(1, "B602")]


def test_ignore_nosec_reports_everything():
    assert _ids(_scan("eval(x)  # nosec\n", ignore_nosec=True)) == [(1, "B307")]
