"""Hostile file systems: every path that cannot be read is one notification naming it, and the
other files keep their results."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from sarifbandit.api import scan
from sarifbandit.config.options import Config
from sarifbandit.engine import filescan
from sarifbandit.engine.discovery import discover
from sarifbandit.engine.parallel import scan_targets
from sarifbandit.model import Report

BAD = "eval(x)\n"


def _config(**fields) -> Config:
    return Config(**{"jobs": 1, "use_cache": False, **fields})


def _scan(root: Path, **fields) -> Report:
    return scan([str(root)], _config(**fields), root=root)


def _findings(report: Report) -> List[Tuple[str, int, str]]:
    return [(f.path, f.line, f.rule_id) for f in report.findings]


def _notes(report: Report) -> Dict[str, Tuple[str, str]]:
    return {n.path or "": (n.code, n.message) for n in report.notifications if n.level == "error"}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "ok.py").write_text(BAD)
    return tmp_path


def test_unreadable_file(tree: Path, monkeypatch: pytest.MonkeyPatch):
    # the tests run as root, which chmod 000 does not stop: refuse the open itself
    (tree / "secret.py").write_text(BAD)
    real_open = os.open

    def refusing_open(path, *args, **kwargs):
        if str(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(filescan.os, "open", refusing_open)
    report = _scan(tree)
    assert _notes(report) == {"secret.py": ("unreadable", "cannot read: Permission denied")}
    assert _findings(report) == [("ok.py", 1, "B307")]
    assert report.skipped_files == ["secret.py"] and not report.complete


def test_directory_named_like_a_module(tree: Path):
    (tree / "pkg.py").mkdir()
    (tree / "pkg.py" / "inner.py").write_text(BAD)
    report = _scan(tree)
    assert _findings(report) == [("ok.py", 1, "B307"), ("pkg.py/inner.py", 1, "B307")]
    assert _notes(report) == {}
    # named directly, it is walked like any folder
    assert _findings(scan([str(tree / "pkg.py")], _config(), root=tree)) == [
        ("pkg.py/inner.py", 1, "B307")
    ]


def test_symlink_loops_and_dangling_links(tree: Path):
    os.symlink("b.py", tree / "a.py")
    os.symlink("a.py", tree / "b.py")
    os.symlink("nowhere.py", tree / "dangling.py")
    (tree / "sub").mkdir()
    (tree / "sub" / "deep.py").write_text(BAD)
    os.symlink("..", tree / "sub" / "up")
    for follow in (False, True):
        report = _scan(tree, follow_links=follow)
        notes = _notes(report)
        assert set(notes) == {"a.py", "b.py", "dangling.py"}
        assert notes["a.py"][0] == "unreadable" and "symbolic links" in notes["a.py"][1]
        assert notes["dangling.py"] == ("unreadable", "cannot read: No such file or directory")
        # the folder loop is walked once, never once per trip round the loop
        assert _findings(report) == [("ok.py", 1, "B307"), ("sub/deep.py", 1, "B307")]


def test_link_to_a_folder_outside_the_tree_is_not_followed(tmp_path: Path):
    inside, outside = tmp_path / "project", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    (inside / "ok.py").write_text(BAD)
    (outside / "foreign.py").write_text(BAD)
    os.symlink(outside, inside / "vendor")
    assert _findings(_scan(inside)) == [("ok.py", 1, "B307")]
    followed = _scan(inside, follow_links=True)
    assert _findings(followed) == [("ok.py", 1, "B307"), ("vendor/foreign.py", 1, "B307")]


def test_file_that_disappears_between_discovery_and_scan(tree: Path):
    (tree / "gone.py").write_text(BAD)
    targets, _ = discover([str(tree)], ("*.py",), (), tree)
    (tree / "gone.py").unlink()
    results = {r.path: r for r in scan_targets(targets, _config())}
    assert not results["gone.py"].scanned
    (note,) = results["gone.py"].notifications
    assert (note.code, note.message) == ("unreadable", "cannot read: No such file or directory")
    assert [f.rule_id for f in results["ok.py"].findings] == ["B307"]


def test_fifo_named_like_a_module_does_not_block(tree: Path):
    os.mkfifo(tree / "pipe.py")
    # a blocking open() would hang here for ever; fail the test instead
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the scan blocked on a FIFO"))
    signal.alarm(30)
    try:
        report = _scan(tree)
        direct = scan([str(tree / "pipe.py")], _config(), root=tree)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert _notes(report) == {"pipe.py": ("not-a-file", "skipped: not a regular file")}
    assert _findings(report) == [("ok.py", 1, "B307")]
    assert _notes(direct) == {"pipe.py": ("not-a-file", "skipped: not a regular file")}


def test_fifo_swapped_in_after_the_first_check_is_refused_on_the_descriptor(tmp_path, monkeypatch):
    fifo = tmp_path / "late.py"
    os.mkfifo(fifo)
    (tmp_path / "regular").write_text("x = 1\n")
    real_stat = os.stat
    # only the check before opening is fooled, as when the file is replaced right after it
    monkeypatch.setattr(filescan.os, "stat", lambda path: real_stat(tmp_path / "regular"))
    with pytest.raises(filescan.SourceError) as caught:
        filescan.read_bytes(str(fifo), 1000)
    assert caught.value.code == "not-a-file"


def test_files_over_max_file_size_are_skipped(tree: Path):
    (tree / "big.py").write_text("x = 1\n" * 100 + BAD)
    report = _scan(tree, max_file_size=500)
    code, message = _notes(report)["big.py"]
    assert code == "too-large"
    assert message == (
        "skipped: 608 bytes is over the 500-byte limit (raise it with --max-file-size)"
    )
    assert _findings(report) == [("ok.py", 1, "B307")]
    assert ("big.py", 101, "B307") in _findings(_scan(tree, max_file_size=608))


def test_file_growing_past_the_limit_after_stat_is_refused(tmp_path: Path, monkeypatch):
    path = tmp_path / "growing.py"
    path.write_text("x = 1\n" * 50)
    monkeypatch.setattr(filescan, "_check_regular", lambda info, limit: None)
    with pytest.raises(filescan.SourceError) as caught:
        filescan.read_bytes(str(path), 100)
    assert caught.value.code == "too-large"


def test_twenty_thousand_files(tmp_path: Path):
    for i in range(20_000):
        (tmp_path / f"m{i:05}.py").write_text(BAD if i % 1000 == 7 else "x = 1\n")
    report = _scan(tmp_path, jobs=2)
    assert len(report.scanned_files) == 20_000 and report.complete
    assert _findings(report) == [(f"m{i:05}.py", 1, "B307") for i in range(7, 20_000, 1000)]
