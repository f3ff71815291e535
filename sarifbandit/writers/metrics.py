"""Bandit's metrics, field for field: per scanned file and in `_totals`, the findings by severity
and by confidence, the lines of code, and what `# nosec` comments skipped.

Bandit counts before its -l/-i thresholds, so the counts read every finding of a file, not only
the reported ones. A finding skipped by a bare `# nosec` counts in `nosec`; one skipped by a
nosec naming its check (`# nosec B602`, `# nosec subprocess_popen_with_shell_equals_true`)
counts in `skipped_tests`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Dict, Iterable, Mapping

from ..model import FileResult, Finding, Rank, Report
from ..regex import lazy

RANKS = (Rank.UNDEFINED, Rank.LOW, Rank.MEDIUM, Rank.HIGH)
Metrics = Dict[str, int]

# the words after `nosec` up to the next '#': the ids and check names a comment lists
_NOSEC_LIST = lazy(r"#\s*nosec:?\s*([^#]*)")
_WORD = lazy(r"[A-Za-z0-9_]+")
_NOQA_LIST = lazy(r"#\s*noqa:\s*([^#]*)", re.IGNORECASE)


def names_its_check(finding: Finding, names: Mapping[str, str] = {}) -> bool:
    """Whether the comment that suppressed `finding` names its check (id, or name as `names`
    gives it by id); a comment that suppressed it without naming it is a bare nosec (it named no
    known check at all)."""
    comment = finding.suppressed_by or ""
    noqa = _NOQA_LIST.search(comment)
    # ruff's S codes carry the Bandit number: noqa S602 names B602
    if noqa and f"S{finding.rule_id[1:]}" in noqa.group(1).upper().replace(",", " ").split():
        return True
    match = _NOSEC_LIST.search(comment)
    if match is None:
        return False
    words = set(_WORD.findall(match.group(1)))
    return finding.rule_id in words or names.get(finding.rule_id, "") in words


def counts(
    loc: int,
    findings: Iterable[Finding],
    suppressed: Iterable[Finding],
    names: Mapping[str, str] = {},
) -> Metrics:
    """One metrics block: findings by rank, lines of code, nosec and skipped_tests (`names`:
    the check names by id, as nosec comments may give them)."""
    found = list(findings)
    severities = Counter(f.severity for f in found)
    confidences = Counter(f.confidence for f in found)
    named = Counter(names_its_check(f, names) for f in suppressed)
    block = {f"CONFIDENCE.{rank.name}": confidences.get(rank, 0) for rank in RANKS}
    block.update({f"SEVERITY.{rank.name}": severities.get(rank, 0) for rank in RANKS})
    block.update({"loc": loc, "nosec": named[False], "skipped_tests": named[True]})
    return block


def file_metrics(result: FileResult, names: Mapping[str, str] = {}) -> Metrics:
    return counts(result.loc, result.findings, result.suppressed, names)


def metrics(report: Report) -> Dict[str, Metrics]:
    """{file: block} for every scanned file, and `_totals`, their sum."""
    names = {rule.id: rule.name for rule in report.rules}
    blocks = {r.path: file_metrics(r, names) for r in report.files if r.scanned}
    totals: Counter = Counter(counts(0, (), ()))
    for block in blocks.values():
        totals.update(block)
    blocks["_totals"] = dict(totals)
    return blocks
