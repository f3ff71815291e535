"""The GitHub Action's scan step (action.yml), in Python so that it can be tested.

`python -m sarifbandit.action` reads the Action's inputs from `SARIFBANDIT_*` environment
variables (action.yml passes every input through `env:`, so no input is ever spliced into a shell
script), runs `sarifbandit scan` to write SARIF, and then, from that SARIF file:

- writes the step outputs (`GITHUB_OUTPUT`): the SARIF path, counts of results by level, whether
  to upload, and the reason the job must fail (empty when it passes);
- appends a job summary (`GITHUB_STEP_SUMMARY`): counts by severity and the top findings;
- decides whether the upload can work: a pull request from a fork, and a run Dependabot triggers,
  get a read-only token, so the upload is skipped with a notice and the findings are shown as
  annotations instead.

Exit status 0 when the scan ran (whatever it found: failing the job per `fail-on` is a later step,
after the upload), 2 for a bad input or a scan that could not run.
"""

from __future__ import annotations

import html
import json
import os
import shlex
import subprocess
import sys
import uuid
from pathlib import Path
from typing import IO, Any, Dict, List, Mapping, Optional, Sequence, Tuple
from urllib.parse import unquote

from .model import Rank
from .records import record

RANK_CHOICES = ("all", "low", "medium", "high")
FAIL_ON_CHOICES = ("none", "low", "medium", "high")
#: SARIF levels our writer gives each severity, for SARIF files without our properties
LEVEL_RANK = {"error": Rank.HIGH, "warning": Rank.MEDIUM, "note": Rank.LOW, "none": Rank.UNDEFINED}
LEVELS = ("error", "warning", "note")
SEVERITIES = (Rank.HIGH, Rank.MEDIUM, Rank.LOW)
#: rows of the summary's findings table; the SARIF file and code scanning hold the rest
SUMMARY_ROWS = 20
#: annotations GitHub shows per step and type; more are dropped silently, so say so instead
ANNOTATIONS = 10
#: events whose token is read-only when they come from a fork or from Dependabot
PULL_REQUEST_EVENTS = frozenset(
    {"pull_request", "pull_request_review", "pull_request_review_comment"}
)
DEPENDABOT = "dependabot[bot]"


class InputError(Exception):
    """An Action input with a value we cannot use: one line naming the input."""


@record(frozen=True)
class Inputs:
    """The Action's inputs, validated."""

    paths: Tuple[str, ...]
    config: str
    severity: str
    confidence: str
    category: str
    fail_on: str
    upload: bool
    args: Tuple[str, ...]
    sarif_file: str

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "Inputs":
        def get(name: str, default: str = "") -> str:
            return env.get("SARIFBANDIT_" + name.upper().replace("-", "_"), default).strip()

        def choice(name: str, choices: Sequence[str], default: str) -> str:
            value = (get(name) or default).lower()
            if value not in choices:
                raise InputError(f"input '{name}' is '{value}'; use one of {', '.join(choices)}")
            return value

        upload = choice("upload", ("true", "false"), "true")
        return cls(
            paths=tuple(_split("paths", get("paths") or ".")),
            config=get("config"),
            severity=choice("severity-level", RANK_CHOICES, "all"),
            confidence=choice("confidence-level", RANK_CHOICES, "all"),
            category=get("category"),
            fail_on=choice("fail-on", FAIL_ON_CHOICES, "high"),
            upload=upload == "true",
            args=tuple(_split("args", get("args"))),
            sarif_file=get("sarif-file"),
        )


