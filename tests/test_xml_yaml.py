"""Bandit's XML and YAML reports, and the metrics they share with the JSON report.

The expected values were read off Bandit 1.9.4 on the same files (`bandit -f xml|yaml|json`):
the structure, the fields, the text of an XML error and the metrics, including how `# nosec`
comments count (bare: `nosec`; naming the check: `skipped_tests`) and that the counts come before
the -l/-i thresholds.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree as ET  # nosec B405 - parses our own output

import pytest
import yaml

from sarifbandit.cli import main
from sarifbandit.model import Rank

from .cli_runner import runner
from .sarif_corpus import scan_tree, write_tree
from .test_formats import render

NOSEC = (
    "import yaml\n"
    "import subprocess  # nosec\n"
    "a = yaml.load(x)  # nosec\n"
    "b = yaml.load(x)  # nosec B506\n"
    "c = yaml.load(x)  # nosec: B101\n"
    "d = yaml.load(x)  # nosec yaml_load\n"
    "e = yaml.load(x)\n"
    "assert a\n"
)
FILES = {
    "nosec_demo.py": NOSEC,
    "app.py": "import os\n\nos.system(cmd)\neval(x)\n",
    "broken.py": "def f(:\n",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tree(tmp_path_factory.mktemp("xmlyaml"), FILES)


@pytest.fixture(scope="module")
def report(project: Path):
    return scan_tree(project)


# Bandit 1.9.4 on nosec_demo.py: `nosec` 2 (lines 2 and 3), `skipped_tests` 2 (lines 4 and 6);
# line 5's nosec names another check, so its finding stands
BANDIT_NOSEC_METRICS = {
    "CONFIDENCE.HIGH": 3,
    "CONFIDENCE.LOW": 0,
    "CONFIDENCE.MEDIUM": 0,
    "CONFIDENCE.UNDEFINED": 0,
    "SEVERITY.HIGH": 0,
    "SEVERITY.LOW": 1,
    "SEVERITY.MEDIUM": 2,
    "SEVERITY.UNDEFINED": 0,
    "loc": 8,
    "nosec": 2,
    "skipped_tests": 2,
}


def test_json_metrics_count_nosec_as_bandit_does(report) -> None:
    metrics = json.loads(render(report, "json"))["metrics"]
    assert metrics["nosec_demo.py"] == BANDIT_NOSEC_METRICS


def test_metrics_count_before_the_thresholds(project: Path) -> None:
    # bandit -lll reports nothing here, and its metrics still count every finding
    strict = scan_tree(project, severity=Rank.HIGH)
    assert [f for f in strict.findings if f.path == "nosec_demo.py"] == []
    metrics = json.loads(render(strict, "json"))["metrics"]
    assert metrics["nosec_demo.py"] == BANDIT_NOSEC_METRICS
    totals = metrics["_totals"]
    files = [m for name, m in metrics.items() if name != "_totals"]
    assert set(metrics) == {"_totals", "app.py", "nosec_demo.py"}  # scanned files only
    assert all(totals[key] == sum(m[key] for m in files) for key in totals)


def test_ignore_nosec_counts_no_nosec(project: Path) -> None:
    loud = scan_tree(project, ignore_nosec=True)
    block = json.loads(render(loud, "json"))["metrics"]["nosec_demo.py"]
    assert (block["nosec"], block["skipped_tests"], block["SEVERITY.MEDIUM"]) == (0, 0, 5)


def test_xml_is_bandits_junit_report(report) -> None:
    text = render(report, "xml")
    head, body = text.split("\n", 1)
    assert head == "<?xml version='1.0' encoding='utf-8'?>"
    assert "\n" not in body.split(">", 1)[0] and not text.endswith("\n")
    suite = ET.fromstring(body)
    assert (suite.tag, suite.attrib) == ("testsuite", {"name": "bandit", "tests": "5"})
    cases = list(suite)
    assert [(c.get("classname"), c.get("name")) for c in cases] == [
        ("app.py", "start_process_with_a_shell"),
        ("app.py", "blacklist"),
        ("nosec_demo.py", "yaml_load"),
        ("nosec_demo.py", "yaml_load"),
        ("nosec_demo.py", "assert_used"),
    ]
    (error,) = list(cases[0])
    assert error.tag == "error"
    assert list(error.attrib) == ["more_info", "type", "message"]  # Bandit's attribute order
    assert error.get("type") == "HIGH"
    assert error.get("more_info").endswith("#b605-start-process-with-a-shell")
    message = error.get("message")
    assert error.text == (
        "Test ID: B605 Severity: HIGH Confidence: HIGH\n"
        "CWE: CWE-78 (https://cwe.mitre.org/data/definitions/78.html)\n"
        f"{message}\n"
        "Location app.py:3"
    )


def test_xml_by_check_with_aggregate_vuln(report) -> None:
    suite = ET.fromstring(render(report, "xml", aggregate="vuln").split("\n", 1)[1])
    ids = [c[0].text.split()[2] for c in suite]
    assert ids == sorted(ids)


def test_xml_stays_well_formed_with_hostile_names(tmp_path: Path) -> None:
    hostile = 'a"<b>&\x1b[31m.py'
    (tmp_path / hostile).write_text("eval(x)\n")
    undecodable = os.fsdecode(b"caf\xe9.py")
    try:
        (tmp_path / undecodable).write_text("eval(y)\n")
    except (OSError, UnicodeEncodeError):  # a file system that takes only UTF-8 names
        undecodable = ""
    text = render(scan_tree(tmp_path), "xml")
    text.encode("utf-8")  # no lone surrogate left
    names = {c.get("classname") for c in ET.fromstring(text.split("\n", 1)[1])}
    assert 'a"<b>&\\x1b[31m.py' in names
    if undecodable:
        assert "caf\\xe9.py" in names


def test_yaml_is_bandits_document(report) -> None:
    text = render(report, "yaml")
    assert text.isascii()
    doc = yaml.safe_load(text)
    as_json = json.loads(render(report, "json"))
    assert list(doc) == ["errors", "generated_at", "metrics", "results"]  # sorted keys
    assert doc["metrics"] == as_json["metrics"]
    assert doc["errors"] == as_json["errors"]
    first = doc["results"][0]
    assert set(first) == set(as_json["results"][0])
    # Bandit writes the line breaks of `code` as the two characters backslash and n
    assert first["code"] == "2 \\n3 os.system(cmd)\\n4 eval(x)\\n"
    assert [(r["filename"], r["line_number"]) for r in doc["results"]] == [
        (r["filename"], r["line_number"]) for r in as_json["results"]
    ]
    assert "\nresults:\n- code: 2 \\n3 os.system(cmd)\\n4 eval(x)\\n\n" in text


def test_yaml_escapes_non_ascii(tmp_path: Path) -> None:
    (tmp_path / "é.py").write_text('s = "é"; eval(s)\n', encoding="utf-8")
    text = render(scan_tree(tmp_path), "yaml")
    assert text.isascii()
    (result,) = yaml.safe_load(text)["results"]
    assert result["filename"] == "é.py" and "eval(s)" in result["code"]


@pytest.mark.parametrize("fmt", ["xml", "yaml"])
def test_cli_writes_the_format(project: Path, monkeypatch, fmt: str) -> None:
    monkeypatch.chdir(project)
    done = runner().invoke(main, ["--no-cache", "-f", fmt, "app.py"])
    assert done.exit_code == 1, done.output
    assert "os.system" in done.stdout
    by_suffix = runner().invoke(main, ["--no-cache", "app.py", "-o", f"out.{fmt}"])
    assert by_suffix.exit_code == 1
    assert Path(f"out.{fmt}").read_text(encoding="utf-8").startswith(done.stdout[:30])
