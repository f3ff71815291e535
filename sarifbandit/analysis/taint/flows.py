"""The data flow of one file, as the checks read it: which sinks untrusted input reaches, by
which path, and what value each argument of a modelled sink holds.

`analyse()` decides which functions receive input (framework views, request parameters, code
reading a modelled source) and runs them; functions they call are followed through summaries.
A file that mentions no source at all is not interpreted.
"""

from __future__ import annotations

import ast
import bisect
import re
from typing import (
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Optional,
    Pattern,
    Sequence,
    Set,
    Tuple,
    cast,
)

from ...model import AwaitingCallers, CallerFact, FlowStep, Rank, Region
from ..nodes import nested_functions
from ..source import SourceFile
from .aiohttp_routes import match_info_checks
from .interpret import (
    MAX_CALL_DEPTH,
    SEEN_FALSE,
    SEEN_TRUE,
    SOURCE_TEXT,
    VIEW_HANDLERS,
    VIEW_HOOKS,
    FileAnalysis,
    ProjectIndex,
    SinkHit,
    function_id,
    method_kind,
    param_names,
)
from .models import Models, RouteParams
from .patterns import (
    EVERYWHERE,
    annotated_extras,
    annotated_type,
    click_params,
    declared_checks,
    depends_mark,
    enum_classes,
    safe_classes,
    through_alias,
    type_aliases,
    type_name,
)
from .starlette_routes import path_param_checks
from .templates import TemplateFacts
from .urlconf import PATTERN_CONVERTER, UrlArgument, arguments_of
from .urlconf import url_arguments as url_arguments_of
from .values import (
    FIXED_TEXT,
    PARAM_PREFIX,
    PATTERN,
    REST,
    Step,
    Taint,
    Value,
    encloses,
    span,
    tainted,
)
from .words import WordLines

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: a helper with findings waiting for its callers (see run_callers) has its callers in its own
#: file run when they are at most this many
MAX_CALLERS_RUN = 3
#: callers handing their own parameters on are run, and judged, at most this many calls up
MAX_CALLER_CHAIN = 6
#: words without which a file cannot read a modelled source (cheap text test, before parsing
#: anything further); the models' own names are added to these
_ALWAYS_TRIGGERS = (
    "request", "input", "argv", "environ", "getenv", "stdin", "route", "parse_args", "parse_known_args",
    "click",
)  # fmt: skip

#: what people call the kinds of input
_KIND_TEXT = SOURCE_TEXT