def _split(name: str, text: str) -> List[str]:
    """Shell-like words (quotes group, newlines separate), parsed here, never by a shell."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise InputError(f"input '{name}': {exc}; check its quotes") from None


def sarif_path(inputs: Inputs, env: Mapping[str, str]) -> Path:
    """The input, else a file in the runner's temp folder (outside the checkout, so it is never
    scanned or committed by a later step)."""
    if inputs.sarif_file:
        return Path(inputs.sarif_file)
    return Path(env.get("RUNNER_TEMP") or ".") / "sarifbandit" / "sarifbandit.sarif"


def scan_command(inputs: Inputs, output: Path, python: str = sys.executable) -> List[str]:
    """The command line; the user's extra arguments come after ours so they can override them."""
    command = [
        python,
        "-I",
        "-m",
        "sarifbandit",
        "scan",
        "--format",
        "sarif",
        "--output",
        str(output),
    ]
    if inputs.config:
        command += ["-c", inputs.config]
    if inputs.severity != "all":
        command += ["--severity-level", inputs.severity]
    if inputs.confidence != "all":
        command += ["--confidence-level", inputs.confidence]
    if inputs.category:
        command += ["--category", inputs.category]
    return command + list(inputs.args) + ["--", *inputs.paths]


@record(frozen=True)
class Result:
    """What the summary and the verdict need of one SARIF result."""

    rule_id: str
    severity: Rank
    confidence: Rank
    level: str
    message: str
    path: str
    uri: str
    line: int
    column: int
    help_uri: str

    @property
    def sort_key(self) -> Tuple[int, int, str, int, int, str]:
        return (-self.severity, -self.confidence, self.path, self.line, self.column, self.rule_id)


@record(frozen=True)
class Outcome:
    """The open results of a SARIF file, most severe first, and what was left out of them."""

    results: List[Result]
    suppressed: int
    #: files the tool could not read or parse (error-level execution notifications)
    unscanned: int


def _rank(value: Any, default: Rank) -> Rank:
    try:
        return Rank.parse(str(value))
    except KeyError:
        return default


def read_sarif(path: Path) -> Outcome:
    """Every run's results; those with an accepted suppression are counted apart, as GitHub would
    otherwise show them as open alerts."""
    log = json.loads(path.read_text(encoding="utf-8-sig"))
    results: List[Result] = []
    suppressed = unscanned = 0
    for run in log.get("runs", []):
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        help_uris = {rule.get("id"): rule.get("helpUri", "") for rule in rules}
        for invocation in run.get("invocations", []):
            notes = invocation.get("toolExecutionNotifications", [])
            unscanned += sum(1 for note in notes if note.get("level") == "error")
        for item in run.get("results", []):
            if any(s.get("status", "accepted") == "accepted" for s in item.get("suppressions", [])):
                suppressed += 1
                continue
            results.append(_result(item, help_uris))
    return Outcome(sorted(results, key=lambda r: r.sort_key), suppressed, unscanned)


def _result(item: Mapping[str, Any], help_uris: Mapping[str, str]) -> Result:
    level = item.get("level", "warning")
    properties = item.get("properties", {})
    severity = _rank(properties.get("issue_severity"), LEVEL_RANK.get(level, Rank.MEDIUM))
    physical = (item.get("locations") or [{}])[0].get("physicalLocation", {})
    uri = physical.get("artifactLocation", {}).get("uri", "")
    region = physical.get("region", {})
    rule_id = item.get("ruleId", "")
    return Result(
        rule_id=rule_id,
        severity=severity,
        confidence=_rank(properties.get("issue_confidence"), Rank.UNDEFINED),
        level=level,
        message=item.get("message", {}).get("text", ""),
        path=unquote(uri),
        uri=uri,
        line=int(region.get("startLine", 0)),
        column=int(region.get("startColumn", 0)),
        help_uri=help_uris.get(rule_id, ""),
    )


def counts_by_level(results: Sequence[Result]) -> Dict[str, int]:
    counts = {level: 0 for level in LEVELS}
    for result in results:
        if result.level in counts:
            counts[result.level] += 1
    return counts


def fail_reason(results: Sequence[Result], fail_on: str) -> str:
    """Why the job fails under `fail-on`, or '' when it passes."""
    if fail_on == "none":
        return ""
    threshold = Rank.parse(fail_on)
    failing = [r for r in results if r.severity >= threshold]
    if not failing:
        return ""
    plural = "s" if len(failing) != 1 else ""
    return f"{len(failing)} finding{plural} of {fail_on} severity or higher (fail-on: {fail_on})"


