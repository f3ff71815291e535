"""Security properties of the scanner itself: it never runs what it scans, refuses config bombs,
leaks neither machine paths nor credentials, and cannot be made to drive the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sarifbandit.api import scan
from sarifbandit.cli import main
from sarifbandit.config.options import Config

from .gitrepo import git, make_repo
from .test_robustness_process import cli_runner

#: run as a module, import as a package, or run on import: each writes the marker and prints
_PAYLOAD = "import pathlib; pathlib.Path({marker!r}).write_text('ran'); print('EXEC' 'UTED')\n"
#: names a scanning tool could be tricked into importing from the scanned tree
_BAIT = ("yaml.py", "click.py", "sarif_om.py", "sitecustomize.py", "conftest.py", "setup.py")


def _plant(project: Path, marker: Path) -> None:
    payload = _PAYLOAD.format(marker=str(marker))
    for name in _BAIT:
        (project / name).write_text(payload)
    (project / "evilpkg_x7").mkdir()
    (project / "evilpkg_x7" / "__init__.py").write_text(payload)
    (project / "evilpkg_x7" / "__main__.py").write_text(payload)
    (project / "main_x7.py").write_text(f"if __name__ == '__main__':\n    {payload}")
    (project / "cookie_x7.py").write_text("# -*- coding: evilcodec_x7 -*-\nx = 1\n")
    (project / "evilcodec_x7.py").write_text(payload)
    (project / "bandit.yaml").write_text("!!python/object/apply:os.system ['touch {marker}']\n")


def test_scanned_code_is_never_imported_or_run_in_process(tmp_path, capsys):
    marker = tmp_path / "marker"
    project = tmp_path / "project"
    project.mkdir()
    _plant(project, marker)
    before = set(sys.modules)
    report = scan([str(project)], Config(jobs=1, use_cache=False), root=project)
    assert not marker.exists()
    assert "EXECUTED" not in capsys.readouterr().out
    new_modules = set(sys.modules) - before
    assert not {m for m in new_modules if "x7" in m or m in ("sitecustomize", "conftest")}
    assert len(report.scanned_files) == len(_BAIT) + 4  # the cookie file is a decode error
    assert [n.code for n in report.notifications if n.path == "cookie_x7.py"] == ["decode-error"]


_SCRIPT = Path(sys.executable).parent / "sarifbandit"


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, "-m", "sarifbandit"],
        pytest.param(
            [str(_SCRIPT)],
            marks=pytest.mark.skipif(not _SCRIPT.exists(), reason="no console script here"),
        ),
    ],
    ids=["python -m sarifbandit", "console script"],
)
def test_scanned_code_is_never_imported_or_run_from_the_command_line(tmp_path, command):
    """Run inside the scanned tree, as CI does: the working directory is first on sys.path for
    `python -m`, so the tree's yaml.py or click.py would shadow ours if nothing removed it."""
    marker = tmp_path / "marker"
    _plant(tmp_path, marker)
    done = subprocess.run(
        [*command, "scan", "--no-cache", "-c", "bandit.yaml", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert not marker.exists()
    assert "EXECUTED" not in done.stdout + done.stderr
    # the config with a python/object tag is refused by safe_load, never constructed
    assert done.returncode == 2, done.stderr
    assert "bandit.yaml" in done.stderr and "Traceback" not in done.stderr
    again = subprocess.run(
        [*command, "scan", "--no-cache", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode in (0, 1) and not marker.exists()
    assert "EXECUTED" not in again.stdout and "Traceback" not in again.stderr


_BOMB = "\n".join(
    ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    + [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 9)]
    + ["skips: *l8", ""]
)


def test_yaml_bomb_config_is_refused_before_it_is_expanded(tmp_path, monkeypatch):
    (tmp_path / "t.py").write_text("eval(x)\n")
    (tmp_path / "bomb.yaml").write_text(_BOMB)
    (tmp_path / "loop.yaml").write_text("a: &a [*a]\nskips: *a\n")
    monkeypatch.chdir(tmp_path)
    for name in ("bomb.yaml", "loop.yaml"):
        result = cli_runner().invoke(main, ["scan", "--no-cache", "-c", name, "t.py"])
        assert result.exit_code == 2
        assert result.stderr == (
            f"sarifbandit: error: {name}: refused: its anchors and aliases expand to over "
            "100,000 values (a YAML bomb?); write the values out instead\n"
        )
    (tmp_path / "shared.yaml").write_text("ids: &ids [B307]\nskips: *ids\n")
    fine = cli_runner().invoke(main, ["scan", "--no-cache", "-c", "shared.yaml", "t.py"])
    assert fine.exit_code == 0, fine.output


def _sarif(tmp_path: Path, *args: str) -> str:
    done = cli_runner().invoke(main, ["scan", "--no-cache", "-f", "sarif", *args, "."])
    assert done.exit_code == 1, done.output
    return done.stdout


def test_git_remote_credentials_never_appear(tmp_path, monkeypatch):
    make_repo(tmp_path, {"app.py": "eval(x)\n"})
    git(
        "-C",
        str(tmp_path),
        "remote",
        "add",
        "origin",
        "https://alice:s3cr3t-t0ken@example.com/o/r.git",
    )
    monkeypatch.chdir(tmp_path)
    text = _sarif(tmp_path)
    assert "s3cr3t-t0ken" not in text and "alice" not in text
    (provenance,) = json.loads(text)["runs"][0]["versionControlProvenance"]
    assert provenance["repositoryUri"] == "https://example.com/o/r.git"


def test_no_absolute_machine_path_in_sarif_by_default(tmp_path, monkeypatch):
    (tmp_path / "app.py").write_text("eval(x)\n")
    monkeypatch.chdir(tmp_path)
    text = _sarif(tmp_path)
    assert str(tmp_path) not in text and os.path.realpath(tmp_path) not in text
    asked = cli_runner().invoke(
        main, ["scan", "--no-cache", "--sarif-absolute-paths", "-f", "sarif", "app.py"]
    )
    run = json.loads(asked.stdout)["runs"][0]
    root = Path(os.path.realpath(tmp_path)).as_uri() + "/"
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == root
    assert run["invocations"][0]["workingDirectory"]["uri"] == root


@pytest.mark.parametrize("remote", [None, "/srv/git/project.git", "file:///srv/git/project.git"])
def test_no_file_uri_provenance_without_a_network_remote(tmp_path, monkeypatch, remote):
    # a repository known only by its place on this machine would leak that place
    make_repo(tmp_path, {"app.py": "eval(x)\n"})
    if remote:
        git("-C", str(tmp_path), "remote", "add", "origin", remote)
    monkeypatch.chdir(tmp_path)
    text = _sarif(tmp_path)
    assert "versionControlProvenance" not in json.loads(text)["runs"][0]
    assert os.path.realpath(tmp_path) not in text and "/srv/git" not in text
    asked = json.loads(_sarif(tmp_path, "--sarif-absolute-paths"))["runs"][0]
    (provenance,) = asked["versionControlProvenance"]
    assert provenance["repositoryUri"].startswith("file:///")


def test_finding_uris_are_relative(tmp_path, monkeypatch):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "app.py").write_text("eval(x)\n")
    monkeypatch.chdir(tmp_path)
    (result,) = json.loads(_sarif(tmp_path))["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "pkg/app.py", "uriBaseId": "%SRCROOT%"}


def test_terminal_output_escapes_control_and_bidi_characters(tmp_path, monkeypatch):
    hostile_name = "evil\x1b[2J\x07.py"
    (tmp_path / hostile_name).write_text(
        'eval("\x1b]0;owned\x07")  # \u202e }; nimda_si ⁦ #\n', encoding="utf-8"
    )
    (tmp_path / "broken\x1b[31m.py").write_text("def f(:\n")
    monkeypatch.chdir(tmp_path)
    result = cli_runner().invoke(main, ["scan", "--no-cache", "."])
    assert result.exit_code == 1
    out = result.stdout
    for raw in ("\x1b", "\x07", "\u202e", "\u2066"):
        assert raw not in out
    assert "evil\\x1b[2J\\x07.py:1:1: B307" in out
    assert 'eval("\\x1b]0;owned\\x07")  # \\u202e }; nimda_si \\u2066 #' in out
    assert "broken\\x1b[31m.py:1: error: syntax error" in out


def test_diff_mode_runs_no_command_from_the_scanned_repository_config(tmp_path, monkeypatch):
    make_repo(tmp_path, {"app.py": "eval(x)\n"})
    (tmp_path / "app.py").write_text("eval(x)\neval(y)\n")
    (tmp_path / ".gitattributes").write_text("*.py diff=shown\n")
    marker = tmp_path.parent / f"{tmp_path.name}-ran"
    (tmp_path / ".gitattributes").write_text("*.py diff=shown filter=cleaned\n")
    for key, command in (
        ("core.fsmonitor", f"touch {marker}-fsmonitor; false"),
        ("diff.shown.textconv", f"sh -c 'touch {marker}-textconv; cat \"$1\"' --"),
        ("filter.cleaned.clean", f"sh -c 'touch {marker}-clean; cat'"),
        ("filter.cleaned.process", f"sh -c 'touch {marker}-process; cat'"),
    ):
        git("-C", str(tmp_path), "config", key, command)
    monkeypatch.chdir(tmp_path)
    done = cli_runner().invoke(main, ["scan", "--no-cache", "--diff", "HEAD", "."])
    assert done.exit_code == 1, done.output
    assert sorted(p.name for p in tmp_path.parent.iterdir() if p.name.startswith(marker.name)) == []
