"""The semantic index of one file, built once before any check runs, whatever order the walk
takes later: parents, the nodes in pre-order, imports (Bandit's alias view at each call and a
scope-aware view), scopes and bindings, a control-flow view of each function, and every call
site with what it resolves to.

`build_index(tree, module_name)` makes it. One iterative pass over the tree records the parents,
the pre-order and the import aliases as Bandit sees them; everything that costs a pass of its own
(bindings and references, control flow, call resolution, the file's facts) is worked out on the
first question about it, so a file no check asks about pays for the one pass only.

Bandit's alias lookup is order-sensitive: the name of a call is worked out with the imports that
come before it in pre-order, whatever scope they are in. `qualname(call)` keeps that answer for
the checks whose parity needs it; `call_target(call)` is the scope-aware resolution.
"""

from __future__ import annotations

import ast
import re
from itertools import repeat
from typing import Dict, FrozenSet, Iterator, List, Mapping, Optional, Set, Tuple, Union, cast

from ..model import CallFact, FileFacts, FunctionFact, ImportFact
from ..records import record
from .dataflow import Binding, BindingKind, DataFlow

#: (field name, kind) for each field of a class that may hold child nodes
Plan = Tuple[Tuple[str, int], ...]
#: field kinds: one node (or None), a list of nodes, unknown (a value of either, or a scalar)
ONE, MANY, ANY = 0, 1, 2

#: ASDL types whose values are never nodes
_SCALARS = frozenset({"identifier", "string", "constant", "int", "object", "bytes"})
#: node bases whose classes have no fields and are shared singletons in the parsed tree
SINGLETON_BASES: Tuple[type, ...] = (
    ast.expr_context,
    ast.boolop,
    ast.operator,
    ast.unaryop,
    ast.cmpop,
)
_SIGNATURE = re.compile(r"^\w+\((.*)\)$")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: for the type checker: what `_defs_in` yields, and what `import_nodes` holds
_Func = Union[ast.FunctionDef, ast.AsyncFunctionDef]
_Def = Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef]
_Import = Union[ast.Import, ast.ImportFrom]


def _singleton_type(type_name: str) -> bool:
    base = getattr(ast, type_name, None)
    return isinstance(base, type) and issubclass(base, SINGLETON_BASES)


def child_plan(cls: type, visit_singletons: bool = False) -> Plan:
    """The fields of `cls` to descend into, in source order, read from its ASDL signature
    (`Call(expr func, expr* args, keyword* keywords)`); every field, kind decided per value,
    when the signature cannot be read."""
    fields: Tuple[str, ...] = getattr(cls, "_fields", ())
    match = _SIGNATURE.match((cls.__doc__ or "").strip())
    declared = [part.split() for part in match.group(1).split(",")] if match else []
    if [part[-1] for part in declared] != list(fields) or any(len(p) != 2 for p in declared):
        return tuple((name, ANY) for name in fields)
    plan = []
    for type_spec, name in declared:
        base = type_spec.rstrip("*?")
        if base in _SCALARS or (not visit_singletons and _singleton_type(base)):
            continue
        plan.append((name, MANY if type_spec.endswith("*") else ONE))
    return tuple(plan)


#: node class -> its plan (last field first, to come off the stack in order); keyed by the class
_PLANS: Dict[type, Plan] = {}


@record(frozen=True)
class CallTarget:
    """What a call site calls, as far as the file tells.

    kind: "function" (a function of this file), "method" (a method of a class of this file,
    through `self.m()`, `cls.m()`, `Cls.m()` or `super().m()`), "class" (a class of this file:
    its constructor), "imported" (a name imported from another module: a scanned module or a
    library), "builtin" (a name bound nowhere in the file) or "unknown" (a value of unknown
    type: a parameter, an attribute of a call result ...)."""

    kind: str
    #: dotted name: `app.helpers.run`, `app.views.View.get`, `os.path.join`, `len`; '' for unknown
    qualname: str
    #: the FunctionDef or ClassDef of this file it resolves to, for the local kinds
    node: Optional[ast.AST] = None


_UNKNOWN = CallTarget("unknown", "")
#: bindings whose value the code shows (`x = v`, `x += v`)
_VALUE_KINDS = (BindingKind.ASSIGN, BindingKind.AUGMENTED)


