"""The abstract values of the taint interpreter: what a variable may hold at one point.

A value knows whether untrusted input may be in it (its `Taint`), its constant when the code
shows one, a string as constant and tainted pieces, and the parts of containers and objects kept
apart by constant keys. Joining two values (where branches meet) keeps what both agree on.
"""

from __future__ import annotations

from typing import Any, Callable, FrozenSet, Iterable, List, Optional, Sequence, Tuple, Union, cast

from ...records import record
from ...regex import lazy

#: a string keeps at most this many pieces; past it, it is "tainted somewhere" (no pieces)
MAX_PIECES = 32
#: a container keeps at most this many entries apart; past it, it is smashed into one value
MAX_ENTRIES = 64
#: folding stops at results this large (`"a" * 10**9`, `"a".ljust(10**9)` are not computed)
MAX_FOLDED_SIZE = 10_000
#: a path keeps at most this many steps (the source, the last steps and the sink)
MAX_TRACE = 24

#: (line, column, end line, end column, message, nesting[, path]): one step of a path, columns
#: 0-based UTF-8 offsets as ast gives them; a step in another file than the finding's carries
#: that file's path
Step = Tuple[Any, ...]


def span(node: Any) -> Tuple[int, int, int, int]:
    """Where a node stands, as a step's first four fields give it."""
    line = getattr(node, "lineno", 0) or 0
    return (
        line,
        getattr(node, "col_offset", 0) or 0,
        getattr(node, "end_lineno", None) or line,
        getattr(node, "end_col_offset", None) or 0,
    )


def encloses(outer: Sequence[int], inner: Sequence[int]) -> bool:
    """Whether the place `outer` (a span's four fields) holds the place `inner`."""
    return tuple(outer[:2]) <= tuple(inner[:2]) and tuple(inner[2:4]) <= tuple(outer[2:4])


