"""Where a value comes from inside one scope: the bindings of a name that may reach a use, and
the uses a binding may reach.

The analysis is intra-procedural and errs on the side of *more*: every binding that can reach a
use is reported, and some that cannot may be too.
- A binding reaches the uses after it in source order in its scope, and, inside a loop, every
  use in that loop (the next iteration sees it). Reassignment does not hide earlier bindings and
  every branch counts as taken.
- A name read in a nested function or lambda that does not bind it comes from *any* binding of
  the enclosing scope that does (the function runs later, at an unknown time). Comprehensions and
  class bodies run where they are written, so position still counts for them; class scopes are
  invisible to the functions inside them, as in Python.
- A name that a nested scope declares `global` or `nonlocal` gets an extra binding of kind
  UNKNOWN, since that scope may assign it at any time.

Scopes (module, classes, functions, lambdas, comprehensions) are analysed one at a time, on the
first question about them, and kept for the file: `dataflow(ctx)` returns the file's DataFlow.
Everything is iterative (explicit stacks), so deeply nested expressions cannot overflow.
"""

from __future__ import annotations

import ast
import enum
from itertools import repeat
from typing import TYPE_CHECKING, Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Tuple

from ..records import record

if TYPE_CHECKING:  # the context imports nothing from here; avoid a cycle at run time
    from .context import FileContext

Position = Tuple[int, int]

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
#: the node types that open a scope of their own
SCOPES = (ast.Module, ast.ClassDef, *_FUNCTIONS, *_COMPREHENSIONS)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
# pattern matching came in 3.10; on 3.9 these are empty tuples, so isinstance() never matches
_MATCH_CAPTURES = tuple(getattr(ast, n) for n in ("MatchAs", "MatchStar") if hasattr(ast, n))
_MATCH_MAPPINGS = tuple(getattr(ast, n) for n in ("MatchMapping",) if hasattr(ast, n))
_NO_LOOPS: FrozenSet[int] = frozenset()


class BindingKind(str, enum.Enum):
    """How a name received its value."""

    ASSIGN = "assign"  # `x = v`, `x: T = v`, `(x := v)`, tuple unpacking
    AUGMENTED = "augmented"  # `x += v`: the old value combined with v
    PARAMETER = "parameter"  # a parameter of the function
    LOOP = "loop"  # a `for` or comprehension target
    WITH = "with"  # `with ... as x`
    IMPORT = "import"  # `import x`, `from m import x`
    DEFINITION = "definition"  # `def x`, `class x`
    EXCEPT = "except"  # `except E as x`
    MATCH = "match"  # a capture in a `case` pattern
    UNKNOWN = "unknown"  # assigned from a nested scope through `global`/`nonlocal`


@record(frozen=True, eq=False)
class Binding:
    """One place where a name gets a value."""

    name: str
    kind: BindingKind
    #: the statement or construct that binds (Assign, For, arg, alias, FunctionDef ...)
    node: ast.AST
    #: the expression whose value the name receives, when the code shows it exactly
    #: (`x = v`, `a, b = v, w`, `x += v`); None for loop targets, parameters, imports ...
    value: Optional[ast.expr]
    #: where the name starts to hold the value: just after the statement that binds it
    position: Position
    #: the scope node the binding belongs to
    scope: ast.AST
    loops: FrozenSet[int] = _NO_LOOPS

    @property
    def line(self) -> int:
        return self.position[0]


def _start(node: ast.AST) -> Position:
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))


def _end(node: ast.AST) -> Position:
    line: int = getattr(node, "end_lineno", 0) or getattr(node, "lineno", 0)
    column: int = getattr(node, "end_col_offset", 0) or 0
    return (line, column)


