"""B608 hardcoded_sql_expressions: An SQL statement is built with string operations, open to SQL injection."""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from typing import Dict, Iterator, List, Optional, Tuple, cast

from ..analysis.context import FileContext
from ..model import LOW, MEDIUM, Finding, Rank, Rule
from ..regex import lazy

RULE = Rule(
    id="B608",
    name="hardcoded_sql_expressions",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=89,
    cwe_title="SQL Injection",
    short="An SQL statement is built with string operations, open to SQL injection.",
    test_name="hardcoded_sql_expressions",
    what="""Flags SQL statements assembled from pieces with string operations: a string literal that looks
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
- when every path ends in printing, logging, an exception message, a comparison, a `help=`-like
  argument, the return of `__str__`/`__repr__`, or nothing at all, the confidence is LOW and
  the message says the text is never executed;
- text built from constants only (literals, and variables whose every value is a literal) is
  LOW: nothing from outside can change it;
- text that does not start like a statement (`SELECT … FROM`, `INSERT INTO … VALUES`,
  `UPDATE … SET`, `DELETE FROM`, or `WITH … AS (`, after whitespace and `--`/`/* */` comments)
  is LOW: Bandit's words anywhere in the text (`"could not select a row from "`) still report,
  at lower confidence.""",
    why="""Values pasted into SQL text become part of the statement: a value containing a quote can end
the string and add conditions or statements of its own (SQL injection), reading or destroying
data.""",
    example="""```python
cursor.execute("SELECT * FROM users WHERE name = '%s'" % name)
cursor.execute(f"DELETE FROM users WHERE id = {user_id}")
```""",
    use_instead="""Pass the values as query parameters and let the driver quote them:
```python
cursor.execute("SELECT * FROM users WHERE name = %s", (name,))
```""",
    references=(("PEP 249: parameters of execute()", "https://peps.python.org/pep-0249/#id15"),),
)

# the trailing whitespace (or parenthesis) is part of each form: "update t set" + x is not SQL
_SQL = lazy(
    r"select\s.*from\s|delete\s+from\s|insert\s+into\s.*values[\s(]|update\s.*set\s",
    re.IGNORECASE | re.DOTALL,
)
# every match starts with one of these words, and no word can span two joined pieces
_HEAD = lazy(r"select|delete|insert|update", re.IGNORECASE)
# every word the SQL forms are made of
_WORD = lazy(r"select|delete|insert|update|from|into|values|set", re.IGNORECASE)

# a statement by its structure, at the start of the text after whitespace and comments; \x00
# stands for a value filled in
_STATEMENT = lazy(
    r"\s*(?:(?:--[^\n]*(?:\n|$)|/\*.*?\*/)\s*)*(?:\(\s*)?"
    r"(?:explain\s+(?:analyze\s+)?)?"
    r"(?:select\s.*?\bfrom\b|insert\s+into\s.*?\bvalues\b|update\s.*?\bset\s|delete\s+from\s"
    r"|with\s+(?:recursive\s+)?\w+\b.*?\bas\s*\()",
    re.IGNORECASE | re.DOTALL,
)
#: how many operands of a long expression make up the start of the statement tested
_STATEMENT_PIECES = 64
#: keyword arguments that take documentation, not a query
_DOC_KEYWORDS = frozenset({"help", "help_text", "description", "epilog", "usage", "doc", "msg"})
#: functions whose returned text describes an object
_DOC_FUNCTIONS = frozenset({"__str__", "__repr__", "__format__", "__doc__"})
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
#: where a string may end without being run: a statement of its own, an exception, a
#: comparison, the test of a conditional
_HARMLESS_USES = (ast.Expr, ast.Raise, ast.Assert, ast.Compare, ast.IfExp)
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


class _Memo:
    """Per file: each whole expression's flattening, and where each built string goes, shared
    by the literals of one expression (the climb to the whole expression is the index's)."""

    def __init__(self, ctx: FileContext) -> None:
        self.chains: Dict[ast.AST, _Chain] = {}
        self.destinations: Dict[ast.AST, Tuple[str, Optional[ast.Call]]] = {}
        #: whole operator expression -> (built from literals only, starts like a statement)
        self.shapes: Dict[ast.AST, Tuple[bool, bool]] = {}


def _operator_sql(text: str, parent: ast.BinOp, ctx: FileContext) -> Tuple[bool, ast.BinOp]:
    """Bandit's test for a literal inside an operator expression: the literal, then the other
    literal operands of the whole expression outside `parent`, joined by spaces, must look
    like SQL. Also returns the whole expression."""
    top = cast(ast.BinOp, ctx.index.outermost(parent, ast.BinOp))
    if parent is top:
        return _SQL.search(text) is not None, top
    chains = ctx.memo(_Memo).chains
    chain = chains.get(top)
    if chain is None:
        chain = chains[top] = _Chain(top)
    first, end = chain.spans[id(parent)]
    return chain.matches(text, first, end), top


