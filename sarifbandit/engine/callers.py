"""Bandit's findings inside a helper, judged by the scan's calls of it, after the link step.

`def export(fmt): subprocess.run(f"exporter {fmt}", shell=True)` holds nothing but its
parameter: Bandit's rule flags it whatever the callers do. The data flow notes, at every call
of a function whose parameters reach sinks, what the call gave them (model.CallerFact): nothing
of input, input checked for the sink's class, or only the calling function's own parameters
(then that function's callers decide, up the chain). Where every call the scan's runs met gives
fixed or checked values, the finding is LOW and says so; one call given input unchecked, or no
call at all, leaves Bandit's confidence. Calls in code no run reaches are not seen: a function
called only from there keeps Bandit's verdict, one called from both is judged by the calls seen.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple

from ..analysis.taint.interpret import function_id
from ..model import CallerFact, FileResult, Finding, Rank
from ..records import replace

if TYPE_CHECKING:
    from .link import Project

#: a chain of functions handing their parameters on (view → service → helper) is followed at
#: most this many calls up; past it the calls are taken as unknown
MAX_CALLER_CHAIN = 6
#: the calls a message names
SHOWN_CALLS = 3

Call = Tuple[str, CallerFact]


def judge_by_callers(
    results: List[FileResult], project: "Project", more: List[Call]
) -> List[FileResult]:
    """The results with each finding waiting for its function's callers judged by them;
    `more`: the calls the link step's runs of other modules met."""
    awaiting = {a.name for result in results for a in result.awaiting}
    if not awaiting:
        return results
    ran, chained = _run_callers(
        {a.function for result in results for a in result.awaiting}, project
    )
    calls = _calls_by_function(
        [(result.path, fact) for result in results for fact in result.callers] + more + ran,
        awaiting | chained,
        project,
    )
    judged: List[FileResult] = []
    for result in results:
        verdicts: Dict[Tuple[str, int, int], Tuple[str, List[Call]]] = {}
        for waiting in result.awaiting:
            seen = _all_checked(waiting.function, waiting.sink_class, calls, 0, set())
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


def _run_callers(functions: Set[str], project: "Project") -> Tuple[List[Call], Set[str]]:
    """The calls met by running the functions of each waiting function's file that call it by
    its name (`self.render(fmt)` in a method no run reached: the link step follows only calls
    given input), and up the chain those calling them in turn; and the names of the functions
    on those chains."""
    met: Set[Call] = set()
    names: Set[str] = set()
    pending: Set[str] = set(functions)
    done: Set[str] = set()
    for _ in range(MAX_CALLER_CHAIN + 1):  # the waiting functions, then each step up
        chained: Set[str] = set()
        for function in sorted(pending - done):
            done.add(function)
            path, _, line = function.rpartition(":")
            analysis = project.analysis_at(path)
            if analysis is None:
                continue
            defined = [*analysis.functions.values(), *analysis.methods.values()]
            called = next((f for f in defined if getattr(f, "lineno", 0) == int(line)), None)
            if called is None:
                continue
            name = getattr(called, "name", "")
            names.add(name)
            for caller in defined:
                if caller is not called and _calls_named(caller, name):
                    analysis.summary(caller, depth=0)
            for fact in analysis.passed:
                met.add((path, fact))
                if fact.verdict.startswith("via:"):
                    chained.add(fact.verdict[len("via:") :])
        pending = chained
    return sorted(met, key=lambda call: (call[0], call[1].line, call[1].callee)), names


def _calls_named(func: ast.AST, name: str) -> bool:
    return any(
        isinstance(node, ast.Call)
        and (
            isinstance(node.func, ast.Name)
            and node.func.id == name
            or isinstance(node.func, ast.Attribute)
            and node.func.attr == name
        )
        for node in ast.walk(func)
    )


def _calls_by_function(
    facts: List[Call], names: Set[str], project: "Project"
) -> Dict[str, List[Call]]:
    """The calls by the function called; a call of another module's function (named as the
    caller spells it) resolved when its last name is one a waiting finding's function has."""
    calls: Dict[str, List[Call]] = {}
    for path, fact in facts:
        callee = fact.callee
        if callee.startswith("?"):
            qual = callee[1:]
            if qual.rpartition(".")[2] not in names:
                continue
            found = project.resolve(qual, path)
            if found is None:
                continue
            callee = function_id(*found)
        calls.setdefault(callee, []).append((path, fact))
    return calls


def _all_checked(
    function: str, sink_class: str, calls: Dict[str, List[Call]], depth: int, seen: Set[str]
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
        verdict = fact.verdict
        if verdict == "clean":
            continue
        if verdict.startswith("safe:"):
            classes = verdict[len("safe:") :].split(",")
            if sink_class in classes or "*" in classes:
                continue
            return None
        if verdict.startswith("via:"):
            if _all_checked(verdict[len("via:") :], sink_class, calls, depth + 1, seen) is None:
                return None
            continue
        return None
    return relevant


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
