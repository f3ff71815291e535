"""The effective configuration of a scan: defaults < config files < command-line flags.

`Config` is what the pipeline reads. Building it from files and flags, and validating what users
wrote, lives here too; every mistake raises ConfigError with one line a person can act on.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import Any, Dict, FrozenSet, Iterable, Mapping, Optional, Tuple

from .model import Notification, Rank, Rule
from .registry import BLACKLIST_ALIAS, all_rules, blacklist_ids, rules_by_id

DEFAULT_INCLUDE = ("*.py", "*.pyw")
DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024


class ConfigError(Exception):
    """A usage or configuration mistake: exit status 2 with this one-line message."""


@dataclass(frozen=True)
class Config:
    """Everything a scan needs to know, resolved; immutable so workers can share it."""

    selected: FrozenSet[str] = field(default_factory=lambda: frozenset(r.id for r in all_rules()))
    severity: Rank = Rank.UNDEFINED
    confidence: Rank = Rank.UNDEFINED
    ignore_nosec: bool = False
    show_suppressed: bool = False
    context_lines: int = 3
    include: Tuple[str, ...] = DEFAULT_INCLUDE
    exclude: Tuple[str, ...] = ()
    #: {rule id: options}, defaults merged with the config blocks
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    jobs: Optional[int] = None
    debug: bool = False
    follow_links: bool = False
    #: whether results may be read from and written to the per-file cache
    use_cache: bool = True
    #: where the cache lives (None: the default location)
    cache_dir: Optional[str] = None
    #: warnings found while reading the configuration (unknown keys ...), for the report
    notices: Tuple[Notification, ...] = ()

    def with_(self, **changes: Any) -> "Config":
        return replace(self, **changes)

    def rule_options(self, rule: Rule) -> Mapping[str, Any]:
        return self.options.get(rule.id, rule.options)


def expand_ids(ids: Iterable[str]) -> FrozenSet[str]:
    """B001 stands for every deny-list id, unless the same set names a specific one."""
    wanted = set(ids)
    if BLACKLIST_ALIAS in wanted:
        wanted.discard(BLACKLIST_ALIAS)
        deny = blacklist_ids()
        if not wanted & deny:
            wanted |= deny
    return frozenset(wanted)


def check_ids(ids: Iterable[str], where: str) -> None:
    """Unknown ids are errors, with the closest known id suggested."""
    known = set(rules_by_id()) | {BLACKLIST_ALIAS}
    names = {rule.name: rule.id for rule in all_rules()}
    for rule_id in ids:
        if rule_id in known:
            continue
        hint = ""
        if rule_id in names:
            hint = f"; use its id {names[rule_id]}"
        else:
            close = difflib.get_close_matches(rule_id.upper(), sorted(known), n=1)
            if close:
                hint = f"; did you mean {close[0]}?"
        raise ConfigError(f"{where}: unknown check id '{rule_id}'{hint} (see 'sarifbandit rules')")


def select(
    include: Iterable[str], exclude: Iterable[str], where: str = "selection"
) -> FrozenSet[str]:
    """Bandit's selection: include - exclude, or everything - exclude when include is empty."""
    include, exclude = list(include), list(exclude)
    check_ids(include, f"{where} (tests)")
    check_ids(exclude, f"{where} (skips)")
    # the ids as written collide, not their expansion: `-t B001 -s B403` is every deny-list
    # check but B403, as in Bandit
    both = sorted(set(include) & set(exclude))
    inc, exc = expand_ids(include), expand_ids(exclude)
    if both:
        raise ConfigError(
            f"{where}: {', '.join(both)} is both selected and skipped; remove it from one list"
        )
    base = inc if inc else frozenset(rules_by_id())
    chosen = base - exc
    if not chosen:
        raise ConfigError(f"{where}: no checks left to run; loosen the tests/skips lists")
    return chosen


def merge_options(blocks: Mapping[str, Any]) -> Dict[str, Mapping[str, Any]]:
    """Per-rule options: each rule's defaults, overlaid key by key with every config block it
    reads (Bandit's real key first, then its documented aliases); never replaced wholesale."""
    merged: Dict[str, Mapping[str, Any]] = {}
    for rule in all_rules():
        if not rule.options:
            continue
        values = dict(rule.options)
        for key in reversed(rule.config_keys):
            block = blocks.get(key)
            if isinstance(block, Mapping):
                values.update({k: v for k, v in block.items() if k in rule.options})
        merged[rule.id] = values
    return merged
