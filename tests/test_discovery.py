"""Targets to files: suffixes, skipped folders, component-based excludes, order."""

from __future__ import annotations

from pathlib import Path

from sarifbandit.discovery import discover, is_excluded


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
