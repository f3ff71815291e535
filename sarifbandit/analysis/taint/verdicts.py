"""Bandit's checks told by data flow how sure to be, and one finding per sink.

A Bandit check that flags a call of a sink class (B602 a shell command, B608 SQL text, B307
eval …) is judged by the flows of its file:
- untrusted input reaches that call: the finding carries the path and the flow's confidence,
  and the data-flow rule of the same class (SB078 …) does not report the call a second time;
- every argument that matters is a known constant: LOW, and the message says so;
- the code gives the call a setting that makes it safe, by its value (`Loader=loader`, the
  loader a SafeLoader): LOW, and the message names it;
- otherwise Bandit's own confidence stands.
A finding of any check in a branch the code's own constants rule out is LOW: it never runs.
"""

from __future__ import annotations

import ast
import bisect
from typing import Dict, Generic, List, Mapping, Optional, Tuple, TypeVar

from ...model import AwaitingCallers, Finding, Rank
from ...records import replace
from .check import CLASS_OF_RULE
from .flows import Flows
from .interpret import LITERAL_SINKS, SHELLS, SinkHit, between_quotes, quoted_again
from .library import NAMED_FILE
from .values import FIXED, PARAM_PREFIX, REST, Value, encloses, param_of, settled, span

#: the Bandit checks whose verdict depends on the data, and the sink class each one guards
BANDIT_CLASSES: Mapping[str, str] = {
    # B607 (a program found through PATH) and B609 (a wildcard) are about the constant text
    # itself: data flow does not change them
    **dict.fromkeys(("B601", "B602", "B603", "B604", "B605", "B606"), "command"),
    **dict.fromkeys(("B608", "B610", "B611"), "sql"),
    **dict.fromkeys(("B102", "B307"), "code"),
    **dict.fromkeys(("B301", "B302", "B506", "B614"), "deserialization"),
    **dict.fromkeys(("B308", "B703", "B704"), "xss"),
    "B310": "ssrf",
    # the XML parsers Bandit flags "to parse untrusted XML data"
    **dict.fromkeys(("B313", "B314", "B315", "B316", "B317", "B318", "B319"), "xxe"),
}

#: Bandit checks filed under another weakness than their sink class's rule (B310 under CWE-22,
#: for file:// URLs; input choosing the URL is SSRF, CWE-918): the data-flow rule reports too
ANOTHER_WEAKNESS = frozenset({"B310"})

#: checks whose sink argument names where the data is (torch.load's path), not the data: a
#: constant there says nothing about what is loaded
NAMES_NOT_DATA = frozenset({"B614"})

Span = Tuple[int, int, int, int]


def _inside(finding: Finding, around: Span) -> bool:
    start = (finding.line, finding.col_offset)
    return (around[0], around[1]) <= start <= (around[2], around[3])


#: calls whose span holds a finding are looked for among this many calls starting before it
#: on its line (20,000 calls on one minified line must not cost 20,000 looks each)
MAX_ENCLOSING = 16


T = TypeVar("T")


class _Calls(Generic[T]):
    """Sink calls by the line they start on, sorted by column, to find those around a point."""

    def __init__(self, items: List[Tuple[ast.AST, T]]) -> None:
        by_line: Dict[int, List[Tuple[Span, T]]] = {}
        for anchor, item in items:
            where = span(anchor)
            by_line.setdefault(where[0], []).append((where, item))
        self._starts: Dict[int, List[Tuple[int, int]]] = {}
        self._items: Dict[int, List[Tuple[Span, T]]] = {}
        for line, entries in by_line.items():
            entries.sort(key=lambda entry: entry[0][1])
            self._items[line] = entries
            self._starts[line] = [(entry[0][1], index) for index, entry in enumerate(entries)]
        self._lines = sorted(by_line)

    def around(self, finding: Finding) -> List[T]:
        found: List[T] = []
        # calls starting on an earlier line may span the finding's (a multi-line call)
        first = bisect.bisect_right(self._lines, finding.line) - 1
        for position in range(first, max(first - MAX_ENCLOSING, -1), -1):
            line = self._lines[position]
            entries = self._items[line]
            stop = len(entries)
            if line == finding.line:
                stop = bisect.bisect_right(self._starts[line], (finding.col_offset, len(entries)))
            for where, item in entries[max(0, stop - MAX_ENCLOSING) : stop]:
                if _inside(finding, where):
                    found.append(item)
        return found


