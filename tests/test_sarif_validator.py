"""Microsoft's SARIF Multitool 5.7.0 with the SARIF, GitHub and Azure DevOps rule sets at every
level must find nothing in our output for the examples and for a slice of the standard library,
except SARIF2006 (it tries to fetch every URL, and there is no network here), which is turned
off so the test does not wait for network timeouts.

Azure DevOps (GHAzDO1019/1020) wants automationDetails to name the Azure pipeline, which only
exists inside one: in Azure Pipelines (TF_BUILD and the build variables) we write that identity
and the log is clean under all four rule sets; elsewhere automationDetails.id is the --category
GitHub reads, and those two Azure-only rules are the only ones that object.

.ci/run installs the validator from npm; without it these tests are skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from .sarif_corpus import corpus_repo, sarif_of, scan_tree
from .tooling import REQUIRE_TOOLS

RULE_KINDS = "Sarif;Gh;Ghas;GhazDo"
UNREACHABLE_URL = "SARIF2006"
OFF = {"RuleEnabled": "Disabled"}
AZURE_PIPELINE_ONLY = {"GHAzDO1019", "GHAzDO1020"}
AZURE_PIPELINE = {
    "TF_BUILD": "True",
    "SYSTEM_COLLECTIONURI": "https://dev.azure.com/acme/",
    "SYSTEM_TEAMPROJECTID": "6b1c3a52-4c7e-4d1f-9f55-1c2d3e4f5a6b",
    "BUILD_DEFINITIONID": "42",
    "BUILD_DEFINITIONNAME": "security",
    "BUILD_BUILDID": "1234",
    "SYSTEM_PHASEID": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
    "SYSTEM_PHASENAME": "scan",
    "BUILD_SOURCEBRANCH": "refs/heads/main",
}


def _validator() -> Optional[str]:
    """The Multitool binary: $SARIF_MULTITOOL, an npm install in the repository or one folder up
    (node_modules), or sarif-multitool on PATH."""
    if os.environ.get("SARIF_MULTITOOL"):
        return os.environ["SARIF_MULTITOOL"]
    here = Path(__file__).resolve().parent.parent
    for base in (here, here.parent):
        binary = base / "node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
        if binary.is_file() and os.access(binary, os.X_OK):
            return str(binary)
    return shutil.which("sarif-multitool")


VALIDATOR = _validator()
pytestmark = pytest.mark.skipif(
    VALIDATOR is None and not REQUIRE_TOOLS, reason="SARIF Multitool is not installed"
)


def validate(files: List[Path], out: Path) -> Dict[str, Counter]:
    """{file name: Counter of validator rule ids} for every file, in one validator run."""
    assert VALIDATOR is not None, "SARIF Multitool is not installed: see .ci/run"
    # SARIF2006 GETs every URL, and without a network each one waits for a timeout: it is the
    # one rule allowed to fail, so it is switched off (everything else stays at its default)
    config = out.with_name("validator-config.json")
    config.write_text(json.dumps({f"{UNREACHABLE_URL}.UrisShouldBeReachable.Options": OFF}))
    kinds, levels = RULE_KINDS, "Error;Warning;Note"
    if not VALIDATOR.endswith("Sarif.Multitool"):
        # npm's wrapper script hands its arguments to a shell, which would split them at ';'
        kinds, levels = f'"{kinds}"', f'"{levels}"'
    command = [
        VALIDATOR,
        "validate",
        "--rule-kind",
        kinds,
        "--level",
        levels,
        "--config",
        str(config),
        *map(str, files),
        "-o",
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert out.is_file(), done.stdout + done.stderr
    log = json.loads(out.read_text(encoding="utf-8-sig"))
    found: Dict[str, Counter] = {path.name: Counter() for path in files}
    for result in log["runs"][0].get("results", []):
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        found[uri.rsplit("/", 1)[-1]][result["ruleId"]] += 1
    for notification in log["runs"][0]["invocations"][0].get("toolExecutionNotifications", []):
        assert notification.get("level") != "error", notification["message"]
    return found


@pytest.fixture(scope="module")
def validated(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Counter]:
    """One scan of a repository holding examples/ and a standard-library slice (lib/), written
    for Azure Pipelines and for GitHub, checked in one validator run. The two logs differ only in
    automationDetails, so the GitHub one is checked with its first results only: the validator
    spends seconds per thousand results."""
    work = tmp_path_factory.mktemp("validator")
    report = scan_tree(corpus_repo(work / "code"))
    paths = {f.path.split("/")[0] for f in report.findings}
    assert paths == {"examples", "lib"} and len(report.findings) > 300
    azure, github = sarif_of(report, AZURE_PIPELINE), sarif_of(report, {})

    def timeless(log: Dict[str, Any]) -> Dict[str, Any]:
        run = log["runs"][0]
        invocation = {
            key: value
            for key, value in run["invocations"][0].items()
            if key not in ("startTimeUtc", "endTimeUtc")
        }
        return {**run, "automationDetails": None, "invocations": [invocation]}

    assert timeless(azure) == timeless(github)
    github["runs"][0]["results"] = github["runs"][0]["results"][:20]
    files = []
    for name, log in (("azure", azure), ("github", github)):
        path = work / f"{name}.sarif"
        path.write_text(json.dumps(log), encoding="utf-8")
        files.append(path)
    return validate(files, work / "validation.sarif")


def test_clean_for_azure_pipelines(validated: Dict[str, Counter]) -> None:
    assert validated["azure.sarif"] == Counter(), validated


def test_clean_for_github_except_the_azure_pipeline_identity(validated: Dict[str, Counter]) -> None:
    found = validated["github.sarif"]
    assert set(found) == AZURE_PIPELINE_ONLY, found
    # one run: four missing pipeline properties, one id without the pipeline prefix
    assert found["GHAzDO1019"] == 4 and found["GHAzDO1020"] == 1


def test_code_flows_are_clean(tmp_path: Path) -> None:
    """A result carrying a data-flow path (codeFlows, the source in relatedLocations and a
    message linking it) passes every rule set too; no taint analysis needed to build it."""
    from .test_flows import report_with_flows

    log = sarif_of(report_with_flows(tmp_path / "code"), AZURE_PIPELINE)
    assert any("codeFlows" in result for result in log["runs"][0]["results"])
    path = tmp_path / "flows.sarif"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert validate([path], tmp_path / "validation.sarif") == {"flows.sarif": Counter()}
