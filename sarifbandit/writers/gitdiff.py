"""Pull-request mode (`--diff REF`): keep only findings on lines added or changed since REF.

The changed lines come from `git diff -U0 REF` (the working tree against REF, renames followed,
so a renamed file's untouched lines stay quiet); files git does not track yet count as wholly
new. Paths are compared as absolute paths, since git names them from the repository root and
reports from the scan root.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Set

from ..errors import ConfigError
from ..model import Finding, Report
from ..records import replace

#: None for a file that is new as a whole, else its changed line numbers
ChangedLines = Dict[str, Optional[Set[int]]]

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
# user settings that would change the output we parse
_NEUTRAL = (
    "-c",
    "core.quotePath=false",
    "-c",
    "diff.noprefix=false",
    "-c",
    "diff.mnemonicPrefix=false",
    "-c",
    "diff.external=",
    # the scanned checkout's own config must not run commands: no fsmonitor hook
    "-c",
    "core.fsmonitor=false",
)


def _filters_off(cwd: str) -> List[str]:
    """`-c` settings that blank every filter driver the repository configures, so diffing the
    work tree runs none of its clean/process commands (reading the config runs nothing)."""
    done = subprocess.run(
        ["git", *_NEUTRAL, "config", "--null", "--name-only", "--get-regexp", r"^filter\."],
        cwd=cwd,
        capture_output=True,
        check=False,
    )
    names = {
        key.rsplit(".", 1)[0]
        for key in done.stdout.decode("utf-8", "surrogateescape").split("\0")
        if key.count(".") >= 2
    }
    off: List[str] = []
    for name in sorted(names):
        for part in ("clean", "smudge", "process"):
            off += ["-c", f"{name}.{part}="]
    return off


def _git(args: Sequence[str], cwd: str) -> str:
    try:
        done = subprocess.run(
            ["git", *_NEUTRAL, *_filters_off(cwd), *args],
            cwd=cwd,
            capture_output=True,
            check=False,
        )
    except FileNotFoundError:
        raise ConfigError("--diff needs git, and no git program was found on PATH") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise _GitFailed(message[0] if message else f"git {args[0]} failed")
    return done.stdout.decode("utf-8", "surrogateescape")


class _GitFailed(Exception):
    pass


def _start_folder(targets: Iterable[str]) -> str:
    for target in targets:
        if target != "-" and os.path.exists(target):
            return target if os.path.isdir(target) else (os.path.dirname(target) or ".")
    return "."


def _unquote(path: str) -> str:
    """A path as git prints it: C-quoted in double quotes when it holds unusual bytes."""
    if not path.startswith('"'):
        return path
    raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
    return raw.encode("latin-1").decode("utf-8", "surrogateescape")


def parse_diff(text: str, repo: Path) -> ChangedLines:
    """{absolute path: changed lines} from `git diff -U0` output."""
    changed: ChangedLines = {}
    current: Optional[str] = None
    for line in text.splitlines():
        if line.startswith("+++ "):
            name = line[4:].rstrip("\t")
            if name == "/dev/null":
                current = None
                continue
            name = _unquote(name)
            current = str(repo / name[2:]) if name.startswith("b/") else str(repo / name)
            changed.setdefault(current, set())
            continue
        match = _HUNK.match(line)
        if match and current is not None:
            start, count = int(match.group(1)), int(match.group(2) or 1)
            lines = changed[current]
            if lines is not None:
                lines.update(range(start, start + count))
    return changed


def changed_lines(ref: str, targets: Iterable[str]) -> ChangedLines:
    """The lines changed since `ref` in the repository holding the targets; errors are
    ConfigErrors (not a repository, an unknown ref)."""
    folder = _start_folder(targets)
    try:
        top = Path(_git(["rev-parse", "--show-toplevel"], folder).strip())
    except _GitFailed:
        raise ConfigError(
            f"--diff {ref}: {os.path.abspath(folder)} is not inside a git repository"
        ) from None
    try:
        verify = ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"]
        # the commit id, not REF, goes to git diff: a REF such as '--output=x' stays a name
        commit = _git(verify, folder).strip()
    except _GitFailed:
        raise ConfigError(
            f"--diff {ref}: git knows no commit named '{ref}' (fetch it, or check the spelling)"
        ) from None
    try:
        diff = _git(
            [
                "diff",
                "-U0",
                "--no-color",
                "--no-ext-diff",
                "--no-textconv",
                "-M",
                "--src-prefix=a/",
                "--dst-prefix=b/",
                commit,
                "--",
            ],
            str(top),
        )
        untracked = _git(["ls-files", "--others", "--exclude-standard", "-z"], str(top))
    except _GitFailed as exc:
        raise ConfigError(f"--diff {ref}: git diff failed: {exc}") from None
    changed = parse_diff(diff, top)
    for name in untracked.split("\0"):
        if name:
            changed[str(top / name)] = None
    return changed


def _touches(finding: Finding, lines: Optional[Set[int]]) -> bool:
    if lines is None:
        return True
    return any(n in lines for n in range(finding.region.start_line, finding.region.end_line + 1))


def _keep(findings: List[Finding], changed: ChangedLines, root: Path) -> List[Finding]:
    kept = []
    for finding in findings:
        absolute = os.path.realpath(os.path.join(root, finding.path))
        if absolute in changed:
            if _touches(finding, changed[absolute]):
                kept.append(finding)
        elif not os.path.exists(absolute):
            # standard input under a name that is no file: nothing to compare it with
            kept.append(finding)
    return kept


def restrict(report: Report, changed: ChangedLines) -> Report:
    """The report with only the findings (and suppressed findings) on changed lines."""
    findings = _keep(report.findings, changed, report.root)
    suppressed = _keep(report.suppressed, changed, report.root)
    return replace(report, findings=findings, suppressed=suppressed)
