"""The result cache: hits, misses on every input that matters, corruption, concurrency; and the
parallel scan giving the same report as one process."""

from __future__ import annotations

import os
import pickle
import threading
from pathlib import Path
from typing import Dict, List

import pytest

from sarifbandit import Config, scan
from sarifbandit.engine import cache
from sarifbandit.engine.cache import ResultCache
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.model import FileResult

FILES = {
    "a.py": "import subprocess\nsubprocess.call('ls', shell=True)\n",
    "b.py": "x = eval(input())\n",
    "c.py": "def f(:\n",
    "d.py": "assert x  # nosec\n",
}


def _tree(tmp_path: Path, files: Dict[str, str] = FILES) -> Path:
    root = tmp_path / "src"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _run(root: Path, config: Config):
    report = scan([root], config, root=root)
    hits = sorted(f.path for f in report.files if f.from_cache)
    return report, hits


def _config(tmp_path: Path, **changes) -> Config:
    settings = {"jobs": 1, "cache_dir": str(tmp_path / "cache"), **changes}
    return Config(**settings)


def _facts(report) -> List[tuple]:
    return [
        (f.path, f.line, f.region.start_column, f.rule_id, f.message, f.fingerprints)
        for f in report.findings + report.suppressed
    ] + [(n.path, n.line, n.code, n.message) for n in report.notifications]


def test_second_run_reads_every_file_from_the_cache(tmp_path):
    root = _tree(tmp_path)
    first, hits = _run(root, _config(tmp_path))
    assert hits == []
    second, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)
    assert _facts(second) == _facts(first)
    assert {"B602", "B307"} <= {f.rule_id for f in second.findings}
    assert (tmp_path / "cache" / ".gitignore").read_text().splitlines()[-1] == "*"


def test_changed_content_is_rescanned_alone(tmp_path):
    root = _tree(tmp_path)
    _run(root, _config(tmp_path))
    (root / "b.py").write_text("x = 1\n", encoding="utf-8")
    report, hits = _run(root, _config(tmp_path))
    assert hits == ["a.py", "c.py", "d.py"]
    assert not [f for f in report.findings if f.path == "b.py"]


def test_per_file_configuration_changes_the_key_and_filters_do_not(tmp_path):
    root = _tree(tmp_path)
    _run(root, _config(tmp_path))
    _, hits = _run(root, _config(tmp_path, context_lines=5))
    assert hits == []
    _, hits = _run(root, _config(tmp_path, ignore_nosec=True))
    assert hits == []
    _, hits = _run(root, _config(tmp_path, selected=frozenset({"B307"})))
    assert hits == []
    from sarifbandit.model import Rank

    _, hits = _run(root, _config(tmp_path, severity=Rank.HIGH, jobs=2))
    assert hits == sorted(FILES)


def test_another_tool_version_misses(tmp_path, monkeypatch):
    root = _tree(tmp_path)
    _run(root, _config(tmp_path))
    monkeypatch.setattr(cache, "tool_stamp", lambda: "another build")
    _, hits = _run(root, _config(tmp_path))
    assert hits == []


def _entries(tmp_path: Path) -> List[Path]:
    return [p for p in (tmp_path / "cache").rglob("*") if p.is_file() and len(p.name) == 62]


def test_corrupt_and_foreign_entries_are_misses_and_get_rewritten(tmp_path):
    root = _tree(tmp_path)
    first, _ = _run(root, _config(tmp_path))
    entries = _entries(tmp_path)
    assert len(entries) == len(FILES)
    entries[0].write_bytes(b"\x80\x05garbage")
    entries[1].write_bytes(b"")
    # a pickle that would run a command when loaded by a plain unpickler
    entries[2].write_bytes(pickle.dumps(_Exploit()))
    entries[3].write_bytes(pickle.dumps(["not", "a", "result"]))
    second, hits = _run(root, _config(tmp_path))
    assert hits == []
    assert _facts(second) == _facts(first)
    assert not (tmp_path / "pwned").exists()
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)


class _Exploit:
    def __reduce__(self):
        return (os.system, ("touch pwned",))


