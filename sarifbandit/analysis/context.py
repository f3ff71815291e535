"""Per-file facts every check shares, built once per file: aliases, qualified names, parents.

The alias map follows Bandit: one map per file, filled during the walk in source order, blind to
scopes and rebinding. Parents are recorded by the walk, so a check can climb from any node
(the start of "where did this value come from" for data-flow rules).
"""

from __future__ import annotations

import ast
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterator,
    List,
    Mapping,
    Optional,
    Set,
    Tuple,
)

from ..fingerprint import content_fingerprint
from ..model import (
    MAX_SNIPPET_CHARS,
    Finding,
    FlowStep,
    Notification,
    Rank,
    Region,
    Rule,
    context_line,
)
from .source import SourceFile

if TYPE_CHECKING:  # built on first use: files that never ask pay nothing
    from .taint.flows import Flows
    from .taint.interpret import ProjectIndex
    from .taint.models import Models


def _dotted(node: ast.AST, aliases: Mapping[str, str], dotted_keys: bool = True) -> str:
    """The dotted name, aliases substituted; `dotted_keys` False promises no alias key holds a
    dot, so only the first part can be an alias (the imports the walk records never do)."""
    if isinstance(node, ast.Name):  # the commonest callee, `f(...)`
        target = aliases.get(node.id)
        return node.id if target is None else target
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    else:
        parts.append("")
    parts.reverse()
    if not dotted_keys:
        target = aliases.get(parts[0])
        if target is not None:
            parts[0] = target
        return ".".join(parts)
    # the longest dotted prefix that is an alias key is replaced by what it stands for
    for cut in range(len(parts), 0, -1):
        key = ".".join(parts[:cut])
        target = aliases.get(key)
        if target is not None:
            return ".".join([target, *parts[cut:]])
    return ".".join(parts)


#: id(option list) -> (the list, kept so the id stays its own; its frozenset)
_OPTION_SETS: Dict[int, Tuple[Any, FrozenSet[Any]]] = {}


class _Qualnames(Dict[ast.AST, str]):
    """{call: resolved name}, each worked out when first asked for (so with the imports seen so
    far). A dict so that `ctx.qualname` can be its C-level `__getitem__`: every Call check asks,
    on every call node, and a Python-level method costs more than the lookup itself."""

    __slots__ = ("_aliases", "_checked", "_dotted_keys")

    def __init__(self, aliases: Mapping[str, str]) -> None:
        super().__init__()
        self._aliases = aliases  # not the context: no reference cycle keeping trees alive
        self._checked = 0
        self._dotted_keys = False

    def __missing__(self, call: ast.AST) -> str:
        func = getattr(call, "func", None)
        aliases = self._aliases
        if isinstance(func, ast.Name):  # `f()`: one lookup, the same answer as _dotted's
            target = aliases.get(func.id)
            name = func.id if target is None else target
        elif isinstance(func, ast.Attribute):
            if len(aliases) != self._checked:  # new aliases since the last look
                self._checked = len(aliases)
                self._dotted_keys = any("." in key for key in aliases)
            value = func.value
            if isinstance(value, ast.Name) and not self._dotted_keys:  # `m.f()`, the next commonest
                target = aliases.get(value.id)
                name = f"{value.id if target is None else target}.{func.attr}"
            else:
                name = _dotted(func, aliases, self._dotted_keys)
        else:
            name = ""
        self[call] = name
        return name