def read_only_reason(env: Mapping[str, str]) -> str:
    """Why this run's token cannot upload results, or '' when it can."""
    event_name = env.get("GITHUB_EVENT_NAME", "")
    if event_name not in PULL_REQUEST_EVENTS and event_name != "push":
        return ""
    if env.get("GITHUB_ACTOR") == DEPENDABOT:
        return "runs that Dependabot triggers get a read-only token"
    if event_name not in PULL_REQUEST_EVENTS:
        return ""
    event = _event(env.get("GITHUB_EVENT_PATH", ""))
    pull_request = event.get("pull_request") or {}
    head = (pull_request.get("head") or {}).get("repo") or {}
    base = (pull_request.get("base") or {}).get("repo") or {}
    own = base.get("full_name") or env.get("GITHUB_REPOSITORY", "")
    if pull_request and head.get("full_name") != own:
        return "pull requests from forks get a read-only token"
    return ""


def _event(path: str) -> Dict[str, Any]:
    try:
        event = json.loads(Path(path).read_text(encoding="utf-8")) if path else {}
    except (OSError, ValueError):
        return {}
    return event if isinstance(event, dict) else {}


def _cell(text: str) -> str:
    """Text safe in a markdown table cell: file names and messages come from the scanned code."""
    text = html.escape(" ".join(text.split()), quote=False)
    for char in "\\`*_[]|#":
        text = text.replace(char, "\\" + char)
    return text


def _blob_url(result: Result, env: Mapping[str, str]) -> str:
    server, repo, sha = (
        env.get(k, "") for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")
    )
    if not (server and repo and sha and result.uri):
        return ""
    return f"{server}/{repo}/blob/{sha}/{result.uri}#L{result.line}"


def summary(
    outcome: Outcome, fail_on: str, reason: str, upload_note: str, env: Mapping[str, str]
) -> str:
    """The job summary: counts by severity, then the most severe findings as a table."""
    results = outcome.results
    lines = ["## sarifbandit", ""]
    if results:
        by_severity = {rank: sum(1 for r in results if r.severity == rank) for rank in Rank}
        lines += ["| Severity | Findings |", "|---|---:|"]
        lines += [f"| {rank.name.title()} | {by_severity[rank]} |" for rank in SEVERITIES]
        if by_severity[Rank.UNDEFINED]:
            lines.append(f"| Undefined | {by_severity[Rank.UNDEFINED]} |")
        lines.append(f"| **Total** | **{len(results)}** |")
    else:
        lines.append("No findings.")
    extra = []
    if outcome.suppressed:
        extra.append(f"{outcome.suppressed} suppressed by `# nosec`, not counted.")
    if outcome.unscanned:
        extra.append(
            f"{outcome.unscanned} target(s) could not be read or parsed; see the SARIF file's"
            " tool notifications."
        )
    if upload_note:
        extra.append(upload_note)
    if reason:
        extra.append(f"**Failed:** {reason}.")
    elif fail_on == "none":
        extra.append("**Passed:** fail-on is none.")
    else:
        extra.append(f"**Passed:** no finding of {fail_on} severity or higher.")
    lines += [""] + extra
    if results:
        lines += [
            "",
            "| Severity | Confidence | Check | Location | Message |",
            "|---|---|---|---|---|",
        ]
        for result in results[:SUMMARY_ROWS]:
            check = _cell(result.rule_id)
            if result.help_uri:
                check = f"[{check}]({result.help_uri})"
            where = _cell(f"{result.path}:{result.line}")
            url = _blob_url(result, env)
            if url:
                where = f"[{where}]({url})"
            lines.append(
                f"| {result.severity.name.title()} | {result.confidence.name.title()} "
                f"| {check} | {where} | {_cell(result.message)} |"
            )
        if len(results) > SUMMARY_ROWS:
            lines += ["", f"{len(results) - SUMMARY_ROWS} more in the SARIF file."]
    return "\n".join(lines) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, **properties: Any) -> str:
    """A workflow command line (`::error file=x,line=3::text`), escaped so that text from the
    scanned code cannot start a command of its own."""
    props = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
    return (
        f"::{name} {props}::{_escape_data(message)}"
        if props
        else f"::{name}::{_escape_data(message)}"
    )