class _Unknown:
    """The constant of a value the analysis cannot compute."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()
#: kinds of taint that stand for a function's parameters while its summary is computed
PARAM_PREFIX = "param:"
#: kinds that stand for the result of a call into another module, before the link step knows
#: what that call returns
CALL_PREFIX = "call:"
#: kinds that mark input read from a field of a model class of another module, whose field
#: declarations the link step reads
MODEL_PREFIX = "model:"
#: kinds that stand for an item of a table another module defines (`FORMULAS[rule]`), before
#: the link step reads what the table holds
TABLE_PREFIX = "table:"
_STAND_INS = (PARAM_PREFIX, CALL_PREFIX, MODEL_PREFIX, TABLE_PREFIX)


def stand_in(kind: str) -> bool:
    """Whether a taint kind stands for something not yet known (a parameter, a call's result)
    rather than for input."""
    return kind.startswith(_STAND_INS)


#: the text before the first piece of input fixes the host: a path on this site (`/items/`;
#: "/" alone does not: input starting with / or \ makes `//evil.example`, another host),
#: a scheme, host and the start of a path (`https://api.example/`), a query begun (`?next=`),
#: or text the code chose (\0) followed by a path or query
_FIXED_HOST = lazy(r"^(?:/[^/\\]|[a-zA-Z][\w+.-]*://[^/?#\\]+[/?#]|\0[^:]*[/?#]|[^\0]*\?)")


#: text the code chose, ending with a path's separator (see _FIXED_HOST)
_CHOSEN_PATH = "\0/"


def chosen_prefix(value: Value, chosen: Callable[["Taint"], bool] = lambda piece: False) -> str:
    """A text's pieces before its first piece of input (text the code chose but does not show
    as \0, and input that `chosen` counts as such); '' for a value that is not text."""
    prefix = []
    for piece in value.pieces or ():
        if isinstance(piece, Taint) and not chosen(piece):
            break
        prefix.append(piece if isinstance(piece, str) else "\0")
    return "".join(prefix)


def fixes_host(text: str) -> bool:
    """Whether a URL starting with `text` goes to a host `text` already fixes."""
    return bool(text) and _FIXED_HOST.match(text) is not None


def calls_only(taint: Optional["Taint"]) -> bool:
    """Whether a taint stands only for what calls of other modules returned (`call:` kinds),
    given nothing of the input: the program's values, not the client's."""
    return taint is not None and all(kind.startswith(CALL_PREFIX) for kind in taint.kinds)


def param_of(kind: str) -> Tuple[int, Any]:
    """The parameter a stand-in kind names, and the part of it when it names one (the key of
    its entries: ("attr", name) for an attribute, a constant for an item): `param:2` is
    (2, None), `param:0.name` (what `self.name` held when the call was made) is
    (0, ("attr", "name")), `param:1#s:user` (`kw["user"]`) is (1, "user")."""
    body = kind[len(PARAM_PREFIX) :]
    digits = len(body) - len(body.lstrip("0123456789"))
    index, rest = int(body[:digits]), body[digits:]
    if rest.startswith("."):
        return index, ("attr", rest[1:])
    if rest.startswith("#"):  # a key, which may hold any character: `#s:a.b`, `#i:3`
        return index, int(rest[3:]) if rest.startswith("#i:") else rest[3:]
    return index, None


# Values are made by the hundred thousand on a large project: plain slotted classes, not frozen
# ones (whose __init__ goes through object.__setattr__); nothing changes one after it is made


@record(slots=True)
class Taint:
    """Untrusted data: where it came from, what it has been made safe for, and how it got here."""

    kinds: FrozenSet[str]
    #: sink classes the value has been sanitized for ("*" for every class)
    sanitized: FrozenSet[str] = frozenset()
    trace: Tuple[Step, ...] = ()
    #: False once an unknown call or a smashed container was crossed (MEDIUM confidence)
    exact: bool = True

    def safe_for(self, sink_class: str) -> bool:
        return "*" in self.sanitized or sink_class in self.sanitized

    def step(self, step: Step) -> "Taint":
        trace = self.trace
        if trace and trace[-1][:2] == step[:2]:
            return self
        if len(trace) >= MAX_TRACE:
            trace = trace[:1] + trace[len(trace) - MAX_TRACE + 2 :]
        return Taint(self.kinds, self.sanitized, trace + (step,), self.exact)

    def sanitize(self, classes: FrozenSet[str]) -> "Taint":
        return Taint(self.kinds, self.sanitized | classes, self.trace, self.exact)

    def unsanitize(self, classes: FrozenSet[str]) -> "Taint":
        return Taint(self.kinds, self.sanitized - classes, self.trace, self.exact)

    def inexact(self) -> "Taint":
        return self if not self.exact else Taint(self.kinds, self.sanitized, self.trace, False)

    def real(self) -> bool:
        """Whether some kind is a real source (not only stand-ins)."""
        return any(not stand_in(k) for k in self.kinds)


#: the pseudo sink class of a path piece shown to hold no `..`
NO_DOTS = "path-no-dots"
#: the pseudo sink class of a predicate's parameter shown to lie inside a folder, were it
#: normalized (`commonpath([ROOT, path]) == ROOT`): a caller's normalized path is path-safe
INSIDE_IF_NORMALIZED = "path-if-normalized"


def join_taint(a: Optional[Taint], b: Optional[Taint]) -> Optional[Taint]:
    if a is None or a == b:
        return b
    if b is None:
        return a
    if a.real() != b.real():
        # input met a stand-in (a parameter, a call's result): the path and what the input was
        # checked for are the input's
        real = a if a.real() else b
        return Taint(a.kinds | b.kinds, real.sanitized, real.trace, a.exact and b.exact)
    trace = a.trace if len(a.trace) <= len(b.trace) else b.trace
    return Taint(
        a.kinds | b.kinds, safe_in_both(a.sanitized, b.sanitized), trace, a.exact and b.exact
    )


def safe_in_both(a: FrozenSet[str], b: FrozenSet[str]) -> FrozenSet[str]:
    """The sink classes two sets of sanitized classes share: "*" (every class) leaves the
    other's classes, not none."""
    if "*" in a:
        return b
    if "*" in b:
        return a
    return a & b


#: a piece of a string: constant text, tainted text, or None for clean text not known
Piece = Union[str, Taint, None]