class Flows:
    """The flows of one file, keyed by the node a check is dispatched on."""

    def __init__(
        self,
        analysis: Optional[FileAnalysis],
        source: SourceFile,
        make: Optional[Callable[[], FileAnalysis]] = None,
        calls: Optional[Callable[[], Iterable[ast.Call]]] = None,
    ) -> None:
        self._analysis = analysis
        self._source = source
        #: the file's call sites, where an index of them is at hand (else a walk finds them)
        self._calls = calls
        #: builds the analysis of a file that reads no source, when a verdict needs values
        self._make = make
        #: the findings whose verdict waits for the scan's calls of their function
        self.awaiting: List[AwaitingCallers] = []
        #: their functions and those handing their parameters on to them (see run_callers)
        self._judged_by_callers: Set[str] = set()

    def ensure(self, places: Iterable[Tuple[int, int]]) -> None:
        """Run the functions holding `places` (line, column: where Bandit flagged a sink) if
        nothing ran them yet, so the values at their sinks are known even in a file that reads
        no input. Before the link step, in a file whose helpers cannot read a global request,
        a function whose places all lie outside any call is not run: a verdict reads the values
        of the sink calls around a place (B608's SQL built apart from the call running it has
        none), and the function has no input of its own, or something would have run it."""
        wanted = list(places)
        if not wanted:
            return
        if self._analysis is None:
            if self._make is None:
                return
            self._analysis = self._make()
        analysis = self._analysis
        alone = analysis.project is None and not analysis.web
        for func in analysis.defined():
            start = func.lineno  # type: ignore[attr-defined]
            end = getattr(func, "end_lineno", None) or start
            inside = [place for place in wanted if start <= place[0] <= end]
            if not inside or func in analysis.summaries or not analysis.reruns(func):
                continue
            if alone and not any(_in_a_call(func, place) for place in inside):
                continue
            analysis.summary(func, depth=0)

    @property
    def analysed(self) -> bool:
        return self._analysis is not None

    def all_hits(self) -> List[SinkHit]:
        """Every flow into a sink, once: where a sink's argument holds a sink call of the
        same class that the value passed through (`execute(text(q))`,
        `execute(select(T).where(text(q)))`, `HttpResponse(mark_safe(s))`), only the inner
        one. A sink call written apart (`query = text(q)` ... `execute(query)`) is a sink of
        its own: both stand."""
        if self._analysis is None:
            return []
        hits = [hit for slot in self._analysis.hits.values() for hit in slot.values()]
        anchors = {(hit.sink_class, span(hit.anchor)) for hit in hits}
        return [hit for hit in hits if hit.node is hit.anchor or not _through_inner(hit, anchors)]

    def sink_arguments(self, sink_class: str) -> List[Tuple[ast.AST, Value]]:
        """(the call, an argument's value) for every argument of every modelled sink call of
        `sink_class`."""
        if self._analysis is None:
            return []
        return [
            (anchor, v)
            for (_, of_class), (anchor, v) in self._analysis.values.items()
            if of_class == sink_class and v is not None
        ]

    def cookie_flag(self, call: ast.Call, flag: str) -> Optional[Value]:
        """The value every run of the file gave `flag` of a set_cookie call (the runs joined;
        the function around it run first if nothing had); None when no run reached it."""
        self.ensure([(call.lineno, call.col_offset)])
        if self._analysis is None:
            return None
        return self._analysis.cookie_flags.get(call, {}).get(flag)

    def declined(self, sink_class: str) -> List[Tuple[ast.AST, str]]:
        """(the call, the safe setting in words) for every call of a sink of `sink_class` the
        models let off for a setting the code chose (see FileAnalysis.declined)."""
        if self._analysis is None:
            return []
        return [
            (call, reason)
            for call, (of_class, reason) in self._analysis.declined.items()
            if of_class == sink_class
        ]

    def confidence(self, hit: SinkHit) -> Rank:
        """HIGH for input from the network followed exactly; a program's own command line and
        stdin (its operator's) are MEDIUM, the environment LOW; crossing an unknown call or a
        merged container costs one step."""
        kinds = hit.taint.kinds
        rank = Rank.HIGH if "remote" in kinds else Rank.MEDIUM if "local" in kinds else Rank.LOW
        if not hit.taint.exact and rank > Rank.LOW:
            rank = Rank(rank - 1)
        return rank

    def describe(self, hit: SinkHit) -> str:
        # the most serious source names the flow (the request's before the environment's)
        kinds = [kind for kind in _KIND_TEXT if kind in hit.taint.kinds]
        what = _KIND_TEXT[kinds[0]] if kinds else "untrusted input"
        sink = hit.sink[2:] if hit.sink.startswith("?.") else hit.sink
        if " " in sink:  # a description, not code: "the view's response body"
            return f"{what} reaches {sink}"
        if sink.endswith(".__setitem__"):
            sink = sink[: -len(".__setitem__")] + "[…]"
        else:
            sink += "()"
        return f"{what} reaches `{sink}`"

    def path(self, hit: SinkHit) -> Tuple[FlowStep, ...]:
        steps: List[Step] = list(hit.taint.trace) + list(hit.inner)
        node = hit.node
        if hit.inner:  # the sink is the last step inside the helper
            return tuple(self._flow_step(step) for step in steps)
        steps.append(
            (
                getattr(node, "lineno", 1),
                getattr(node, "col_offset", 0),
                getattr(node, "end_lineno", None) or getattr(node, "lineno", 1),
                getattr(node, "end_col_offset", None) or 0,
                f"{self.describe(hit).split(' reaches ', 1)[0]} reaches the sink ({hit.sink_class})",
                0,
            )
        )
        return tuple(self._flow_step(step) for step in steps)

    def dead_code(self) -> List[Tuple[int, int, int, bool]]:
        """(first line, last line, the test's line, what the test always is) of every branch
        of an `if` that no run of the analysis took, its test always the other way: code that
        never runs (`if (7 * 18) - 106 > 200:`, `if FEATURE_ON:` with the flag off)."""
        if self._analysis is None:
            return []
        dead = []
        for node, seen in self._analysis.branches.items():
            if seen == SEEN_TRUE and node.orelse:
                dead.append((node.orelse, node.test, True))
            elif seen == SEEN_FALSE:
                dead.append((node.body, node.test, False))
        return [
            (body[0].lineno, body[-1].end_lineno or body[-1].lineno, test.lineno, truth)
            for body, test, truth in dead
        ]

    def function_at(self, line: int) -> Optional[Tuple[str, str, Tuple[str, ...], bool]]:
        """The innermost function or method of the file holding `line` (see function_id), its
        name, its parameters' names and whether a call gives its first (a method's `self` or
        `cls`) from the object or class it is called on."""
        if self._analysis is None:
            return None
        analysis = self._analysis
        around = [
            func
            for func in analysis.defined()
            if func.lineno <= line <= (getattr(func, "end_lineno", None) or func.lineno)  # type: ignore[attr-defined]
        ]
        if not around:
            return None
        inner = max(around, key=lambda func: func.lineno)  # type: ignore[attr-defined]
        bound = inner in analysis.class_of and method_kind(inner) != "static"
        return function_id(analysis, inner), getattr(inner, "name", "?"), param_names(inner), bound

    def run_callers(self) -> None:
        """Run the functions of the file that call a function with waiting findings by its
        name, then those calling them in turn with their own parameters (up to
        MAX_CALLER_CHAIN steps): what each call gives is noted, so a caller no run reached
        counts too. A function called by name from more than MAX_CALLERS_RUN functions of the
        file is left to the calls the runs met (a framework's `execute`, called everywhere)."""
        analysis = self._analysis
        if analysis is None or not self.awaiting:
            return
        defined = sorted(analysis.defined(), key=lambda func: func.lineno)  # type: ignore[attr-defined]
        by_id = {function_id(analysis, func): func for func in defined}
        sites = _call_sites(self._calls() if self._calls is not None else ast.walk(analysis.tree))
        pending = {waiting.function for waiting in self.awaiting}
        done: Set[str] = set()
        for _ in range(MAX_CALLER_CHAIN + 1):  # the waiting functions, then each step up
            for function in sorted(pending - done):
                done.add(function)
                called = by_id.get(function)
                if called is None:
                    continue
                callers = _callers_of(called, defined, sites)
                if len(callers) > MAX_CALLERS_RUN:
                    continue
                for caller in callers:
                    # at the deepest level: what the caller gives the helper is what matters,
                    # not what the functions it calls besides do (their calls are unknown,
                    # which leaves a value they return unknown: no judgement on it)
                    analysis.summary(caller, depth=MAX_CALL_DEPTH)
            pending = {
                fact.verdict[len("via:") :]
                for fact in analysis.passed
                if fact.verdict.startswith("via:")
            } & set(by_id)
        self._judged_by_callers = done

    def waiting_names(self) -> Tuple[Tuple[str, str], ...]:
        """The names another module's call may give each function with waiting findings:
        "export", "Exporter.render", and "exporter.render" for `exporter = Exporter()` at the
        module's level."""
        analysis = self._analysis
        if analysis is None or not self.awaiting:
            return ()
        # the functions waiting and those handing their parameters on to them
        waiting = {waiting.function for waiting in self.awaiting} | self._judged_by_callers
        objects: Dict[str, List[str]] = {}
        for name, value in analysis.module_env.items():
            if value.shape == "object" and value.name in analysis.classes:
                objects.setdefault(value.name, []).append(name)
        names: Set[Tuple[str, str]] = set()
        for name, func in analysis.functions.items():
            if function_id(analysis, func) in waiting:
                names.add((name, function_id(analysis, func)))
        for (owner, name), func in analysis.methods.items():
            if function_id(analysis, func) in waiting:
                for holder in [owner, *objects.get(owner, ())]:
                    names.add((f"{holder}.{name}", function_id(analysis, func)))
        return tuple(sorted(names))

    def callers(self) -> Tuple[CallerFact, ...]:
        """What the calls the runs met gave the parameters of functions with sinks."""
        return tuple(self._analysis.passed) if self._analysis is not None else ()

    def external_calls(self) -> Tuple[str, ...]:
        """Dotted names of calls this file's analysed functions make that neither the file nor
        the models answer: the candidates for functions of other modules of the scan."""
        if self._analysis is None:
            return ()
        return tuple(sorted(self._analysis.external_calls))

    def external_spans(self) -> Tuple[Tuple[str, Tuple[Tuple[int, int], ...]], ...]:
        """For each external call (or name), the (first, last) lines of the functions whose
        runs met it: the whole file when its module-level code did."""
        if self._analysis is None:
            return ()
        every = (1, max(1, len(self._source.lines)))
        tree = self._analysis.tree
        return tuple(
            (
                qual,
                tuple(
                    sorted(
                        every
                        if func is tree
                        else (func.lineno, getattr(func, "end_lineno", None) or func.lineno)  # type: ignore[attr-defined]
                        for func in funcs
                    )
                ),
            )
            for qual, funcs in sorted(self._analysis.external_from.items())
            if qual in self._analysis.external_calls
        )

    def external_results(self) -> Tuple[str, ...]:
        """Those of the external calls whose result reaches a sink of this file."""
        if self._analysis is None:
            return ()
        return tuple(sorted(self._analysis.external_results & self._analysis.external_calls))

    def _flow_step(self, step: Step) -> FlowStep:
        line, col, end_line, end_col, message, nesting = step[:6]
        source = self._source
        if len(step) > 6 and step[6] != source.path and self._analysis is not None:
            project = self._analysis.project
            other = project.source_of(step[6]) if project is not None else None
            source = other if other is not None else source
        line = max(1, line)
        end_line = max(line, end_line)
        return FlowStep(
            path=source.path,
            region=Region(
                line,
                source.utf16_column(line, col),
                end_line,
                source.utf16_column(end_line, end_col),
            ),
            message=message,
            nesting=nesting,
        )


