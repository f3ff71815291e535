"""The composite Action (action.yml) run the way a runner runs it: every `run:` step through bash
with the step's `env:` resolved from the inputs and earlier step outputs, a simulated GITHUB_*
environment, and the outputs read back from GITHUB_OUTPUT; `uses:` steps are left out (no network
for setup-python or the upload). Also zizmor, the structure of action.yml, and the helpers of
sarifbandit/action.py that need exact values."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

from sarifbandit import action
from sarifbandit.model import Rank

from .tooling import assert_zizmor_clean, env_with_our_scripts

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
STEPS = ACTION["runs"]["steps"]
SHA = "0123456789abcdef0123456789abcdef01234567"

VULNERABLE = """\
import subprocess


def run(name):
    subprocess.call("ls " + name, shell=True)
"""


# --- a runner, as far as composite run steps need one ------------------------------------------

_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def evaluate(
    expression: str, inputs: Mapping[str, str], steps: Mapping[str, Dict[str, str]]
) -> str:
    """The expressions action.yml may use in a run step's env: inputs.X, steps.ID.outputs.X,
    'literals' and `a || b`; anything else fails the test, so it cannot be silently wrong."""
    for alternative in expression.split("||"):
        term = alternative.strip()
        if term.startswith("'") and term.endswith("'"):
            value = term[1:-1]
        elif term.startswith("inputs."):
            value = inputs[term[len("inputs.") :]]
        elif m := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", term):
            value = steps.get(m.group(1), {}).get(m.group(2), "")
        else:
            raise AssertionError(f"the test runner does not know the expression {term!r}")
        if value:
            return value
    return ""


def resolve(text: str, inputs: Mapping[str, str], steps: Mapping[str, Dict[str, str]]) -> str:
    return _EXPRESSION.sub(lambda m: evaluate(m.group(1), inputs, steps), str(text))


def parse_outputs(text: str) -> Dict[str, str]:
    """GITHUB_OUTPUT's two forms: `name=value` and `name<<DELIMITER` ... `DELIMITER`."""
    outputs: Dict[str, str] = {}
    lines = iter(text.splitlines())
    for line in lines:
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value: List[str] = []
            for body in lines:
                if body == delimiter:
                    break
                value.append(body)
            else:
                raise AssertionError(f"output {name!r} has no closing delimiter")
            outputs[name] = "\n".join(value)
        elif line:
            name, value_text = line.split("=", 1)
            outputs[name] = value_text
    return outputs


@dataclass
class StepRun:
    name: str
    returncode: int
    stdout: str
    stderr: str


@dataclass
class Job:
    """One job's state: workspace, temp folder, event, step outputs and the job summary."""

    root: Path
    action_path: Path
    event_name: str = "push"
    event: Dict[str, object] = field(default_factory=dict)
    actor: str = "octocat"
    steps: Dict[str, Dict[str, str]] = field(default_factory=dict)

    @property
    def workspace(self) -> Path:
        return self.root / "workspace"

    @property
    def temp(self) -> Path:
        return self.root / "temp"

    @property
    def summary_file(self) -> Path:
        return self.root / "summary.md"

    def environment(self) -> Dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("GITHUB_", "RUNNER_", "SARIFBANDIT_", "INPUT_"))
        }
        event_path = self.root / "event.json"
        event_path.write_text(json.dumps(self.event), encoding="utf-8")
        env.update(
            PATH=env_with_our_scripts()["PATH"],
            GITHUB_ACTIONS="true",
            GITHUB_ACTION_PATH=str(self.action_path),
            GITHUB_WORKSPACE=str(self.workspace),
            GITHUB_EVENT_NAME=self.event_name,
            GITHUB_EVENT_PATH=str(event_path),
            GITHUB_ACTOR=self.actor,
            GITHUB_REPOSITORY="octo/repo",
            GITHUB_SHA=SHA,
            GITHUB_SERVER_URL="https://github.com",
            GITHUB_STEP_SUMMARY=str(self.summary_file),
            RUNNER_TEMP=str(self.temp),
        )
        return env

    def run(self, step: Mapping[str, object], inputs: Mapping[str, str]) -> StepRun:
        name = str(step.get("id") or step["name"])
        assert step.get("shell") == "bash", f"step {name}: only bash steps are simulated"
        assert "if" not in step, f"step {name}: a condition on a run step is not simulated"
        script = self.root / f"{name}.sh"
        script.write_text(str(step["run"]), encoding="utf-8")
        output = self.root / f"{name}.output"
        output.write_text("", encoding="utf-8")
        env = self.environment()
        for key, value in dict(step.get("env") or {}).items():
            env[key] = resolve(str(value), inputs, self.steps)
        env["GITHUB_OUTPUT"] = str(output)
        # the command line the runner uses for `shell: bash`
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=self.workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if step.get("id"):
            self.steps[name] = parse_outputs(output.read_text(encoding="utf-8"))
        return StepRun(name, done.returncode, done.stdout, done.stderr)

    def summary(self) -> str:
        return self.summary_file.read_text(encoding="utf-8") if self.summary_file.exists() else ""


