"""The catalogue: every Rule defined in sarifbandit.plugins (and in installed plugin packages),
and the dispatch table the walk uses, built once per selection of rules."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from functools import lru_cache
from typing import Dict, FrozenSet, Iterable, List, Mapping, Tuple, Type

from . import plugins
from .model import Check, Rule, iter_rules_checks

#: entry-point group through which other packages add rules (modules defining Rule objects)
ENTRY_POINT_GROUP = "sarifbandit.plugins"

#: selections name this id to mean every deny-list check, as in Bandit
BLACKLIST_ALIAS = "B001"

DispatchTable = Dict[Type[ast.AST], Tuple[Check, ...]]


def _entry_point_modules() -> List[str]:
    if sys.version_info >= (3, 10):
        from importlib.metadata import entry_points

        return [ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)]
    from importlib.metadata import entry_points as legacy

    return [ep.value for ep in legacy().get(ENTRY_POINT_GROUP, [])]


def _rules_of(module: object) -> Iterable[Rule]:
    for value in vars(module).values():
        if isinstance(value, Rule):
            yield value
        elif isinstance(value, (tuple, list)) and value and all(isinstance(v, Rule) for v in value):
            yield from value


@lru_cache(maxsize=1)
def all_rules() -> Tuple[Rule, ...]:
    """Every rule, sorted by id; an id defined twice is a programming error."""
    modules = [
        importlib.import_module(f"{plugins.__name__}.{info.name}")
        for info in pkgutil.iter_modules(plugins.__path__)
    ]
    modules += [importlib.import_module(name) for name in _entry_point_modules()]
    found: Dict[str, Rule] = {}
    for module in modules:
        for rule in _rules_of(module):
            other = found.setdefault(rule.id, rule)
            if other is not rule:
                raise RuntimeError(f"rule {rule.id} is defined twice ({module.__name__})")
    return tuple(found[key] for key in sorted(found))


def rules_by_id() -> Mapping[str, Rule]:
    return {rule.id: rule for rule in all_rules()}


def rule_names() -> Mapping[str, str]:
    """{name: id} for every rule, so `# nosec assert_used` means B101."""
    return {rule.name: rule.id for rule in all_rules()}


def blacklist_ids() -> FrozenSet[str]:
    return frozenset(r.id for r in all_rules() if r.family.startswith("blacklist"))


@lru_cache(maxsize=8)
def dispatch_table(enabled: FrozenSet[str]) -> DispatchTable:
    """{node class: checks to run} for the selected rule ids; a check runs once per node even
    when several of its rules are selected."""
    selected = [rule for rule in all_rules() if rule.id in enabled]
    table: Dict[Type[ast.AST], List[Check]] = {}
    for check in iter_rules_checks(selected):
        for node_type in check.node_types:
            table.setdefault(node_type, []).append(check)
    return {node_type: tuple(checks) for node_type, checks in table.items()}
