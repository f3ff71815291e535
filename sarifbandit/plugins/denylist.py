"""The shape of a deny-list entry, and the Rule (with its docs) made from one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from ..model import HIGH, MEDIUM, Rank, Rule


@dataclass(frozen=True)
class DenyEntry:
    """One row of a deny list: the id, Bandit's name for it, and what it matches."""

    id: str
    name: str
    qualnames: Tuple[str, ...]
    cwe: int
    short: str
    why: str
    bad: str
    good: str
    fix: str
    severity: Rank = MEDIUM

    @property
    def short_reason(self) -> str:
        return self.short[0].lower() + self.short[1:] if self.short else ""


def deny_rule(entry: DenyEntry, family: str) -> Rule:
    """A Rule for a deny-list entry; its docs come from the entry's fields."""
    matched = ", ".join(f"`{q}`" for q in entry.qualnames)
    kind = "imports of" if family == "blacklist-import" else "calls of"
    doc = f"""## What it does
Flags {kind} {matched}.

## Why is this bad?
{entry.why}

## Example
```python
{entry.bad}
```

## Use instead
{entry.fix}
```python
{entry.good}
```

## References
- [CWE-{entry.cwe}](https://cwe.mitre.org/data/definitions/{entry.cwe}.html)
"""
    return Rule(
        id=entry.id,
        name=entry.name,
        severity=entry.severity,
        confidence=HIGH,
        cwe=entry.cwe,
        short=entry.short,
        doc=doc,
        family=family,
        test_name="blacklist",
    )