def resolve_relative(module: Optional[str], level: int, name: Optional[str], package: bool) -> str:
    """The absolute module of `from <dots><name> import ...` in module `module` (a package's
    `__init__` when `package`); the dots dropped, as Bandit does, when the module is unknown."""
    if level == 0:
        return name or ""
    if module is None:
        return name or ""
    parts = module.split(".")
    if not package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)] if level - 1 <= len(parts) else []
    if name:
        parts.append(name)
    return ".".join(parts)


class Index:
    """What one file holds, for checks and for the data-flow layers; read-only once built."""

    def __init__(
        self, tree: ast.Module, module_name: Optional[str], package: bool, text: Optional[str]
    ) -> None:
        self.tree = tree
        self._text = text
        #: the file's dotted module name (`app.views`), None when unknown
        self.module_name = module_name
        self.package = package
        #: child -> parent, for every node but the shared context/operator singletons
        self.parents: Dict[ast.AST, ast.AST] = {}
        #: every node but the singletons, in pre-order with children in source order
        self.order: List[ast.AST] = []
        #: Bandit's view: call -> dotted name with the aliases of the imports before it
        self.bandit_names: Dict[ast.AST, str] = {}
        #: Bandit's import entries in pre-order (`os`, `os.path.join` ...), and, per call, how
        #: many of them come before it
        self.import_entries: List[str] = []
        self._entries_before: Dict[ast.AST, int] = {}
        #: Bandit's alias map once every import is read (local name -> dotted name)
        self.aliases: Dict[str, str] = {}
        #: Import and ImportFrom statements in pre-order
        self.import_nodes: List[ast.AST] = []
        self._flow: Optional[DataFlow] = None
        self._control: Dict[ast.AST, Mapping[ast.Name, FrozenSet[Binding]]] = {}
        self._targets: Dict[ast.AST, CallTarget] = {}
        self._classes: Optional[Dict[ast.ClassDef, Dict[str, ast.AST]]] = None
        self._qualpaths: Optional[Dict[ast.AST, str]] = None
        self._imports_scoped: Optional[List[ImportFact]] = None
        self._facts: Optional[FileFacts] = None
        self._outermost: Dict[ast.AST, ast.AST] = {}
        self._build()

    # -- the one pass --------------------------------------------------------------------------
    def _build(self) -> None:
        parents = self.parents
        add_parents = parents.update
        order = self.order
        visit = order.append
        names = self.bandit_names
        before = self._entries_before
        aliases = self.aliases
        entries = self.import_entries
        plans = _PLANS
        AST, Call, Name, Attribute = ast.AST, ast.Call, ast.Name, ast.Attribute
        imports = (ast.Import, ast.ImportFrom)
        dotted_keys = False  # whether an alias key holds a dot (never, from the imports read)
        stack: List[ast.AST] = [self.tree]
        pop, push, extend = stack.pop, stack.append, stack.extend
        while stack:
            node = pop()
            visit(node)
            cls = node.__class__
            plan = plans.get(cls)
            if plan is None:
                plan = plans[cls] = child_plan(cls)[::-1]
            if cls is Call:
                func = node.func  # type: ignore[attr-defined]
                if func.__class__ is Name:
                    target = aliases.get(func.id)
                    name = func.id if target is None else target
                elif func.__class__ is Attribute:
                    base = func.value
                    if base.__class__ is Name and not dotted_keys:
                        target = aliases.get(base.id)
                        name = f"{base.id if target is None else target}.{func.attr}"
                    else:
                        name = dotted(func, aliases, dotted_keys)
                else:
                    name = ""
                names[node] = name
                before[node] = len(entries)
            elif cls in imports:
                self.import_nodes.append(node)
                _read_import(node, aliases, entries)
                dotted_keys = any("." in key for key in aliases)
            for field, kind in plan:
                value = getattr(node, field)
                if value is None:
                    continue
                if kind == ONE:
                    parents[value] = node
                    push(value)
                elif type(value) is list:
                    if value:
                        if kind == ANY or None in value:  # Dict.keys holds None for **spread
                            value = [v for v in value if isinstance(v, AST)]
                        add_parents(zip(value, repeat(node)))
                        extend(reversed(value))
                elif kind == ANY and isinstance(value, AST):
                    parents[value] = node
                    push(value)

    # -- tree navigation -----------------------------------------------------------------------
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

    # -- Bandit's import view -------------------------------------------------------------------
    def qualname(self, call: ast.AST) -> str:
        """Bandit's dotted name of what `call` calls, with the imports before it in pre-order."""
        name = self.bandit_names.get(call)
        return name if name is not None else dotted(getattr(call, "func", call), self.aliases)

    def imports_before(self, node: Optional[ast.AST]) -> List[str]:
        """Bandit's import entries read before `node` in pre-order (every entry for None or a
        node that is not a call)."""
        count = self._entries_before.get(node) if node is not None else None
        entries = self.import_entries
        return entries if count is None else entries[:count]

    # -- scopes, bindings, references -------------------------------------------------------
    @property
    def dataflow(self) -> DataFlow:
        """Scopes, bindings and references (analysed scope by scope on first use)."""
        if self._flow is None:
            self._flow = DataFlow(self.tree, self.parents, self._text)
        return self._flow

    def scope_of(self, node: ast.AST) -> Optional[ast.AST]:
        return self.dataflow.scope_of(node)

    def bound_by(self, node: ast.AST) -> Tuple[Binding, ...]:
        return self.dataflow.bound_by(node)

    def uses(self, binding: Binding) -> Tuple[ast.Name, ...]:
        return self.dataflow.uses(binding)

    def reaching(self, use: ast.Name) -> Tuple[Binding, ...]:
        """The bindings `use` may read, by position (no kills): see dataflow.DataFlow.reaching."""
        return self.dataflow.reaching(use)

    def reaching_definitions(self, use: ast.Name) -> Tuple[Binding, ...]:
        """The bindings `use` may read along the control flow of its function: a reassignment
        kills the earlier binding and a branch that always leaves does not rejoin. Falls back to
        `reaching` where the flow is not followed (a name read from an enclosing function, a
        name declared global or nonlocal, a lambda or comprehension)."""
        from .controlflow import reaching_in_scope

        flow = self.dataflow
        scope = flow.scope_of(use)
        if scope is None:
            return ()
        answers = self._control.get(scope)
        if answers is None:
            answers = self._control[scope] = reaching_in_scope(scope, flow, self.parents)
        found = answers.get(use)
        if found is None:
            return flow.reaching(use)
        order = {id(b): i for i, b in enumerate(flow.flow(scope).bindings(use.id))}
        return tuple(sorted(found, key=lambda b: order.get(id(b), -1)))

    # -- values: where they go, where they come from -----------------------------------------
    def outermost(self, node: ast.AST, kind: type) -> ast.AST:
        """The highest ancestor-or-self of `node` reached through parents of class `kind` only
        (the whole `a + b + c` from any of its operations); remembered along the way, so the
        operations of a 60,000-term expression climb once in all, not once each."""
        known = self._outermost.get(node)
        if known is not None:
            return known
        path: List[ast.AST] = []
        current = node
        while True:
            known = self._outermost.get(current)
            if known is not None:
                top = known
                break
            path.append(current)
            parent = self.parents.get(current)
            if not isinstance(parent, kind):
                top = current
                break
            current = cast(ast.AST, parent)
        for visited in path:
            self._outermost[visited] = top
        return top

    def value_ends(
        self, start: ast.AST, budget: int
    ) -> Iterator[Tuple[str, ast.AST, Optional[ast.AST]]]:
        """Where the value of `start` goes, following it through the expressions that carry it
        whole (operators, f-strings, conditional values, a method called on it) and through the
        local variables it is assigned to (every read a binding may reach). Yields, depth first:
        ("call", value, call) when it is an argument of `call`; ("stored", value, statement)
        when it is assigned to something not followed (an attribute, an item, unpacked), the
        variables it does reach still followed; ("used", value, parent) for any other use (a
        statement of its own, a raise, a comparison, the test of a conditional ...); and
        ("budget", start, None), last, when more than `budget` expressions were visited."""
        pending: List[ast.AST] = [start]
        seen: Set[int] = set()
        while pending:
            budget -= 1
            if budget < 0:
                yield ("budget", start, None)
                return
            node = pending.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            parent = self.parents.get(node)
            if isinstance(parent, ast.keyword):
                node, parent = parent, self.parents.get(parent)
            if isinstance(parent, ast.Call) and node is not parent.func:
                yield ("call", node, parent)
            elif isinstance(parent, (ast.BinOp, ast.JoinedStr, ast.FormattedValue, ast.IfExp)):
                if isinstance(parent, ast.IfExp) and node is parent.test:
                    yield ("used", node, parent)
                else:
                    pending.append(parent)  # part of a bigger value
            elif isinstance(parent, ast.Attribute) and parent.value is node:
                call = self.parents.get(parent)
                if isinstance(call, ast.Call) and call.func is parent:
                    pending.append(call)  # a method of the value: its result carries it on
                else:
                    yield ("used", node, parent)
            elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
                made = self.bound_by(parent)
                if not made or (
                    isinstance(parent, ast.Assign) and len(made) != len(parent.targets)
                ):
                    yield ("stored", node, parent)
                for binding in made:
                    pending.extend(self.uses(binding))
                if isinstance(parent, ast.NamedExpr):
                    pending.append(parent)
            else:
                yield ("used", node, parent)

    def origins(self, expr: ast.AST) -> Iterator[object]:
        """The values `expr` may hold, followed back through local variables along the control
        flow (`reaching_definitions`): yields each expression a name was assigned (for `x += v`
        both v and what x held before), and each Binding whose value the code does not show (a
        parameter, a loop target, an import ...). A binding met again (a loop) is yielded once.
        Expressions that are not names are yielded as they are: the caller decides whether to
        look into them (by asking `origins` of their parts)."""
        pending: List[ast.AST] = [expr]
        followed: Set[int] = set()
        while pending:
            node = pending.pop()
            if not isinstance(node, ast.Name):
                yield node
                continue
            bindings = self.reaching_definitions(node)
            if not bindings:
                yield node  # bound nowhere in the file: a builtin or a global of another module
            for binding in bindings:
                if id(binding) in followed:
                    continue
                followed.add(id(binding))
                if binding.kind not in _VALUE_KINDS or binding.value is None:
                    yield binding
                    continue
                pending.append(binding.value)
                if binding.kind is BindingKind.AUGMENTED:
                    pending.append(binding.node.target)  # type: ignore[attr-defined]

    # -- call sites ------------------------------------------------------------------------
    def calls(self) -> Iterator[ast.Call]:
        """Every call site of the file, in pre-order."""
        for node in self.bandit_names:
            yield node  # type: ignore[misc]

    def call_target(self, call: ast.Call) -> CallTarget:
        """What `call` resolves to, scope-aware (see CallTarget)."""
        found = self._targets.get(call)
        if found is None:
            found = self._targets[call] = self._resolve(call)
        return found

    def _local_name(self, node: ast.AST) -> str:
        """`module.Class.method` for a def or class of this file (the module left out when
        unknown); nested functions named through their enclosing functions."""
        if self._qualpaths is None:
            self._qualpaths = {}
            stack: List[Tuple[ast.AST, str]] = [(self.tree, "")]
            while stack:
                scope, prefix = stack.pop()
                for child in _defs_in(scope):
                    path = f"{prefix}{cast(_Def, child).name}"
                    self._qualpaths[child] = path
                    stack.append((child, f"{path}."))
        path = self._qualpaths.get(node, getattr(node, "name", ""))
        return f"{self.module_name}.{path}" if self.module_name else path

    def _methods(self, cls: ast.ClassDef) -> Dict[str, ast.AST]:
        if self._classes is None:
            self._classes = {}
        found = self._classes.get(cls)
        if found is None:
            found = self._classes[cls] = {
                s.name: s for s in cls.body if isinstance(s, (*_FUNCTIONS, ast.ClassDef))
            }
        return found

    def _local_class(self, expr: ast.AST) -> Optional[ast.ClassDef]:
        """The class of this file the name `expr` holds, if its only reaching binding is one."""
        if not isinstance(expr, ast.Name):
            return None
        bindings = self.reaching(expr)
        if len(bindings) == 1 and isinstance(bindings[0].node, ast.ClassDef):
            return bindings[0].node
        return None

    def _find_method(
        self, cls: ast.ClassDef, name: str, skip_own: bool = False
    ) -> Optional[ast.AST]:
        """`name` in `cls` or its local bases, depth first in base order (no C3 linearisation)."""
        pending: List[ast.ClassDef] = [cls]
        seen: Set[int] = set()
        first = True
        while pending:
            current = pending.pop(0)
            if id(current) in seen:
                continue
            seen.add(id(current))
            if not (first and skip_own):
                method = self._methods(current).get(name)
                if method is not None:
                    return method
            first = False
            pending.extend(b for b in map(self._local_class, current.bases) if b is not None)
        return None

    def _method_context(self, node: ast.AST) -> Tuple[Optional[ast.AST], Optional[ast.ClassDef]]:
        """The method `node` is written in and its class (None, None outside a method)."""
        function = None
        for parent in self.ancestors(node):
            if isinstance(parent, _FUNCTIONS) and function is None:
                function = parent
            elif isinstance(parent, ast.ClassDef):
                if function is not None and self.parents.get(function) is parent:
                    return function, parent
                return None, None
            elif isinstance(parent, ast.Lambda):
                continue
        return None, None

    def _resolve(self, call: ast.Call) -> CallTarget:
        func = call.func
        if isinstance(func, ast.Name):
            return self._resolve_name(func, ())
        if not isinstance(func, ast.Attribute):
            return _UNKNOWN
        # super().m(): the method of a base class
        base = func.value
        if (
            isinstance(base, ast.Call)
            and isinstance(base.func, ast.Name)
            and base.func.id == "super"
            and not self.reaching(base.func)
        ):
            _, cls = self._method_context(call)
            method = self._find_method(cls, func.attr, skip_own=True) if cls else None
            if method is not None:
                return CallTarget("method", self._local_name(method), method)
            return _UNKNOWN
        parts: List[str] = [func.attr]
        while isinstance(base, ast.Attribute):
            parts.append(base.attr)
            base = base.value
        if not isinstance(base, ast.Name):
            return _UNKNOWN
        parts.reverse()
        # self.m() / cls.m(): the first parameter of a method
        function, cls = self._method_context(call)
        if function is not None and cls is not None and len(parts) == 1:
            arguments = function.args  # type: ignore[attr-defined]
            first = [*arguments.posonlyargs, *arguments.args][:1]
            bindings = self.reaching(base)
            if (
                first
                and first[0].arg == base.id
                and len(bindings) == 1
                and bindings[0].kind is BindingKind.PARAMETER
                and not _is_static(function)
            ):
                method = self._find_method(cls, parts[0])
                if method is not None:
                    return CallTarget("method", self._local_name(method), method)
                return _UNKNOWN
        return self._resolve_name(base, tuple(parts))

    def _resolve_name(self, name: ast.Name, rest: Tuple[str, ...]) -> CallTarget:
        bindings = self.reaching(name)
        if not bindings:
            return CallTarget("builtin", ".".join((name.id, *rest)))
        if len(bindings) != 1:
            return _UNKNOWN
        binding = bindings[0]
        node = binding.node
        if binding.kind is BindingKind.IMPORT:
            target = self._import_target(node)  # type: ignore[arg-type]
            return CallTarget("imported", ".".join((target, *rest)))
        if binding.kind is not BindingKind.DEFINITION:
            return _UNKNOWN
        if isinstance(node, _FUNCTIONS):
            return CallTarget("function", self._local_name(node), node) if not rest else _UNKNOWN
        if isinstance(node, ast.ClassDef):
            if not rest:
                return CallTarget("class", self._local_name(node), node)
            if len(rest) == 1:
                method = self._find_method(node, rest[0])
                if method is not None:
                    return CallTarget("method", self._local_name(method), method)
        return _UNKNOWN

    def _import_target(self, alias: ast.alias) -> str:
        """What the name an import binds stands for: `import a.b` binds `a`; `import a.b as c`
        binds `a.b`; `from .m import f` binds `<package>.m.f`."""
        statement = self.parents.get(alias)
        if isinstance(statement, ast.ImportFrom):
            module = resolve_relative(
                self.module_name, statement.level or 0, statement.module, self.package
            )
            return f"{module}.{alias.name}" if module else alias.name
        if alias.asname:
            return alias.name
        return alias.name.split(".", 1)[0]

    # -- facts -------------------------------------------------------------------------------
    def facts(self) -> FileFacts:
        """What other files may need to know of this one (built on first use)."""
        if self._facts is None:
            self._facts = self._make_facts()
        return self._facts

    def _make_facts(self) -> FileFacts:
        functions: List[FunctionFact] = []
        stack: List[ast.AST] = [self.tree]
        while stack:  # exported: top level, and the members of top-level classes
            scope = stack.pop()
            for node in _defs_in(scope):
                if isinstance(node, ast.ClassDef):
                    functions.append(FunctionFact(self._local_name(node), "class", (), node.lineno))
                    if scope is self.tree:
                        stack.append(node)
                else:
                    kind = "method" if scope is not self.tree else "function"
                    func = cast(_Func, node)
                    functions.append(
                        FunctionFact(
                            self._local_name(node), kind, _parameters(func.args), func.lineno
                        )
                    )
        imports: List[ImportFact] = []
        for statement in cast(List[_Import], self.import_nodes):
            for alias in statement.names:
                if alias.name == "*":
                    continue
                local = alias.asname or alias.name.split(".", 1)[0]
                imports.append(ImportFact(local, self._import_target(alias), statement.lineno))
        calls: List[CallFact] = []
        for call in self.calls():
            target = self.call_target(call)
            if target.kind == "imported":
                calls.append(
                    CallFact(
                        target.qualname,
                        call.lineno,
                        call.col_offset,
                        len(call.args) + len(call.keywords),
                    )
                )
        return FileFacts(self.module_name, tuple(functions), tuple(imports), tuple(calls))


