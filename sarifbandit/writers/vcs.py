"""Where the scanned code came from: git facts for SARIF's versionControlProvenance, and the
Azure Pipelines identity that Azure DevOps Advanced Security wants in automationDetails."""

from __future__ import annotations

import os
import re
import subprocess
import uuid
from pathlib import Path
from typing import Dict, Mapping, Optional, Tuple
from urllib.parse import quote, urlsplit, urlunsplit

from ..records import record

# user@host:path, git's scp-like syntax (no scheme, a colon before the first slash)
_SCP_LIKE = re.compile(r"^(?:[^@/]+@)?(?P<host>[^:/]+):(?P<path>(?!/).*)$")


@record(frozen=True)
class GitFacts:
    """The repository holding the scanned directory."""

    root: Path
    repository_uri: str
    revision: Optional[str] = None
    branch: Optional[str] = None


def _git(directory: Path, *args: str) -> Optional[str]:
    try:
        done = subprocess.run(
            ["git", "-C", str(directory), *args],
            capture_output=True,
            text=True,
            timeout=10,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.strip() or None


def strip_credentials(url: str) -> str:
    """A remote URL without user names, passwords or tokens, as an absolute URI."""
    scp = _SCP_LIKE.match(url)
    if scp and "://" not in url:
        return f"ssh://{scp.group('host')}/{scp.group('path')}"
    parts = urlsplit(url)
    if not parts.scheme:
        return Path(os.path.abspath(url)).as_uri()
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def git_facts(directory: Path, environ: Mapping[str, str]) -> Optional[GitFacts]:
    """Repository root, remote (credentials stripped), commit and branch, or None outside git."""
    top = _git(directory, "rev-parse", "--show-toplevel")
    if top is None:
        return None
    root = Path(top)
    remote = _git(root, "config", "--get", "remote.origin.url")
    revision = _git(root, "rev-parse", "--verify", "--quiet", "HEAD")
    branch = _git(root, "symbolic-ref", "--quiet", "HEAD")
    if branch is None:
        # detached checkouts (pull requests in CI) name the ref in the environment
        branch = environ.get("GITHUB_REF") or environ.get("BUILD_SOURCEBRANCH") or None
    return GitFacts(
        root=root,
        repository_uri=strip_credentials(remote) if remote else root.as_uri(),
        revision=revision,
        branch=branch,
    )


#: a file's page at a commit on the forges whose URL layout is known, by host name prefix
_FORGE_PAGES = {
    "github": "{base}/blob/{revision}/{path}#L{line}",
    "gitlab": "{base}/-/blob/{revision}/{path}#L{line}",
    "bitbucket": "{base}/src/{revision}/{path}#lines-{line}",
}


def source_url(facts: GitFacts, path: str, line: int) -> Optional[str]:
    """The forge's web page of the file `path` at `line` in the scanned commit, or None: a
    remote on an unknown host, no commit, or a file outside the repository."""
    parts = urlsplit(facts.repository_uri)
    host = (parts.hostname or "").lower()
    pattern = _FORGE_PAGES.get(host.split(".")[0])
    if not facts.revision or parts.scheme not in ("https", "http", "ssh") or pattern is None:
        return None
    inside = os.path.relpath(os.path.realpath(path), os.path.realpath(facts.root))
    if inside == ".." or inside.startswith(".." + os.sep):
        return None
    base = f"https://{host}{parts.path.removesuffix('.git').rstrip('/')}"
    quoted = quote(inside.replace(os.sep, "/").encode("utf-8", "surrogateescape"))
    return pattern.format(base=base, revision=facts.revision, path=quoted, line=line)


@record(frozen=True)
class AzurePipeline:
    """The build identity Azure DevOps Advanced Security reads from automationDetails."""

    automation_id: str
    properties: Dict[str, str]


_ADO_PREFIX = "azuredevops/pipeline/build/"


def _first(environ: Mapping[str, str], *names: str) -> str:
    for name in names:
        value = environ.get(name, "").strip()
        if value:
            return value
    return ""


def _organisation(collection_uri: str) -> str:
    parts = urlsplit(collection_uri)
    host = (parts.hostname or "").lower()
    if host in ("dev.azure.com", "vsrm.dev.azure.com"):
        return parts.path.strip("/").split("/")[0]
    if host.endswith(".visualstudio.com"):
        return host[: -len(".visualstudio.com")].removesuffix(".vsrm")
    return ""


def _guid(text: str) -> str:
    try:
        value = uuid.UUID(text)
    except ValueError:
        return ""
    return "" if value.int == 0 else str(value)


def _positive(text: str) -> str:
    return text if text.isdigit() and int(text) > 0 else ""


def azure_pipeline(environ: Mapping[str, str]) -> Tuple[Optional[AzurePipeline], Tuple[str, ...]]:
    """The pipeline identity when running in Azure Pipelines (TF_BUILD), and the names of the
    variables that are missing or malformed when it is only partly there."""
    if environ.get("TF_BUILD", "").strip().lower() not in ("true", "1"):
        return None, ()
    values = {
        "SYSTEM_COLLECTIONURI": _organisation(_first(environ, "SYSTEM_COLLECTIONURI")),
        "SYSTEM_TEAMPROJECTID": _guid(_first(environ, "SYSTEM_TEAMPROJECTID")),
        "BUILD_DEFINITIONID": _positive(
            _first(environ, "BUILD_DEFINITIONID", "SYSTEM_DEFINITIONID")
        ),
        "BUILD_DEFINITIONNAME": _first(environ, "BUILD_DEFINITIONNAME"),
        "BUILD_BUILDID": _positive(_first(environ, "BUILD_BUILDID")),
        "SYSTEM_PHASEID": _guid(_first(environ, "SYSTEM_PHASEID", "SYSTEM_JOBID")),
        "SYSTEM_PHASENAME": _first(environ, "SYSTEM_PHASENAME", "SYSTEM_JOBNAME"),
        "BUILD_SOURCEBRANCH": _first(environ, "BUILD_SOURCEBRANCH"),
    }
    missing = tuple(name for name, value in values.items() if not value)
    if missing:
        return None, missing
    branch = values["BUILD_SOURCEBRANCH"]
    if not branch.startswith("refs/"):
        branch = "refs/heads/" + branch
    automation_id = _ADO_PREFIX + "/".join(
        [
            values["SYSTEM_COLLECTIONURI"],
            values["SYSTEM_TEAMPROJECTID"],
            values["BUILD_DEFINITIONID"],
            values["SYSTEM_PHASEID"],
            branch,
            values["BUILD_BUILDID"],
        ]
    )
    properties = {
        _ADO_PREFIX + "buildDefinitionId": values["BUILD_DEFINITIONID"],
        _ADO_PREFIX + "buildDefinitionName": values["BUILD_DEFINITIONNAME"],
        _ADO_PREFIX + "phaseId": values["SYSTEM_PHASEID"],
        _ADO_PREFIX + "phaseName": values["SYSTEM_PHASENAME"],
    }
    return AzurePipeline(automation_id, properties), ()
