"""The link step: data flow across the files of a scan, in the parent, after the workers.

Workers analyse each file alone and report the calls their data flow could not follow inside
it. Where such a call names a function of another scanned module (`from .helpers import run`,
`services.users.lookup(...)`), the file is scanned again with every module of the scan at hand:
the call is answered by the other function's summary, computed in its own file, and the path
of a finding shows the steps inside it, nested. Files with no such call keep their result, so
an unchanged tree is still answered from the cache; the link step is redone on every run.
"""

from __future__ import annotations

import ast
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..analysis.nodes import is_factory
from ..analysis.source import SourceError, SourceFile, parse
from ..analysis.taint.check import CLASS_OF_RULE
from ..analysis.taint.interpret import (
    FileAnalysis,
    ProjectIndex,
    Summary,
    carries_input,
    method_kind,
)
from ..analysis.taint.library import PARSER_SHAPES
from ..analysis.taint.models import Models
from ..analysis.taint.patterns import annotated_type
from ..analysis.taint.values import PARAM_PREFIX, REST, Value, param_of, stand_in
from ..analysis.taint.verdicts import BANDIT_CLASSES
from ..config.options import Config
from ..model import CallerFact, FileResult, Finding, Notification
from ..records import replace
from .callers import judge_by_callers
from .collection import collection_paused
from .discovery import Target, module_name
from .filescan import _models, read_bytes, scan_bytes
from .modules import MAX_NAMESPACE_LEVELS, ModuleMap

#: files the link step scans a second time at most (each costs about one scan of the file)
MAX_LINKED_FILES = 2_000
#: re-exports (`from .impl import run` in a package's __init__) followed at most this deep
MAX_REEXPORTS = 8
#: modules the link step keeps analysed between files (each holds its syntax tree, about 0.4 MB
#: for a Django module); past it the least recently used are forgotten, read again if asked
MAX_KEPT_ANALYSES = 100


