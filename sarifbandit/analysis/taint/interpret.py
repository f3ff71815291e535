"""The taint interpreter: each function of a file run over abstract values, once, to a fixpoint.

Statements are interpreted in order over an environment {name: Value}. A branch whose test folds
to a constant runs alone; an `if` that always exits leaves the code after it with the negated
test assumed (guards); where paths meet their environments are joined; loops run until nothing
changes, widened after MAX_LOOP_ROUNDS. A function's parameters stand for themselves
(`param:i` taints), so the same run gives the function's summary: what it returns in terms of
its parameters and which parameters reach which sinks. A call to a function of the same file is
answered by that summary; an unknown call passes its arguments' taint on, less exactly.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import copy
import re
from typing import (
    Any,
    Dict,
    FrozenSet,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Set,
    Tuple,
    cast,
)

from ...model import CallerFact
from ...records import field, record, replace
from ...regex import lazy
from ..nodes import (
    dotted_name,
    is_factory,
    nested_functions,
    parameter_defaults,
    positional_defaults,
)
from ..source import split_lines
from .aiohttp_routes import app_state
from .guards import (
    TEST_OF,
    URL_VALIDATORS,
    imported_flag,
    refine,
    remember_test,
    sanitized,
    vouch_for,
)
from .library import (
    FOLDED_CODECS,
    LINE_BREAK_SINKS,
    PYTHON_LITERAL,
    RESOLVING_PARSER,
    SAX_READER,
    SAX_RESOLVING,
    SETTINGS_MAPPINGS,
    SETTINGS_OBJECTS,
    STR_FACTS,
    STR_KEEP,
    STRING_TEMPLATES,
    call_library,
    config_section,
    holds_settings,
    json_written,
    method_of,
    named_entries,
    rendered_page,
    resolving,
    result_type,
    store_receiver,
    table_entry,
)
from .models import EVERY_CLASS, Models, Sanitizer, Sink
from .patterns import (
    EVERYWHERE,
    QUOTED,
    annotated_extras,
    annotated_type,
    checked_options,
    declared_checks,
    depends_mark,
    enum_classes,
    form_fields,
    through_alias,
    type_aliases,
)
from .templates import EVERY, FLASK_ESCAPED, TemplateFacts, lookup, unescaped
from .values import (
    CALL_PREFIX,
    CLEAN,
    FIXED,
    FIXED_TEXT,
    FLAG_SEPARATOR,
    KEYS,
    MAX_FOLDED_SIZE,
    MODEL_PREFIX,
    NO_DOTS,
    PARAM_PREFIX,
    PATTERN,
    REST,
    SETTING,
    TABLE_PREFIX,
    Step,
    Taint,
    Value,
    calls_only,
    chosen_prefix,
    concat,
    constant,
    fixed_if,
    fixed_text,
    fixes_host,
    flag_names,
    hashable,
    held_values,
    join,
    join_all,
    join_taint,
    merged,
    param_kind,
    param_of,
    part_of,
    part_stand_in,
    pieces_of,
    rest_keys,
    safe_in_both,
    smashed,
    span,
    stand_in,
    stored_unknown,
    tainted,
    widen,
)
from .words import WordLines

#: loop bodies run at most this many times before their changing variables are widened
MAX_LOOP_ROUNDS = 4
#: a loop over at most this many constants written in place runs once per item, in order;
#: a longer one runs to a fixpoint like any other
MAX_UNROLLED_ITEMS = 8
#: evaluation steps one function may take; past it the function's result is unknown
MAX_FUNCTION_STEPS = 20_000
#: expressions nested deeper than this are judged by the names they read, not evaluated
MAX_EXPRESSION_DEPTH = 60
#: local calls followed into summaries, one inside another, before a call is "unknown"
MAX_CALL_DEPTH = 8
#: functions of one file the analysis runs at most (generated code with thousands is bounded)
MAX_FUNCTIONS = 2_000
#: rounds of running the functions that read what earlier runs found to hold input (a helper
#: returning input, one returning that helper's result ...): a longer chain stops there
MAX_READER_ROUNDS = 8
#: classes looked through for an inherited method
MAX_CLASS_DEPTH = 16
#: functions a dynamic call may reach (a handler table, `getattr(self, "on_" + kind)`)
MAX_CANDIDATES = 16
#: a function's returns kept apart in its summary, each answered with the call's arguments
#: (`return default` or `return checked`: the caller's default does not undo the check);
#: past it, what they return joined
MAX_RETURN_WAYS = 4
#: a function of at most this many statements is run again for a call giving it constants
#: (`loader_options("strict")`), its result then that of those constants; a longer one is
#: answered by its summary alone
MAX_SPECIALIZED_STATEMENTS = 12
#: such runs one file makes at most (each distinct function and constants once)
MAX_SPECIALIZED_RUNS = 500

Env = Dict[str, Value]
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)

#: how the test of an `if` came out in a run (FileAnalysis.branches)
SEEN_TRUE, SEEN_FALSE, SEEN_UNKNOWN = 1, 2, 4


#: calls that never return (they raise or end the process): Flask's and Werkzeug's abort,
#: sys.exit, os._exit
_NO_RETURN = frozenset({"abort", "exit", "_exit"})


class BudgetExceeded(Exception):
    """A function took more steps than MAX_FUNCTION_STEPS."""


@record
class SinkHit:
    """Untrusted data reaching a sink: reported at `node`, dispatched on `anchor`."""

    anchor: ast.AST
    node: ast.AST
    sink_class: str
    sink: str
    taint: Taint
    #: steps inside a helper function that carried the value from its parameter to the sink
    inner: Tuple[Step, ...] = ()


@record
class ParamSink:
    """A parameter of a function that reaches a sink inside it (part of the summary)."""

    index: int
    sink_class: str
    sink: str
    sanitized: FrozenSet[str]
    steps: Tuple[Step, ...]
    #: the part of the parameter that reaches it (("attr", "query") for `self.query`, a key
    #: for `kw["query"]`), None for the parameter itself
    part: Any = None


def function_id(analysis: "FileAnalysis", func: ast.AST) -> str:
    """A function of the scan, the same from every file: its file and the line it starts on."""
    return f"{analysis.path}:{getattr(func, 'lineno', 0)}"


@record
class Summary:
    """What a function does with its parameters, as seen from a call."""

    params: Tuple[str, ...]
    returns: Optional[Value] = None
    param_sinks: List[ParamSink] = field(default_factory=list)
    #: a method's `self` where it returns: what `__init__` stored on the object
    self_out: Optional[Value] = None
    #: {parameter index: sink classes} a true result vouches for (a predicate such as
    #: `is_safe_url(url)` whose every return that may be true checked the parameter)
    guards: Dict[int, FrozenSet[str]] = field(default_factory=dict)
    #: {parameter index: sink classes} a return of any kind vouches for (a check that aborts
    #: or raises otherwise: `ensure_in(value, ALLOWED)`)
    checks: Dict[int, FrozenSet[str]] = field(default_factory=dict)
    #: (parameter index, dotted name) of the calls neither the file nor the models answer
    #: that a parameter's value reaches (see FileAnalysis.external)
    param_calls: Set[Tuple[int, str]] = field(default_factory=set)
    #: what each `return` gives, apart (at most MAX_RETURN_WAYS; None: only `returns`)
    return_ways: Optional[Tuple[Value, ...]] = None
    #: (parameter index, value, statement) of each `param[key] = value` into a parameter the
    #: caller gives: a call passing `request.session` for it stores into the session
    param_stores: List[Tuple[int, Value, ast.AST]] = field(default_factory=list)


def _step(node: ast.AST, message: str, nesting: int = 0) -> Step:
    return (*span(node), message, nesting)


def _short(node: ast.AST, limit: int = 40) -> str:
    """The code of `node` as a step's message shows it, cut at `limit` characters."""
    text = _dotted_text(node)
    if text is None:
        try:
            text = ast.unparse(node)
        except Exception:  # a hand-built or very deep tree
            return "…"
        text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _dotted_text(node: ast.AST) -> Optional[str]:
    """`a.b.c`, `a.b(...)` and `a["k"]` written out without ast.unparse (steps are made often)."""
    suffix = ""
    if isinstance(node, ast.Call):
        suffix = "(…)" if node.args or node.keywords else "()"
        node = node.func
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        suffix = f"[{node.slice.value!r}]"
        node = node.value
    name = dotted_name(node)
    return name + suffix if name else None


def _replaced(holder: Value, path: List[Any], value: Value) -> Value:
    """`holder` with the part at `path` (keys and ("attr", name)s, outermost first) replaced."""
    inner = holder.entry(path[0]) if len(path) > 1 else None
    if len(path) == 1:
        return holder.with_entry(path[0], value)
    if inner is not None and inner.entries is None:
        # a part whose parts are not held (a request's session): left as it is, its kind kept
        return holder
    if inner is None:
        taint = value.all_taint()
        return holder.with_entry(path[0], Value(taint=taint)) if taint is not None else holder
    return holder.with_entry(path[0], _replaced(inner, path[1:], value))


def _deleted(holder: Value, key: Any) -> Value:
    """`del items[i]` (the later items move down one) and `del table[k]`."""
    entries = holder.entries or ()
    if holder.shape == "list" and isinstance(key, int):
        indexes = sorted(k for k, _ in entries if isinstance(k, int))
        if not -len(indexes) <= key < len(indexes) or len(indexes) != len(entries):
            return holder
        gone = indexes[key]
        moved = tuple((k - 1 if k > gone else k, v) for k, v in entries if k != gone)
        return Value(entries=moved, shape=holder.shape)
    if hashable(key):
        return Value(entries=tuple((k, v) for k, v in entries if k != key), shape=holder.shape)
    return holder


def _same_package(qual: str, module: str) -> bool:
    return bool(module) and qual.split(".", 1)[0] == module.split(".", 1)[0]


#: Django's ORM reads: functions, and the managers' methods that give rows
_ROW_FUNCTIONS = frozenset({"get_object_or_404", "get_list_or_404", "aget_object_or_404"})
_ROW_METHODS = frozenset(
    {
        "get",
        "filter",
        "exclude",
        "first",
        "last",
        "all",
        "values",
        "values_list",
        "only",
        "defer",
        "order_by",
        "select_related",
        "prefetch_related",
        "aget",
        "afirst",
        "alast",
        "in_bulk",
        "latest",
        "earliest",
    }
)


#: a queryset's methods that take the fields to match as keywords (a dict's `get` takes none),
#: and a content type's lookup of one of its objects
_FILTERS = frozenset({"get", "aget", "filter", "exclude", "get_object_for_this_type"})


def _fetches_rows(qual: str, by_fields: bool = False) -> bool:
    """Whether a call reads rows: Django's ORM functions and managers' methods, or, `by_fields`
    (a method given keywords alone, of no model's receiver), a filter of any queryset."""
    owner, _, method = qual.rpartition(".")
    return (
        method in _ROW_FUNCTIONS
        or (owner.endswith(".objects") and method in _ROW_METHODS)
        or (by_fields and method in _FILTERS)
    )


#: methods that look a key up in a container: the result is the container's, not the key's
_LOOKUPS = frozenset({"get", "pop", "__getitem__"})

#: values that are file system paths (`ROOT / name` of a resolved ROOT is one too)
_PATH_SHAPES = frozenset({"path", "normalized"})

#: calls that take a response's parts as one tuple too
_RESPONSE_TUPLE = frozenset({"flask.make_response", "flask.helpers.make_response"})
#: the cookie flags the cookie check asks about, with their positions in set_cookie (Werkzeug's,
#: Django's and Starlette's alike); set_signed_cookie takes them by keyword only
COOKIE_FLAGS: Tuple[Tuple[str, int], ...] = (("secure", 6), ("httponly", 7))
_COOKIE_SETTERS = frozenset({"set_cookie", "set_signed_cookie"})

#: expressions a predicate returns as its answer
_TESTS = (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Call, ast.Attribute)


def _may_vouch(func: ast.AST, returned: bool = False) -> bool:
    """Whether a function looks like a predicate (it returns a test, `return not p.netloc`, or
    True) or, with `returned`, like a check (it raises or aborts): a vouching summary is
    computed only for those."""
    return any(
        _stops(node)
        if returned
        else isinstance(node, ast.Return)
        and (
            isinstance(node.value, (ast.Compare, ast.BoolOp, ast.UnaryOp))
            or (isinstance(node.value, ast.Constant) and node.value.value is True)
            or (isinstance(node.value, ast.Call) and _last(node.value.func) in _PREDICATE_CALLS)
        )
        for node in _statements(func)
    )


def _is_text(value: Value) -> bool:
    """Whether a value is text the code built or read (not an object of a library's)."""
    if value.known:
        return isinstance(value.const, (str, bytes))
    return value.pieces is not None or value.shape in ("normalized", "path")


#: calls that answer a test, returned by a predicate (`return realpath(p).startswith(ROOT)`)
_PREDICATE_CALLS = frozenset(
    {
        "startswith", "endswith", "is_relative_to", "fullmatch", "match", "isdigit", "isalnum",
        "isalpha", "isdecimal", "isnumeric", "isascii", "isidentifier", "isprintable",
        "compare_digest", "bool",
    }
) | URL_VALIDATORS  # fmt: skip


def _stops(statement: ast.stmt) -> bool:
    """`raise ...`, `abort(400)`: a statement after which the function does not go on."""
    if isinstance(statement, ast.Raise):
        return True
    call = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(call, ast.Call) and _last(call.func) in _NO_RETURN


def _common_checks(
    known: Optional[List[FrozenSet[str]]], shown: List[FrozenSet[str]]
) -> List[FrozenSet[str]]:
    return shown if known is None else [safe_in_both(a, b) for a, b in zip(known, shown)]


def _class_binding(node: ast.ClassDef, attr: str) -> Optional[ast.expr]:
    """What the class body's first `attr = ...` binds `attr` to, if it does."""
    for item in node.body:
        if (
            isinstance(item, ast.Assign)
            and len(item.targets) == 1
            and isinstance(item.targets[0], ast.Name)
            and item.targets[0].id == attr
        ):
            return item.value
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            if item.target.id == attr and item.value is not None:
                return item.value
    return None


def _assigned_names(func: ast.AST) -> FrozenSet[str]:
    """The names a function's own statements assign (`x = ...`, `x += ...`, `for x in`)."""
    return frozenset(t.id for t in _assigned(func) if isinstance(t, ast.Name))


def _assigned(node: ast.AST) -> Iterator[ast.expr]:
    """The targets the statements inside `node` assign, tuples unpacked."""
    for statement in _statements(node):
        targets: List[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = list(statement.targets)
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = [statement.target]
        while targets:
            target = targets.pop()
            if isinstance(target, (ast.Tuple, ast.List)):
                targets.extend(target.elts)
            else:
                yield target


#: methods that run their first argument later with the rest: FastAPI/Starlette background
#: tasks, concurrent.futures executors, asyncio's, Starlette's and anyio's threads
_DEFERRING = frozenset({"add_task", "submit", "to_thread", "run_in_threadpool", "run_sync"})
#: those of them giving back (to await) what the function returns
_RUN_IN_THREAD = frozenset({"to_thread", "run_in_threadpool", "run_sync", "run_in_executor"})


def _deferred_call(node: ast.Call) -> Optional[ast.Call]:
    """The call a scheduling call makes later, built from its arguments (located at it)."""
    func = node.func
    name = _last(func)
    target: Optional[ast.expr] = None
    args: List[ast.expr] = []
    keywords: List[ast.keyword] = []
    if name in _DEFERRING and node.args and not isinstance(node.args[0], ast.Starred):
        target, args, keywords = node.args[0], list(node.args[1:]), list(node.keywords)
    elif name == "run_in_executor" and len(node.args) >= 2:
        target, args = node.args[1], list(node.args[2:])
    elif name == "Thread":
        given = {k.arg: k.value for k in node.keywords}
        target = given.get("target")
        packed = given.get("args")
        args = list(packed.elts) if isinstance(packed, (ast.Tuple, ast.List)) else []
        named = given.get("kwargs")
        if isinstance(named, ast.Dict):
            keywords = [
                ast.keyword(arg=k.value, value=v)
                for k, v in zip(named.keys, named.values)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            ]
    if target is None or isinstance(target, (ast.Lambda, ast.Constant)):
        return None
    return ast.copy_location(ast.Call(func=target, args=args, keywords=keywords), node)


#: the stand-in taint of a method's first parameter (`self`, `cls`)
_SELF = frozenset({f"{PARAM_PREFIX}0"})


#: the bases of classes whose instances hold only what their fields declare
_VALIDATING_BASES = frozenset({"BaseModel", "BaseSettings", "SQLModel"})


def _class_constants(node: Optional[ast.ClassDef]) -> FrozenSet[str]:
    """The class body's attributes bound to a constant, or to a name of a module
    (`loader = yaml.SafeLoader`), that no code inside the class assigns to an attribute of
    that name (`self.prefix = ...` makes it the instance's)."""
    found: Set[str] = set()
    for item in node.body if node is not None else ():
        value: Optional[ast.expr]
        if isinstance(item, ast.Assign) and len(item.targets) == 1:
            target, value = item.targets[0], item.value
        elif isinstance(item, ast.AnnAssign):
            target, value = item.target, item.value
        else:
            continue
        if isinstance(target, ast.Name) and (
            isinstance(value, ast.Constant) or (value is not None and dotted_name(value))
        ):
            found.add(target.id)
    if found:
        found -= {t.attr for t in _assigned(cast(ast.AST, node)) if isinstance(t, ast.Attribute)}
        # a dataclass's fields: its generated __init__ sets each on the instance
        found -= {name for name, _ in _declared_fields(cast(ast.ClassDef, node))}
    return frozenset(found)


_LITERAL_COLLECTIONS = (ast.Tuple, ast.List, ast.Set)
_COLLECTION_CALLS = frozenset({"frozenset", "set", "tuple"})


def _class_allow_lists(node: ast.ClassDef) -> Dict[str, ast.expr]:
    """The class body's attributes bound to a collection of constants (`OPERATORS = {"+",
    "-"}`, `frozenset((...))`, a dict of constant keys) that no code of the class rebinds."""
    found: Dict[str, ast.expr] = {}
    for item in node.body:
        if isinstance(item, ast.Assign) and len(item.targets) == 1:
            target, value = item.targets[0], item.value
        elif isinstance(item, ast.AnnAssign) and item.value is not None:
            target, value = item.target, item.value
        else:
            continue
        literal = value
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in _COLLECTION_CALLS
            and len(value.args) == 1
            and not value.keywords
        ):
            literal = value.args[0]
        parts = literal.keys if isinstance(literal, ast.Dict) else getattr(literal, "elts", None)
        if (
            isinstance(target, ast.Name)
            and isinstance(literal, (*_LITERAL_COLLECTIONS, ast.Dict))
            and parts
            and all(isinstance(part, ast.Constant) for part in parts)
        ):
            found[target.id] = value
    for assigned in _assigned(node):
        if isinstance(assigned, ast.Attribute):
            found.pop(assigned.attr, None)
    for name, _ in _declared_fields(node):  # a dataclass's: each instance's own
        found.pop(name, None)
    return found


def _remote(taint: Optional[Taint]) -> bool:
    """Whether a taint holds input from the network (not only a command line's or the
    environment's)."""
    return taint is not None and "remote" in taint.kinds


#: what FunctionRun.counted gives for a loop it cannot count
_UNCOUNTED = object()


def _joined(envs: Sequence[Optional[Env]]) -> Optional[Env]:
    """The environments of several ways out joined; None when there is none."""
    joined: Optional[Env] = None
    for env in envs:
        joined = join_env(joined, env)
    return joined


def _statements(node: ast.AST) -> Iterator[ast.stmt]:
    """Every statement inside `node`, nested ones too (not the expressions: fewer nodes)."""
    todo = [node]
    while todo:
        current = todo.pop()
        for part in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(current, part, ()):
                if isinstance(child, ast.stmt):
                    yield child
                todo.append(child)


def _table_item(table: str) -> Value:
    """An item of another module's table, before the link step reads the table."""
    return Value(taint=Taint(frozenset({TABLE_PREFIX + table})))


def _param_index(value: Value) -> Optional[int]:
    """The parameter a value is, while its summary is computed (its stand-in alone)."""
    kind = param_kind(value)
    if kind is None or value.entries is not None or value.pieces != (value.taint,):
        return None
    return param_of(kind)[0]


def _constant_keywords(value: Value) -> Optional[Tuple[Tuple[str, type, Any], ...]]:
    """The items of a `**options` parameter's mapping, when a call gives it only constants by
    keyword (`cookie_options(secure=False)`), as a memo key; None for anything else."""
    if value.shape != "dict" or not value.entries:
        return None
    items = []
    for key, part in value.entries:
        if not isinstance(key, str) or not part.known or part.taint is not None:
            return None
        if not hashable(part.const):
            return None
        items.append((key, type(part.const), part.const))
    return tuple(items)


def _holds_constant(value: Value) -> bool:
    """Whether an object holds a constant in one of its attributes."""
    return any(field.known and field.taint is None for _, field in value.entries or ())


def _constant_fields(value: Value, names: FrozenSet[str]) -> Tuple[Tuple[str, type, Any], ...]:
    """The attributes among `names` an object holds constants in, as a memo key."""
    fields = []
    for name in sorted(names):
        field = value.entry(("attr", name))
        if field is not None and field.known and field.taint is None and hashable(field.const):
            fields.append((name, type(field.const), field.const))
    return tuple(fields)


def _deciding_params(
    func: ast.AST,
) -> Tuple[Tuple[int, ...], Dict[int, FrozenSet[str]], FrozenSet[str]]:
    """The positions of the parameters a function's body decides something with: a test
    (`if kind == "raw"`), a key or index (`TOOLS[kind]`, `TOOLS.get(kind)`), a `match`
    subject, a setting passed by keyword. A constant given for one of them can change what
    the function returns. Also, by position, the attributes of parameters it decides with
    (`html.escape(t) if self.escape else t`): an object given with a constant there; and the
    methods it calls on its first parameter (`self.heading(t)`)."""
    params = param_names(func)
    places: List[ast.AST] = []
    first = params[0] if params else ""
    called: Set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            places.append(node.test)
        elif isinstance(node, ast.Subscript):
            places.append(node.slice)
        elif type(node).__name__ == "Match":  # 3.10+: ast.Match is not there before
            places.append(node.subject)  # type: ignore[attr-defined]
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                places.append(node.func)  # a function given as a parameter, called: `quote(x)`
            elif (
                isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == first
            ):
                called.add(node.func.attr)
            if _last(node.func) == "get" and node.args:
                places.append(node.args[0])
            # a setting given by keyword (`XMLParser(resolve_entities=expand)`), or settings
            # spread (`XMLParser(**options)`), or a feature's state (`setFeature(f, expand)`)
            places.extend(kw.value for kw in node.keywords)
            if _last(node.func) == "setFeature":
                places.extend(node.args[1:])
        elif isinstance(node, ast.Dict):
            # keywords spread into a mapping (`{**BASE, **overrides}`, given to a call later)
            places.extend(v for k, v in zip(node.keys, node.values) if k is None)
    named: Set[str] = set()
    attributes: Dict[str, Set[str]] = {}
    for place in places:
        for n in ast.walk(place):
            if isinstance(n, ast.Name):
                named.add(n.id)
            elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
                attributes.setdefault(n.value.id, set()).add(n.attr)
    return (
        tuple(index for index, name in enumerate(params) if name in named),
        {
            index: frozenset(attributes[name])
            for index, name in enumerate(params)
            if name in attributes
        },
        frozenset(called),
    )


def _generator(func: ast.AST) -> bool:
    """Whether a function's own body yields, and no decorator makes it something else (a
    `@contextmanager`'s call gives what it yields to `with ... as`)."""
    if any(
        _last(d.func if isinstance(d, ast.Call) else d) in _WRAPPING
        for d in getattr(func, "decorator_list", ())
    ):
        return False
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return False


def _left_on_self(run: "FunctionRun", name: str) -> Dict[Any, Value]:
    """The attributes a run of a method (`name` its first parameter) leaves on the object."""
    stored = join(run.self_out, (run.final_env or {}).get(name))
    return {
        key: value
        for key, value in (stored.entries if stored is not None else None) or ()
        if isinstance(key, tuple) and key[0] == "attr"
    }


def _with_tested_parts(env: Env, name: str) -> Optional[Value]:
    """`env[name]` with the attributes tests narrowed (`self.kind` after `if self.kind not in
    KINDS: raise`, kept in env as "self.kind") as its own."""
    value = env.get(name)
    if value is None:
        return value
    prefix = f"{name}."
    for key, part in env.items():
        if key.startswith(prefix) and key[len(prefix) :].isidentifier():
            value = value.with_entry(("attr", key[len(prefix) :]), part)
    return value


def _returned_checks(summary: Optional[Summary]) -> FrozenSet[str]:
    """What a validator's result is harmless for, its value being what the field then holds:
    fixed text (`value = value.lower(); if value not in {...}: raise; return value`) for every
    class; text of what it was given, sanitized, for those classes."""
    returned = summary.returns if summary is not None else None
    if returned is None:
        return frozenset()
    if fixed_text(returned):
        return EVERYWHERE
    taint = returned.all_taint()
    return taint.sanitized if taint is not None and not taint.real() else frozenset()


def _hook(method: ast.AST) -> bool:
    """Whether a method is left for subclasses to write: its body (after a docstring) only
    raises NotImplementedError, or is `pass` or `...`."""
    body = [
        stmt
        for stmt in getattr(method, "body", ())
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
    ]
    if not body:
        return True  # a docstring, or `...`
    if len(body) != 1:
        return False
    stmt = body[0]
    if isinstance(stmt, ast.Pass):
        return True
    raised = stmt.exc if isinstance(stmt, ast.Raise) else None
    return raised is not None and _last(getattr(raised, "func", raised)) == "NotImplementedError"


def _field_default(default: Optional[ast.expr]) -> Optional[ast.expr]:
    """A field's default as its value: `field(default=X)` (dataclasses), `Field(X)` (pydantic)
    are X; None for none the code shows (`field(default_factory=...)`)."""
    if not (isinstance(default, ast.Call) and _last(default.func) in ("field", "Field")):
        return default
    for keyword in default.keywords:
        if keyword.arg == "default":
            return keyword.value
    return default.args[0] if default.args and _last(default.func) == "Field" else None


def _declared_fields(cls: ast.ClassDef) -> List[Tuple[str, Optional[ast.expr]]]:
    """The fields, in order, with their defaults, of a class whose __init__ is generated from
    its annotations (a @record, a NamedTuple); [] for any other class."""
    generated = any(
        _last(d.func if isinstance(d, ast.Call) else d) == "dataclass" for d in cls.decorator_list
    ) or any(_last(b) == "NamedTuple" for b in cls.bases)
    if not generated:
        return []
    return [
        (item.target.id, item.value)
        for item in cls.body
        if isinstance(item, ast.AnnAssign)
        and isinstance(item.target, ast.Name)
        and _last(getattr(item.annotation, "value", item.annotation)) != "ClassVar"
    ]


def _sanitized(node: ast.AST, sanitizer: Sanitizer, taint: Optional[Taint], name: str) -> Value:
    """What a sanitizer gives back: a number when it makes one (`int`), and the taint it was
    given, safe from then on for the classes it sanitizes for."""
    shape = "number" if EVERY_CLASS in sanitizer.classes else ""
    if taint is None:
        return Value(shape=shape)
    return Value(
        shape=shape,
        taint=taint.sanitize(sanitizer.classes).step(_step(node, f"sanitized by `{name}()`")),
    )


def _on_self(func: ast.expr) -> bool:
    """Whether a call is `self.name(...)` or `cls.name(...)`."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in ("self", "cls")
    )


def _is_property(func: ast.AST) -> bool:
    """Whether a method is read as an attribute: `@property`, `@functools.cached_property`."""
    for decorator in getattr(func, "decorator_list", ()):
        name = (
            decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")
        )
        if name in ("property", "cached_property"):
            return True
    return False


def _unnamed(value: Value, models: Models) -> bool:
    """Whether a value is something of no input and of no kind the models know (a
    dependency's result read from the app's state, `request.app.state.client`)."""
    if value.shape or value.known or value.all_taint() is not None:
        return False
    return not value.name or not models.knows(value.name)


def method_kind(func: ast.AST) -> str:
    """ "static", "class" or "instance", by the method's decorators."""
    for decorator in getattr(func, "decorator_list", ()):
        if isinstance(decorator, ast.Name) and decorator.id in ("staticmethod", "classmethod"):
            return decorator.id[: -len("method")]
    return "instance"


def _annotations(func: ast.AST) -> Dict[str, ast.expr]:
    args = func.args  # type: ignore[attr-defined]
    every = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
    return {a.arg: a.annotation for a in every if a is not None and a.annotation is not None}


