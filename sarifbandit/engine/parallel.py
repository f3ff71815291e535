"""Running files through `scan_path` across processes, results in a deterministic order.

Large files go first so the pool's tail is short; a worker that dies costs only the file that
killed it, reported as not scanned. With the cache on, the parent first looks every file up (in the scan root's index:
one read, then a stat per file) and only the misses are scanned, so a rerun after editing one
file costs about that one file.
"""

from __future__ import annotations

import gc
import os
import signal
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..config.options import Config
from ..model import FileResult, Notification, Rule
from ..registry import dispatch_table
from .cache import ResultCache, ScanIndex, scan_scope
from .collection import set_scanning_pace
from .discovery import Target
from .filescan import read_bytes, scan_path

if TYPE_CHECKING:  # the pool machinery is imported when a pool is needed: not on a warm rerun
    from concurrent.futures import Executor, Future

#: how long the parent waits on its workers without a result before it checks that any of them
#: is still alive (a pool whose workers all died without telling it is treated as broken)
POOL_WATCH_SECONDS = 5.0
#: below this many files a pool costs more than it saves
_POOL_THRESHOLD = 24
#: batches per worker: enough for the last ones to even out, few enough to keep overhead low
_BATCHES_PER_JOB = 12
_MAX_BATCH_FILES = 64
_config: Optional[Config] = None
_cache: Optional[ResultCache] = None
#: progress(done, total): files finished so far, out of all files of the scan
Progress = Callable[[int, int], None]


def default_jobs() -> int:
    return max(
        1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )


def _init_worker(config: Config) -> None:
    # Ctrl-C reaches the whole process group; the parent decides, and stops the workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # and stops them with SIGTERM, which the command line's handler (inherited) must not catch
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    set_scanning_pace()
    global _config, _cache
    _config = config
    _cache = ResultCache.for_config(config)


def _scan_batch(batch: List[Target]) -> List[FileResult]:
    assert _config is not None
    return [_scan_one(t, _config, _cache) for t in batch]


def _size(target: Target) -> int:
    try:
        return target.path.stat().st_size
    except OSError:
        return 0