class Project:
    """The scan's modules, each read, parsed and analysed when first asked; a module's name is
    looked up from the file whose import names it (see modules.ModuleMap)."""

    def __init__(self, modules: ModuleMap, models: Models, limit: int) -> None:
        self._modules = modules
        self._models = models
        self._limit = limit
        # in the order last asked for, the least recent first
        self._analyses: Dict[str, Optional[FileAnalysis]] = {}
        self._sources: Dict[str, SourceFile] = {}
        #: what the calls met in runs of the modules' functions gave functions with sinks,
        #: kept from each analysis when it is forgotten (see engine.callers)
        self.callers: List[Tuple[str, CallerFact]] = []

    def analysis(self, module: str, near: str) -> Optional[FileAnalysis]:
        entry = self._modules.find(module, near)
        if entry is None:
            return None
        target, is_package = entry
        if target.display in self._analyses:
            known = self._analyses.pop(target.display)
            self._analyses[target.display] = known  # now the most recent
            return known
        self._analyses[target.display] = None  # a module importing itself while loading
        try:
            source = SourceFile.from_bytes(
                target.display, read_bytes(str(target.path), self._limit)
            )
            tree = parse(source.text, target.display)
        except (SourceError, OSError):
            return None
        self._sources[target.display] = source
        own_name, _ = module_name(str(target.path))
        analysis = FileAnalysis(
            tree,
            self._models,
            {},
            frozenset(),
            own_name,
            is_package,
            SeenFrom(self, target.display),
            target.display,
            source.text,
        )
        analysis.run(())
        self._analyses[target.display] = analysis
        return analysis

    def resolve(self, qualname: str, near: str) -> Optional[Tuple[FileAnalysis, ast.AST]]:
        """The function (or class, or method) `qualname` names in an import of the file `near`."""
        for _ in range(MAX_REEXPORTS):
            found = self._split(qualname, near)
            if found is None:
                return None
            analysis, rest = found
            if not _names(analysis, rest[0]):
                # `services.partner_client()`, a function of the package's __init__ named as
                # a module of it is: the __init__'s binding is the one an import gets
                outer = self._split(qualname, near, len(qualname.split(".")) - len(rest) - 1)
                if outer is not None and _names(outer[0], outer[1][0]):
                    analysis, rest = outer
            if len(rest) == 2 and rest[0] in analysis.classes:
                method = analysis.method(rest[0], rest[1])
                if method is not None:
                    return analysis, method
                inherited = analysis.inherited(rest[0], rest[1])
                if inherited is None or inherited == qualname:
                    return None
                qualname = inherited  # defined by a class of yet another module
                continue
            if len(rest) == 3 and rest[0] in analysis.classes:
                # `Product.objects.search(q)`: a method of the object a class attribute holds;
                # `FeedIndex.load(p).item_by_guid(g)`: of the object its classmethod makes
                held = analysis.held_method(*rest) or analysis.made_method(*rest)
                return (analysis, held) if held is not None else None
            function = analysis.functions.get(rest[0]) or analysis.classes.get(rest[0])
            if function is not None and len(rest) == 1:
                return analysis, function
            made = _made_class(analysis, function) if len(rest) == 2 else ""
            if made:
                # `partner_client().forward_event(...)`, the function a factory returning an
                # object of a scanned class: that class's method
                qualname = f"{made}.{rest[1]}"
                continue
            typed = _alias_class(analysis, rest[0]) if function is None else ""
            if typed and len(rest) == 2:
                # `suppliers.download_catalog(url)`, suppliers typed by the alias
                # `Suppliers = Annotated[SupplierClient, Depends(...)]`: the class's method
                qualname = f"{typed}.{rest[1]}"
                continue
            bound = analysis.module_env.get(rest[0])
            if function is not None or bound is None or not bound.name:
                return None
            if len(rest) == 2 and bound.shape == "object" and bound.name in analysis.classes:
                # `renderer.render(...)`, renderer = Renderer() at the module's level: the
                # method of its class
                qualname = f"{analysis.module}.{bound.name}.{rest[1]}"
                continue
            # re-exported (`from .models import EditView` in a package): follow the import
            followed = ".".join([bound.name, *rest[1:]])
            if followed == qualname:
                return None
            qualname = followed
        return None

    def module_file(self, qualname: str, near: str) -> Optional[Tuple[str, str]]:
        """The scanned file whose module `qualname` starts with (the longest such), and the
        rest of the name, without reading any file."""
        parts = qualname.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            found = self._modules.find(".".join(parts[:cut]), near)
            if found is not None:
                return found[0].display, ".".join(parts[cut:])
        return None

    def _split(
        self, qualname: str, near: str, longest: int = 0
    ) -> Optional[Tuple[FileAnalysis, List[str]]]:
        """The module a qualified name lies in (the longest of at most `longest` parts, when
        given) and the rest of the name."""
        parts = qualname.split(".")
        for cut in range(min(longest or len(parts) - 1, len(parts) - 1), 0, -1):
            module = ".".join(parts[:cut])
            if module in self._modules:
                analysis = self.analysis(module, near)
                return (analysis, parts[cut:]) if analysis is not None else None
        return None

    def passes_to_sink(self, qualname: str, near: str) -> bool:
        """Whether what a call of `qualname` is given can reach a sink inside it: for a class,
        in a method of its own, or stored by its `__init__` for a method to use later; a summary
        cut short counts as yes."""
        found = self.resolve(qualname, near)
        if found is None:
            return self._sink_of_result(qualname, near)
        analysis, function = found
        if not isinstance(function, ast.ClassDef):
            return _reaches_sink(analysis.summary(function, depth=0))
        for (owner, name), method in analysis.methods.items():
            if owner != function.name:
                continue
            summary = analysis.summary(method, depth=0)
            if _reaches_sink(summary) or (name == "__init__" and _stores_input(summary)):
                return True
        return False

    def _sink_of_result(self, qualname: str, near: str) -> bool:
        """Whether `qualname` is a method called on what a function of the scan returns that
        the models know as a sink (`conn = directory.connect()`, then `conn.search(...)`, the
        connection an ldap3 one): the second scan then knows the object."""
        maker, _, method = qualname.rpartition(".")
        found = self.resolve(maker, near) if maker else None
        if found is None or isinstance(found[1], ast.ClassDef):
            return False
        if method_kind(found[1]) == "class" and found[1] in found[0].class_of:
            # `InventoryRepository.from_request(r).search_sku(q)`: a classmethod making an
            # object of the class it is called on, whose method is then called
            return self.passes_to_sink(f"{maker.rpartition('.')[0]}.{method}", near)
        summary = found[0].summary(found[1], depth=0)
        made = summary.returns.name if summary is not None and summary.returns else ""
        # the object's own method, by name: `*.search` patterns would take every re.search
        return bool(made) and bool(self._models.sinks_named(f"{made}.{method}"))

    def constant(self, qualname: str, near: str) -> Optional[Value]:
        """A module-level name of a scanned module whose value the code fixes: a constant, a
        collection of constants, one of an allow-list, an object a library made (see
        _library_object), or an attribute of a module's object its class fixes (see
        _listed_on_object); None for anything else (a name bound to input or to a call, a
        function, a class)."""
        found = self._split(qualname, near)
        if found is not None and len(found[1]) == 2:
            return _listed_on_object(found[0], *found[1])
        if found is None or len(found[1]) != 1:
            return None
        value = found[0].module_env.get(found[1][0])
        if value is None:
            return None
        if _library_object(value, self._models):
            # `session = requests.Session()`, `STRICT = etree.XMLParser(...)`: what it is,
            # for its methods' models
            return Value(name=value.name, shape=value.shape)
        if value.all_taint() is not None:
            return None
        if value.known or value.shape == "allowed":
            return value
        entries = value.entries
        if value.shape == "object":  # an instance the module made: its class's, not a constant
            return None
        if entries is not None and entries and all(k is not REST and v.known for k, v in entries):
            return value
        return None

    def type_alias(self, qualname: str, near: str) -> Optional[Tuple[FileAnalysis, ast.expr]]:
        """See ProjectIndex.type_alias."""
        found = self._split(qualname, near)
        if found is None or len(found[1]) != 1:
            return None
        analysis, (name,) = found
        alias = analysis.type_aliases().get(name)
        return (analysis, alias) if isinstance(alias, ast.Subscript) else None

    def owns(self, qualname: str) -> bool:
        parts = qualname.split(".")
        return any(".".join(parts[:cut]) in self._modules for cut in range(len(parts) - 1, 0, -1))

    def source_of(self, path: str) -> Optional[SourceFile]:
        return self._sources.get(path)

    def trim(self) -> None:
        """Forget the least recently asked analyses past MAX_KEPT_ANALYSES; between files
        only, when no analysis is running (a module forgotten mid-run could be loaded twice
        on one call path)."""
        for display in list(self._analyses)[: max(0, len(self._analyses) - MAX_KEPT_ANALYSES)]:
            self._forget(display)

    def _forget(self, display: str) -> None:
        analysis = self._analyses.pop(display)
        if analysis is not None:
            self.callers.extend((display, fact) for fact in analysis.passed)
        self._sources.pop(display, None)

    def met_calls(self) -> List[Tuple[str, CallerFact]]:
        """What the calls met in runs of the modules' functions gave functions with sinks."""
        kept = [
            (display, fact)
            for display, analysis in self._analyses.items()
            if analysis is not None
            for fact in analysis.passed
        ]
        return self.callers + kept

    def close(self) -> None:
        """Forget the analyses, each of which refers back to the project: freed now, by
        reference counting, not by a later collection."""
        self._analyses.clear()
        self._sources.clear()


