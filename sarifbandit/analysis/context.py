"""What the checks of one file see: the file, its semantic index (built before the walk), the
rule options, and `finding()`, the one way to build a result.

The view is read-only: nothing in it changes while the walk runs, so a check's answer does not
depend on which checks ran before it. Bandit's order-sensitive view of imports is a query on the
index (the imports before a given call), not a map that fills as the walk goes.
"""

from __future__ import annotations

import ast
import operator
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
    TypeVar,
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
from .index import Index, build_index
from .nodes import sole_argument
from .source import SourceFile
from .taint.values import hashable

T = TypeVar("T")
#: the nosec range of a finding made without a scope: the walk puts the dispatched node's there
UNSCOPED = (0, 0)

if TYPE_CHECKING:  # built on first use: files that never ask pay nothing
    from .taint.flows import Flows
    from .taint.interpret import ProjectIndex
    from .taint.models import Models


class FileContext:
    """What the checks of one file may ask; `finding()` builds results with exact regions.

    `ctx.qualname(call)` is the resolved dotted name of what `call` calls (`sp.Popen` after
    `import subprocess as sp` is `subprocess.Popen`; '' for `f()()`), with Bandit's view of the
    imports: those before the call in the file, whatever their scope.
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
        index: Optional[Index] = None,
        url_arguments: FrozenSet[Tuple[str, str, str]] = frozenset(),
        templates: FrozenSet[Tuple[str, FrozenSet[str]]] = frozenset(),
    ) -> None:
        """`module` is the file's dotted module name ('' when unknown) and `is_package` whether
        it is a package's __init__; `project`, the scan's other modules for data flow."""
        self.source = source
        self.tree = tree
        self.path = source.path
        self.enabled = enabled
        self._options = options
        self._context_lines = context_lines
        #: the semantic index: parents, scopes, bindings, control flow, call sites
        self.index = (
            index
            if index is not None
            else build_index(tree, module or None, is_package, text=source.text)
        )
        #: every import entry of the file, Bandit's way (`os`, `os.path.join`)
        self.imports: FrozenSet[str] = frozenset(self.index.import_entries)
        self.parents: Mapping[ast.AST, ast.AST] = self.index.parents
        #: a C-level lookup: every Call check asks, on every call node
        self.qualname: Callable[[ast.AST], str] = self.index.bandit_names.__getitem__
        #: (rule id, option) -> the option's list as a frozenset, for `in` tests on every call
        self._option_sets: Dict[Tuple[str, str], FrozenSet[Any]] = {}
        #: builder -> what it built from this file (see `memo`)
        self._memo: Dict[Callable[["FileContext"], Any], Any] = {}
        #: (rule id, line) -> content fingerprint: hashing the lines around a finding costs their
        #: length, so thousands of findings on one long line would cost quadratic time
        self._fingerprints: Dict[Tuple[str, int], str] = {}
        self._models = models
        self._module = (module, is_package)
        self._project = project
        self._url_arguments = url_arguments
        self._templates = templates
        self._flows: Optional["Flows"] = None
        #: the expressions being folded by constant_of (a name depending on itself stops it)
        self._folding: Set[int] = set()
        #: problems met while building facts (a data-flow failure), reported with the file
        self.problems: List[Notification] = []

    def memo(self, builder: Callable[["FileContext"], T]) -> T:
        """`builder(self)`, worked out once per file: for what a check derives from the file and
        its options alone (never from the node being checked), so the answer is the same
        whichever check asks first."""
        try:
            return self._memo[builder]  # type: ignore[no-any-return]
        except KeyError:
            found = self._memo[builder] = builder(self)
            return found

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
                    self.tree,
                    self.source,
                    models,
                    module,
                    is_package,
                    self._project,
                    self._url_arguments,
                    self._templates,
                    self.index.calls,
                    self.index.import_nodes,
                    self.index.order,
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
    def imported_exactly(self, module: str, at: Optional[ast.AST] = None) -> bool:
        """Whether `import module` (or `from m import n` giving `m.n`) comes before the call
        `at` (anywhere in the file without it), as Bandit's walk would have seen it."""
        return module in self.index.imports_before(at)

    def imported_like(self, fragment: str, at: Optional[ast.AST] = None) -> bool:
        """Bandit's loose test: an import entry before the call `at` contains `fragment`."""
        return any(fragment in entry for entry in self.index.imports_before(at))

    def imported_module(self, module: str, at: Optional[ast.AST] = None) -> bool:
        """`module` or one of its members is imported before the call `at`: Bandit wants
        `import yaml`, and `from yaml import load` makes the same call, so it counts too."""
        prefix = f"{module}."
        return any(e == module or e.startswith(prefix) for e in self.index.imports_before(at))

    # -- constants -----------------------------------------------------------------------------
    def constant_of(self, node: Optional[ast.AST]) -> Tuple[bool, Any]:
        """(known, value) of an argument the code fixes: a constant, an expression of
        constants (`not X`, `len("ab") > 5`, `2 > 1`), or a name every assignment reaching it
        gives the same such value (`EXPAND = False` ... `resolve_entities=EXPAND`)."""
        if node is None:
            return False, None
        try:
            return True, _folded(node, self._named_constant)
        except _NotFolded:
            return False, None

    def chosen(self, node: ast.AST) -> ast.AST:
        """The branch a conditional whose test the code fixes takes (`yaml.SafeLoader if 2 > 1
        else yaml.Loader`), through nested ones; `node` itself otherwise."""
        while isinstance(node, ast.IfExp):
            known, test = self.constant_of(node.test)
            if not known:
                break
            node = node.body if test else node.orelse
        return node

    def _named_constant(self, node: ast.Name) -> Any:
        found = set()
        for origin in self.index.origins(node):
            if not isinstance(origin, ast.expr) or isinstance(origin, ast.Name):
                raise _NotFolded  # a parameter, a loop variable, a name bound nowhere
            if id(origin) in self._folding:
                raise _NotFolded  # `n = n + 1` in a loop: the name's value depends on itself
            self._folding.add(id(origin))
            try:
                value = _folded(origin, self._named_constant)
            finally:
                self._folding.discard(id(origin))
            if not hashable(value):
                raise _NotFolded
            found.add((type(value), value))
        if len(found) != 1:
            raise _NotFolded
        return found.pop()[1]

    # -- tree navigation ---------------------------------------------------------------------
    def parent(self, node: ast.AST) -> Optional[ast.AST]:
        return self.index.parents.get(node)

    def ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        return self.index.ancestors(node)

    def enclosing_function(self, node: ast.AST) -> Optional[ast.AST]:
        return self.index.enclosing_function(node)

    # -- options and results ------------------------------------------------------------------
    def options(self, rule: Rule) -> Mapping[str, Any]:
        """The rule's options: defaults merged with the configuration (resolved once per scan)."""
        return self._options.get(rule.id, rule.options)

    def option_set(self, rule: Rule, key: str) -> FrozenSet[Any]:
        """Option `key` of `rule` (a list of names) as a frozenset, for `in` tests run on every
        call node: built once per file, where `in` on the list would compare name by name."""
        known = self._option_sets.get((rule.id, key))
        if known is None:
            values = self._options.get(rule.id, rule.options)[key]
            known = self._option_sets[(rule.id, key)] = frozenset(values)
        return known

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
        (default: the node being dispatched, which the walk fills in as UNSCOPED findings come
        back from the check). None when the rule is not selected."""
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
        if scope is None:
            nosec = UNSCOPED
        else:
            scope_start = getattr(scope, "lineno", line)
            scope_end = getattr(scope, "end_lineno", None) or scope_start
            nosec = (min(scope_start, line), max(scope_end, line))
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
            nosec_lines=nosec,
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


class _NotFolded(Exception):
    """An expression that is not made of constants alone."""


_FOLDED_OPERATORS: Dict[type, Callable[..., Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Mod: operator.mod, ast.FloorDiv: operator.floordiv,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Not: operator.not_, ast.USub: operator.neg,
}  # fmt: skip
#: how deep an expression constant_of folds (`not not ... x`: a generated file's nesting)
MAX_FOLDED_DEPTH = 50
#: how long a folded text or number may get (`"a" * 10**9` is not computed)
_MAX_FOLDED = 1_000


def _folded(node: ast.AST, named: Callable[[ast.Name], Any], depth: int = 0) -> Any:
    """The value of an expression of constants, numbers and short texts, and of names `named`
    gives a value; _NotFolded for anything else, and past MAX_FOLDED_DEPTH nested parts."""
    if depth > MAX_FOLDED_DEPTH:
        raise _NotFolded
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return named(node)
    if isinstance(node, ast.IfExp):
        test = _folded(node.test, named, depth + 1)
        return _folded(node.body if test else node.orelse, named, depth + 1)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _FOLDED_OPERATORS:
        return _FOLDED_OPERATORS[type(node.op)](_folded(node.operand, named, depth + 1))
    if isinstance(node, ast.BoolOp):
        values = [_folded(v, named, depth + 1) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.Compare) and all(type(o) in _FOLDED_OPERATORS for o in node.ops):
        left = _folded(node.left, named, depth + 1)
        for op, right_node in zip(node.ops, node.comparators):
            right = _folded(right_node, named, depth + 1)
            try:
                holds = _FOLDED_OPERATORS[type(op)](left, right)
            except TypeError as exc:  # `"a" < 1`
                raise _NotFolded from exc
            if not holds:
                return False
            left = right
        return True
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLDED_OPERATORS:
        left, right = _folded(node.left, named, depth + 1), _folded(node.right, named, depth + 1)
        if not all(isinstance(v, (int, float, str)) for v in (left, right)):
            raise _NotFolded
        if isinstance(node.op, ast.Mult) and _too_long(left, right):
            raise _NotFolded
        try:
            return _FOLDED_OPERATORS[type(node.op)](left, right)
        except (TypeError, ZeroDivisionError, OverflowError) as exc:
            raise _NotFolded from exc
    measured = sole_argument(node, "len")
    if measured is not None:
        value = _folded(measured, named, depth + 1)
        if isinstance(value, (str, bytes)):
            return len(value)
    raise _NotFolded


def _too_long(left: Any, right: Any) -> bool:
    """Whether text repeated by a number would pass _MAX_FOLDED characters."""
    text, count = (left, right) if isinstance(left, str) else (right, left)
    return isinstance(text, str) and isinstance(count, int) and len(text) * count > _MAX_FOLDED