def _bound(
    func: ast.AST,
    args: List[Value],
    kwargs: Dict[str, Value],
    defaults: Optional[Dict[str, Value]] = None,
) -> List[Value]:
    """The values a call gives `func`'s parameters, in `param_names` order: positional ones in
    turn, the others packed into *args, keywords by name, the others into **kwargs; a
    parameter given nothing holds its default's value as `defaults` knows it, else a clean
    value (its default, or the call fails)."""
    spec = func.args  # type: ignore[attr-defined]
    positional = len(spec.posonlyargs) + len(spec.args)
    names = param_names(func)
    values = [(defaults or {}).get(name, CLEAN) for name in names]
    values[: min(positional, len(args))] = args[:positional]
    if spec.vararg is not None:
        values[positional] = Value(entries=tuple(enumerate(args[positional:])), shape="list")
    packed = {n for n in (spec.vararg, spec.kwarg) if n is not None}
    rest: Dict[str, Value] = {}
    for name, value in kwargs.items():
        if name in names and name not in {a.arg for a in packed}:
            values[names.index(name)] = value
        else:
            rest[name] = value
    if spec.kwarg is not None:
        values[-1] = Value(entries=tuple(rest.items()), shape="dict")
    return values


#: pydantic's decorators of a field's validator (version 2's, and version 1's)
_VALIDATORS = frozenset({"field_validator", "validator"})


def _validates(func: ast.AST, field: str) -> bool:
    """Whether a method is a pydantic validator of `field` (named, or `"*"`) that runs on
    the parsed value (`mode="before"` sees the raw input, which it may replace)."""
    for decorator in getattr(func, "decorator_list", ()):
        if not isinstance(decorator, ast.Call) or _last(decorator.func) not in _VALIDATORS:
            continue
        names = [a.value for a in decorator.args if isinstance(a, ast.Constant)]
        if field in names or "*" in names:
            return True
    return False


def _returns_made(method: ast.AST) -> bool:
    """Whether a classmethod returns an object it makes (`return cls(...)`)."""
    params = param_names(method)
    return bool(params) and any(
        isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == params[0]
        for node in _statements(method)
        if isinstance(node, ast.Return)
    )


#: decorators that wrap a function rather than hand it to a framework
_WRAPPING = frozenset({"wraps", "contextmanager", "asynccontextmanager", "cache", "lru_cache"})


def _registered(func: ast.AST) -> bool:
    """Whether a nested def is handed to a framework by a decorator of an object's
    (`@app.after_request`, `@bp.route("/x")`, `@router.get("/")`): something else calls it."""
    for decorator in getattr(func, "decorator_list", ()):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr not in _WRAPPING:
            return True
    return False


