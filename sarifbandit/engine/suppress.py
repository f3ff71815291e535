"""`# nosec` comments: parsing (Bandit's grammar, comma lists fixed) and applying them to findings.

A finding is looked up on two lines: its own, and the first line with a nosec inside the range of
the statement it belongs to. The union of what those comments name decides: nothing named (a bare
nosec) suppresses all; otherwise only the named ids.

For teams coming from ruff or flake8-bandit, `# noqa: S602` counts as a nosec naming B602, for
every S code whose rule means what the Bandit check of the same number means (NOQA_CODES). A bare
`# noqa`, and codes of other linters (E501, F401), suppress nothing here: they are another
tool's, and Bandit ignores them too.
"""

from __future__ import annotations

import bisect
import re
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Tuple

from ..model import Finding, Notification, NotificationKind
from ..records import field, record
from ..regex import lazy

# '#', optional blanks, the lowercase word nosec, optional ':', then the list up to the next '#'
_NOSEC = lazy(r"#\s*nosec:?\s*([^#]*)")
_TOKEN = lazy(r"[A-Za-z0-9_]+")
# ruff's grammar: a hash, the word noqa, then optionally a colon and codes separated by commas or blanks
_NOQA = lazy(r"#\s*noqa(?::\s*([A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)

#: ruff / flake8-bandit S codes and the Bandit id of the same meaning. Left out: S320 and S410
#: (lxml; Bandit retired B320 and B410, and SB611 checks something else); ruff has no S613,
#: S614, S615 or S703.
NOQA_CODES = {
    f"S{number}": f"B{number}"
    for number in (
        *range(101, 109),
        110,
        112,
        113,
        201,
        202,
        *range(301, 309),
        *range(310, 320),
        321,
        323,
        324,
        *range(401, 410),
        411,
        412,
        413,
        415,
        *range(501, 510),
        *range(601, 613),
        701,
        702,
        704,
    )
}


@record(frozen=True)
class Nosec:
    """One nosec comment: the ids it names (empty: all) and its text, the justification."""

    line: int
    ids: FrozenSet[str]
    comment: str
    #: {id: the noqa code that named it}, for ids named only by a ruff code
    codes: Mapping[str, str] = field(default_factory=dict)


@record
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
                    code = nosec.codes.get(rule_id)
                    said = f"'# noqa: {code}' ({rule_id})" if code else f"'# nosec {rule_id}'"
                    notes.append(
                        Notification(
                            "warning",
                            f"{said} suppresses nothing on this line; remove it",
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
        codes = _noqa_codes(comment, known_ids)
        if match is None:
            if codes:
                found[line] = Nosec(line, frozenset(codes), comment.strip(), codes)
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
        if ids:  # a bare nosec suppresses everything; a specific one adds the noqa codes' ids
            codes = {rule_id: code for rule_id, code in codes.items() if rule_id not in ids}
            ids.update(codes)
        else:
            codes = {}
        found[line] = Nosec(line, frozenset(ids), comment.strip(), codes)
    return NosecMap(found, warnings=warnings)


def _noqa_codes(comment: str, known: Set[str]) -> Dict[str, str]:
    """{Bandit id: S code} for the mapped codes of a `# noqa: ...` comment (none for a bare
    noqa or other linters' codes)."""
    match = _NOQA.search(comment)
    if match is None or not match.group(1):
        return {}
    found: Dict[str, str] = {}
    for code in re.split(r"[\s,]+", match.group(1).upper()):
        rule_id = NOQA_CODES.get(code)
        if rule_id is not None and rule_id in known:
            found.setdefault(rule_id, code)
    return found