def with_defaults(given: Mapping[str, str]) -> Dict[str, str]:
    unknown = set(given) - set(ACTION["inputs"])
    assert not unknown, f"not inputs of action.yml: {unknown}"
    return {
        name: str(given.get(name, spec.get("default", "")))
        for name, spec in ACTION["inputs"].items()
    }


def run_steps(job: Job, given: Mapping[str, str], after: Optional[str] = None) -> List[StepRun]:
    """The run steps in order (those after step `after`), stopping at the first that fails, as
    a runner does; `uses:` steps are skipped."""
    inputs = with_defaults(given)
    ran: List[StepRun] = []
    started = after is None
    for step in STEPS:
        if not started:
            started = step.get("id") == after
            continue
        if "uses" in step:
            continue
        ran.append(job.run(step, inputs))
        if ran[-1].returncode != 0:
            break
    return ran


def action_outputs(job: Job) -> Dict[str, str]:
    inputs = with_defaults({})
    return {
        name: resolve(spec["value"], inputs, job.steps) for name, spec in ACTION["outputs"].items()
    }


# --- fixtures ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Job:
    """The install step, once: a copy of the source tree as the Action's checkout, installed with
    pip into the Action's own virtual environment (the scan steps then run that installation)."""
    root = tmp_path_factory.mktemp("action")
    source = root / "action-checkout"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "requirements-action.txt"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "sarifbandit",
        source / "sarifbandit",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"),
    )
    job = Job(root=root, action_path=source)
    job.workspace.mkdir()
    job.temp.mkdir()
    ran = run_steps(job, {})
    install = next(r for r in ran if r.name == "install")
    assert install.returncode == 0, install.stderr
    assert "python" in job.steps["install"], job.steps
    return job


@pytest.fixture
def job(installed: Job, tmp_path: Path) -> Job:
    """A fresh job (workspace, temp folder, summary) that shares the one installation."""
    fresh = Job(root=tmp_path, action_path=installed.action_path)
    fresh.steps = {"install": dict(installed.steps["install"])}
    fresh.workspace.mkdir()
    fresh.temp.mkdir()
    (fresh.workspace / "src").mkdir()
    (fresh.workspace / "src" / "app.py").write_text(VULNERABLE, encoding="utf-8")
    (fresh.workspace / "src" / "ok.py").write_text("print('hello')\n", encoding="utf-8")
    return fresh


def scan(job: Job, **given: str) -> Dict[str, StepRun]:
    return {r.name: r for r in run_steps(job, given, after="install")}


def fork_event(head: Optional[str]) -> Dict[str, object]:
    return {
        "pull_request": {
            "number": 7,
            "head": {"repo": {"full_name": head} if head else None},
            "base": {"repo": {"full_name": "octo/repo"}},
        }
    }


# --- the composite, end to end -----------------------------------------------------------------


