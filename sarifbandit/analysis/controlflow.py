"""The control-flow view of one scope: which bindings of a name can reach each read of it when
the statements run in order.

Unlike the positional answer of dataflow.py, a reassignment kills the earlier binding
(`x = data; x = "fixed"; use(x)` reads only "fixed"), and a branch that always returns, raises,
continues or breaks does not rejoin the code after it. Loops run to a fixpoint (the sets only
grow, so it ends); `while True` leaves only through `break`; a `try` body may stop at any
statement, so its handlers and `finally` see every state met in it; `else` clauses of loops and
`try` run on the normal exit; each `match` case starts where the previous ones failed, and a
last irrefutable case leaves no way around. A walrus may sit under `and`/`or` or a conditional,
so it adds its binding without killing the others.

Left to the positional answer (no entry in the result): names declared `global`/`nonlocal` or
assigned from a nested scope, reads in dead code, and lambdas and comprehensions (expressions,
with no statements of their own).

Expressions are visited with explicit stacks; statements recursively, one level per indented
block, which the tokenizer bounds at 100 levels.
"""

from __future__ import annotations

import ast
from typing import Dict, FrozenSet, List, Mapping, Optional, Set, Tuple

from .dataflow import Binding, BindingKind, DataFlow, ScopeFlow, outer_parts

State = Optional[Dict[str, FrozenSet[Binding]]]  # None: no path gets here
Answers = Dict[ast.Name, FrozenSet[Binding]]
#: a read (the Name) or a binding, with the position that orders it within its statement
_Event = Tuple[Tuple[int, int], int, object]

_EMPTY: FrozenSet[Binding] = frozenset()
_STATEMENT_SCOPES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
#: a fixpoint round cap far above what a finite set of bindings needs; reached, the loop's
#: reads keep what they have (a safety net, never met in practice)
MAX_LOOP_ROUNDS = 64


def _join(*states: State) -> State:
    live = [s for s in states if s is not None]
    if not live:
        return None
    if len(live) == 1:
        return dict(live[0])
    out: Dict[str, FrozenSet[Binding]] = dict(live[0])
    for state in live[1:]:
        for name, bindings in state.items():
            known = out.get(name)
            out[name] = bindings if known is None else known | bindings
    return out


class _Loop:
    __slots__ = ("breaks", "continues")

    def __init__(self) -> None:
        self.breaks: List[State] = []
        self.continues: List[State] = []