@record(slots=True)
class Value:
    """What an expression or variable may hold."""

    taint: Optional[Taint] = None
    const: Any = UNKNOWN
    #: a string as constant and tainted pieces, when known
    pieces: Optional[Tuple[Piece, ...]] = None
    #: containers and objects: (constant key, value) parts kept apart; `rest` holds what was
    #: stored under keys not known
    entries: Optional[Tuple[Tuple[Any, "Value"], ...]] = None
    #: what the value is, when it matters: "dict", "list", "object", "config", "buffer",
    #: "function", "class", "number", "path", "normalized", "netloc" ...
    shape: str = ""
    #: a qualified name the value stands for (an imported module or function, a local def)
    name: str = ""

    @property
    def known(self) -> bool:
        return self.const is not UNKNOWN

    def entry(self, key: Any) -> Optional["Value"]:
        for k, v in self.entries or ():
            if k == key:
                return v
        return None

    def with_entry(self, key: Any, value: "Value") -> "Value":
        entries = tuple((k, v) for k, v in (self.entries or ()) if k != key) + ((key, value),)
        if len(entries) > MAX_ENTRIES:
            return smashed(self, value)
        taint = self.taint if key is not REST else value.taint
        return Value(taint, self.const, self.pieces, entries, self.shape, self.name)

    def rest(self) -> Optional["Value"]:
        """What a key the code has not stored under holds: the entry of keys not known, else,
        for a mapping of input given keys of the code's (`body["alias"] = "guest"`), what the
        mapping held (None when nothing is there)."""
        kept = self.entry(REST)
        if kept is None and self.taint is not None:
            return Value(taint=self.taint)
        return kept

    def all_taint(self) -> Optional[Taint]:
        """The taint of the value and of everything in it."""
        taint = self.taint
        for piece in self.pieces or ():
            if isinstance(piece, Taint):
                taint = join_taint(taint, piece)
        for _, part in self.entries or ():
            taint = join_taint(taint, part.all_taint())
        return taint


#: the shape of a folder's listing (`os.listdir(FOLDER)`): names without a separator or `..`
LISTING = "listing"

#: the shape of a request's note of what a route's pattern lets through one of its parameters
#: (aiohttp's `{tid:\d+}`): the note's name lists the sink classes it is harmless for
PATTERN = "pattern"

#: the entry key under which a container keeps what was stored under non-constant keys
REST = object()
#: the entry key under which a mapping keeps what its keys under REST may be, where the code
#: showed them (`{k: v for ...}`, `d[k] = v`); without it, such a key may be what its value is
KEYS = object()

CLEAN = Value()


def constant(value: Any) -> Value:
    if isinstance(value, str):
        return Value(const=value, pieces=(value,) if value else ())
    if isinstance(value, (int, float, complex)) and not isinstance(value, bool):
        return Value(const=value, shape="number")
    return Value(const=value)


def retainted(value: Value, change: Callable[[Taint], Taint], shape: str) -> Value:
    """The value, each taint in it (its own, its pieces', its entries') changed by `change`,
    with the given shape (its entries' own shapes kept)."""
    return Value(
        change(value.taint) if value.taint is not None else None,
        value.const,
        None
        if value.pieces is None
        else tuple(change(p) if isinstance(p, Taint) else p for p in value.pieces),
        None
        if value.entries is None
        else tuple((k, retainted(v, change, v.shape)) for k, v in value.entries),
        shape,
        value.name,
    )


def tainted(taint: Taint, shape: str = "") -> Value:
    return Value(taint=taint, pieces=(taint,), shape=shape)


def smashed(container: Value, extra: Optional[Value] = None) -> Value:
    """The container as one value: its entries merged, keys forgotten (MEDIUM confidence)."""
    taint = container.all_taint()
    if extra is not None:
        taint = join_taint(taint, extra.all_taint())
    if taint is not None:
        taint = taint.inexact()
    return Value(taint=taint, shape=container.shape)


def merged(holder: Value, other: Value) -> Value:
    """`holder.update(other)`, `{**holder, **other}`: the other's known keys replace the
    holder's; what it holds under keys the code does not know may replace any of them."""
    if holder.entries is None:
        return join(holder, smashed(other)) or holder
    value = holder
    for key, part in other.entries or ():
        if key is KEYS:
            value = value.with_entry(KEYS, join(rest_keys(holder), part) or part)
        elif key is not REST:
            value = value.with_entry(key, part)
    unknown = other if other.entries is None else other.entry(REST)
    if unknown is None or unknown.all_taint() is None:
        return value
    spread = smashed(unknown)
    entries = tuple((key, join(part, spread) or part) for key, part in value.entries or ())
    value = Value(value.taint, value.const, value.pieces, entries, value.shape, value.name)
    return value if value.entry(REST) is not None else value.with_entry(REST, spread)


def held_values(container: Value) -> List[Value]:
    """What a container holds: its entries' values (not what its keys may be, KEYS)."""
    return [part for key, part in container.entries or () if key is not KEYS]


def rest_keys(mapping: Value) -> Optional[Value]:
    """What the keys a mapping holds under REST may be: those the code showed (KEYS), else
    anything the values stored there may be; None when nothing is stored under REST."""
    keys = mapping.entry(KEYS)
    if keys is not None:
        return keys
    rest = mapping.entry(REST)
    return Value(taint=rest.all_taint()) if rest is not None else None