def test_concurrent_writers_leave_whole_entries(tmp_path):
    config = _config(tmp_path)
    results = [scan_bytes(text.encode(), name, config) for name, text in FILES.items()]
    stores = [ResultCache(tmp_path / "cache", config) for _ in range(6)]
    keys = [stores[0].key(r.path, FILES[r.path].encode()) for r in results]

    def write(store: ResultCache) -> None:
        for _ in range(20):
            for key, result in zip(keys, results):
                store.store(key, result)
                assert isinstance(store.load(key), FileResult)

    threads = [threading.Thread(target=write, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    reader = ResultCache(tmp_path / "cache", config)
    for key, result in zip(keys, results):
        loaded = reader.load(key)
        assert loaded is not None and loaded.findings == result.findings
    assert not [p for p in (tmp_path / "cache").rglob(".tmp-*")]


def test_no_cache_writes_nothing(tmp_path):
    root = _tree(tmp_path)
    _run(root, _config(tmp_path, use_cache=False))
    assert not (tmp_path / "cache").exists()


def test_clear_removes_only_what_the_cache_wrote(tmp_path):
    root = _tree(tmp_path)
    _run(root, _config(tmp_path))
    assert cache.clear(tmp_path / "cache") == len(FILES)
    assert not (tmp_path / "cache").exists()
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "keep.txt").write_text("mine")
    _run(root, _config(tmp_path).with_(cache_dir=str(shared)))
    assert cache.clear(shared) == len(FILES)
    assert [p.name for p in shared.iterdir()] == ["keep.txt"]


@pytest.mark.parametrize("cached", [False, True])
def test_parallel_and_single_process_reports_are_identical(tmp_path, cached):
    files = {
        f"pkg{i % 3}/m{i:02}.py": f"import pickle\n{'x = 1' * (i % 7)}\npickle.loads(d{i})\n"
        + "eval(v)  # nosec\n" * (i % 2)
        for i in range(40)
    }
    root = _tree(tmp_path, files)
    seen: List[tuple] = []
    config = _config(tmp_path, use_cache=cached)
    one = scan([root], config, root=root)
    many = scan([root], config.with_(jobs=2), root=root, progress=lambda d, t: seen.append((d, t)))
    assert _facts(many) == _facts(one)
    assert [f.path for f in many.files] == [f.path for f in one.files] == sorted(files)
    assert seen[-1] == (40, 40) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def _scan_repeatedly(root: str, cache_dir: str) -> None:
    for _ in range(3):
        scan([root], Config(jobs=1, cache_dir=cache_dir), root=root)


def test_concurrent_processes_share_one_cache(tmp_path):
    import multiprocessing

    root = _tree(tmp_path)
    context = multiprocessing.get_context("fork")
    runs = [
        context.Process(target=_scan_repeatedly, args=(str(root), str(tmp_path / "cache")))
        for _ in range(3)
    ]
    for run in runs:
        run.start()
    for run in runs:
        run.join(60)
    assert [run.exitcode for run in runs] == [0, 0, 0]
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)
    assert not [p for p in (tmp_path / "cache").rglob(".tmp-*")]


def test_an_unusable_cache_directory_only_costs_the_cache(tmp_path):
    root = _tree(tmp_path)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache should go")
    report, hits = _run(root, Config(jobs=1, cache_dir=str(blocker)))
    assert hits == [] and {"B602", "B307"} <= {f.rule_id for f in report.findings}
    assert blocker.read_text() == "a file where the cache should go"


# -- the scan root's index ----------------------------------------------------------------------

_PAST = 1_600_000_000


def _aged(root: Path) -> Path:
    """Files last modified long ago: their stat data is trusted (a fresh mtime is not)."""
    for path in root.rglob("*.py"):
        os.utime(path, (_PAST, _PAST))
    return root


def _indexes(tmp_path: Path) -> List[Path]:
    return sorted(p for p in (tmp_path / "cache").glob("index-v*/*") if len(p.name) == 64)


def _memos(tmp_path: Path) -> List[Path]:
    return sorted((tmp_path / "cache").glob("index-v*/*.linked"))


@pytest.fixture
def no_memo(monkeypatch):
    """The per-file index alone: whole-scan memos never hit."""
    monkeypatch.setattr(cache.ScanMemo, "load", lambda self: None)


def _count_reads(monkeypatch) -> Dict[str, int]:
    """Counts files the parent reads to look them up, and entries it opens."""
    from sarifbandit.engine import parallel

    counts = {"read": 0, "entry": 0}
    read, load = parallel.read_bytes, ResultCache.load

    def counting_read(path, limit):
        counts["read"] += 1
        return read(path, limit)

    def counting_load(self, key):
        counts["entry"] += 1
        return load(self, key)

    monkeypatch.setattr(parallel, "read_bytes", counting_read)
    monkeypatch.setattr(ResultCache, "load", counting_load)
    return counts


def test_a_warm_rerun_opens_no_source_file_and_no_entry(tmp_path, monkeypatch, no_memo):
    root = _aged(_tree(tmp_path))
    first, _ = _run(root, _config(tmp_path))
    assert len(_indexes(tmp_path)) == 1
    counts = _count_reads(monkeypatch)
    second, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)
    assert counts == {"read": 0, "entry": 0}
    assert _facts(second) == _facts(first)
    # every field of the result rides along (the link step's facts too)
    fresh = {f.path: f for f in first.files}
    for result in second.files:
        assert replace_cached(result) == replace_cached(fresh[result.path])


