"""`# nosec` comments: parsing (Bandit's grammar, comma lists fixed) and applying them to findings.

A finding is looked up on two lines: its own, and the first line with a nosec inside the range of
the statement it belongs to. The union of what those comments name decides: nothing named (a bare
nosec) suppresses all; otherwise only the named ids.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Tuple

from ..model import Finding, Notification, NotificationKind

# '#', optional blanks, the lowercase word nosec, optional ':', then the list up to the next '#'
_NOSEC = re.compile(r"#\s*nosec:?\s*([^#]*)")
_TOKEN = re.compile(r"[A-Za-z0-9_]+")


@dataclass(frozen=True)
class Nosec:
    """One nosec comment: the ids it names (empty: all) and its text, the justification."""

    line: int
    ids: FrozenSet[str]
    comment: str


@dataclass
class NosecMap:
    """The nosec comments of one file, and which of their ids have suppressed something."""

    by_line: Dict[int, Nosec] = field(default_factory=dict)
    used: Set[Tuple[int, str]] = field(default_factory=set)
    warnings: List[Notification] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lines = sorted(self.by_line)

    def first_in(self, start: int, end: int) -> Optional[Nosec]:
        index = bisect.bisect_left(self._lines, start)
        if index < len(self._lines) and self._lines[index] <= end:
            return self.by_line[self._lines[index]]
        return None

    def suppressor(self, finding: Finding) -> Optional[str]:
        """The comment that suppresses `finding`, or None when it stands."""
        own = self.by_line.get(finding.line)
        first = self.first_in(*finding.nosec_lines)
        present = [n for n in (own, first) if n is not None]
        if not present:
            return None
        named = frozenset().union(*(n.ids for n in present))
        if not named:
            return present[0].comment
        if finding.rule_id not in named:
            return None
        for nosec in present:
            if finding.rule_id in nosec.ids:
                self.used.add((nosec.line, finding.rule_id))
                return nosec.comment
        return None  # pragma: no cover - named is the union of present ids

    def unused(self, path: str, enabled: Iterable[str]) -> List[Notification]:
        """A configuration warning for each id a nosec names that suppressed nothing."""
        active = set(enabled)
        notes = []
        for line in self._lines:
            nosec = self.by_line[line]
            for rule_id in sorted(nosec.ids):
                if rule_id in active and (line, rule_id) not in self.used:
                    notes.append(
                        Notification(
                            "warning",
                            f"'# nosec {rule_id}' suppresses nothing on this line; remove it",
                            path=path,
                            line=line,
                            kind=NotificationKind.CONFIGURATION,
                            code="unused-nosec",
                            rule_id=rule_id,
                        )
                    )
        return notes


def parse_nosec(
    comments: Mapping[int, str], names: Mapping[str, str], known: Iterable[str], path: str
) -> NosecMap:
    """Build the nosec map of a file from its comments; `names` maps check names to ids."""
    known_ids = set(known)
    found: Dict[int, Nosec] = {}
    warnings: List[Notification] = []
    for line, comment in comments.items():
        match = _NOSEC.search(comment)
        if match is None:
            continue
        ids: Set[str] = set()
        for token in _TOKEN.findall(match.group(1)):
            rule_id = token if token in known_ids else names.get(token)
            if rule_id is None:
                warnings.append(
                    Notification(
                        "warning",
                        f"'{token}' in '# nosec' is not a check id or name; "
                        "write ids like B602 (a nosec naming no known check suppresses every check)",
                        path=path,
                        line=line,
                        kind=NotificationKind.CONFIGURATION,
                        code="unknown-nosec-id",
                    )
                )
                continue
            ids.add(rule_id)
        found[line] = Nosec(line, frozenset(ids), comment.strip())
    return NosecMap(found, warnings=warnings)