def analyse(
    tree: ast.Module,
    source: SourceFile,
    models: Models,
    module: str = "",
    is_package: bool = False,
    project: Optional[ProjectIndex] = None,
    url_arguments: FrozenSet[UrlArgument] = frozenset(),
    templates: TemplateFacts = frozenset(),
    calls: Optional[Callable[[], Iterable[ast.Call]]] = None,
    imports: Optional[Sequence[ast.AST]] = None,
    nodes: Optional[Sequence[ast.AST]] = None,
) -> Flows:
    """The file's flows; files that cannot read a modelled source are not interpreted. With a
    project, calls into the scan's other modules are followed through their summaries.
    `calls`, `imports` and `nodes` give the file's call sites, import statements and nodes,
    at every depth, where an index of them is at hand (else a walk finds them)."""
    text = source.text
    if not _may_read_input(text, models):

        def make() -> FileAnalysis:
            quiet = FileAnalysis(
                tree, models, {}, frozenset(), module, is_package, project, source.path, text
            )
            quiet.nodes = nodes
            _read_templates(quiet, templates)
            quiet.run(())
            return quiet

        return Flows(None, source, make, calls)
    imported = _imported_modules(tree)
    routes = url_arguments | url_arguments_of(tree, module, is_package)
    entry_params, view_returns, entries, (dependencies, foreign) = _entries(
        tree,
        source.lines,
        imported,
        models,
        _function_triggers(
            imports
            if imports is not None
            else [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))],
            models,
        ),
        source.path,
        (module, routes),
        calls,
    )
    analysis = FileAnalysis(
        tree, models, entry_params, view_returns, module, is_package, project, source.path, text
    )
    # only where a helper can read the request without being given it (Flask's global
    # `request`) can another module's result bring input into this file's sinks
    analysis.dependencies = dependencies
    analysis.nodes = nodes
    analysis.foreign_dependencies = foreign
    _read_templates(analysis, templates)
    analysis.web = any(_imports(imported, m) for m in _GLOBAL_REQUEST_MODULES)
    analysis.run(entries)
    return Flows(analysis, source, calls=calls)


def _call_sites(nodes: Iterable[ast.AST]) -> Dict[str, List[int]]:
    """The lines calling each name as a function of the file or a method of the object or
    class at hand (`name(...)`, `self.name(...)`, `cls.name(...)`; `template.render()` is
    another object's), sorted."""
    sites: Dict[str, List[int]] = {}
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            sites.setdefault(func.id, []).append(node.lineno)
        elif (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        ):
            sites.setdefault(func.attr, []).append(node.lineno)
    for lines in sites.values():
        lines.sort()
    return sites


def _callers_of(
    called: ast.AST, functions: List[ast.AST], sites: Dict[str, List[int]]
) -> List[ast.AST]:
    """The functions (sorted by line) holding a call of `called` by its name (see
    _call_sites)."""
    lines = sites.get(getattr(called, "name", ""), [])
    found = []
    for func in functions:
        start, end = func.lineno, getattr(func, "end_lineno", None) or func.lineno  # type: ignore[attr-defined]
        at = bisect.bisect_left(lines, start)
        if func is not called and at < len(lines) and lines[at] <= end:
            found.append(func)
    return found


def _through_inner(hit: SinkHit, anchors: Set[Tuple[str, Tuple[int, int, int, int]]]) -> bool:
    """Whether the value at a sink is, or passed through, a sink call of the same class written
    inside the sink's argument (`anchors`: every hit's class and sink call's place)."""
    outer = span(hit.node)
    return any(
        (hit.sink_class, place) in anchors and encloses(outer, place)
        for place in (outer, *(tuple(step[:4]) for step in hit.taint.trace))
    )


def _in_a_call(func: ast.AST, place: Tuple[int, int]) -> bool:
    """Whether a call inside `func` spans the (line, column) `place`."""
    return any(
        isinstance(node, ast.Call)
        and (node.lineno, node.col_offset)
        <= place
        <= (node.end_lineno or node.lineno, node.end_col_offset or 0)
        for node in ast.walk(func)
    )


