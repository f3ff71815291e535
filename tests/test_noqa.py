"""ruff / flake8-bandit `# noqa: S602` comments, read as a nosec naming the Bandit id of the same
meaning; a bare `# noqa` and other linters' codes suppress nothing; and what the user is told
about comments that suppress nothing (text report and standard error, not only SARIF)."""

from __future__ import annotations

import json

import pytest

from sarifbandit.cli import main
from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.engine.suppress import NOQA_CODES
from sarifbandit.registry import rules_by_id
from sarifbandit.writers.metrics import file_metrics

from .cli_runner import runner


def _scan(code: str):
    return scan_bytes(code.encode(), "a.py", Config())


def _kept(result) -> list:
    return [(f.rule_id, f.line) for f in result.findings]


def _unused(result) -> list:
    return [(n.line, n.message) for n in result.notifications if n.code == "unused-nosec"]


@pytest.mark.parametrize(
    "comment",
    ["# noqa: S307", "# noqa:S307", "# NOQA: E501, S307", "# noqa: F401 S307  reviewed"],
)
def test_a_mapped_s_code_suppresses_its_bandit_id(comment) -> None:
    result = _scan(f"eval(x)  {comment}\n")
    assert _kept(result) == []
    assert [f.rule_id for f in result.suppressed] == ["B307"]
    # counted as a comment naming its check, as `# nosec B307` is
    assert file_metrics(result)["skipped_tests"] == 1


@pytest.mark.parametrize("comment", ["# noqa", "# noqa: E501", "# noqa: S308", "# noqa: B307"])
def test_bare_noqa_and_other_codes_suppress_nothing(comment) -> None:
    assert _kept(_scan(f"eval(x)  {comment}\n")) == [("B307", 1)]


def test_an_s_code_that_suppresses_nothing_is_reported_as_unused() -> None:
    result = _scan("x = 1  # noqa: S602, E501\n")
    assert _unused(result) == [
        (1, "'# noqa: S602' (B602) suppresses nothing on this line; remove it")
    ]
    # a nosec and a noqa on one line: both lists count, each reported in its own spelling
    result = _scan("eval(x)  # nosec B307 # noqa: S101\n")
    assert _kept(result) == [] and _unused(result) == [
        (1, "'# noqa: S101' (B101) suppresses nothing on this line; remove it")
    ]


def test_a_bare_nosec_with_a_noqa_is_still_bare() -> None:
    result = _scan("eval(x)  # noqa: S101 # nosec\n")
    assert _kept(result) == [] and _unused(result) == []


def test_the_codes_map_to_checks_of_the_same_number_that_exist() -> None:
    known = set(rules_by_id())
    assert all(code[1:] == rule_id[1:] and rule_id in known for code, rule_id in NOQA_CODES.items())
    # lxml's S320/S410 name checks Bandit retired; ruff has no S613-S615 or S703
    assert {"S320", "S410", "S613", "S703"}.isdisjoint(NOQA_CODES)
    assert {"S101", "S113", "S311", "S506", "S602", "S608", "S704"} <= set(NOQA_CODES)


def test_ignore_nosec_ignores_noqa_too() -> None:
    result = scan_bytes(b"eval(x)  # noqa: S307\n", "a.py", Config(ignore_nosec=True))
    assert _kept(result) == [("B307", 1)]


CODE = "eval(x)  # nosec B101\ny = 1  # noqa: S602\nexec(z)  # nosec nothing_here\n"


def test_comment_warnings_in_the_text_report_and_not_twice(tmp_path, monkeypatch) -> None:
    (tmp_path / "a.py").write_text(CODE)
    monkeypatch.chdir(tmp_path)
    result = runner().invoke(main, ["scan", "-f", "txt", "a.py"])
    assert "a.py:1: warning: '# nosec B101' suppresses nothing on this line" in result.stdout
    assert "a.py:2: warning: '# noqa: S602' (B602) suppresses nothing" in result.stdout
    assert "a.py:3: warning: 'nothing_here' in '# nosec' is not a check id or name" in result.stdout
    # the text report on the terminal already shows them
    assert "suppresses nothing" not in result.stderr


@pytest.mark.parametrize("flags", [["-f", "json"], ["-f", "txt", "-o", "out.txt"]])
def test_comment_warnings_on_standard_error(tmp_path, monkeypatch, flags) -> None:
    (tmp_path / "a.py").write_text(CODE)
    monkeypatch.chdir(tmp_path)
    result = runner().invoke(main, ["scan", *flags, "a.py"])
    err = result.stderr.splitlines()
    assert (
        "sarifbandit: warning: a.py:1: '# nosec B101' suppresses nothing on this line; remove it"
        in err
    )
    assert any(line.startswith("sarifbandit: warning: a.py:2: '# noqa: S602'") for line in err)
    assert any("a.py:3: 'nothing_here' in '# nosec'" in line for line in err)
    if flags[1] == "json":
        json.loads(result.stdout)  # the report itself stays clean