def param_names(func: ast.AST) -> Tuple[str, ...]:
    args = func.args  # type: ignore[attr-defined]
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    if args.vararg is not None:
        names.append(args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg is not None:
        names.append(args.kwarg.arg)
    return tuple(names)


class FileAnalysis:
    """The data flow of one file: every entry function run, the sinks reached recorded."""

    def __init__(
        self,
        tree: ast.Module,
        models: Models,
        entry_params: Dict[ast.AST, Dict[str, Value]],
        view_returns: FrozenSet[ast.AST],
        module: str = "",
        is_package: bool = False,
        project: Optional["ProjectIndex"] = None,
        path: str = "",
        text: Optional[str] = None,
    ) -> None:
        self.tree = tree
        #: whether some function may rebind a module name (`global X`): the file's text, when
        #: known, spares the walk that looks
        self.rebinds_globals = text is None or "global" in text
        self.text = text
        #: the file's dotted module name ("" when unknown), for relative imports
        self.module = module
        self.is_package = is_package
        #: the other modules of the scan, for calls that leave the file (None: this file only)
        self.project = project
        self.path = path
        self.models = models
        self.entry_params = entry_params
        self.view_returns = view_returns
        self.hits: Dict[ast.AST, Dict[Tuple[str, ast.AST], SinkHit]] = {}
        #: (argument node, sink class) -> (the call, its value) for every argument of a
        #: modelled sink call: `HttpResponse(check_output(cmd, shell=True))` holds two
        self.values: Dict[Tuple[ast.AST, str], Tuple[ast.AST, Optional[Value]]] = {}
        self.functions: Dict[str, ast.AST] = {}
        self.classes: Dict[str, ast.ClassDef] = {}
        self.methods: Dict[Tuple[str, str], ast.AST] = {}
        self.class_of: Dict[ast.AST, str] = {}
        self.summaries: Dict[ast.AST, Summary] = {}
        #: the tests variables hold the answers of, by the test's id (see guards.remember_test)
        self.tests: Dict[int, ast.expr] = {}
        #: every `if` the runs met -> how its test came out, over all of them (SEEN_TRUE,
        #: SEEN_FALSE, SEEN_UNKNOWN or'ed): a branch only one answer ever took is dead code
        self.branches: Dict[ast.If, int] = {}
        #: sink calls the models let off for a setting the code chose (`Loader=loader`,
        #: loader a SafeLoader): the call -> (sink class, that setting in words)
        self.declined: Dict[ast.AST, Tuple[str, str]] = {}
        #: the test each case of a `match` makes of its subject (see FunctionRun.case_test)
        self.case_tests: Dict[Any, Optional[ast.expr]] = {}
        #: `self.get_serializer(...)` calls as calls of the class they make (or None)
        self.serializer_calls: Dict[ast.Call, Optional[ast.Call]] = {}
        #: (function, returned) -> whether it may vouch (see _may_vouch), per file: a module-wide
        #: memo kept the trees of earlier scans alive
        self._may_vouch: Dict[Tuple[ast.AST, bool], bool] = {}
        #: the summaries of predicates used as guards, with what a true result vouches for
        self.predicates: Dict[ast.AST, Summary] = {}
        #: functions and lambdas defined inside functions, by the name their values carry
        self.closures: Dict[str, ast.AST] = {}
        self._running: set = set()
        #: results of small functions run again with constants (see `specialized`), and
        #: the parameters of each that decide something in it (none past the size bound)
        self._specialized: Dict[Tuple[ast.AST, Tuple[Any, ...]], Tuple[Value, ...]] = {}
        self._deciding: Dict[ast.AST, Tuple[Tuple[int, ...], Dict[int, FrozenSet[str]]]] = {}
        self._class_constants: Dict[str, FrozenSet[str]] = {}
        self._class_bound: Dict[Tuple[str, str], Optional[str]] = {}
        self._defaults: Dict[ast.AST, Dict[str, Value]] = {}
        #: every node of the file, where an index of them is at hand (else walked when needed)
        self.nodes: Optional[Sequence[ast.AST]] = None
        self._as_view: Optional[Dict[str, List[ast.Call]]] = None
        self._class_values: Dict[Tuple[str, str], Value] = {}
        #: each class of the file's subclasses in the file, worked out when first needed
        self._descendants: Optional[Dict[str, List[str]]] = None
        #: each class's classmethods returning an object they make (`return cls(...)`)
        self._factories: Optional[Dict[str, List[ast.AST]]] = None
        #: per class, the objects its __init__ stores when given no argument (see made_by_defaults)
        self._default_objects: Dict[str, Dict[str, str]] = {}
        self._wrapped: Optional[Dict[ast.AST, Tuple[str, Tuple[str, ...]]]] = None
        self._overriding: Dict[Tuple[str, str], Tuple[str, ...]] = {}
        #: module names whose mapping a function filled with input (see store_global)
        self.filled_globals: Set[str] = set()
        self._passed: Optional[Dict[str, Optional[Tuple[int, FrozenSet[str]]]]] = None
        self._class_made: Dict[Tuple[str, str], str] = {}
        self._allow_lists: Dict[str, Dict[str, ast.expr]] = {}
        self.module_env: Env = {}
        #: calls neither this file nor the models answer (see Flows.external_calls): those given
        #: web input, and, where a helper may read a global request (Flask), those whose result
        #: reaches a sink; a command line's or the environment's flows stay within files
        self.external_calls: set = set()
        #: such calls whose result reaches a sink: where one was given web input, the link step
        #: must answer it, for the finding may stand on what it returns
        self.external_results: set = set()
        #: imported names annotating a FastAPI endpoint's parameter, maybe dependency aliases
        #: (see foreign_dependency), and the parameter each annotates
        self.alias_params: Dict[str, ast.arg] = {}
        #: per set_cookie call, the values its runs gave the cookie flags (COOKIE_FLAGS)
        self.cookie_flags: Dict[ast.AST, Dict[str, Value]] = {}
        #: for each such call, the functions (the module, for its own code) being run when it
        #: was met
        self.external_from: Dict[str, Set[ast.AST]] = {}
        #: what each call of a function with sinks gave the parameters reaching them (see
        #: model.CallerFact): Bandit's findings inside it are judged by what every caller passes
        self.passed: List[CallerFact] = []
        self.web = False
        #: FastAPI's dependencies: {endpoint: {parameter: the function whose result it gets}}
        self.dependencies: Dict[ast.AST, Dict[str, ast.AST]] = {}
        #: those on a function another module defines: {endpoint: {parameter: `Depends(x)`}}
        self.foreign_dependencies: Dict[ast.AST, Dict[str, ast.expr]] = {}
        #: what the scan's template files write unescaped, by the name views render them by
        self.templates: TemplateFacts = frozenset()
        #: functions whose return value is the context of the template named
        self.template_returns: Dict[ast.AST, str] = {}
        self.follow_calls = True
        #: whether the module's first run met a call of this file's functions it did not follow
        self.unfollowed = False
        self._retyped: Optional[FrozenSet[ast.AST]] = None
        self._aliases: Optional[Dict[str, ast.expr]] = None
        self._app_state: Optional[Dict[str, ast.Call]] = None
        self._options: Optional[Dict[str, FrozenSet[str]]] = None
        self._index(tree)

    def may_vouch(self, func: ast.AST, returned: bool) -> bool:
        """_may_vouch of one of this file's functions, worked out once."""
        key = (func, returned)
        found = self._may_vouch.get(key)
        if found is None:
            found = self._may_vouch[key] = _may_vouch(func, returned)
        return found

    def checked_options(self) -> Dict[str, FrozenSet[str]]:
        """The command-line options the file declares checked (see patterns.checked_options),
        found once, when parsed options are first read."""
        if self._options is None:
            self._options = checked_options(self.tree)
        return self._options

    def retyped(self) -> FrozenSet[ast.AST]:
        """The file's response calls whose object is then declared not HTML (see
        `retyped_responses`), found once, when a response with input is first met."""
        if self._retyped is None:
            self._retyped = retyped_responses(self.tree)
        return self._retyped

    def _index(self, tree: ast.Module) -> None:
        for node in tree.body:
            if isinstance(node, _FUNCTIONS):
                self.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
                for item in node.body:
                    if isinstance(item, _FUNCTIONS):
                        self.methods[(node.name, item.name)] = item
                        self.class_of[item] = node.name

    # -- running -----------------------------------------------------------------------------
    def run(self, entries: Sequence[ast.AST]) -> None:
        # the module's names first, calls not followed: a function called from module code
        # (`main()` under `if __name__ == "__main__"`) must see the module's constants; run
        # again following them, where the module's code calls one (most modules only define)
        self.follow_calls = False
        self.unfollowed = False
        first = FunctionRun(self, self.tree, {}, depth=0)
        first.run_body(self.tree.body)
        self.module_env = first.final_env or {}
        if self.rebinds_globals:
            self.module_env = _unfixed_globals(self.tree, self.module_env)
        self.follow_calls = True
        if self.unfollowed:
            module = FunctionRun(self, self.tree, {}, depth=0)
            module.run_body(self.tree.body)
            # the names as the module's calls made them (`legacy = Issuer(secure=False)`)
            self.module_env = module.final_env or self.module_env
            if self.rebinds_globals:
                self.module_env = _unfixed_globals(self.tree, self.module_env)
        for func in entries[:MAX_FUNCTIONS]:
            if self.reruns(func):
                self.summary(func, depth=0)
        self.run_readers()
        self.note_aliases_at_sinks()
        if self.project is not None and self.project.rerun is not None:
            # the link step's second scan runs every function whose first run met a call it
            # answers, even one that no entry leads to now: a reader, found the first time by
            # the summaries of functions this scan does not run again
            for func in self.defined():
                if len(self.summaries) >= MAX_FUNCTIONS:
                    break
                if func not in self.summaries and self.reruns(func):
                    self.summary(func, depth=0)

    def note_aliases_at_sinks(self) -> None:
        """The imported annotations (`session: SessionDep`) whose parameter's input reached a
        sink: the link step reads them, and scans the file again if one is a dependency."""
        if not self.alias_params:
            return
        starts = {
            tuple(step[:2])
            for slot in self.hits.values()
            for hit in slot.values()
            for step in hit.taint.trace[:1]
        }
        for qual, arg in self.alias_params.items():
            if (arg.lineno, arg.col_offset) in starts:
                self.external_results.add(qual)

    def reruns(self, func: ast.AST) -> bool:
        """Whether a function is run in this scan of the file: every one, except in the link
        step's second scan, which runs again only those whose first run met a call into
        another module (see engine/link.py); what the others found stands."""
        spans = self.project.rerun if self.project is not None else None
        if spans is None:
            return True
        start = getattr(func, "lineno", 0)
        return any(first <= start <= last for first, last in spans)

    def store_global(self, name: str, key: Value, value: Value) -> None:
        """`CARDS[card_id] = request.form["message"]` in a function: input stored in a mapping
        the module holds (an in-process cache one view fills, another reads), there for every
        function of the module from now on (see run_readers)."""
        holder = self.module_env.get(name)
        if holder is None or holder.shape not in ("dict", "list") or holder.entries is None:
            return
        if key.known and hashable(key.const):
            self.module_env[name] = holder.with_entry(
                key.const, join(holder.entry(key.const), value) or value
            )
        else:
            self.module_env[name] = stored_unknown(holder, key, value)
        self.filled_globals.add(name)

    def run_readers(self) -> None:
        """Run the functions that read what the runs so far found to hold input, round after
        round while new names turn up (at most MAX_READER_ROUNDS): those naming a module name
        bound to input (`TMP = os.environ["TMPDIR"]`) or a function of this file that returns
        input (`def base(): return os.getenv("BASE")`). Their own text need not name a source."""
        if self.text is None:
            return
        holding = {name for name, value in self.module_env.items() if _real(value.all_taint())}
        read: Set[str] = set()
        spans: List[Tuple[int, int, ast.AST]] = []
        for _ in range(MAX_READER_ROUNDS):
            holding |= {
                getattr(func, "name", "")
                for func, summary in self.summaries.items()
                if summary.returns is not None and _real(summary.returns.all_taint())
            }
            new = holding - read
            if not new or len(self.summaries) >= MAX_FUNCTIONS:
                return
            read |= new
            if not spans:  # worked out once a name holds input (in most files none does)
                # functions and methods by the lines they span (no two overlap): a line where
                # a name stands is looked up, not every function checked each round
                spans = sorted(
                    (
                        (getattr(f, "lineno", 0), getattr(f, "end_lineno", None) or 0, f)
                        for f in self.defined()
                    ),
                    key=lambda span: span[:2],
                )
                starts = [first for first, _, _ in spans]
                code = "\n".join(split_lines(self.text))
            found = WordLines(sorted(new), code)
            filled = sorted(self.filled_globals & new)
            refilled = WordLines(filled, code) if filled else None
            for line in found.lines:
                at = bisect.bisect_right(starts, line) - 1
                if at < 0 or spans[at][1] < line:
                    continue
                func = spans[at][2]
                if not self.reruns(func) or not found.within(func):
                    continue
                if func in self.summaries and refilled is not None and refilled.within(func):
                    # run before a view filled the mapping it reads: run again
                    del self.summaries[func]
                if func not in self.summaries:
                    self.summary(func, depth=0)

    def defined(self) -> Tuple[ast.AST, ...]:
        """The module's functions and its classes' methods."""
        return (*self.functions.values(), *self.methods.values())

    def summary(self, func: ast.AST, depth: int, vouching: bool = False) -> Optional[Summary]:
        """What a call of `func` does with its arguments; `vouching` for a predicate used as a
        guard: its summary also says what a true result vouches for (a second, rarer run)."""
        if not self.follow_calls:
            self.unfollowed = True
            return None
        cache = self.predicates if vouching else self.summaries
        known = cache.get(func)
        if known is not None:
            return known
        if func in self._running or depth > MAX_CALL_DEPTH:
            return None  # recursion or too deep: the call is unknown
        self._running.add(func)
        try:
            params = param_names(func)
            env = self.parameters(func, params, depth)
            if (
                params
                and params[0] == "self"
                and (
                    func in self.entry_params
                    or getattr(func, "name", "") in VIEW_HANDLERS
                    and self.class_of.get(func) in self.as_view_calls()
                )
            ):
                request = env.get(params[1]) if len(params) > 1 else None
                env["self"] = self.prepared_self(func, env["self"], depth, request)
            run = FunctionRun(self, func, env, depth)
            summary = Summary(params)
            run.summary = summary
            run.vouching = vouching
            run.run_body(func.body)  # type: ignore[attr-defined]
            summary.returns = run.returned
            if summary.returns is not None and _generator(func):
                # `for key, value in pairs(...)`: a generator's call gives what it yields, item
                # by item (a pair's parts kept apart), not one of them
                summary.returns = Value(entries=((REST, summary.returns),), shape="list")
            if run.return_ways is not None and len(run.return_ways) > 1:
                summary.return_ways = tuple(run.return_ways)
            if vouching and run.final_env is not None:  # the end of the body is a way out
                run.vouch(None, run.final_env, may_be_true=False)
            summary.guards = {i: c for i, c in enumerate(run.vouched or ()) if c}
            summary.checks = {i: c for i, c in enumerate(run.exits or ()) if c}
            if func in self.class_of and params:
                final = run.final_env or {}
                summary.self_out = join(run.self_out, _with_tested_parts(final, params[0]))
            cache[func] = summary
            self.summaries.setdefault(func, summary)
            return summary
        finally:
            self._running.discard(func)

    def parameters(self, func: ast.AST, params: Sequence[str], depth: int) -> Env:
        """What a summary's run starts from: each parameter as the framework fills it (an
        endpoint's input, a dependency's result), else its stand-in."""
        env: Env = {}
        given = self.entry_params.get(func, {})
        annotations = _annotations(func)
        depends = self.dependencies.get(func, {})
        foreign = self.foreign_dependencies.get(func, {})
        kept = self.unpassed_defaults(func)
        for index, name in enumerate(params):
            stand_in = Taint(frozenset({f"{PARAM_PREFIX}{index}"}))
            env[name] = (
                self.foreign_dependency(func, foreign[name], depth) if name in foreign else None
            ) or (
                given.get(name)
                or self.dependency(depends.get(name), depth)
                or kept.get(name)
                or self.typed_stand_in(stand_in, annotations.get(name))
            )
            if name in annotations and _unnamed(env[name], self.models):
                # `client: TelematicsClient = Depends(get_client)`, the dependency's result
                # read from the app's state: an object of the class the annotation names
                annotation = annotations[name]
                if isinstance(annotation, ast.Name):  # `Clients = Annotated[Client, Depends(...)]`
                    annotation = self.type_aliases().get(annotation.id, annotation)
                typed = self.typed_stand_in(stand_in, annotation)
                if typed.name:
                    kind = "object" if typed.shape == "object" or "." in typed.name else ""
                    env[name] = Value(entries=(), shape=kind, name=typed.name)
            if name in foreign and self.project is None and name in given:
                # `suppliers: Suppliers`, an alias another module defines: input until the
                # link step reads it, named by it so that its methods' calls are noted there
                alias = self.alias_named(func, name)
                if alias and not env[name].name and not self.models.modelled_package(alias):
                    env[name] = replace(env[name], name=alias)
        owner = self.class_of.get(func)
        if owner is not None and params and method_kind(func) == "class":
            # `cls(session, base)` in a classmethod (a factory, `from_config`): an object of
            # its class (a subclass calling it is not told apart)
            env[params[0]] = Value(shape="class", name=owner)
        return env

    def alias_named(self, func: ast.AST, name: str) -> str:
        """The imported alias (`deps.Suppliers`) parameter `name` of `func` is annotated
        with, as phase one noted it; '' for any other parameter."""
        for qual, arg in self.alias_params.items():
            if arg.arg == name and any(
                arg is each
                for each, _ in parameter_defaults(func.args)  # type: ignore[attr-defined]
            ):
                return qual
        return ""

    def qualified(self, value: Value) -> Value:
        """An object of one of this module's classes, for another module: named by the
        class's full name (`cls(...)` in `Exporter.from_settings`). Calls apply it to what
        classmethods return only: following every method called on what other functions
        return was most of a 2% cost on Django (its URL resolver), for no finding."""
        if value.shape == "object" and value.name in self.classes and self.module:
            return replace(value, name=f"{self.module}.{value.name}")
        return value

    def unpassed_defaults(self, func: ast.AST) -> Dict[str, Value]:
        """The parameters defaulting to a module constant by its name (`root=DOCS_ROOT`,
        `allowed=REGIONS`) that no call of this file gives a value, nor names the function
        other than to call it: they hold that constant in the function's own run, so a check
        made with them (`if value not in allowed: raise`) holds. A call from another module
        giving one is answered as if it did not."""
        named = [
            arg.arg
            for arg, default in parameter_defaults(func.args)  # type: ignore[attr-defined]
            if isinstance(default, ast.Name)
        ]
        # a collection of constants (an allow-list) or a base folder's path: what checks are
        # made with; a text, number, flag or class a call's own value replaces as well
        fixed = {
            name: value
            for name, value in (self.defaults(func) if named else {}).items()
            if name in named
            and (
                value.shape in ("normalized", "path", "allowed")
                or (value.known and isinstance(value.const, (tuple, frozenset)))
            )
        }
        if not fixed:
            return {}
        passed = self.passed_parameters().get(getattr(func, "name", ""), (0, frozenset()))
        if passed is None:
            return {}
        most, keywords = passed
        offset = 1 if func in self.class_of else 0  # `obj.method(a)` or `Cls.method(obj, a)`
        given = set(param_names(func)[: most + offset]) | keywords
        return {name: fixed[name] for name in named if name in fixed and name not in given}

    def every_node(self) -> Sequence[ast.AST]:
        """The file's nodes: the index's, else walked (a module the link step reads)."""
        if self.nodes is None:
            self.nodes = list(ast.walk(self.tree))
        return self.nodes

    def passed_parameters(self) -> Dict[str, Optional[Tuple[int, FrozenSet[str]]]]:
        """By a function's name (the last part of what a call names): the most positional
        arguments and the keywords the file's calls give it; None for one called with
        `*args`/`**kwargs` or named other than to call it (a callback, a partial)."""
        if self._passed is None:
            passed: Dict[str, Optional[Tuple[int, FrozenSet[str]]]] = {}
            called: Set[int] = set()
            nodes = self.every_node()
            for node in nodes:
                if not isinstance(node, ast.Call):
                    continue
                name = _last(node.func)
                called.add(id(node.func))
                known = passed.get(name, (0, frozenset()))
                if known is None:
                    continue
                if any(isinstance(a, ast.Starred) for a in node.args) or any(
                    kw.arg is None for kw in node.keywords
                ):
                    passed[name] = None
                    continue
                keywords = frozenset(kw.arg for kw in node.keywords if kw.arg)
                passed[name] = (max(known[0], len(node.args)), known[1] | keywords)
            defined = set(self.functions) | {name for _, name in self.methods}
            for node in nodes:
                if isinstance(node, (ast.Name, ast.Attribute)) and id(node) not in called:
                    name = node.id if isinstance(node, ast.Name) else node.attr
                    if name in defined:
                        passed[name] = None
            self._passed = passed
        return self._passed

    def specialized(
        self, func: ast.AST, actual: Dict[int, Value], depth: int
    ) -> Optional[Tuple[Value, ...]]:
        """What `func` returns given the constants among `actual` (its other parameters still
        stand-ins), its returns kept apart as a summary keeps them: a small function run
        again with them, so a table it indexes or a test it makes with one is decided
        (`{"Loader": LOADERS[mode]}` given "strict"). Sinks, values and settings that run meets
        are left to the summary's run, which holds for every call; None when the summary alone
        answers."""
        fixed = {
            index: value
            for index, value in actual.items()
            if (value.known and value.taint is None and hashable(value.const))
            or self.function_given(value)
            or _constant_keywords(value) is not None
            or (value.shape == "object" and _holds_constant(value))
        }
        if not fixed or func in self._running or depth > MAX_CALL_DEPTH:
            return None
        deciding, attributes = self.deciding(func)
        settings = {
            index: fields
            for index, value in fixed.items()
            if value.shape == "object"
            and (fields := _constant_fields(value, attributes.get(index, frozenset())))
        }
        fixed = {
            index: value
            for index, value in fixed.items()
            if index in (settings if value.shape == "object" else deciding)
        }
        if not fixed:
            return None
        key = (
            func,
            tuple(
                (i, v.shape, v.name, settings[i])
                if i in settings
                else (i, v.shape, v.name)
                if self.function_given(v)
                else (i, dict, _constant_keywords(v))
                if v.entries is not None
                else (i, type(v.const), v.const)
                for i, v in sorted(fixed.items())
            ),
        )
        if key in self._specialized:
            return self._specialized[key]
        if len(self._specialized) >= MAX_SPECIALIZED_RUNS:
            return None
        params = param_names(func)
        env = self.parameters(func, params, depth)
        for index, value in fixed.items():
            if index < len(params):
                env[params[index]] = value
        run = self.quiet_run(func, env, depth)
        ways = run.return_ways if run.return_ways and len(run.return_ways) > 1 else None
        result = tuple(ways) if ways else (run.returned or CLEAN,)
        self._specialized[key] = result
        return result

    def deciding(self, func: ast.AST) -> Tuple[Tuple[int, ...], Dict[int, FrozenSet[str]]]:
        """`_deciding_params` of a small function ((), {} for a longer one), with the
        attributes of `self` the methods it calls on `self` decide with counted as its own
        (`self.heading(t)`, where `heading` tests `self.escape`)."""
        known = self._deciding.get(func)
        if known is not None:
            return known
        self._deciding[func] = ((), {})  # a method calling itself adds nothing
        if sum(1 for _ in _statements(func)) > MAX_SPECIALIZED_STATEMENTS:
            return self._deciding[func]
        params, attributes, called = _deciding_params(func)
        cls = self.class_of.get(func)
        if cls is not None and method_kind(func) == "instance":
            for name in called:
                method = self.method(cls, name)
                if method is not None:
                    inherited = self.deciding(method)[1].get(0, frozenset())
                    attributes[0] = attributes.get(0, frozenset()) | inherited
        self._deciding[func] = (params, attributes)
        return self._deciding[func]

    def quiet_run(self, func: ast.AST, env: Env, depth: int) -> "FunctionRun":
        """A run of `func` from `env` for the values it ends with, recording no sink, value or
        setting (the function's summary run does, for every call)."""
        self._running.add(func)
        try:
            run = FunctionRun(self, func, env, depth)
            run.summary = Summary(param_names(func))
            run.quiet = True
            run.run_body(func.body)  # type: ignore[attr-defined]
        finally:
            self._running.discard(func)
        return run

    def function_given(self, value: Value) -> bool:
        """A function passed as an argument (`quote=shlex.quote`, `clean=strip_breaks`): one
        of this file's, or one the models know as a sanitizer."""
        if value.taint is not None or value.known or not value.name:
            return False
        if value.shape == "function":
            return value.name in self.functions
        return not value.shape and self.models.sanitizer_for(value.name) is not None

    def dependency(self, func: Optional[ast.AST], depth: int) -> Optional[Value]:
        """What a FastAPI dependency gives the endpoint: its result, its own parameters filled
        from the request (a generator dependency gives what it yields; unknown then)."""
        if func is None:
            return None
        if isinstance(func, ast.ClassDef):  # no __init__ of its own: an instance, nothing held
            return Value(entries=(), shape="object", name=func.name)
        summary = self.summary(func, depth + 1)
        if summary is None:
            return None
        cls = self.class_of.get(func)
        if cls is not None and getattr(func, "name", "") == "__init__":
            # a class depended on: the instance its __init__ fills (not its stand-in self)
            made = summary.self_out
            return Value(entries=made.entries if made is not None else (), shape="object", name=cls)
        return summary.returns

    def foreign_dependency(self, endpoint: ast.AST, mark: ast.expr, depth: int) -> Optional[Value]:
        """What a dependency another module defines (`user = Depends(get_current_user)`,
        imported) gives the endpoint, at the link step: its result, run with its own parameters
        filled from the request as FastAPI fills them; before it, None (the parameter stays
        input) and the function is marked for the link step."""
        run = FunctionRun(self, endpoint, {}, depth)
        qual = run.eval(mark, {}).name
        if "." not in qual:
            return None
        # `session: SessionDep` with the alias imported: a dependency if the alias says so
        # (else a body model, input), worth a second scan only if its value meets a sink
        alias = next(
            (
                arg
                for arg, default in parameter_defaults(endpoint.args)  # type: ignore[attr-defined]
                if arg.annotation is mark and not depends_mark(default)
            ),
            None,
        )
        if self.project is None:
            self.external(qual, at_sink=alias is None)
            if alias is not None:
                self.alias_params[qual] = alias
            return None
        if alias is not None:
            aliased = self.project.type_alias(qual)
            if aliased is None:
                return None  # a class: a model FastAPI fills from the body, input
            owner, annotation = aliased
            qual = owner.dependency_named(annotation)
            if not qual:
                # `sort: Sort`, Sort = Literal[...] there: checked as FastAPI checks it
                stand = ast.copy_location(ast.arg(arg=alias.arg, annotation=annotation), alias)
                return owner.filled(stand, None)
        found = self.project.resolve(qual)
        step = _step(mark, f"given by the dependency `{_short(mark)}()`")
        if found is not None and isinstance(found[1], ast.ClassDef):
            # `Depends(AttachmentService)` of another module: an instance, its __init__'s
            # parameters (but self) filled as FastAPI fills them
            owner, cls = found[0], cast(ast.ClassDef, found[1])
            init = owner.method(cls.name, "__init__")
            filled = owner.filled_parameters(init) if init is not None else {}
            filled.pop(next(iter(filled), ""), None)
            made = run.construct(mark, owner, cls, f"{owner.module}.{cls.name}", [], filled)
            return _stepped(made, step)
        if found is None or not isinstance(found[1], _FUNCTIONS):
            return None
        owner, dependency = found
        if dependency not in owner.entry_params:
            # read as its own module reads its annotations (its type aliases, its enums)
            owner.entry_params[dependency] = owner.filled_parameters(dependency)
            owner.summaries.pop(dependency, None)  # run again, given what FastAPI gives
        given = run.local_call(mark, dependency, [], {}, owner)
        if given is None:
            return None
        return _stepped(given, step)

    def dependency_named(self, annotation: ast.expr) -> str:
        """The full name of the dependency an annotation of this module marks
        (`Annotated[Session, Depends(get_session)]`), '' for none."""
        for extra in annotated_extras(annotation):
            if depends_mark(extra) and cast(ast.Call, extra).args:
                target = cast(ast.Call, extra).args[0]
                if isinstance(target, (ast.Name, ast.Attribute)):
                    named = self.module_value(target).name
                    if named in self.functions or named in self.classes:
                        return f"{self.module}.{named}"
                    return named if "." in named else ""
        return ""

    def app_state(self) -> Dict[str, ast.Call]:
        """aiohttp's application state the file stores (see aiohttp_routes.app_state), found
        when a handler first reads it."""
        if self._app_state is None:
            self._app_state = app_state(self.every_node())
        return self._app_state

    def type_aliases(self) -> Dict[str, ast.expr]:
        """The module's type aliases (see patterns.type_aliases), found once."""
        if self._aliases is None:
            self._aliases = type_aliases(self.tree)
        return self._aliases

    def filled_parameters(self, func: ast.AST) -> Dict[str, Value]:
        """What FastAPI gives each parameter of a function it calls (see `filled`), in order."""
        return {
            arg.arg: self.filled(arg, default)
            for arg, default in parameter_defaults(func.args)  # type: ignore[attr-defined]
        }

    def filled(self, arg: ast.arg, default: Any) -> Value:
        """What FastAPI gives a dependency's parameter: a nested dependency's result (not
        followed: no input), the request, a number, else the request's input."""
        # `settings: SettingsDep`, SettingsDep = Annotated[Settings, Depends(get_settings)]
        annotation = through_alias(arg.annotation, self.type_aliases())
        if depends_mark(default) or any(map(depends_mark, annotated_extras(annotation))):
            return CLEAN
        declared = annotated_type(arg.annotation) if arg.annotation is not None else ""
        for source in self.models.param_sources:
            if declared in source.annotations:  # `request: Request`: read as an endpoint's
                attrs = ",".join(sorted(source.attrs))
                return Value(shape=f"request:{source.kind}:{attrs}", name=arg.arg)
        if declared in self.models.number_types():
            return Value(shape="number")
        # what FastAPI validates: a Literal, an Enum, a pattern (`Query(pattern=...)`)
        checked = declared_checks(
            arg.annotation, default, self.models.number_types() | enum_classes(self.tree), None
        )
        if checked == EVERYWHERE:
            return Value(shape="number")
        step = _step(arg, f"user input FastAPI fills `{arg.arg}` with")
        return tainted(Taint(frozenset({"remote"}), checked, (step,)))

    def class_constant(self, cls: str, attr: str) -> bool:
        """Whether the class body binds `attr` to a constant (`prefix = "[audit]"`) that no code
        of the class rebinds on an instance: `self.prefix` then holds no input, whatever else
        the object holds (its value is not assumed: a subclass or as_view() may set another)."""
        names = self._class_constants.get(cls)
        if names is None:
            names = self._class_constants[cls] = _class_constants(self.classes.get(cls))
        return attr in names

    def class_values(self, cls: str, attr: str) -> Value:
        """What `self.attr` holds in a method of `cls` whose body binds it to a text constant:
        one of the texts it and the file's subclasses of `cls` bind it to (`EXPR = "False"` in
        a base class, another expression in each rule class); to a module's name: what those
        name (`loader = yaml.SafeLoader`); a subclass binding it to anything else, or other
        code setting it, leaves it a value of no input."""
        known = self._class_values.get((cls, attr))
        if known is None:
            known = self._class_values[(cls, attr)] = self._class_texts(cls, attr)
        return known

    def made_method(self, cls: str, factory: str, name: str) -> Optional[ast.AST]:
        """`name` of `cls`, when `cls.factory` is a classmethod returning an object it makes
        (`return cls(...)`): the method called on what the factory gives."""
        made = self.method(cls, factory)
        if made is None or method_kind(made) != "class" or not _returns_made(made):
            return None
        return self.method(cls, name)

    def descendants(self, cls: str) -> List[str]:
        """The classes of this file that inherit from `cls`, found once for the file."""
        if self._descendants is None:
            self._descendants = {}
            for name in self.classes:
                for ancestor in self.lineage(name)[1:]:
                    self._descendants.setdefault(ancestor, []).append(name)
        return self._descendants.get(cls, [])

    def overriding(self, cls: str, attr: str) -> Tuple[str, ...]:
        """`self.attr(...)` in a method of `cls` whose own `attr` is a hook left to subclasses
        (it raises NotImplementedError, or does nothing) that subclasses in this file define (a
        base view's `get` calling the `open_attachment` each subclass writes): each of those,
        as `Class.attr`; () otherwise (a method that does something runs as itself)."""
        key = (cls, attr)
        known = self._overriding.get(key)
        if known is None:
            known = self._overriding[key] = ()
            own = next((c for c in self.lineage(cls) if (c, attr) in self.methods), None)
            if own is not None and _hook(self.methods[(own, attr)]):
                found = [c for c in self.descendants(cls) if (c, attr) in self.methods]
                known = self._overriding[key] = tuple(f"{c}.{attr}" for c in found)[:MAX_CANDIDATES]
        return known

    def _class_texts(self, cls: str, attr: str) -> Value:
        texts = []
        named: Optional[Value] = None
        for name in [cls, *self.descendants(cls)]:
            node = self.classes[name]
            bound = _class_binding(node, attr)
            if bound is None and name != cls:
                continue  # inherits it
            if bound is None or not self.class_constant(name, attr):
                return CLEAN
            if isinstance(bound, ast.Constant):
                texts.append(bound.value)
            else:  # `loader = yaml.SafeLoader`: that object, or one of those subclasses bind
                named = join(named, self.module_value(bound))
        if named is not None:
            return named if not texts else CLEAN
        if not all(isinstance(text, str) for text in texts):
            return CLEAN
        # not the constant itself, even when one: a subclass elsewhere may bind another, so
        # no test made with it is decided
        return Value(shape="allowed")

    def attribute_type(self, cls: str, attr: str, depth: int) -> Tuple[str, str]:
        """The name of what `__init__` (of `cls` or a class of this file it inherits from)
        stores as `self.attr` when that is an object of no input (`self.conn =
        ldap3.Connection(...)`, `self.log = logging.getLogger(...)`), else ''; and its shape
        where that is an lxml parser's (its settings, made of the code's constants)."""
        for current in self.lineage(cls):
            init = self.methods.get((current, "__init__"))
            if init is None:
                continue
            summary = self.summary(init, depth + 1)
            stored = (
                summary.self_out.entry(("attr", attr)) if summary and summary.self_out else None
            )
            taint = stored.all_taint() if stored is not None else None
            if stored is not None and stored.name and (taint is None or not taint.real()):
                parser = stored.shape if stored.shape.startswith("xmlparser") else ""
                return stored.name, parser if taint is None else ""
            if stored is not None and taint is not None and not taint.real():
                made = self.made_by_factories(current, attr, depth)
                return made or self.made_by_defaults(current, depth).get(attr, ""), ""
            return "", ""
        return "", ""

    def made_by_defaults(self, cls: str, depth: int) -> Dict[str, str]:
        """The objects of no input `__init__` stores on `self` when its parameters hold their
        defaults, by attribute: the library's client a service uses unless given another
        (`def __init__(self, client=None): self.client = client or requests.Session()`,
        `session=SHARED_SESSION`), by the name of its class or of the module's name."""
        known = self._default_objects.get(cls)
        if known is not None:
            return known
        known = self._default_objects[cls] = {}
        init = self.methods.get((cls, "__init__"))
        if init is None or init in self._running:
            return known
        defaults = {
            arg.arg: self.module_value(default)
            for arg, default in parameter_defaults(init.args)  # type: ignore[attr-defined]
            if default is not None
        }
        params = param_names(init)
        own = Value(entries=(), shape="object", name=cls)
        run = self.quiet_run(init, dict(zip(params, _bound(init, [own], {}, defaults))), depth + 1)
        for key, value in _left_on_self(run, params[0]).items():
            if value.name and not _real(value.all_taint()) and not value.known:
                known[key[1]] = value.name
        return known

    def made_by_factories(self, cls: str, attr: str, depth: int) -> str:
        """What the class's alternate constructors give `__init__` for a parameter it stores
        as `self.attr` (`return cls(Connection(server, ...), base_dn)` in `from_config`): the
        name of that object's class when every one gives the same, else ''."""
        if self._factories is None:
            self._factories = {}
            for (owner, _), method in self.methods.items():
                if method_kind(method) == "class" and _returns_made(method):
                    self._factories.setdefault(owner, []).append(method)
        found = set()
        for method in self._factories.get(cls, ()):
            summary = self.summary(method, depth + 1)
            made = summary.returns if summary is not None else None
            held = made.entry(("attr", attr)) if made is not None and made.entries else None
            if held is None or not held.name or _real(held.all_taint()):
                return ""
            found.add(held.name)
        return found.pop() if len(found) == 1 else ""

    def allow_list(self, cls: str, attr: str) -> Optional[Value]:
        """The collection of constants `cls.attr` holds, as the class body (or that of a class
        of this file it inherits from) writes it; None when it holds anything else."""
        for current in self.lineage(cls):
            lists = self._allow_lists.get(current)
            if lists is None:
                lists = self._allow_lists[current] = _class_allow_lists(self.classes[current])
            if attr in lists:
                return self.module_value(lists[attr])
        return None

    def enum_value(self, cls: str, member: str) -> Optional[Value]:
        """`Access.HIDDEN.value` of an Enum class of this file: the constant its body gives the
        member (an Enum with members cannot be subclassed, so nothing replaces it)."""
        if cls not in self.classes or cls not in enum_classes(self.tree):
            return None
        bound = _class_binding(self.classes[cls], member)
        value = self.module_value(bound) if bound is not None else None
        return value if value is not None and value.known else None

    def module_value(self, node: ast.expr) -> Value:
        """The value of an expression of the module's names, as its top level sees them (a
        default, a class body's value)."""
        return FunctionRun(self, self.tree, {}, depth=0).eval(node, {})

    def defaults(self, func: ast.AST) -> Dict[str, Value]:
        """The values of a function's parameter defaults the module fixes (`loader=
        yaml.SafeLoader`, `shell=False`), by parameter name, worked out once; a default
        holding anything else is left out (the parameter is then clean, as before)."""
        known = self._defaults.get(func)
        if known is None:
            known = {}
            for arg, default in parameter_defaults(func.args):  # type: ignore[attr-defined]
                value = self.module_value(default) if default is not None else None
                if value is not None and value.all_taint() is None and (value.known or value.name):
                    known[arg.arg] = value
            self._defaults[func] = known
        return known

    def field_type(self, cls: str, field: str) -> str:
        """The annotation's last name of a field declared in a class of this file
        (`quantity: int` in a pydantic model or dataclass), '' when not declared."""
        declared = self._field(cls, field)
        return _last(declared.annotation) if declared is not None else ""

    def validating_model(self, cls: str) -> bool:
        """Whether a class of this file is a pydantic model (it, or a class of the file it
        derives from, names BaseModel among its bases): its fields hold what they declare."""
        return cls in self.classes and any(
            _last(base) in _VALIDATING_BASES
            for ancestor in self.lineage(cls)
            for base in self.classes[ancestor].bases
        )

    def field_checks(self, cls: str, field: str) -> FrozenSet[str]:
        """The sink classes the declaration of a model's field makes its value harmless for
        (`quantity: int`, `kind: Literal["a", "b"]`, `name: str = Field(pattern=...)`)."""
        vouched = self.validated(cls, field)
        if vouched:
            return vouched | self.declared_checks(cls, field)
        return self.declared_checks(cls, field)

    def validated(self, cls: str, field: str) -> FrozenSet[str]:
        """The sink classes a pydantic validator of the field (`@field_validator("url")`, a
        classmethod given the value) checks it for by raising otherwise: `if value.host not in
        ALLOWED: raise ValueError(...)` lets only allowed hosts through."""
        found: FrozenSet[str] = frozenset()
        node = self.classes.get(cls)
        for item in node.body if node is not None else ():
            if not isinstance(item, _FUNCTIONS) or not _validates(item, field):
                continue
            found |= _returned_checks(self.summary(item, depth=1))
            if not self.may_vouch(item, True):
                continue
            summary = self.summary(item, depth=1, vouching=True)
            position = 1 if method_kind(item) != "static" else 0  # the value, after cls
            found |= (summary.checks.get(position) if summary is not None else None) or frozenset()
        return found

    def declared_checks(self, cls: str, field: str) -> FrozenSet[str]:
        """What the field's declaration checks (see field_checks)."""
        declared = self._field(cls, field)
        safe = self.models.number_types() | enum_classes(self.tree)
        if declared is None:
            # a class FastAPI fills through its __init__ (`Depends(Paging)`): the parameter
            # of the field's name, which __init__ keeps on self
            param = self.init_params(cls).get(field)
            return declared_checks(param[0], param[1], safe) if param else frozenset()
        return declared_checks(declared.annotation, declared.value, safe, self.type_aliases())

    def init_params(self, cls: str) -> Dict[str, Tuple[Optional[ast.expr], Optional[ast.expr]]]:
        """{name: (annotation, default)} of the parameters of the class's own __init__ (its
        first, self, left out)."""
        init = self.methods.get((cls, "__init__"))
        if init is None:
            return {}
        arguments = cast(ast.FunctionDef, init).args
        defaults = {arg.arg: default for arg, default in positional_defaults(arguments)}
        defaults.update(
            (arg.arg, default)
            for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults)
            if default is not None
        )
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs][1:]
        return {arg.arg: (arg.annotation, defaults.get(arg.arg)) for arg in every}

    def _field(self, cls: str, field: str) -> Optional[ast.AnnAssign]:
        node = self.classes.get(cls)
        for item in node.body if node is not None else ():
            if (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.target.id == field
            ):
                return item
        return None

    def typed_stand_in(self, stand_in: Taint, annotation: Optional[ast.expr]) -> Value:
        """A parameter's stand-in, named by the class its annotation names: an instance of a
        class of this file (`runner: Runner`) is an object whose methods its calls run."""
        own = annotated_type(annotation) if annotation is not None else ""
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            own = annotation.value  # `runner: "Runner"`, a forward reference
        if own in self.classes:
            return Value(stand_in, pieces=(stand_in,), name=own, shape="object")
        return Value(stand_in, pieces=(stand_in,), name=self.type_named(annotation))

    def type_named(self, annotation: Optional[ast.expr]) -> str:
        """The dotted name of an imported class an annotation names (`httpx.AsyncClient`,
        `Optional[ldap3.Connection]`), so that calls on the value find their models; '' for
        builtins, this file's classes and what the imports do not show."""
        if isinstance(annotation, ast.Name):
            bound = self.module_env.get(annotation.id)
            return bound.name if bound is not None and "." in bound.name else ""
        if isinstance(annotation, ast.Attribute):
            value = annotation.value
            if isinstance(value, ast.Name):  # `hx.AsyncClient` after `import httpx as hx`
                module = self.module_env.get(value.id)
                base = module.name if module is not None else ""
            else:
                base = self.type_named(value)
            return f"{base}.{annotation.attr}" if base else ""
        if isinstance(annotation, ast.BinOp):  # `Client | None`
            return self.type_named(annotation.left) or self.type_named(annotation.right)
        if isinstance(annotation, ast.Subscript) and _last(annotation.value) in (
            "Optional",
            "Union",
            "Annotated",
        ):
            inner = annotation.slice
            parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return next((found for p in parts if (found := self.type_named(p))), "")
        return ""

    # -- results -----------------------------------------------------------------------------
    def external(self, qual: str, at_sink: bool, call: bool = True) -> None:
        """Note a call the link step may answer (`call`), whose result reaches a sink
        (`at_sink`), and the functions being run when it was met: a second scan of the file
        runs those again, with the scan's other modules at hand."""
        if call:
            self.external_calls.add(qual)
        if at_sink:
            self.external_results.add(qual)
        self.external_from.setdefault(qual, set()).update(self._running or (self.tree,))

    def record(self, hit: SinkHit) -> None:
        slot = self.hits.setdefault(hit.anchor, {})
        key = (hit.sink_class, hit.node)
        old = slot.get(key)
        if old is None:
            slot[key] = hit
        else:
            joined = join_taint(old.taint, hit.taint)
            slot[key] = replace(old, taint=joined) if joined is not None else old

    def resolve_call(self, func: ast.expr, cls: Optional[str]) -> Optional[ast.AST]:
        """The function of this file a call reaches: `f()`, `self.m()` (in the class or the
        classes it inherits from in this file), `Cls.m()`, `super().m()`."""
        if isinstance(func, ast.Name):
            return self.functions.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = func.value.id
            if owner in ("self", "cls") and cls is not None:
                return self.method(cls, func.attr)
            return self.method(owner, func.attr)
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Call)
            and isinstance(func.value.func, ast.Name)
            and func.value.func.id == "super"
            and cls is not None
        ):
            for base in self.bases(cls):
                found = self.method(base, func.attr)
                if found is not None:
                    return found
        return None

    def held_method(self, cls: str, attr: str, name: str) -> Optional[ast.AST]:
        """The method `name` of the object that `attr = Holder()` in the body of `cls` makes
        (a Django model's `objects = ProductManager()`), both classes of this file."""
        node = self.classes.get(cls)
        for item in node.body if node is not None else ():
            value = item.value if isinstance(item, (ast.Assign, ast.AnnAssign)) else None
            targets = (
                item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
            )
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id in self.classes
                and any(isinstance(t, ast.Name) and t.id == attr for t in targets)
            ):
                return self.method(value.func.id, name)
        return None

    def bases(self, cls: str) -> List[str]:
        """The names of the classes of this file `cls` inherits from, in order."""
        node = self.classes.get(cls)
        if node is None:
            return []
        return [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in self.classes]

    def inherited(self, cls: str, name: str) -> Optional[str]:
        """The dotted name `cls.name` has when no class of this file defines it: the method of
        the first class `cls` inherits from another module (`app.base.BaseView.get_url`),
        which the link step answers when that module is in the scan."""
        for current in self.lineage(cls):
            for base in self.classes[current].bases:
                if isinstance(base, ast.Name) and base.id in self.classes:
                    continue
                written = dotted_name(base)  # `BaseView`, `views.View`
                head, _, rest = written.partition(".")
                bound = self.module_env.get(head)
                if bound is not None and bound.name:
                    return ".".join(p for p in (bound.name, rest, name) if p)
        return None

    def class_bound(self, cls: str, attr: str) -> Optional[str]:
        """The class a class body names as `attr` (`response_redirect_class =
        HttpResponseRedirect`, `form_class = SignupForm`), by the name it has for a call: a
        class of this file, or the dotted name an import gives; None for anything else (a
        function so bound would be called as a method, with the object first); worked out
        once per class and name."""
        key = (cls, attr)
        if key not in self._class_bound:
            self._class_bound[key] = self._find_class_bound(cls, attr)
        return self._class_bound[key]

    def _find_class_bound(self, cls: str, attr: str) -> Optional[str]:
        for current in self.lineage(cls):
            for item in self.classes[current].body:
                if not (
                    isinstance(item, ast.Assign)
                    and len(item.targets) == 1
                    and isinstance(item.targets[0], ast.Name)
                    and item.targets[0].id == attr
                    and isinstance(item.value, (ast.Name, ast.Attribute))
                ):
                    continue
                written = dotted_name(item.value)
                if written in self.classes:
                    return written
                head, _, rest = written.partition(".")
                bound = self.module_env.get(head)
                last = written.rpartition(".")[2]
                if bound is None or not bound.name or not last[:1].isupper():
                    return None
                return ".".join(p for p in (bound.name, rest) if p)
        return None

    def class_made(self, cls: str, attr: str) -> str:
        """The name of what the class body makes `attr` with, a call of another module
        (`logger = logging.getLogger(...)`: "logging.getLogger"), where no code of the class
        sets it on an instance: its calls find that name's models (the object's kind, not its
        value, which a subclass may replace with another of the kind); '' otherwise; worked
        out once per class and name."""
        key = (cls, attr)
        if key not in self._class_made:
            self._class_made[key] = self._find_class_made(cls, attr)
        return self._class_made[key]

    def _find_class_made(self, cls: str, attr: str) -> str:
        for current in self.lineage(cls):
            node = self.classes[current]
            bound = _class_binding(node, attr)
            if bound is None:
                continue
            if not isinstance(bound, ast.Call) or any(
                isinstance(t, ast.Attribute) and t.attr == attr for t in _assigned(node)
            ):
                return ""
            made = self.module_value(bound.func)
            return made.name if "." in made.name else ""
        return ""

    def lineage(self, cls: str) -> List[str]:
        """`cls` and the classes of this file it inherits from, nearest first."""
        seen: List[str] = []
        todo = [cls]
        while todo and len(seen) < MAX_CLASS_DEPTH:
            current = todo.pop(0)
            if current in seen or current not in self.classes:
                continue
            seen.append(current)
            todo.extend(self.bases(current))
        return seen

    def prepared_self(
        self, func: ast.AST, own: Value, depth: int, request: Optional[Value] = None
    ) -> Value:
        """`self` as a class-based view's handler (`get`, `post` …) finds it: with what the
        view's `setup()` and `dispatch()`, which Django runs first, stored on it
        (`self.target = request.GET["next"]`), those of a base view of another module too."""
        cls = self.class_of.get(func)
        if cls is None or getattr(func, "name", "") not in VIEW_HANDLERS:
            return own
        entries = dict(own.entries or ())
        made = self.made_by_as_view(cls, own, depth)
        if made is not None:
            entries.update(made)
        for hook in VIEW_HOOKS:
            method = self.method(cls, hook)
            if method is None and request is not None:
                for key, value in self.inherited_hook(cls, hook, own, request, depth).items():
                    entries.setdefault(key, value)
                continue
            summary = self.summary(method, depth + 1) if method not in (None, func) else None
            stored = summary.self_out if summary is not None else None
            for key, value in (stored.entries if stored is not None else None) or ():
                taint = value.all_taint()
                if taint is not None and not taint.real():
                    continue  # the hook's own parameters: not what the handler was given
                if isinstance(key, tuple) and key[0] == "attr" and key not in entries:
                    entries[key] = value
        if own.entries is None and not entries:
            return own
        return replace(own, entries=tuple(entries.items()))

    def inherited_hook(
        self, cls: str, hook: str, own: Value, request: Value, depth: int
    ) -> Dict[Any, Value]:
        """What the `setup()` or `dispatch()` of a base view another module of the scan defines
        stores on `self`, run with the handler's request (`self.payload =
        json.loads(request.body)` in a project's JsonView). A file's first scan notes the hook
        for the link step, which scans it again with that module at hand; a library's views
        (Django's own) are left to the models."""
        qual = self.inherited(cls, hook)
        if not qual or self.models.modelled_package(qual):
            return {}
        if self.project is None:
            self.external(qual, at_sink=True)
            return {}
        found = self.project.resolve(qual)
        if found is None or isinstance(found[1], ast.ClassDef) or found[1] in found[0]._running:
            return {}
        owner, method = found
        params = param_names(method)
        if len(params) < 2:
            return {}
        given = _bound(method, [own, request], {}, owner.defaults(method))
        run = owner.quiet_run(method, dict(zip(params, given)), depth + 1)
        return {
            key: relocated(value, owner.path) if owner is not self else value
            for key, value in _left_on_self(run, params[0]).items()
            if _real(value.all_taint())
        }

    def made_by_as_view(self, cls: str, own: Value, depth: int) -> Optional[Dict[Any, Value]]:
        """What `__init__` stores on the view, given the arguments Flask's
        `View.as_view(name, *args, **kwargs)` of this file passes it for each request
        (`AttachmentView.as_view("files", document_store)`, then `self.store =
        store_factory()`); None where no such call passes any, or it is not one call."""
        init = self.method(cls, "__init__")
        calls = self.as_view_calls().get(cls, [])
        if init is None or len(calls) != 1 or len(calls[0].args) + len(calls[0].keywords) < 2:
            return None
        call = calls[0]
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            kw.arg is None for kw in call.keywords
        ):
            return None
        args = [own, *(self.module_value(a) for a in call.args[1:])]
        kwargs = {kw.arg: self.module_value(kw.value) for kw in call.keywords if kw.arg}
        params = param_names(init)
        env = dict(zip(params, _bound(init, args, kwargs, self.defaults(init))))
        if init in self._running:
            return None
        run = self.quiet_run(init, env, depth + 1)
        return _left_on_self(run, params[0])

    def wrapped(self, func: ast.AST) -> Optional[Tuple[str, Tuple[str, ...]]]:
        """For the wrapper a decorator of this file defines (`def with_path(view): def
        wrapper(*args, **kwargs): ... return view(*args, **kwargs)`): the decorator's
        parameter naming the view, and the file's functions it decorates, which a call of
        that name in the wrapper runs."""
        if self._wrapped is None:
            self._wrapped = {}
            decorated: Dict[str, List[str]] = {}
            for name, function in self.functions.items():
                for decorator in getattr(function, "decorator_list", ()):
                    if isinstance(decorator, ast.Name):
                        decorated.setdefault(decorator.id, []).append(name)
            for name, views in decorated.items():
                decorator = self.functions.get(name)
                params = param_names(decorator) if decorator is not None else []
                if decorator is None or len(params) != 1:
                    continue
                for wrapper in nested_functions(decorator):
                    self._wrapped[wrapper] = (params[0], tuple(views[:MAX_CANDIDATES]))
        return self._wrapped.get(func)

    def as_view_calls(self) -> Dict[str, List[ast.Call]]:
        """The file's `Cls.as_view(...)` calls, by the class's name (found once)."""
        if self._as_view is None:
            self._as_view = {}
            if self.text is None or "as_view" in self.text:
                for node in self.every_node():
                    if (
                        isinstance(node, ast.Call)
                        and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "as_view"
                        and isinstance(node.func.value, ast.Name)
                    ):
                        self._as_view.setdefault(node.func.value.id, []).append(node)
        return self._as_view

    def method(self, cls: str, name: str) -> Optional[ast.AST]:
        """`cls.name` looked up through the classes of this file it inherits from."""
        for current in self.lineage(cls):
            found = self.methods.get((current, name))
            if found is not None:
                return found
        return None


#: what a class-based view answers a request with, and the methods Django runs before it
VIEW_HANDLERS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
VIEW_HOOKS = ("setup", "dispatch")