def _may_read_input(text: str, models: Models) -> bool:
    """Whether a file's text names a trigger word, or decorates a function with a route
    decorator of the models (`@app.get(`, `@router.post(`): those words alone (`get`, `post`)
    are in most files, as dict and client methods."""
    words, decorators = _triggers(models)
    return any(word in text for word in words) or (
        decorators is not None and decorators.search(text) is not None
    )


def _triggers(models: Models) -> Tuple[Tuple[str, ...], Optional[Pattern[str]]]:
    """The trigger words and the route decorators' pattern of these models, worked out once
    (asked for every file)."""
    memo = models.__dict__.setdefault("_trigger_memo", {})
    if "file" not in memo:
        decorators = sorted({word for route in models.routes for word in route.decorators})
        memo["file"] = (
            _file_triggers(models),
            re.compile(rf"@[\w. \t]*\b(?:{'|'.join(map(re.escape, decorators))})\s*\(")
            if decorators
            else None,
        )
    return memo["file"]


def _source_prefixes(models: Models) -> FrozenSet[str]:
    """Every dotted prefix of a source's name (`flask`, `flask.request` ...), worked out once."""
    memo = models.__dict__.setdefault("_trigger_memo", {})
    if "prefixes" not in memo:
        names = [source.name for source in models.sources]
        memo["prefixes"] = frozenset(
            ".".join(n.split(".")[:cut]) for n in names for cut in range(1, n.count(".") + 2)
        )
    return memo["prefixes"]


def _file_triggers(models: Models) -> Tuple[str, ...]:
    words: Set[str] = set(_ALWAYS_TRIGGERS)
    words.update(_FORM_HANDLERS)  # a form view's handler is given the bound form, not a request
    for param in models.param_sources:
        words.add(param.param)
    return tuple(sorted(words))


#: what a parameter the framework validated holds (a number, a Literal's or an Enum's value):
#: text the code fixes, so a sink it reaches is judged as one of constants
VALIDATED = FIXED_TEXT

#: frameworks with a global request object a helper of another module may read
_GLOBAL_REQUEST_MODULES = frozenset({"flask", "werkzeug", "quart", "bottle"})

#: parser methods that read the command line, called on a parser object of any name
_PARSER_READS = ("parse_args", "parse_known_args")


def _function_triggers(imports: Iterable[ast.AST], models: Models) -> Tuple[str, ...]:
    """Words without which a function's code cannot read a source: a source as a module's
    attribute (`sys.argv`, `os.environ`, also under the file's own name for the module: `S.argv`
    after `import sys as S`), the local name this file gives an imported source (`request` after
    `from flask import request`), a parser's reading method, and a builtin source called
    (`input(`, not `self.input` or a parameter named `input`). A bare `stdin` or `environ` is
    far more often a pipe's or a WSGI server's than the process's. `imports`: the file's import
    statements, those inside functions too (`from sys import argv` in `main()`)."""
    names = [source.name for source in models.sources]
    prefixes = _source_prefixes(models)
    words: Set[str] = set(_PARSER_READS)
    words.update(n + "(" if "." not in n else ".".join(n.split(".")[:2]) for n in names)
    for node in imports:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in prefixes:
                    words.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                under = alias.name + "."
                local = alias.asname or alias.name
                words.update(
                    f"{local}.{n[len(under) :].split('.')[0]}" for n in names if n.startswith(under)
                )
    return tuple(sorted(words))


def _imported_modules(tree: ast.Module) -> FrozenSet[str]:
    found: Set[str] = set()
    for node in tree.body:
        for sub in [node] + (list(ast.walk(node)) if isinstance(node, (ast.If, ast.Try)) else []):
            if isinstance(sub, ast.Import):
                found.update(alias.name for alias in sub.names)
            elif isinstance(sub, ast.ImportFrom) and sub.module:
                found.add(sub.module)
                found.update(f"{sub.module}.{alias.name}" for alias in sub.names)
    return frozenset(found)


def _imports(imported: FrozenSet[str], module: str) -> bool:
    prefix = module + "."
    return any(name == module or name.startswith(prefix) for name in imported)


def _functions(tree: ast.Module) -> Iterable[ast.AST]:
    for node in tree.body:
        if isinstance(node, _FUNCTIONS):
            yield node
            # a decorator's wrapper, a handler a factory makes: run as the framework runs them
            yield from nested_functions(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, _FUNCTIONS):
                    yield item


def _own_returns(func: ast.AST) -> Iterator[ast.Return]:
    """The function's return statements, not those of functions defined inside it."""
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Return):
            yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def _answered_here(
    mark: ast.Call, local_functions: Set[str], annotation: Optional[ast.expr]
) -> bool:
    """Whether a `Depends(dep)`-like mark names a function or class of this file, whose result
    the analysis follows (`Depends()` names the parameter's class)."""
    target = mark.args[0] if mark.args else _annotated_class(annotation)
    return isinstance(target, ast.Name) and target.id in local_functions


