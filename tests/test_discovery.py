"""Targets to files: suffixes, skipped folders, component-based excludes, order."""

from __future__ import annotations

from pathlib import Path

import pytest

from sarifbandit.config import paths
from sarifbandit.config.files import find_ini
from sarifbandit.config.paths import is_excluded, normalise_excludes
from sarifbandit.engine.discovery import discover


def _tree(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")


def _found(root: Path, targets=None, exclude=()):
    files, missing = discover(targets or [str(root)], ("*.py", "*.pyw"), exclude, root)
    return [t.display for t in files], missing


def test_recursion_suffixes_and_order(tmp_path):
    _tree(tmp_path, "b.py", "a.pyw", "pkg/z.py", "pkg/sub/y.py", "notes.txt", "script")
    files, missing = _found(tmp_path)
    assert files == ["a.pyw", "b.py", "pkg/sub/y.py", "pkg/z.py"]
    assert missing == []


def test_explicit_files_are_scanned_whatever_their_suffix(tmp_path):
    _tree(tmp_path, "script")
    files, _ = _found(tmp_path, [str(tmp_path / "script")])
    assert files == ["script"]


def test_vcs_venv_and_cache_folders_are_skipped(tmp_path):
    _tree(
        tmp_path,
        "keep.py",
        ".git/hooks/x.py",
        "__pycache__/c.py",
        ".tox/py/x.py",
        "node_modules/m/x.py",
        "myenv/lib/x.py",
        "pkg.egg-info/x.py",
    )
    (tmp_path / "myenv" / "pyvenv.cfg").write_text("home = /usr\n")
    files, _ = _found(tmp_path)
    assert files == ["keep.py"]


def test_build_output_is_skipped_only_beside_a_project_file(tmp_path):
    _tree(tmp_path, "build/lib/x.py", "src/build/y.py")
    (tmp_path / "pyproject.toml").write_text("[project]\nname='x'\n")
    files, _ = _found(tmp_path)
    assert files == ["src/build/y.py"]


def test_excludes_match_components_and_globs_never_substrings():
    assert is_excluded("tests/test_a.py", ["tests"])
    assert is_excluded("src/tests/test_a.py", ["tests"])
    assert not is_excluded("mytestfile.py", ["test"])
    assert not is_excluded("src/contests/a.py", ["tests"])
    assert is_excluded("src/legacy/old.py", ["./src/legacy"])
    assert is_excluded("src/legacy/old.py", ["src/legacy/"])
    assert not is_excluded("other/src/legacy2/old.py", ["src/legacy"])
    assert is_excluded("pkg/tests/t.py", ["*/tests/*"])
    assert is_excluded("pkg/gen_pb2.py", ["*_pb2.py"])


def test_missing_targets_are_reported(tmp_path):
    files, missing = _found(tmp_path, [str(tmp_path / "nope.py")])
    assert files == [] and missing == [(str(tmp_path / "nope.py"), "no such file or directory")]


def test_duplicate_targets_are_scanned_once(tmp_path):
    _tree(tmp_path, "a.py")
    files, _ = _found(tmp_path, [str(tmp_path), str(tmp_path / "a.py")])
    assert files == ["a.py"]


def test_anchored_patterns_and_globs_over_folders():
    assert not is_excluded("pkg/tests/t.py", ["./tests"])
    assert is_excluded("tests/t.py", ["./tests"])
    assert is_excluded("src/generated/x.py", ["src/gen*"])
    assert not is_excluded("lib/src/generated/x.py", ["src/gen*"])
    assert is_excluded("tests/t.py", ["./tests/*"])


def test_absolute_patterns_become_relative_to_the_root(tmp_path):
    (tmp_path / "src").mkdir()
    patterns = normalise_excludes([str(tmp_path / "src"), "/no/such/tests/", " ", "x"], tmp_path)
    assert patterns == ("./src", "no/such/tests", "x")
    assert is_excluded("src/a.py", patterns) and not is_excluded("lib/src/a.py", patterns)
    assert is_excluded("pkg/no/such/tests/a.py", patterns)


def test_excluded_folders_are_not_entered_and_are_reported_once(tmp_path):
    _tree(tmp_path, "keep.py", "gen/a.py", "gen/deep/b.py", "pkg/gen_x.py")
    excluded: list = []
    files, _ = discover([str(tmp_path)], ("*.py",), ["gen", "*_x.py"], tmp_path, False, excluded)
    assert [t.display for t in files] == ["keep.py"]
    assert sorted(excluded) == ["gen/", "pkg/gen_x.py"]


def test_include_globs_with_a_slash_match_the_path(tmp_path):
    _tree(tmp_path, "src/a.py", "other/b.py")
    files, _ = discover([str(tmp_path)], ("src/*.py",), (), tmp_path)
    assert [t.display for t in files] == ["src/a.py"]


@pytest.fixture
def walks(monkeypatch):  # type: ignore[no-untyped-def]
    """The tops os.walk is asked to list, in order."""
    seen = []
    real = paths.os.walk

    def counted(top, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(top)
        return real(top, *args, **kwargs)

    monkeypatch.setattr(paths.os, "walk", counted)
    return seen


def test_one_run_walks_a_tree_once_and_the_next_run_sees_it_anew(tmp_path, walks):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    with paths.one_walk():
        assert find_ini([str(tmp_path)]) is None
        found, _ = discover([str(tmp_path)], ("*.py",), (), tmp_path)
        assert [t.display for t in found] == ["pkg/a.py"]
    assert walks == [str(tmp_path)]
    (tmp_path / "pkg" / "b.py").write_text("y = 2\n")
    with paths.one_walk():
        found, _ = discover([str(tmp_path)], ("*.py",), (), tmp_path)
    assert [t.display for t in found] == ["pkg/a.py", "pkg/b.py"]


def test_an_api_scan_walks_its_tree_once_also_inside_a_commands_walk(tmp_path, walks):
    # discovery and the search for templates share the listing, and a scan run inside the
    # command's own block reads the command's listing instead of starting another
    from sarifbandit import Config, scan

    (tmp_path / "app" / "templates").mkdir(parents=True)
    (tmp_path / "app" / "views.py").write_text("x = 1\n")
    (tmp_path / "app" / "templates" / "page.html").write_text("<p>{{ x }}</p>\n")
    scan([str(tmp_path)], Config(jobs=1, use_cache=False), root=tmp_path)
    assert walks == [str(tmp_path)]
    walks.clear()
    with paths.one_walk():
        assert find_ini([str(tmp_path)]) is None
        scan([str(tmp_path)], Config(jobs=1, use_cache=False), root=tmp_path)
    assert walks == [str(tmp_path)]
