"""The README's CI recipes work as pasted: each YAML block parses, every `sarifbandit` command in
it parses with the real command line (flags, choices such as --format), the platform wiring is
right (permissions, report paths, artifact names), and the GitHub Action's section documents
exactly the inputs and outputs action.yml has."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import click
import pytest
import yaml

from sarifbandit.cli import main

from .tooling import assert_zizmor_clean

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
OUR_ACTION = "sarifbandit/sarifbandit"


def section(text: str, title: str, level: int = 2) -> str:
    """The body of the markdown section `title`, up to the next heading of the same level."""
    marks = "#" * level
    match = re.search(rf"^{marks} {re.escape(title)}\n(.*?)(?=^{marks} |\Z)", text, re.M | re.S)
    assert match, f"README has no section '{marks} {title}'"
    return match.group(1)


def yaml_blocks(text: str) -> List[str]:
    return re.findall(r"^```yaml\n(.*?)^```", text, re.M | re.S)


RECIPES = section(README, "CI recipes")


def recipe(title: str) -> List[str]:
    blocks = yaml_blocks(section(RECIPES, title, level=3))
    assert blocks, f"the '{title}' recipe has no yaml block"
    return blocks


def strings(node: Any, keys: frozenset) -> Iterator[str]:
    """Every string under a key in `keys` (a script, or a list of script lines)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in keys:
                yield from ([value] if isinstance(value, str) else [str(v) for v in value])
            else:
                yield from strings(value, keys)
    elif isinstance(node, list):
        for item in node:
            yield from strings(item, keys)


def commands(document: Any, keys: frozenset = frozenset({"run", "script"})) -> List[List[str]]:
    """The sarifbandit command lines of a recipe's scripts, split as a shell would."""
    found = []
    for script in strings(document, keys):
        for line in script.splitlines():
            words = shlex.split(line)
            if words[:1] == ["sarifbandit"]:
                found.append(words)
    return found


def parse_cli(words: List[str]) -> click.Context:
    """Parse a command line with our click command without running it: unknown flags and bad
    choices raise click's usage errors."""
    assert words[0] == "sarifbandit"
    group = click.Context(main, info_name="sarifbandit")
    command = main.get_command(group, words[1])
    assert command is not None, f"no command '{words[1]}'"
    return command.make_context(words[1], words[2:], parent=group)


def option(context: click.Context, name: str) -> Any:
    return context.params[name]


def every_recipe_document() -> Iterator[Any]:
    for block in yaml_blocks(RECIPES):
        yield yaml.safe_load(block)


@pytest.mark.parametrize("block", yaml_blocks(RECIPES), ids=lambda b: b.splitlines()[0])
def test_every_block_is_yaml_and_its_commands_parse(block: str) -> None:
    document = yaml.safe_load(block)
    assert isinstance(document, (dict, list))
    for words in commands(document):
        try:
            parse_cli(words)
        except click.UsageError as exc:  # BadParameter and NoSuchOption are UsageErrors
            pytest.fail(f"{shlex.join(words)}: {exc.format_message()}")


def test_recipes_run_sarifbandit() -> None:
    assert len([w for doc in every_recipe_document() for w in commands(doc)]) >= 3


# --- GitHub ------------------------------------------------------------------------------------


def test_github_workflow_is_complete() -> None:
    workflow = yaml.safe_load(recipe("GitHub Actions")[0])
    # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as the string
    triggers = workflow.get("on", workflow.get(True))
    assert {"push", "pull_request"} <= set(triggers)
    assert workflow["permissions"] == {}
    (job,) = workflow["jobs"].values()
    assert job["permissions"] == {
        "security-events": "write",
        "contents": "read",
        "actions": "read",
    }
    ours = [step for step in job["steps"] if step.get("uses", "").startswith(OUR_ACTION + "@")]
    assert len(ours) == 1
    assert set(ours[0].get("with", {})) <= set(ACTION["inputs"])
    checkout = job["steps"][0]
    assert checkout["uses"].startswith("actions/checkout@")
    assert checkout["with"]["persist-credentials"] is False


def test_github_actions_are_pinned_to_commits_with_versions() -> None:
    for block in recipe("GitHub Actions"):
        for ref, comment in re.findall(r"uses:\s*(\S+)\s*(#.*)?$", block, re.M):
            if ref.startswith(OUR_ACTION + "@"):
                continue
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), ref
            assert re.fullmatch(r"# v\d+\.\d+\.\d+", comment), (ref, comment)


def test_github_cli_recipe_uploads_the_file_it_writes() -> None:
    steps = yaml.safe_load(recipe("GitHub Actions")[1])["steps"]
    (words,) = commands({"steps": steps})
    written = option(parse_cli(words), "output")
    upload = next(
        s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")
    )
    assert upload["with"]["sarif_file"] == written
    assert upload["uses"].endswith("9e907b5e64f6b83e7804b09294d44122997950d6")


def test_github_workflow_passes_zizmor(tmp_path: Path) -> None:
    """zizmor on the workflow as a user would commit it, once our own ref is pinned to a commit
    (the README says to; a release's SHA cannot be written before the release)."""
    block = recipe("GitHub Actions")[0]
    pinned, count = re.subn(
        rf"{OUR_ACTION}@\S+.*$", f"{OUR_ACTION}@{'a' * 40} # v0.1.0", block, flags=re.M
    )
    assert count == 1
    workflow = tmp_path / ".github" / "workflows" / "sarifbandit.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text(pinned, encoding="utf-8")
    assert_zizmor_clean(workflow, cwd=tmp_path)


# --- GitLab ------------------------------------------------------------------------------------