def _entries(
    tree: ast.Module,
    lines: List[str],
    imported: FrozenSet[str],
    models: Models,
    triggers: Tuple[str, ...],
    path: str = "",
    urls: Tuple[str, FrozenSet[UrlArgument]] = ("", frozenset()),
    calls: Optional[Callable[[], Iterable[ast.Call]]] = None,
) -> Tuple[
    Dict[ast.AST, Dict[str, Value]],
    FrozenSet[ast.AST],
    List[ast.AST],
    Tuple[Dict[ast.AST, Dict[str, ast.AST]], Dict[ast.AST, Dict[str, ast.expr]]],
]:
    # URL keyword arguments are looked for in views modules only (views.py, views/…, where
    # Django projects keep what urls.py routes to) and in files routing their own views
    module, url_routes = urls
    prefix = f"{module}." if module else ""
    routed_here = {
        v for v, _, _ in url_routes if v.startswith(prefix) and "." not in v[len(prefix) :]
    }
    #: a method's class: a class-based view is routed by its class (`OrderView.as_view()`)
    owners_nodes: Dict[ast.AST, ast.ClassDef] = {
        item: node
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, _FUNCTIONS)
    }
    owners = {item: node.name for item, node in owners_nodes.items()}
    views_module = bool(routed_here) or "view" in path.replace("\\", "/").lower()
    # a function the file calls itself is a helper of its views, not a view: its arguments
    # are what the view passes (a database row, a template name), not the URL's; looked for
    # once a function looks like a view (a walk of the whole tree)
    called: List[Set[str]] = []

    def called_here(name: str) -> bool:
        if not called:
            sites = calls() if calls is not None else ast.walk(tree)
            called.append(
                {
                    n.func.id
                    for n in sites
                    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                }
            )
        return name in called[0]

    # what the file's routes make of their path's parts: aiohttp's patterns, Starlette's converters
    path_checks = {
        attr: checks
        for attr, module, find in (
            ("match_info", "aiohttp", match_info_checks),
            ("path_params", "starlette", path_param_checks),
        )
        if _imports(imported, module)
        for checks in [find(tree)]
        if checks
    }
    code = "\n".join(lines)
    reads_source = WordLines(triggers, code).within
    entry_params: Dict[ast.AST, Dict[str, Value]] = {}
    view_returns: Set[ast.AST] = set()
    entries: List[ast.AST] = []
    routes = [r for r in models.routes if _imports(imported, r.module)]
    params = [p for p in models.param_sources if _imports(imported, p.module)]
    methods_of_views = {
        item
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(type_name(b).endswith(("View", "ViewSet")) for b in node.bases)
        for item in node.body
        if isinstance(item, _FUNCTIONS)
    }
    drf = _imports(imported, "rest_framework")
    clicked = _imports(imported, "click")
    dependencies, depended, foreign = _dependencies(tree, routes)
    # a walk of the whole tree: only where the file says it routes a view class by a call
    routing = "add_url_rule" in code or "add_resource" in code
    class_rules = _class_rules(tree) if routing else {}
    local_classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    # what `Depends(x)` may name and the analysis follows: a function, or a class whose
    # __init__ FastAPI fills
    local_functions = {
        node.name for node in tree.body if isinstance(node, (*_FUNCTIONS, ast.ClassDef))
    }
    enums = enum_classes(tree)
    aliases: Optional[Dict[str, ast.expr]] = None  # the module's type aliases, read when needed
    for func in _functions(tree):
        given: Dict[str, Value] = {}
        args = func.args  # type: ignore[attr-defined]
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        routed = False
        for name, checked in click_params(func).items() if clicked else ():
            # a click command's options and arguments: the command line's text, as click
            # checked it (`type=int`, a `Choice` of constants: nothing harmful)
            arg = next((a for a in every if a.arg == name), None)
            if arg is not None:
                said = f"local input from the command-line parameter `{name}`"
                read = Taint(frozenset({"local"}), checked, (_arg_step(arg, message=said),))
                given[name] = VALIDATED if checked == EVERYWHERE else tainted(read)
        for route in routes:
            rules = [_rule_of(d) for d in _route_decorators(func, route)]
            if route.framework == "flask" and getattr(func, "name", "") in _VIEW_METHODS:
                rules += class_rules.get(owners.get(func, ""), [])
            if depended.get(func) is route:
                rules.append(None)  # a dependency: filled from the request, no path of its own
            for rule in rules:
                routed = True
                route_text = (
                    rule.value
                    if isinstance(rule, ast.Constant) and isinstance(rule.value, str)
                    else ""
                )
                named = {
                    m.group("name"): (m.groupdict().get("conv") or "")
                    for m in re.finditer(route.path_pattern, route_text)
                }
                for arg in every:
                    if arg.arg in ("self", "cls"):
                        continue
                    if arg.arg in named:
                        if named[arg.arg] in route.safe_converters:
                            given[arg.arg] = VALIDATED  # `<int:id>`: a number
                            continue
                    elif not route.all_params:
                        continue
                    default = _default_of(func, arg)
                    if aliases is None:
                        aliases = type_aliases(tree)
                    annotation = through_alias(arg.annotation, aliases)
                    marks = [default, *annotated_extras(annotation)]
                    if any(
                        isinstance(mark, ast.Call)
                        and type_name(mark.func) in route.safe_annotations
                        and _answered_here(mark, local_functions, annotation)
                        for mark in marks
                    ):
                        # `= Depends(dep)`, `Annotated[str, Depends(dep)]`: what a dependency
                        # of this file returns (one of another module may pass input on: kept)
                        continue
                    # what the framework validates: a number, a Literal, an Enum, a pattern
                    checked = declared_checks(
                        arg.annotation,
                        cast(Optional[ast.expr], default),
                        route.safe_annotations | enums,
                        aliases,
                    )
                    if checked == EVERYWHERE:
                        given[arg.arg] = VALIDATED
                        continue
                    # a body model (`order: Order`) of this file or imported (`from .schemas
                    # import Order`): its fields' declarations decide
                    declared = _annotated_class(annotation)  # `Annotated[Paging, ...]` too
                    # `items: list[Reminder]`: a list of models, each checked as one
                    listed = _listed_class(declared)
                    declared = listed if listed is not None else declared
                    model = declared.id if isinstance(declared, ast.Name) else ""
                    if any(name.endswith(f".{model}") for name in imported):
                        local_classes.add(model)
                    given[arg.arg] = tainted(
                        Taint(
                            frozenset({route.kind}),
                            checked,
                            (_arg_step(arg, route.framework),),
                        ),
                        shape=f"model:{model}" if model in local_classes else "",
                    )
                    if listed is not None and model in local_classes:
                        given[arg.arg] = Value(entries=((REST, given[arg.arg]),), shape="list")
                if route.framework == "flask" or _html_response(_route_decorators(func, route)):
                    # Flask sends a returned str as HTML; FastAPI does under
                    # `response_class=HTMLResponse`
                    view_returns.update(_own_returns(func))
        view = prefix + owners.get(func, getattr(func, "name", ""))
        known = arguments_of(url_routes, view) if views_module else None
        for route in routes:
            safe = frozenset(route.safe_converters)
            if (
                not route.decorators
                and views_module
                and _is_view(func, every)
                and not called_here(getattr(func, "name", ""))
            ):
                # Django: a view is `view(request, **url_kwargs)`, its route declared in urls.py
                for arg in every[every.index(_request_arg(every)) + 1 :]:
                    if _default_of(func, arg) is not None or arg.arg in _HANDLER_PARAMS:
                        continue  # a view's option or an error handler's exception, not the URL's
                    if (
                        arg.annotation is not None
                        and annotated_type(arg.annotation) in route.safe_annotations
                    ):
                        given[arg.arg] = VALIDATED
                        continue
                    if known is not None and known.get(arg.arg, _NOT_ROUTED) <= safe:
                        # `path("<int:pk>/", view)`: a number; a parameter the routes do not
                        # name is given by the code (path(..., view, {"root": ...}))
                        if arg.arg in known:
                            given[arg.arg] = VALIDATED
                        continue
                    given[arg.arg] = _routed(
                        known.get(arg.arg, frozenset()) if known is not None else frozenset(),
                        safe,
                        Taint(frozenset({route.kind}), trace=(_arg_step(arg, route.framework),)),
                    )
        lookup = _viewset_lookup(func, owners_nodes.get(func)) if drf else None
        if lookup is not None and lookup[0].arg not in given:
            # a ViewSet's detail method: the router fills the lookup from the URL
            arg, classes = lookup
            read = Taint(frozenset({"remote"}), trace=(_arg_step(arg, "REST framework"),))
            given[arg.arg] = tainted(read.sanitize(classes) if classes else read)
        request_attrs: Dict[str, Set[str]] = {}
        request_kind: Dict[str, str] = {}
        for param in params:
            for arg in every:
                annotated = (
                    arg.annotation is not None
                    and annotated_type(arg.annotation) in param.annotations
                )
                if arg.arg == param.param or annotated:
                    request_attrs.setdefault(arg.arg, set()).update(param.attrs)
                    request_kind[arg.arg] = param.kind
        # `{tid:\d+}` in the path of the handler's aiohttp route: match_info["tid"] is digits;
        # `{tid:int}` in a Starlette route's: path_params["tid"] is a number
        patterns = tuple(
            ((attr, key), Value(shape=PATTERN, name=",".join(sorted(classes))))
            for attr, checks in path_checks.items()
            for key, classes in checks.get(getattr(func, "name", ""), {}).items()
        )
        for name, attrs in request_attrs.items():
            shape = f"request:{request_kind[name]}:{','.join(sorted(attrs))}"
            given[name] = Value(shape=shape, name=name, entries=patterns or None)
        if params and every and every[0].arg == "self" and func in methods_of_views:
            # a class-based view (aiohttp's web.View, Django's View) holds its request on self
            readable = ",".join(sorted({a for p in params for a in p.attrs}))
            request = Value(shape=f"request:{params[0].kind}:{readable}", name="request")
            held: Tuple[Tuple[Any, Value], ...] = ((("attr", "request"), request),)
            # a REST framework module need not import django itself: its views are Django's
            kinds = [route.kind for route in routes if not route.decorators] or (
                ["remote"] if drf else []
            )
            numbers = frozenset().union(*(r.safe_converters for r in routes))
            if kinds and known is not None:
                # Django's View keeps the URL's keyword arguments on self.kwargs, each as the
                # scan's urls.py routes it: `<int:pk>` a number, `<str:name>` input
                step = _arg_step(every[0], message="user input from `self.kwargs`")
                text = Taint(frozenset({kinds[0]}), trace=(step,))
                items = tuple(
                    (key, _routed(converters, numbers, text)) for key, converters in known.items()
                )
                held += ((("attr", "kwargs"), Value(entries=items, shape="dict")),)
            elif kinds:
                # routed where the scan cannot see: a mapping whose items are input, not a
                # tainted value (which every read of self would carry)
                url = Value(shape=f"request:{kinds[0]}:{_MAPPING_READS}", name="kwargs")
                held += ((("attr", "kwargs"), url),)
            # and stands for itself too: a helper method reading what another stored on self
            # (`self.sort = request.GET["sort"]; self.rows()`) passes it to its sinks
            itself = Taint(frozenset({f"{PARAM_PREFIX}0"}))
            given["self"] = Value(taint=itself, entries=held, shape="object")
            bound_param, attr = _FORM_HANDLERS.get(getattr(func, "name", ""), ("", ""))
            form = next((a for a in every[1:] if a.arg == bound_param), None)
            if kinds and form is not None:
                # FormView.form_valid(form), a REST framework view's perform_create(serializer):
                # what the request's data bound, validated by field types the analysis does
                # not see (MEDIUM)
                step = _arg_step(form, message=f"user input bound to `{bound_param}`")
                bound = Taint(frozenset({kinds[0]}), trace=(step,), exact=False)
                # `form_class = ReportForm`: its fields' declarations decide, when found
                form_class = _form_class(owners_nodes.get(func), attr)
                shape = f"form:{form_class}" if form_class else "object"
                given[bound_param] = Value(taint=bound, shape=shape)
        if given:
            entry_params[func] = given
            entries.append(func)
        elif routed or reads_source(func):
            # a routed view is run even when its own text reads no input: a helper may read
            # the request for it (Flask's global `request`)
            entries.append(func)
    return entry_params, frozenset(view_returns), entries, (dependencies, foreign)


