"""The garbage collector's pace during a scan: slower while files are scanned (in this process
and in the workers), the caller's own pace back afterwards, whatever happens; and nothing of
the scanned files left alive once a scan returns."""

from __future__ import annotations

import ast
import gc
from pathlib import Path
from typing import Iterator, List

import pytest

import sarifbandit.api as api
from sarifbandit import Config, scan
from sarifbandit.engine import link as link_step
from sarifbandit.engine import parallel
from sarifbandit.engine.collection import SCAN_GC_THRESHOLD, scanning_pace


@pytest.fixture(autouse=True)
def default_pace() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(700, *before[1:])
    yield
    gc.set_threshold(*before)


def test_a_scan_collects_at_the_scan_pace_and_restores_the_callers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.py").write_text("import pickle\npickle.loads(b'')\n")
    seen: List[int] = []
    real = api.scan_targets

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.get_threshold()[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "scan_targets", recording)
    report = scan([tmp_path], Config(jobs=1, use_cache=False))
    assert "B301" in {f.rule_id for f in report.findings}  # the scan itself is untouched
    assert seen == [SCAN_GC_THRESHOLD]
    assert gc.get_threshold()[0] == 700


def test_the_callers_pace_comes_back_when_the_scan_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "scan_targets", broken)
    with pytest.raises(KeyboardInterrupt):
        scan([tmp_path], Config(jobs=1, use_cache=False))
    assert gc.get_threshold()[0] == 700


def test_a_caller_collecting_more_slowly_already_keeps_its_pace() -> None:
    gc.set_threshold(SCAN_GC_THRESHOLD * 3)
    with scanning_pace():
        assert gc.get_threshold()[0] == SCAN_GC_THRESHOLD * 3
    assert gc.get_threshold()[0] == SCAN_GC_THRESHOLD * 3


def test_a_worker_process_scans_at_the_scan_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    # the worker's initializer, run here: it must not rely on inheriting the parent's pace
    # (3.14 starts workers with forkserver, not fork)
    monkeypatch.setattr(parallel.signal, "signal", lambda *args: None)
    parallel._init_worker(Config(jobs=2, use_cache=False))
    assert gc.get_threshold()[0] == SCAN_GC_THRESHOLD


def test_a_linked_scan_leaves_no_cyclic_garbage_and_collects_nothing_while_linking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the link step keeps every module's analysis (which refers to the project) to its end:
    # it must free them itself, with no collection walking them meanwhile
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "views.py").write_text(
        "from flask import request\nfrom . import helpers\n\n"
        "def report():\n    helpers.run(request.args['who'])\n"
    )
    (tmp_path / "app" / "helpers.py").write_text(
        "import os\n\ndef run(name):\n    os.system('report ' + name)\n"
    )
    enabled: List[bool] = []
    real = link_step._calls_that_matter

    def answering(*args, **kwargs):  # type: ignore[no-untyped-def]
        enabled.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(link_step, "_calls_that_matter", answering)
    gc.collect()
    gc.disable()
    try:
        report = scan([tmp_path], Config(jobs=1, use_cache=False), root=tmp_path)
        left = gc.collect()
    finally:
        gc.enable()
    assert [(f.path, f.rule_id) for f in report.findings if f.rule_id.startswith("SB")] == [
        ("app/views.py", "SB078")
    ]
    assert left == 0
    enabled.clear()
    scan([tmp_path], Config(jobs=1, use_cache=False), root=tmp_path)
    assert enabled and not any(enabled)
    assert gc.isenabled()


def test_no_syntax_tree_outlives_the_scan_that_read_it(tmp_path: Path) -> None:
    # a module-wide memo keyed by nodes (a predicate's verdict, a file's random.Random
    # attributes) kept trees of earlier scans alive in a long-lived process (an editor's)
    (tmp_path / "views.py").write_text(
        "import os, random\nfrom flask import request\n\n"
        "def is_safe_name(name):\n    return name.isalnum()\n\n"
        "class Dice:\n    def __init__(self):\n        self.rng = random.Random()\n\n"
        "    def roll(self):\n        return self.rng.randint(1, 6)\n\n"
        "def report():\n    who = request.args['who']\n"
        "    if not is_safe_name(who):\n        return 'no'\n    os.system('report ' + who)\n"
    )
    report = scan([tmp_path], Config(jobs=1, use_cache=False), root=tmp_path)
    assert report.findings  # the checks that memoise ran
    gc.collect()
    assert not [
        node
        for node in gc.get_objects()
        if isinstance(node, ast.FunctionDef) and node.name == "is_safe_name"
    ]
