"""--diff REF on a real git repository: only findings on lines added or changed since REF,
renames followed, untracked files wholly new; clear errors outside a repository or for a bad
ref."""

from __future__ import annotations

from pathlib import Path

import pytest

from sarifbandit.cli import main
from sarifbandit.writers.gitdiff import parse_diff

from .cli_runner import runner
from .gitrepo import git, make_repo

BEFORE = """import os


def first(cmd):
    os.system(cmd)


def second(code):
    exec(code)
"""
# first() moved below second(), and its call duplicated
AFTER = """import os


def second(code):
    exec(code)


def first(cmd):
    os.system(cmd)
    os.system(cmd)
"""


@pytest.fixture()
def repo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = {
        "app.py": BEFORE,
        "old_name.py": "import pickle\n\npickle.loads(a)\n",
        "untouched.py": "eval(x)\n",
    }
    make_repo(tmp_path, files)
    git("tag", "base")
    return tmp_path


def _findings(*args: str):
    result = runner().invoke(main, ["scan", *args])
    found = [
        tuple(line.split(":")[:2]) + (line.split(" ")[1],)
        for line in result.output.splitlines()
        if line.endswith(tuple("abcdefghijklmnopqrstuvwxyz.")) and ": B" in line
    ]
    return result, found


def test_only_changed_lines_are_reported(repo):
    Path("app.py").write_text(AFTER)
    git("mv", "old_name.py", "new_name.py")
    Path("new_name.py").write_text("import pickle\n\npickle.loads(a)\npickle.loads(b)\n")
    git("commit", "-qam", "second")
    Path("fresh.py").write_text("exec(y)\n")  # not tracked yet: new as a whole
    result, found = _findings(".", "--diff", "base")
    assert result.exit_code == 1
    assert found == [
        # git reads first() as the block that moved below second(): its lines are added, so
        # both calls show, and exec() in second(), which git keeps in place, does not
        ("app.py", "9", "B605"),
        ("app.py", "10", "B605"),
        ("fresh.py", "1", "B102"),
        # the renamed file: only its new line, not the import or the old call
        ("new_name.py", "4", "B301"),
    ]


def test_nothing_changed_means_nothing_reported(repo):
    result, found = _findings(".", "--diff", "HEAD")
    assert result.exit_code == 0 and found == []
    Path("untouched.py").write_text("eval(x)\neval(x)\n")  # an uncommitted duplicate counts
    result, found = _findings(".", "--diff", "HEAD")
    assert found == [("untouched.py", "2", "B307")]


def test_a_bad_ref_and_no_repository_exit_2(repo, tmp_path_factory, monkeypatch):
    result = runner().invoke(main, ["scan", ".", "--diff", "no-such-branch"])
    assert result.exit_code == 2
    assert result.stderr == (
        "sarifbandit: error: --diff no-such-branch: git knows no commit named 'no-such-branch' "
        "(fetch it, or check the spelling)\n"
    )
    outside = tmp_path_factory.mktemp("outside")
    (outside / "a.py").write_text("x = 1\n")
    monkeypatch.chdir(outside)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(outside.parent))
    result = runner().invoke(main, ["scan", ".", "--diff", "HEAD"])
    assert result.exit_code == 2
    assert "is not inside a git repository" in result.stderr


def test_parse_diff_reads_hunks_quoted_names_and_deletions(tmp_path):
    text = (
        "diff --git a/x.py b/x.py\n"
        "--- a/x.py\n+++ b/x.py\n"
        "@@ -1,0 +2,3 @@\n+a\n+b\n+c\n"
        "@@ -10 +12 @@\n-x\n+y\n"
        "@@ -20,2 +21,0 @@\n-gone\n-gone\n"
        'diff --git "a/caf\\303\\251.py" "b/caf\\303\\251.py"\n'
        '--- "a/caf\\303\\251.py"\n+++ "b/caf\\303\\251.py"\n'
        "@@ -1 +1 @@\n-a\n+b\n"
        "diff --git a/dead.py b/dead.py\n--- a/dead.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
    )
    changed = parse_diff(text, tmp_path)
    assert changed == {str(tmp_path / "x.py"): {2, 3, 4, 12}, str(tmp_path / "café.py"): {1}}


def test_a_ref_that_looks_like_an_option_is_only_a_name(repo):
    result = runner().invoke(main, ["scan", ".", "--diff", "--output=written.txt"])
    assert result.exit_code == 2 and "git knows no commit named '--output=written.txt'" in (
        result.stderr
    )
    assert not Path("written.txt").exists()