def replace_cached(result: FileResult) -> FileResult:
    from sarifbandit import records

    return records.replace(result, from_cache=False)


def test_changed_stat_data_is_verified_by_content(tmp_path, monkeypatch, no_memo):
    root = _aged(_tree(tmp_path))
    _run(root, _config(tmp_path))
    os.utime(root / "a.py", (_PAST + 60, _PAST + 60))  # touched, same bytes
    counts = _count_reads(monkeypatch)
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)
    # a.py alone is read, and found by its content (its entry's key)
    assert counts == {"read": 1, "entry": 1}
    os.utime(root / "a.py", (_PAST + 120, _PAST + 120))
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)
    assert counts == {"read": 2, "entry": 1}  # now the index knows its key: no entry opened
    counts.update(read=0)
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES) and counts["read"] == 0  # its new stat data was kept


def test_changed_content_misses_the_index(tmp_path, monkeypatch, no_memo):
    root = _aged(_tree(tmp_path))
    _run(root, _config(tmp_path))
    (root / "b.py").write_text("x = 1\n", encoding="utf-8")
    os.utime(root / "b.py", (_PAST + 60, _PAST + 60))
    report, hits = _run(root, _config(tmp_path))
    assert hits == ["a.py", "c.py", "d.py"]
    assert not [f for f in report.findings if f.path == "b.py"]


def test_a_new_file_under_the_scan_root_keeps_its_index(tmp_path, no_memo):
    root = _aged(_tree(tmp_path))
    config = _config(tmp_path)
    scan([root], config, root=tmp_path)  # the files are src/a.py ...
    (root / "new.py").write_text("eval(x)\n", encoding="utf-8")
    report = scan([root], config, root=tmp_path)
    hits = sorted(f.path for f in report.files if f.from_cache)
    assert hits == sorted(f"src/{name}" for name in FILES)
    assert "src/new.py" in {f.path for f in report.findings}
    assert len(_indexes(tmp_path)) == 1


