"""The text report a person reads: -n context lines, the ranks said in words, CWE and docs links,
the data-flow path, and a summary with Bandit's totals in correct English."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import List

import pytest

from sarifbandit.cli import main
from sarifbandit.model import Finding, FlowStep, Rank, Region, Report
from sarifbandit.records import replace
from sarifbandit.writers import WriterOptions
from sarifbandit.writers.json import write as write_json
from sarifbandit.writers.text import format_finding, plural, write

from .cli_runner import runner
from .sarif_corpus import scan_tree, write_tree

APP = (
    "".join(f"x{n} = {n}\n" for n in range(1, 10))
    + "import yaml\nyaml.load(s)\n"
    + ("".join(f"y{n} = {n}\n" for n in range(1, 10)))
)  # the B506 finding is on line 11, with nine lines on either side


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_tree(tmp_path, {"app.py": APP})


def _scan(*args: str) -> str:
    done = runner().invoke(main, ["--no-cache", *args])
    assert done.exit_code in (0, 1), done.stderr
    return done.stdout


def _code_lines(output: str) -> List[str]:
    return [line for line in output.splitlines() if " | " in line]


@pytest.mark.parametrize("number, first, last", [("1", 11, 11), ("3", 10, 12), ("7", 8, 14)])
def test_number_sets_the_context_lines(project: Path, number: str, first: int, last: int) -> None:
    lines = _code_lines(_scan("-n", number, "app.py"))
    assert [int(line.split("|")[0].strip(" >")) for line in lines] == list(range(first, last + 1))
    assert [line for line in lines if line.startswith("  >")] == ["  >    11 | yaml.load(s)"]


def test_default_context_is_three_lines(project: Path) -> None:
    assert len(_code_lines(_scan("app.py"))) == 3


def test_a_finding_says_its_ranks_cwe_and_docs(project: Path) -> None:
    lines = _scan("app.py").splitlines()
    head = lines.index(next(line for line in lines if line.startswith("app.py:11:1: B506 ")))
    assert lines[head + 1 : head + 3] == [
        "  severity: MEDIUM, confidence: HIGH, CWE-502 "
        "(https://cwe.mitre.org/data/definitions/502.html)",
        "  docs: https://github.com/sarifbandit/sarifbandit/blob/main/docs/rules.md#b506-yaml-load",
    ]


def test_summary_in_correct_english(tmp_path: Path) -> None:
    one = scan_tree(write_tree(tmp_path, {"one.py": "eval(x)\n"}))
    assert _summary(one)[0] == "1 finding (0 high, 1 medium, 0 low) in 1 file, 1 line of code"
    assert plural(2, "file") == "2 files" and plural(1_024, "line") == "1,024 lines"
    (tmp_path / "two.py").write_text("x = 1\ny = 2\n")
    (tmp_path / "clean.py").write_text("eval(y)\neval(z)\n")
    three = scan_tree(tmp_path)
    assert _summary(three)[0] == "3 findings (0 high, 3 medium, 0 low) in 3 files, 5 lines of code"


def _summary(report: Report) -> List[str]:
    stream = io.StringIO()
    write(report, stream, WriterOptions())
    lines = stream.getvalue().splitlines()
    return lines[next(i for i, line in enumerate(lines) if " in " in line and " of code" in line) :]


NOSEC = (
    "import yaml\n"
    "import subprocess  # nosec\n"
    "a = yaml.load(x)  # nosec\n"
    "b = yaml.load(x)  # nosec B506\n"
    "d = yaml.load(x)  # nosec yaml_load\n"
    "e = yaml.load(x)\n"
    "assert a\n"
)


def test_summary_gives_bandits_totals(tmp_path: Path) -> None:
    write_tree(tmp_path, {"n.py": NOSEC, "broken.py": "def f(:\n"})
    report = scan_tree(tmp_path)
    totals = _json_totals(report)
    assert _summary(report) == [
        "2 findings (0 high, 1 medium, 1 low) in 1 file, 7 lines of code",
        "  by severity: high 0, medium 1, low 1, undefined 0",
        "  by confidence: high 2, medium 0, low 0, undefined 0",
        "  # nosec: 2 findings skipped by a bare # nosec, 2 findings by a # nosec naming the check",
        "  1 file skipped: could not be scanned (errors above)",
    ]
    assert (totals["nosec"], totals["skipped_tests"], totals["loc"]) == (2, 2, 7)


def _json_totals(report: Report) -> dict:
    stream = io.StringIO()
    write_json(report, stream, WriterOptions())
    return json.loads(stream.getvalue())["metrics"]["_totals"]


def test_totals_count_findings_below_the_thresholds(tmp_path: Path) -> None:
    write_tree(tmp_path, {"n.py": NOSEC})
    summary = _summary(scan_tree(tmp_path, severity=Rank.HIGH))
    assert summary[:4] == [
        "0 findings (0 high, 0 medium, 0 low) in 1 file, 7 lines of code",
        "  by severity: high 0, medium 1, low 1, undefined 0",
        "  by confidence: high 2, medium 0, low 0, undefined 0",
        "  2 findings below the -l/-i thresholds: counted by severity and confidence, not shown",
    ]


def flow_step(path: str, line: int, column: int, message: str, nesting: int = 0) -> FlowStep:
    """A data-flow step three columns wide."""
    return FlowStep(path, Region(line, column, line, column + 3), message, nesting)


def with_flow(finding: Finding, *steps: FlowStep) -> Finding:
    return replace(finding, flow=tuple(steps))


def test_flow_steps_under_the_finding(tmp_path: Path) -> None:
    write_tree(tmp_path, {"app.py": "import os\nos.system(cmd)\n"})
    (finding,) = scan_tree(tmp_path).findings
    flowing = with_flow(
        finding,
        flow_step("web.py", 3, 9, "request.args.get('q') is untrusted input"),
        flow_step("app\x1b[2J.py", 7, 5, "passed to helper(cmd)", nesting=1),
        flow_step("app.py", 2, 11, "reaches os.system()"),
    )
    lines = format_finding(flowing, colour=False).splitlines()
    start = lines.index("  data flow, source to sink:")
    assert lines[start + 1 :] == [
        "    1. web.py:3:9: request.args.get('q') is untrusted input",
        "      2. app\\x1b[2J.py:7:5: passed to helper(cmd)",
        "    3. app.py:2:11: reaches os.system()",
    ]
    assert "data flow" not in format_finding(finding, colour=False)