class FunctionRun:
    """One run of a function body (or the module's) over abstract values."""

    def __init__(self, analysis: FileAnalysis, func: ast.AST, env: Env, depth: int) -> None:
        self.a = analysis
        self.func = func
        self.start_env = env
        self.depth = depth
        self.cls = analysis.class_of.get(func)
        self.returned: Optional[Value] = None
        #: each `return`'s value, while there are few enough (see MAX_RETURN_WAYS)
        self.return_ways: Optional[List[Value]] = []
        self.self_out: Optional[Value] = None
        self.final_env: Optional[Env] = None
        self.summary: Optional[Summary] = None
        #: per parameter, the sink classes every return that may be true has checked it for
        #: (worked out only where `vouching`: for a predicate used as a guard)
        self.vouching = False
        #: the value of the expression statement being run: a call whose result is dropped
        self.discarded: Optional[ast.expr] = None
        self.vouched: Optional[List[FrozenSet[str]]] = None
        self.exits: Optional[List[FrozenSet[str]]] = None
        self.steps = 0
        #: the variables whose tests are being refined (see guards.remember_test)
        self.expanding: Set[str] = set()
        self._breaks: List[List[Env]] = []
        self._continues: List[List[Env]] = []
        self.is_module = isinstance(func, ast.Module)
        #: a run for a result only (see FileAnalysis.specialized): it records no sink, value
        #: or setting, which the summary's run records for every call
        self.quiet = False

    def run_body(self, body: List[ast.stmt]) -> None:
        try:
            self.final_env = self.block(body, dict(self.start_env))
        except BudgetExceeded:  # past the bound the function's result is not known
            self.returned = join(self.returned, Value(taint=None))
            self.return_ways = None
            # nor which way its tests would have gone in the rounds it did not run
            branches = self.a.branches
            for node in ast.walk(self.func):
                if isinstance(node, ast.If):
                    branches[node] = branches.get(node, 0) | SEEN_UNKNOWN

    # -- statements --------------------------------------------------------------------------
    def block(self, body: Iterable[ast.stmt], env: Optional[Env]) -> Optional[Env]:
        for stmt in body:
            if env is None:
                return None
            env = self.stmt(stmt, env)
        return env

    def stmt(self, node: ast.stmt, env: Env) -> Optional[Env]:
        self.steps += 1
        if self.steps > MAX_FUNCTION_STEPS:
            raise BudgetExceeded
        handler = _STATEMENTS.get(node.__class__)
        if handler is not None:
            return handler(self, node, env)
        # anything else: evaluate its expressions for their sinks, bind nothing
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.eval(child, env)
        return env

    def s_Expr(self, node: ast.Expr, env: Env) -> Optional[Env]:
        self.discarded = node.value
        self.eval(node.value, env)
        call = node.value
        if isinstance(call, ast.Call):
            # `ensure_in(col, COLUMNS)` of a check that aborts otherwise: col is checked below
            for name, classes in self.predicate_guards(call, env, returned=True).items():
                vouch_for(env, name, classes)
            checked = call.args[0] if len(call.args) == 1 else None
            called = self.eval(call.func, {}).name if isinstance(checked, ast.Name) else ""
            if isinstance(checked, ast.Name) and checked.id in env:
                if called in _CHECKING_CONVERSIONS:
                    # `float(raw)` for its exception alone: past it, raw is a number's text
                    env[checked.id] = sanitized(env[checked.id], EVERYWHERE, "number")
                elif called in _CHECKING_VALIDATORS:
                    # `validate_email(email)`, raising ValidationError otherwise
                    env[checked.id] = sanitized(env[checked.id], _CHECKING_VALIDATORS[called])
        if isinstance(call, ast.Call) and _last(call.func) in _NO_RETURN:
            return None  # `abort(400)`, `sys.exit()`: the code after it does not run
        return env

    def s_Pass(self, node: ast.stmt, env: Env) -> Env:
        return env

    def s_Assign(self, node: ast.Assign, env: Env) -> Env:
        value = self.eval(node.value, env)
        for target in node.targets:
            self.bind(target, value, env, node.value, node)
        target = node.targets[0]
        if len(node.targets) == 1 and isinstance(target, ast.Name) and not self.is_module:
            remember_test(self, target.id, node.value, value, env)
        return env

    def s_AnnAssign(self, node: ast.AnnAssign, env: Env) -> Env:
        if node.value is not None:
            value = self.eval(node.value, env)
            unknown = not value.name or (
                not value.shape and not self.a.models.modelled_package(value.name)
            )
            if unknown and value.shape in ("", "object"):
                # `conn: ldap3.Connection = request.app["ldap"]`, `directory: Directory =
                # self.service("operators")`: the annotation names the class, where the value
                # is not known, or only as what a function of the project returns
                typed = self.a.type_named(node.annotation)
                if typed:
                    value = replace(value, name=typed)
            self.bind(node.target, value, env, node.value, node)
        return env

    def s_AugAssign(self, node: ast.AugAssign, env: Env) -> Env:
        target = node.target
        old = (
            self.eval(target, env)
            if isinstance(target, (ast.Name, ast.Subscript, ast.Attribute))
            else CLEAN
        )
        right = self.eval(node.value, env)
        value = self.binop(node.op, old, right)
        self.bind(target, value, env, node.value, node)
        return env

    def s_FunctionDef(self, node: ast.AST, env: Env) -> Env:
        name = node.name  # type: ignore[attr-defined]
        env[name] = self.closure(node) if not self.is_module else Value(shape="function", name=name)
        if not self.is_module and _registered(node):
            # `@app.after_request` on a def inside `register_hooks(app)`: the framework runs
            # it later, given what it gives (nothing the code here can tell): run it once now
            call = ast.copy_location(ast.Call(ast.Name(name, ast.Load()), [], []), node)
            self.call_closure(call, env[name], [], {}, env)
        return env

    def closure(self, node: ast.AST) -> Value:
        """A function defined inside this one (a nested def, a lambda): a call runs its body
        where it is made, seeing this function's variables as they are then."""
        key = f"<closure {node.lineno}:{node.col_offset}>"  # type: ignore[attr-defined]
        self.a.closures[key] = node
        return Value(shape="closure", name=key)

    def call_closure(
        self, node: ast.Call, callee: Value, args: List[Value], kwargs: Dict[str, Value], env: Env
    ) -> Value:
        func = self.a.closures[callee.name]
        if self.depth >= MAX_CALL_DEPTH or func in self.a._running:
            # too deep, or recursion (a nested walker calling itself): unknown
            taint = join_all(args + list(kwargs.values()))
            return Value(taint=taint.inexact() if taint is not None else None)
        self.a._running.add(func)
        inner = dict(env)
        # a default is evaluated where the function is defined, in the scope it runs in
        # (`def fetch(path, base=request.headers.get("X-Base", BASE))`)
        defaults = {
            arg.arg: self.eval(default, env)
            for arg, default in parameter_defaults(func.args)  # type: ignore[attr-defined]
            if default is not None
        }
        inner.update(zip(param_names(func), _bound(func, args, kwargs, defaults)))
        run = FunctionRun(self.a, func, inner, self.depth + 1)
        run.cls, run.summary, run.steps = self.cls, self.summary, self.steps
        try:
            if isinstance(func, ast.Lambda):
                run.returned = run.eval(func.body, inner)
            else:
                run.run_body(func.body)  # type: ignore[attr-defined]
        finally:
            self.steps = run.steps  # one budget for the function and what it defines
            self.a._running.discard(func)
        returned = run.returned if run.returned is not None else constant(None)
        return _stepped(returned, _step(node, f"returned by `{_short(node.func)}()`"))

    s_AsyncFunctionDef = s_FunctionDef

    def s_ClassDef(self, node: ast.ClassDef, env: Env) -> Env:
        env[node.name] = Value(shape="class", name=node.name)
        return env

    def s_Import(self, node: ast.Import, env: Env) -> Env:
        for alias in node.names:
            if alias.asname:
                env[alias.asname] = Value(name=alias.name)
            else:
                first = alias.name.split(".")[0]
                env[first] = Value(name=first)
        return env

    def s_ImportFrom(self, node: ast.ImportFrom, env: Env) -> Env:
        module = node.module or ""
        if node.level:
            # `from .helpers import run` in app/views.py is app.helpers.run
            parts = self.a.module.split(".") if self.a.module else []
            keep = len(parts) - node.level + (1 if self.a.is_package else 0)
            base = ".".join(parts[: max(keep, 0)])
            module = ".".join(p for p in (base, module) if p)
        for alias in node.names:
            if alias.name != "*":
                env[alias.asname or alias.name] = Value(name=f"{module}.{alias.name}")
        return env

    def s_Return(self, node: ast.Return, env: Env) -> None:
        value = self.eval(node.value, env) if node.value is not None else constant(None)
        if self.vouching:
            self.vouch(node.value, env, may_be_true=not (value.known and not value.const))
        # a view's text is its HTML body; objects (jsonify, redirect, dicts) are not text
        if node in self.a.view_returns and node.value is not None:
            body_node: ast.AST = node.value
            body: Optional[Value] = value
            if isinstance(body_node, ast.Tuple) and body_node.elts:
                # `return page, 404` (and `page, 200, headers`): the body comes first, the
                # headers (a mapping or pairs) last, after the status or in its place
                page = True
                for index, part in enumerate(body_node.elts[1:3], 1):
                    headers = value.entry(index)
                    if headers is None or isinstance(part, ast.Constant):
                        continue
                    self.sink_value(node, part, headers, "header", "the view's headers", env)
                    target = _entry_named(headers, "Location")
                    if target is not None:  # `return "", 302, {"Location": url}`
                        self.sink_value(node, part, target, "redirect", "the view's headers", env)
                    page = page and _may_be_html(_entry_named(headers, "Content-Type"))
                body_node, body = body_node.elts[0], value.entry(0) if page else None
            if body is not None and body.pieces is not None:
                self.sink_value(node, body_node, body, "xss", "the view's response body", env)
        template = self.a.template_returns.get(self.func)
        if template is not None and node.value is not None:
            # `@aiohttp_jinja2.template("page.html")`, a TemplateView's get_context_data: the
            # returned mapping is the template's context
            given = named_entries(value, partly=True)
            let = lookup(self.a.templates, template)
            raw = _written_raw(node, given, let, template) if given is not None else None
            if raw is not None:
                sink = f"the template `{template}`"
                self.sink_value(node, node.value, Value(taint=raw), "xss", sink, env)
        self.returned = join(self.returned, value)
        ways = self.return_ways
        if ways is not None and value not in ways:  # `return default` thrice is one way
            self.return_ways = ways + [value] if len(ways) < MAX_RETURN_WAYS else None
        if self.cls is not None:
            params = param_names(self.func)
            if params:
                self.self_out = join(self.self_out, env.get(params[0]))
        return None

    def vouch(self, returned: Optional[ast.expr], env: Env, may_be_true: bool = True) -> None:
        """At a way out of the function: what it shows of each parameter, kept where every
        way out shows it (`exits`: an `ensure_in(x, ALLOWED)` that aborts otherwise) and
        where every return that may be true does, the returned test assumed true (`vouched`:
        `return not parsed.netloc`)."""
        self.exits = _common_checks(self.exits, self.shown(env))
        if may_be_true:
            if isinstance(returned, _TESTS):
                env = refine(self, returned, True, dict(env))
            self.vouched = _common_checks(self.vouched, self.shown(env))

    def shown(self, env: Env) -> List[FrozenSet[str]]:
        """Per parameter, the sink classes its value is safe for here: its stand-in sanitized,
        or no input left in it at all (`x not in ALLOWED` returned early) where the function
        never assigns the parameter (then that is what the caller gave, checked)."""
        assigned = _assigned_names(self.func)
        out = []
        for index, name in enumerate(param_names(self.func)):
            value = env.get(name)
            taint = value.all_taint() if value is not None else None
            if taint is not None and taint.kinds == {f"{PARAM_PREFIX}{index}"}:
                out.append(taint.sanitized)
            elif value is not None and taint is None and name not in assigned:
                out.append(EVERYWHERE)
            else:
                out.append(frozenset())
        return out

    def predicate_guards(
        self, test: ast.Call, env: Env, returned: bool = False
    ) -> Dict[str, FrozenSet[str]]:
        """{variable: sink classes} that a true `test`, a call of a predicate of the scan given
        those variables, vouches for; with `returned`, that the call's returning at all does
        (a check that aborts or raises otherwise)."""
        func = test.func
        # the variables given, or attributes of them (`is_allowed(body.url)`), by name
        named = [dotted_name(a) for a in test.args]
        named = [n if n.count(".") <= 1 and n.split(".")[0] in env else "" for n in named]
        given = [self.eval(a, dict(env)) for a, n in zip(test.args, named) if n]
        if not any(carries_input(value) for value in given):
            return {}  # nothing to vouch for: the callee's summary is not worth its cost
        owner: FileAnalysis = self.a
        local = self.a.resolve_call(func, self.cls)
        bound = 0
        if local is None and isinstance(func, ast.Attribute):
            # `fetcher.permitted(url)`: a method of the object, one of a class of this file
            receiver = self.eval(func.value, dict(env))
            if receiver.shape == "object" and receiver.name in self.a.classes:
                local = self.a.method(receiver.name, func.attr)
        elif local is None and isinstance(func, ast.Name):
            # `inside_notes = partial(is_inside, NOTES_DIR)`: the function, its first
            # parameters given already
            held = self.eval(func, dict(env))
            if held.shape == "partial" and held.name in self.a.functions:
                local = self.a.functions[held.name]
                bound = sum(isinstance(key, int) for key, _ in held.entries or ())
        qual = self.eval(func, {}).name if local is None else ""
        if qual and self.a.project is not None:
            found = self.a.project.resolve(qual)
            if found is not None:
                owner, local = found
        elif qual and "." in qual and not self.a.models.knows(qual):
            if any(_remote(value.all_taint()) for value in given):
                # a predicate of another module, maybe (`utils.is_allowed(url)`) given web
                # input (a command line's flows stay within files): the link step answers it,
                # as a call whose result decides what reaches a sink
                self.a.external(qual, at_sink=True)
        if local is None or isinstance(local, ast.ClassDef) or not owner.may_vouch(local, returned):
            return {}
        summary = owner.summary(local, self.depth + 1, vouching=True)
        vouched = (summary.checks if returned else summary.guards) if summary else None
        if not vouched:
            return {}
        offset = bound + (1 if owner.class_of.get(local) and isinstance(func, ast.Attribute) else 0)
        out: Dict[str, FrozenSet[str]] = {}
        for index, classes in vouched.items():
            position = index - offset
            if 0 <= position < len(named) and named[position]:
                out[named[position]] = classes
        return out

    def s_Raise(self, node: ast.Raise, env: Env) -> None:
        if node.exc is not None:
            self.eval(node.exc, env)
        return None

    def s_Break(self, node: ast.stmt, env: Env) -> None:
        if self._breaks:
            self._breaks[-1].append(env)
        return None

    def s_Continue(self, node: ast.stmt, env: Env) -> None:
        if self._continues:
            self._continues[-1].append(env)
        return None

    def truth(self, test: Value) -> Optional[bool]:
        """What a test's value says: a constant's truth; a function's, true; None if unknown."""
        if test.known:
            try:
                return bool(test.const)
            except Exception:
                return None
        return True if self.a.function_given(test) else None

    def s_If(self, node: ast.If, env: Env) -> Optional[Env]:
        test = self.eval(node.test, env)
        branches = self.a.branches
        truth = self.truth(test)
        if truth is not None:
            if truth is True:
                branches[node] = branches.get(node, 0) | SEEN_TRUE
                return self.block(node.body, env)
            if truth is False:
                branches[node] = branches.get(node, 0) | SEEN_FALSE
                return self.block(node.orelse, env)
        branches[node] = branches.get(node, 0) | SEEN_UNKNOWN
        then_env = self.block(node.body, refine(self, node.test, True, dict(env)))
        else_env = self.block(node.orelse, refine(self, node.test, False, dict(env)))
        if self.a.project is None:
            imported_flag(self, node.test, env, then_env, else_env)
        return join_env(then_env, else_env)

    def s_While(self, node: ast.While, env: Env) -> Optional[Env]:
        test = self.eval(node.test, env)
        if test.known and not test.const:
            return self.block(node.orelse, env)
        # `while True:` leaves only by break; `n = 0; while n < 3:` is true only at first,
        # so its body runs at least once
        forever = isinstance(node.test, ast.Constant) and bool(node.test.value)
        if test.known and not forever:
            counted = self.counted(node, env)
            if counted is not _UNCOUNTED:
                return counted
        return self.loop(node, env, None, None, forever, test.known and bool(test.const))

    def counted(self, node: ast.While, env: Env) -> Any:
        """A loop whose test the code's own values decide round after round (`i = 0`, `while
        i < 3:`, `i += 1`) run round by round, as it runs; _UNCOUNTED when a test is not known
        or more than MAX_UNROLLED_ITEMS rounds would run (then the loop is run to a fixpoint
        from its start: the rounds run so far are rounds it runs)."""
        breaks: List[Env] = []
        self._breaks.append(breaks)
        current: Optional[Env] = env
        try:
            for _ in range(MAX_UNROLLED_ITEMS):
                if current is None:  # every way through the body left the loop
                    return _joined(breaks)
                test = self.eval(node.test, current)
                if not test.known:
                    return _UNCOUNTED
                if not test.const:
                    return _joined([*breaks, self.block(node.orelse, dict(current))])
                current = self.round(node.body, dict(current))
            return _joined(breaks) if current is None else _UNCOUNTED
        finally:
            self._breaks.pop()

    def s_For(self, node: ast.For, env: Env) -> Optional[Env]:
        iterable = self.eval(node.iter, env)
        items = _unrolled_items(node, iterable)
        if items is not None:
            return self.unrolled(node, env, items)
        return self.loop(node, env, node.target, element_of(iterable), False, _never_empty(node))

    def unrolled(self, node: ast.For, env: Env, items: List[Value]) -> Optional[Env]:
        """A loop over a few constants the code writes (`range(3)`, `("a", "b")`) run once per
        item, in order: a test of the loop variable folds in each round."""
        breaks: List[Env] = []
        self._breaks.append(breaks)
        current: Optional[Env] = env
        try:
            for item in items:
                if current is None:
                    break
                body_env = dict(current)
                self.bind(node.target, item, body_env, node.iter, node)
                current = self.round(node.body, body_env)
        finally:
            self._breaks.pop()
        ended = self.block(node.orelse, dict(current)) if current is not None else None
        return _joined([ended, *breaks])

    def round(self, body: List[ast.stmt], env: Env) -> Optional[Env]:
        """One run of a loop's body, as an unrolled loop runs it: where it ends, joined with
        where its `continue`s go on from."""
        continues: List[Env] = []
        self._continues.append(continues)
        try:
            current = self.block(body, env)
        finally:
            self._continues.pop()
        return _joined([current, *continues])

    s_AsyncFor = s_For

    def loop(
        self,
        node: Any,
        env: Env,
        target: Optional[ast.expr],
        element: Optional[Value],
        forever: bool,
        at_least_once: bool = False,
    ) -> Optional[Env]:
        """The loop run to a fixpoint; what leaves it. A loop whose body `at_least_once` runs
        (`for _ in range(3)`) leaves from the end of the body, not from before it."""
        head = dict(env)
        last: Optional[Env] = None
        breaks: List[Env] = []
        self._breaks.append(breaks)
        try:
            for rounds in range(MAX_LOOP_ROUNDS + 1):
                continues: List[Env] = []
                self._continues.append(continues)
                try:
                    body_env = dict(head)
                    if target is not None and element is not None:
                        self.bind(target, element, body_env, node.iter, node)
                    elif isinstance(node, ast.While):
                        body_env = refine(self, node.test, True, body_env)
                    out = self.block(node.body, body_env)
                finally:
                    self._continues.pop()
                for other in continues:
                    out = join_env(out, other)
                new_head = join_env(head, out) or head
                if new_head == head:
                    last = out  # settled: the body's end covers every round
                    break
                head = new_head if rounds < MAX_LOOP_ROUNDS - 1 else widen_env(head, new_head)
        finally:
            self._breaks.pop()
        exit_env: Optional[Env] = None
        if isinstance(node, ast.While) and not forever:
            test = self.eval(node.test, head)
            forever = test.known and bool(test.const)  # still true where the loop settled
        if not forever:
            after: Optional[Env] = head
            if at_least_once and last is not None and isinstance(node, ast.While):
                after = refine(self, node.test, False, dict(last))
            elif at_least_once and last is not None:
                after = last
            elif isinstance(node, ast.While):
                after = refine(self, node.test, False, dict(head))
            exit_env = self.block(node.orelse, dict(after)) if after is not None else None
        for other in breaks:
            exit_env = join_env(exit_env, other)
        return exit_env

    def s_With(self, node: ast.With, env: Env) -> Optional[Env]:
        for item in node.items:
            value = self.eval(item.context_expr, env)
            if item.optional_vars is not None:
                self.bind(item.optional_vars, value, env, item.context_expr, item)
        return self.block(node.body, env)

    s_AsyncWith = s_With

    def s_Try(self, node: Any, env: Env) -> Optional[Env]:
        before = dict(env)
        body_env = self.block(node.body, dict(env))
        # a handler may start anywhere in the body: from before it or after it
        start = join_env(before, body_env) or before
        out = self.block(node.orelse, body_env) if body_env is not None else None
        for handler in node.handlers:
            handler_env = dict(start)
            if handler.name:
                handler_env[handler.name] = CLEAN
            out = join_env(out, self.block(handler.body, handler_env))
        if node.finalbody:
            final_start = out if out is not None else dict(start)
            final = self.block(node.finalbody, dict(final_start))
            return final if out is not None else None
        return out

    s_TryStar = s_Try

    def s_Match(self, node: Any, env: Env) -> Optional[Env]:
        subject = self.eval(node.subject, env)
        out: Optional[Env] = None
        for case in node.cases:
            pattern = case.pattern
            value = getattr(pattern, "value", None)
            if subject.known and type(pattern).__name__ == "MatchValue":
                folded = self.eval(value, env)
                if folded.known and folded.const != subject.const:
                    continue  # a constant subject never matches another constant
            case_env = dict(env)
            for sub in ast.walk(pattern):
                name = getattr(sub, "name", None)
                if isinstance(name, str):
                    case_env[name] = (
                        element_of(subject) if type(sub).__name__ == "MatchStar" else subject
                    )
            test = self.case_test(node.subject, case)
            if test is not None:
                # `case "start" | "stop":` the body sees the subject one of them, as after
                # `if action in ("start", "stop"):`
                case_env = refine(self, test, True, case_env)
            if case.guard is not None:
                self.eval(case.guard, case_env)
                # `case {"path": str(path)} if ".." not in path:` the body sees the guard hold
                case_env = refine(self, case.guard, True, case_env)
            out = join_env(out, self.block(case.body, case_env))
            if subject.known and type(pattern).__name__ == "MatchValue":
                return out  # the constant subject matched this case
            if (
                type(pattern).__name__ == "MatchAs"
                and pattern.pattern is None
                and case.guard is None
            ):
                return out  # `case _:` / `case x:` catches everything left
        # no case matched: falls through unchanged
        return join_env(out, env)

    def case_test(self, subject: ast.expr, case: Any) -> Optional[ast.expr]:
        """The test a case of constants makes of the subject (`subject in ("a", "b")`), one
        node per case; None for any other pattern."""
        tests = self.a.case_tests
        if case not in tests:
            pattern = case.pattern
            options = pattern.patterns if type(pattern).__name__ == "MatchOr" else [pattern]
            values = [getattr(p, "value", None) for p in options]
            constants: List[ast.expr] = [v for v in values if isinstance(v, ast.Constant)]
            tests[case] = None
            if all(type(p).__name__ == "MatchValue" for p in options) and len(constants) == len(
                values
            ):
                listed = ast.copy_location(ast.Tuple(elts=constants, ctx=ast.Load()), pattern)
                compare = ast.Compare(left=subject, ops=[ast.In()], comparators=[listed])
                tests[case] = ast.copy_location(compare, pattern)
        return tests[case]

    def s_Global(self, node: ast.stmt, env: Env) -> Env:
        return env

    s_Nonlocal = s_Global

    def s_Delete(self, node: ast.Delete, env: Env) -> Env:
        for target in node.targets:
            if isinstance(target, ast.Name):
                env.pop(target.id, None)
                env.pop(target.id + TEST_OF, None)
            elif isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                holder = env.get(target.value.id)
                key = self.eval(target.slice, env)
                if holder is not None and holder.entries is not None and key.known:
                    env[target.value.id] = _deleted(holder, key.const)
        return env

    # -- binding -----------------------------------------------------------------------------
    def bind(self, target: ast.AST, value: Value, env: Env, source: ast.AST, stmt: ast.AST) -> None:
        if isinstance(target, ast.Name):
            if value.taint is not None or value.pieces is not None:
                value = _stepped(value, _step(target, f"assigned to `{target.id}`"))
            env[target.id] = value
            env.pop(target.id + TEST_OF, None)  # no longer the answer of a test it held
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self.bind(element.value, element_of(value), env, source, stmt)
                    continue
                part = value.entry(index) if value.entries is not None else None
                if part is None:
                    if isinstance(source, (ast.Tuple, ast.List)) and index < len(source.elts):
                        part = self.eval(source.elts[index], env)
                    else:
                        part = element_of(value)
                self.bind(element, part, env, source, stmt)
        elif isinstance(target, ast.Subscript):
            self.store_item(target, value, env, stmt)
        elif isinstance(target, ast.Attribute):
            owner = target.value
            if isinstance(owner, ast.Name) and owner.id in env:
                holder = env[owner.id]
                env[owner.id] = holder.with_entry(("attr", target.attr), value)
                env.pop(f"{owner.id}.{target.attr}", None)  # what a test showed of the old one
            elif isinstance(owner, ast.Name) and owner.id in self.a.classes:
                # `Banner.text = x`: the class's attribute, read back below as `Banner.text`
                env[f"{owner.id}.{target.attr}"] = value
            else:
                self.eval(owner, env)
                self.store_nested(owner, ("attr", target.attr), value, env)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, element_of(value), env, source, stmt)

    def store_item(self, target: ast.Subscript, value: Value, env: Env, stmt: ast.AST) -> None:
        key = self.eval(target.slice, env)
        base = target.value
        base_value = self.eval(base, env)
        # `session[k] = v`, `response.headers[k] = v`: the store is a call of __setitem__ (not
        # where the code built the mapping itself: `headers = {...}; headers[k] = v`)
        owner = base_value.name or (base.id if isinstance(base, ast.Name) else "?." + _last(base))
        if not base_value.name and isinstance(base, ast.Attribute):
            # `request.session[k] = v` after an earlier store held a part of the session: the
            # attribute is still the object's own (the session), whatever the code put in it
            held_by = self.eval(base.value, env).name
            if held_by:
                owner = f"{held_by}.{base.attr}"
        qual = f"{owner}.__setitem__"
        if base_value.shape != "dict":
            self.call_sinks(
                stmt, qual, [target.slice, _value_of(stmt) or target], [key, value], {}, env
            )
        stored_into = _param_index(base_value)
        if stored_into is not None and self.summary is not None and value.all_taint() is not None:
            self.summary.param_stores.append((stored_into, value, stmt))
        if (
            isinstance(base, ast.Name)
            and base.id not in env
            and not self.is_module
            and _real(value.all_taint())
        ):
            self.a.store_global(base.id, key, value)
        if isinstance(base, ast.Name) and base.id in env:
            holder = env[base.id]
            if holder.shape == "config":  # `config["db"] = {"host": ...}`: a whole section
                section = key.const if key.known and hashable(key.const) else REST
                env[base.id] = config_section(holder, section, value, replacing=True)
            elif key.known and hashable(key.const):
                env[base.id] = holder.with_entry(key.const, value)
            else:
                env[base.id] = stored_unknown(holder, key, value)
        elif key.known and hashable(key.const):
            self.store_nested(base, key.const, value, env)
        elif isinstance(base, ast.Attribute):
            # `self.items[key] = value`, the key not known: under the mapping's other keys (a
            # mapping, not text: what the attribute held before stays as its taint)
            holder = replace(base_value, pieces=None)
            self.store_nested(
                base.value, ("attr", base.attr), stored_unknown(holder, key, value), env
            )

    def store_nested(self, base: ast.expr, key: Any, value: Value, env: Env) -> None:
        """`cfg["db"]["user"] = v`, `self.rows[0] = v`: the part of a variable the target names,
        through known keys and attributes; a part not there yet keeps the input the value
        carries, one whose parts are not held (`self.request.session`) is left as it is."""
        path = [key]
        node = base
        while isinstance(node, (ast.Subscript, ast.Attribute)):
            if isinstance(node, ast.Attribute):
                path.append(("attr", node.attr))
            else:
                index = self.eval(node.slice, env)
                if not (index.known and hashable(index.const)):
                    return
                path.append(index.const)
            node = node.value
        if isinstance(node, ast.Name) and node.id in env:
            env[node.id] = _replaced(env[node.id], path[::-1], value)

    # -- expressions -------------------------------------------------------------------------
    def eval(self, node: Optional[ast.AST], env: Env, depth: int = 0) -> Value:
        if node is None:
            return CLEAN
        self.steps += 1
        if self.steps > MAX_FUNCTION_STEPS:
            raise BudgetExceeded
        if depth > MAX_EXPRESSION_DEPTH:
            return self.by_names(node, env)
        method = _EXPRESSIONS.get(node.__class__)
        if method is None:
            taint = None
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    taint = join_taint(taint, self.eval(child, env, depth + 1).all_taint())
            return Value(taint=taint)
        return method(self, node, env, depth + 1)

    def by_names(self, node: ast.AST, env: Env) -> Value:
        """A value too deep to evaluate: tainted by any variable it reads (iteratively)."""
        taint = None
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in env:
                taint = join_taint(taint, env[sub.id].all_taint())
        return Value(taint=taint.inexact() if taint is not None else None)

    def e_Constant(self, node: ast.Constant, env: Env, depth: int) -> Value:
        return constant(node.value)

    def e_Name(self, node: ast.Name, env: Env, depth: int) -> Value:
        value = env.get(node.id)
        if value is None:
            value = self.a.module_env.get(node.id)
            if value is not None:
                value = self.imported_constant(value)
        if value is None:  # a builtin, or a name bound where the code cannot be followed
            value = Value(name=node.id)
        if value.name and value.taint is None and not value.entries:
            source = self.a.models.source_for(value.name, called=False)
            if source is not None:
                return _read(source.kind, node)
        return value

    def imported_table(self, value: Value) -> bool:
        """Whether a value is a name another module defines, before the link step knows it,
        and no model names it (`FORMULAS` of `from .constants import FORMULAS`)."""
        return (
            self.a.project is None
            and value.name.count(".") >= 1
            and value.taint is None
            and value.entries is None
            and not value.known
            and not value.shape
            and not self.a.models.knows(value.name)
            and _same_package(value.name, self.a.module)  # the project's, not a library's
        )

    def imported_constant(self, value: Value) -> Value:
        """A name imported from another module of the scan (`from .settings import ALLOWED`)
        as that module fixes it, at the link step; until then the name, and a marker for the
        link step where a check of input compares with it (see guards.imported_check)."""
        if (
            "." not in value.name
            or value.taint is not None
            or value.entries is not None
            or value.known
            or value.shape
            or self.a.project is None
        ):
            return value
        return self.a.project.constant(value.name) or value

    def e_Attribute(self, node: ast.Attribute, env: Env, depth: int) -> Value:
        if isinstance(node.value, ast.Name) and f"{node.value.id}.{node.attr}" in env:
            return env[f"{node.value.id}.{node.attr}"]  # a class attribute the code set
        member = node.value
        if (
            node.attr == "value"
            and isinstance(member, ast.Attribute)
            and isinstance(member.value, ast.Name)
            and member.value.id not in env
        ):
            fixed = self.a.enum_value(member.value.id, member.attr)
            if fixed is not None:
                return fixed
        base = self.eval(node.value, env, depth)
        attr = node.attr
        read = _request_read(base, attr, node)
        if read is not None:
            return read
        if base.shape == BOUND_FORM and base.taint is not None:
            return self.form_field(base, attr)
        if base.shape.startswith("form:") and attr in _CLEANED and base.taint is not None:
            return self.cleaned_form(base.shape[5:], base.taint, attr)
        if base.shape == "options" and base.taint is not None:
            checked = self.a.checked_options().get(attr)
            return (
                sanitized(Value(taint=base.taint), checked) if checked else Value(taint=base.taint)
            )
        if base.entries is not None:
            part = base.entry(("attr", attr))
            if part is not None:
                return part
        owner_class = base.name if base.shape == "object" else None
        if base.taint is not None and base.taint.kinds == _SELF:
            owner_class = self.cls  # `self.value` in a method of the class
        if owner_class:
            getter = self.property_getter(owner_class, attr)
            if getter is not None:  # `box.value` runs the `@property def value(self)`
                result = self.local_call(node, getter[1], [base], {}, getter[0])
                if result is not None:
                    return result
            listed = self.class_allow_list(owner_class, attr)
            if listed is not None:  # `op not in self.OPERATORS`
                return listed
        if base.shape == FIXED and base.all_taint() is None and attr in ("value", "name"):
            return FIXED_TEXT  # `status.value` of an Enum parameter the framework validated
        if base.shape == "path" and attr in ("name", "stem", "suffix"):
            # `Path(x).name`: the last part only, as os.path.basename gives it
            taint = base.all_taint()
            return Value(
                taint=taint.sanitize(_PATH).step(_step(node, f"sanitized by `.{attr}`"))
                if taint is not None
                else None
            )
        if base.taint is not None and base.shape.startswith("model:"):
            return self.model_field(base.taint, base.shape[6:], attr)
        if (
            base.taint is not None
            and not base.shape
            and "." in base.name
            and not self.a.models.modelled_package(base.name)
        ):
            # `request.fmt` of a parameter typed by a class another module defines
            own = part_stand_in(base, ("attr", attr))
            if own is not None:
                return self.imported_model_field(own, base.name, attr)
        if base.taint is not None and (not base.name or base.shape == "object"):
            own = part_stand_in(base, ("attr", attr))
            if own is not None:
                if (
                    self.cls is not None
                    and base.taint.kinds == _SELF
                    and method_kind(self.func) != "static"
                    and self.a.class_constant(self.cls, attr)
                ):
                    return self.a.class_values(self.cls, attr)
                if self.cls is not None and base.taint.kinds == _SELF and not own.name:
                    # `self.conn.search(...)` where `__init__` made `self.conn` an ldap3
                    # Connection: its calls find the models of that class
                    kind, parser = self.a.attribute_type(self.cls, attr, self.depth)
                    kind = kind or self.a.class_made(self.cls, attr)
                    own = replace(own, name=kind, shape=parser or own.shape) if kind else own
                if base.shape == "object" and self.a.validating_model(base.name):
                    # `rule.op` of a parameter typed `rule: ThresholdRule`, a pydantic model
                    # of this file: whatever object a caller gives, pydantic checked the field
                    checked = self.a.field_checks(base.name, attr)
                    if checked == EVERYWHERE:
                        return Value(shape="number")
                    return sanitized(own, checked) if checked else own
                return own
            if attr in ("netloc", "hostname") and base.shape.startswith("url:"):
                # `host = urlparse(url).hostname`: a later check of host vouches for url
                kind = "host:" if attr == "netloc" else "hostname:"
                return Value(taint=base.taint, shape=kind + base.shape[4:])
            if base.shape in _FILE_OBJECTS and attr not in ("stream", "file"):
                # an upload's filename is text, not the file; Django cuts the name of its
                # uploads to a base name, and rejects `..`
                named = base.shape == "upload:django" and attr == "name" and base.taint
                return Value(taint=base.taint.sanitize(_PATH) if named else base.taint)
            return Value(taint=base.taint, shape=base.shape)
        if holds_settings(base, SETTINGS_OBJECTS):
            return Value(shape=SETTING, name=f"{base.name}.{attr}")  # `settings.BACKUP_DIR`
        if base.shape == "class" and base.name:
            listed = self.class_allow_list(base.name, attr)
            if listed is not None:  # `region not in Config.REGIONS`
                return listed
        if base.name:
            name = f"{base.name}.{attr}"
            source = self.a.models.source_for(name, called=False)
            if source is not None:
                read = _read(source.kind, node)
                if attr in _OWN_ADDRESS:  # Flask's `request.url`: this site's own address
                    read = sanitized(read, _SAME_SITE)
                return _request_part(attr, read)
            own = part_stand_in(base, ("attr", attr)) if base.taint is not None else None
            if own is not None:  # `req.name` of a parameter typed `req: ArchiveRequest`
                return replace(own, name=name)
            # `settings.ALLOWED_HOSTS` of a module of the scan, as that module fixes it
            return self.imported_constant(Value(name=name, taint=base.taint))
        return Value(taint=base.taint)

    def class_allow_list(self, cls: str, attr: str) -> Optional[Value]:
        """`Config.REGIONS` of a class of this file or, at the link step, of another module."""
        if cls in self.a.classes:
            return self.a.allow_list(cls, attr)
        found = self.a.project.resolve(cls) if self.a.project is not None else None
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return found[0].allow_list(found[1].name, attr)

    def property_getter(self, cls: str, attr: str) -> Optional[Tuple[FileAnalysis, ast.AST]]:
        """The property `attr` of a class of this file (or, at the link step, of another module
        of the scan) and the analysis that holds it."""
        found: Optional[Tuple[FileAnalysis, ast.AST]] = None
        if "." not in cls:
            method = self.a.method(cls, attr)
            found = (self.a, method) if method is not None else None
        elif self.a.project is not None:
            found = self.a.project.resolve(f"{cls}.{attr}")
        return found if found is not None and _is_property(found[1]) else None

    def fields_known(self, value: Value) -> Value:
        """A request body model given to a function: its declared fields as the object's
        attributes, so the function's reads of them (`req.count`) are judged field by field."""
        if value.shape == "options" and value.taint is not None and not value.entries:
            # parsed command-line options given to a function: those argparse checked apart
            checked = self.a.checked_options().items()
            parts = tuple(
                (("attr", dest), sanitized(Value(taint=value.taint), safe))
                for dest, safe in checked
            )
            return replace(value, entries=parts) if parts else value
        if not value.shape.startswith("model:") or value.taint is None or value.entries:
            return value
        model = value.shape[6:]
        found = self.model_class(model)
        if found is None:
            return value
        owner, cls = found
        if cls.name in enum_classes(owner.tree):
            return Value(shape="number")  # a member of an Enum of the scan: one of its values
        names = [
            item.target.id
            for item in cls.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        ] or list(owner.init_params(cls.name))
        entries = tuple((("attr", n), self.model_field(value.taint, model, n)) for n in names)
        return replace(value, entries=entries) if entries else value

    def model_class(self, model: str) -> Optional[Tuple[FileAnalysis, ast.ClassDef]]:
        """The class a body model's shape names: of this file, or imported from a module of
        the scan (known at the link step)."""
        if model in self.a.classes:
            return self.a, self.a.classes[model]
        bound = self.a.module_env.get(model)
        qual = bound.name if bound is not None and bound.name else model
        found = self.a.project.resolve(qual) if self.a.project is not None else None
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return found[0], found[1]

    def imported_model_field(self, own: Value, model: str, attr: str) -> Value:
        """A field of a parameter typed by a class another module of the scan defines: where
        that class is a pydantic model, what its declaration and validators let through,
        read at the link step; until then the field carries a marker that brings the file
        there if it reaches a sink."""
        if self.a.project is None:
            if own.taint is None:
                return own
            marked = replace(own.taint, kinds=own.taint.kinds | {MODEL_PREFIX + model})
            return replace(own, taint=marked, pieces=(marked,))
        found = self.model_class(model)
        if found is None or not found[0].validating_model(found[1].name):
            return own
        checked = found[0].field_checks(found[1].name, attr)
        if checked == EVERYWHERE:
            return Value(shape="number")
        return sanitized(own, checked) if checked else own

    def form_field(self, form: Value, attr: str) -> Value:
        """A field of a Flask-WTF form bound to the request (`form.lang`): what its data may
        be, by the field's class in the form's declaration (a number, a date, a boolean, one of
        a select's choices: fixed text; anything else: the client's text). A form of another
        module is read at the link step; until then the field carries a marker for it."""
        taint = cast(Taint, form.taint)
        found = self.model_class(form.name) if form.name else None
        if found is None:
            if self.a.project is None and "." in form.name:
                return Value(taint=replace(taint, kinds=taint.kinds | {MODEL_PREFIX + form.name}))
            return Value(taint=taint)
        owner, cls = found
        for current in owner.lineage(cls.name):
            bound = _class_binding(owner.classes[current], attr)
            if bound is not None:
                field = _last(bound.func) if isinstance(bound, ast.Call) else ""
                return FIXED_TEXT if field in _CHECKED_FIELDS else Value(taint=taint)
        return Value(taint=taint)

    def serializer_call(self, node: ast.Call) -> Optional[ast.Call]:
        """`self.get_serializer(...)` as the call of the class it makes (see
        serializer_class), one node per call site (findings are keyed by node)."""
        if not (isinstance(node.func, ast.Attribute) and node.func.attr == "get_serializer"):
            return None  # every call passes here: only this method's are kept
        calls = self.a.serializer_calls
        if node not in calls:
            named = self.serializer_class(node.func)
            calls[node] = (
                ast.copy_location(
                    ast.Call(func=named, args=node.args, keywords=node.keywords), node
                )
                if named is not None
                else None
            )
        return calls[node]

    def serializer_class(self, func: ast.expr) -> Optional[ast.expr]:
        """The class `self.get_serializer` makes in a method of a class of this file that
        names it (`serializer_class = OrderSerializer`, written in the class's body)."""
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "get_serializer"
            and isinstance(func.value, ast.Name)
            and func.value.id == "self"
            and self.cls is not None
        ):
            return None
        named = _class_binding(self.a.classes[self.cls], "serializer_class")
        if not isinstance(named, (ast.Name, ast.Attribute)):
            return None
        return ast.copy_location(copy.copy(named), func)

    def cleaned_form(self, form: str, taint: Taint, attr: str) -> Value:
        """`form.cleaned_data` of a form view's bound form, its class named by `form_class`:
        field by field where the class (of this file, or of another module at the link step)
        declares them; until the link step, a marker that brings the file there."""
        found = self.model_class(form)
        if found is not None:
            parts = dict(_cleaned(found[0], found[1], taint, self.depth + 1))
            return parts.get(("attr", attr)) or Value(taint=taint)
        bound = self.a.module_env.get(form)
        qual = bound.name if bound is not None and bound.name else ""
        marked = replace(taint, kinds=taint.kinds | {MODEL_PREFIX + qual}) if "." in qual else taint
        return Value(taint=marked)

    def model_field(self, taint: Taint, model: str, attr: str) -> Value:
        """A field of a request body model: what its declaration lets through (`quantity: int`,
        a Literal, an Enum, `Field(pattern=...)`). A model of another module is read at the
        link step; until then the field carries a marker that brings the file there."""
        found = self.model_class(model)
        if found is None:
            bound = self.a.module_env.get(model)
            qual = bound.name if bound is not None and bound.name else model
            marked = replace(taint, kinds=taint.kinds | {MODEL_PREFIX + qual})
            return Value(taint=marked if "." in qual else taint)
        owner, name = found[0], found[1].name
        if name in enum_classes(owner.tree):
            return Value(shape="number")
        checked = owner.field_checks(name, attr)
        if checked == EVERYWHERE:
            return Value(shape="number")
        field = owner.field_type(name, attr)
        if field in owner.classes:
            nested = field if owner is self.a else f"{owner.module}.{field}"
            return Value(taint=taint, shape=f"model:{nested}")
        return Value(taint=taint.sanitize(checked) if checked else taint)

    def e_Subscript(self, node: ast.Subscript, env: Env, depth: int) -> Value:
        base = self.eval(node.value, env, depth)
        key = self.eval(node.slice, env, depth)
        read = _request_read(base, "__getitem__", node)
        if read is not None:  # `self.kwargs["slug"]`: a mapping of input
            return read
        if holds_settings(base, SETTINGS_MAPPINGS):
            return Value(shape=SETTING, name=f"{base.name}[…]" if base.name else "")
        if base.name.endswith(".app") and key.known and isinstance(key.const, str):
            stored = self.a.app_state().get(key.const)
            if stored is not None:  # `request.app["http"]`, a ClientSession a hook made
                return self.a.module_value(stored)
        if base.name in _ENGINE_REGISTRIES:
            # `engines["django"]`: a template backend of the project's settings; each of
            # Django's autoescapes (its Jinja2 backend too, unless settings turn that off)
            return Value(name="django.template.backends.base.BaseEngine")
        if base.known and key.known:
            folded = _fold(lambda: base.const[key.const])
            if folded is not None:
                return folded
        if self.imported_table(base):
            # `FORMULAS[rule]`, the table another module's: a stand-in the link step answers
            return _table_item(base.name)
        if isinstance(node.slice, ast.Slice) and base.entries is not None:
            kept = _sliced(
                base,
                [
                    self.eval(b, env, depth) if b is not None else None
                    for b in (node.slice.lower, node.slice.upper, node.slice.step)
                ],
            )
            if kept is not None:
                return kept
        if base.entries is not None and key.known and hashable(key.const):
            part = base.entry(key.const)
            if part is None and isinstance(key.const, int) and key.const < 0:
                indexes = [k for k, _ in base.entries if isinstance(k, int)]
                if indexes and len(indexes) == len(base.entries):
                    part = base.entry(max(indexes) + 1 + key.const)
            if part is not None:
                return part
            return base.rest() or CLEAN
        if base.entries is not None:
            # `COMMANDS[action]`, the key not known: one of the table's constants
            return table_entry(base) or _candidates(base) or smashed(base)
        if key.known and base.entries is None:
            own = part_stand_in(base, key.const)  # `args[0]`, `kw["name"]` of a parameter
            if own is not None:
                return own
        if isinstance(node.slice, ast.Slice) and base.pieces is not None and base.taint is not None:
            return slice_pieces(
                base,
                self.eval(node.slice.lower, env, depth),
                self.eval(node.slice.upper, env, depth),
            )
        if base.name and base.taint is None:
            source = self.a.models.source_for(base.name, called=False)
            if source is not None:
                return _read(source.kind, node)
        taint = base.all_taint()
        return Value(taint=taint) if taint is not None else CLEAN

    def e_Slice(self, node: ast.Slice, env: Env, depth: int) -> Value:
        for part in (node.lower, node.upper, node.step):
            self.eval(part, env, depth)
        return CLEAN

    def e_Index(self, node: Any, env: Env, depth: int) -> Value:  # Python 3.8 trees
        return self.eval(node.value, env, depth)

    def e_BinOp(self, node: ast.BinOp, env: Env, depth: int) -> Value:
        left = self.eval(node.left, env, depth)
        right = self.eval(node.right, env, depth)
        if (
            isinstance(node.op, ast.Mod)
            and left.known
            and isinstance(left.const, str)
            and not right.known
        ):
            return self.text_built(node, percent_format(left.const, right))
        return self.text_built(node, self.binop(node.op, left, right))

    def text_built(self, node: ast.AST, value: Value) -> Value:
        """Remember the value of text that looks like SQL where it is built: B608 flags the
        building, and its verdict reads the value there (a query of constants is LOW)."""
        first = value.pieces[0] if value.pieces else None
        if isinstance(first, str) and _SQL_START.match(first) and not self.quiet:
            self.a.values[(node, "sql")] = (node, value)
        return value

    def binop(self, op: ast.operator, left: Value, right: Value) -> Value:
        if left.known and right.known:
            folded = _fold_binop(op, left.const, right.const)
            if folded is not None:
                return folded
        if isinstance(op, ast.Add):
            markup = next((v.name for v in (left, right) if v.name in _MARKUP), "")
            if markup:
                # `Markup("<p>") + text`: Markup escapes what it is added to
                other = right if left.name == markup else left
                own = left if other is right else right
                escaped = sanitized(other, _XSS) if other.all_taint() is not None else other
                return Value(taint=join_taint(own.all_taint(), escaped.all_taint()), name=markup)
            if left.entries is not None and right.entries is not None:
                return list_concat(left, right)
            if left.shape == "list" and left.entries is not None and not _stringish(right):
                # `["guest"] + request.args.getlist("role")`: the first items stay known
                return list_concat(left, Value(entries=((REST, element_of(right)),), shape="list"))
            if _stringish(left) or _stringish(right):
                return fixed_if(concat(pieces_of(left) + pieces_of(right)), (left, right))
        if isinstance(op, ast.Mod) and left.known and isinstance(left.const, str):
            return percent_format(left.const, right)
        if isinstance(op, ast.Mult) and "number" in (left.shape, right.shape):
            # `"?" * len(items)`: the text repeated; the count carries no text of its own
            text = right if left.shape == "number" else left
            if _stringish(text) and fixed_text(text):
                return FIXED_TEXT
        taint = join_taint(left.all_taint(), right.all_taint())
        if isinstance(op, ast.BitOr) and left.name and right.name:
            # `PyCF_ONLY_AST | PyCF_TYPE_COMMENTS`: a flag set named by every flag it holds
            return Value(
                taint=taint,
                name=FLAG_SEPARATOR.join(sorted(flag_names(left.name) | flag_names(right.name))),
            )
        if isinstance(op, ast.Div) and (
            _PATH_SHAPES & {left.shape, right.shape}
            or not any(v.shape == "number" or v.known for v in (left, right))
        ):
            # a path joined (`self.root / name` too, the root an attribute not yet known; a
            # division of numbers has a number or a constant on one side at least): its parts
            # kept apart as text's are, so `folder / secure_filename(f.filename)` keeps the
            # name's check beside a folder that holds none
            parts = (*pieces_of(left), "/", *pieces_of(right))
            return Value(pieces=parts, shape="path", name="pathlib.Path")
        number = left.shape == "number" and right.shape == "number"
        return Value(taint=taint, shape="number" if number else "")

    def e_UnaryOp(self, node: ast.UnaryOp, env: Env, depth: int) -> Value:
        operand = self.eval(node.operand, env, depth)
        if operand.known:
            folded = _fold_unary(node.op, operand.const)
            if folded is not None:
                return folded
        if isinstance(node.op, ast.Not):
            return CLEAN
        return Value(taint=operand.taint, shape=operand.shape)

    def e_BoolOp(self, node: ast.BoolOp, env: Env, depth: int) -> Value:
        values = [self.eval(v, env, depth) for v in node.values]
        if all(v.known for v in values):
            result = values[0].const
            for v in values[1:]:
                result = (
                    (result and v.const) if isinstance(node.op, ast.And) else (result or v.const)
                )
            return constant(result)
        if isinstance(node.op, ast.And):
            for v in values:
                if v.known and self.truth(v) is False:
                    # `target and FEATURE_ON`, the flag False: false whatever came before it,
                    # and a false operand before it holds nothing (an empty text, None)
                    return v
        else:
            # `client or requests.Session()`, the client None: a false operand is never the
            # result, but for the last
            values = [v for v in values[:-1] if not (v.known and self.truth(v) is False)] + [
                values[-1]
            ]
            if len(values) == 1:
                return values[0]
        out: Optional[Value] = None
        for v in values:
            out = join(out, v)
        last = values[-1]
        if (
            isinstance(node.op, ast.Or)
            and out is not None
            and last.name
            and (last.shape == "object" or self.a.models.modelled_package(last.name))
            and not any(v.name or _real(v.all_taint()) for v in values[:-1])
        ):
            # `users or UserRepository()`, `client or requests.Session()`, a parameter left
            # None: an object of that class (one given instead is its stand-in), whose
            # methods its calls find
            return replace(out, name=last.name)
        return out or CLEAN

    def e_Compare(self, node: ast.Compare, env: Env, depth: int) -> Value:
        values = [self.eval(node.left, env, depth)] + [
            self.eval(c, env, depth) for c in node.comparators
        ]
        if all(v.known for v in values):
            folded = _fold(lambda: _compare(node.ops, [v.const for v in values]))
            if folded is not None:
                return folded
        if (
            len(node.ops) == 1
            and isinstance(node.ops[0], (ast.Is, ast.IsNot))
            and values[1].known
            and values[1].const is None
            and self.a.function_given(values[0])
        ):
            return constant(isinstance(node.ops[0], ast.IsNot))  # `quote is not None`
        return Value(shape="number")  # a bool: carries no text

    def e_IfExp(self, node: ast.IfExp, env: Env, depth: int) -> Value:
        test = self.eval(node.test, env, depth)
        truth = self.truth(test)
        if truth is not None:
            return self.eval(node.body if truth else node.orelse, env, depth)
        # `x if x in ALLOWED else "name"`: each side sees what its test says, as an if does
        body = self.eval(node.body, refine(self, node.test, True, dict(env)), depth)
        orelse = self.eval(node.orelse, refine(self, node.test, False, dict(env)), depth)
        return join(body, orelse) or CLEAN

    def e_JoinedStr(self, node: ast.JoinedStr, env: Env, depth: int) -> Value:
        pieces: list = []
        used: List[Value] = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                pieces.append(str(part.value))
            elif isinstance(part, ast.FormattedValue):
                value = self.eval(part.value, env, depth)
                used.append(value)
                if part.format_spec is not None:
                    self.eval(part.format_spec, env, depth)
                    pieces.extend(
                        pieces_of(Value(taint=value.all_taint())) if value.all_taint() else [None]
                    )
                elif value.known and part.conversion in (-1, 115):
                    pieces.append(str(value.const))
                elif part.conversion == 114 and value.all_taint() is not None:
                    # `{x!r}`: a Python literal of the text, which code cannot break out of
                    literal = value.all_taint().sanitize(PYTHON_LITERAL)  # type: ignore[union-attr]
                    pieces.extend(pieces_of(Value(taint=literal)))
                else:
                    pieces.extend(pieces_of(value) if value.all_taint() or value.pieces else [None])
            else:
                pieces.append(None)
                used.append(CLEAN)
        return self.text_built(node, fixed_if(concat(tuple(pieces)), used))

    def e_FormattedValue(self, node: ast.FormattedValue, env: Env, depth: int) -> Value:
        return Value(taint=self.eval(node.value, env, depth).all_taint())

    def e_Tuple(self, node: Any, env: Env, depth: int) -> Value:
        values: List[Value] = []
        for index, element in enumerate(node.elts):
            if isinstance(element, ast.Starred):
                # `[program, *args]`: the items before the first unpacked one keep their
                # places, what comes from there on is one entry of unknown positions
                rest = join_all(self.eval(e, env, depth) for e in node.elts[index:])
                if not values:
                    return Value(taint=rest, shape="list")
                return Value(entries=(*enumerate(values), (REST, Value(taint=rest))), shape="list")
            values.append(self.eval(element, env, depth))
        if all(v.known for v in values) and isinstance(node, ast.Tuple):
            return Value(
                const=tuple(v.const for v in values), entries=tuple(enumerate(values)), shape="list"
            )
        return Value(entries=tuple(enumerate(values)), shape="list")

    e_List = e_Tuple

    def e_Set(self, node: ast.Set, env: Env, depth: int) -> Value:
        values = [self.eval(e, env, depth) for e in node.elts]
        if values and all(v.known for v in values):
            return Value(
                const=frozenset(
                    cast(Value, _fold(lambda: frozenset(v.const for v in values))).const
                    if _fold(lambda: frozenset(v.const for v in values))
                    else ()
                ),
                shape="set",
            )
        return Value(taint=join_all(values), shape="set")

    def e_Starred(self, node: ast.Starred, env: Env, depth: int) -> Value:
        return self.eval(node.value, env, depth)

    def e_Dict(self, node: ast.Dict, env: Env, depth: int) -> Value:
        value = Value(entries=(), shape="dict")
        for key_node, item in zip(node.keys, node.values):
            item_value = self.eval(item, env, depth)
            if key_node is None:  # `**other`
                value = merged(value, item_value)
                continue
            key = self.eval(key_node, env, depth)
            if key.known and hashable(key.const):
                value = value.with_entry(key.const, item_value)
            else:
                value = stored_unknown(value, key, item_value)
        return value

    def e_NamedExpr(self, node: ast.NamedExpr, env: Env, depth: int) -> Value:
        value = self.eval(node.value, env, depth)
        self.bind(node.target, value, env, node.value, node)
        return value

    def e_Lambda(self, node: ast.Lambda, env: Env, depth: int) -> Value:
        return self.closure(node)

    def e_Await(self, node: ast.Await, env: Env, depth: int) -> Value:
        return self.eval(node.value, env, depth)

    def e_Yield(self, node: ast.Yield, env: Env, depth: int) -> Value:
        if node.value is not None:
            self.returned = join(self.returned, self.eval(node.value, env, depth))
            self.return_ways = None  # a generator: what it yields, together
        return CLEAN

    e_YieldFrom = e_Yield

    def comprehension(self, node: Any, env: Env, depth: int) -> Env:
        inner = dict(env)
        for generator in node.generators:
            iterable = self.eval(generator.iter, inner, depth)
            self.bind(generator.target, element_of(iterable), inner, generator.iter, generator)
            for condition in generator.ifs:
                self.eval(condition, inner, depth)
                # `[t for t in tags if t in KNOWN]`: what gets through passed the test
                inner = refine(self, condition, True, inner)
        return inner

    def e_ListComp(self, node: Any, env: Env, depth: int) -> Value:
        inner = self.comprehension(node, env, depth)
        element = self.eval(node.elt, inner, depth)
        return Value(entries=((REST, element),), shape="list")

    e_SetComp = e_ListComp
    e_GeneratorExp = e_ListComp

    def e_DictComp(self, node: Any, env: Env, depth: int) -> Value:
        inner = self.comprehension(node, env, depth)
        key = self.eval(node.key, inner, depth)
        value = self.eval(node.value, inner, depth) if node.value is not None else smashed(key)
        return Value(entries=((REST, value), (KEYS, key)), shape="dict")

    # -- calls -------------------------------------------------------------------------------
    def note_cookie_flags(
        self, node: ast.Call, setter: str, args: List[Value], kwargs: Dict[str, Value], given: int
    ) -> None:
        """What a set_cookie call is given for its flags, by keyword (`**options` too, item by
        item) or by position, joined over the runs that reach it: the cookie check reads it."""
        if self.quiet:
            return
        noted = self.a.cookie_flags.setdefault(node, {})
        starred = any(isinstance(arg, ast.Starred) for arg in node.args)
        for flag, position in COOKIE_FLAGS:
            value = kwargs.get(flag)
            if value is None and setter == "set_cookie" and position < given and not starred:
                value = args[position]
            if value is not None:
                noted[flag] = join(noted.get(flag), value) or value

    def e_Call(self, node: ast.Call, env: Env, depth: int) -> Value:
        func = node.func
        made = self.serializer_call(node)
        if made is not None:
            # `self.get_serializer(data=request.data)` of a REST framework view: a call of
            # the class its `serializer_class` names
            return self.e_Call(made, env, depth)
        deferred = _deferred_call(node)
        if deferred is not None:
            # `tasks.add_task(send, to)`, `pool.submit(send, to)`, `Thread(target=send,
            # args=(to,))`: the function runs later with those arguments, as a call of it
            ran = self.eval(deferred, env, depth)
            if _last(func) in _RUN_IN_THREAD:
                return ran  # `await run_in_threadpool(geocoder.reverse, host)`: its result
        receiver: Optional[Value] = None
        if isinstance(func, ast.Attribute):
            receiver = self.eval(func.value, env, depth)
            if receiver.shape == "objects":
                return self.call_on_each(node, receiver, func.attr, env, depth)
            read = _request_read(receiver, func.attr, node)
            if read is not None:
                for part in [*node.args, *(kw.value for kw in node.keywords)]:
                    self.eval(part, env, depth)
                return read
            callee = receiver
            qual = f"{receiver.name}.{func.attr}" if receiver.name else f"?.{func.attr}"
            if func.attr in _BINDS_REQUEST_FORM and isinstance(func.value, ast.Name):
                # `if form.validate_on_submit():` a Flask-WTF form that took the request's
                # form data when it was made: its fields' `.data` are the client's
                if not _real(receiver.all_taint()):
                    env[func.value.id] = replace(
                        _read("remote", func.value), name=receiver.name, shape=BOUND_FORM
                    )
        else:
            callee = self.eval(func, env, depth)
            qual = callee.name if callee.name else ""
        if self.cls is not None and _on_self(func) and receiver is not None:
            overriding = self.a.overriding(self.cls, cast(ast.Attribute, func).attr)
            if overriding:
                # a hook the file's subclasses override: each one may be the one that runs
                callee = _chosen_among(overriding)
        if isinstance(func, ast.Name) and func.id not in env:
            wrapped = self.a.wrapped(self.func)
            if wrapped is not None and wrapped[0] == func.id:
                # the view a decorator's wrapper runs: each function it decorates here
                callee = _chosen_among(wrapped[1])
        if callee.shape in ("candidates", "partial"):
            return self.dynamic_call(node, callee, env, depth)
        arg_nodes: List[ast.AST] = list(node.args)
        args = [self.eval(a, env, depth) for a in node.args]
        positional = len(node.args)
        if qual in _RESPONSE_TUPLE and positional == 1 and isinstance(node.args[0], ast.Tuple):
            # make_response((body, status, headers)) is make_response(body, status, headers)
            arg_nodes = list(node.args[0].elts)
            args = [args[0].entry(index) or CLEAN for index in range(len(arg_nodes))]
            positional = len(arg_nodes)
        kwargs: Dict[str, Value] = {}
        kwarg_nodes: Dict[str, ast.AST] = {}
        for kw in node.keywords:
            value = self.eval(kw.value, env, depth)
            named = named_entries(value) if kw.arg is None else None
            if named is not None:  # `f(**{"a": x})`, `"{a}".format(**d)`: keyword by keyword
                kwargs.update(named)
                kwarg_nodes.update((name, kw.value) for name in named)
            elif kw.arg is None:
                args.append(smashed(value))
                arg_nodes.append(kw.value)
            else:
                kwargs[kw.arg] = value
                kwarg_nodes[kw.arg] = kw.value
        # a function or method of this file: its summary (not a model's `*.execute`); a name
        # bound in the function itself (a nested def, a lambda) hides the module's function
        if callee.shape == "closure" and callee.name in self.a.closures:
            return self.call_closure(node, callee, args, kwargs, env)
        shadowed = isinstance(func, ast.Name) and func.id in env
        if shadowed and self.is_module:
            # module code calling the file's own function (`main()` under `if __name__ ...`)
            defined = env[cast(ast.Name, func).id]
            shadowed = not (defined.shape == "function" and defined.name == cast(ast.Name, func).id)
        local = None if shadowed else self.a.resolve_call(func, self.cls)
        if local is None and callee.shape == "function" and callee.name in self.a.functions:
            # a function of this file held by a variable (`clean=strip_breaks`, then `clean(x)`)
            local = self.a.functions[callee.name]
        if (
            local is not None
            and self.is_module
            and node is self.discarded
            and isinstance(func, ast.Name)
            and not isinstance(local, ast.ClassDef)
            and not any(_real(v.all_taint()) for v in [*args, *kwargs.values()])
        ):
            # module code calling the file's function with nothing from input and dropping the
            # result (`main()` under `if __name__ ...`): the function is run for its own sources
            # as any other is; following it here only ran it early, and the module twice
            local = None
        if local is None and qual.count(".") == 1:
            # `Runner(x).go(y)` of a class of this file, or a method of one of its instances
            local = self.a.method(*qual.split("."))
        if local is None and qual.count(".") == 2:
            # `Product.objects.search(q)`: a method of the object a class attribute holds
            local = self.a.held_method(*qual.split("."))
        if local is None and isinstance(func, ast.Name) and qual in self.a.classes:
            local = self.a.classes[qual]
        if local is None and self.cls is not None and _on_self(func):
            attr = cast(ast.Attribute, func).attr
            bound_class = self.a.class_bound(self.cls, attr)
            if bound_class is not None:
                # `self.response_class(body)` of `response_class = HttpResponse`: that class
                qual = bound_class
                local = self.a.classes.get(bound_class)
            else:
                # `self.get_url(...)` that a class of another module defines
                qual = self.a.inherited(self.cls, attr) or qual
        if local is None and isinstance(func, ast.Attribute) and func.attr in _COOKIE_SETTERS:
            self.note_cookie_flags(node, func.attr, args, kwargs, positional)
        if local is None:
            self.call_sinks(
                node,
                qual,
                arg_nodes + list(kwarg_nodes.values()),
                args + list(kwargs.values()),
                dict(zip(kwargs, kwarg_nodes.values())),
                env,
                node=node,
                kwargs=kwargs,
                positional=positional,
                receiver=(cast(ast.Attribute, func).value, receiver)
                if receiver is not None
                else None,
            )
        owner = self.a
        if (
            local is None
            and qual
            and self.a.project is not None
            and not self.a.models.names_exactly(qual)
        ):
            # a function of another module of the scan (a modelled one keeps its model, even
            # when the scan holds a copy of that library)
            given = [*args, *kwargs.values(), *([receiver] if receiver is not None else [])]
            found = None
            if self.a.project.follows(qual, given):
                found = self.a.project.resolve(qual)
            elif not self.quiet:  # given nothing of input
                self.note_call_out(qual, node, args, kwargs)
            if found is not None:
                owner, local = found
        external = (
            local is None
            and self.a.project is None
            and "." in qual
            and not qual.startswith("?")
            and not self.a.models.names_exactly(qual)
            # matched only by a `*.method` pattern: the scan's own when its package is this
            # file's (`shop.models.Product.objects.search`), the model's otherwise (`*.execute`)
            and (not self.a.models.knows(qual) or _same_package(qual, self.a.module))
        )
        if isinstance(local, ast.ClassDef):
            return self.construct(node, owner, local, qual, args, kwargs)
        if local is not None and (
            callee.shape in ("function", "class", "") or isinstance(func, ast.Attribute)
        ):
            method = owner.class_of.get(local)
            kind = method_kind(local)
            # the instance is `self` (called on an instance), the class `cls` (however called);
            # a static method takes neither
            bound = kind == "class" or (kind == "instance" and callee.shape != "class")
            if _calls_super(func) and kind == "instance" and "self" in env:
                # `super().__init__(path)`: the parent's method stores on this very object
                args = [env["self"], *args]
                self.store_on_receiver(node, local, owner, env["self"], args, kwargs, env, "self")
            elif isinstance(func, ast.Attribute) and method and bound and receiver is not None:
                args = [receiver, *args]
                if kind == "instance" and receiver.shape == "object":
                    self.store_on_receiver(node, local, owner, receiver, args, kwargs, env)
            result = self.local_call(node, local, args, kwargs, owner)
            if result is not None and kind == "class" and result.shape == "object" and qual:
                # `InventoryRepository.from_request(r)`, a classmethod of its base making
                # `cls(...)`: an object of the class it was called on
                maker = owner.class_of.get(local, "")
                called = qual.rpartition(".")[0]
                if (
                    maker
                    and result.name.rpartition(".")[2] == maker
                    and called.rpartition(".")[2] != maker
                ):
                    result = replace(result, name=called)
            if result is not None:
                if not result.name and result.all_taint() is None and qual and owner is not self.a:
                    # `logging.getLogger(...)` of a scanned copy of logging: still a logger
                    result = replace(result, name=result_type(qual))
                return result
        models = self.a.models
        rendered = (
            self.rendered(node, qual, args, kwargs, env, receiver) if qual in _RENDERERS else None
        )
        if rendered is not None:
            return rendered
        pure = _PURE_BUILTINS.get(qual.removeprefix("builtins."))
        if pure is not None and args and not kwargs and all(a.known for a in args):
            # `len("abc")`, `int("7")`, `max(2, 5)`: computed, as an operator on constants is
            folded = _fold(lambda: pure(*[a.const for a in args]))
            if folded is not None and len(str(folded.const)) <= MAX_FOLDED_SIZE:
                return folded
        sanitizer = models.sanitizer_for(qual) if qual else None
        if sanitizer is not None and receiver is not None and _is_text(receiver):
            # a text's own method (`realpath(p).startswith(root)`) is str's, answered below:
            # a pattern of the models (SQLAlchemy's `*.startswith`) names a column's
            if not models.exact_sanitizer(qual):
                sanitizer = None
        if not _sanitizes(qual, args, kwargs):
            sanitizer = None
        if sanitizer is not None:
            taint = join_all(args + list(kwargs.values()))
            written = json_written(qual, args, sanitizer.classes)
            if written is not None:
                return written
            if taint is not None or qual not in FOLDED_CODECS:  # an encoder of constants folds
                return _sanitized(node, sanitizer, taint, _short(func))
        given = args + list(kwargs.values())
        if (
            all(fixed_text(value) for value in given)
            and not all(value.known for value in given)  # constants fold, further on
            and models.exact_propagator(qual)
        ):
            # `base64.b64decode(choice)`, choice one of an allow-list: what the code fixed
            return Value(pieces=(None,), shape=FIXED, name=result_type(qual))
        if qual:
            source = models.source_for(qual, called=True)
            # a method read on input is not a new read (`request.args.get`); a stand-in for a
            # call's result not yet known (`parser = ArgumentParser()`) is no input
            if source is not None and (receiver is None or not _holds_input(receiver)):
                read = _read(source.kind, node)
                # `args = parser.parse_args()`: its options as add_argument declares them
                return replace(read, shape="options") if qual in _OPTION_PARSES else read
        if receiver is not None:
            attr = cast(ast.Attribute, func).attr
            if attr == "get_success_url" and not args and not kwargs and _on_self(func):
                # a Django editing view's own method, inherited: its `self.success_url`
                held = receiver.entry(("attr", "success_url"))
                if held is not None:
                    return held
            if attr == "get" and args and self.imported_table(receiver):
                # `SCRIPTS.get(action, SCRIPTS["noop"])` of another module's table
                item = _table_item(receiver.name)
                return join(item, args[1]) or item if len(args) > 1 else item
            # `shelf(request).find(term)`: the method of an object another scanned module
            # made (the link step answers it), not the str method of that name
            scanned_object = (
                external
                and receiver.taint is not None
                and CALL_PREFIX + receiver.name in receiver.taint.kinds
            )
            result = (
                None
                if scanned_object and attr in STR_FACTS
                else method_of(self, node, attr, receiver, args, kwargs, env)
            )
            if result is not None:
                return self.text_built(node, result) if attr in _FORMATS else result
        if qual in ("getattr", "builtins.getattr") and len(args) >= 2:
            return self.attribute_by_name(args[0], args[1], self.names_self(node.args[0]))
        if qual in ("map", "builtins.map") and len(args) == 2 and not kwargs:
            # `map(os.path.basename, names)`: each item as the function gives it back
            each = self.apply(node, args[0], element_of(args[1]), env)
            return Value(entries=((REST, each),), shape="list")
        library = call_library(self, node, qual, args, kwargs) or _pairs(qual, args)
        if library is not None:
            return library
        by_fields = (
            receiver is not None and bool(kwargs) and not node.args and not models.knows(qual)
        )
        if _fetches_rows(qual, by_fields):
            # `get_object_or_404(Page, slug=s)`, `Page.objects.filter(...)`, a queryset made
            # elsewhere filtered by field (`orders_of(user).get(number=n)`): the input chose
            # which rows to read; what they hold is the database's
            return Value(name=result_type(qual))
        # unknown: what goes in comes out, less surely; but a lookup (`cache.get(key)`,
        # `states.pop(key)`) gives what the container holds, not the key it was asked for
        lookup = receiver is not None and cast(ast.Attribute, func).attr in _LOOKUPS
        taint = join_all(
            (args[1:] if lookup else args)
            + list(kwargs.values())
            + ([receiver] if receiver is not None else [])
        )
        if external:
            # maybe a function of another scanned module: the link step answers it; here its
            # result stands for itself, and input passed to it marks the call for the link step
            given = [*args, *kwargs.values(), *([receiver] if receiver is not None else [])]
            if _remote(taint) or (
                any(map(_holds_request, given)) and not self.a.models.modelled_package(qual)
            ):
                # input, or the request whose attributes are input (`next_url(request)`,
                # `self.get_target()` of a view holding it), given to a module of the project
                # (a library's own functions are its models')
                self.a.external(qual, at_sink=False)
            given_taint = join_all(args + list(kwargs.values()))
            if not self.quiet:
                # the link step answers a call given web input again, whose note replaces this
                self.note_call_out(qual, node, args, kwargs)
            self.note_param_calls(given_taint, qual)
            marker = Taint(frozenset({CALL_PREFIX + qual}))
            return Value(
                taint=join_taint(taint.inexact() if taint else None, marker), name=result_type(qual)
            )
        sinks = models.sinks_for(qual) if qual else ()
        if taint is None or (
            sinks
            and (
                not any(k.sink_class in _PASS_ON for k in sinks)
                or qual.rpartition(".")[2] in _RUNS_QUERY
            )
        ):
            # the result is named after the call, so `conn = ldap3.Connection(...)` makes
            # `conn.search` the model's `ldap3.Connection.search`; what open(), a request or a
            # command gives back is not the path, URL or command line it was given
            return Value(name=result_type(qual) if qual and not qual.startswith("?") else "")
        if (
            qual
            # known library calls (propagators, and sinks that pass their data on) are exact
            and (models.is_propagator(qual) or bool(sinks))
            or (
                receiver is not None
                and receiver.all_taint() is not None
                and not _real(join_all(args + list(kwargs.values())))
            )
        ):
            # a method of the tainted value itself (`args.get("q")`, `.strip()`) gives its data
            if qual and models.decodes(qual):
                # what encoded text spells is the input's choice, escaped before or not (a
                # number or a digest stays one)
                taint = taint.unsanitize(taint.sanitized - {EVERY_CLASS})
            return Value(taint=taint.step(_step(node, f"through `{_short(func)}()`")))
        return Value(taint=taint.inexact().step(_step(node, f"through `{_short(func)}()`")))

    def rendered(
        self,
        node: ast.Call,
        qual: str,
        args: List[Value],
        kwargs: Dict[str, Value],
        env: Env,
        receiver: Optional[Value],
    ) -> Optional[Value]:
        """The page a template renderer gives: the values it is given escaped, but those its
        template writes with `|safe`, in an autoescape-off block, or (Flask) in a template
        that is not HTML, as they are; a renderer that makes the response itself (Django's
        render()) is the sink of those. None when the template lets nothing through."""
        name_at, name_key, context_at, context_key = _RENDERERS[qual]
        if qual in _REQUEST_FIRST and args and args[0].known:
            # `TemplateResponse("page.html", {"request": request, ...})`: Starlette's older
            # order, the name first
            name_at, context_at = 0, 1
        text = receiver.entry("text") if receiver is not None and name_at < 0 else None
        if qual in STRING_TEMPLATES:
            text = kwargs.get(name_key) or (args[0] if args else None)
            if text is None or not text.known:
                return None  # the template's text itself may be input: see call_library
        if text is not None and text.known and isinstance(text.const, str):
            # `Template("<p>{{ bio|safe }}</p>").render(Context({...}))`: its own text
            label, let = "text", unescaped(text.const)
        else:
            name = kwargs.get(name_key) or (args[name_at] if 0 <= name_at < len(args) else None)
            if name is None or not name.known or not isinstance(name.const, str):
                return None
            label, let = name.const, lookup(self.a.templates, name.const)
            if qual in _FLASK_RENDERERS and not label.lower().endswith(FLASK_ESCAPED):
                let = frozenset({EVERY})
        if not let:
            return None
        if context_at is None:  # Flask: render_template(name, **context)
            given: Optional[Dict[str, Value]] = kwargs
        else:
            context = kwargs.get(context_key) or (
                args[context_at] if context_at < len(args) else None
            )
            given = named_entries(context, partly=True) if context is not None else None
        if given is None:
            return None
        raw = _written_raw(node, given, let, label)
        if qual in _RESPONDING_RENDERERS:
            if raw is not None:
                self.sink_value(node, node, Value(taint=raw), "xss", qual, env)
            return Value(name=result_type(qual))
        return rendered_page(raw, args + list(kwargs.values()))

    def apply(self, node: ast.Call, function: Value, item: Value, env: Env) -> Value:
        """What calling `function` (a value the code holds) on `item` gives: a function or
        lambda of this file followed, a modelled sanitizer applied, `str.strip` and the like
        keep the text; anything else passes the item on, less surely."""
        taint = item.all_taint()
        if function.shape == "closure" and function.name in self.a.closures:
            return self.call_closure(node, function, [item], {}, env)
        local = self.a.functions.get(function.name) if function.shape == "function" else None
        if local is not None:
            return self.local_call(node, local, [item], {}) or CLEAN
        sanitizer = self.a.models.sanitizer_for(function.name) if function.name else None
        if sanitizer is not None:
            return _sanitized(node, sanitizer, taint, function.name)
        if taint is None:
            return CLEAN
        if function.name.startswith("str.") and function.name[4:] in STR_KEEP:
            return Value(taint=taint)
        return Value(taint=taint.inexact())

    def names_self(self, node: ast.expr) -> bool:
        """Whether an expression is the method's own object (its first parameter)."""
        params = param_names(self.func) if self.cls is not None else ()
        return isinstance(node, ast.Name) and bool(params) and node.id == params[0]

    def attribute_by_name(self, owner: Value, name: Value, on_self: bool) -> Value:
        """`getattr(owner, name)`: the attribute when the name is a constant; with a constant
        prefix (`"on_" + kind`), every method the prefix names (the candidates) of the class
        of `self` or of an object of the file's classes; another object's are not known."""
        cls = owner.name if owner.shape == "object" else self.cls if on_self else None
        if name.known and isinstance(name.const, str):
            if cls and self.a.method(cls, name.const) is not None:
                return Value(shape="candidates", entries=((0, Value(name=f"{cls}.{name.const}")),))
            return Value(name=f"{owner.name}.{name.const}" if owner.name else "", taint=owner.taint)
        pieces = name.pieces or ()
        prefix = pieces[0] if pieces and isinstance(pieces[0], str) else None
        if cls and prefix is not None:
            found = sorted(m for c, m in self.a.methods if c == cls and m.startswith(prefix))
            methods = tuple(
                (i, Value(name=f"{cls}.{m}")) for i, m in enumerate(found[:MAX_CANDIDATES])
            )
            if methods:
                return Value(shape="candidates", entries=methods)
        # the name chose which attribute: what it holds is the object's, not the name's
        return Value(taint=owner.taint)

    def dynamic_call(self, node: ast.Call, callee: Value, env: Env, depth: int) -> Value:
        """A call of a function chosen at run time among candidates the code shows (a handler
        table, `getattr(self, "on_" + kind)`), or of a `functools.partial`: each followed, the
        results joined."""
        args = []
        for arg in node.args:
            if not isinstance(arg, ast.Starred):
                args.append(self.eval(arg, env, depth))
            else:  # `*args`: its items where the code shows them, else nothing known
                spread = self.eval(arg.value, env, depth)
                items = [(k, v) for k, v in spread.entries or () if isinstance(k, int)]
                args += [v for _, v in sorted(items, key=lambda item: item[0])]
        kwargs: Dict[str, Value] = {}
        for kw in node.keywords:
            value = self.eval(kw.value, env, depth)
            if kw.arg is not None:
                kwargs[kw.arg] = value
            else:  # `**kwargs`: the keywords the code stored in it
                kwargs.update(named_entries(value, partly=True) or {})
        if callee.shape == "partial":
            bound = [
                v
                for k, v in sorted(callee.entries or (), key=lambda e: str(e[0]))
                if isinstance(k, int)
            ]
            args = bound + args
            # keywords the call gives replace those bound (`partial(XMLParser, huge_tree=True)`)
            given = {kw.arg: kw.value for kw in node.keywords if kw.arg}
            kept = {k: v for k, v in callee.entries or () if isinstance(k, str) and k not in given}
            kwargs = {**kept, **kwargs}
            candidates = [callee.name]
            if not self.a.functions.get(callee.name) and "." in callee.name:
                # a library function with arguments bound: its sinks see them all, the bound
                # ones reported at this call
                arg_nodes: List[ast.AST] = [node] * len(bound) + list(node.args)
                nodes: Dict[str, ast.AST] = {**dict.fromkeys(kept, node), **given}
                self.call_sinks(
                    node,
                    callee.name,
                    arg_nodes + [nodes[k] for k in kwargs],
                    args + list(kwargs.values()),
                    nodes,
                    env,
                    node=node,
                    kwargs=kwargs,
                    positional=len(args),
                )
                made = call_library(self, node, callee.name, args, kwargs)
                if made is not None:
                    return made
                sanitizer = self.a.models.sanitizer_for(callee.name)
                if sanitizer is not None and _sanitizes(callee.name, args, kwargs):
                    # `esc = partial(html.escape, quote=True)`: the model's sanitizer
                    taint = join_all(args + list(kwargs.values()))
                    return _sanitized(node, sanitizer, taint, callee.name)
        else:
            candidates = [v.name for _, v in callee.entries or () if v.name][:MAX_CANDIDATES]
        out: Optional[Value] = None
        for name in candidates:
            local = self.a.functions.get(name) or (
                self.a.method(*name.split(".", 1)) if name.count(".") == 1 else None
            )
            if local is None:
                continue
            # a method is called on the instance the code holds (`self` in a method)
            args_here = [env.get("self", CLEAN), *args] if self.a.class_of.get(local) else args
            result = self.local_call(node, local, args_here, kwargs, self.a)
            out = join(out, result)
        return out or Value(taint=join_all(args + list(kwargs.values())))

    def call_on_each(
        self, node: ast.Call, objects: Value, method: str, env: Env, depth: int
    ) -> Value:
        """`obj.run(x)` where `obj` is an instance of one of several classes (a factory's
        choice): the method of each class followed, the results joined."""
        args = [self.eval(a, env, depth) for a in node.args]
        kwargs = {kw.arg: self.eval(kw.value, env, depth) for kw in node.keywords if kw.arg}
        out: Optional[Value] = None
        for _, instance in (objects.entries or ())[:MAX_CANDIDATES]:
            owner, local = self.a, None
            if instance.name.count(".") == 0:
                local = self.a.method(instance.name, method)
            elif self.a.project is not None and self.a.project.follows(
                f"{instance.name}.{method}", [instance, *args, *kwargs.values()]
            ):
                found = self.a.project.resolve(f"{instance.name}.{method}")
                if found is not None:
                    owner, local = found
            if local is not None:
                out = join(out, self.local_call(node, local, [instance, *args], kwargs, owner))
        return out or Value(taint=join_all(args + list(kwargs.values())))

    def construct(
        self,
        node: ast.expr,
        owner: FileAnalysis,
        cls: ast.ClassDef,
        qual: str,
        args: List[Value],
        kwargs: Dict[str, Value],
    ) -> Value:
        """An instance of a class of the scan: the attributes its `__init__` stores."""
        if cls.name in enum_classes(owner.tree):
            # `OutputFormat(target)`: one of the Enum's members, or ValueError
            return Value(pieces=(None,), shape=FIXED, name=qual)
        fresh = Value(entries=(), shape="object", name=qual)
        init = owner.method(cls.name, "__init__")
        if init is None:
            fields = _declared_fields(cls)
            if fields:
                # a dataclass or NamedTuple: its generated __init__ stores each field given,
                # and a constant default for one left out (`secure: bool = False`)
                names = [name for name, _ in fields]
                given = list(zip(names, args)) + [(k, v) for k, v in kwargs.items() if k in names]
                for name, default in fields[len(args) :]:
                    default = _field_default(default)
                    if name not in kwargs and default is not None:
                        value = owner.module_value(default)
                        if value.known:
                            given.append((name, value))
                built = replace(fresh, entries=tuple((("attr", k), v) for k, v in given))
                check = owner.method(cls.name, "__post_init__")
                if check is None:
                    return built
                # `__post_init__` runs on the fields: a field it rejects raises, so one past
                # it holds what its tests let through (`if self.kind not in KINDS: raise`)
                return self.after_method(node, check, owner, built, [built], {})
            if _external_base(cls, owner):
                # `BookForm(request.POST)`: a library's __init__ keeps what it is given (the
                # form's cleaned_data is the request's data), as an unknown call's result does
                kept = join_all(args + list(kwargs.values()))
                if kept is None:
                    return fresh
                return replace(
                    fresh,
                    taint=kept.inexact(),
                    entries=_cleaned(owner, cls, kept.inexact(), self.depth + 1),
                )
            return fresh
        summary = owner.summary(init, self.depth + 1)
        if summary is None:
            return fresh
        # `Job(command)` whose __init__ runs the command: reported here, as a call of it is
        defaults = owner.defaults(init)
        known = dict(
            enumerate(self.fields_known(v) for v in _bound(init, [fresh, *args], kwargs, defaults))
        )
        self.passed_to_sinks(
            node, cls.name, summary, known, owner.path if owner is not self.a else "", (owner, init)
        )
        if summary.self_out is None:
            return fresh
        actual = dict(enumerate(_bound(init, [fresh, *args], kwargs, defaults)))
        # the object is what its attributes hold, not the stand-in taint `self` started with
        self_out = replace(summary.self_out, taint=None, pieces=None)
        if owner is not self.a:
            self_out = relocated(self_out, owner.path)
        built = substitute(self_out, actual, _step(node, f"stored by `{cls.name}()`"))
        return replace(built, shape="object", name=qual, entries=built.entries or ())

    def store_on_receiver(
        self,
        node: ast.Call,
        method: ast.AST,
        owner: FileAnalysis,
        receiver: Value,
        args: List[Value],
        kwargs: Dict[str, Value],
        env: Env,
        held_by: str = "",
    ) -> None:
        """`holder.put(x)` of a local object: what the method stores on `self` is on it (the
        variable `held_by` when the call does not name it: `super().__init__(x)`)."""
        updated = self.after_method(node, method, owner, receiver, args, kwargs)
        if updated is not receiver and held_by:
            env[held_by] = updated
        elif updated is not receiver:
            store_receiver(node, env, updated)

    def after_method(
        self,
        node: ast.expr,
        method: ast.AST,
        owner: FileAnalysis,
        receiver: Value,
        args: List[Value],
        kwargs: Dict[str, Value],
    ) -> Value:
        """`receiver` as a call of `method` on it (`args` start with it) leaves it: with what
        the method stores on `self`, and what its tests showed of `self`'s attributes."""
        summary = owner.summary(method, self.depth + 1)
        if summary is None or summary.self_out is None or not summary.self_out.entries:
            return receiver
        actual = dict(enumerate(_bound(method, args, kwargs, owner.defaults(method))))
        stored = replace(summary.self_out, taint=None, pieces=None)
        if owner is not self.a:
            stored = relocated(stored, owner.path)
        name = getattr(method, "name", "?")
        stored = substitute(stored, actual, _step(node, f"stored by `{name}()`"))
        updated = receiver
        for key, part in stored.entries or ():
            if key is not REST and part != receiver.entry(key):
                updated = updated.with_entry(key, part)
        return updated

    def local_call(
        self,
        node: ast.expr,
        local: ast.AST,
        args: List[Value],
        kwargs: Dict[str, Value],
        owner: Optional[FileAnalysis] = None,
    ) -> Optional[Value]:
        owner = owner or self.a
        summary = owner.summary(local, self.depth + 1)
        if summary is None:
            return None
        elsewhere = owner.path if owner is not self.a else ""
        bound = _bound(local, args, kwargs, owner.defaults(local))
        actual = dict(enumerate(self.fields_known(v) for v in bound))
        name = getattr(local, "name", "?")
        self.passed_to_sinks(node, name, summary, actual, elsewhere, (owner, local))
        if not elsewhere:
            for index, qual in summary.param_calls:
                passed = actual.get(index)
                taint = passed.all_taint() if passed is not None else None
                if _remote(taint):
                    self.a.external(qual, at_sink=False)
                self.note_param_calls(taint, qual)
        self.stores_into_arguments(node, summary, actual, name, elsewhere)
        step = _step(node, f"returned by `{name}()`")
        special = owner.specialized(local, actual, self.depth + 1)
        given: Optional[Value] = None
        for way in special or summary.return_ways or (summary.returns,):
            if way is not None:
                way = relocated(way, elsewhere) if elsewhere else way
                if elsewhere and (method_kind(local) == "class" or is_factory(local)):
                    # a classmethod's `cls(...)`, a factory's `Service(...)`: an object the
                    # caller's calls of its methods find in the factory's module
                    way = owner.qualified(way)
                given = join(given, substitute(way, actual, step))
        return given if given is not None else CLEAN

    def stores_into_arguments(
        self, node: ast.expr, summary: Summary, actual: Dict[int, Value], name: str, elsewhere: str
    ) -> None:
        """`remember(request.session, x)` of a function storing `session[k] = x` into its
        parameter: the store is one into the session the call gives it, a sink there."""
        for index, value, stmt in summary.param_stores:
            given = actual.get(index)
            qual = f"{given.name}.__setitem__" if given is not None and given.name else ""
            sinks = self.a.models.sinks_for(qual) if qual else ()
            if not sinks:
                continue
            taint = substitute(value, actual, _step(node, f"passed to `{name}()`")).all_taint()
            if taint is None or not taint.real():
                continue
            inner: Tuple[Step, ...] = (_step(stmt, f"stored into `{_short(stmt)}`", 1),)
            inner = located(inner, elsewhere) if elsewhere else inner
            for sink in sinks:
                if not taint.safe_for(sink.sink_class):
                    self.report(node, node, sink.sink_class, qual, taint, inner=inner)

    def note_passed(
        self,
        callee: str,
        sink_class: str,
        node: ast.AST,
        given: List[Value],
        taint: Optional[Taint],
        sanitized_inside: bool = False,
    ) -> None:
        """Note what a call gave a function's parameters that reach sinks (see CallerFact),
        `taint` all the input in `given`: each value fixed text, or input checked for the class
        (here, or inside the function: `sanitized_inside`), is "clean"."""
        verdict = "clean" if sanitized_inside else self.verdict(given, taint, sink_class)
        self.a.passed.append(CallerFact(callee, sink_class, getattr(node, "lineno", 0), verdict))

    def note_call_out(
        self, qual: str, node: ast.AST, args: List[Value], kwargs: Dict[str, Value]
    ) -> None:
        """Note a call of another module's function with what it gave each argument (by its
        position or keyword): the link step finds which reach the sinks of the function."""
        given = [*args, *kwargs.values()]
        spread = isinstance(node, ast.Call) and (
            any(isinstance(arg, ast.Starred) for arg in node.args)
            or any(keyword.arg is None for keyword in node.keywords)
        )
        arguments = (
            ()
            if spread
            else tuple(
                (str(key), self.verdict([value], value.all_taint(), "*"))
                for key, value in [*enumerate(args), *kwargs.items()]
            )
        )
        verdict = self.verdict(given, join_all(given), "*")
        self.a.passed.append(
            CallerFact(f"?{qual}", "*", getattr(node, "lineno", 0), verdict, arguments)
        )

    def verdict(self, given: List[Value], taint: Optional[Taint], sink_class: str) -> str:
        """What values given a function say of its sinks of a class (see CallerFact)."""
        if taint is None:
            return "clean" if all(map(fixed_text, given)) else "unknown"
        if taint.safe_for(sink_class):
            return "clean"
        if (
            self.summary is not None
            and not self.is_module
            and all(kind.startswith(PARAM_PREFIX) for kind in taint.kinds)
        ):
            return f"via:{function_id(self.a, self.func)}"
        return "safe:" + ",".join(sorted(taint.sanitized))

    def note_param_calls(self, taint: Optional[Taint], qual: str) -> None:
        """Note in the summary the parameters whose values reach `qual`, a call the link step
        may answer: a caller giving one of them input marks the call for it."""
        if taint is None or self.summary is None:
            return
        for kind in taint.kinds:
            if kind.startswith(PARAM_PREFIX):
                self.summary.param_calls.add((param_of(kind)[0], qual))

    def passed_to_sinks(
        self,
        node: ast.expr,
        name: str,
        summary: Summary,
        actual: Dict[int, Value],
        elsewhere: str,
        callee: Tuple[FileAnalysis, ast.AST],
    ) -> None:
        """Report, at the call, what the arguments bring to the sinks the called function
        passes its parameters to; note what each was given (see CallerFact)."""
        for sink in summary.param_sinks:
            passed = actual.get(sink.index)
            if passed is None:
                continue
            if sink.part is not None:
                passed = part_of(passed, sink.part)
            taint = passed.all_taint()
            if not self.quiet:
                clean = sink.sink_class in sink.sanitized or "*" in sink.sanitized
                self.note_passed(
                    function_id(*callee), sink.sink_class, node, [passed], taint, clean
                )
            if (
                taint is None
                or taint.safe_for(sink.sink_class)
                or sink.sink_class in sink.sanitized
                or "*" in sink.sanitized
            ):
                continue
            hit_taint = taint.step(_step(node, f"passed to `{name}()`"))
            inner = located(sink.steps, elsewhere) if elsewhere else sink.steps
            self.report(node, node, sink.sink_class, sink.sink, hit_taint, inner=inner)

    def call_sinks(
        self,
        anchor: ast.AST,
        qual: str,
        arg_nodes: List[ast.AST],
        args: List[Value],
        keywords: Dict[str, ast.AST],
        env: Env,
        node: Optional[ast.Call] = None,
        kwargs: Optional[Dict[str, Value]] = None,
        positional: int = -1,
        receiver: Optional[Tuple[ast.AST, Value]] = None,
    ) -> None:
        if not qual or self.quiet:
            return
        sinks = self.a.models.sinks_for(qual)
        if not sinks:
            return
        kwargs = kwargs or {}
        positional = len(args) if positional < 0 else positional
        script = _shell_script(qual, args[:positional])
        if script is not None:  # `create_subprocess_exec("sh", "-c", text)`: text is a command
            self.sink_value(anchor, arg_nodes[script], args[script], "command", qual, env)
        for sink in sinks:
            refused = _refusal(sink, args[:positional], kwargs)
            if refused is not None:
                if refused:  # the code chose a safe setting: what a verdict on the call says
                    self.a.declined[anchor] = (sink.sink_class, refused)
                continue
            if sink.sink_class == "xss" and node is not None and node in self.a.retyped():
                continue  # `r = make_response(text); r.mimetype = "text/plain"`
            if sink.sink_class == "xxe" and not _entities_resolved(qual, args, kwargs, receiver):
                continue  # an lxml parse whose parser keeps external entities out
            if sink.receiver and receiver is not None:
                # `Path(name).read_text()`: the object the method is called on is the danger
                self.sink_value(anchor, receiver[0], receiver[1], sink.sink_class, qual, env)
                if not sink.args:
                    continue
            for index, (arg_node, value) in enumerate(zip(arg_nodes, args)):
                keyword = next((k for k, n in keywords.items() if n is arg_node), None)
                wanted = (
                    not sink.args
                    or (index < positional and index in sink.args)
                    or (keyword is not None and keyword in sink.args)
                )
                if not wanted:
                    continue
                slot = (arg_node, sink.sink_class)
                known = self.a.values.get(slot)
                self.a.values[slot] = (anchor, join(known[1], value) if known else value)
                if sink.sink_class == "command" and value.shape == "list" and not _shell(kwargs):
                    value = _program_part(value)
                if sink.sink_class == "log" and index and _repr_conversion(args[0], index):
                    continue  # `log.info("%r", name)`: repr() escapes line breaks
                self.sink_value(anchor, arg_node, value, sink.sink_class, qual, env)
                if sink.sink_class == "header":
                    # a Location header sends the browser where it says: a redirect too
                    target = _location(index, value, args)
                    if target is not None:
                        self.sink_value(anchor, arg_node, target, "redirect", qual, env)

    def sink_value(
        self, anchor: ast.AST, arg_node: ast.AST, value: Value, sink_class: str, sink: str, env: Env
    ) -> None:
        taint = value.all_taint()
        if taint is not None and sink_class == "command" and value.pieces is not None:
            value = quoted_again(value)  # `f"lp -t '{shlex.quote(title)}'"`
            taint = value.all_taint()
        if taint is None or taint.safe_for(sink_class):
            return
        taint = _unsafe_pieces(value, sink_class) or taint
        if all(k.startswith(TABLE_PREFIX) for k in taint.kinds) and None not in (
            value.pieces or ()
        ):
            # nothing but items of other modules' tables reaches the sink (`eval(FORMULAS[r])`):
            # the link step reads the tables, and may find only constants there
            for kind in taint.kinds:
                self.a.external(kind[len(TABLE_PREFIX) :], at_sink=True)
        if sink_class in ("redirect", "ssrf"):
            if _fixed_host(value, sink_class):
                return  # "/items/" + x, API + "/v1/" + x: the input cannot choose the host
            # what chooses the host is the URL's first input (`base + "?q=" + term`: base),
            # the one its path shows and a helper's summary names
            taint = _first_input(value, sink_class) or taint
        if sink_class in LITERAL_SINKS and between_quotes(value, sink_class):
            return  # `"//book[editor='" + name + "']"`, name matched a pattern with no quote
        if sink_class == "path" and (_below_fixed_text(value) or value.shape in _FILE_OBJECTS):
            # BASE + "/" + name, the name shown to hold no `..`; an uploaded file or a buffer
            # given where a name or a file object goes (ZipFile(upload)) names no path
            return
        self.report(anchor, arg_node, sink_class, sink, taint, checked=_checked_params(value))

    def report(
        self,
        anchor: ast.AST,
        node: ast.AST,
        sink_class: str,
        sink: str,
        taint: Taint,
        inner: Tuple[Step, ...] = (),
        checked: Optional[Dict[str, FrozenSet[str]]] = None,
    ) -> None:
        if self.quiet:
            return
        params = sorted(k for k in taint.kinds if k.startswith(PARAM_PREFIX))
        if params and self.summary is not None:
            for kind in params:
                index, part = param_of(kind)
                # what this parameter was checked for, where the text keeps its pieces apart
                # (`f"{clean(user)} {ip}"`: the user's check is not undone by the ip beside it)
                sanitized = (checked or {}).get(kind, taint.sanitized)
                if sink_class in sanitized or "*" in sanitized:
                    continue
                self.summary.param_sinks.append(
                    ParamSink(
                        index,
                        sink_class,
                        sink,
                        sanitized,
                        tuple(s[:5] + (s[5] + 1,) + s[6:] for s in taint.trace)
                        # the steps inside a function called here end at the sink already
                        + (
                            tuple(s[:5] + (s[5] + 1,) + s[6:] for s in inner)
                            or (_step(node, f"reaches `{_sink_label(sink)}` ({sink_class})", 1),)
                        ),
                        part,
                    )
                )
        for kind in taint.kinds:
            if kind.startswith(MODEL_PREFIX):
                # a field of another module's model reaches a sink: the link step reads it
                self.a.external(kind[len(MODEL_PREFIX) :], at_sink=True)
            if kind.startswith(CALL_PREFIX):
                # what another module's function returns reaches a sink: where a helper may read
                # a (global) request, the link step must see whether that function returns it
                self.a.external(kind[len(CALL_PREFIX) :], at_sink=True, call=self.a.web)
        if taint.real():
            real = replace(taint, kinds=frozenset(k for k in taint.kinds if not stand_in(k)))
            self.a.record(SinkHit(anchor, node, sink_class, sink, real, inner))