def _defs_in(scope: ast.AST) -> List[ast.AST]:
    """The functions and classes defined directly in a module, class or function body,
    including those under if/try/with/for/while/match statements of that body."""
    found: List[ast.AST] = []
    pending: List[ast.AST] = list(reversed(getattr(scope, "body", [])))
    while pending:
        node = pending.pop()
        if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
            found.append(node)
        elif isinstance(node, ast.stmt):
            children: List[ast.AST] = []
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                children.extend(getattr(node, field, ()) or ())
            pending.extend(reversed(children))
        elif isinstance(node, ast.AST) and hasattr(node, "body"):  # handlers and match cases
            pending.extend(reversed(node.body))  # type: ignore[attr-defined]
    return found


def _parameters(arguments: ast.arguments) -> Tuple[str, ...]:
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if arguments.vararg is not None:
        names.append(f"*{arguments.vararg.arg}")
    names += [a.arg for a in arguments.kwonlyargs]
    if arguments.kwarg is not None:
        names.append(f"**{arguments.kwarg.arg}")
    return tuple(names)


def _is_static(function: ast.AST) -> bool:
    return any(
        isinstance(d, ast.Name) and d.id == "staticmethod"
        for d in getattr(function, "decorator_list", ())
    )


def _read_import(node: ast.AST, aliases: Dict[str, str], entries: List[str]) -> None:
    """Bandit's reading of an import: entries for the import set, aliases for the names."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            entries.append(alias.name)
            if alias.asname:
                aliases[alias.asname] = alias.name
    elif isinstance(node, ast.ImportFrom):
        module = node.module
        if module is None:
            # `from . import n` binds a sibling module by its own name: no alias, as Bandit
            entries.extend(alias.name for alias in node.names)
            return
        for alias in node.names:
            full = f"{module}.{alias.name}"
            entries.append(full)
            aliases[alias.asname or alias.name] = full


def dotted(node: ast.AST, aliases: Mapping[str, str], dotted_keys: bool = True) -> str:
    """The dotted name of a Name/Attribute chain, aliases substituted, '' parts for other bases;
    `dotted_keys` False promises no alias key holds a dot, so only the first part can be one."""
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


def build_index(
    tree: ast.Module,
    module_name: Optional[str] = None,
    package: bool = False,
    text: Optional[str] = None,
) -> Index:
    """The index of a parsed file; `module_name` is its dotted module name (None when unknown),
    `package` whether the file is a package's `__init__` (relative imports start there); `text`,
    the source, lets the scope analysis skip a pass when no `global`/`nonlocal` is written."""
    return Index(tree, module_name, package, text)