#: a ViewSet's methods a REST framework router routes by the object's lookup in the URL
_DETAIL_METHODS = frozenset({"retrieve", "update", "partial_update", "destroy"})
#: the routers' lookup_value_regex unless the ViewSet sets its own: any text but `/` and `.`
_ROUTER_LOOKUP = "[^/.]+"


def _viewset_lookup(
    func: ast.AST, cls: Optional[ast.ClassDef]
) -> Optional[Tuple[ast.arg, FrozenSet[str]]]:
    """The parameter a REST framework router fills from the URL in a ViewSet's detail method
    (`retrieve(self, request, pk=None)`, an `@action(detail=True)`), named by the class's
    `lookup_url_kwarg` or `lookup_field` (`pk` by default), and the sink classes its
    `lookup_value_regex` makes it harmless for."""
    if cls is None or not any(
        type_name(base).endswith(("ViewSet", "ViewSetMixin")) for base in cls.bases
    ):
        return None
    decorators = getattr(func, "decorator_list", [])
    if getattr(func, "name", "") not in _DETAIL_METHODS and not any(
        isinstance(d, ast.Call)
        and type_name(d.func).rpartition(".")[2] == "action"
        and any(
            k.arg == "detail" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in d.keywords
        )
        for d in decorators
    ):
        return None
    settings = {
        item.targets[0].id: item.value.value
        for item in cls.body
        if isinstance(item, ast.Assign)
        and len(item.targets) == 1
        and isinstance(item.targets[0], ast.Name)
        and isinstance(item.value, ast.Constant)
        and isinstance(item.value.value, str)
    }
    name = settings.get("lookup_url_kwarg") or settings.get("lookup_field") or "pk"
    args = func.args  # type: ignore[attr-defined]
    for arg in [*args.args, *args.kwonlyargs]:
        if arg.arg == name:
            return arg, safe_classes(settings.get("lookup_value_regex", _ROUTER_LOOKUP))
    return None


