"""The command line end to end: exit codes, thresholds, output choice, errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from sarifbandit import __version__
from sarifbandit.cli import main

CODE = "import yaml\nyaml.load(s)\nassert ok\nexec(c)\n"  # B506 M/H, B101 L/H, B102 M/H


@pytest.fixture()
def project(tmp_path, monkeypatch):
    (tmp_path / "app.py").write_text(CODE)
    (tmp_path / "clean.py").write_text("x = 1\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _ids(output: str):
    return [
        line.split(": ")[1].split()[0] for line in output.splitlines() if line.startswith("app.py:")
    ]


def test_findings_exit_1_and_clean_exit_0(project):
    result = _run("scan", "app.py")
    assert result.exit_code == 1
    assert _ids(result.output) == ["B506", "B101", "B102"]
    assert "3 findings (0 high, 2 medium, 1 low) in 1 file" in result.output
    assert _run("scan", "clean.py").exit_code == 0
    assert _run("scan", "app.py", "--exit-zero").exit_code == 0


@pytest.mark.parametrize(
    "flags, expected",
    [
        ((), ["B506", "B101", "B102"]),
        (("-l",), ["B506", "B101", "B102"]),
        (("-ll",), ["B506", "B102"]),
        (("--severity-level", "medium"), ["B506", "B102"]),
        (("-lll",), []),
        (("--severity-level", "high"), []),
        (("-iii",), ["B506", "B101", "B102"]),
        (("--confidence-level", "all"), ["B506", "B101", "B102"]),
        (("-t", "B101"), ["B101"]),
        (("-s", "B101,B102"), ["B506"]),
    ],
)
def test_thresholds_and_selection(project, flags, expected):
    result = _run("scan", "app.py", *flags)
    assert _ids(result.output) == expected
    assert result.exit_code == (1 if expected else 0)


@pytest.mark.parametrize(
    "flags, message",
    [
        (("-t", "B999"), "unknown check id 'B999'"),
        (("-t", "assert_used"), "use its id B101"),
        (("-t", "B101", "-s", "B101"), "B101 is both selected and skipped"),
        (("-ll", "--severity-level", "low"), "cannot be used together"),
        (("-llll",), "at most three"),
    ],
)
def test_usage_errors_exit_2_with_one_line(project, flags, message):
    result = CliRunner().invoke(main, ["scan", "app.py", *flags])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_sarif_from_the_output_suffix(project):
    result = _run("scan", "app.py", "-o", "out.sarif")
    assert result.exit_code == 1
    log = json.loads(Path("out.sarif").read_text())
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results
    ] == [
        ("B506", 2),
        ("B101", 3),
        ("B102", 4),
    ]


def test_unparsable_file_does_not_cost_the_others(project):
    (project / "broken.py").write_text("def broken(:\n")
    result = _run("scan", ".")
    assert result.exit_code == 1
    assert _ids(result.output) == ["B506", "B101", "B102"]
    assert "broken.py:1: error: syntax error" in result.output


def test_missing_target_is_reported_but_keeps_the_exit_status(project):
    # `scan $(git diff --name-only)` names deleted files; as in Bandit they must not fail the run
    result = _run("scan", "clean.py", "deleted.py")
    assert result.exit_code == 0
    assert "target 'deleted.py': no such file or directory" in result.output
    sarif = json.loads(_run("scan", "-f", "sarif", "app.py", "deleted.py").output)
    notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes] == [
        "deleted.py"
    ]
    assert len(sarif["runs"][0]["results"]) == 3


def test_version_and_module_entry_point(project):
    assert _run("--version").output.strip() == f"sarifbandit {__version__}"
    proc = subprocess.run(
        [sys.executable, "-m", "sarifbandit", "scan", "app.py"], capture_output=True, text=True
    )
    assert proc.returncode == 1 and "B506" in proc.stdout


def test_rule_help(project):
    result = _run("rule", "b506")
    assert result.exit_code == 0 and "## Use instead" in result.output
    assert CliRunner().invoke(main, ["rule", "B000"]).exit_code == 2