class SeenFrom(ProjectIndex):
    """The scan's modules as one file sees them: its imports resolved from where it is. For a
    file scanned again (`results_at_sinks` given), only the calls whose answer can change its
    findings are followed into their modules, those given input (or a stand-in for it: a
    parameter, another call's result) and those whose result the first scan saw reach a sink;
    a call given nothing of the kind adds no flow, and following it (and everything it calls
    in turn) was most of the link step's time. Likewise only the functions whose first run met
    such a call are run again (`rerun`): the others would find what they found."""

    def __init__(
        self,
        project: Project,
        path: str,
        results_at_sinks: Optional[FrozenSet[str]] = None,
        rerun: Optional[Tuple[Tuple[int, int], ...]] = None,
    ) -> None:
        self._project = project
        self._path = path
        self._results_at_sinks = results_at_sinks
        self.rerun = rerun

    def resolve(self, qualname: str) -> Optional[Tuple[FileAnalysis, ast.AST]]:
        return self._project.resolve(qualname, self._path)

    def source_of(self, path: str) -> Optional[SourceFile]:
        return self._project.source_of(path)

    def constant(self, qualname: str) -> Optional[Value]:
        return self._project.constant(qualname, self._path)

    def type_alias(self, qualname: str) -> Optional[Tuple[FileAnalysis, ast.expr]]:
        return self._project.type_alias(qualname, self._path)

    def follows(self, qualname: str, given: Sequence[Value]) -> bool:
        if self._results_at_sinks is None:
            return True
        return qualname in self._results_at_sinks or any(carries_input(v) for v in given)


