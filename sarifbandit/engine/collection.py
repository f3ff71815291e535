"""The garbage collector's pace while files are scanned.

A scan allocates a syntax tree of tens of thousands of nodes per file and frees it before the
next; at Python's default pace (a young-generation collection every 700 allocations) the
collector walks each tree several times as it ages, for garbage that reference counting frees
anyway (trees and taint values hold no cycles). Collecting less often is about a tenth of a
Django scan's CPU time and leaves peak memory where it was. The link step keeps an analysis of
every module it reads until it ends: collections then walked all of it (0.2 s of a Django scan),
so it runs with collection paused and breaks its one cycle (module <-> project) when done."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator, Tuple

#: allocations between young-generation collections while scanning (Python's default is 700)
SCAN_GC_THRESHOLD = 10_000


def set_scanning_pace() -> Tuple[int, ...]:
    """The scan's pace from now on (a worker process, which only scans, keeps it for life);
    returns the thresholds it replaced."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], SCAN_GC_THRESHOLD), *before[1:])
    return before


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic collection inside the block: for a phase that builds a structure it keeps to
    its end (the link step's analyses of the scan's modules), which every older-generation
    collection would walk whole to find no garbage; the phase frees what it built itself."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def scanning_pace() -> Iterator[None]:
    """Collect at the scan's pace inside the block, at the caller's own pace again after it."""
    before = set_scanning_pace()
    try:
        yield
    finally:
        gc.set_threshold(*before)
