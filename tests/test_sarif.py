"""The SARIF writer on real scans: rules and taxonomy, exact UTF-16 regions, URIs, fingerprints,
notifications, suppressions, provenance, limits, determinism, the serializer, and `merge`."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from click.testing import CliRunner
from jschema_to_python.to_json import to_json

from sarifbandit import Config, scan
from sarifbandit.cli import main
from sarifbandit.errors import ConfigError
from sarifbandit.fingerprint import line_hashes
from sarifbandit.model import Finding, Rank, Region
from sarifbandit.registry import rules_by_id
from sarifbandit.writers import WriterOptions, sarif
from sarifbandit.writers.sarif import (
    MAX_RESULTS,
    build,
    dumps,
    limit_results,
    pascal,
    render,
    security_severity,
)
from sarifbandit.writers.sarif_merge import merge_files
from sarifbandit.writers.vcs import azure_pipeline, strip_credentials

from .gitrepo import git, make_repo
from .sarif_corpus import REMOTE, corpus_repo, sarif_of, scan_tree
from .test_sarif_validator import AZURE_PIPELINE

ODD_NAME = "we ird#%名.py"
FILES = {
    "plain.py": "import os\n\nos.system(cmd)\n",
    # é is one UTF-16 unit (two UTF-8 bytes), the snake two units (four bytes)
    "wide.py": 's = "é🐍"; eval(s)\n',
    "crlf.py": "x = 1\r\n\r\neval(x)\r\n",
    "tabs.py": "if True:\n\teval(y)\n",
    ODD_NAME: "eval(z)",  # one line, no line end: no context beyond the finding
    "quiet.py": "eval(a)  # nosec B307\neval(b)  # nosec B602\n",
    "broken.py": "def f(:\n",
}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sarif") / "project"
    folder.mkdir()
    (folder / "src").mkdir()
    make_repo(folder, {f"src/{name}": text for name, text in FILES.items()})
    git("-C", str(folder), "remote", "add", "origin", REMOTE)
    return folder


@pytest.fixture(scope="module")
def report(repo: Path):
    return scan_tree(repo)


@pytest.fixture(scope="module")
def log(report) -> Dict[str, Any]:
    return sarif_of(report, show_suppressed=True, absolute_paths=True)


def results_in(log: Dict[str, Any], name: str) -> List[Dict[str, Any]]:
    return [
        r
        for r in log["runs"][0]["results"]
        if name in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    ]


def only(log: Dict[str, Any], name: str, rule: str) -> Dict[str, Any]:
    found = [r for r in results_in(log, name) if r["ruleId"] == rule]
    assert len(found) == 1, found
    return found[0]


def physical(result: Dict[str, Any]) -> Dict[str, Any]:
    return result["locations"][0]["physicalLocation"]


def test_log_shape(log: Dict[str, Any]) -> None:
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    assert run["columnKind"] == "utf16CodeUnits"
    assert run["tool"]["driver"]["name"] == "sarifbandit"
    assert run["automationDetails"] == {"id": "sarifbandit/"}


def test_every_rule_is_described(log: Dict[str, Any], report) -> None:
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(report.config.selected)
    by_id = rules_by_id()
    for rule in rules:
        source = by_id[rule["id"]]
        assert rule["name"] == pascal(source.name) and rule["name"][0].isupper()
        assert 0 < len(rule["shortDescription"]["text"]) <= 1024
        assert 0 < len(rule["fullDescription"]["text"]) <= 1024
        assert rule["help"]["text"] and "## " in rule["help"]["markdown"]
        assert "## " not in rule["help"]["text"] and "```" not in rule["help"]["text"]
        assert rule["helpUri"].startswith("https://")
        level = {Rank.HIGH: "error", Rank.MEDIUM: "warning", Rank.LOW: "note"}[source.severity]
        assert rule["defaultConfiguration"]["level"] == level
        props = rule["properties"]
        assert props["tags"] == ["security", f"external/cwe/cwe-{source.cwe}", source.family]
        assert props["precision"] == source.confidence.name.lower()
        assert props["problem.severity"] in ("error", "warning", "recommendation")
        assert props["security-severity"] == security_severity(source.severity, source.confidence)
        template = rule["messageStrings"]["default"]["text"]
        assert template.endswith("'{0}'.")


def test_cwe_taxonomy_covers_every_rule(log: Dict[str, Any]) -> None:
    run = log["runs"][0]
    (taxonomy,) = run["taxonomies"]
    assert taxonomy["name"] == "CWE"
    assert run["tool"]["driver"]["supportedTaxonomies"] == [{"name": "CWE", "index": 0}]
    taxa = [t["id"] for t in taxonomy["taxa"]]
    assert taxa == sorted(taxa, key=int) and len(set(taxa)) == len(taxa)
    for rule in run["tool"]["driver"]["rules"]:
        (relation,) = rule["relationships"]
        target = relation["target"]
        assert target["toolComponent"] == {"name": "CWE", "index": 0}
        assert taxa[target["index"]] == target["id"]
        assert f"external/cwe/cwe-{target['id']}" in rule["properties"]["tags"]


@pytest.mark.parametrize(
    "severity, confidence, expected",
    [
        (Rank.HIGH, Rank.HIGH, "8.9"),
        (Rank.HIGH, Rank.LOW, "7.0"),
        (Rank.MEDIUM, Rank.HIGH, "6.4"),
        (Rank.MEDIUM, Rank.MEDIUM, "5.5"),
        (Rank.LOW, Rank.HIGH, "3.9"),
        (Rank.LOW, Rank.LOW, "2.0"),
        (Rank.UNDEFINED, Rank.UNDEFINED, "0.1"),
    ],
)
def test_security_severity_table(severity: Rank, confidence: Rank, expected: str) -> None:
    assert security_severity(severity, confidence) == expected


def test_utf16_columns_on_a_non_ascii_line(log: Dict[str, Any]) -> None:
    result = only(log, "wide.py", "B307")
    region = physical(result)["region"]
    # s = "é🐍"; is 11 UTF-16 units (the snake counts two): eval starts at column 12
    assert (region["startLine"], region["startColumn"]) == (1, 12)
    assert (region["endLine"], region["endColumn"]) == (1, 19)
    assert region["snippet"]["text"] == "eval(s)"
    assert result["message"]["arguments"] == ["eval(s)"]


def test_region_text_on_crlf_and_tab_files(log: Dict[str, Any]) -> None:
    crlf = physical(only(log, "crlf.py", "B307"))
    assert crlf["region"]["startLine"] == 3 and crlf["region"]["startColumn"] == 1
    assert crlf["region"]["snippet"]["text"] == "eval(x)"
    tabs = physical(only(log, "tabs.py", "B307"))["region"]
    assert (tabs["startLine"], tabs["startColumn"], tabs["endColumn"]) == (2, 2, 9)


def test_context_region_only_when_it_adds_lines(log: Dict[str, Any]) -> None:
    context = physical(only(log, "plain.py", "B605"))["contextRegion"]
    # the file has three lines: the window stops at its last one
    assert (context["startLine"], context["endLine"]) == (2, 3)
    assert context["snippet"]["text"] == "\nos.system(cmd)"
    # a one-line file flagged whole: no larger context exists
    assert "contextRegion" not in physical(only(log, "we%20ird", "B307"))


def test_uris_are_relative_to_the_repository_and_encoded(log: Dict[str, Any], repo: Path) -> None:
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    odd = physical(only(log, "we%20ird", "B307"))["artifactLocation"]
    assert odd == {"uri": "src/we%20ird%23%25%E5%90%8D.py", "uriBaseId": "%SRCROOT%"}


def test_uris_stay_repository_relative_when_scanning_a_subfolder(repo: Path) -> None:
    sub = sarif_of(scan_tree(repo / "src"))
    uris = {physical(r)["artifactLocation"]["uri"] for r in sub["runs"][0]["results"]}
    assert "src/plain.py" in uris and all(u.startswith("src/") for u in uris)


def test_uris_stay_relative_when_scanning_from_elsewhere(repo: Path, tmp_path: Path) -> None:
    # `cd /tmp && sarifbandit scan /path/to/project/src`: displayed paths are absolute
    elsewhere = scan([str(repo / "src")], Config(jobs=1), root=tmp_path)
    run = sarif_of(elsewhere, absolute_paths=True)["runs"][0]
    uris = {physical(r)["artifactLocation"]["uri"] for r in run["results"]}
    assert "src/plain.py" in uris and all(u.startswith("src/") for u in uris)
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"


def test_fingerprints(log: Dict[str, Any], repo: Path) -> None:
    for result in log["runs"][0]["results"]:
        uri = physical(result)["artifactLocation"]["uri"]
        if "%" in uri:
            continue
        line = physical(result)["region"]["startLine"]
        data = (repo / uri).read_bytes()
        prints = result["partialFingerprints"]
        assert prints["primaryLocationLineHash"] == line_hashes(data, [line])[line]
        assert len(prints["sarifbandit/v1"]) == 32


def test_machine_paths_only_when_asked(report) -> None:
    run = sarif_of(report)["runs"][0]
    assert "uri" not in run["originalUriBaseIds"]["%SRCROOT%"]
    assert "workingDirectory" not in run["invocations"][0]


def test_notifications_have_locations(log: Dict[str, Any]) -> None:
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is True
    assert invocation["workingDirectory"]["uri"].endswith("/project/")
    assert invocation["startTimeUtc"].endswith("Z") and invocation["endTimeUtc"].endswith("Z")
    (broken,) = [
        n
        for n in invocation["toolExecutionNotifications"]
        if physical(n)["artifactLocation"]["uri"] == "src/broken.py"
    ]
    assert broken["level"] == "error" and physical(broken)["region"]["startLine"] == 1
    assert broken["message"]["text"].endswith(".")
    config = invocation["toolConfigurationNotifications"]
    assert any(
        physical(n)["artifactLocation"]["uri"] == "src/quiet.py"
        and physical(n)["region"]["startLine"] == 2
        for n in config
    ), config


def test_suppressed_findings_left_out_by_default(report) -> None:
    default = sarif_of(report)
    assert [r["ruleId"] for r in results_in(default, "quiet.py")] == ["B307"]
    assert all("suppressions" not in r for r in default["runs"][0]["results"])


def test_show_suppressed_marks_them(log: Dict[str, Any]) -> None:
    quiet = results_in(log, "quiet.py")
    assert [physical(r)["region"]["startLine"] for r in quiet] == [1, 2]
    (suppression,) = quiet[0]["suppressions"]
    assert suppression == {
        "kind": "inSource",
        "status": "accepted",
        "justification": "# nosec B307",
    }
    assert "suppressions" not in quiet[1]


def test_provenance_without_credentials(log: Dict[str, Any], repo: Path) -> None:
    (provenance,) = log["runs"][0]["versionControlProvenance"]
    head = git("-C", str(repo), "rev-parse", "HEAD").strip()
    branch = git("-C", str(repo), "symbolic-ref", "HEAD").strip()
    assert provenance == {
        "repositoryUri": "https://git.example.com/acme/project.git",
        "revisionId": head,
        "branch": branch,
        "mappedTo": {"uriBaseId": "%SRCROOT%"},
    }
    assert "tok-9f8e7d6c" not in dumps(build_log_again(repo))


def build_log_again(repo: Path):
    return build(scan_tree(repo), environ={})


@pytest.mark.parametrize(
    "remote, expected",
    [
        ("https://user:tok@github.com/o/r.git", "https://github.com/o/r.git"),
        ("https://x-access-token@github.com:8443/o/r", "https://github.com:8443/o/r"),
        ("git@github.com:o/r.git", "ssh://github.com/o/r.git"),
        ("ssh://git:pw@host.example/srv/r.git", "ssh://host.example/srv/r.git"),
        ("https://github.com/o/r?token=abc#frag", "https://github.com/o/r"),
    ],
)
def test_strip_credentials(remote: str, expected: str) -> None:
    assert strip_credentials(remote) == expected


def test_category_sets_the_automation_id(report) -> None:
    assert sarif_of(report, category="backend")["runs"][0]["automationDetails"] == {
        "id": "backend/"
    }


def test_azure_pipeline_identity(report) -> None:
    details = sarif_of(report, AZURE_PIPELINE)["runs"][0]["automationDetails"]
    assert details["id"] == (
        "azuredevops/pipeline/build/acme/6b1c3a52-4c7e-4d1f-9f55-1c2d3e4f5a6b/42/"
        "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/refs/heads/main/1234"
    )
    assert details["properties"]["azuredevops/pipeline/build/buildDefinitionId"] == "42"
    assert details["properties"]["azuredevops/pipeline/build/phaseName"] == "scan"


def test_partial_azure_pipeline_falls_back_with_a_warning(report) -> None:
    partial = {**AZURE_PIPELINE, "BUILD_BUILDID": "", "SYSTEM_PHASEID": "not-a-guid"}
    assert azure_pipeline(partial) == (None, ("BUILD_BUILDID", "SYSTEM_PHASEID"))
    run = sarif_of(report, partial)["runs"][0]
    assert run["automationDetails"] == {"id": "sarifbandit/"}
    notes = run["invocations"][0]["toolConfigurationNotifications"]
    assert any("BUILD_BUILDID, SYSTEM_PHASEID" in n["message"]["text"] for n in notes)


def test_deterministic_apart_from_times(report) -> None:
    def without_times(log: Dict[str, Any]) -> Dict[str, Any]:
        for invocation in log["runs"][0]["invocations"]:
            invocation.pop("startTimeUtc")
            invocation.pop("endTimeUtc")
        return log

    assert without_times(sarif_of(report)) == without_times(sarif_of(report))


def _finding(line: int, severity: Rank, confidence: Rank = Rank.HIGH) -> Finding:
    return Finding(
        rule_id="B307",
        severity=severity,
        confidence=confidence,
        message="m",
        path="a.py",
        region=Region(line, 1, line, 2),
        col_offset=0,
        end_col_offset=1,
        snippet="x",
        context=((line, "x"),),
    )


def test_limit_keeps_the_most_severe() -> None:
    findings = [
        _finding(1, Rank.LOW),
        _finding(2, Rank.HIGH, Rank.LOW),
        _finding(3, Rank.MEDIUM),
        _finding(4, Rank.HIGH),
    ]
    kept, note = limit_results(findings, 2)
    assert [f.line for f in kept] == [2, 4]
    assert note is not None and note.message.startswith("2 of 4 results were left out")
    assert "HIGH severity and LOW confidence" in note.message
    assert limit_results(findings, MAX_RESULTS) == (findings, None)


def test_limited_run_says_what_was_cut(report) -> None:
    run = json.loads(dumps(build(report, environ={}, result_limit=3)))["runs"][0]
    assert len(run["results"]) == 3
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert [n["descriptor"]["id"] for n in notes if "descriptor" in n].count(
        "results-truncated"
    ) == 1


def test_serializer_matches_jschema_to_python(tmp_path: Path) -> None:
    real = scan_tree(corpus_repo(tmp_path / "code", examples=False))
    log = build(real, WriterOptions(show_suppressed=True), environ={})
    assert json.loads(dumps(log)) == json.loads(to_json(log))


def _shard(repo: Path, folder: str, out: Path) -> Path:
    out.write_text(json.dumps(sarif_of(scan_tree(repo / folder))), encoding="utf-8")
    return out


def test_merge_combines_shards(tmp_path: Path) -> None:
    repo = corpus_repo(tmp_path / "code")
    whole = sarif_of(scan_tree(repo))["runs"][0]
    shards = [
        _shard(repo, "examples", tmp_path / "a.sarif"),
        _shard(repo, "lib", tmp_path / "b.sarif"),
        _shard(repo, "lib", tmp_path / "c.sarif"),  # an overlapping shard adds nothing
    ]
    merged = json.loads(merge_files([str(p) for p in shards]))
    (run,) = merged["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(r["id"] for r in rules)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]

    def key(result: Dict[str, Any]) -> tuple:
        return (physical(result)["artifactLocation"]["uri"], json.dumps(physical(result)["region"]))

    assert sorted(map(key, run["results"])) == sorted(map(key, whole["results"]))
    taxa = [t["id"] for t in run["taxonomies"][0]["taxa"]]
    for rule in rules:
        target = rule["relationships"][0]["target"]
        assert taxa[target["index"]] == target["id"]
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is True
    assert run["automationDetails"] == {"id": "sarifbandit/"}


def test_merge_command(tmp_path: Path) -> None:
    repo = corpus_repo(tmp_path / "code", stdlib=False)
    shard = _shard(repo, "examples", tmp_path / "a.sarif")
    out = tmp_path / "merged.sarif"
    done = CliRunner().invoke(main, ["merge", str(shard), str(shard), "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert len(json.loads(out.read_text())["runs"]) == 1


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not JSON"),
        ('{"version": "2.1.0"}', "no 'runs' list"),
    ],
)
def test_merge_rejects_what_is_not_sarif(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.sarif"
    bad.write_text(content)
    with pytest.raises(ConfigError, match=message):
        merge_files([str(bad)])
    done = CliRunner().invoke(main, ["merge", str(bad)])
    assert done.exit_code == 2 and message in done.output


def test_merge_rejects_other_tools(tmp_path: Path) -> None:
    other = tmp_path / "other.sarif"
    other.write_text(json.dumps({"runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}))
    ours = tmp_path / "ours.sarif"
    ours.write_text(json.dumps({"runs": [{"tool": {"driver": {"name": "y"}}, "results": []}]}))
    with pytest.raises(ConfigError, match="different tools"):
        merge_files([str(other), str(ours)])


def test_sarif_tools_reads_our_files(log: Dict[str, Any], tmp_path: Path) -> None:
    """sarif-tools (PyPI), a real consumer: its summary counts our results by level and its
    HTML report lists our rules."""
    sarif = tmp_path / "scan.sarif"
    sarif.write_text(json.dumps(log), encoding="utf-8")
    summary = tmp_path / "summary.txt"
    tool = [sys.executable, "-m", "sarif"]
    subprocess.run([*tool, "summary", str(sarif), "-o", str(summary)], check=True)
    text = summary.read_text()
    levels: Dict[str, int] = {}
    for result in log["runs"][0]["results"]:
        levels[result["level"]] = levels.get(result["level"], 0) + 1
    for level, count in levels.items():
        assert f"{level}: {count}" in text, text
    html = tmp_path / "scan.html"
    subprocess.run([*tool, "html", str(sarif), "-o", str(html)], check=True)
    page = html.read_text()
    assert "B307" in page and "B605" in page


def _gzipped(text: str) -> int:
    return len(gzip.compress(text.encode("utf-8"), 6))


def test_size_limit_drops_snippets_then_results(report, monkeypatch: pytest.MonkeyPatch) -> None:
    full = _gzipped(render(report, WriterOptions(), {}))
    bare = _gzipped(dumps(build(report, environ={}, with_snippets=False)))
    assert bare < full
    monkeypatch.setattr(sarif, "MAX_GZIPPED_BYTES", (full + bare) // 2)
    run = json.loads(render(report, WriterOptions(), {}))["runs"][0]
    assert all("snippet" not in physical(r)["region"] for r in run["results"])
    assert all("contextRegion" not in physical(r) for r in run["results"])
    assert len(run["results"]) == len(report.findings)
    codes = [n["descriptor"]["id"] for n in run["invocations"][0]["toolExecutionNotifications"]]
    assert "snippets-dropped" in codes and "results-truncated" not in codes

    monkeypatch.setattr(sarif, "MAX_GZIPPED_BYTES", bare - 200)
    run = json.loads(render(report, WriterOptions(), {}))["runs"][0]
    assert 0 < len(run["results"]) < len(report.findings)
    codes = [n["descriptor"]["id"] for n in run["invocations"][0]["toolExecutionNotifications"]]
    assert "results-truncated" in codes