def _destination(start: ast.AST, ctx: FileContext) -> Tuple[str, Optional[ast.Call]]:
    """Where the built string goes (the index follows it through expressions and variables):
    ("executes", the call) when some path reaches an SQL-executing call, ("harmless", None) when
    every path ends in output, an exception, a comparison or nowhere, else ("unknown", None)."""
    verdict = "harmless"
    for kind, value, parent in ctx.index.value_ends(start, _FLOW_BUDGET):
        if kind == "budget":
            return "unknown", None
        if kind == "call":
            name = _called_name(cast(ast.Call, parent))
            if name in _FLOW_SINKS:
                return "executes", cast(ast.Call, parent)
            if isinstance(value, ast.keyword) and value.arg in _DOC_KEYWORDS:
                continue  # help=, description= ...: documentation
            if name not in _HARMLESS_CALLS and not name.endswith(_HARMLESS_SUFFIXES):
                verdict = "unknown"
        elif isinstance(parent, ast.Return) and kind == "used":
            function = ctx.enclosing_function(parent)
            if getattr(function, "name", None) not in _DOC_FUNCTIONS:
                verdict = "unknown"
        elif kind == "stored" or not isinstance(parent, _HARMLESS_USES):
            verdict = "unknown"
    return verdict, None


def _how(form: str) -> str:
    return {
        "operator": "string operators (+, %)",
        "format": ".format()",
        "replace": ".replace()",
        "fstring": "an f-string",
    }[form]


def _literal(expr: Optional[ast.AST], ctx: FileContext) -> bool:
    """A constant, or a variable (a tuple of them) whose every value is a constant."""
    pending: List[Optional[ast.AST]] = [expr]
    while pending:
        node = pending.pop()
        if node is None or isinstance(node, ast.Constant):
            continue
        if isinstance(node, ast.Tuple):
            pending.extend(node.elts)
        elif isinstance(node, ast.Name):
            origins = list(ctx.index.origins(node))
            if not all(isinstance(o, ast.Constant) for o in origins):
                return False
        else:
            return False
    return True


def _leaves(top: ast.BinOp) -> List[ast.AST]:
    """The operands of a whole operator expression, left to right."""
    found: List[ast.AST] = []
    stack: List[ast.AST] = [top]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp):
            stack += [node.right, node.left]
        else:
            found.append(node)
    return found


def _shape(built: ast.AST, form: str, ctx: FileContext) -> Tuple[bool, bool]:
    """(built from literals only, starts like an SQL statement) for the string `built`."""
    if form == "operator":
        memo = ctx.memo(_Memo).shapes
        known = memo.get(built)
        if known is None:
            leaves = _leaves(cast(ast.BinOp, built))
            texts = [_piece(leaf) for leaf in leaves[:_STATEMENT_PIECES]]
            literal = all(_literal(leaf, ctx) for leaf in leaves)
            known = memo[built] = (literal, _STATEMENT.match("".join(texts)) is not None)
        return known
    if form == "fstring":
        parts = cast(ast.JoinedStr, built).values
        values: List[Optional[ast.AST]] = [
            p.value for p in parts if isinstance(p, ast.FormattedValue)
        ]
        texts = [_piece(p) for p in parts]
    else:  # "...".format(...) / .replace(...): the template and the arguments
        call = built if isinstance(built, ast.Call) else None
        template = cast(ast.Attribute, call.func if call else built).value
        values = [*call.args, *(k.value for k in call.keywords)] if call else [None]
        texts = [_piece(template)]
    literal = all(_literal(v, ctx) for v in values)
    return literal, _STATEMENT.match("".join(texts)) is not None


def _piece(node: ast.AST) -> str:
    return node.value if isinstance(node, ast.Constant) and type(node.value) is str else "\x00"


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
    known = ctx.memo(_Memo).destinations
    found = known.get(built)
    if found is None:
        found = known[built] = _destination(built, ctx)
    where, call = found
    how = _how(form)
    literal, statement = _shape(built, form, ctx)
    if literal:
        confidence = LOW
        message = (
            f"SQL-like text built with {how} from constants only: no value from outside can "
            "change it"
        )
    elif where == "harmless":
        confidence = LOW
        message = (
            f"SQL-like text built with {how} is only printed, logged, raised or compared here; "
            "it never reaches an execute call"
        )
    elif where == "executes" and call is not None:
        if not replace:
            confidence = MEDIUM
        message = (
            f"SQL built with {how} reaches {_called_name(call)}() on line {call.lineno}: "
            "values in it can change the query; pass them as query parameters"
        )
    else:
        message = (
            f"SQL built with {how}: values in it can change the query; "
            "pass them as query parameters"
        )
    if not statement and not literal:
        confidence = LOW
        message += " (the text does not start like an SQL statement)"
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