#: imports Bandit reports so that their calls are looked at; the calls are judged where they
#: are made (B301, B313…, B602…), so the import itself is LOW: never an action by itself
IMPORT_ONLY = frozenset({"B403", "B404", "B405", "B406", "B407", "B408", "B409", "B411"})
#: every check whose findings data flow judges
JUDGED = frozenset(BANDIT_CLASSES) | IMPORT_ONLY


def judge(findings: List[Finding], flows: Optional[Flows]) -> List[Finding]:
    if flows is None:
        return findings
    findings = [
        replace(
            f,
            confidence=Rank.LOW,
            message=f"{f.message} (an import: its calls are judged where they are made)",
        )
        if f.rule_id in IMPORT_ONLY
        else f
        for f in findings
    ]
    flows.ensure((f.line, f.col_offset) for f in findings if f.rule_id in BANDIT_CLASSES)
    if not flows.analysed:
        return findings
    hits = flows.all_hits()
    calls = _Calls([(hit.anchor, hit) for hit in hits])
    arguments: Dict[str, _Calls[Tuple[ast.AST, Value]]] = {}
    settings: Dict[str, _Calls[str]] = {}
    sql_steps: Dict[int, List[SinkHit]] = {}
    for sql_hit in hits:
        if sql_hit.sink_class == "sql":
            for step in sql_hit.taint.trace:
                sql_steps.setdefault(step[0], []).append(sql_hit)
    claimed: set = set()
    judged: List[Finding] = []
    for finding in findings:
        sink_class = BANDIT_CLASSES.get(finding.rule_id)
        if sink_class is None:
            judged.append(finding)
            continue
        hit = _hit_for(finding, sink_class, calls, sql_steps)
        if hit is not None:
            if finding.rule_id not in ANOTHER_WEAKNESS:
                claimed.add((sink_class, span(hit.node)[:2]))
            judged.append(
                replace(
                    finding,
                    confidence=flows.confidence(hit),
                    message=f"{finding.message}; {flows.describe(hit)}",
                    flow=flows.path(hit),
                )
            )
            continue
        if sink_class not in arguments:
            arguments[sink_class] = _Calls(
                [(anchor, (anchor, v)) for anchor, v in flows.sink_arguments(sink_class)]
            )
        constant = (
            None
            if finding.rule_id in NAMES_NOT_DATA
            else _constant_at(finding, arguments[sink_class], sink_class)
        )
        if constant is not None:
            judged.append(
                replace(
                    finding,
                    confidence=Rank.LOW,
                    message=f"{finding.message}; but the value is {constant}",
                )
            )
            continue
        if sink_class not in settings:
            settings[sink_class] = _Calls(flows.declined(sink_class))
        safe = settings[sink_class].around(finding)
        if safe:
            judged.append(
                replace(finding, confidence=Rank.LOW, message=f"{finding.message}; but {safe[0]}")
            )
            continue
        if finding.rule_id not in NAMES_NOT_DATA:
            _await_callers(finding, arguments[sink_class], sink_class, flows)
        judged.append(finding)
    return _in_dead_code(
        [
            f
            for f in judged
            if (CLASS_OF_RULE.get(f.rule_id), (f.line, f.col_offset)) not in claimed
        ],
        flows,
    )


def _in_dead_code(findings: List[Finding], flows: Flows) -> List[Finding]:
    """Findings of any check inside a branch no run takes are LOW: the code never runs."""
    dead = flows.dead_code()
    if not dead:
        return findings
    judged = []
    for finding in findings:
        around = [d for d in dead if d[0] <= finding.line <= d[1]]
        if around:
            _, _, test_line, truth = min(around, key=lambda d: d[1] - d[0])
            finding = replace(
                finding,
                confidence=Rank.LOW,
                message=f"{finding.message}; but this code never runs: the test on line "
                f"{test_line} is always {truth}",
            )
        judged.append(finding)
    return judged


def _hit_for(
    finding: Finding, sink_class: str, calls: "_Calls[SinkHit]", sql_steps: Dict[int, List[SinkHit]]
) -> Optional[SinkHit]:
    for hit in calls.around(finding):
        if hit.sink_class == sink_class:
            return hit
    if sink_class == "sql":
        # B608 flags the SQL text where it is built, which the path passes through
        for hit in sql_steps.get(finding.line, ()):
            return hit
    return None