def test_install_step_installs_the_action_checkout(installed: Job) -> None:
    python = installed.steps["install"]["python"]
    assert Path(python).is_relative_to(installed.temp / "sarifbandit-venv")
    version = subprocess.run(
        [python, "-I", "-m", "sarifbandit", "--version"], capture_output=True, text=True, check=True
    )
    from sarifbandit import __version__

    assert version.stdout.strip() == f"sarifbandit {__version__}"


def test_push_writes_outputs_summary_and_fails_on_high(job: Job) -> None:
    ran = scan(job)
    assert ran["scan"].returncode == 0, ran["scan"].stdout + ran["scan"].stderr
    outputs = action_outputs(job)
    sarif = job.temp / "sarifbandit" / "sarifbandit.sarif"
    assert outputs == {
        "sarif-file": str(sarif),
        "result-count": "2",
        "error-count": "1",
        "warning-count": "0",
        "note-count": "1",
    }
    results = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert sorted(
        (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results
    ) == [
        ("B404", 1),
        ("B602", 5),
    ]
    assert job.steps["scan"]["upload"] == "true"
    # the listing sits between stop-commands and its resume token, so no line of it is a command
    lines = ran["scan"].stdout.splitlines()
    stop = next(i for i, line in enumerate(lines) if line.startswith("::stop-commands::"))
    token = lines[stop].split("::")[2]
    resume = lines.index(f"::{token}::")
    listing = [line for line in lines[stop + 1 : resume] if ": B602 " in line]
    assert len(listing) == 1 and listing[0].startswith("src/app.py:5:")
    # the fail-on step fails the job, after the (simulated) upload
    verdict = ran["Apply fail-on"]
    assert verdict.returncode == 1
    assert verdict.stdout.strip() == (
        "::error title=sarifbandit::1 finding of high severity or higher (fail-on: high)"
    )
    summary = job.summary()
    assert "| High | 1 |\n| Medium | 0 |\n| Low | 1 |\n| **Total** | **2** |" in summary
    rows = [line for line in summary.splitlines() if line.startswith("| High | High |")]
    assert len(rows) == 1
    assert "[B602](" in rows[0]
    assert f"[src/app.py:5](https://github.com/octo/repo/blob/{SHA}/src/app.py#L5)" in rows[0]
    assert "**Failed:** 1 finding of high severity or higher (fail-on: high)." in summary


def test_fail_on_none_passes(job: Job) -> None:
    ran = scan(job, **{"fail-on": "none"})
    assert job.steps["scan"]["fail-reason"] == ""
    assert ran["Apply fail-on"].returncode == 0
    assert "**Passed:** fail-on is none." in job.summary()


def _results(*severities: Rank) -> List[action.Result]:
    return [
        action.Result("B000", rank, Rank.HIGH, "note", "m", "a.py", "a.py", n, 1, "")
        for n, rank in enumerate(severities, 1)
    ]


@pytest.mark.parametrize(
    "fail_on, reason",
    [
        ("low", "3 findings of low severity or higher (fail-on: low)"),
        ("medium", "2 findings of medium severity or higher (fail-on: medium)"),
        ("high", "1 finding of high severity or higher (fail-on: high)"),
        ("none", ""),
    ],
)
def test_fail_on_counts_findings_at_or_above(fail_on: str, reason: str) -> None:
    results = _results(Rank.LOW, Rank.MEDIUM, Rank.HIGH)
    assert action.fail_reason(results, fail_on) == reason


def test_fork_pull_request_skips_upload_but_still_fails(job: Job) -> None:
    job.event_name, job.event = "pull_request", fork_event("someone/repo")
    ran = scan(job)
    assert job.steps["scan"]["upload"] == "false"
    lines = ran["scan"].stdout.splitlines()
    assert (
        "::notice title=sarifbandit::SARIF upload skipped: pull requests from forks get a "
        "read-only token; the findings are annotated instead."
    ) in lines
    annotations = [line for line in lines if line.startswith(("::error ", "::warning "))]
    assert [re.sub(r",col=\d+", "", a.split("::")[1]) for a in annotations] == [
        "error file=src/app.py,line=5,title=sarifbandit B602",
        "warning file=src/app.py,line=1,title=sarifbandit B404",
    ]
    assert ran["Apply fail-on"].returncode == 1
    assert "SARIF upload skipped" in job.summary()


@pytest.mark.parametrize(
    "event_name, head, actor, reason",
    [
        ("pull_request", "octo/repo", "octocat", ""),
        ("pull_request", "someone/repo", "octocat", "pull requests from forks get a read-only token"),
        ("pull_request_review", "someone/repo", "octocat", "pull requests from forks get a read-only token"),
        # the fork was deleted: GitHub sends no head repository
        ("pull_request", None, "octocat", "pull requests from forks get a read-only token"),
        ("pull_request", "octo/repo", "dependabot[bot]", "runs that Dependabot triggers get a read-only token"),
        ("push", None, "dependabot[bot]", "runs that Dependabot triggers get a read-only token"),
        # pull_request_target runs with the base repository's token
        ("pull_request_target", "someone/repo", "octocat", ""),
        ("push", None, "octocat", ""),
        ("schedule", None, "octocat", ""),
    ],
)  # fmt: skip
def test_read_only_token_is_recognised(
    tmp_path: Path, event_name: str, head: Optional[str], actor: str, reason: str
) -> None:
    event = tmp_path / "event.json"
    event.write_text(json.dumps(fork_event(head) if "pull" in event_name else {}), encoding="utf-8")
    env = {
        "GITHUB_EVENT_NAME": event_name,
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_ACTOR": actor,
        "GITHUB_REPOSITORY": "octo/repo",
    }
    assert action.read_only_reason(env) == reason


def test_upload_false_is_not_a_notice(job: Job) -> None:
    ran = scan(job, upload="false")
    assert job.steps["scan"]["upload"] == "false"
    assert "::notice" not in ran["scan"].stdout


def test_clean_code_passes(job: Job) -> None:
    ran = scan(job, paths="src/ok.py", **{"sarif-file": "out/results.sarif"})
    assert ran["Apply fail-on"].returncode == 0
    outputs = action_outputs(job)
    assert outputs["sarif-file"] == "out/results.sarif"
    assert (job.workspace / "out" / "results.sarif").is_file()
    assert outputs["result-count"] == "0"
    assert "No findings." in job.summary()
    assert "**Passed:**" in job.summary()


def test_thresholds_and_extra_args_reach_the_scan(job: Job) -> None:
    scan(job, **{"severity-level": "high"})
    assert action_outputs(job)["result-count"] == "1"
    scan(job, args="--skip B602")
    assert action_outputs(job)["error-count"] == "0"


def test_config_and_category_reach_the_scan(job: Job) -> None:
    (job.workspace / "bandit.yaml").write_text("skips: [B404]\n", encoding="utf-8")
    scan(job, config="bandit.yaml", category="backend")
    outputs = action_outputs(job)
    assert (outputs["result-count"], outputs["note-count"]) == ("1", "0")
    (run,) = json.loads(Path(outputs["sarif-file"]).read_text(encoding="utf-8"))["runs"]
    assert run["automationDetails"]["id"] == "backend/"


def test_inputs_never_run_as_shell(job: Job) -> None:
    hostile = "src/app.py $(touch pwned-1) `touch pwned-2` \";touch pwned-3\" '; touch pwned-4'"
    ran = scan(job, paths=hostile, **{"fail-on": "none"})
    assert ran["scan"].returncode == 0, ran["scan"].stderr
    assert not list(job.root.rglob("pwned-*"))
    # the words became (missing) targets, and the real file was still scanned
    assert "'$(touch'" in Path(action_outputs(job)["sarif-file"]).read_text(encoding="utf-8")
    assert action_outputs(job)["error-count"] == "1"
    assert "target(s) could not be read or parsed" in job.summary()


def test_bad_input_is_one_error_line(job: Job) -> None:
    ran = scan(job, **{"fail-on": "critical"})
    assert ran["scan"].returncode == 2
    assert ran["scan"].stdout.strip() == (
        "::error title=sarifbandit::input 'fail-on' is 'critical'; use one of none, low, medium, high"
    )
    assert "Apply fail-on" not in ran


def test_failed_scan_stops_before_upload(job: Job) -> None:
    ran = scan(job, args="--no-such-flag")
    assert ran["scan"].returncode == 2
    assert (
        "::error title=sarifbandit::the scan failed: exit status 2; see above" in ran["scan"].stdout
    )
    assert "upload" not in job.steps["scan"]


# --- the structure of action.yml ---------------------------------------------------------------


def test_every_action_used_is_pinned_to_a_commit_with_its_version() -> None:
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    uses = re.findall(r"^\s*uses:\s*(\S+)(.*)$", text, re.M)
    assert {u.split("@")[0] for u, _ in uses} == {
        "actions/setup-python",
        "github/codeql-action/upload-sarif",
    }
    for ref, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), ref
        assert re.fullmatch(r"\s*# v\d+\.\d+\.\d+", comment), (ref, comment)
    upload = next(c for u, c in uses if "upload-sarif" in u)
    assert upload.strip().startswith("# v4."), "upload-sarif must be v4 (v3 is deprecated)"


