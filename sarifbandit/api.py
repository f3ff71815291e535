"""The one entry point the CLI, the Action and the tests use: scan(paths, config, rules) -> Report."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import registry
from .config.options import Config
from .config.paths import one_walk
from .engine.cache import ScanMemo
from .engine.collection import scanning_pace
from .engine.discovery import discover
from .engine.filescan import scan_bytes
from .engine.link import link
from .engine.parallel import scan_targets
from .engine.routes import scan_url_arguments
from .engine.templates import template_facts, template_files
from .model import Finding, Notification, Report, Rule
from .records import replace
from .version import __version__


def _now() -> float:
    return time.time()


def passes(finding: Finding, config: Config) -> bool:
    """Bandit's thresholds: a finding is kept when it ranks at or above both."""
    return finding.severity >= config.severity and finding.confidence >= config.confidence


def _chosen(rules: Optional[Iterable[Rule]], config: Config) -> Tuple[Tuple[Rule, ...], bool]:
    """The rules a scan runs, sorted by id, and whether any is not the catalogue's own: the
    configuration's selection picks among the catalogue's ids; a rule the catalogue does not
    hold, passed by the caller, always runs."""
    catalogue = registry.rules_by_id()
    given = registry.all_rules() if rules is None else tuple(rules)
    own = any(catalogue.get(rule.id) is not rule for rule in given)
    chosen = [
        rule for rule in given if rule.id in config.selected or catalogue.get(rule.id) is not rule
    ]
    return tuple(sorted(chosen, key=lambda rule: rule.id)), own


def _described(chosen: Tuple[Rule, ...], findings: Iterable[Finding]) -> Tuple[Rule, ...]:
    """The report's rules: those it ran with, and any other a finding names."""
    rules: Dict[str, Rule] = {rule.id: rule for rule in chosen}
    catalogue = registry.rules_by_id()
    for finding in findings:
        if finding.rule_id not in rules and finding.rule_id in catalogue:
            rules[finding.rule_id] = catalogue[finding.rule_id]
    return tuple(rules[key] for key in sorted(rules))


def scan(
    paths: Sequence[Union[str, os.PathLike]],
    config: Optional[Config] = None,
    rules: Optional[Iterable[Rule]] = None,
    *,
    root: Optional[Union[str, os.PathLike]] = None,
    stdin: Optional[bytes] = None,
    stdin_name: str = "<stdin>",
    progress: Optional[Callable[[int, int], None]] = None,
) -> Report:
    """Scan files and directories (and `stdin` bytes for the target '-'); never raises for a bad
    file: each becomes a notification and the rest are scanned. `progress(done, total)` is
    called as files finish. `rules` (default: the catalogue) are the rules to run, among which
    `config` selects; the Report carries them for the writers."""
    config = config or Config()
    chosen, own = _chosen(rules, config)
    config = replace(config, selected=frozenset(rule.id for rule in chosen))
    # rules of the caller's own are run here, by object; the catalogue's travel by id
    engine_rules = chosen if own else None
    started = _now()
    base = Path(os.path.abspath(root or os.getcwd()))
    names = [os.fspath(p) for p in paths]
    excluded: List[str] = []
    with one_walk():  # discovery and the search for templates read one listing of each tree
        targets, missing = discover(
            [n for n in names if n != "-"],
            config.include,
            config.exclude,
            base,
            config.follow_links,
            excluded,
        )
        templates = (
            template_files(
                (n for n in names if n != "-"), config.exclude, base, config.follow_links
            )
            if config.dataflow
            else []
        )
    # a rerun over files none of which changed is answered whole, the link step included (and
    # the URL configurations and templates read from those files unchanged with them)
    memo = (
        None
        if own
        else ScanMemo.for_targets(config, [(str(t.path), t.display) for t in targets] + templates)
    )
    results = memo.load() if memo is not None else None
    if results is None and config.dataflow:
        # urls.py says which of a view's parameters are URL arguments, and which are numbers;
        # a template, which of the values a view renders it with reach the page unescaped
        config = replace(
            config,
            url_arguments=scan_url_arguments(targets, config.max_file_size),
            templates=template_facts(templates),
        )
    with scanning_pace():
        if results is None:
            results = link(scan_targets(targets, config, progress, engine_rules), targets, config)
            if memo is not None:
                memo.save(results)
        elif progress is not None and results:
            progress(len(results), len(results))
        if "-" in names:
            data = stdin if stdin is not None else b""
            results.append(scan_bytes(data, stdin_name, config, rules=engine_rules))
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
        rules=_described(chosen, [*findings, *suppressed]),
    )
