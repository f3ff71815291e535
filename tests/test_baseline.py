"""--baseline on a real git history: moved blocks stay unchanged, a duplicated line is new, a
renamed file keeps its findings; SARIF and Bandit JSON baselines; errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sarifbandit.cli import main
from sarifbandit.writers.baseline import load

from .cli_runner import runner
from .gitrepo import git, make_repo

FIRST = """import os


def run(cmd):
    os.system(cmd)
    os.system(cmd)


def evaluate(text):
    return eval(text)
"""
# the evaluate block moved above run, a third identical os.system line, and an edit next to it
SECOND = """import os


def evaluate(text):
    return eval(text)


def run(cmd):
    print("running")
    os.system(cmd)
    os.system(cmd)
    os.system(cmd)
"""


@pytest.fixture()
def repo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_repo(tmp_path, {"app.py": FIRST, "tools.py": "import pickle\npickle.loads(data)\n"})
    return tmp_path


def _scan(*args: str):
    return runner().invoke(main, ["scan", *args])


def _states(sarif_text: str):
    results = json.loads(sarif_text)["runs"][0]["results"]
    return [
        (
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["ruleId"],
            r.get("baselineState"),
        )
        for r in results
    ]


def _second_commit() -> None:
    Path("app.py").write_text(SECOND)
    git("mv", "tools.py", "helpers.py")
    git("commit", "-qam", "second")


def test_sarif_baseline_marks_new_unchanged_and_absent(repo):
    assert _scan(".", "-o", "base.sarif").exit_code == 1
    _second_commit()
    result = _scan(".", "-f", "sarif", "--baseline", "base.sarif", "--show-absent")
    assert result.exit_code == 1  # one new finding
    assert _states(result.stdout) == [
        ("app.py", 5, "B307", "unchanged"),  # the moved block
        ("app.py", 10, "B605", "unchanged"),  # an edit next to it does not make it new
        # one of three identical calls is new (Bandit absorbs it); the last one keeps the
        # neighbours of the old last one, so it is the middle one
        ("app.py", 11, "B605", "new"),
        ("app.py", 12, "B605", "unchanged"),
        ("helpers.py", 1, "B403", "unchanged"),  # the renamed file
        ("helpers.py", 2, "B301", "unchanged"),
    ]


def test_text_shows_only_new_findings_and_exit_counts_them(repo):
    _scan(".", "-o", "base.sarif")
    _second_commit()
    result = _scan(".", "-b", "base.sarif")
    lines = [line for line in result.output.splitlines() if line.startswith(("app", "helpers"))]
    assert lines == [
        "app.py:11:15: B605 os.system() runs a command built at run time through a shell"
    ]
    assert result.exit_code == 1
    Path("app.py").write_text(FIRST)  # back to the baseline's code: nothing is new
    git("mv", "helpers.py", "tools.py")
    assert _scan(".", "-b", "base.sarif").exit_code == 0


def test_absent_results_are_listed_only_when_asked(repo):
    _scan(".", "-o", "base.sarif")
    Path("tools.py").unlink()
    states = _states(_scan(".", "-f", "sarif", "-b", "base.sarif").stdout)
    assert all(state == "unchanged" for *_, state in states) and len(states) == 3
    states = _states(_scan(".", "-f", "sarif", "-b", "base.sarif", "--show-absent").stdout)
    assert [s for s in states if s[3] == "absent"] == [
        ("tools.py", 1, "B403", "absent"),
        ("tools.py", 2, "B301", "absent"),
    ]


def _bandit_result(test_id: str, filename: str, line: int, code: str) -> dict:
    return {
        "code": code,
        "col_offset": 4,
        "end_col_offset": 18,
        "filename": filename,
        "issue_confidence": "HIGH",
        "issue_cwe": {"id": 78, "link": "https://cwe.mitre.org/data/definitions/78.html"},
        "issue_severity": "HIGH",
        "issue_text": "Starting a process with a shell, possible injection detected.",
        "line_number": line,
        "line_range": [line],
        "more_info": "https://bandit.readthedocs.io/",
        "test_id": test_id,
        "test_name": "start_process_with_a_shell",
    }


def test_bandit_json_baseline_is_read_with_its_dot_slash_paths(repo):
    report = {
        "errors": [],
        "results": [
            _bandit_result("B605", "./app.py", 5, "4 def run(cmd):\n5     os.system(cmd)\n"),
            _bandit_result("B605", "./app.py", 6, "5     os.system(cmd)\n6     os.system(cmd)\n"),
        ],
    }
    Path("bandit.json").write_text(json.dumps(report))
    result = _scan("app.py", "-t", "B605", "-f", "sarif", "-b", "bandit.json")
    assert [s[3] for s in _states(result.stdout)] == ["unchanged", "unchanged"]
    assert result.exit_code == 0
    Path("app.py").write_text(FIRST.replace("    os.system(cmd)\n", "    os.system(cmd)\n" * 3, 1))
    result = _scan("app.py", "-t", "B605", "-b", "bandit.json")
    assert result.exit_code == 1 and "app.py:7:15: B605" in result.output


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "--baseline {}: no such file"),
        ("{", "--baseline {}: not a JSON report"),
        ('{"x": 1}', "neither SARIF (no 'runs') nor a Bandit JSON report"),
        ('{"results": ["B101"]}', "--baseline {}: a result is malformed"),
        (
            '{"runs": [{"results": [{"locations": [{"physicalLocation": {"region": '
            '{"startLine": "x"}}}]}]}]}',
            "--baseline {}: a result is malformed",
        ),
    ],
)
def test_unusable_baselines_exit_2(repo, content, message):
    name = "base.json"
    if content is not None:
        Path(name).write_text(content)
    result = _scan("app.py", "-b", name)
    assert result.exit_code == 2 and message.format(name) in result.stderr


def test_load_skips_suppressed_and_absent_sarif_results(tmp_path):
    log = {
        "runs": [
            {
                "results": [
                    {"ruleId": "B101", "baselineState": "absent"},
                    {"ruleId": "B102", "suppressions": [{"kind": "inSource"}]},
                    {
                        "ruleId": "B605",
                        "level": "error",
                        "message": {"text": "m"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "src/a%20b.py"},
                                    "region": {"startLine": 3, "snippet": {"text": "  x()\n"}},
                                }
                            }
                        ],
                    },
                ]
            }
        ]
    }
    path = tmp_path / "b.sarif"
    path.write_text(json.dumps(log))
    (entry,) = load(str(path))
    assert (entry.finding.rule_id, entry.finding.path, entry.finding.line, entry.code) == (
        "B605",
        "src/a b.py",
        3,
        "x()",
    )


def test_a_baseline_from_the_repository_root_serves_a_scan_of_a_subfolder(repo, monkeypatch):
    (repo / "pkg").mkdir()
    (repo / "pkg" / "mod.py").write_text("exec(code)\n")
    _scan(".", "-o", "base.sarif")
    monkeypatch.chdir(repo / "pkg")
    result = _scan(".", "-f", "sarif", "-b", "../base.sarif")
    assert _states(result.stdout) == [("pkg/mod.py", 1, "B102", "unchanged")]
    assert result.exit_code == 0


def test_a_bandit_entry_anchored_elsewhere_in_the_statement_still_matches(repo):
    Path("tar.py").write_text(
        'import subprocess\nsubprocess.run(\n    "/bin/tar xf *.tar",\n    shell=True,\n)\n'
    )
    entry = _bandit_result("B609", "./tar.py", 4, "4     shell=True,\n5 )\n")
    entry["line_range"] = [2, 3, 4, 5]
    Path("bandit.json").write_text(json.dumps({"results": [entry]}))
    result = _scan("tar.py", "-t", "B609", "-f", "sarif", "-b", "bandit.json")
    assert _states(result.stdout) == [("tar.py", 3, "B609", "unchanged")]