def annotation_lines(results: Sequence[Result]) -> List[str]:
    """Findings as annotations on the pull request, for runs that cannot upload them."""
    lines = []
    for result in results[:ANNOTATIONS]:
        kind = "error" if result.severity >= Rank.HIGH else "warning"
        location: Dict[str, Any] = {"file": result.path, "line": result.line}
        if result.column:
            location["col"] = result.column
        location["title"] = f"sarifbandit {result.rule_id}"
        lines.append(command(kind, result.message, **location))
    if len(results) > ANNOTATIONS:
        lines.append(
            command("notice", f"{len(results) - ANNOTATIONS} more findings in the SARIF file")
        )
    return lines


def write_outputs(stream: IO[str], outputs: Mapping[str, str]) -> None:
    """Step outputs in GitHub's `name<<DELIMITER` form, which holds any value."""
    for name, value in outputs.items():
        delimiter = f"ghadelimiter_{uuid.uuid4()}"
        stream.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def _append(env: Mapping[str, str], key: str) -> Optional[IO[str]]:
    path = env.get(key)
    return open(path, "a", encoding="utf-8") if path else None


def _scan(argv: List[str], output: Path, out: IO[str]) -> Tuple[Optional[Outcome], str]:
    """Run the scan and list its results in the log; None and why when it wrote no report."""
    status = subprocess.run(argv, check=False).returncode
    if status not in (0, 1):
        return None, f"exit status {status}; see above"
    try:
        outcome = read_sarif(output)
    except (OSError, ValueError) as exc:
        return None, f"cannot read {output}: {exc}"
    for result in outcome.results:
        print(
            f"{result.path}:{result.line}:{result.column}: {result.rule_id} "
            f"[{result.severity.name}/{result.confidence.name}] {result.message}",
            file=out,
        )
    return outcome, ""


def run(env: Mapping[str, str], out: IO[str]) -> int:
    try:
        inputs = Inputs.from_env(env)
    except InputError as exc:
        print(command("error", str(exc), title="sarifbandit"), file=out)
        return 2
    output = sarif_path(inputs, env)
    output.parent.mkdir(parents=True, exist_ok=True)
    argv = scan_command(inputs, output)
    print(f"Running: {shlex.join(argv)}", file=out)
    # file names and code fragments in the scan's output must not act as workflow commands
    resume = f"sarifbandit-{uuid.uuid4().hex}"
    print(f"::stop-commands::{resume}", file=out, flush=True)
    try:
        outcome, problem = _scan(argv, output, out)
    finally:
        print(f"::{resume}::", file=out, flush=True)
    if outcome is None:
        print(command("error", f"the scan failed: {problem}", title="sarifbandit"), file=out)
        return 2
    results = outcome.results
    upload, upload_note = inputs.upload, ""
    blocked = read_only_reason(env) if upload else ""
    if blocked:
        upload = False
        upload_note = f"SARIF upload skipped: {blocked}; the findings are annotated instead."
        print(command("notice", upload_note, title="sarifbandit"), file=out)
        for line in annotation_lines(results):
            print(line, file=out)
    reason = fail_reason(results, inputs.fail_on)
    counts = counts_by_level(results)
    outputs = {
        "sarif-file": str(output),
        "result-count": str(len(results)),
        **{f"{level}-count": str(counts[level]) for level in LEVELS},
        "upload": "true" if upload else "false",
        "fail-reason": reason,
    }
    stream = _append(env, "GITHUB_OUTPUT")
    if stream:
        with stream:
            write_outputs(stream, outputs)
    stream = _append(env, "GITHUB_STEP_SUMMARY")
    if stream:
        with stream:
            stream.write(summary(outcome, inputs.fail_on, reason, upload_note, env))
    return 0


def main() -> None:
    sys.exit(run(os.environ, sys.stdout))


if __name__ == "__main__":
    main()