def outer_parts(scope: ast.AST) -> List[ast.AST]:
    """The parts of a scope node evaluated in the scope around it (decorators, defaults ...)."""
    parts: List[ast.AST] = []
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts += scope.decorator_list
        arguments = scope.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
        parts += [a.annotation for a in every if a.annotation is not None]
        if scope.returns is not None:
            parts.append(scope.returns)
    if isinstance(scope, _FUNCTIONS):
        parts += scope.args.defaults
        parts += [d for d in scope.args.kw_defaults if d is not None]
    elif isinstance(scope, ast.ClassDef):
        parts += [*scope.decorator_list, *scope.bases, *scope.keywords]
    elif isinstance(scope, _COMPREHENSIONS):
        parts.append(scope.generators[0].iter)
    return parts


def _inner_parts(scope: ast.AST) -> List[ast.AST]:
    """The parts of a scope node that run inside the scope."""
    if isinstance(scope, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
        return list(scope.body)
    if isinstance(scope, ast.Lambda):
        return [scope.body]
    if isinstance(scope, ast.DictComp):
        # 3.15's `{**d for d in ds}` (PEP 798) has a key and no value
        parts: List[ast.AST] = [p for p in (scope.key, scope.value) if p is not None]
    elif isinstance(scope, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        parts = [scope.elt]
    else:
        return []
    for index, generator in enumerate(scope.generators):
        parts.append(generator.target)
        if index:
            parts.append(generator.iter)
        parts += generator.ifs
    return parts


def _unpack(
    target: ast.AST, value: Optional[ast.expr]
) -> List[Tuple[ast.Name, Optional[ast.expr]]]:
    """The names a target binds, each with the part of `value` it receives when that is visible."""
    found: List[Tuple[ast.Name, Optional[ast.expr]]] = []
    stack: List[Tuple[ast.AST, Optional[ast.expr]]] = [(target, value)]
    while stack:
        node, part = stack.pop()
        if isinstance(node, ast.Name):
            found.append((node, part))
        elif isinstance(node, ast.Starred):
            stack.append((node.value, None))
        elif isinstance(node, (ast.Tuple, ast.List)):
            pairs: Iterable[Tuple[ast.AST, Optional[ast.expr]]]
            if (
                isinstance(part, (ast.Tuple, ast.List))
                and len(part.elts) == len(node.elts)
                and not any(isinstance(e, ast.Starred) for e in (*node.elts, *part.elts))
            ):
                pairs = zip(node.elts, part.elts)
            else:
                pairs = ((element, None) for element in node.elts)
            stack.extend(reversed(list(pairs)))
    return found


class ScopeFlow:
    """The bindings and uses of the names of one scope, in source order."""

    def __init__(self, scope: ast.AST) -> None:
        self.scope = scope
        self._bindings: Dict[str, List[Binding]] = {}
        self._uses: Dict[str, List[ast.Name]] = {}
        self._by_node: Dict[ast.AST, List[Binding]] = {}
        #: position and enclosing loops of each use and each nested scope node
        self._where: Dict[ast.AST, Tuple[Position, FrozenSet[int]]] = {}
        #: every node this scope owns (its parents are in the file's one parent map)
        self.nodes: List[ast.AST] = []
        self.nested: List[ast.AST] = []
        self.globals: Set[str] = set()
        self.nonlocals: Set[str] = set()
        self._build()

    # -- questions ---------------------------------------------------------------------------
    def bindings(self, name: str) -> Tuple[Binding, ...]:
        """Every binding of `name` in this scope, in source order."""
        return tuple(self._bindings.get(name, ()))

    def bound_by(self, node: ast.AST) -> Tuple[Binding, ...]:
        """The bindings the statement or construct `node` makes, in source order."""
        return tuple(self._by_node.get(node, ()))

    def binds(self, name: str) -> bool:
        return name in self._bindings

    def names(self) -> Tuple[str, ...]:
        """Every name this scope binds."""
        return tuple(self._bindings)

    def all_uses(self) -> Set[ast.Name]:
        """Every read written directly in this scope."""
        return {use for uses in self._uses.values() for use in uses}

    def uses_of(self, name: str) -> Tuple[ast.Name, ...]:
        """Every read of `name` written directly in this scope."""
        return tuple(self._uses.get(name, ()))

    def where(self, node: ast.AST) -> Tuple[Position, FrozenSet[int]]:
        return self._where.get(node, (_start(node), _NO_LOOPS))

    def reaching_at(
        self, name: str, position: Position, loops: FrozenSet[int]
    ) -> Tuple[Binding, ...]:
        """The bindings of `name` that may hold at `position` (inside `loops`)."""
        return tuple(
            b for b in self._bindings.get(name, ()) if b.position <= position or b.loops & loops
        )

    # -- construction ------------------------------------------------------------------------
    def _bind(
        self,
        name: str,
        kind: BindingKind,
        node: ast.AST,
        value: Optional[ast.expr],
        position: Position,
        loops: FrozenSet[int],
    ) -> None:
        binding = Binding(name, kind, node, value, position, self.scope, loops)
        self._bindings.setdefault(name, []).append(binding)
        self._by_node.setdefault(node, []).append(binding)

    def _bind_targets(
        self,
        target: ast.AST,
        value: Optional[ast.expr],
        kind: BindingKind,
        node: ast.AST,
        position: Position,
        loops: FrozenSet[int],
    ) -> None:
        for name, part in _unpack(target, value):
            self._bind(name.id, kind, node, part, position, loops)

    def _build(self) -> None:
        scope = self.scope
        base = _NO_LOOPS
        if isinstance(scope, _COMPREHENSIONS):
            base = frozenset({id(scope)})  # the whole comprehension repeats
            for generator in scope.generators:
                where = _start(generator.target)
                self._bind_targets(generator.target, None, BindingKind.LOOP, generator, where, base)
        if isinstance(scope, _FUNCTIONS):
            arguments = scope.args
            params = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            params += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            for param in params:
                self._bind(param.arg, BindingKind.PARAMETER, param, None, _start(scope), base)
        stack: List[Tuple[ast.AST, ast.AST, FrozenSet[int]]] = [
            (part, scope, base) for part in reversed(_inner_parts(scope))
        ]
        owned = self.nodes.append
        while stack:
            node, _, loops = stack.pop()
            owned(node)
            if isinstance(node, SCOPES):
                self._nested_scope(node, loops, stack)
                continue
            if isinstance(node, ast.Name):
                if not isinstance(node.ctx, ast.Store):
                    self._use(node, loops)
                continue
            self._record_binding(node, loops)
            self._push_children(node, loops, stack)

    def _use(self, node: ast.Name, loops: FrozenSet[int]) -> None:
        self._uses.setdefault(node.id, []).append(node)
        self._where[node] = (_start(node), loops)

    def _nested_scope(
        self,
        node: ast.AST,
        loops: FrozenSet[int],
        stack: List[Tuple[ast.AST, ast.AST, FrozenSet[int]]],
    ) -> None:
        self.nested.append(node)
        self._where[node] = (_start(node), loops)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._bind(node.name, BindingKind.DEFINITION, node, None, _end(node), loops)
        stack.extend((part, node, loops) for part in reversed(outer_parts(node)))

    def _record_binding(self, node: ast.AST, loops: FrozenSet[int]) -> None:
        kind = BindingKind
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self._bind_targets(target, node.value, kind.ASSIGN, node, _end(node), loops)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None and isinstance(node.target, ast.Name):
                self._bind(node.target.id, kind.ASSIGN, node, node.value, _end(node), loops)
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name):
                self._use(node.target, loops)  # `x += v` reads x as well
                self._bind(node.target.id, kind.AUGMENTED, node, node.value, _end(node), loops)
        elif isinstance(node, ast.NamedExpr):
            self._bind(node.target.id, kind.ASSIGN, node, node.value, _end(node), loops)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            inside = loops | {id(node)}
            self._bind_targets(node.target, None, kind.LOOP, node, _end(node.iter), inside)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    where = _end(item.context_expr)
                    self._bind_targets(item.optional_vars, None, kind.WITH, node, where, loops)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name != "*":
                    name = alias.asname or alias.name.split(".", 1)[0]
                    self._bind(name, kind.IMPORT, alias, None, _end(node), loops)
        elif isinstance(node, ast.ExceptHandler):
            if node.name:
                self._bind(node.name, kind.EXCEPT, node, None, _start(node), loops)
        elif isinstance(node, _MATCH_CAPTURES):
            if node.name:
                self._bind(node.name, kind.MATCH, node, None, _end(node), loops)
        elif isinstance(node, _MATCH_MAPPINGS):
            if node.rest:
                self._bind(node.rest, kind.MATCH, node, None, _end(node), loops)
        elif isinstance(node, ast.Global):
            self.globals.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            self.nonlocals.update(node.names)

    def _push_children(
        self,
        node: ast.AST,
        loops: FrozenSet[int],
        stack: List[Tuple[ast.AST, ast.AST, FrozenSet[int]]],
    ) -> None:
        if isinstance(node, _LOOPS):
            inside = loops | {id(node)}
            # what repeats: a for loop's target and body, a while loop's test and body
            repeated = [node.target] if isinstance(node, (ast.For, ast.AsyncFor)) else [node.test]
            children = [(c, inside) for c in (*repeated, *node.body)]
            if isinstance(node, (ast.For, ast.AsyncFor)):
                children.insert(0, (node.iter, loops))
            children += [(c, loops) for c in node.orelse]
            stack.extend((child, node, where) for child, where in reversed(children))
            return
        stack.extend((child, node, loops) for child in reversed(list(ast.iter_child_nodes(node))))

    def add_unknown(self, name: str, node: ast.AST) -> None:
        """A nested scope may assign `name` at any time (it declared it global or nonlocal)."""
        self._bind(name, BindingKind.UNKNOWN, node, None, (0, 0), _NO_LOOPS)


class DataFlow:
    """The data flow of one file, analysed scope by scope on demand."""

    def __init__(
        self,
        tree: ast.Module,
        parents: Mapping[ast.AST, ast.AST],
        text: Optional[str] = None,
    ) -> None:
        """`parents` is the file's one parent map, the semantic index's (index.build_index makes
        both: `build_index(tree).dataflow`)."""
        self.tree = tree
        self._parents = parents
        self._flows: Dict[ast.AST, ScopeFlow] = {}
        #: node -> the scope that owns it, for every node of the scopes analysed so far
        self._owner: Dict[ast.AST, ast.AST] = {}
        self._indexed = False
        # `global`/`nonlocal` in one scope changes the bindings of another: a file whose text
        # has neither word needs no whole-file pass for them
        self._declarations_done = (
            text is not None and "global" not in text and "nonlocal" not in text
        )

    # -- scopes ------------------------------------------------------------------------------
    def flow(self, scope: ast.AST) -> ScopeFlow:
        """The analysis of `scope` (a module, class, function, lambda or comprehension node)."""
        if not self._declarations_done:
            self._declarations_done = True
            self._apply_declarations()
        found = self._flows.get(scope)
        if found is None:
            found = self._flows[scope] = ScopeFlow(scope)
            self._owner.update(zip(found.nodes, repeat(scope)))
        return found

    def parent(self, node: ast.AST) -> Optional[ast.AST]:
        return self._parents.get(node)

    def scope_of(self, node: ast.AST) -> Optional[ast.AST]:
        """The scope `node` runs in (decorators and defaults run in the scope around their
        function); None for a node that is not in this file's tree."""
        owner = self._owner.get(node)
        if owner is not None or node is self.tree:
            return owner if owner is not None else self.tree
        current: Optional[ast.AST] = node
        while current is not None:
            current = self.parent(current)
            if isinstance(current, SCOPES):
                self.flow(current)
                owner = self._owner.get(node)
                if owner is not None:
                    return owner
        self.flow(self.tree)
        if node not in self._owner and not self._indexed:
            self._index_everything()
        return self._owner.get(node)

    def _index_everything(self) -> None:
        """Analyse every scope of the file: the fallback for a node whose ancestors the walk has
        not recorded yet (an expression deep inside code the walk has not reached)."""
        self._indexed = True
        pending: List[ast.AST] = [self.tree]
        while pending:
            pending.extend(self.flow(pending.pop()).nested)

    def _apply_declarations(self) -> None:
        """Analyse every scope once, so that a name a nested scope may assign through
        `global`/`nonlocal` gets an UNKNOWN binding in the scope that owns it."""
        self._index_everything()
        for flow in list(self._flows.values()):
            scope = flow.scope
            if flow.globals and scope is not self.tree:
                for name in flow.globals:
                    self._flows[self.tree].add_unknown(name, scope)
            outer = self._enclosing_function(scope) if flow.nonlocals else None
            if outer is not None:
                for name in flow.nonlocals:
                    self.flow(outer).add_unknown(name, scope)

    def _enclosing_scope(self, scope: ast.AST) -> Optional[ast.AST]:
        return None if scope is self.tree else self.scope_of(scope)

    def _enclosing_function(self, scope: ast.AST) -> Optional[ast.AST]:
        outer = self._enclosing_scope(scope)
        while outer is not None and not isinstance(outer, _FUNCTIONS):
            outer = self._enclosing_scope(outer)
        return outer

    # -- where values come from --------------------------------------------------------------
    def bound_by(self, node: ast.AST) -> Tuple[Binding, ...]:
        """The bindings `node` (an Assign, For, With, Import ... of this file) makes."""
        scope = self.scope_of(node)
        return self.flow(scope).bound_by(node) if scope is not None else ()

    def reaching(self, use: ast.Name) -> Tuple[Binding, ...]:
        """The bindings whose value `use` may read; empty for builtins, names defined nowhere in
        the file, and nodes outside it."""
        scope = self.scope_of(use)
        if scope is None:
            return ()
        name = use.id
        position, loops = self.flow(scope).where(use)
        # the binding of a name read inside a function can be any: it runs at an unknown time
        positional = True
        came_from_nested = False
        while scope is not None:
            flow = self.flow(scope)
            if name in flow.globals:
                return self.flow(self.tree).bindings(name)
            visible = not (came_from_nested and isinstance(scope, ast.ClassDef))
            if visible and name not in flow.nonlocals and flow.binds(name):
                if positional:
                    return flow.reaching_at(name, position, loops)
                return flow.bindings(name)
            outer = self._enclosing_scope(scope)
            if outer is None:
                return ()
            if isinstance(scope, _FUNCTIONS):
                positional = False
            position, loops = self.flow(outer).where(scope)
            came_from_nested = True
            scope = outer
        return ()  # pragma: no cover - the module scope ends the loop

    def uses(self, binding: Binding) -> Tuple[ast.Name, ...]:
        """The reads of `binding.name` that may see this binding, in its scope and in the scopes
        nested in it that do not bind the name themselves."""
        flow = self.flow(binding.scope)
        name = binding.name
        found = [
            use
            for use in flow.uses_of(name)
            if binding.position <= flow.where(use)[0] or binding.loops & flow.where(use)[1]
        ]
        # nested scopes: (scope, whether position still counts, that position and loops)
        pending = [(nested, True, flow.where(nested)) for nested in flow.nested]
        while pending:
            scope, positional, (position, loops) = pending.pop()
            if positional and not (binding.position <= position or binding.loops & loops):
                continue
            inner = self.flow(scope)
            if name in inner.globals:
                continue
            if inner.binds(name):
                # a class's own names are invisible to its methods, which see this binding
                if isinstance(scope, ast.ClassDef):
                    pending.extend((n, positional, (position, loops)) for n in inner.nested)
                continue
            found.extend(inner.uses_of(name))
            still = positional and not isinstance(scope, _FUNCTIONS)
            pending.extend((n, still, (position, loops)) for n in inner.nested)
        return tuple(found)


def dataflow(ctx: "FileContext") -> DataFlow:
    """The file's DataFlow: the one its semantic index holds."""
    return ctx.index.dataflow