class FileContext:
    """What the checks of one file may ask; `finding()` builds results with exact regions.

    `ctx.qualname(call)` is the resolved dotted name of what `call` calls (`sp.Popen` after
    `import subprocess as sp` is `subprocess.Popen`; '' for `f()()`), computed once per call node.
    """

    def __init__(
        self,
        source: SourceFile,
        tree: ast.Module,
        options: Mapping[str, Mapping[str, Any]],
        enabled: Set[str],
        context_lines: int = 3,
        models: Optional["Models"] = None,
        module: str = "",
        is_package: bool = False,
        project: Optional["ProjectIndex"] = None,
    ) -> None:
        self.source = source
        self.tree = tree
        self.path = source.path
        self.enabled = enabled
        self._options = options
        self._context_lines = context_lines
        #: local name -> dotted name it stands for (`sp` -> `subprocess`)
        self.aliases: Dict[str, str] = {}
        #: modules imported (`import m`) and names imported from modules (`m.n`)
        self.imports: Set[str] = set()
        self.parents: Dict[ast.AST, ast.AST] = {}
        self._qualnames = _Qualnames(self.aliases)
        self.qualname: Callable[[ast.Call], str] = self._qualnames.__getitem__
        #: analyses derived from the tree, built on first use by the checks that need them
        #: (`dataflow.DataFlow` under "dataflow"); they live and die with this file
        self.derived: Dict[str, Any] = {}
        #: the node the walk is dispatching; nosec looks over its line range
        self.current: ast.AST = tree
        #: (rule id, line) -> content fingerprint: hashing the lines around a finding costs their
        #: length, so thousands of findings on one long line would cost quadratic time
        self._fingerprints: Dict[Tuple[str, int], str] = {}
        self._models = models
        #: the file's module name and the scan's other modules, for data flow across files
        self._module = (module, is_package)
        self._project = project
        self._flows: Optional["Flows"] = None
        #: problems met while building facts (a data-flow failure), reported with the file
        self.problems: List[Notification] = []

    @property
    def flows_built(self) -> bool:
        """Whether a check asked for the data flow (data flow on and a data-flow rule run)."""
        return self._flows is not None

    @property
    def flows(self) -> Optional["Flows"]:
        """The file's data flow, run on first use; None when data flow is off or failed."""
        if self._flows is None and self._models is not None:
            from .taint.flows import analyse

            models, self._models = self._models, None
            try:
                module, is_package = self._module
                self._flows = analyse(
                    self.tree, self.source, models, module, is_package, self._project
                )
            except (
                RecursionError,
                MemoryError,
                ValueError,
                TypeError,
                KeyError,
                AttributeError,
            ) as exc:
                self.problems.append(
                    Notification(
                        "warning",
                        f"data-flow analysis stopped on this file ({type(exc).__name__}: {exc}); "
                        "Bandit's checks ran, flows of this file are not reported",
                        path=self.path,
                        code="dataflow-error",
                    )
                )
        return self._flows

    # -- imports and names -------------------------------------------------------------------
    def record_import(self, node: ast.AST) -> None:
        """Feed an Import/ImportFrom into the alias map and import set (called by the walk)."""
        if isinstance(node, ast.Import):
            for alias in node.names:
                self.imports.add(alias.name)
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            module = node.module
            if module is None:
                # `from . import n` binds a sibling module by its own name: no alias, as Bandit
                for alias in node.names:
                    self.imports.add(alias.name)
                return
            for alias in node.names:
                full = f"{module}.{alias.name}"
                self.imports.add(full)
                self.aliases[alias.asname or alias.name] = full

    def imported_exactly(self, module: str) -> bool:
        return module in self.imports

    def imported_like(self, fragment: str) -> bool:
        """Bandit's loose test: any import entry containing `fragment`."""
        return any(fragment in entry for entry in self.imports)

    def dotted(self, node: ast.AST) -> str:
        """The dotted name of a Name/Attribute chain, aliases substituted; '' parts for other bases."""
        return _dotted(node, self.aliases)

    # -- tree navigation ---------------------------------------------------------------------
    def parent(self, node: ast.AST) -> Optional[ast.AST]:
        return self.parents.get(node)

    def ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        parent = self.parents.get(node)
        while parent is not None:
            yield parent
            parent = self.parents.get(parent)

    def enclosing_function(self, node: ast.AST) -> Optional[ast.AST]:
        for parent in self.ancestors(node):
            if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return parent
        return None

    # -- options and results ------------------------------------------------------------------
    def options(self, rule: Rule) -> Mapping[str, Any]:
        """The rule's options: defaults merged with the configuration (resolved once per scan)."""
        return self._options.get(rule.id, rule.options)

    def option_set(self, rule: Rule, key: str) -> FrozenSet[Any]:
        """Option `key` of `rule` (a list of names) as a frozenset, for `in` tests run on every
        call node: built once per scan, where `in` on the list would compare name by name."""
        values = self._options.get(rule.id, rule.options)[key]
        known = _OPTION_SETS.get(id(values))
        if known is None or known[0] is not values:
            if len(_OPTION_SETS) > 256:
                _OPTION_SETS.clear()
            known = (values, frozenset(values))
            _OPTION_SETS[id(values)] = known
        return known[1]

    def finding(
        self,
        rule: Rule,
        node: ast.AST,
        message: str,
        *,
        severity: Optional[Rank] = None,
        confidence: Optional[Rank] = None,
        scope: Optional[ast.AST] = None,
        flow: Tuple[FlowStep, ...] = (),
    ) -> Optional[Finding]:
        """A finding at `node`'s exact span, for the check to yield; nosec applies over `scope`
        (default: the node being dispatched). None when the rule is not selected."""
        if rule.id not in self.enabled:
            return None
        source = self.source
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = getattr(node, "col_offset", 0)
        end_col = getattr(node, "end_col_offset", None)
        if end_col is None:
            end_col = len(source.line(end_line).encode("utf-8"))
        region = Region(
            line,
            source.utf16_column(line, col),
            end_line,
            source.utf16_column(end_line, end_col),
        )
        snippet = "\n".join(source.line(n) for n in range(line, end_line + 1))
        scope_node = scope if scope is not None else self.current
        scope_start = getattr(scope_node, "lineno", line)
        scope_end = getattr(scope_node, "end_lineno", None) or scope_start
        return Finding(
            rule_id=rule.id,
            severity=severity if severity is not None else rule.severity,
            confidence=confidence if confidence is not None else rule.confidence,
            message=message,
            path=self.path,
            region=region,
            col_offset=col,
            end_col_offset=end_col,
            snippet=snippet if len(snippet) <= MAX_SNIPPET_CHARS else "",
            context=tuple(
                (number, context_line(text))
                for number, text in source.window(line, end_line, self._context_lines)
            ),
            fingerprints=(("sarifbandit/v1", self._fingerprint(rule.id, line)),),
            nosec_lines=(min(scope_start, line), max(scope_end, line)),
            flow=flow,
        )

    def _fingerprint(self, rule_id: str, line: int) -> str:
        value = self._fingerprints.get((rule_id, line))
        if value is None:
            around = [self.source.line(n) for n in (line - 1, line, line + 1)]
            value = self._fingerprints[(rule_id, line)] = content_fingerprint(
                rule_id, self.path, around
            )
        return value