def stored_unknown(holder: Value, key: Value, value: Value) -> Value:
    """`d[k] = v` with a key the code does not know: the value under REST, the key under
    KEYS (iterating the mapping gives it)."""
    keys = join(rest_keys(holder), key) or key
    stored = holder.with_entry(REST, join(holder.entry(REST), value) or value)
    return stored.with_entry(KEYS, keys)


def _empty(value: Value) -> bool:
    return isinstance(value.const, str) and not value.const


def _extended(short: Value, long: Value) -> bool:
    """Whether `long` is `short` with text added after it, input among that text (`short`
    unsplit: one taint of the same kinds, made safe for the same classes; constant text; or
    text the code chose, not known, before which nothing can be decided either)."""
    if short.entries is not None or not long.pieces:
        return False
    if short.pieces not in (None, (None,)) and not (short.known and isinstance(short.const, str)):
        return False  # split into pieces: not one text, nor one input
    if long.all_taint() is None:
        return False
    first = long.pieces[0]
    if short.taint is None and not short.known:
        return first is None and len(long.pieces) > 1
    if short.taint is not None:
        return (
            isinstance(first, Taint)
            and len(long.pieces) > 1
            and first.kinds == short.taint.kinds
            and first.sanitized == short.taint.sanitized
        )
    text = short.const
    return (
        isinstance(text, str) and bool(text) and isinstance(first, str) and first.startswith(text)
    )


def join(a: Optional[Value], b: Optional[Value]) -> Optional[Value]:
    """The value where two paths meet; None stands for a path that does not arrive."""
    if a is None or a is b:
        return b
    if b is None or a == b:
        return a
    if {a.shape, b.shape} <= {"function", "candidates"} and a.shape and b.shape:
        # `handler = on_a if x else on_b`: either may be called
        parts = [a] if a.shape == "function" else [v for _, v in a.entries or ()]
        parts += [b] if b.shape == "function" else [v for _, v in b.entries or ()]
        unique = list({v.name: v for v in parts}.values())
        return Value(shape="candidates", entries=tuple(enumerate(unique[:MAX_ENTRIES])))
    if {a.shape, b.shape} <= {"object", "objects"} and a.name != b.name:
        # `obj = Pdf() if kind == "pdf" else Csv()`: either class's methods may run
        parts = [a] if a.shape == "object" else [v for _, v in a.entries or ()]
        parts += [b] if b.shape == "object" else [v for _, v in b.entries or ()]
        unique = list({v.name: v for v in parts}.values())
        return Value(shape="objects", entries=tuple(enumerate(unique[:MAX_ENTRIES])))
    if a.entries is None and b.entries is None and fixed_text(a) and fixed_text(b):
        if not (a.known and b.known and a.const == b.const and type(a.const) is type(b.const)):
            # `after or 0`, `"asc" if up else "desc"`: either way, text the code fixes
            return FIXED_TEXT
    taint = join_taint(a.taint, b.taint)
    const = a.const if a.const == b.const and type(a.const) is type(b.const) else UNKNOWN
    pieces = None
    if a.pieces is not None and b.pieces is not None and a.pieces == b.pieces:
        pieces = a.pieces
    elif _empty(a) != _empty(b) and (a.pieces or b.pieces) and (a.taint or b.taint):
        # `"?" + query if query else ""`: where there is input it comes after the same text
        # (what is checked of the text before input, as a URL's host is, holds of both)
        pieces = a.pieces if _empty(b) else b.pieces
        taint = join_taint(a.all_taint(), b.all_taint())
    elif (longer := b if _extended(a, b) else a if _extended(b, a) else None) is not None:
        # `url = reverse(...)` then, on one way, `url += "?" + query`: the same reasoning, the
        # text before any added input being the shorter value itself
        pieces = longer.pieces
        taint = join_taint(a.all_taint(), b.all_taint())
    elif a.pieces is not None or b.pieces is not None:
        # one side constant, the other tainted somewhere: keep the taint without pieces
        for side in (a, b):
            taint = join_taint(taint, side.all_taint())
        if taint is not None and fixes_host(chosen_prefix(a)) and fixes_host(chosen_prefix(b)):
            # two URLs (or paths) each starting with text the code chose that fixes where it
            # goes (`f"{GITHUB}/users/{u}"` on one way, `f"{GITLAB}/users?u={u}"` on the
            # other): so does the one that reaches here, whichever it is
            pieces, taint = (_CHOSEN_PATH, taint), None
    entries = None
    if a.entries is not None and b.entries is not None:
        keys = [k for k, _ in a.entries] + [k for k, _ in b.entries if a.entry(k) is None]
        merged: List[Tuple[Any, Value]] = []
        for key in keys:
            left, right = a.entry(key), b.entry(key)
            if left is None or right is None:
                # present on one side only: the other side may hold nothing there
                merged.append((key, cast(Value, left or right)))
            else:
                merged.append((key, cast(Value, join(left, right))))
        entries = tuple(merged)
    elif a.entries is not None or b.entries is not None:
        taint = join_taint(taint, (a if a.entries is not None else b).all_taint())
    shape = a.shape if a.shape == b.shape else ""
    name = a.name if a.name == b.name else common_flags(a.name, b.name)
    return Value(taint, const, pieces, entries, shape, name)


