"""## What it does
Flags SQL statements assembled from pieces with string operations: a string literal that looks
like SQL (`SELECT … FROM`, `DELETE FROM`, `INSERT INTO … VALUES`, `UPDATE … SET`, in any case)
and is
- an operand of `+`, `%` or another operator: the literal together with the other literal
  operands of the whole expression (outside its own innermost operation) must look like SQL;
- the template of `.format(...)` or `.replace(...)`;
- the text of an f-string (all its literal parts together; one finding per f-string).

A plain literal, a parameterized query and implicit concatenation (`"a" "b"`) are never flagged.
The finding points at the string (the whole f-string for f-strings).

Confidence is MEDIUM when the built string is passed straight to a call named `execute` or
`executemany` (except for `.replace`), else LOW, as in Bandit. sarifbandit then follows the
string through the local variables of its function:
- when it reaches a call named `execute`, `executemany` or `raw` that way (`sql = "…" % x`
  then `cursor.execute(sql)`), the confidence is MEDIUM too (`.replace` stays LOW);
- when every path ends in printing, logging, an exception message, a comparison or nothing at
  all, the confidence is LOW and the message says the text is never executed.

## Why is this bad?
Values pasted into SQL text become part of the statement: a value containing a quote can end
the string and add conditions or statements of its own (SQL injection), reading or destroying
data.

## Example
```python
cursor.execute("SELECT * FROM users WHERE name = '%s'" % name)
cursor.execute(f"DELETE FROM users WHERE id = {user_id}")
```

## Use instead
Pass the values as query parameters and let the driver quote them:
```python
cursor.execute("SELECT * FROM users WHERE name = %s", (name,))
```

## References
- [CWE-89: SQL Injection](https://cwe.mitre.org/data/definitions/89.html)
- [PEP 249: parameters of execute()](https://peps.python.org/pep-0249/#id15)
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from typing import Dict, Iterator, List, Optional, Set, Tuple

from ..analysis.context import FileContext
from ..analysis.dataflow import DataFlow, dataflow
from ..model import LOW, MEDIUM, Finding, Rank, Rule

RULE = Rule(
    id="B608",
    name="hardcoded_sql_expressions",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=89,
    short="An SQL statement is built with string operations, open to SQL injection.",
    doc=__doc__,
    test_name="hardcoded_sql_expressions",
)

# the trailing whitespace (or parenthesis) is part of each form: "update t set" + x is not SQL
_SQL = re.compile(
    r"select\s.*from\s|delete\s+from\s|insert\s+into\s.*values[\s(]|update\s.*set\s",
    re.IGNORECASE | re.DOTALL,
)
# every match starts with one of these words, and no word can span two joined pieces
_HEAD = re.compile(r"select|delete|insert|update", re.IGNORECASE)
# every word the SQL forms are made of
_WORD = re.compile(r"select|delete|insert|update|from|into|values|set", re.IGNORECASE)

_DIRECT_SINKS = frozenset({"execute", "executemany"})
_FLOW_SINKS = _DIRECT_SINKS | {"raw"}
_HARMLESS_CALLS = frozenset(
    {
        "print",
        "debug",
        "info",
        "warning",
        "warn",
        "error",
        "exception",
        "critical",
        "fatal",
        "log",
        "write",
        "echo",
        "secho",
        "gettext",
        "ngettext",
        "_",
    }
)
_HARMLESS_SUFFIXES = ("Error", "Exception", "Warning")
#: how many expressions the forward search may visit before it gives up
_FLOW_BUDGET = 64


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _prefix_counts(flags: List[bool]) -> List[int]:
    counts = [0]
    for flag in flags:
        counts.append(counts[-1] + flag)
    return counts


class _Chain:
    """An operator expression flattened once: its string operands in order, what each operation
    spans, and per-piece facts that let a statement be tested without building all of it.

    A statement is the tested literal, then the string operands outside one operation, joined
    by spaces. Pieces without an SQL word can only matter as "whitespace or not" (the words
    cannot span the joining space), so each run of them is tested as one " " or one NUL, and a
    60,000-term concatenation costs a few pieces per literal instead of 60,000."""

    def __init__(self, top: ast.BinOp) -> None:
        self.pieces: List[str] = []
        #: id(operation) -> [first, end) indexes of the pieces below it
        self.spans: Dict[int, Tuple[int, int]] = {}
        # (node, entered): an operation is seen twice, before and after its operands
        stack: List[Tuple[ast.AST, bool]] = [(top, False)]
        starts: Dict[int, int] = {}
        while stack:
            node, entered = stack.pop()
            if isinstance(node, ast.BinOp):
                if entered:
                    self.spans[id(node)] = (starts.pop(id(node)), len(self.pieces))
                else:
                    starts[id(node)] = len(self.pieces)
                    stack += [(node, True), (node.right, False), (node.left, False)]
            elif isinstance(node, ast.Constant) and type(node.value) is str:
                self.pieces.append(node.value)
        pieces = self.pieces
        self.worded = [i for i, s in enumerate(pieces) if _WORD.search(s)]
        self.solid = _prefix_counts([not s.isspace() and s != "" for s in pieces])
        self.hot = _prefix_counts([_HEAD.search(s) is not None for s in pieces])
        self.alone = _prefix_counts([_SQL.search(s) is not None for s in pieces])

    def _count(self, counts: List[int], first: int, end: int) -> int:
        """How many pieces outside [first, end) the prefix `counts` counts."""
        return counts[first] + counts[-1] - counts[end]

    def _compressed(self, first: int, end: int) -> List[str]:
        """Pieces [first, end) with each run of word-free pieces folded into one."""
        out: List[str] = []
        at = first
        for index in self.worded[bisect_left(self.worded, first) : bisect_left(self.worded, end)]:
            if index > at:
                out.append("\x00" if self.solid[index] - self.solid[at] else " ")
            out.append(self.pieces[index])
            at = index + 1
        if end > at:
            out.append("\x00" if self.solid[end] - self.solid[at] else " ")
        return out

    def matches(self, text: str, first: int, end: int) -> bool:
        """Whether `text` followed by the pieces outside [first, end) looks like SQL."""
        if _SQL.search(text) or self._count(self.alone, first, end):
            return True
        if not self._count(self.hot, first, end) and not _HEAD.search(text):
            return False
        outside = self._compressed(0, first) + self._compressed(end, len(self.pieces))
        return _SQL.search(" ".join([text, *outside])) is not None


class _Cache:
    """Per-file memo: the topmost operation above each operation, and each top's flattening,
    so a long concatenation is climbed and flattened once, not once per operand."""

    def __init__(self) -> None:
        self.top: Dict[int, ast.BinOp] = {}
        self.chains: Dict[int, _Chain] = {}
        #: id(built string) -> where it goes, shared by the literals of one expression
        self.destinations: Dict[int, Tuple[str, Optional[ast.Call]]] = {}


def _cache(ctx: FileContext) -> _Cache:
    found = ctx.derived.get("b608")
    if found is None:
        found = ctx.derived["b608"] = _Cache()
    return found


def _topmost(operation: ast.BinOp, ctx: FileContext, cache: _Cache) -> ast.BinOp:
    path: List[ast.BinOp] = []
    node = operation
    while True:
        known = cache.top.get(id(node))
        if known is not None:
            top = known
            break
        path.append(node)
        parent = ctx.parent(node)
        if not isinstance(parent, ast.BinOp):
            top = node
            break
        node = parent
    for visited in path:
        cache.top[id(visited)] = top
    return top


def _operator_sql(text: str, parent: ast.BinOp, ctx: FileContext) -> Tuple[bool, ast.BinOp]:
    """Bandit's test for a literal inside an operator expression: the literal, then the other
    literal operands of the whole expression outside `parent`, joined by spaces, must look
    like SQL. Also returns the whole expression."""
    cache = _cache(ctx)
    top = _topmost(parent, ctx, cache)
    if parent is top:
        return _SQL.search(text) is not None, top
    chain = cache.chains.get(id(top))
    if chain is None:
        chain = cache.chains[id(top)] = _Chain(top)
    first, end = chain.spans[id(parent)]
    return chain.matches(text, first, end), top


def _destination(start: ast.AST, flow: DataFlow) -> Tuple[str, Optional[ast.Call]]:
    """Where the built string goes, following local variables: ("executes", the call) when some
    path reaches an SQL-executing call, ("harmless", None) when every path ends in output, an
    exception, a comparison or nowhere, else ("unknown", None)."""
    pending: List[ast.AST] = [start]
    seen: Set[int] = set()
    budget = _FLOW_BUDGET
    verdict = "harmless"
    while pending:
        budget -= 1
        if budget < 0:
            return "unknown", None
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        parent = flow.parent(node)
        if isinstance(parent, ast.keyword):
            node, parent = parent, flow.parent(parent)
        if isinstance(parent, ast.Call) and node is not parent.func:
            name = _called_name(parent)
            if name in _FLOW_SINKS:
                return "executes", parent
            if name not in _HARMLESS_CALLS and not name.endswith(_HARMLESS_SUFFIXES):
                verdict = "unknown"
        elif isinstance(parent, (ast.BinOp, ast.JoinedStr, ast.FormattedValue, ast.IfExp)):
            if isinstance(parent, ast.IfExp) and node is parent.test:
                continue
            pending.append(parent)  # part of a bigger string
        elif isinstance(parent, ast.Attribute) and parent.value is node:
            call = flow.parent(parent)
            if isinstance(call, ast.Call) and call.func is parent:
                pending.append(call)  # a string method: its result carries the text on
            else:
                verdict = "unknown"
        elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            made = flow.bound_by(parent)
            if not made or (isinstance(parent, ast.Assign) and len(made) != len(parent.targets)):
                verdict = "unknown"  # stored in an attribute, an item, or unpacked
            for binding in made:
                pending.extend(flow.uses(binding))
            if isinstance(parent, ast.NamedExpr):
                pending.append(parent)
        elif not isinstance(parent, (ast.Expr, ast.Raise, ast.Assert, ast.Compare)):
            verdict = "unknown"
    return verdict, None


def _how(form: str) -> str:
    return {
        "operator": "string operators (+, %)",
        "format": ".format()",
        "replace": ".replace()",
        "fstring": "an f-string",
    }[form]


def _report(
    ctx: FileContext,
    at: ast.AST,
    built: ast.AST,
    wrapper: Optional[ast.AST],
    form: str,
    scope: Optional[ast.AST],
) -> Optional[Finding]:
    replace = form == "replace"
    direct = (
        isinstance(wrapper, ast.Call) and _called_name(wrapper) in _DIRECT_SINKS and not replace
    )
    confidence: Rank = MEDIUM if direct else LOW
    known = _cache(ctx).destinations
    found = known.get(id(built))
    if found is None:
        found = known[id(built)] = _destination(built, dataflow(ctx))
    where, call = found
    how = _how(form)
    if where == "executes" and call is not None:
        if not replace:
            confidence = MEDIUM
        message = (
            f"SQL built with {how} reaches {_called_name(call)}() on line {call.lineno}: "
            "values in it can change the query; pass them as query parameters"
        )
    elif where == "harmless":
        confidence = LOW
        message = (
            f"SQL-like text built with {how} is only printed, logged or compared here; "
            "it never reaches an execute call"
        )
    else:
        message = (
            f"SQL built with {how}: values in it can change the query; "
            "pass them as query parameters"
        )
    return ctx.finding(RULE, at, message, confidence=confidence, scope=scope)


@RULE.check(ast.Constant)
def check_literal(node: ast.Constant, ctx: FileContext) -> Iterator[Optional[Finding]]:
    text = node.value
    if type(text) is not str:
        return
    parent = ctx.parent(node)
    if isinstance(parent, ast.BinOp):
        is_sql, top = _operator_sql(text, parent, ctx)
        if is_sql:
            yield _report(ctx, node, top, ctx.parent(top), "operator", parent)
    elif isinstance(parent, ast.Attribute) and parent.attr in ("format", "replace"):
        if not _SQL.search(text):
            return
        method = ctx.parent(parent)
        wrapper = ctx.parent(method) if method is not None else None
        built = method if isinstance(method, ast.Call) and method.func is parent else parent
        yield _report(ctx, node, built, wrapper, parent.attr, parent)


@RULE.check(ast.JoinedStr)
def check_fstring(node: ast.JoinedStr, ctx: FileContext) -> Iterator[Optional[Finding]]:
    texts = [v.value for v in node.values if isinstance(v, ast.Constant) and type(v.value) is str]
    if texts and _SQL.search("".join(texts)):
        yield _report(ctx, node, node, ctx.parent(node), "fstring", None)
