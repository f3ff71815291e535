"""Bandit's findings inside a helper, judged by the scan's calls of it, after the link step.

`def export(fmt): subprocess.run(f"exporter {fmt}", shell=True)` holds nothing but its
parameter: Bandit's rule flags it whatever the callers do. The data flow notes, at every call
of a function whose parameters reach sinks, what the call gave them (model.CallerFact): nothing
of input, input checked for the sink's class, or only the calling function's own parameters
(then that function's callers decide, up the chain); the worker runs the helper's callers in
its own file too (flows.Flows.run_callers), so a caller no run reached counts. Where every call
the scan's runs met gives fixed or checked values, the finding is LOW and says so; one call
given input unchecked, or no call at all, leaves Bandit's confidence. Calls in code of other
files no run reaches are not seen: a function called only from there keeps Bandit's verdict,
one called from both is judged by the calls seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple

from ..analysis.taint import flows
from ..model import CallerFact, FileResult, Finding, Rank
from ..records import replace

if TYPE_CHECKING:
    from .link import Project

#: a chain of functions handing their parameters on (view → service → helper) is followed at
#: most this many calls up; past it the calls are taken as unknown
MAX_CALLER_CHAIN = flows.MAX_CALLER_CHAIN
#: the calls a message names
SHOWN_CALLS = 3

Call = Tuple[str, CallerFact]
#: the parameters reaching a function's sinks of a class, and whether its first is the object
#: (or class) a call is made on
Reading = Tuple[Tuple[Tuple[int, str], ...], bool]


def judge_by_callers(
    results: List[FileResult], project: "Project", more: List[Call]
) -> List[FileResult]:
    """The results with each finding waiting for its function's callers judged by them;
    `more`: the calls the link step's runs of other modules met."""
    if not any(result.awaiting for result in results):
        return results
    names: Dict[str, Dict[str, str]] = {
        result.path: dict(result.waiting_names) for result in results if result.waiting_names
    }
    calls = _calls_by_function(
        [(result.path, fact) for result in results for fact in result.callers] + more,
        names,
        project,
    )
    # the parameters reaching the sinks a finding waits on, and whether a call gives the
    # first from its object: which of a call's arguments decide
    reading: Dict[Tuple[str, str], Reading] = {}
    for result in results:
        for waiting in result.awaiting:
            key = (waiting.function, waiting.sink_class)
            known = reading.get(key, ((), waiting.method))[0]
            reading[key] = (tuple(sorted(set(known) | set(waiting.params))), waiting.method)
    judged: List[FileResult] = []
    for result in results:
        verdicts: Dict[Tuple[str, int, int], Tuple[str, List[Call]]] = {}
        for waiting in result.awaiting:
            seen = _all_checked(waiting.function, waiting.sink_class, calls, reading, 0, set())
            if seen:
                verdicts[(waiting.rule_id, waiting.line, waiting.column)] = (waiting.name, seen)
        if not verdicts:
            judged.append(result)
            continue
        judged.append(
            replace(
                result,
                findings=[_lowered(f, verdicts) for f in result.findings],
                suppressed=[_lowered(f, verdicts) for f in result.suppressed],
            )
        )
    return judged


def _calls_by_function(
    facts: List[Call], names: Dict[str, Dict[str, str]], project: "Project"
) -> Dict[str, List[Call]]:
    """The calls by the function called; a call of another module's function, named as the
    caller spells it, is found among the names the files with waiting findings give theirs
    (without reading any file: a call given input was resolved by the link step already)."""
    calls: Dict[str, List[Call]] = {}
    for path, fact in facts:
        callee = fact.callee
        if callee.startswith("?"):
            found = project.module_file(callee[1:], path)
            callee = names.get(found[0], {}).get(found[1], "") if found is not None else ""
            if not callee:
                continue
        calls.setdefault(callee, []).append((path, fact))
    return calls


def _all_checked(
    function: str,
    sink_class: str,
    calls: Dict[str, List[Call]],
    reading: Dict[Tuple[str, str], Reading],
    depth: int,
    seen: Set[str],
) -> Optional[List[Call]]:
    """The calls of `function` when every one gives its parameters reaching `sink_class`
    sinks fixed or checked values (through the callers' callers, for a caller handing on its
    own parameters); None when one does not, or none is known."""
    if depth > MAX_CALLER_CHAIN or function in seen:
        return None
    seen = seen | {function}
    relevant = [
        (path, fact)
        for path, fact in calls.get(function, ())
        if fact.sink_class in (sink_class, "*")
    ]
    if not relevant:
        return None
    for _, fact in relevant:
        for verdict in _verdicts(fact, reading.get((function, sink_class))):
            if verdict == "clean":
                continue
            if verdict.startswith("safe:"):
                classes = verdict[len("safe:") :].split(",")
                if sink_class in classes or "*" in classes:
                    continue
                return None
            if verdict.startswith("via:"):
                caller = verdict[len("via:") :]
                if _all_checked(caller, sink_class, calls, reading, depth + 1, seen) is None:
                    return None
                continue
            return None
    return relevant


def _verdicts(fact: CallerFact, read: Optional[Reading]) -> List[str]:
    """What a call gave the parameters reaching the sinks: for a call of another module's
    function whose arguments are noted one by one, those the sinks read (`list_drivers(conn,
    sort)`: the connection is no text of the query); a parameter not given keeps the
    function's own default."""
    if not fact.arguments or read is None:
        return [fact.verdict]
    given = dict(fact.arguments)
    params, bound = read
    found = []
    for index, name in params:
        if bound and index == 0:
            found.append("unknown")  # what the object holds: not known at the call
            continue
        position = str(index - 1 if bound else index)
        found.append(given.get(name) or given.get(position) or "clean")
    return found


def _lowered(
    finding: Finding, verdicts: Dict[Tuple[str, int, int], Tuple[str, List[Call]]]
) -> Finding:
    judged = verdicts.get((finding.rule_id, finding.line, finding.col_offset))
    if judged is None:
        return finding
    name, calls = judged
    places = sorted({f"{path}:{fact.line}" for path, fact in calls})
    shown = ", ".join(places[:SHOWN_CALLS]) + (", …" if len(places) > SHOWN_CALLS else "")
    count = f"{len(places)} call" + ("s" if len(places) != 1 else "")
    return replace(
        finding,
        confidence=Rank.LOW,
        message=f"{finding.message}; but every call of `{name}()` the data flow follows gives "
        f"it fixed or checked values ({count}: {shown})",
    )


__all__ = ["MAX_CALLER_CHAIN", "judge_by_callers"]
