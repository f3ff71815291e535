"""The catalogue's invariants: every rule is complete (CWE, doc sections, a short description
SARIF consumers accept, a check), ids and names unique and in Bandit's form, and the anchors of
docs/rules.md the ones SARIF's helpUri links to."""

from __future__ import annotations

import re

import pytest

from sarifbandit import docs
from sarifbandit.model import Rank, Rule
from sarifbandit.registry import BLACKLIST_ALIAS, all_rules
from sarifbandit.writers.common import help_uri

RULES = all_rules()
REQUIRED_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "References")
#: Bandit ids that no longer exist: reusing one would mislead anyone with an old nosec or config
RETIRED_IDS = {"B109", "B111", "B309", "B320", "B322", "B325", "B410", "B414"}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_is_complete(rule: Rule) -> None:
    assert isinstance(rule.cwe, int) and rule.cwe > 0
    sections = rule.sections
    missing = [name for name in REQUIRED_SECTIONS if not sections.get(name)]
    assert not missing, f"{rule.id} doc lacks sections {missing}"
    assert rule.short and len(rule.short) <= 1024 and rule.short.endswith(".")
    assert rule.severity is not Rank.UNDEFINED and rule.confidence is not Rank.UNDEFINED
    assert rule.test_name, f"{rule.id} needs Bandit's test_name for JSON parity"
    assert rule.checks, f"{rule.id} has no registered check"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_id_and_name_are_well_formed(rule: Rule) -> None:
    # Bandit's ids are B + three digits; checks of our own take another letter prefix and the
    # CWE number (SB1336 for CWE-1336)
    assert re.fullmatch(r"B\d{3}|[A-Z]{2,}\d{3,4}", rule.id)
    if rule.id.startswith("B") and re.fullmatch(r"B\d{3}", rule.id):
        assert re.fullmatch(r"B[1-7]\d\d", rule.id), f"{rule.id} is outside Bandit's ranges"
    assert rule.id != BLACKLIST_ALIAS and rule.id not in RETIRED_IDS
    assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", rule.name)


def test_ids_and_names_are_unique() -> None:
    ids = [rule.id for rule in RULES]
    names = [rule.name for rule in RULES]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)
    # a name must not read as another rule's id in `# nosec` lists
    assert not set(names) & set(ids)


def test_docs_anchors_match_the_sarif_help_uri() -> None:
    text = docs.DOCS_PATH.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for rule in RULES:
        uri = help_uri(rule)
        assert uri.split("#", 1)[0].endswith("/docs/rules.md")
        assert uri.split("#", 1)[1] in anchors, f"{rule.id}: {uri} has no anchor in docs/rules.md"