def _routed(converters: FrozenSet[str], safe: FrozenSet[str], read: Taint) -> Value:
    """A URL argument as the routes give it: a number (or a slug, a UUID) where every route's
    converter is one; text checked for the classes every route's pattern group admits nothing
    harmful for (`(?P<code>[A-Z]{3}-[0-9]{4})`); else input."""
    if converters and converters <= safe:
        return VALIDATED
    checked: Optional[FrozenSet[str]] = None
    for converter in converters - safe:
        classes = (
            frozenset(converter[len(PATTERN_CONVERTER) :].split(","))
            if converter.startswith(PATTERN_CONVERTER)
            else frozenset()
        )
        checked = classes if checked is None else checked & classes
    return tainted(read.sanitize(checked) if checked else read)


def _form_class(cls: Optional[ast.ClassDef], attr: str) -> str:
    """The name a view's `form_class = ...` (`attr`) gives ('' when it names none plainly)."""
    for item in cls.body if cls is not None else ():
        if (
            isinstance(item, ast.Assign)
            and len(item.targets) == 1
            and isinstance(item.targets[0], ast.Name)
            and item.targets[0].id == attr
            and isinstance(item.value, ast.Name)
        ):
            return item.value.id
    return ""


def _read_templates(analysis: FileAnalysis, templates: TemplateFacts) -> None:
    """Give the analysis what the scan's templates write unescaped, and the functions whose
    result is a template's context: the same in a file run only for a verdict (no source in
    it) as in one run for its input, or a verdict would depend on why the file was run."""
    analysis.templates = templates
    analysis.template_returns = _template_returns(analysis) if templates else {}


def _template_returns(analysis: FileAnalysis) -> Dict[ast.AST, str]:
    """Functions whose return value is a template's context, by the template's name: an
    aiohttp handler under `@aiohttp_jinja2.template("page.html")`, and a Django class-based
    view's `get_context_data` where the class (or a class of the file it extends) names its
    `template_name`."""
    found: Dict[ast.AST, str] = {}

    def template_name(cls: str) -> str:
        for current in analysis.lineage(cls):  # the class, then the classes it extends
            for item in analysis.classes[current].body:
                if (
                    isinstance(item, ast.Assign)
                    and any(
                        isinstance(t, ast.Name) and t.id == "template_name" for t in item.targets
                    )
                    and isinstance(item.value, ast.Constant)
                    and isinstance(item.value.value, str)
                ):
                    return item.value.value
        return ""

    for node in analysis.tree.body:  # handlers and views are the module's own (a walk cost a parse)
        if isinstance(node, _FUNCTIONS):
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and ast.unparse(decorator.func) == "aiohttp_jinja2.template"
                    and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)
                    and isinstance(decorator.args[0].value, str)
                ):
                    found[node] = decorator.args[0].value
        elif isinstance(node, ast.ClassDef):
            name = template_name(node.name)
            for item in node.body:
                if name and isinstance(item, _FUNCTIONS) and item.name == "get_context_data":
                    found[item] = name
    return found


#: a view's methods given what the request's data bound: {method: (its parameter, the class
#: attribute naming the form's class)}, of Django's form views and REST framework's views
_FORM_HANDLERS = {
    "form_valid": ("form", "form_class"),
    "form_invalid": ("form", "form_class"),
    "perform_create": ("serializer", "serializer_class"),
    "perform_update": ("serializer", "serializer_class"),
}
#: the converter set of a keyword no route names: treated as safe (not a URL argument)
_NOT_ROUTED: FrozenSet[str] = frozenset()
#: what reads a request-like mapping's items (self.kwargs["slug"], .get("slug"), .values())
_MAPPING_READS = "__getitem__,get,items,values,pop,setdefault"


