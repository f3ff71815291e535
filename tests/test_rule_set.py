"""An explicit rule set: scan() runs the rules it is given, the Report carries them, and the
writers describe exactly the report's rules, whatever the catalogue holds."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from sarifbandit import Config, scan
from sarifbandit.model import HIGH, LOW, Rule
from sarifbandit.registry import rules_by_id
from sarifbandit.writers import WriterOptions, sarif
from sarifbandit.writers import json as json_writer

DANGER = Rule(
    id="XT100",
    name="danger_called",
    severity=HIGH,
    confidence=LOW,
    cwe=676,
    cwe_title="Use of Potentially Dangerous Function",
    short="danger() is dangerous.",
    test_name="danger_called",
    what="Flags calls of `danger()`.",
    why="It is dangerous.",
    example="```python\ndanger()\n```",
    use_instead="```python\nsafe()\n```",
)


@DANGER.check(ast.Call)
def _check(node: ast.Call, ctx):
    if isinstance(node.func, ast.Name) and node.func.id == "danger":
        yield ctx.finding(DANGER, node.func, "danger() called")


CODE = "import yaml\n\ndanger()\nyaml.load(text)\n"


def _scan(tmp_path: Path, rules, config: Config = None):
    (tmp_path / "app.py").write_text(CODE)
    config = config or Config(use_cache=False)
    return scan([str(tmp_path)], config, rules, root=tmp_path)


def _driver_rules(report) -> list:
    log = json.loads(sarif.render(report, WriterOptions(), environ={}))
    run = log["runs"][0]
    return [rule["id"] for rule in run["tool"]["driver"]["rules"]], run


def test_a_rule_of_the_callers_own_is_run_and_described(tmp_path: Path) -> None:
    report = _scan(tmp_path, [DANGER])
    assert [(f.line, f.region.start_column, f.rule_id) for f in report.findings] == [
        (3, 1, "XT100")
    ]
    assert report.rules == (DANGER,)
    ids, run = _driver_rules(report)
    assert ids == ["XT100"]
    assert run["results"][0]["ruleId"] == "XT100" and run["results"][0]["ruleIndex"] == 0
    descriptor = run["tool"]["driver"]["rules"][0]
    assert descriptor["fullDescription"]["text"] == "It is dangerous."
    assert [t["id"] for t in run["taxonomies"][0]["taxa"]] == ["676"]
    bandit_json = json_writer.document(report, WriterOptions())
    assert [
        (r["test_id"], r["test_name"], r["issue_cwe"]["id"]) for r in bandit_json["results"]
    ] == [("XT100", "danger_called", 676)]


def test_catalogue_rules_given_explicitly_are_the_only_ones_run(tmp_path: Path) -> None:
    b506 = rules_by_id()["B506"]
    report = _scan(tmp_path, [b506, DANGER])
    assert sorted((f.line, f.rule_id) for f in report.findings) == [(3, "XT100"), (4, "B506")]
    assert [rule.id for rule in report.rules] == ["B506", "XT100"]
    assert _driver_rules(report)[0] == ["B506", "XT100"]


def test_the_configuration_selects_among_the_catalogue_rules_given(tmp_path: Path) -> None:
    b506, b101 = rules_by_id()["B506"], rules_by_id()["B101"]
    report = _scan(tmp_path, [b506, b101, DANGER], Config(use_cache=False, selected={"B101"}))
    # B506 is not selected; a rule the catalogue does not hold is run because it was passed
    assert [f.rule_id for f in report.findings] == ["XT100"]
    assert _driver_rules(report)[0] == ["B101", "XT100"]


def test_without_rules_the_scan_runs_and_describes_the_selected_catalogue(tmp_path: Path) -> None:
    report = _scan(tmp_path, None, Config(use_cache=False, jobs=1))
    assert [f.rule_id for f in report.findings] == ["B506"]
    catalogue = [rule.id for rule in rules_by_id().values()]
    assert [rule.id for rule in report.rules] == sorted(catalogue)
    assert _driver_rules(report)[0] == sorted(catalogue)