#: joins the names of flags OR'ed together (`PyCF_ONLY_AST | PyCF_TYPE_COMMENTS`)
FLAG_SEPARATOR = "|"


def flag_names(name: str) -> FrozenSet[str]:
    """The named flags a value is known to include: its name's parts."""
    return frozenset(name.split(FLAG_SEPARATOR)) if name else frozenset()


def common_flags(a: str, b: str) -> str:
    """The name of what two values of OR'ed flags both include (`flags = A` on one path,
    `flags |= B` on another: A); "" unless either is such a combination."""
    if FLAG_SEPARATOR not in a and FLAG_SEPARATOR not in b:
        return ""
    return FLAG_SEPARATOR.join(sorted(flag_names(a) & flag_names(b)))


def widen(value: Value) -> Value:
    """A value that stops changing: keys, pieces and constants forgotten, taint kept (and
    that text or a container's items were fixed text: `marks.append("?")` in a loop)."""
    taint = value.all_taint()
    if taint is None:
        if value.shape == FIXED or (value.known and isinstance(value.const, str)):
            return FIXED_TEXT
        parts = [part for _, part in value.entries or ()]
        if value.shape in _CONTAINERS and parts and all(fixed_text(part) for part in parts):
            return Value(entries=((REST, FIXED_TEXT),), shape=value.shape)
    kept = taint.inexact() if taint is not None else None
    if value.shape in _CONTAINERS and value.entries and kept is not None:
        # a container still, its items' input kept apart where they are texts (what each was
        # checked for), so items added after the loop keep their own beside them
        parts = [part for _, part in value.entries]
        texts = all(part.entries is None for part in parts)
        item = either_text(*parts) if texts else Value(taint=kept)
        return Value(taint=kept, entries=((REST, item),), shape=value.shape)
    return Value(taint=kept, shape=value.shape)


def either_text(*values: Value) -> Value:
    """One of several values, as text whose pieces are each one's input, kept apart: what a
    piece was checked for stays its own (`html.escape(hit)` items, then a raw footer)."""
    pieces: List[Piece] = []
    for value in values:
        for piece in pieces_of(value):
            if isinstance(piece, Taint) and piece not in pieces:
                pieces.append(piece.inexact())
    taint = join_all(values)
    if taint is None or len(pieces) > MAX_PIECES:
        return Value(taint=taint.inexact() if taint is not None else None)
    return Value(taint=taint.inexact(), pieces=tuple(pieces))


def concat(pieces: Tuple[Piece, ...]) -> Value:
    """A string from pieces: adjacent constants merged, taint the union, capped."""
    merged: list = []
    taint: Optional[Taint] = None
    for piece in pieces:
        if piece is None:
            if not merged or merged[-1] is not None:
                merged.append(None)
        elif isinstance(piece, str):
            if not piece:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] = merged[-1] + piece
            else:
                merged.append(piece)
        else:
            taint = join_taint(taint, piece)
            merged.append(piece)
    if taint is None:
        if None in merged:
            return Value(pieces=tuple(merged))
        text = "".join(merged)
        return Value(const=text, pieces=tuple(merged))
    if len(merged) > MAX_PIECES:
        return Value(taint=taint.inexact())
    return Value(taint=taint, pieces=tuple(merged))