def _class_rules(tree: ast.Module) -> Dict[str, List[ast.expr]]:
    """{class: its URL rules} for Flask's class-based views routed by a call:
    `app.add_url_rule("/items/<slug>", view_func=ItemView.as_view("item"))`, and
    Flask-RESTful's `api.add_resource(ItemResource, "/items/<slug>")`."""
    rules: Dict[str, List[ast.expr]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr == "add_url_rule" and node.args:
            view = next((k.value for k in node.keywords if k.arg == "view_func"), None)
            if view is None and len(node.args) >= 3:
                view = node.args[2]
            if (
                isinstance(view, ast.Call)
                and isinstance(view.func, ast.Attribute)
                and view.func.attr == "as_view"
                and isinstance(view.func.value, ast.Name)
            ):
                rules.setdefault(view.func.value.id, []).append(node.args[0])
        elif node.func.attr == "add_resource" and node.args and isinstance(node.args[0], ast.Name):
            rules.setdefault(node.args[0].id, []).extend(node.args[1:])
    return rules


def _route_decorators(func: ast.AST, route: RouteParams) -> List[ast.Call]:
    return [
        d
        for d in func.decorator_list  # type: ignore[attr-defined]
        if isinstance(d, ast.Call) and type_name(d.func) in route.decorators
    ]


def _html_response(decorators: List[ast.Call]) -> bool:
    """Whether a route decorator declares `response_class=HTMLResponse` (FastAPI, Starlette)."""
    return any(
        kw.arg == "response_class" and type_name(kw.value).endswith("HTMLResponse")
        for d in decorators
        for kw in d.keywords
    )


def _rule_of(decorator: ast.Call) -> Optional[ast.expr]:
    rule = decorator.args[0] if decorator.args else None
    for kw in decorator.keywords:
        if kw.arg in ("rule", "path"):
            rule = kw.value
    return rule


def _dependencies(
    tree: ast.Module, routes: List[RouteParams]
) -> Tuple[
    Dict[ast.AST, Dict[str, ast.AST]],
    Dict[ast.AST, RouteParams],
    Dict[ast.AST, Dict[str, ast.expr]],
]:
    """FastAPI's dependencies of this file: {endpoint: {parameter: the function it depends
    on}}, {that function: the route whose framework fills its parameters from the request, as
    it fills an endpoint's}, and {endpoint: {parameter: the `x` of `Depends(x)`, the class
    `Depends()` annotates, or the imported name annotating it}} for an `x` imported from
    another module (the link step answers those)."""
    # a class depended on (`Depends(Pagination)`, or `page: Pagination = Depends()`): FastAPI
    # fills its __init__'s parameters from the request and gives the instance (a class with
    # no __init__ of its own stands for itself)
    local: Dict[str, ast.AST] = {
        **{node.name: node for node in tree.body if isinstance(node, (*_FUNCTIONS, ast.ClassDef))},
        **_initializers(tree),
    }
    dependencies: Dict[ast.AST, Dict[str, ast.AST]] = {}
    depended: Dict[ast.AST, RouteParams] = {}
    foreign: Dict[ast.AST, Dict[str, ast.expr]] = {}
    aliases = type_aliases(tree) if routes else {}
    imported = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and routes
        for alias in node.names
    }
    for route in routes:
        if not route.all_params:
            continue
        for func in _functions(tree):
            if not _route_decorators(func, route):
                continue
            args = func.args  # type: ignore[attr-defined]
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                annotation = through_alias(arg.annotation, aliases)
                marks = [_default_of(func, arg), annotation]
                if isinstance(annotation, ast.Subscript):  # Annotated[str, Depends(dep)]
                    inner = annotation.slice
                    marks += inner.elts if isinstance(inner, ast.Tuple) else [inner]
                for mark in marks:
                    if not depends_mark(mark):
                        continue
                    given = cast(ast.Call, mark).args
                    # `Depends()` names no function: the parameter's class is depended on
                    target = given[0] if given else _annotated_class(annotation)
                    if isinstance(target, ast.Name) and target.id in local:
                        dependency = local[target.id]
                        dependencies.setdefault(func, {})[arg.arg] = dependency
                        depended.setdefault(dependency, route)
                    elif isinstance(target, (ast.Name, ast.Attribute)):
                        foreign.setdefault(func, {})[arg.arg] = target
                if (
                    arg.arg not in foreign.get(func, {})
                    and arg.arg not in dependencies.get(func, {})
                    and isinstance(arg.annotation, ast.Name)
                    and arg.annotation.id in imported
                    and arg.annotation.id not in aliases
                ):
                    # an imported name that may be a dependency's alias (`SessionDep`), or a
                    # model FastAPI fills from the body: the link step tells
                    foreign.setdefault(func, {})[arg.arg] = arg.annotation
    return dependencies, depended, foreign


def _initializers(tree: ast.Module) -> Dict[str, ast.AST]:
    """The module's classes that define __init__, by name: that method."""
    return {
        node.name: init
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        for init in node.body
        if isinstance(init, _FUNCTIONS) and init.name == "__init__"
    }


def _annotated_class(annotation: Optional[ast.expr]) -> Optional[ast.expr]:
    """The class an annotation names: `Pagination`, or the first of `Annotated[Pagination,
    Depends()]`."""
    if isinstance(annotation, ast.Subscript) and type_name(annotation.value) == "Annotated":
        inner = annotation.slice
        return inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else None
    return annotation


#: annotations of a sequence of one type: FastAPI checks each item as that type
_SEQUENCES = frozenset({"list", "List", "Sequence", "set", "Set", "frozenset", "FrozenSet"})


def _listed_class(annotation: Optional[ast.expr]) -> Optional[ast.expr]:
    """The item class of `list[Reminder]` (`List[...]`, `Sequence[...]`, a set); None for any
    other annotation."""
    if isinstance(annotation, ast.Subscript) and type_name(annotation.value) in _SEQUENCES:
        return annotation.slice if isinstance(annotation.slice, (ast.Name, ast.Attribute)) else None
    return None


def _request_arg(every: List[ast.arg]) -> ast.arg:
    return every[1] if every and every[0].arg in ("self", "cls") else every[0]


#: what error handlers and hooks are given besides the request (Django's handler404 gets
#: `exception`): objects of the framework, never parts of the URL
_HANDLER_PARAMS = frozenset(
    {"exception", "exc", "exc_type", "exc_value", "exc_info", "tb", "response", "reason"}
)
#: methods of a class-based view that Django calls with the URL's keyword arguments
_VIEW_METHODS = VIEW_HANDLERS | frozenset(VIEW_HOOKS)


def _is_view(func: ast.AST, every: List[ast.arg]) -> bool:
    """`view(request, ...)` at module level, or a class-based view's `get(self, request, ...)`:
    not every function taking a request (middleware's `process_response(self, request,
    response)` is called by the framework with objects, not URL parts)."""
    method = bool(every) and every[0].arg in ("self", "cls")
    if method and getattr(func, "name", "") not in _VIEW_METHODS:
        return False
    skip = 1 if method else 0
    return len(every) > skip and every[skip].arg == "request"


def _default_of(func: ast.AST, arg: ast.arg) -> Optional[ast.AST]:
    args = func.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    if arg in positional:
        index = positional.index(arg) - (len(positional) - len(args.defaults))
        return args.defaults[index] if index >= 0 else None
    if arg in args.kwonlyargs:
        return args.kw_defaults[args.kwonlyargs.index(arg)]
    return None


def _arg_step(arg: ast.arg, framework: str = "", message: str = "") -> Step:
    """The first step of a parameter's input: `message`, else a framework's route parameter."""
    said = message or f"user input from the {framework} route parameter `{arg.arg}`"
    return (*span(arg), said, 0)