def link(results: List[FileResult], targets: Sequence[Target], config: Config) -> List[FileResult]:
    """The results with every file whose flows leave it into another scanned module scanned
    again across files; the others as they were."""
    models = _models(config)
    if models is None:
        return results
    project = Project(ModuleMap(list(targets)), models, config.max_file_size)
    with collection_paused():
        try:
            linked = _linked(results, targets, config, project)
            return judge_by_callers(linked, project, project.met_calls())
        finally:
            project.close()


def _linked(
    results: List[FileResult], targets: Sequence[Target], config: Config, project: Project
) -> List[FileResult]:
    paths = {each.display: each for each in targets}
    # the second scan runs only the checks data flow can change; the others stand
    flow_only = replace(config, selected=config.selected & _flow_rules())
    linked: List[FileResult] = []
    relinked = 0
    for result in results:
        project.trim()
        target = paths.get(result.path)
        try:
            matter = _calls_that_matter(result, project) if target is not None else ()
        except Exception as exc:  # a fault of the analysis costs this file's link, not the scan
            result.notifications.append(_link_failed(result.path, exc))
            matter = ()
        if not matter or target is None:
            linked.append(result)
            continue
        if relinked >= MAX_LINKED_FILES:
            result.notifications.append(_over_limit(result.path))
            linked.append(result)
            continue
        relinked += 1
        try:
            data = read_bytes(str(target.path), config.max_file_size)
        except (SourceError, OSError):
            linked.append(result)
            continue
        spans = _spans_of(result, matter)
        # followed again: the calls whose results reach sinks, and those whose results a
        # call that matters is made on (`directory.connect()` of `connect().search(...)`)
        makers = {call.rpartition(".")[0] for call in matter}
        seen = SeenFrom(project, result.path, frozenset(result.external_results) | makers, spans)
        again = scan_bytes(data, result.path, flow_only, module_name(str(target.path)), seen)
        linked.append(_merged(result, again, spans))
    return linked


def _names(analysis: FileAnalysis, name: str) -> bool:
    """Whether a module defines or binds `name` at its top level."""
    return name in analysis.functions or name in analysis.classes or name in analysis.module_env


def _alias_class(analysis: FileAnalysis, name: str) -> str:
    """The qualified class a module's type alias declares (`Suppliers = Annotated[
    SupplierClient, Depends(get_client)]`), '' for any other name or type."""
    alias = analysis.type_aliases().get(name)
    declared = annotated_type(alias) if alias is not None else ""
    if not declared:
        return ""
    if declared in analysis.classes:
        return f"{analysis.module}.{declared}"
    bound = analysis.module_env.get(declared)
    return bound.name if bound is not None and "." in bound.name else ""


def _made_class(analysis: FileAnalysis, function: Optional[ast.AST]) -> str:
    """The class whose object a factory returns, by its qualified name: a function taking no
    parameters but the request (`def archive(): return Archive(current_app.config[...])`,
    `def event_service(request)`, the service layer's way of building its objects); '' for
    any other function or result.
    Functions given what to build from (`get_resolver(urlconf)`) are left out: their objects'
    methods cost more to follow than services' (Django's URL resolver) and a caller passes
    what decides the object."""
    if function is None or isinstance(function, ast.ClassDef) or not is_factory(function):
        return ""
    summary = analysis.summary(function, depth=0)
    returned = summary.returns if summary is not None else None
    if returned is None or returned.shape != "object" or not returned.name:
        return ""
    made = analysis.qualified(returned).name
    return made if "." in made else ""


def _listed_on_object(analysis: FileAnalysis, name: str, attr: str) -> Optional[Value]:
    """`settings.allowed_hosts` of a module's `settings = Settings()`: the constant, or the
    collection of constants, its class's body binds the attribute to, that no code of the class
    rebinds (a settings class's default, which only the deployment's configuration may
    replace)."""
    held = analysis.module_env.get(name)
    if held is None or held.shape != "object" or held.name not in analysis.classes:
        return None
    listed = analysis.allow_list(held.name, attr)
    if listed is None and analysis.class_constant(held.name, attr):
        listed = analysis.class_values(held.name, attr)  # `settings.export_root`, a text
    return listed if listed is not None and listed.all_taint() is None else None