def test_no_expression_inside_a_script() -> None:
    for step in STEPS:
        if "run" in step:
            assert "${{" not in step["run"], step["name"]


def test_every_input_reaches_the_scan_step() -> None:
    used = " ".join(
        str(value)
        for step in STEPS
        for value in [
            *(step.get("env") or {}).values(),
            *(step.get("with") or {}).values(),
            step.get("if", ""),
        ]
    )
    for name in ACTION["inputs"]:
        assert f"inputs.{name}" in used, name


def _lock() -> List[Requirement]:
    text = (ROOT / "requirements-action.txt").read_text(encoding="utf-8")
    pins = []
    for entry in re.split(r"\n(?=\S)", text):
        if entry.startswith("#") or not entry.strip():
            continue
        first, *hashes = [part.strip(" \\") for part in entry.splitlines()]
        assert hashes and all(h.startswith("--hash=sha256:") for h in hashes), entry
        pins.append(Requirement(first))
    return pins


@pytest.mark.parametrize("python", ["3.9", "3.10", "3.11", "3.12", "3.13", "3.14", "3.15"])
def test_the_hash_lock_pins_every_dependency(python: str) -> None:
    """requirements-action.txt holds, for each Python, one hashed pin of every dependency in
    pyproject.toml (and of setuptools, the build backend) that meets its version range; after a
    change to the dependencies, regenerate it with the command in its header."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    environment = {"python_version": python, "python_full_version": python + ".0"}
    wanted = [Requirement(d) for d in project["project"]["dependencies"]]
    wanted.append(Requirement(project["build-system"]["requires"][0]))
    pins = [p for p in _lock() if p.marker is None or p.marker.evaluate(environment)]
    for requirement in wanted:
        if requirement.marker and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        versions = [
            next(iter(p.specifier)).version for p in pins if canonicalize_name(p.name) == name
        ]
        assert len(versions) == 1, f"{requirement.name}: pinned {versions} for Python {python}"
        assert requirement.specifier.contains(versions[0]), (requirement, versions[0])


def test_zizmor_pedantic_reports_nothing() -> None:
    assert_zizmor_clean("action.yml", ".pre-commit-hooks.yaml", cwd=ROOT)


# --- sarifbandit/action.py, value by value -----------------------------------------------------


def test_scan_command_puts_extra_args_before_the_paths() -> None:
    inputs = action.Inputs.from_env(
        {
            "SARIFBANDIT_PATHS": "src\n'my tests'",
            "SARIFBANDIT_CONFIG": "bandit.yaml",
            "SARIFBANDIT_SEVERITY_LEVEL": "Medium",
            "SARIFBANDIT_CATEGORY": "backend",
            "SARIFBANDIT_ARGS": "--skip B101 -x 'build dir'",
        }
    )
    assert action.scan_command(inputs, Path("out.sarif"), python="py") == [
        "py", "-I", "-m", "sarifbandit", "scan", "--format", "sarif", "--output", "out.sarif",
        "-c", "bandit.yaml", "--severity-level", "medium", "--category", "backend",
        "--skip", "B101", "-x", "build dir", "--", "src", "my tests",
    ]  # fmt: skip


def test_unbalanced_quote_names_the_input() -> None:
    with pytest.raises(action.InputError, match="input 'args': No closing quotation"):
        action.Inputs.from_env({"SARIFBANDIT_ARGS": "--skip 'B101"})


def test_table_cells_escape_what_the_scanned_code_controls() -> None:
    assert action._cell("a|b [x](y) <img src=z>\n*c*") == (
        "a\\|b \\[x\\](y) &lt;img src=z&gt; \\*c\\*"
    )


def test_workflow_commands_cannot_be_smuggled_in() -> None:
    line = action.command("error", "bad\n::set-output name=x::1 100%", file="a,b:c.py", line=3)
    assert line == "::error file=a%2Cb%3Ac.py,line=3::bad%0A::set-output name=x::1 100%25"
    assert "\n" not in line


def test_outputs_hold_any_value() -> None:
    stream = io.StringIO()
    action.write_outputs(stream, {"fail-reason": "two\nlines", "empty": "", "eq": "a=b"})
    assert parse_outputs(stream.getvalue()) == {
        "fail-reason": "two\nlines",
        "empty": "",
        "eq": "a=b",
    }


def test_suppressed_results_are_counted_apart(tmp_path: Path) -> None:
    def result(rule: str, level: str, severity: str, **extra: object) -> Dict[str, object]:
        return {
            "ruleId": rule,
            "level": level,
            "message": {"text": rule},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "a%20b.py"},
                        "region": {"startLine": 2},
                    }
                }
            ],
            "properties": {"issue_severity": severity, "issue_confidence": "HIGH"},
            **extra,
        }

    log = {
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "sarifbandit",
                        "rules": [{"id": "B602", "helpUri": "https://h/b602"}],
                    }
                },
                "invocations": [
                    {"toolExecutionNotifications": [{"level": "error"}, {"level": "warning"}]}
                ],
                "results": [
                    result("B101", "note", "LOW"),
                    result("B602", "error", "HIGH"),
                    result("B307", "warning", "MEDIUM", suppressions=[{"kind": "inSource"}]),
                    result(
                        "B102",
                        "warning",
                        "MEDIUM",
                        suppressions=[{"kind": "inSource", "status": "rejected"}],
                    ),
                ],
            }
        ]
    }
    path = tmp_path / "x.sarif"
    path.write_text(json.dumps(log), encoding="utf-8")
    outcome = action.read_sarif(path)
    assert [(r.rule_id, r.severity, r.path, r.help_uri) for r in outcome.results] == [
        ("B602", Rank.HIGH, "a b.py", "https://h/b602"),
        ("B102", Rank.MEDIUM, "a b.py", ""),
        ("B101", Rank.LOW, "a b.py", ""),
    ]
    assert (outcome.suppressed, outcome.unscanned) == (1, 1)
    assert action.counts_by_level(outcome.results) == {"error": 1, "warning": 1, "note": 1}


def test_a_sarifbandit_package_in_the_workspace_is_never_imported(job: Job) -> None:
    planted = job.workspace / "sarifbandit"
    planted.mkdir()
    for name in ("__init__.py", "action.py", "__main__.py"):
        (planted / name).write_text("open('planted-ran', 'w').close()\n", encoding="utf-8")
    ran = scan(job, **{"fail-on": "none"})
    assert ran["scan"].returncode == 0, ran["scan"].stdout + ran["scan"].stderr
    assert not (job.workspace / "planted-ran").exists()