def test_a_file_changed_right_after_it_was_read_is_verified_next_time(tmp_path):
    root = _tree(tmp_path)  # just written: its stat data is too fresh to be trusted
    _run(root, _config(tmp_path))
    path = root / "b.py"
    info = path.stat()
    # changed within the same clock tick: same size, same mtime, other bytes
    path.write_text("y = eval(input())\n", encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size
    report, hits = _run(root, _config(tmp_path))
    assert "b.py" not in hits
    assert [f.message for f in report.findings if f.path == "b.py"]


def test_the_index_follows_the_configuration_and_the_tool(tmp_path, monkeypatch, no_memo):
    root = _aged(_tree(tmp_path))
    _run(root, _config(tmp_path))
    _, hits = _run(root, _config(tmp_path, context_lines=5))
    assert hits == []
    monkeypatch.setattr(cache, "tool_stamp", lambda: "another build")
    _, hits = _run(root, _config(tmp_path))
    assert hits == []
    assert len(_indexes(tmp_path)) == 3


@pytest.mark.parametrize(
    "payload",
    [pickle.dumps(_Exploit()), b"\x80\x05garbage", b"", pickle.dumps(("salt", {}))],
    ids=["code", "garbage", "empty", "foreign"],
)
def test_a_planted_or_corrupt_index_is_a_miss_and_is_rewritten(
    tmp_path, payload, monkeypatch, no_memo
):
    root = _aged(_tree(tmp_path))
    first, _ = _run(root, _config(tmp_path))
    (index,) = _indexes(tmp_path)
    index.write_bytes(payload)
    monkeypatch.chdir(tmp_path)
    second, hits = _run(root, _config(tmp_path))
    assert not (tmp_path / "pwned").exists()
    assert hits == sorted(FILES)  # from the entries, each verified by its content
    assert _facts(second) == _facts(first)
    counts = _count_reads(monkeypatch)
    _run(root, _config(tmp_path))
    assert counts == {"read": 0, "entry": 0}


def test_a_planted_index_record_for_other_bytes_is_not_trusted(tmp_path, no_memo):
    """An index copied from another checkout (other paths) gives nothing."""
    root = _aged(_tree(tmp_path))
    _run(root, _config(tmp_path))
    (index,) = _indexes(tmp_path)
    salt, records = cache._ResultUnpickler(__import__("io").BytesIO(index.read_bytes())).load()
    forged = {d: ("/elsewhere/" + d, *r[1:]) for d, r in records.items()}
    index.write_bytes(pickle.dumps((salt, forged)))
    _, hits = _run(root, _config(tmp_path))
    assert hits == sorted(FILES)  # found again by content in the entries, not by the record


def test_concurrent_index_writers_leave_a_whole_index(tmp_path):
    root = _aged(_tree(tmp_path))
    config = _config(tmp_path)
    first, _ = _run(root, config)

    def rerun() -> None:
        for _ in range(10):
            store = ResultCache(tmp_path / "cache", config)
            index = cache.ScanIndex(store, ["scope"])
            for target in sorted(FILES):
                index.lookup(str(root / target), target, lambda p: Path(p).read_bytes())
            index._old = {}  # force a write every time
            index.save(first.files)

    threads = [threading.Thread(target=rerun) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    index = cache.ScanIndex(ResultCache(tmp_path / "cache", config), ["scope"])
    assert sorted(index._old) == sorted(FILES)
    assert not [p for p in (tmp_path / "cache").rglob("*.tmp-*")]


# -- the whole-scan memo: results after the link step -------------------------------------------

LINKED = {
    "app.py": "from flask import request\nfrom helpers import run\n\n\n"
    "def view():\n    run(request.args['cmd'])\n",
    "helpers.py": "import subprocess\n\n\ndef run(command):\n"
    "    subprocess.call(command, shell=True)\n",
}


def _refuse_scanning(monkeypatch) -> None:
    from sarifbandit import api

    def refused(*args, **kwargs):
        raise AssertionError("scanned or linked again")

    monkeypatch.setattr(api, "scan_targets", refused)
    monkeypatch.setattr(api, "link", refused)


def test_an_unchanged_tree_is_answered_whole_link_step_included(tmp_path, monkeypatch):
    root = _aged(_tree(tmp_path, LINKED))
    first, _ = _run(root, _config(tmp_path))
    assert len(_memos(tmp_path)) == 1
    with monkeypatch.context() as patched:
        _refuse_scanning(patched)
        second, hits = _run(root, _config(tmp_path))
    assert hits == sorted(LINKED)
    assert _facts(second) == _facts(first)
    assert [f.flow for f in second.findings] == [f.flow for f in first.findings]


def test_any_changed_file_misses_the_memo(tmp_path, monkeypatch):
    root = _aged(_tree(tmp_path, LINKED))
    first, _ = _run(root, _config(tmp_path))
    os.utime(root / "helpers.py", (_PAST + 60, _PAST + 60))  # touched: its callers relink
    scans = []
    from sarifbandit import api

    link = api.link
    monkeypatch.setattr(api, "link", lambda *a: scans.append(1) or link(*a))
    second, hits = _run(root, _config(tmp_path))
    assert scans == [1] and hits == sorted(LINKED)  # per file from the index, linked again
    assert _facts(second) == _facts(first)
    (root / "extra.py").write_text("x = 1\n")
    os.utime(root / "extra.py", (_PAST, _PAST))
    _run(root, _config(tmp_path))
    assert scans == [1, 1]  # another set of files


def test_files_modified_just_now_are_not_memoised(tmp_path):
    root = _tree(tmp_path, LINKED)  # just written
    _run(root, _config(tmp_path))
    assert _memos(tmp_path) == []


@pytest.mark.parametrize(
    "payload", [pickle.dumps(_Exploit()), b"garbage", pickle.dumps(("salt", (), []))]
)
def test_a_planted_memo_is_a_miss(tmp_path, monkeypatch, payload):
    monkeypatch.chdir(tmp_path)  # where the planted command would leave its file
    root = _aged(_tree(tmp_path, LINKED))
    first, _ = _run(root, _config(tmp_path))
    (memo,) = _memos(tmp_path)
    memo.write_bytes(payload)
    second, _ = _run(root, _config(tmp_path))
    assert not (tmp_path / "pwned").exists()
    assert _facts(second) == _facts(first)
    assert cache._ResultUnpickler(__import__("io").BytesIO(memo.read_bytes())).load()[2]


def test_the_tool_stamp_covers_the_data_flow_models_and_the_checks():
    from sarifbandit.analysis.taint.models import model_files
    from sarifbandit.plugins import b101_assert_used

    for changed in (next(iter(model_files())), Path(b101_assert_used.__file__)):
        cache.tool_stamp.cache_clear()
        before = cache.tool_stamp()
        info = changed.stat()
        try:
            os.utime(changed, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
            cache.tool_stamp.cache_clear()
            assert cache.tool_stamp() != before, changed
        finally:
            os.utime(changed, ns=(info.st_atime_ns, info.st_mtime_ns))
            cache.tool_stamp.cache_clear()
        assert cache.tool_stamp() == before
