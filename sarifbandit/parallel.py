"""Running files through `scan_path` across processes, results in a deterministic order.

Large files go first so the pool's tail is short; a worker that dies costs only the files it
held, each reported as not scanned.
"""

from __future__ import annotations

import os
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from typing import Callable, Dict, List, Optional, Sequence

from .config import Config
from .discovery import Target
from .filescan import FileResult, scan_path
from .model import Notification

#: below this many files a pool costs more than it saves
_POOL_THRESHOLD = 24
_config: Optional[Config] = None


def default_jobs() -> int:
    return max(
        1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )


def _init_worker(config: Config) -> None:
    global _config
    _config = config


def _scan_batch(batch: List[Target]) -> List[FileResult]:
    assert _config is not None
    return [scan_path(str(t.path), t.display, _config) for t in batch]


def _batches(targets: Sequence[Target], jobs: int) -> List[List[Target]]:
    """Largest files first, dealt into small batches so work stays balanced."""

    def size(target: Target) -> int:
        try:
            return target.path.stat().st_size
        except OSError:
            return 0

    ordered = sorted(targets, key=size, reverse=True)
    per_batch = max(1, min(16, len(ordered) // (jobs * 8) or 1))
    return [ordered[i : i + per_batch] for i in range(0, len(ordered), per_batch)]


def scan_targets(
    targets: Sequence[Target],
    config: Config,
    progress: Optional[Callable[[int], None]] = None,
) -> List[FileResult]:
    """Scan every target; results come back sorted by display path."""
    jobs = config.jobs or default_jobs()
    results: Dict[str, FileResult] = {}
    if jobs <= 1 or len(targets) < _POOL_THRESHOLD:
        for target in targets:
            results[target.display] = scan_path(str(target.path), target.display, config)
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(config,)) as pool:
            pending: Dict[Future, List[Target]] = {
                pool.submit(_scan_batch, batch): batch for batch in _batches(targets, jobs)
            }
            for future, batch in pending.items():
                try:
                    for result in future.result():
                        results[result.path] = result
                except (BrokenExecutor, Exception) as exc:  # a dead worker loses only its batch
                    for target in batch:
                        results.setdefault(target.display, _lost(target, exc))
                if progress:
                    progress(len(batch))
    return [results[key] for key in sorted(results)]


def _lost(target: Target, exc: BaseException) -> FileResult:
    return FileResult(
        target.display,
        notifications=[
            Notification(
                "error",
                f"not scanned: the worker process failed ({type(exc).__name__}: {exc})",
                path=target.display,
                code="worker-error",
            )
        ],
    )