def _library_object(value: Value, models: Models) -> bool:
    """Whether a module binds a name to an object a modelled library's call made, from nothing
    of input (an HTTP client, an XML parser)."""
    taint = value.all_taint()
    return (
        value.shape in ("", *PARSER_SHAPES)
        and "." in value.name
        and models.modelled_package(value.name)
        and (taint is None or not taint.real())  # the call's own marker, no input
    )


def _reaches_sink(summary: Optional[Summary]) -> bool:
    # a store into a parameter is one into whatever the caller gives (`request.session`)
    return summary is None or bool(summary.param_sinks) or bool(summary.param_stores)


def _stores_input(summary: Optional[Summary]) -> bool:
    """Whether `__init__` keeps a parameter other than `self` on the object."""
    taint = summary.self_out.all_taint() if summary and summary.self_out else None
    return taint is not None and any(
        stand_in(kind) and not (kind.startswith(PARAM_PREFIX) and param_of(kind)[0] == 0)
        for kind in taint.kinds
    )


def _calls_that_matter(result: FileResult, project: Project) -> Tuple[str, ...]:
    """The file's calls into other scanned modules whose answer can change its findings: a
    call's result reaches a sink (the answer decides what it carries), or what the call is
    given reaches a sink inside the other module."""
    at_sinks = set(result.external_results)
    return tuple(
        call
        for call in result.external_calls
        if project.owns(call) and (call in at_sinks or project.passes_to_sink(call, result.path))
    )


def _spans_of(result: FileResult, calls: Sequence[str]) -> Optional[Tuple[Tuple[int, int], ...]]:
    """The lines of the functions whose first run met one of `calls`: those the second scan
    runs again; None (the whole file) when one of the calls has none known."""
    held = dict(result.external_spans)
    if any(call not in held for call in calls):
        return None
    return tuple(sorted({span for call in calls for span in held[call]}))


def _flow_rules() -> FrozenSet[str]:
    return frozenset(CLASS_OF_RULE) | frozenset(BANDIT_CLASSES)


def _merged(
    first: FileResult, again: FileResult, spans: Optional[Tuple[Tuple[int, int], ...]] = None
) -> FileResult:
    """The first scan's result with the findings of the data-flow checks taken from the second
    inside the functions it ran again (`spans`; everywhere when None)."""
    if not again.scanned:
        return first
    redone = _flow_rules()

    def rerun(line: int) -> bool:
        return spans is None or any(start <= line <= end for start, end in spans)

    def second(finding: Finding) -> bool:
        return finding.rule_id in redone and rerun(finding.line)

    def kept(old: List[Finding], new: List[Finding]) -> List[Finding]:
        return sorted(
            [f for f in old if not second(f)] + [f for f in new if second(f)],
            key=Finding.sort_key,
        )

    return replace(
        first,
        findings=kept(first.findings, again.findings),
        suppressed=kept(first.suppressed, again.suppressed),
        callers=tuple(f for f in first.callers if not rerun(f.line))
        + tuple(f for f in again.callers if rerun(f.line)),
        waiting_names=tuple(sorted(set(first.waiting_names) | set(again.waiting_names))),
        awaiting=tuple(a for a in first.awaiting if not rerun(a.line))
        + tuple(a for a in again.awaiting if rerun(a.line)),
        notifications=first.notifications
        + [n for n in again.notifications if n.code == "dataflow-error"],
    )


def _link_failed(path: str, exc: Exception) -> Notification:
    return Notification(
        "warning",
        f"data flow across files not followed from this file: the analysis failed "
        f"({type(exc).__name__}: {exc}); its own findings stand",
        path=path,
        code="dataflow-error",
    )


def _over_limit(path: str) -> Notification:
    return Notification(
        "note",
        f"data flow across files not followed from this file: the link step scans at most "
        f"{MAX_LINKED_FILES:,} files a second time",
        path=path,
        code="link-limit",
    )


__all__ = ["MAX_KEPT_ANALYSES", "MAX_LINKED_FILES", "MAX_NAMESPACE_LEVELS", "Project", "link"]
