"""The user cache directory: private atomic writes, and stale derived files removed."""

from __future__ import annotations

import os
import time

from sarifbandit import usercache


def test_a_written_file_is_private_and_old_files_of_its_kind_are_removed(tmp_path):
    old = time.time() - usercache.STALE_SECONDS - 60
    stale, recent, other_kind = (
        tmp_path / "models-aaa.pickle",
        tmp_path / "models-bbb.pickle",
        tmp_path / "records-ccc.marshal",
    )
    for path in (stale, recent, other_kind):
        path.write_bytes(b"x")
    os.utime(stale, (old, old))
    os.utime(other_kind, (old, old))

    usercache.store(tmp_path / "models-new.pickle", b"data")

    assert (tmp_path / "models-new.pickle").read_bytes() == b"data"
    assert (tmp_path / "models-new.pickle").stat().st_mode & 0o777 == 0o600
    assert not stale.exists()
    assert recent.exists() and other_kind.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]


def test_an_unwritable_cache_directory_only_costs_the_file(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    usercache.store(blocked / "models-x.pickle", b"data")  # no exception
    assert blocked.read_text() == "not a folder"
