"""The one entry point the CLI, the Action and the tests use: scan(paths, config) -> Report."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Union

from .config.options import Config
from .engine.cache import ScanMemo
from .engine.discovery import discover
from .engine.filescan import scan_bytes
from .engine.link import link
from .engine.parallel import scan_targets
from .model import Finding, Notification, Report
from .version import __version__


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


def passes(finding: Finding, config: Config) -> bool:
    """Bandit's thresholds: a finding is kept when it ranks at or above both."""
    return finding.severity >= config.severity and finding.confidence >= config.confidence


def scan(
    paths: Sequence[Union[str, os.PathLike]],
    config: Optional[Config] = None,
    *,
    root: Optional[Union[str, os.PathLike]] = None,
    stdin: Optional[bytes] = None,
    stdin_name: str = "<stdin>",
    progress: Optional[Callable[[int, int], None]] = None,
) -> Report:
    """Scan files and directories (and `stdin` bytes for the target '-'); never raises for a bad
    file: each becomes a notification and the rest are scanned. `progress(done, total)` is
    called as files finish."""
    config = config or Config()
    started = _now()
    base = Path(os.path.abspath(root or os.getcwd()))
    names = [os.fspath(p) for p in paths]
    excluded: List[str] = []
    targets, missing = discover(
        [n for n in names if n != "-"],
        config.include,
        config.exclude,
        base,
        config.follow_links,
        excluded,
    )
    # a rerun over files none of which changed is answered whole, the link step included
    memo = ScanMemo.for_targets(config, [(str(t.path), t.display) for t in targets])
    results = memo.load() if memo is not None else None
    if results is None:
        results = link(scan_targets(targets, config, progress), targets, config)
        if memo is not None:
            memo.save(results)
    elif progress is not None and results:
        progress(len(results), len(results))
    if "-" in names:
        results.append(scan_bytes(stdin if stdin is not None else b"", stdin_name, config))
    notifications = list(config.notices) + [
        Notification("error", f"target '{target}': {reason}", path=target, code="missing-target")
        for target, reason in missing
    ]
    findings: List[Finding] = []
    suppressed: List[Finding] = []
    for result in results:
        findings.extend(result.findings)
        suppressed.extend(result.suppressed)
        notifications.extend(result.notifications)
    kept = [f for f in findings if passes(f, config)]
    return Report(
        findings=kept,
        suppressed=[f for f in suppressed if passes(f, config)],
        filtered_out=len(findings) - len(kept),
        notifications=sorted(notifications, key=Notification.sort_key),
        files=results,
        config=config,
        root=base,
        started=started,
        finished=_now(),
        complete=not missing and all(r.scanned for r in results),
        loc={r.path: r.loc for r in results if r.scanned},
        excluded=sorted(excluded),
        version=__version__,
    )