#: text built only of constants, numbers and values checked against an allow-list: what it can
#: hold is fixed by the code, though not known as one constant
FIXED = "fixed"
#: a value of the application's settings (Flask's `app.config[...]`, Django's `settings.X`):
#: its operator's, none of the request's
SETTING = "setting"
_FIXED_SHAPES = frozenset({"allowed", "number", FIXED, SETTING})
#: fixed text whose pieces are not known (a widened loop variable, a join of fixed items)
FIXED_TEXT = Value(pieces=(None,), shape=FIXED)
#: containers whose items a widening keeps as fixed text when they all were
_CONTAINERS = frozenset({"list", "dict", "set"})


def settled(value: Value) -> bool:
    """Whether a value holds no input: nothing, or only other calls' results (an app object
    made by `Flask(__name__)`, what a file the code names holds)."""
    taint = value.all_taint()
    return taint is None or calls_only(taint)


def fixed_text(value: Value) -> bool:
    """Whether the value is a constant, a number or fixed text, with no input in it."""
    return value.all_taint() is None and (value.known or value.shape in _FIXED_SHAPES)


def fixed_if(value: Value, parts: Iterable[Value]) -> Value:
    """`value`, built of `parts`, marked FIXED when every part is fixed text."""
    if value.known or value.all_taint() is not None or value.pieces is None:
        return value
    if not all(fixed_text(part) for part in parts):
        return value
    return Value(pieces=value.pieces, shape=FIXED)


def pieces_of(value: Value) -> Tuple[Piece, ...]:
    """The value as string pieces (a non-string constant as its text, tainted as one piece)."""
    if value.pieces is not None:
        return value.pieces
    if value.known:
        return (str(value.const),)
    taint = value.all_taint()
    return (taint,) if taint is not None else (None,)


def join_all(values: Iterable[Value]) -> Optional[Taint]:
    """The taint of all `values` and everything in them, together."""
    taint = None
    for value in values:
        taint = join_taint(taint, value.all_taint())
    return taint


def param_kind(value: Value) -> Optional[str]:
    """The stand-in kind (`param:2`) of the whole parameter a value's taint is, while a summary
    is computed; None for anything else (input, a part of a parameter, several of them)."""
    kinds = value.taint.kinds if value.taint is not None else ()
    if len(kinds) != 1:
        return None
    kind = next(iter(kinds))
    if not kind.startswith(PARAM_PREFIX) or "." in kind or "#" in kind:
        return None
    return kind


def _request_held(value: Value) -> Optional[str]:
    """The stand-in kind of `self.request` in a summary (`param:0.request`): a request, whose
    attributes (`self.request.GET`) a caller's view gives."""
    kinds = value.taint.kinds if value.taint is not None else ()
    kind = next(iter(kinds)) if len(kinds) == 1 else ""
    head, _, attr = kind.partition(".")
    return kind if attr == "request" and head.startswith(PARAM_PREFIX) and "#" not in head else None


def part_stand_in(value: Value, part: Any) -> Optional[Value]:
    """`self.name` or `kw["user"]` read in a summary while the parameter is still its stand-in:
    a stand-in for that part alone (an attribute, or an item of a constant str or int key), so
    a call answers it with what the value it is given holds there, not with all of it."""
    kind = param_kind(value) or _request_held(value)
    if kind is None:
        return None
    if kind.endswith(".request") and not isinstance(part, tuple):
        return None  # `self.request` of a view: its attributes alone are followed
    if isinstance(part, tuple):
        name = f"{kind}.{part[1]}"
    elif isinstance(part, bool) or not isinstance(part, (int, str)):
        return None
    else:
        name = f"{kind}#{'i' if isinstance(part, int) else 's'}:{part}"
    # a part of what a check vouched for is vouched for (`parts.path` of a URL whose host
    # was checked); not a part of what is no text at all ("*": a module, a verified object)
    whole = value.all_taint()
    vouched = whole.sanitized if whole is not None and "*" not in whole.sanitized else frozenset()
    taint = Taint(frozenset({name}), sanitized=vouched)
    return Value(taint=taint, pieces=(taint,))


def part_of(value: Value, part: Any) -> Value:
    """What a call's argument gives for the stand-in of one of its parts: what the value is
    known to hold there, a stand-in of the caller's own, else the whole value."""
    if value.entries is not None:
        found = value.entry(part)
        if found is None and not isinstance(part, tuple):
            found = value.entry(REST)
            if found is None and value.shape == "dict":
                return CLEAN  # a mapping the code built whole does not hold that key
        if found is not None:
            return found
    own = part_stand_in(value, part)
    return own if own is not None else value


def hashable(value: Any) -> bool:
    """Whether a constant can be a container's key."""
    try:
        hash(value)
    except TypeError:
        return False
    return True