def test_gitlab_job_writes_the_sast_report() -> None:
    (job,) = yaml.safe_load(recipe("GitLab CI")[0]).values()
    assert job["artifacts"]["reports"]["sast"] == "gl-sast-report.json"
    assert "gl-sast-report.json" in job["artifacts"]["paths"]
    assert job["artifacts"]["when"] == "always"
    (words,) = commands(job)
    context = parse_cli(words)
    assert option(context, "fmt") == "gitlab"
    assert option(context, "output") == "gl-sast-report.json"


# --- Azure DevOps ------------------------------------------------------------------------------


def test_azure_publishes_to_advanced_security_and_the_scans_tab() -> None:
    pipeline = yaml.safe_load(recipe("Azure DevOps")[0])
    tasks: Dict[str, Dict[str, Any]] = {s["task"]: s for s in pipeline["steps"] if "task" in s}
    (words,) = commands(pipeline)
    context = parse_cli(words)
    assert option(context, "fmt") == "sarif"
    output = option(context, "output")
    folder, name = output.rsplit("/", 1)
    assert name.endswith(".sarif")
    publish = tasks["AdvancedSecurity-Publish@1"]
    assert publish["inputs"]["SarifsInputDirectory"] == folder
    artifact = tasks["PublishBuildArtifacts@1"]
    assert artifact["inputs"] == {"PathtoPublish": folder, "ArtifactName": "CodeAnalysisLogs"}
    # published even when the scan step fails the build on findings
    assert publish["condition"] == artifact["condition"] == "succeededOrFailed()"


# --- pre-commit --------------------------------------------------------------------------------


def test_pre_commit_recipe_names_our_hook_with_valid_args() -> None:
    config = yaml.safe_load(recipe("pre-commit")[0])
    (repo,) = config["repos"]
    (hook,) = repo["hooks"]
    manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    entry = next(h for h in manifest if h["id"] == hook["id"])["entry"]
    parse_cli([*shlex.split(entry), *hook["args"], "file.py"])


# --- the GitHub Action's documentation ---------------------------------------------------------


def _table(text: str, header: str) -> List[List[str]]:
    """The cells of the markdown table whose first column is headed `header`, backticks off."""
    match = re.search(rf"^\| {header} \|.*\n\|[-|: ]+\|\n((?:\|.*\n)+)", text, re.M)
    assert match, f"no table headed '{header}'"
    return [
        [cell.strip().strip("`") for cell in row.strip()[1:-1].split("|")]
        for row in match.group(1).splitlines()
    ]


def test_action_section_documents_every_input_and_output() -> None:
    text = section(README, "GitHub Action")
    inputs = _table(text, "input")
    assert [row[0] for row in inputs] == list(ACTION["inputs"])
    assert {row[0]: row[1] for row in inputs} == {
        name: str(spec["default"]) for name, spec in ACTION["inputs"].items()
    }
    assert [row[0] for row in _table(text, "output")] == list(ACTION["outputs"])


# --- the recipes' scripts, run -----------------------------------------------------------------

VULNERABLE = (
    'import subprocess\n\n\ndef run(name):\n    subprocess.call("ls " + name, shell=True)\n'
)


def run_script(script: str, workspace: Path) -> subprocess.CompletedProcess:
    """A recipe's script through bash in `workspace`, sarifbandit from this test's environment
    (the recipes' `pip install` lines are dropped: it is installed already)."""
    lines = [line for line in script.splitlines() if "pip install" not in line]
    env = dict(
        os.environ, PATH=os.pathsep.join([os.path.dirname(sys.executable), os.environ["PATH"]])
    )
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-c", "\n".join(lines)],
        cwd=workspace,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "app.py").write_text(VULNERABLE, encoding="utf-8")
    return tmp_path


def _sarif_rules(path: Path) -> List[str]:
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["version"] == "2.1.0"
    return sorted(r["ruleId"] for run in log["runs"] for r in run["results"])


def test_github_cli_recipe_writes_sarif(workspace: Path) -> None:
    steps = yaml.safe_load(recipe("GitHub Actions")[1])["steps"]
    for step in steps:
        if "run" in step:
            done = run_script(step["run"], workspace)
            assert done.returncode == 0, done.stderr  # --exit-zero: the upload step must run
    assert "B602" in _sarif_rules(workspace / "sarifbandit.sarif")


def test_gitlab_recipe_writes_its_sast_report(workspace: Path) -> None:
    (job,) = yaml.safe_load(recipe("GitLab CI")[0]).values()
    done = run_script("\n".join(job["script"]), workspace)
    assert done.returncode == 1, done.stderr  # findings fail the job, allow_failure keeps it going
    report = json.loads((workspace / "gl-sast-report.json").read_text(encoding="utf-8"))
    assert report["version"].startswith("15.")
    assert report["scan"]["type"] == "sast"
    vulnerabilities = report["vulnerabilities"]
    b602 = [v["location"] for v in vulnerabilities if v["identifiers"][0]["value"] == "B602"]
    assert [(location["file"], location["start_line"]) for location in b602] == [("app.py", 5)]


def test_azure_recipe_writes_sarif_into_the_published_folder(workspace: Path) -> None:
    pipeline = yaml.safe_load(recipe("Azure DevOps")[0])
    staging = workspace.parent / "staging"
    for step in pipeline["steps"]:
        if "script" in step:
            # Azure expands $(Name) macros before the shell sees the script
            script = step["script"].replace("$(Build.ArtifactStagingDirectory)", str(staging))
            done = run_script(script, workspace)
            assert done.returncode in (0, 1), done.stderr
    assert "B602" in _sarif_rules(staging / "CodeAnalysisLogs" / "sarifbandit.sarif")