class _Solver:
    def __init__(self, flow: ScopeFlow) -> None:
        self.flow = flow
        self.answers: Answers = {}
        unknown = {
            n for n in flow.names() if any(b.kind is BindingKind.UNKNOWN for b in flow.bindings(n))
        }
        self.followed: Set[str] = set(flow.names()) - flow.globals - flow.nonlocals - unknown
        self.reads: Set[ast.Name] = flow.all_uses()
        self.loops: List[_Loop] = []
        #: the states met inside each enclosing try body, innermost last
        self.tries: List[List[State]] = []
        self._events: Dict[int, List[_Event]] = {}

    # -- events of one statement or header ---------------------------------------------------
    def events(
        self, roots: List[Optional[ast.AST]], key: ast.AST, own: Optional[ast.AST] = None
    ) -> List[_Event]:
        """The reads and bindings of this scope in the expressions `roots` (never inside a
        statement of their own), with the bindings compound statement `own` makes itself (a
        for target, a with's `as`, an except's `as`, a def's name), in order."""
        cached = self._events.get(id(key))
        if cached is not None:
            return cached
        followed, reads, bound_by = self.followed, self.reads, self.flow.bound_by
        found: List[_Event] = []
        if own is not None:
            found += [(b.position, 1, b) for b in bound_by(own) if b.name in followed]
        stack = [r for r in roots if r is not None]
        simple = [r for r in stack if isinstance(r, ast.stmt)]
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Name):
                if node in reads and node.id in followed:
                    found.append(((node.lineno, node.col_offset), 0, node))
                continue
            if isinstance(node, _NESTED) or (isinstance(node, ast.stmt) and node not in simple):
                continue  # a statement of its own, or a scope whose name `own` binds
            found += [(b.position, 1, b) for b in bound_by(node) if b.name in followed]
            stack.extend(ast.iter_child_nodes(node))
        found.sort(key=lambda e: (e[0], e[1]))
        self._events[id(key)] = found
        return found

    def apply(self, events: List[_Event], state: State) -> State:
        if state is None:
            return None
        answers = self.answers
        for _, kind, item in events:
            if kind == 0:
                name = item.id  # type: ignore[attr-defined]
                seen = state.get(name, _EMPTY)
                known = answers.get(item)  # type: ignore[call-overload]
                answers[item] = seen if known is None else known | seen  # type: ignore[index]
            else:
                binding: Binding = item  # type: ignore[assignment]
                if isinstance(binding.node, ast.NamedExpr):
                    state[binding.name] = state.get(binding.name, _EMPTY) | {binding}
                else:
                    state[binding.name] = frozenset((binding,))
        return state

    def header(
        self,
        parts: List[Optional[ast.AST]],
        key: ast.AST,
        state: State,
        own: Optional[ast.AST] = None,
    ) -> State:
        if state is None:
            return None
        return self.apply(self.events(parts, key, own), _join(state))

    # -- statements -------------------------------------------------------------------------
    def block(self, statements: List[ast.stmt], state: State) -> State:
        for statement in statements:
            if state is None:
                break
            for seen in self.tries:
                seen.append(state)
            state = self.statement(statement, state)
        return state

    def statement(self, node: ast.stmt, state: State) -> State:
        if isinstance(node, ast.If):
            state = self.header([node.test], node.test, state)
            return _join(self.block(node.body, _join(state)), self.block(node.orelse, state))
        if isinstance(node, ast.While):
            return self.loop(node, state)
        if isinstance(node, (ast.For, ast.AsyncFor)):
            return self.loop(node, self.header([node.iter], node.iter, state))
        if isinstance(node, (ast.With, ast.AsyncWith)):
            state = self.header(list(node.items), node, state, own=node)
            return self.block(node.body, state)
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            return self.try_(node, state)
        if type(node).__name__ == "Match":
            return self.match(node, state)
        if isinstance(node, (ast.Return, ast.Raise)):
            self.header([node], node, state)
            return None
        if isinstance(node, (ast.Break, ast.Continue)):
            if self.loops:
                loop = self.loops[-1]
                (loop.breaks if isinstance(node, ast.Break) else loop.continues).append(state)
            return None
        if isinstance(node, _NESTED):
            # decorators, defaults, bases run here; the name is bound after them
            return self.header(list(outer_parts(node)), node, state, own=node)
        return self.header([node], node, state)

    def loop(self, node: ast.stmt, entry: State) -> State:
        """A while or for loop: the head joins the entry with the ends of the body."""
        is_for = isinstance(node, (ast.For, ast.AsyncFor))
        head = _join(entry)
        frame = _Loop()
        tested: State = None
        for _ in range(MAX_LOOP_ROUNDS):
            frame.breaks.clear()
            frame.continues.clear()
            if is_for:
                tested = head
                body_in = self.header([node.target], node, head, own=node)  # type: ignore[attr-defined]
            else:
                tested = body_in = self.header([node.test], node.test, head)  # type: ignore[attr-defined]
            self.loops.append(frame)
            try:
                end = self.block(node.body, _join(body_in))  # type: ignore[attr-defined]
            finally:
                self.loops.pop()
            following = _join(entry, end, *frame.continues)
            if following == head:
                break
            head = following
        endless = isinstance(node, ast.While) and _always_true(node.test)
        normal = None if endless else self.block(node.orelse, _join(tested))  # type: ignore[attr-defined]
        return _join(normal, *frame.breaks)

    def try_(self, node: ast.AST, state: State) -> State:
        seen: List[State] = [state]
        self.tries.append(seen)
        try:
            body_end = self.block(node.body, _join(state))  # type: ignore[attr-defined]
        finally:
            self.tries.pop()
        raised = _join(*seen, body_end)
        ends: List[State] = [self.block(node.orelse, body_end)]  # type: ignore[attr-defined]
        for handler in node.handlers:  # type: ignore[attr-defined]
            entered = self.header([handler.type], handler, raised, own=handler)
            ends.append(self.block(handler.body, entered))
        normal = _join(*ends)
        final = node.finalbody  # type: ignore[attr-defined]
        if not final:
            return normal
        entered = _join(normal, raised)
        after = self.block(final, _join(entered))
        if normal is None or after is None or entered is None:
            return None
        # going on after the try: the normal paths, with what `finally` bound on top
        out: Dict[str, FrozenSet[Binding]] = {}
        for name in set(after) | set(normal):
            before, now = entered.get(name, _EMPTY), after.get(name, _EMPTY)
            kept = normal.get(name, _EMPTY) if before <= now else _EMPTY
            out[name] = kept | (now - before)
        return out

    def match(self, node: ast.AST, state: State) -> State:
        state = self.header([node.subject], node.subject, state)  # type: ignore[attr-defined]
        ends: List[State] = []
        missed = state
        for case in node.cases:  # type: ignore[attr-defined]
            entered = self.header([case.pattern, case.guard], case, missed)
            ends.append(self.block(case.body, _join(entered)))
            missed = _join(missed, entered)
            if case.guard is None and _irrefutable(case.pattern):
                missed = None
                break
        return _join(missed, *ends)


def _always_true(test: ast.expr) -> bool:
    return isinstance(test, ast.Constant) and bool(test.value)


def _irrefutable(pattern: ast.AST) -> bool:
    """`case _:` and `case name:` (and an or-pattern holding one) match anything."""
    if type(pattern).__name__ == "MatchAs":
        return pattern.pattern is None  # type: ignore[attr-defined]
    if type(pattern).__name__ == "MatchOr":
        return any(_irrefutable(p) for p in pattern.patterns)  # type: ignore[attr-defined]
    return False


def reaching_in_scope(
    scope: ast.AST, flow: DataFlow, parents: Mapping[ast.AST, ast.AST]
) -> Answers:
    """{read: the bindings that may reach it} for the reads of `scope` the flow follows (see
    the module notes); empty for a lambda or comprehension."""
    if not isinstance(scope, _STATEMENT_SCOPES):
        return {}
    solver = _Solver(flow.flow(scope))
    entry: Dict[str, FrozenSet[Binding]] = {}
    for name in solver.followed:
        params = [b for b in solver.flow.bindings(name) if b.kind is BindingKind.PARAMETER]
        if params:
            entry[name] = frozenset(params)
    try:
        solver.block(scope.body, entry)  # type: ignore[attr-defined]
    except RecursionError:  # deeper than any tokenizer lets through: keep the positional view
        return {}
    return solver.answers