def _batches(targets: Sequence[Target], jobs: int) -> List[List[Target]]:
    """Largest files first, cut into batches of about equal bytes (a big file alone), so the
    workers finish together while each batch is one round trip."""
    sized = sorted(((_size(t), t) for t in targets), key=lambda pair: pair[0], reverse=True)
    budget = max(1, sum(size for size, _ in sized) // (jobs * _BATCHES_PER_JOB))
    batches: List[List[Target]] = []
    current: List[Target] = []
    held = 0
    for size, target in sized:
        current.append(target)
        held += size
        if held >= budget or len(current) >= _MAX_BATCH_FILES:
            batches.append(current)
            current, held = [], 0
    if current:
        batches.append(current)
    return batches


def _cached(
    targets: Sequence[Target], config: Config, index: ScanIndex
) -> Tuple[Dict[str, FileResult], List[Target]]:
    """The results the cache holds, and the targets still to scan."""
    found: Dict[str, FileResult] = {}
    missing: List[Target] = []

    def read(path: str) -> bytes:
        return read_bytes(path, config.max_file_size)

    for target in targets:
        result = index.lookup(str(target.path), target.display, read)
        if result is None:
            missing.append(target)
        else:
            found[target.display] = result
    return found, missing


def scan_targets(
    targets: Sequence[Target],
    config: Config,
    progress: Optional[Progress] = None,
    rules: Optional[Tuple[Rule, ...]] = None,
) -> List[FileResult]:
    """Scan every target; results come back sorted by display path. `rules` other than the
    catalogue's (rules a caller defined) are run in this process, without the cache: workers
    and cached results know the catalogue's rules only, by id."""
    jobs = config.jobs or default_jobs()
    total = len(targets)
    cache = ResultCache.for_config(config) if rules is None else None
    results: Dict[str, FileResult] = {}
    index = ScanIndex(cache, scan_scope(t.display for t in targets)) if cache else None
    if index is not None:
        results, targets = _cached(targets, config, index)
        if progress and results:
            progress(len(results), total)
    # built before the pool forks, so every worker inherits the imported plugins and the table
    dispatch_table(config.selected)
    if jobs <= 1 or len(targets) < _POOL_THRESHOLD or rules is not None:
        for target in targets:
            results[target.display] = _scan_one(target, config, cache, rules)
            if progress:
                progress(len(results), total)
    else:

        def keep(found: List[FileResult]) -> None:
            results.update((result.path, result) for result in found)
            if progress:
                progress(len(results), total)

        # what exists now is left out of garbage collection while the pool runs: the forked
        # workers then keep sharing those pages instead of copying every one a collection visits
        gc.freeze()
        try:
            _scan_in_pools(_batches(targets, jobs), config, jobs, keep)
        finally:
            gc.unfreeze()
    ordered = [results[key] for key in sorted(results)]
    if index is not None:
        index.save(ordered)
    return ordered


def _scan_one(
    target: Target,
    config: Config,
    cache: Optional["ResultCache"] = None,
    rules: Optional[Tuple[Rule, ...]] = None,
) -> FileResult:
    """scan_path, with any exception it lets out (a bug: a bad file is a notification already)
    reported against the file instead of costing its batch or the scan."""
    try:
        return scan_path(str(target.path), target.display, config, cache, rules)
    except Exception as exc:
        import traceback  # only a bug pays for it

        detail = traceback.format_exc() if config.debug else None
        return _not_scanned(
            target, "internal-error", f"internal error ({type(exc).__name__}: {exc})", detail
        )


def _scan_in_pools(
    batches: List[List[Target]],
    config: Config,
    jobs: int,
    keep: Callable[[List[FileResult]], None],
) -> None:
    """Scan `batches` in a process pool, passing each batch's results to `keep`.

    A worker that dies (an interpreter crash, os._exit, the OOM killer) breaks the whole pool and
    fails every unfinished batch. Those run again one file per batch in a fresh pool; when a round
    finishes nothing, its first batch runs alone. So the file that kills its worker is found and
    reported as not scanned, and every other file keeps its result."""
    queue: List[List[Target]] = batches
    later: List[List[Target]] = []
    while queue or later:
        if not queue:
            queue, later = later, []
        try:
            failed = _pool_round(queue, config, jobs, keep)
        except _NoWorkers:  # a process limit or no memory to fork: the parent scans the rest
            cache = ResultCache.for_config(config)
            keep([_scan_one(target, config, cache) for batch in queue + later for target in batch])
            return
        if not failed:
            queue = []
        elif len(failed) < len(queue):  # some finished: retry the rest, one file each
            queue = _singles(failed)
        elif len(queue) > 1:  # nothing finished: settle the first batch on its own
            queue, later = queue[:1], _singles(queue[1:]) + later
        elif len(queue[0]) > 1:
            queue = _singles(queue)
        else:
            keep([_died(queue[0][0])])
            queue = []


class _NoWorkers(Exception):
    """No worker process could be started at all."""


def _singles(batches: List[List[Target]]) -> List[List[Target]]:
    return [[target] for batch in batches for target in batch]


def _pool_round(
    batches: List[List[Target]],
    config: Config,
    jobs: int,
    keep: Callable[[List[FileResult]], None],
) -> List[List[Target]]:
    """One pool over `batches`; returns the batches a broken pool lost, in their order."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    lost: Dict[int, List[Target]] = {}
    hung = False
    pool = ProcessPoolExecutor(
        min(jobs, len(batches)), initializer=_init_worker, initargs=(config,)
    )
    try:
        futures: Dict[Future, int] = {}
        for index, batch in enumerate(batches):
            try:
                futures[pool.submit(_scan_batch, batch)] = index
            except BrokenProcessPool:  # a worker died already; the rest cannot be queued
                lost.update((i, b) for i, b in enumerate(batches) if i >= index)
                break
            except OSError as exc:  # fork refused; with no worker running, nothing was lost
                if not futures:
                    raise _NoWorkers() from exc
                lost.update((i, b) for i, b in enumerate(batches) if i >= index)
                break
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=POOL_WATCH_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                index = futures[future]
                try:
                    keep(future.result())
                except BrokenProcessPool:
                    lost[index] = batches[index]
                except Exception as exc:  # this batch's results could not come back
                    message = f"worker error ({type(exc).__name__}: {exc})"
                    keep([_not_scanned(t, "worker-error", message) for t in batches[index]])
            if pending and not done and not _workers_alive(pool):
                # every worker is gone and the pool never said so (a death at the wrong
                # moment can leave it waiting for ever): what is left is lost, as if broken
                lost.update((futures[f], batches[futures[f]]) for f in pending)
                hung = True
                break
    except BaseException:  # Ctrl-C: stop the workers now rather than after the queued work
        # the executor has no public way to kill its workers; shutdown() forgets them, so first
        for process in _worker_processes(pool) or []:
            process.terminate()
        # and then waits for them: the pool's thread closes its wake-up pipe as it goes, and on
        # Python 3.12.1 an exit while it is still going can print a traceback (bad descriptor)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    # a pool that hung is not waited for: its own thread may be stuck too
    pool.shutdown(wait=not hung, cancel_futures=hung)
    return [lost[index] for index in sorted(lost)]


def _worker_processes(pool: "Executor") -> Optional[List[Any]]:
    """The pool's worker processes; None when the executor does not show them (it has no public
    way to)."""
    workers = getattr(pool, "_processes", None)
    return None if workers is None else list(workers.values())


def _workers_alive(pool: "Executor") -> bool:
    """Whether any of the pool's worker processes is still running (yes, when the executor
    does not show its processes: then only its own word counts)."""
    workers = _worker_processes(pool)
    return workers is None or any(process.is_alive() for process in workers)


def _died(target: Target) -> FileResult:
    return _not_scanned(
        target,
        "worker-error",
        "the worker process died while scanning this file (an interpreter crash or a kill, "
        "e.g. by the out-of-memory killer); the rest of the scan went on",
    )


def _not_scanned(
    target: Target, code: str, reason: str, detail: Optional[str] = None
) -> FileResult:
    return FileResult(
        target.display,
        notifications=[
            Notification(
                "error", f"not scanned: {reason}", path=target.display, code=code, detail=detail
            )
        ],
    )
