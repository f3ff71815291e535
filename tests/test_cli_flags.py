"""Every `scan` flag end to end through the command line, with Bandit's meaning, and the
`init` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sarifbandit.cli import main

from .cli_runner import runner

CODE = "import os\nos.system(cmd)\nassert ok\nexec(c)  # nosec B102\n"
_LINE = re.compile(r"^(\S+?):(\d+):(\d+): (B\d{3}) ")


@pytest.fixture()
def project(tmp_path, monkeypatch):
    for name in ("app.py", "mytestfile.py", "tests/test_a.py", "pkg/tests/test_b.py"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(CODE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args: str, stdin: str = ""):
    return runner().invoke(main, list(args), input=stdin)


def _found(output: str):
    """(path, line, id) of every finding line of the text report."""
    found = []
    for line in output.splitlines():
        match = _LINE.match(line)
        if match:
            found.append((match.group(1), int(match.group(2)), match.group(4)))
    return found


def test_bandit_style_call_without_the_scan_word(project):
    plain = _run("-r", ".", "-t", "B605")
    explicit = _run("scan", "-r", ".", "-t", "B605")
    assert plain.exit_code == explicit.exit_code == 1
    assert _found(plain.output) == _found(explicit.output) != []


def test_exclusions_are_components_and_add_to_the_defaults(project):
    result = _run("scan", ".", "-t", "B101", "-x", "tests")
    # -x tests leaves mytestfile.py alone (Bandit drops it: substring match)
    assert sorted({path for path, _, _ in _found(result.output)}) == ["app.py", "mytestfile.py"]
    result = _run("scan", ".", "-t", "B101", "-x", "./tests")
    assert sorted({p for p, _, _ in _found(result.output)}) == [
        "app.py",
        "mytestfile.py",
        "pkg/tests/test_b.py",
    ]
    result = _run("scan", ".", "-t", "B101", "--extend-exclude", "pkg", "-x", "*test*")
    assert [p for p, _, _ in _found(result.output)] == ["app.py"]


def test_exclude_dirs_from_the_config_and_x_combine(project):
    Path("b.yaml").write_text("exclude_dirs: [pkg]\n")
    result = _run("scan", ".", "-t", "B101", "-c", "b.yaml", "-x", "tests")
    assert sorted({p for p, _, _ in _found(result.output)}) == ["app.py", "mytestfile.py"]


def test_nosec_and_ignore_nosec(project):
    assert ("app.py", 4, "B102") not in _found(_run("scan", "app.py").output)
    assert ("app.py", 4, "B102") in _found(_run("scan", "app.py", "--ignore-nosec").output)


def test_number_changes_the_context_shown(project):
    assert "    1 | import os" not in _run("scan", "app.py", "-t", "B605", "-n", "1").output


def test_exit_zero_and_quiet(project):
    assert _run("scan", "app.py", "--exit-zero").exit_code == 0
    Path("clean.py").write_text("x = 1\n")
    assert _run("scan", "clean.py", "-q").output == ""
    assert "0 findings" in _run("scan", "clean.py").output


def test_output_file_and_format(project):
    result = _run("scan", "app.py", "-f", "sarif", "-o", "report.out")
    assert result.exit_code == 1
    log = json.loads(Path("report.out").read_text())
    assert {r["ruleId"] for r in log["runs"][0]["results"]} == {"B605", "B101"}


def test_stdin_with_a_file_name(project):
    result = _run("scan", "-", "--stdin-filename", "src/piped.py", stdin="exec(x)\n")
    assert _found(result.output) == [("src/piped.py", 1, "B102")]
    result = _run("scan", "-", stdin="exec(x)\n")
    assert _found(result.output) == [("<stdin>", 1, "B102")]
    # a buffer named after an excluded file gives nothing, as a scan of that file would
    result = _run("scan", "-", "--stdin-filename", "tests/x.py", "-x", "tests", stdin="exec(x)\n")
    assert result.exit_code == 0 and _found(result.output) == []


def test_config_warnings_go_to_stderr_and_the_sarif_log(project):
    Path("b.yaml").write_text("skipz: [B101]\n")
    result = runner().invoke(main, ["scan", "app.py", "-c", "b.yaml", "-f", "sarif"])
    assert "sarifbandit: warning: b.yaml: unknown key skipz, ignored; did you mean skips?" in (
        result.stderr
    )
    invocation = json.loads(result.stdout)["runs"][0]["invocations"][0]
    notes = invocation["toolConfigurationNotifications"]
    assert [n["message"]["text"] for n in notes] == [
        "b.yaml: unknown key skipz, ignored; did you mean skips?"
    ]


@pytest.mark.parametrize(
    "config, flags, message",
    [
        ("skips: B101,B102\n", (), "b.yaml: skips must be a list, not a string; write skips: ["),
        ("tests: [B10]\n", (), "b.yaml: tests: unknown check id 'B10'; did you mean B101?"),
        ("a: [\n", (), "b.yaml:2:1: invalid YAML"),
        ("profiles: {}\n", ("-p", "web"), "profile 'web' not found"),
        ("tests: [B101]\n", ("-s", "B101"), "B101 is both selected and skipped"),
    ],
)
def test_config_errors_exit_2_with_one_line(project, config, flags, message):
    Path("b.yaml").write_text(config)
    result = runner().invoke(main, ["scan", "app.py", "-c", "b.yaml", *flags])
    assert result.exit_code == 2
    assert result.stderr.startswith("sarifbandit: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_profile_selects_checks(project):
    Path("b.yaml").write_text("profiles:\n  shell:\n    include: [start_process_with_a_shell]\n")
    result = _run("scan", "app.py", "-c", "b.yaml", "-p", "shell")
    assert _found(result.output) == [("app.py", 2, "B605")]


def test_ini_file_supplies_flags(project):
    Path("my.ini").write_text("[bandit]\ntargets = app.py\ntests = B101\nignore-nosec = false\n")
    result = _run("--ini", "my.ini")
    assert _found(result.output) == [("app.py", 3, "B101")]
    assert _found(_run("--ini", "my.ini", "-t", "B102").output) == []


def test_no_targets_is_a_usage_error(project):
    result = _run("scan")
    assert result.exit_code == 2 and "no targets" in result.stderr


def test_init_writes_a_config_bandit_style_scans_read(project):
    result = _run("init")
    assert result.exit_code == 0 and Path("bandit.yaml").is_file()
    assert _run("init").exit_code == 2
    assert _run("init", "--force").exit_code == 0
    assert _run("scan", "app.py", "-c", "bandit.yaml").exit_code == 1
    assert _run("init", "--pyproject").exit_code == 0
    assert "[tool.sarifbandit]" in Path("pyproject.toml").read_text()
    result = _run("scan", "app.py", "-t", "B101")
    assert result.exit_code == 1 and result.stderr == ""


def test_bandit_format_names(project):
    text = _run("scan", "app.py", "-t", "B101").output
    assert _run("scan", "app.py", "-t", "B101", "-f", "txt").output == text
    assert _run("scan", "app.py", "-t", "B101", "-f", "screen").output == text
    Path("f.ini").write_text("[bandit]\nformat = txt\n")
    assert _run("scan", "app.py", "-t", "B101", "--ini", "f.ini").output == text
    result = _run("scan", "app.py", "-f", "pdf")
    assert result.exit_code == 2
    assert result.stderr.startswith("sarifbandit: error: -f pdf: unknown format; the formats are")


def test_stdin_is_configured_as_the_file_it_names(project):
    (project / "sub").mkdir()
    (project / "sub" / ".git").mkdir()
    (project / "sub" / "pyproject.toml").write_text('[tool.bandit]\nskips = ["B102"]\n')
    piped = "exec(x)\nassert y\n"
    result = _run("scan", "-", "--stdin-filename", "sub/x.py", stdin=piped)
    assert _found(result.output) == [("sub/x.py", 2, "B101")]
    assert len(_found(_run("scan", "-", stdin=piped).output)) == 2


def test_verbose_lists_config_scope_and_exclusions_on_stderr(project):
    Path("b.yaml").write_text("exclude_dirs: [pkg]\n")
    result = _run("scan", ".", "-c", "b.yaml", "-x", "mytestfile.py", "-v", "-f", "sarif")
    json.loads(result.stdout)  # the report itself is untouched
    assert result.stderr == (
        "config: b.yaml\n"
        "files in scope (2):\n  app.py\n  tests/test_a.py\n"
        "excluded (2):\n  mytestfile.py\n  pkg/\n"
    )


def test_no_forms_undo_the_ini_booleans(project):
    Path("n.ini").write_text("[bandit]\nignore-nosec = true\nquiet = yes\n")
    assert ("app.py", 4, "B102") in _found(_run("scan", "app.py", "--ini", "n.ini").output)
    result = _run("scan", "app.py", "--ini", "n.ini", "--no-ignore-nosec")
    assert ("app.py", 4, "B102") not in _found(result.output)
    Path("clean.py").write_text("x = 1\n")
    assert _run("scan", "clean.py", "--ini", "n.ini").output == ""
    assert "0 findings" in _run("scan", "clean.py", "--ini", "n.ini", "--no-quiet").output
