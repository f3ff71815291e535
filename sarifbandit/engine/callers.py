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
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Set, Tuple

from ..analysis.taint.interpret import function_id
from ..model import CallerFact, FileResult, Finding, Rank
from ..records import replace

if TYPE_CHECKING:
    from .link import Project

#: a chain of functions handing their parameters on (view → service → helper) is followed at
#: most this many calls up; past it the calls are taken as unknown
MAX_CALLER_CHAIN = 6
#: callers in its own file run for a function no run of theirs reached, at most (see
#: _run_callers)
MAX_CALLERS_RUN = 8
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
    # only calls of the functions of files with waiting findings matter
    files = frozenset(a.function.rpartition(":")[0] for result in results for a in result.awaiting)
    calls = _calls_by_function(
        [(result.path, fact) for result in results for fact in result.callers] + more,
        awaiting,
        project,
        files,
    )
    # the same-file callers of a function some run called, which no run may have reached
    reached = {a.function for result in results for a in result.awaiting} & set(calls)
    ran, chained = _run_callers(reached, project)
    for callee, found in _calls_by_function(ran, awaiting | chained, project, files).items():
        calls[callee] = sorted(set(calls.get(callee, [])) | set(found), key=_place)
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
    on those chains. A function called by name from more than MAX_CALLERS_RUN functions of its
    file is left to the calls already met (a framework's `execute`, called everywhere)."""
    met: Set[Call] = set()
    names: Set[str] = set()
    pending: Set[str] = set(functions)
    done: Set[str] = set()
    calling: Dict[str, Dict[str, List[ast.AST]]] = {}
    for _ in range(MAX_CALLER_CHAIN + 1):  # the waiting functions, then each step up
        chained: Set[str] = set()
        for function in sorted(pending - done):
            done.add(function)
            project.trim()
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
            if path not in calling:
                calling[path] = _callers_by_name(defined)
            callers = [f for f in calling[path].get(name, ()) if f is not called]
            if len(callers) > MAX_CALLERS_RUN:
                continue
            for caller in callers:
                analysis.summary(caller, depth=0)
            for fact in analysis.passed:
                met.add((path, fact))
                if fact.verdict.startswith("via:"):
                    chained.add(fact.verdict[len("via:") :])
        pending = chained
    return sorted(met, key=_place), names


def _callers_by_name(functions: List[ast.AST]) -> Dict[str, List[ast.AST]]:
    """The functions calling each name (`name(...)`, `obj.name(...)`), each once."""
    found: Dict[str, List[ast.AST]] = {}
    for func in functions:
        for name in {
            node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            for node in ast.walk(func)
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
        }:
            found.setdefault(name, []).append(func)
    return found


def _calls_by_function(
    facts: List[Call], names: Set[str], project: "Project", files: FrozenSet[str]
) -> Dict[str, List[Call]]:
    """The calls by the function called; a call of another module's function (named as the
    caller spells it) resolved when its last name is one a waiting finding's function has."""
    calls: Dict[str, List[Call]] = {}
    resolved: Dict[Tuple[str, str], str] = {}
    for path, fact in facts:
        callee = fact.callee
        if callee.startswith("?"):
            qual = callee[1:]
            if qual.rpartition(".")[2] not in names or not project.lies_in(qual, path, files):
                continue
            if (qual, path) not in resolved:
                project.trim()
                found = project.resolve(qual, path)
                resolved[(qual, path)] = function_id(*found) if found is not None else ""
            callee = resolved[(qual, path)]
            if not callee:
                continue
        calls.setdefault(callee, []).append((path, fact))
    return calls


def _place(call: Call) -> Tuple[str, int, str]:
    return call[0], call[1].line, call[1].callee


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


__all__ = ["MAX_CALLER_CHAIN", "MAX_CALLERS_RUN", "judge_by_callers"]
