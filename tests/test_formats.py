"""The other formats on real scans: Bandit's JSON and CSV, custom templates, GitHub workflow
annotations, GitLab's SAST report, and choosing a format from the output file name."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from click.testing import CliRunner

from sarifbandit.cli import main
from sarifbandit.errors import ConfigError
from sarifbandit.writers import SUFFIXES, WRITERS, WriterOptions, check_options, format_for
from sarifbandit.writers.csv import COLUMNS
from sarifbandit.writers.custom import check_template
from sarifbandit.writers.github import escape_data, escape_property

from .sarif_corpus import scan_tree, write_tree

ODD_NAME = "a,b:c%d.py"
FILES = {
    "app.py": "import os\n\nos.system(cmd)\neval(x)\n",
    # é is two UTF-8 bytes (Bandit's col_offset counts bytes)
    "wide.py": 's = "é"; eval(s)\n',
    ODD_NAME: "eval(z)\n",
    "quiet.py": "eval(a)  # nosec\n",
    "broken.py": "def f(:\n",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tree(tmp_path_factory.mktemp("formats"), FILES)


@pytest.fixture(scope="module")
def report(project: Path):
    return scan_tree(project)


def render(report, fmt: str, **options: Any) -> str:
    stream = io.StringIO()
    WRITERS[fmt](report, stream, WriterOptions(**options))
    return stream.getvalue()


def test_every_format_is_registered() -> None:
    assert set(WRITERS) == set("text sarif json csv custom github gitlab html xml yaml".split())
    assert SUFFIXES == {
        **{".sarif": "sarif", ".json": "json", ".csv": "csv", ".xml": "xml"},
        **{".html": "html", ".htm": "html", ".yaml": "yaml", ".yml": "yaml"},
    }
    with pytest.raises(KeyError):
        WRITERS["pdf"]


def test_a_writer_is_imported_only_for_its_format() -> None:
    # start-up time: a warm-cache run of a text or json report must not load the SARIF model
    code = (
        "import io, sys\n"
        "from sarifbandit.cli import main\n"
        "from sarifbandit.writers import WRITERS\n"
        "WRITERS['json']\n"
        "print(sorted(m for m in ('sarif_om', 'sarifbandit.writers.sarif') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "fmt, output, expected",
    [
        (None, "out/report.sarif", "sarif"),
        (None, "REPORT.JSON", "json"),
        (None, "r.csv", "csv"),
        (None, "ci/gl-sast-report.json", "gitlab"),
        (None, "report.txt", "text"),
        (None, None, "text"),
        ("json", "report.sarif", "json"),
    ],
)
def test_format_for(fmt, output, expected: str) -> None:
    assert format_for(fmt, output) == expected


def test_json_is_shaped_like_bandit(report) -> None:
    doc = json.loads(render(report, "json"))
    assert set(doc) == {"errors", "generated_at", "metrics", "results"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", doc["generated_at"])
    assert doc["errors"] == [{"filename": "broken.py", "reason": doc["errors"][0]["reason"]}]
    by_place = {(r["filename"], r["line_number"], r["test_id"]): r for r in doc["results"]}
    system = by_place[("app.py", 3, "B605")]
    assert system["code"] == "2 \n3 os.system(cmd)\n4 eval(x)\n"
    assert system["issue_cwe"] == {
        "id": 78,
        "link": "https://cwe.mitre.org/data/definitions/78.html",
    }
    assert system["line_range"] == [3]
    assert system["more_info"].startswith("https://")
    assert set(system) == {
        "code",
        "col_offset",
        "end_col_offset",
        "filename",
        "issue_confidence",
        "issue_cwe",
        "issue_severity",
        "issue_text",
        "line_number",
        "line_range",
        "more_info",
        "test_id",
        "test_name",
    }
    wide = by_place[("wide.py", 1, "B307")]
    assert (wide["col_offset"], wide["end_col_offset"]) == (10, 17)  # UTF-8 bytes, as Bandit
    assert wide["test_name"] == "blacklist"
    totals = doc["metrics"]["_totals"]
    assert totals["nosec"] == 1 and doc["metrics"]["quiet.py"]["nosec"] == 1
    assert totals["SEVERITY.MEDIUM"] == sum(r["issue_severity"] == "MEDIUM" for r in doc["results"])
    assert totals["loc"] == sum(m["loc"] for k, m in doc["metrics"].items() if k != "_totals")
    assert "broken.py" not in doc["metrics"]


def test_json_aggregate_by_vulnerability(report) -> None:
    ids = [r["test_id"] for r in json.loads(render(report, "json", aggregate="vuln"))["results"]]
    assert ids == sorted(ids)


def test_csv_columns_and_quoting(report) -> None:
    rows = list(csv.DictReader(io.StringIO(render(report, "csv"))))
    assert tuple(rows[0]) == COLUMNS
    odd = [r for r in rows if r["filename"] == ODD_NAME]
    assert len(odd) == 1 and odd[0]["test_id"] == "B307" and odd[0]["line_range"] == "[1]"
    assert odd[0]["issue_cwe"] == "https://cwe.mitre.org/data/definitions/95.html"


def test_custom_default_template(report, project: Path) -> None:
    lines = render(report, "custom").splitlines()
    expected = f"{os.path.join(project, 'app.py')}:3: B605[bandit]: HIGH: "
    assert any(line.startswith(expected) for line in lines), lines


def test_custom_tags_and_specs(report) -> None:
    template = "{relpath}|{line:>3}|{col}|{end_col}|{range}|{cwe}|{confidence}|{severity:.1}"
    lines = render(report, "custom", msg_template=template).splitlines()
    # eval of the constant "é": data flow makes the finding LOW confidence
    assert (
        "wide.py|  1|10|17|[1]|CWE-95 (https://cwe.mitre.org/data/definitions/95.html)|LOW|M"
        in lines
    )


def test_custom_unknown_tag_warns_and_prints_its_name(report) -> None:
    assert check_template("{relpath} {nope}") == [
        "--msg-template: unknown tag 'nope' is printed as is"
    ]
    assert check_template("{msg} {lin}")[0].endswith("did you mean 'line'?")
    assert "app.py nope" in render(report, "custom", msg_template="{relpath} {nope}").splitlines()


@pytest.mark.parametrize(
    "template, message",
    [
        ("no tags", "has no tags"),
        ("{line", "not a valid format string"),
        ("{line:zz}", "does not format"),
        ("{0}", "positional field"),
        ("{}", "positional field"),
    ],
)
def test_custom_bad_templates(template: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        check_options("custom", WriterOptions(msg_template=template))


def test_custom_bad_template_exits_2_before_scanning(project: Path) -> None:
    done = CliRunner().invoke(
        main, ["scan", str(project / "app.py"), "-f", "custom", "--msg-template", "plain"]
    )
    assert done.exit_code == 2
    assert "has no tags" in done.output


def test_github_annotations(report) -> None:
    lines = render(report, "github").splitlines()
    # the finding points at the command argument: columns 11-14 (1-based, end exclusive)
    assert (
        "::error file=app.py,line=3,endLine=3,col=11,endColumn=14,"
        "title=B605 start_process_with_a_shell::os.system() runs" in "\n".join(lines)
    )
    odd = [line for line in lines if "a%2Cb%3Ac%25d.py" in line]
    assert len(odd) == 1 and odd[0].startswith("::warning file=a%2Cb%3Ac%25d.py,line=1,")
    for line in lines:
        assert re.fullmatch(r"::(error|warning|notice) [^:]+::[^\r\n]*", line), line


def test_github_escaping() -> None:
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a,b:c%\n") == "a%2Cb%3Ac%25%0A"


def test_gitlab_report(report) -> None:
    doc = json.loads(render(report, "gitlab"))
    assert doc["version"].startswith("15.")
    scan = doc["scan"]
    assert scan["type"] == "sast" and scan["status"] == "success"
    for tool in (scan["analyzer"], scan["scanner"]):
        assert tool["id"] == "sarifbandit" and tool["vendor"]["name"] == "sarifbandit"
    for key in ("start_time", "end_time"):
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", scan[key])
    assert [m["value"].split(":")[0] for m in scan["messages"]] == ["broken.py"]
    vulns: List[Dict[str, Any]] = doc["vulnerabilities"]
    ids = [v["id"] for v in vulns]
    assert len(set(ids)) == len(ids)
    system = next(v for v in vulns if v["location"]["file"] == "app.py" and "B605" in str(v))
    assert system["severity"] == "High"
    assert system["location"] == {"file": "app.py", "start_line": 3, "end_line": 3}
    primary, cwe = system["identifiers"]
    assert (primary["type"], primary["value"]) == ("bandit_test_id", "B605")
    assert (cwe["type"], cwe["value"], cwe["name"]) == ("cwe", "78", "CWE-78")
    assert any(v["location"]["file"] == ODD_NAME for v in vulns)


def test_gitlab_ids_are_stable(report) -> None:
    first = [v["id"] for v in json.loads(render(report, "gitlab"))["vulnerabilities"]]
    assert first == [v["id"] for v in json.loads(render(report, "gitlab"))["vulnerabilities"]]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory):
    """Files whose names hold a tab, a newline and a byte that is not UTF-8."""
    folder = tmp_path_factory.mktemp("hostile")
    for name in ("tab\tnl\n.py", os.fsdecode(b"x\xff.py")):
        (folder / name).write_text("eval(a)\n", encoding="utf-8")
    return scan_tree(folder)


@pytest.mark.parametrize("fmt", sorted(WRITERS))
def test_hostile_file_names_never_break_a_writer(hostile, fmt: str) -> None:
    out = render(hostile, fmt)
    out.encode("utf-8")  # a UTF-8 stream takes it
    if fmt in ("json", "gitlab", "sarif"):
        json.loads(out)
    if fmt == "sarif":
        uris = {
            physical["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]
            for physical in [r["locations"][0]["physicalLocation"]]
        }
        assert uris == {"tab%09nl%0A.py", "x%FF.py"}
    elif fmt == "github":
        assert "file=tab\tnl%0A.py," in out and "file=x\\xff.py," in out
        assert len(out.splitlines()) == 2
    elif fmt == "json":
        assert {r["filename"] for r in json.loads(out)["results"]} == {"tab\tnl\n.py", "x\\xff.py"}
    elif fmt == "text":
        assert "x\\xff.py:1:1" in out and "tab\tnl\\x0a.py:1:1" in out


def test_report_times_are_written_in_utc() -> None:
    from sarifbandit.writers.common import utc_time

    assert utc_time(0.5, "%Y-%m-%dT%H:%M:%S.%fZ") == "1970-01-01T00:00:00.500000Z"
    assert utc_time(86400 * 365, "%Y-%m-%d %H:%M:%S UTC") == "1971-01-01 00:00:00 UTC"