#: programs that run their `-c` argument as a command line
SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "fish", "csh", "tcsh", "ash", "busybox"})


def _may_be_html(content_type: Optional[Value]) -> bool:
    """Whether a response whose Content-Type header holds this may be rendered as a page: no
    such header (the default is HTML), or one not known to name another type."""
    if content_type is None or not content_type.known:
        return True
    return "html" in str(content_type.const).lower()


def _location(index: int, value: Value, args: List[Value]) -> Optional[Value]:
    """The value a header sink's argument gives the Location header: the item of a headers
    mapping (`headers={"Location": url}`), or the value set after the name
    (`response["Location"] = url`, `headers.set("Location", url)`); None when it sets none."""
    if value.entries is not None:
        return _entry_named(value, "Location")
    name = args[0] if index == 1 else None
    if name is not None and name.known and str(name.const).lower() == "location":
        return value
    return None


def _written_raw(
    node: ast.AST, given: Dict[str, Value], let: FrozenSet[str], template: str
) -> Optional[Taint]:
    """The input of a template's context that the template writes unescaped (`let` names what
    it so writes), its path stepping through the rendering at `node`; None when none is."""
    raw = join_all(_unescaped_parts(given, let)) if let else None
    step = _step(node, f"written unescaped by the template `{template}`")
    return raw.step(step) if raw is not None else None