def _values_at(finding: Finding, arguments: "_Calls[Tuple[ast.AST, Value]]") -> List[Value]:
    """The values the sink's arguments hold. SQL text that is a sink of its own inside a
    call's (B608's `"... = '" + tag` inside `execute("... = '" + tag + "'")`) is a part of the
    call's: the call's decides."""
    found = arguments.around(finding)
    return [
        value
        for anchor, value in found
        if isinstance(anchor, ast.Call)
        or not any(
            other is not anchor and encloses(span(other), span(anchor)) for other, _ in found
        )
    ]


def _await_callers(
    finding: Finding, arguments: "_Calls[Tuple[ast.AST, Value]]", sink_class: str, flows: Flows
) -> None:
    """Leave the finding to the scan's calls of its function when its value is nothing but
    the function's parameters (`run(f"export {fmt}", shell=True)` in `def export(fmt)`)."""
    values = _values_at(finding, arguments)
    taints = [value.all_taint() for value in values]
    if not taints or not all(
        taint is not None and all(kind.startswith(PARAM_PREFIX) for kind in taint.kinds)
        for taint in taints
    ):
        return
    function = flows.function_at(finding.line)
    if function is None:
        return
    ident, name, params, bound = function
    indexes = sorted(
        {param_of(kind)[0] for taint in taints if taint is not None for kind in taint.kinds}
    )
    flows.awaiting.append(
        AwaitingCallers(
            finding.rule_id,
            finding.line,
            finding.col_offset,
            ident,
            name,
            sink_class,
            tuple((index, params[index]) for index in indexes if index < len(params)),
            bound,
        )
    )


def _constant_at(
    finding: Finding, arguments: "_Calls[Tuple[ast.AST, Value]]", sink_class: str
) -> Optional[str]:
    """The constant the sink's arguments hold, when every one recorded there is known."""
    values = _values_at(finding, arguments)
    if not values:
        return None
    described = [_fixed(v, sink_class) for v in values]
    if any(d is None for d in described):
        return None
    return described[0]


def _fixed(value: Value, sink_class: str) -> Optional[str]:
    """What makes a sink argument harmless, said in words; None when nothing does."""
    if sink_class == "command":
        value = quoted_again(value)
    taint = value.all_taint()
    if taint is not None and taint.safe_for(sink_class):
        return f"checked or sanitized for {sink_class} before it gets there"
    if taint is not None and sink_class in LITERAL_SINKS and between_quotes(value, sink_class):
        return "input checked to hold no quote, put between the code's quotes"
    if value.all_taint() is None and value.known:
        text = repr(value.const)
        return "the constant " + (text if len(text) <= 60 else text[:57] + "…'")
    if value.all_taint() is None and value.shape == "allowed":
        return "one of the constants of an allow-list"
    if value.all_taint() is None and value.shape == FIXED:
        return "built only of fixed parts (constants, numbers, allow-listed values, settings)"
    if value.shape == NAMED_FILE and settled(value):
        return "read from a file whose name the code fixes"
    if sink_class == "sql" and value.shape in ("list", "tuple") and value.entries:
        # `extra(where=[...])`: SQL fragments, each harmless
        parts = [_fixed(v, sink_class) if k is not REST else None for k, v in value.entries]
        if all(parts):
            return parts[0] if len(set(parts)) == 1 else "made only of fixed or checked fragments"
        return None
    first = value.entry(0) if value.shape == "list" else None
    if first is not None and first.known and first.all_taint() is None:
        program = str(first.const).rsplit("/", 1)[-1]
        script = value.entry(2)
        if program in SHELLS and not (script is not None and script.known):
            return None  # `sh -c <text>`: the text decides
        return f"the program is the constant {str(first.const)!r}"
    if first is not None and first.name == "sys.executable" and first.all_taint() is None:
        flag, script = value.entry(1), value.entry(2)
        if flag is not None and flag.const in ("-c", "-m") and not (script and script.known):
            return None  # `python -c <text>`: the text decides what runs
        return "the program is the running Python (sys.executable)"
    if first is not None and first.shape == "allowed" and first.all_taint() is None:
        # `[TOOLS[name], *args]`: a program of the code's own table
        return "the program is one of the constants of an allow-list"
    return None
