"""Microsoft's SARIF Multitool 5.7.0 with the SARIF, GitHub and Azure DevOps rule sets at every
level must find nothing in our output for the examples and for a slice of the standard library,
except SARIF2006 (it tries to fetch every URL, and there is no network here).

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
from typing import Dict, List, Optional

import pytest

from .sarif_corpus import corpus_repo, sarif_of, scan_tree

RULE_KINDS = "Sarif;Gh;Ghas;GhazDo"
UNREACHABLE_URL = "SARIF2006"
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
pytestmark = pytest.mark.skipif(VALIDATOR is None, reason="SARIF Multitool is not installed")


def validate(files: List[Path], out: Path) -> Dict[str, Counter]:
    """{file name: Counter of validator rule ids} for every file, in one validator run."""
    assert VALIDATOR is not None
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
        *map(str, files),
        "-o",
        str(out),
    ]
    # SARIF2006 fetches every URL; a proxy that refuses at once saves waiting for timeouts
    refuse = "http://127.0.0.1:9"
    environ = {**os.environ, "HTTP_PROXY": refuse, "HTTPS_PROXY": refuse, "NO_PROXY": ""}
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, env=environ)
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
    for GitHub and for Azure Pipelines, both checked in one validator run (it takes seconds a
    file: SARIF2006 tries every URL)."""
    work = tmp_path_factory.mktemp("validator")
    report = scan_tree(corpus_repo(work / "code"))
    paths = {f.path.split("/")[0] for f in report.findings}
    assert paths == {"examples", "lib"} and len(report.findings) > 300
    files = []
    for flavour, environ in (("github", {}), ("azure", AZURE_PIPELINE)):
        path = work / f"{flavour}.sarif"
        path.write_text(json.dumps(sarif_of(report, environ)), encoding="utf-8")
        files.append(path)
    return validate(files, work / "validation.sarif")


def test_clean_for_azure_pipelines(validated: Dict[str, Counter]) -> None:
    assert set(validated["azure.sarif"]) <= {UNREACHABLE_URL}, validated


def test_clean_for_github_except_the_azure_pipeline_identity(validated: Dict[str, Counter]) -> None:
    found = validated["github.sarif"]
    assert set(found) - {UNREACHABLE_URL} == AZURE_PIPELINE_ONLY, found
    # one run: four missing pipeline properties, one id without the pipeline prefix
    assert found["GHAzDO1019"] == 4 and found["GHAzDO1020"] == 1