def _unescaped_parts(given: Dict[str, Value], let: FrozenSet[str]) -> Iterator[Value]:
    """The values of a template's context it writes unescaped: a whole value, or one part of
    it (`post.html`: the `html` item or attribute of `post`, when `post` keeps it apart)."""
    for key, value in given.items():
        if EVERY in let or key in let:
            yield value
            continue
        for name in let:
            head, _, part = name.partition(".")
            if head != key:
                continue
            if value.entries is None or not part:
                yield value
                continue
            held = value.entry(part) or value.entry(("attr", part)) or value.entry(REST)
            if held is not None:
                yield held


#: Starlette's (and FastAPI's) `templates.TemplateResponse(request, name, context)`
_REQUEST_FIRST = frozenset(
    f"{package}.templating.Jinja2Templates.TemplateResponse" for package in ("starlette", "fastapi")
)
_FLASK_RENDERERS = frozenset(
    {"flask.render_template", "flask.templating.render_template", "flask.stream_template"}
)
#: template renderers by name: (position and keyword of the template's name, position and
#: keyword of the context; no position: the keywords are the context)
_RENDERERS: Dict[str, Tuple[int, str, Optional[int], str]] = {
    **dict.fromkeys(_FLASK_RENDERERS, (0, "template_name_or_list", None, "")),
    **dict.fromkeys(STRING_TEMPLATES, (0, "source", None, "")),
    "django.shortcuts.render": (1, "template_name", 2, "context"),
    "django.template.loader.render_to_string": (0, "template_name", 1, "context"),
    "django.template.response.TemplateResponse": (1, "template", 2, "context"),
    "aiohttp_jinja2.render_template": (0, "template_name", 2, "context"),
    "aiohttp_jinja2.render_string": (0, "template_name", 2, "context"),
    **dict.fromkeys(_REQUEST_FIRST, (1, "name", 2, "context")),
    # a template made from text the code holds: no name, the context first
    "django.template.Template.render": (-1, "", 0, "context"),
    "django.template.base.Template.render": (-1, "", 0, "context"),
}
#: renderers that give the response itself: the page goes to the client from there
_RESPONDING_RENDERERS = frozenset(
    {
        "django.shortcuts.render",
        "django.template.response.TemplateResponse",
        "aiohttp_jinja2.render_template",
        *_REQUEST_FIRST,
    }
)


