"""Help and errors that match what exists: the formats `--help` offers and the error for an
unknown one, a mistyped command word, and `sarifbandit rule` by id or name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sarifbandit.cli import main
from sarifbandit.writers import WRITERS

from .cli_runner import runner


def _run(*args: str):
    return runner().invoke(main, list(args))


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    (tmp_path / "app.py").write_text("assert x\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _offered_formats() -> set:
    text = " ".join(_run("scan", "--help").stdout.split())
    match = re.search(r"-f, --format \[([a-z|]+)\]", text)
    assert match is not None, text
    return set(match.group(1).split("|"))


def test_help_offers_exactly_the_formats_that_exist(project: Path) -> None:
    offered = _offered_formats()
    assert offered == set(WRITERS) | {"screen", "txt"}
    for fmt in sorted(offered - {"custom"}):
        done = _run("scan", "--no-cache", "-f", fmt, "app.py")
        assert done.exit_code == 1, (fmt, done.stderr)
        assert done.stdout, fmt


@pytest.mark.parametrize("given, hint", [("pdf", ""), ("yml", "; did you mean yaml?")])
def test_unknown_format_is_one_line_listing_them_all(project: Path, given: str, hint: str) -> None:
    done = _run("scan", "-f", given, "app.py")
    assert done.exit_code == 2
    (line,) = done.stderr.splitlines()
    assert line == (
        f"sarifbandit: error: -f {given}: unknown format; the formats are "
        f"{', '.join(sorted(WRITERS))} (Bandit's screen and txt mean text){hint}"
    )


def test_unknown_format_from_a_bandit_ini(project: Path) -> None:
    Path(".bandit").write_text("[bandit]\nformat = htm1\n")
    done = _run("scan", "--ini", ".bandit", "app.py")
    assert done.exit_code == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith("sarifbandit: error: format = htm1: unknown format; the formats are")


def test_a_mistyped_command_is_a_usage_error_with_a_suggestion(project: Path) -> None:
    done = _run("scna", "app.py")
    assert done.exit_code == 2
    assert "Error: 'scna' is not a command; did you mean 'scan'?" in done.stderr
    assert done.stdout == ""
    assert "did you mean 'merge'?" in _run("mrege", "a.sarif").stderr


@pytest.mark.parametrize("name", ["scna", "rulez"])
def test_a_target_named_like_a_typo_is_still_scanned(project: Path, name: str) -> None:
    folder = Path(name)
    folder.mkdir()
    (folder / "x.py").write_text("assert y\n")
    done = _run("--no-cache", name)
    assert done.exit_code == 1, done.stderr
    assert f"{name}/x.py:1:1: B101" in done.stdout
    Path("scan.py").write_text("assert z\n")  # a word with a dot is a path, never a command
    assert _run("--no-cache", "scan.py").exit_code == 1


@pytest.mark.parametrize("word", ["B101", "b101", "assert_used", "assert-used", "ASSERT_USED"])
def test_rule_by_id_or_name(word: str) -> None:
    done = _run("rule", word)
    assert done.exit_code == 0, done.stderr
    assert done.stdout.startswith("B101 assert_used: ")


def test_unknown_rule_suggests_the_closest() -> None:
    done = _run("rule", "asert_used")
    assert done.exit_code == 2
    assert done.stderr == (
        "sarifbandit: error: unknown check 'asert_used' (see 'sarifbandit rules'); "
        "did you mean assert_used?\n"
    )
