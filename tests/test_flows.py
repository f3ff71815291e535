"""Data-flow paths in the reports: SARIF codeFlows (inline thread-flow locations in execution
order, the source in relatedLocations and linked from the message), Bandit JSON's `flow` list,
and baselines and merges that keep them. The findings get their paths here, without the taint
analysis, so these tests pin the writers alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

from sarifbandit.model import MAX_FLOW_STEPS, FlowStep, Region, Report
from sarifbandit.records import replace
from sarifbandit.writers import WriterOptions
from sarifbandit.writers.baseline import compare, load
from sarifbandit.writers.common import linked_message, unlinked_message
from sarifbandit.writers.json import document
from sarifbandit.writers.sarif_merge import merge_files

from .gitrepo import git, make_repo
from .sarif_corpus import sarif_of, scan_tree

HANDLER = """\
import subprocess
from flask import request


def clean(value):
    return value.strip()


def handler():
    name = request.args.get("näme")
    command = "ls " + clean(name)
    subprocess.call(command, shell=True)
"""


def _step(line: int, start: int, end: int, message: str, nesting: int = 0) -> FlowStep:
    return FlowStep("app/handler.py", Region(line, start, line, end), message, nesting)


#: request.args.get(...) to name, into clean() and back, into command, to the call
FLOW = (
    _step(10, 12, 38, "user input from request.args.get('näme')"),
    _step(11, 29, 33, "name passed to clean()"),
    _step(6, 12, 25, "returned by clean()", nesting=1),
    _step(11, 5, 12, "assigned to command"),
    _step(12, 5, 41, "reaches subprocess.call(shell=True)"),
)


def report_with_flows(folder: Path) -> Report:
    """A scanned repository whose B602 finding carries FLOW (the path a taint rule would give)."""
    (folder / "app").mkdir(parents=True)
    (folder / "app" / "handler.py").write_text(HANDLER, encoding="utf-8")
    make_repo(folder, {})
    # a hosted remote, as in CI: SARIF then carries versionControlProvenance (SARIF2003)
    git("-C", str(folder), "remote", "add", "origin", "https://git.example.com/acme/app.git")
    report = scan_tree(folder)
    findings = [replace(f, flow=FLOW) if f.rule_id == "B602" else f for f in report.findings]
    assert [f.rule_id for f in findings if f.flow] == ["B602"]
    return replace(report, findings=findings)


def _result(log: Dict[str, Any], rule_id: str) -> Dict[str, Any]:
    (result,) = [r for r in log["runs"][0]["results"] if r["ruleId"] == rule_id]
    return result


def _steps(result: Dict[str, Any]) -> List[Dict[str, Any]]:
    (code_flow,) = result["codeFlows"]
    (thread_flow,) = code_flow["threadFlows"]
    return thread_flow["locations"]


def test_sarif_code_flow_in_execution_order(tmp_path: Path) -> None:
    log = sarif_of(report_with_flows(tmp_path))
    result = _result(log, "B602")
    steps = _steps(result)
    primary = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert [s["executionOrder"] for s in steps] == [1, 2, 3, 4, 5]
    assert [s.get("nestingLevel") for s in steps] == [0, 0, 1, 0, 0]
    assert [s.get("importance", "important") for s in steps] == [
        "essential",
        "important",
        "important",
        "important",
        "essential",
    ]
    for step, expected in zip(steps, FLOW):
        assert "index" not in step  # GitHub hides results with index references (GH1002)
        physical = step["location"]["physicalLocation"]
        assert physical["artifactLocation"] == primary  # same uri and uriBaseId as the result
        assert physical["region"] == {
            "startLine": expected.region.start_line,
            "startColumn": expected.region.start_column,
            "endLine": expected.region.end_line,
            "endColumn": expected.region.end_column,
        }
        assert step["location"]["message"]["text"] == expected.message
    # the sink step is the result's own location
    assert steps[-1]["location"]["physicalLocation"]["region"]["startLine"] == 12


def test_sarif_source_is_a_related_location_the_message_links(tmp_path: Path) -> None:
    result = _result(sarif_of(report_with_flows(tmp_path)), "B602")
    (related,) = result["relatedLocations"]
    assert related["id"] == 1
    assert related["physicalLocation"]["region"]["startLine"] == 10
    assert related["message"]["text"] == "user input from request.args.get('näme')"
    assert result["message"]["text"].endswith(" from [user input](1).")


def test_findings_without_flow_are_unchanged(tmp_path: Path) -> None:
    report = report_with_flows(tmp_path)
    without = replace(report, findings=[replace(f, flow=()) for f in report.findings])
    with_flows, plain = sarif_of(report), sarif_of(without)
    for log in (with_flows, plain):
        b404 = _result(log, "B404")
        assert "codeFlows" not in b404 and "relatedLocations" not in b404
        assert "[" not in b404["message"]["text"]
    # the fingerprints do not depend on the path
    flowed, bare = _result(with_flows, "B602"), _result(plain, "B602")
    assert flowed["partialFingerprints"] == bare["partialFingerprints"]
    assert flowed["locations"] == bare["locations"]
    assert flowed["message"]["text"] == linked_message(bare["message"]["text"])


def test_message_link_escapes_the_message_brackets() -> None:
    text = linked_message(r"run(argv[0]) with C:\tmp.")
    assert text == r"run(argv\[0\]) with C:\\tmp from [user input](1)."
    assert unlinked_message(text) == r"run(argv[0]) with C:\tmp"
    assert unlinked_message("no link here.") == "no link here."


def test_long_flows_keep_their_source_and_sink(tmp_path: Path) -> None:
    report = report_with_flows(tmp_path)
    long_flow = tuple(_step(10, 1, 2, f"step {n}") for n in range(MAX_FLOW_STEPS + 30))
    report = replace(
        report, findings=[replace(f, flow=long_flow) if f.flow else f for f in report.findings]
    )
    steps = _steps(_result(sarif_of(report), "B602"))
    messages = [s["location"]["message"]["text"] for s in steps]
    assert len(steps) == MAX_FLOW_STEPS
    assert messages[0] == "step 0" and messages[-1] == f"step {MAX_FLOW_STEPS + 29}"
    assert [s["executionOrder"] for s in steps] == list(range(1, MAX_FLOW_STEPS + 1))
    (result,) = [r for r in document(report, WriterOptions())["results"] if "flow" in r]
    assert len(result["flow"]) == MAX_FLOW_STEPS


def test_bandit_json_flow_only_when_present(tmp_path: Path) -> None:
    report = report_with_flows(tmp_path)
    results = {r["test_id"]: r for r in document(report, WriterOptions())["results"]}
    assert "flow" not in results["B404"]
    assert results["B602"]["flow"] == [
        {
            "filename": "app/handler.py",
            "line_number": step.region.start_line,
            "col": step.region.start_column,
            "message": step.message,
        }
        for step in FLOW
    ]
    # every Bandit field as it would be without the path
    bare = replace(report, findings=[replace(f, flow=()) for f in report.findings])
    (plain,) = [r for r in document(bare, WriterOptions())["results"] if r["test_id"] == "B602"]
    assert {k: v for k, v in results["B602"].items() if k != "flow"} == plain


def test_merge_round_trips_code_flows(tmp_path: Path) -> None:
    log = sarif_of(report_with_flows(tmp_path / "repo"))
    first, second = tmp_path / "a.sarif", tmp_path / "b.sarif"
    first.write_text(json.dumps(log), encoding="utf-8")
    # the second shard holds the same finding again and nothing else
    shard = json.loads(json.dumps(log))
    shard["runs"][0]["results"] = [_result(shard, "B602")]
    second.write_text(json.dumps(shard), encoding="utf-8")
    merged = json.loads(merge_files([str(first), str(second)]))
    result = _result(merged, "B602")
    original = _result(log, "B602")
    assert result["codeFlows"] == original["codeFlows"]
    assert result["relatedLocations"] == original["relatedLocations"]
    assert result["message"] == original["message"]


def test_baseline_keeps_flows_of_present_and_absent_findings(tmp_path: Path) -> None:
    report = report_with_flows(tmp_path / "repo")
    baseline = tmp_path / "baseline.sarif"
    baseline.write_text(json.dumps(sarif_of(report)), encoding="utf-8")
    entries = load(str(baseline))
    (entry,) = [e for e in entries if e.finding.rule_id == "B602"]
    assert entry.finding.flow == FLOW
    flowed = [f for f in report.findings if f.flow]
    assert entry.finding.message == flowed[0].message.strip().rstrip(".")
    # unchanged findings keep their own path; absent ones come back with theirs
    kept = compare(report, entries)
    assert [f.flow for f in kept.findings if f.rule_id == "B602"] == [FLOW]
    gone = compare(replace(report, findings=[]), entries, show_absent=True)
    (absent,) = [f for f in gone.absent if f.rule_id == "B602"]
    assert absent.flow == FLOW
    rewritten = _result(sarif_of(replace(gone, findings=[])), "B602")
    assert rewritten["baselineState"] == "absent"
    assert rewritten["codeFlows"] == _result(sarif_of(report), "B602")["codeFlows"]
    assert rewritten["message"]["text"].count("[user input](1)") == 1