#: values that are open files, not names: an upload (`request.files["a"]`), an io buffer
_FILE_OBJECTS = frozenset({"upload", "upload:django", "buffer"})
_PATH = frozenset({"path"})


#: calls taking the program and its argument list as separate arguments: (the position of
#: the program, the position where the argument list starts)
_ARGV_CALLS = {
    **dict.fromkeys(
        ("asyncio.create_subprocess_exec", "asyncio.subprocess.create_subprocess_exec"), (0, 0)
    ),
    **dict.fromkeys(("os.execl", "os.execle", "os.execlp", "os.execlpe"), (0, 1)),
    **dict.fromkeys(("os.spawnl", "os.spawnle", "os.spawnlp", "os.spawnlpe"), (1, 2)),
}


def _shell_script(qual: str, args: List[Value]) -> Optional[int]:
    """The position of the command line a shell is given with `-c` by a call of _ARGV_CALLS
    (`os.execl("/bin/sh", "sh", "-c", text)`), or None."""
    where = _ARGV_CALLS.get(qual)
    if where is None or len(args) <= where[1] + 2:
        return None
    return where[1] + 2 if _shell_with_script(args[where[0]], args[where[1] + 1]) else None


def _shell_with_script(program: Value, flag: Optional[Value]) -> bool:
    """Whether a program and its first argument start a shell on a command line (`sh -c`)."""
    name = (
        program.const.rsplit("/", 1)[-1] if program.known and isinstance(program.const, str) else ""
    )
    return name in SHELLS and flag is not None and flag.known and flag.const == "-c"


def _program_part(argv: Value) -> Value:
    """What is dangerous in an argument list run without a shell: the program itself, and the
    command line of a shell started with `-c` (`["sh", "-c", text]`)."""
    first = argv.entry(0)
    if first is None:
        return argv
    if _shell_with_script(first, argv.entry(1)):
        script = argv.entry(2)
        return script if script is not None else argv
    return first


_CONVERSIONS = lazy(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")


def _repr_conversion(message: Value, index: int) -> bool:
    """Whether positional argument `index` of a logging call is formatted with %r."""
    if not message.known or not isinstance(message.const, str):
        return False
    kinds = [c for c in _CONVERSIONS.findall(message.const) if c != "%"]
    return index - 1 < len(kinds) and kinds[index - 1] in ("r", "a")


#: sinks whose text takes values between quotes: SQL and XPath string literals
LITERAL_SINKS = frozenset({"sql", "xpath"})


def between_quotes(value: Value, sink_class: str) -> bool:
    """Whether every piece of input unsafe for the sink is text that cannot leave a quoted
    literal (see patterns.QUOTED) put by the code's own text between two of the same quote."""
    pieces = value.pieces
    if pieces is None or not _all_in_pieces(value):
        return False
    for at, piece in enumerate(pieces):
        if not isinstance(piece, Taint) or piece.safe_for(sink_class):
            continue
        before = pieces[at - 1] if at else None
        after = pieces[at + 1] if at + 1 < len(pieces) else None
        if not (
            QUOTED in piece.sanitized
            and isinstance(before, str)
            and isinstance(after, str)
            and before[-1:] in ("'", '"')
            and after[:1] == before[-1:]
        ):
            return False
    return True


def quoted_again(value: Value) -> Value:
    """A command's text with its pieces quoted for the shell (shlex.quote) that the code's own
    text puts inside quotes again counted as unquoted: the quoting is undone (a quote in the
    input, which the first quoting wrapped in quotes of its own, now closes the code's)."""
    quote = ""  # the shell's quote open at this point of the text
    pieces: List[Any] = []
    undone = False
    for piece in value.pieces or ():
        if isinstance(piece, str):
            escaped = False
            for char in piece:
                if escaped:
                    escaped = False
                elif char == "\\" and quote != "'":
                    escaped = True
                elif char in "'\"" and quote in ("", char):
                    quote = "" if quote else char
        elif isinstance(piece, Taint) and quote and "command" in piece.sanitized:
            piece = piece.unsanitize(frozenset({"command"}))
            undone = True
        pieces.append(piece)
    if not undone or value.taint is None:
        return value
    return replace(
        value, pieces=tuple(pieces), taint=value.taint.unsanitize(frozenset({"command"}))
    )


def _unsafe_pieces(value: Value, sink_class: str) -> Optional[Taint]:
    """The taint of a text's pieces that are not safe for the sink, where the text is all
    its pieces: `ROOT + "/" + secure_filename(name)` with ROOT from the environment is the
    environment's path, not the request's."""
    if value.pieces is None or not _all_in_pieces(value):
        return None
    unsafe: Optional[Taint] = None
    for piece in value.pieces:
        if isinstance(piece, Taint) and not piece.safe_for(sink_class):
            unsafe = join_taint(unsafe, piece)
    return unsafe


def _all_in_pieces(value: Value) -> bool:
    """Whether a text's pieces hold all its input (no entries, no taint beside them)."""
    if value.entries is not None:
        return False
    held = {
        kind for piece in value.pieces or () if isinstance(piece, Taint) for kind in piece.kinds
    }
    return value.taint is None or value.taint.kinds <= held


def _chosen(piece: Taint, sink_class: str) -> bool:
    """Whether a piece of input counts as text the code chose: made safe for the sink, or what
    a call given nothing of the input returned (`admin_reverse(name)` of another module)."""
    return piece.safe_for(sink_class) or calls_only(piece)


def _first_input(value: Value, sink_class: str) -> Optional[Taint]:
    """The first piece of a URL's text that holds input unsafe for the sink (None when the
    text is not known piece by piece, or no piece is)."""
    if value.entries is not None:
        return None
    for piece in value.pieces or ():
        if isinstance(piece, Taint) and not _chosen(piece, sink_class):
            return piece
    return None


def _fixed_host(value: Value, sink_class: str) -> bool:
    """Whether a URL's text before the first piece of input already fixes where it goes (input
    made safe for the sink, `reverse(name, kwargs=...)`, counts as text the code chose)."""
    return fixes_host(chosen_prefix(value, lambda piece: _chosen(piece, sink_class)))


def _below_fixed_text(value: Value) -> bool:
    """Whether every piece of input in a path comes after text the code chose and holds no
    `..` (or is safe for paths anyway): it cannot leave the directory that text names."""
    before = ""
    for piece in value.pieces or ():
        if isinstance(piece, Taint):
            below = before.strip("/") != ""  # "/" + name may name any file
            if not (piece.safe_for("path") or (below and piece.safe_for(NO_DOTS))):
                return False
        else:
            before += piece if isinstance(piece, str) else "\0"
    return before != ""


#: how a path's first step names the kind of input it starts from
SOURCE_TEXT = {"remote": "user input", "local": "local input", "env": "an environment variable"}


#: methods only a form bound to the request has (Flask-WTF's FlaskForm), and what such a
#: form becomes once one is called on it
_BINDS_REQUEST_FORM = frozenset({"validate_on_submit"})
BOUND_FORM = "form:request"
#: WTForms fields whose data, once validated, the client cannot shape: numbers, dates,
#: booleans, and the choices of a select or radio field (validated against them by default)
_CHECKED_FIELDS = frozenset(
    {
        "IntegerField", "DecimalField", "FloatField", "BooleanField", "DateField",
        "DateTimeField", "DateTimeLocalField", "TimeField", "MonthField", "IntegerRangeField",
        "DecimalRangeField", "SelectField", "RadioField", "SelectMultipleField",
    }
)  # fmt: skip


def _read(kind: str, node: ast.AST) -> Value:
    """The value a source gives, its path starting here."""
    text = f"{SOURCE_TEXT.get(kind, 'untrusted input')} from `{_short(node)}`"
    return tainted(Taint(frozenset({kind}), trace=(_step(node, text),)))


def _request_read(request: Value, attr: str, node: ast.AST) -> Optional[Value]:
    """`request.GET`, `request.text()`: the input a request parameter's attribute holds."""
    if not request.shape.startswith("request:"):
        return None
    return _request_attribute(request, attr, _step(node, f"user input from `{_short(node)}`"))


def _request_attribute(request: Value, attr: str, step: Step) -> Optional[Value]:
    """What `request.attr` holds, read where `step` says; None for an attribute no input is."""
    _, kind, attrs = request.shape.split(":", 2)
    if attr not in attrs.split(","):
        return None
    safe = _SAME_SITE if attr in _SAME_SITE_ATTRS else frozenset()
    if attr in _PERCENT_ENCODED:
        safe |= LINE_BREAK_SINKS
    read = tainted(Taint(frozenset({kind}), safe, (step,)))
    if attr in ("match_info", "path_params") and request.entries:
        # the keys the route's patterns or converters constrain: input still, harmless for
        # some classes (for every one, where the route converts it to a number)
        checked = tuple(
            (key[1], tainted(Taint(frozenset({kind}), frozenset(held.name.split(",")), (step,))))
            for key, held in request.entries
            if isinstance(key, tuple) and key[0] == attr and held.shape == PATTERN
        )
        if checked:
            return Value(entries=(*checked, (REST, read)), shape="dict")
    return _request_part(attr, read)


#: the WSGI environment's (Django's request.META's) entries the server sets, not the client:
#: the peer's address and the server's own name and port; and the token Django's CSRF
#: middleware keeps there (the cookie's, once checked to be letters and digits, or a new one)
_SERVER_KEYS = ("REMOTE_ADDR", "SERVER_NAME", "SERVER_PORT", "CSRF_COOKIE")


def _request_part(attr: str, read: Value) -> Value:
    """What a request's attribute holds: input, but for the entries of `request.META` /
    `request.environ` the server sets; `request.files["a"]` is an uploaded file (its name
    and content the client's, itself no path)."""
    if attr in _UPLOADS:
        upload = replace(read, shape=_UPLOADS[attr])
        return Value(entries=((REST, upload),), shape="dict")
    if attr not in ("META", "environ"):
        return read
    entries = tuple((key, CLEAN) for key in _SERVER_KEYS) + ((REST, read),)
    return Value(entries=entries, shape="dict")


#: a request's mapping of uploaded files (Flask, Django), and the shape of one
_UPLOADS = {"files": "upload", "FILES": "upload:django"}

#: a request's own path: a redirect to it stays on the site it came to
#: the URL the browser asked for, whole (scheme and host first), or its host (Flask's,
#: Starlette's, aiohttp's request): not its path alone, which may be `//evil.example`
_OWN_ADDRESS = frozenset({"url", "base_url", "url_root", "host", "host_url"})
_SAME_SITE_ATTRS = (
    frozenset(
        {
            "path",
            "path_info",
            "get_full_path",
            "get_full_path_info",
            "get_host",
            "build_absolute_uri",
        }
    )
    | _OWN_ADDRESS
)  # get_host(), build_absolute_uri(): Django checks the host against ALLOWED_HOSTS
_SAME_SITE = frozenset({"redirect"})
#: Django's whole address of the request, its path and query percent-encoded (escape_uri_path,
#: iri_to_uri): no line break is left in it, unlike `request.path`, which is decoded
_PERCENT_ENCODED = frozenset({"get_full_path", "get_full_path_info", "build_absolute_uri"})


#: sink classes whose calls give back the data they were given (Markup(x), text(q), eval(x),
#: pickle.loads(x), Template(x)); the others' results are new data
_PASS_ON = frozenset({"xss", "sql", "code", "deserialization", "template"})


#: SQL sinks that run the query: what they give back is the database's answer (rows, a
#: cursor), not the text they were given, unlike text(q) or Markup(x)
_RUNS_QUERY = frozenset(
    {
        "execute",
        "executemany",
        "executescript",
        "fetch",
        "fetchrow",
        "fetchval",
        "fetch_all",
        "fetch_one",
        "fetch_val",
        "iterate",
        "callproc",
        "raw",
    }
)


#: the start of a SQL statement (after blanks): where built text is remembered for B608
_SQL_START = lazy(r"\s*(?:select|insert|update|delete|with|replace|merge)\b", re.I)


def _candidates(table: Value) -> Optional[Value]:
    """A table of functions read with a key not known: every function in it may be called;
    of objects (`COMMANDS = {"start": Start(), ...}`): any of them, each class's methods."""
    parts = held_values(table)
    if parts and all(v.shape == "function" and v.name for v in parts):
        return Value(shape="candidates", entries=tuple(enumerate(parts[:MAX_CANDIDATES])))
    if parts and all(v.shape in ("object", "objects") and v.all_taint() is None for v in parts):
        one: Optional[Value] = None
        for part in parts[:MAX_CANDIDATES]:
            one = join(one, part)
        return one
    return None


def _checked_params(value: Value) -> Optional[Dict[str, FrozenSet[str]]]:
    """{parameter stand-in: the classes every piece of text holding it was checked for}, for
    text kept in pieces; None for any other value."""
    if not value.pieces:
        return None
    checked: Dict[str, FrozenSet[str]] = {}
    for piece in value.pieces:
        if isinstance(piece, Taint):
            for kind in piece.kinds:
                if kind.startswith(PARAM_PREFIX):
                    known = checked.get(kind)
                    checked[kind] = (
                        piece.sanitized if known is None else safe_in_both(known, piece.sanitized)
                    )
    return checked


def _real(taint: Optional[Taint]) -> bool:
    return taint is not None and taint.real()


def _handlers(prefix: str) -> Dict[type, Any]:
    """FunctionRun's methods for the node classes they handle (`s_If`, `e_Call`), by class."""
    return {
        node_type: getattr(FunctionRun, f"{prefix}{node_type.__name__}")
        for node_type in vars(ast).values()
        if isinstance(node_type, type)
        and issubclass(node_type, ast.AST)
        and hasattr(FunctionRun, f"{prefix}{node_type.__name__}")
    }


_STATEMENTS = _handlers("s_")
_EXPRESSIONS = _handlers("e_")


def _sink_label(sink: str) -> str:
    if sink.startswith("?."):
        sink = sink[2:]
    return sink.replace(".__setitem__", "[…] =") if sink.endswith("__setitem__") else f"{sink}()"


def _value_of(stmt: ast.AST) -> Optional[ast.AST]:
    return getattr(stmt, "value", None)


def _last(node: ast.AST) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return "?"


def _shell(kwargs: Dict[str, Value]) -> bool:
    shell = kwargs.get("shell")
    return shell is not None and (not shell.known or bool(shell.const))


def _cleaned(
    owner: FileAnalysis, cls: ast.ClassDef, given: Taint, depth: int
) -> Tuple[Tuple[Any, Value], ...]:
    """A form's `cleaned_data` (a serializer's `validated_data`) item by item, where the class
    (or a class of its file it inherits from) declares fields that admit no harmful text (an
    `IntegerField`'s value is a number, whatever the request held) or cleans a field itself:
    `clean_<field>()` gives the field's value, checked as its returns show (on top of what
    the field's type checked)."""
    fields: Dict[str, FrozenSet[str]] = {}
    for name in reversed(owner.lineage(cls.name)):
        fields.update(form_fields(owner.classes[name]))
        for owner_class, method in owner.methods:
            if owner_class == name and method.startswith(_CLEAN_PREFIX):
                # `clean_<field>()` runs after the field's own checks: they still hold
                fields.setdefault(method[len(_CLEAN_PREFIX) :], frozenset())
    if not fields:
        return ()
    # a declared field holds the request's text exactly (HIGH), as the framework checked it;
    # an undeclared one may be filled by code the analysis does not see (MEDIUM)
    declared = replace(given, exact=True)
    items: List[Tuple[Any, Value]] = []
    for name, classes in fields.items():
        cleaner = owner.method(cls.name, _CLEAN_PREFIX + name)
        summary = owner.summary(cleaner, depth) if cleaner is not None else None
        returned = summary.returns if summary is not None else None
        if returned is not None:
            taint = returned.all_taint()
            if taint is None:  # what the method returns holds nothing of the request's
                items.append((name, Value(shape=returned.shape)))
                continue
            if not taint.real():  # the field as the form got it (a stand-in), checked so
                classes = classes | taint.sanitized
        items.append(
            (
                name,
                Value(
                    taint=declared.sanitize(classes),
                    shape="number" if classes == EVERYWHERE else "",
                ),
            )
        )
    cleaned = Value(entries=(*items, (REST, Value(taint=given))), shape="dict")
    return (("attr", "cleaned_data"), cleaned), (("attr", "validated_data"), cleaned)


#: a form's method that cleans one field: `clean_email()` gives `cleaned_data["email"]`
_CLEAN_PREFIX = "clean_"


def _external_base(cls: ast.ClassDef, owner: FileAnalysis) -> bool:
    """Whether the class inherits from a class that is neither `object` nor of its file."""
    return any(
        not (isinstance(base, ast.Name) and (base.id in owner.classes or base.id == "object"))
        for base in cls.bases
    )


def _item_named(mapping: Value, name: str) -> Optional[Value]:
    """The item of a mapping whose constant key is `name` in any case; unknown (applying)
    when the mapping's keys are not all known, None when it surely has no such item."""
    if mapping.entries is None or mapping.entry(REST) is not None:
        return Value()
    return _entry_named(mapping, name)


def _entry_named(mapping: Value, name: str) -> Optional[Value]:
    """The entry of a mapping under the constant key `name`, compared in any case (HTTP
    header names)."""
    wanted = name.lower()
    return next(
        (v for k, v in mapping.entries or () if isinstance(k, str) and k.lower() == wanted), None
    )


def _unfixed_globals(tree: ast.Module, env: Env) -> Env:
    """The module's names as its functions see them: a name a function rebinds (`global
    LAST; LAST = term`) holds whatever some call stored, not the value the module gave it."""
    rebound = {
        name
        for node in _statements(tree)
        if isinstance(node, ast.Global)
        for name in node.names
        if name in env
    }
    if not rebound:
        return env
    return {name: Value() if name in rebound else value for name, value in env.items()}


#: Django's registry of the template backends settings configure
_ENGINE_REGISTRIES = frozenset({"django.template.engines", "django.template.utils.engines"})


#: what a bound form (a serializer) holds validated
_CLEANED = frozenset({"cleaned_data", "validated_data"})


#: argparse's (and optparse's) parses: a namespace of the options declared
_OPTION_PARSES = frozenset(
    {
        "argparse.ArgumentParser.parse_args",
        "argparse.ArgumentParser.parse_known_args",
        "optparse.OptionParser.parse_args",
    }
)


def _holds_input(value: Value) -> bool:
    taint = value.taint
    return taint is not None and not all(stand_in(kind) for kind in taint.kinds)


def _calls_super(func: ast.expr) -> bool:
    """Whether a call's function is a method of `super()`."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
    )


#: markup that escapes text joined to it (`Markup("<p>") + text`), by the name its values carry
_MARKUP = frozenset({"markupsafe.Markup", "jinja2.Markup", "jinja2.utils.Markup", "flask.Markup"})
_XSS = frozenset({"xss"})


#: conversions that raise on text that is not a number (or a UUID): called for that alone,
#: the text they accept holds no quote, separator, markup or shell character
_CHECKING_CONVERSIONS = frozenset(
    {"int", "float", "complex", "decimal.Decimal", "fractions.Fraction", "uuid.UUID"}
)


#: Django's validators, each raising ValidationError on text it does not accept: what the text it
#: accepts is harmless for (an address, even one quoted, holds no line break; a slug is letters,
#: digits, "-" and "_")
_CHECKING_VALIDATORS: Dict[str, FrozenSet[str]] = {
    "django.core.validators.validate_email": LINE_BREAK_SINKS,
    "django.core.validators.validate_slug": EVERYWHERE,
    "django.core.validators.validate_unicode_slug": EVERYWHERE,
    "django.core.validators.validate_integer": EVERYWHERE,
}

#: what declares a response's media type: `r.mimetype = ...`, `r.content_type = ...`
_MEDIA_TYPE_ATTRIBUTES = ("mimetype", "content_type")


def retyped_responses(tree: ast.AST) -> FrozenSet[ast.AST]:
    """Calls whose result is assigned to a name that a later statement of the same block, before
    any return, declares a media type other than HTML: `r = make_response(text)`, then
    `r.mimetype = "text/plain"` or `r.headers["Content-Type"] = "application/json"` (Django:
    `r["Content-Type"] = ...`). The browser does not render such a body as a page."""
    found: Set[ast.AST] = set()
    for node in [tree, *_statements(tree)]:
        for block_name in ("body", "orelse", "finalbody"):
            block = getattr(node, block_name, None)
            if not isinstance(block, list):
                continue
            for at, stmt in enumerate(block):
                if not (
                    isinstance(stmt, ast.Assign)
                    and isinstance(stmt.value, ast.Call)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                ):
                    continue
                name = stmt.targets[0].id
                for later in block[at + 1 :]:
                    if isinstance(later, (ast.Return, ast.Raise)):
                        break
                    declared = _declared_media_type(later, name)
                    if declared is not None:
                        if "html" not in declared.lower():
                            found.add(stmt.value)
                        break
    return frozenset(found)


def _declared_media_type(stmt: ast.AST, name: str) -> Optional[str]:
    """The constant media type `stmt` gives the response `name`, if it gives one."""
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    ):
        return None
    target = stmt.targets[0]
    if isinstance(target, ast.Attribute):
        if _is_name(target.value, name) and target.attr in _MEDIA_TYPE_ATTRIBUTES:
            return stmt.value.value
        return None
    if not (
        isinstance(target, ast.Subscript)
        and isinstance(target.slice, ast.Constant)
        and isinstance(target.slice.value, str)
        and target.slice.value.lower() == "content-type"
    ):
        return None
    owner = target.value
    if isinstance(owner, ast.Attribute) and owner.attr == "headers":
        owner = owner.value
    return stmt.value.value if _is_name(owner, name) else None


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _entities_resolved(
    qual: str,
    args: List[Value],
    kwargs: Dict[str, Value],
    receiver: Optional[Tuple[ast.AST, Value]],
) -> bool:
    """Whether an lxml parse may resolve the document's external entities: its parser (the
    second argument or `parser=`; the object fed, for `feed`; its own keywords, for
    iterparse) resolves them, or is one the code did not make here. Other parsers' parses
    (the standard library's) are judged as Bandit judges them."""
    if qual == f"{SAX_READER}.parse":
        # the standard library's SAX reader keeps external entities out unless told otherwise
        return receiver is not None and receiver[1].shape == SAX_RESOLVING
    if not qual.startswith("lxml."):
        return True
    if qual.endswith(".feed"):
        parser = receiver[1] if receiver is not None else None
    elif qual.endswith("iterparse"):
        return resolving(kwargs)
    else:
        parser = kwargs.get("parser") or (args[1] if len(args) > 1 else None)
    if parser is None or (parser.known and parser.const is None):
        return False  # lxml's default parser
    return not parser.shape.startswith("xmlparser") or parser.shape == RESOLVING_PARSER


def _refusal(sink: Sink, args: List[Value], kwargs: Dict[str, Value]) -> Optional[str]:
    """None when the sink's conditions hold for this call; else why not: "its Loader is
    yaml.SafeLoader" where the value the code gives names one of the safe choices, "" for any
    other reason (a flag off, an argument not given)."""
    for condition in sink.when:
        value = kwargs.get(condition.keyword)
        if value is None and condition.position is not None and condition.position < len(args):
            value = args[condition.position]
        if value is not None and condition.item is not None:
            value = _item_named(value, condition.item)
        if value is None:
            if not condition.missing:
                return ""
            continue
        if condition.truthy is not None and value.known:
            if bool(value.const) != condition.truthy:
                return ""
        safe = [
            flag for flag in flag_names(value.name) if flag.rpartition(".")[2] in condition.not_in
        ]
        if safe:
            return f"its {condition.keyword} is {safe[0]}"
        if condition.contains is not None and value.known:
            if not isinstance(value.const, str) or condition.contains not in value.const.lower():
                return ""
    return None


class ProjectIndex:
    """The modules of a scan, for calls that leave a file: `resolve("app.helpers.run")` gives
    the analysis of app/helpers.py and the function's node (see engine/link.py)."""

    def resolve(self, qualname: str) -> Optional[Tuple[FileAnalysis, ast.AST]]:
        raise NotImplementedError

    def source_of(self, path: str) -> Optional[Any]:
        """The SourceFile of a module of the scan by its reported path (for columns)."""
        raise NotImplementedError

    #: the second scan of a file runs again only the functions starting on these (first, last)
    #: lines; None: every function
    rerun: Optional[Tuple[Tuple[int, int], ...]] = None

    def follows(self, qualname: str, given: Sequence[Value]) -> bool:
        """Whether a call of `qualname` given these values (the arguments, the object called
        on) is followed into its module: by default every call."""
        return True

    def constant(self, qualname: str) -> Optional[Value]:
        """What a module-level name of another module of the scan holds when the code fixes it
        (`ALLOWED_HOSTS = {"a", "b"}` in settings.py), else None."""
        return None

    def type_alias(self, qualname: str) -> Optional[Tuple["FileAnalysis", ast.expr]]:
        """The module and the annotation a type alias of another module stands for
        (`SessionDep = Annotated[Session, Depends(get_session)]`, `Sort = Literal["a", "b"]`);
        None when the name is no alias."""
        return None


def _sanitizes(qual: str, args: List[Value], kwargs: Dict[str, Value]) -> bool:
    """Whether a modelled sanitizer's call, so given, sanitizes: `html.escape(q, quote=False)`
    does not (a quote closes the attribute the text is put in)."""
    return not (qual == "html.escape" and _quotes_kept(args, kwargs))


def _quotes_kept(args: List[Value], kwargs: Dict[str, Value]) -> bool:
    """Whether `html.escape(s, quote)` is told to leave quotes as they are."""
    quote = kwargs.get("quote") or (args[1] if len(args) > 1 else None)
    return quote is not None and quote.known and not quote.const


def _chosen_among(names: Sequence[str]) -> Value:
    """A function chosen at run time among those `names` name (see FunctionRun.dynamic_call)."""
    return Value(
        entries=tuple((i, Value(name=name)) for i, name in enumerate(names)), shape="candidates"
    )


def _holds_request(value: Value) -> bool:
    """Whether a value is a request, or an object holding one (a view's `self.request`)."""
    return value.shape.startswith("request:") or any(
        part.shape.startswith("request:") for _, part in value.entries or ()
    )


def carries_input(value: Value) -> bool:
    """Whether a value holds input or a stand-in for it, or is a request (whose attributes are
    input), itself or in one of its parts."""
    if value.all_taint() is not None or value.shape.startswith("request:"):
        return True
    return any(carries_input(part) for _, part in value.entries or ())


def located(steps: Tuple[Step, ...], path: str) -> Tuple[Step, ...]:
    """Steps of another file, marked with its path (a step without one is the anchor file's)."""
    return tuple(step if len(step) > 6 else step + (path,) for step in steps)  # type: ignore[misc]


def _relocated_taint(taint: Optional[Taint], path: str) -> Optional[Taint]:
    if taint is None or not taint.trace:
        return taint
    return Taint(taint.kinds, taint.sanitized, located(taint.trace, path), taint.exact)


def relocated(value: Value, path: str) -> Value:
    """A value computed in another file, its steps marked with that file's path."""
    pieces = value.pieces
    if pieces is not None:
        pieces = tuple(_relocated_taint(p, path) if isinstance(p, Taint) else p for p in pieces)
    entries = value.entries
    if entries is not None:
        entries = tuple((k, relocated(v, path)) for k, v in entries)
    return replace(value, taint=_relocated_taint(value.taint, path), pieces=pieces, entries=entries)


def _stepped(value: Value, step: Step) -> Value:
    taint, pieces = value.taint, value.pieces
    if taint is None and pieces is None:
        return value
    return Value(
        taint.step(step) if taint is not None else None,
        value.const,
        tuple(p.step(step) if isinstance(p, Taint) else p for p in pieces)
        if pieces is not None
        else None,
        value.entries,
        value.shape,
        value.name,
    )


#: str methods that build text from a template, as `%` and f-strings do
_FORMATS = frozenset({"format", "format_map"})


def _stringish(value: Value) -> bool:
    return value.pieces is not None or (value.known and isinstance(value.const, str))


def _pairs(qual: str, args: List[Value]) -> Optional[Value]:
    """`enumerate(x)` and `zip(a, b)` as lists of tuples: a counter is a number, and each
    position of a zipped tuple is an element of its own iterable."""
    if qual in ("enumerate", "builtins.enumerate") and args:
        parts: List[Value] = [Value(shape="number"), element_of(args[0])]
    elif qual in ("zip", "builtins.zip") and args:
        parts = [element_of(arg) for arg in args]
    else:
        return None
    pair = Value(entries=tuple(enumerate(parts)), shape="tuple")
    return Value(entries=((REST, pair),), shape="list")


def element_of(value: Value) -> Value:
    """What iterating over `value` gives (a dict: its keys)."""
    if value.shape == "dict" and value.entries is not None:
        keys: Optional[Value] = None
        for key, _ in value.entries:
            if key is REST:
                keys = join(keys, rest_keys(value))
            elif key is not KEYS:
                keys = join(keys, constant(key))
        return keys or CLEAN
    if value.entries is not None:
        parts = [v for _, v in value.entries]
        out: Optional[Value] = None
        for part in parts:
            out = join(out, part)
        return out or CLEAN
    taint = value.all_taint()
    if taint is not None:
        return Value(taint=taint)
    if fixed_text(value) and (value.known or value.shape == FIXED):
        return FIXED_TEXT  # a character (or a byte) of text the code fixed
    return CLEAN


def list_concat(left: Value, right: Value) -> Value:
    """`left + right` of two lists: the right's items numbered on after the left's, or all
    kept as the rest when the left's length is not known."""
    rest = left.entry(REST)
    if rest is not None:
        return left.with_entry(REST, join(rest, element_of(right)) or rest)
    n = len([k for k, _ in left.entries or () if isinstance(k, int)])
    value = left
    for key, part in right.entries or ():
        value = value.with_entry(key + n if isinstance(key, int) else key, part)
    return value


def _part_given(argument: Value, part: Any, step: Step) -> Value:
    """What an argument holds at the part a summary's stand-in names: see values.part_of; of a
    request given (`next_url(request)` reading `request.GET`), or held by the object given
    (`self.request.GET` of a view), the input the request's attribute is, read at the call."""
    path = part[1].split(".") if isinstance(part, tuple) else []
    if len(path) == 2 and path[0] == "request":
        holder = part_of(argument, ("attr", "request"))
        if holder.shape.startswith("request:"):
            argument, path = holder, path[1:]
    if path and argument.shape.startswith("request:"):
        said = (*step[:4], f"user input from `request.{path[0]}`", *step[5:])
        read = _request_attribute(argument, path[0], said)  # type: ignore[arg-type]
        return read if read is not None else CLEAN
    return part_of(argument, part)


def substitute(returned: Value, actual: Dict[int, Value], step: Step) -> Value:
    """The value a call gives: the summary's return with parameters replaced by arguments."""

    def taint_for(taint: Optional[Taint]) -> Tuple[Optional[Taint], List[Value]]:
        if taint is None:
            return None, []
        out: Optional[Taint] = None
        used: List[Value] = []
        real = frozenset(k for k in taint.kinds if not k.startswith(PARAM_PREFIX))
        if real:
            out = replace(taint, kinds=real)
        for kind in taint.kinds - real:
            index, part = param_of(kind)
            argument = actual.get(index)
            if argument is None:
                continue
            if part is not None:
                argument = _part_given(argument, part, step)
            used.append(argument)
            carried = argument.all_taint()
            if carried is not None:
                carried = carried.sanitize(taint.sanitized)
                if not taint.exact:
                    carried = carried.inexact()
                out = join_taint(out, carried.step(step))
        return out, used

    if returned.pieces is not None:
        alone = returned.pieces[0] if len(returned.pieces) == 1 else None
        if isinstance(alone, Taint) and all(k.startswith(PARAM_PREFIX) for k in alone.kinds):
            carried, used = taint_for(alone)
            if len(used) == 1 and carried is None and used[0].name and not used[0].known:
                return used[0]  # `self.loader = loader`, given yaml.SafeLoader: that object
            if len(used) == 1 and used[0].shape == "object" and used[0].name:
                # `self.client = client`, given an object of a class of the file: that object,
                # its fields (and the input some hold) kept apart
                return used[0]
            if len(used) == 1 and carried is None and used[0].known:
                return used[0]  # the parameter alone, given a constant: it, of its own type
        pieces: list = []
        # fixed text when what the function added is and every argument it took in is
        # (`f"/srv/{doc_id}.pdf"` given a number)
        fixed = returned.shape == FIXED or None not in returned.pieces
        for piece in returned.pieces:
            if isinstance(piece, Taint):
                carried, used = taint_for(piece)
                fixed = fixed and carried is None and bool(used) and all(map(fixed_text, used))
                if (
                    len(used) == 1
                    and used[0].pieces is not None
                    and carried is not None
                    and not piece.sanitized
                    and all(kind.startswith(PARAM_PREFIX) for kind in piece.kinds)
                ):
                    # the piece is the argument alone: its own pieces (input mixed in with
                    # the parameter keeps the piece whole, as taint)
                    pieces.extend(
                        p.step(step) if isinstance(p, Taint) else p for p in used[0].pieces
                    )
                elif len(used) == 1 and used[0].known and carried is None:
                    pieces.append(str(used[0].const))
                else:
                    pieces.append(carried)
            else:
                pieces.append(piece)
        if returned.shape in _PATH_SHAPES:  # `ROOT / str(uid) / rel`: still a path
            return Value(pieces=tuple(pieces), shape=returned.shape, name=returned.name)
        joined = concat(tuple(pieces))
        return fixed_if(joined, ()) if fixed else joined
    taint, used = taint_for(returned.taint)
    entries = None
    if returned.entries is not None:
        entries = tuple((k, substitute(v, actual, step)) for k, v in returned.entries)
    if len(used) == 1 and taint is None and used[0].known:
        if used[0].const is None and returned.name and returned.shape in ("", "object"):
            # `self.users = users or Users()` given None: an object of that class
            return Value(shape="object", name=returned.name)
        return used[0]  # the parameter given back, and the argument a constant: that constant
    return Value(
        taint=taint, const=returned.const, entries=entries, shape=returned.shape, name=returned.name
    )


def slice_pieces(base: Value, lower: Value, upper: Value) -> Value:
    """`s[a:b]` on a string whose leading constant piece covers the slice stays constant."""
    pieces = base.pieces or ()
    start = lower.const if lower.known else (0 if lower == CLEAN else None)
    stop = upper.const if upper.known else None
    if pieces and isinstance(pieces[0], str) and isinstance(start, int) and isinstance(stop, int):
        if 0 <= start <= stop <= len(pieces[0]):
            return constant(pieces[0][start:stop])
    return Value(taint=base.all_taint())


_PERCENT = lazy(r"%(?:\(([^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])")


def percent_format(template: str, args: Value) -> Value:
    """`"... %s ..." % args` as pieces: each conversion takes the next argument."""
    if args.entries is not None and all(isinstance(k, int) for k, _ in args.entries):
        parts = [v for _, v in sorted(args.entries, key=lambda e: e[0])]
    else:
        parts = [args]
    pieces: list = []
    used: List[Value] = []  # the parts converted as text (numbers carry none)
    position = 0
    index = 0
    for match in _PERCENT.finditer(template):
        pieces.append(template[position : match.start()])
        key, conversion = match.group(1), match.group(2)
        if conversion == "%":
            pieces.append("%")
        else:
            if key is not None and args.entries is not None:
                # `"%(name)s" % {"name": x, ...}`: the mapping's entry of that key
                part = args.entry(key) or args.entry(REST) or smashed(args)
            else:
                part = parts[index] if index < len(parts) else CLEAN
                index += 1
            if conversion in "diouxXeEfFgGc" and part.all_taint() is None:
                pieces.append(None)
            elif conversion in "diouxXeEfFgG":
                pieces.append(None)  # a number cannot carry text
            else:
                pieces.extend(pieces_of(part))
                used.append(part)
        position = match.end()
    pieces.append(template[position:])
    return fixed_if(concat(tuple(pieces)), used)


#: builtins whose result on constants is computed (none makes a result much longer than what
#: it is given, but str() of a huge number: bounded by MAX_FOLDED_SIZE)
_PURE_BUILTINS: Dict[str, Any] = {
    name: getattr(builtins, name)
    for name in ("len", "int", "float", "str", "bool", "abs", "min", "max", "ord", "chr", "round")
}


def _fold(compute: Any) -> Optional[Value]:
    try:
        return constant(compute())
    except Exception:
        return None


_OPERATORS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b,
    ast.BitXor: lambda a, b: a ^ b,
}


def _sliced(items: Value, bounds: List[Optional[Value]]) -> Optional[Value]:
    """`items[1:]`, `items[::-1]` of a list whose every item is known by position: those
    items, numbered anew; None when a bound or a position is not known."""
    entries = items.entries or ()
    if any(not isinstance(k, int) for k, _ in entries) or any(
        b is not None and not (b.known and (b.const is None or type(b.const) is int))
        for b in bounds
    ):
        return None
    ordered = [v for _, v in sorted(entries, key=lambda e: e[0])]
    if [k for k, _ in sorted(entries, key=lambda e: e[0])] != list(range(len(ordered))):
        return None
    try:
        picked = ordered[slice(*[b.const if b is not None else None for b in bounds])]
    except ValueError:  # a step of 0
        return None
    return Value(entries=tuple(enumerate(picked)), shape=items.shape or "list")


def _unrolled_items(node: ast.For, iterable: Value) -> Optional[List[Value]]:
    """The items of a loop over at most MAX_UNROLLED_ITEMS items written in place
    (`range(3)`, `range(1, 4)`, `("a", "b")`, `["alice", name]`); None for any other loop."""
    if not _tests_its_variable(node):
        return None  # every round would do the same: the fixpoint is as precise, and cheaper
    items = node.iter
    found: List[Any]
    if isinstance(items, (ast.List, ast.Tuple)) and not all(
        isinstance(e, ast.Constant) for e in items.elts
    ):
        if len(items.elts) > MAX_UNROLLED_ITEMS or any(
            isinstance(e, ast.Starred) for e in items.elts
        ):
            return None
        values = [iterable.entry(index) for index in range(len(items.elts))]
        return [v for v in values if v is not None] if None not in values else None
    if isinstance(items, (ast.List, ast.Tuple)):
        found = [cast(ast.Constant, e).value for e in items.elts]
    else:
        span = _constant_range(items)
        if span is None or len(span) > MAX_UNROLLED_ITEMS:
            return None  # not a range of constants, or one too long to list
        found = list(span)
    if not found or len(found) > MAX_UNROLLED_ITEMS:
        return None
    return [constant(value) for value in found]


def _tests_its_variable(node: ast.For) -> bool:
    """Whether the loop's body compares its variable, tests it, or indexes with it (`if i == 2:`,
    `items[i]`): what one round does then depends on which item it is."""
    target = node.target
    if not isinstance(target, ast.Name):
        return False
    for part in node.body:
        for sub in ast.walk(part):
            if isinstance(sub, ast.Compare) and any(
                isinstance(side, ast.Name) and side.id == target.id
                for side in (sub.left, *sub.comparators)
            ):
                return True
            if isinstance(sub, (ast.If, ast.While, ast.IfExp)) and any(
                isinstance(name, ast.Name) and name.id == target.id for name in ast.walk(sub.test)
            ):
                return True  # `if len(name) == 3:`, `if name.startswith("a"):`
            if (
                isinstance(sub, ast.Subscript)
                and isinstance(sub.slice, ast.Name)
                and sub.slice.id == target.id
            ):
                return True
    return False


def _never_empty(node: ast.For) -> bool:
    """Whether the loop's iterable, as written, always has an item: `range(3)`, a literal
    `[a, b]` or `"ab"` (the body then runs at least once)."""
    items = node.iter
    if isinstance(items, (ast.List, ast.Tuple, ast.Set)):
        return bool(items.elts) and not any(isinstance(e, ast.Starred) for e in items.elts)
    if isinstance(items, ast.Constant):
        return isinstance(items.value, (str, bytes)) and bool(items.value)
    span = _constant_range(items)
    # `range(n)`, `range(a, b)`; a stepped range is left to the fixpoint
    return span is not None and len(cast(ast.Call, items).args) <= 2 and len(span) > 0


def _constant_range(items: ast.expr) -> Optional[range]:
    """`range(3)`, `range(1, 4)`, `range(0, 9, 2)` of integer constants as written; None for
    anything else (and for a step of 0, which raises)."""
    if not (
        isinstance(items, ast.Call)
        and isinstance(items.func, ast.Name)
        and items.func.id == "range"
        and not items.keywords
        and 1 <= len(items.args) <= 3
        and all(isinstance(a, ast.Constant) and type(a.value) is int for a in items.args)
    ):
        return None
    bounds = [cast(int, cast(ast.Constant, a).value) for a in items.args]
    return None if len(bounds) == 3 and bounds[2] == 0 else range(*bounds)


def _fold_binop(op: ast.operator, a: Any, b: Any) -> Optional[Value]:
    operator = _OPERATORS.get(type(op))
    if operator is None:
        if (
            isinstance(op, ast.Pow)
            and isinstance(a, int)
            and isinstance(b, int)
            and 0 <= b <= 64
            and abs(a) < 2**16
        ):
            return constant(a**b)
        return None
    if isinstance(op, ast.Mult) and isinstance(a, (str, bytes, tuple, list)) and isinstance(b, int):
        if len(a) * max(b, 0) > MAX_FOLDED_SIZE:
            return None
    if isinstance(op, ast.Mult) and isinstance(b, (str, bytes, tuple, list)) and isinstance(a, int):
        if len(b) * max(a, 0) > MAX_FOLDED_SIZE:
            return None
    if isinstance(a, int) and isinstance(b, int) and (abs(a) > 2**64 or abs(b) > 2**64):
        return None
    if isinstance(op, ast.Mod) and isinstance(a, str):
        return None  # formatting with constants: left to percent_format's pieces
    return _fold(lambda: operator(a, b))


def _fold_unary(op: ast.unaryop, a: Any) -> Optional[Value]:
    if isinstance(op, ast.Not):
        return _fold(lambda: not a)
    if isinstance(op, ast.USub):
        return _fold(lambda: -a)
    if isinstance(op, ast.UAdd):
        return _fold(lambda: +a)
    if isinstance(op, ast.Invert):
        return _fold(lambda: ~a)
    return None


_COMPARE = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Is: lambda a, b: a is b,
    ast.IsNot: lambda a, b: a is not b,
}


def _compare(ops: List[ast.cmpop], values: List[Any]) -> bool:
    for op, left, right in zip(ops, values, values[1:]):
        if not _COMPARE[type(op)](left, right):
            return False
    return True


def join_env(a: Optional[Env], b: Optional[Env]) -> Optional[Env]:
    if a is None:
        return b
    if b is None:
        return a
    out: Env = {}
    for name in a.keys() | b.keys():
        left, right = a.get(name), b.get(name)
        if name.endswith(TEST_OF):
            if left == right:  # a variable holds a test's answer only where both ways agree
                out[name] = left  # type: ignore[assignment]
            continue
        if left is None or right is None:
            # bound on one path only: the other path leaves whatever was there before
            out[name] = left or right  # type: ignore[assignment]
        else:
            out[name] = join(left, right)  # type: ignore[assignment]
    return out


def widen_env(old: Env, new: Env) -> Env:
    return {
        name: (value if old.get(name) == value else widen(value)) for name, value in new.items()
    }
