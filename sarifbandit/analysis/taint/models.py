"""Taint models as data: where untrusted input comes from (sources), the calls it must not reach
(sinks), the calls that make it safe (sanitizers) and the calls it passes through unchanged
(propagators).

The built-in models are YAML files in `models/`, one per framework or library; a user adds
entries of the same shape in the config file's `taint` table. Both are checked against one
schema; every mistake is a ConfigError of one line naming the file (or config file), the entry
and what to write instead. The built-ins are read once per process, from a compiled form cached
by their content when there is one (see `_builtin_parts`).

Names are qualified as the interpreter resolves them: `from flask import request;
request.args.get("q")` is `flask.request.args.get`, `import subprocess as sp; sp.run(x)` is
`subprocess.run`, a method of a receiver the interpreter cannot name is `<variable>.<method>`
(`cursor.execute`). A call name may start with `*.` to stand for any receiver: `*.execute`
matches `cursor.execute` and `self.db.execute`, `*.headers.__setitem__` matches
`response.headers.__setitem__`; the `*` stands for one or more leading parts. Built-in functions
are named bare (`input`, `eval`); a `builtins.` prefix is dropped. An item assignment
`x[k] = v` is a call of `<qualname of x>.__setitem__(k, v)`.

Why data and not code: adding a model is one line that a user can write too (Semgrep's taint
rules, Pysa's `.pysa` models, CodeQL's customizations), and the engine never grows a special case
per library.
"""

from __future__ import annotations

import io
import pickle
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import (
    Any,
    Callable,
    Dict,
    FrozenSet,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from ... import records
from ...errors import ConfigError, closest
from ...hashing import sha256
from ...records import record
from ...regex import LazyPattern, lazy
from ...usercache import cache_file, store
from ...version import __version__

SINK_CLASSES = (
    "command",
    "sql",
    "code",
    "path",
    "xss",
    "redirect",
    "ldap",
    "xpath",
    "deserialization",
    "trust_boundary",
    "ssrf",
    "template",
    "header",
    "log",
    "xxe",
)
#: env (os.environ, getenv) is lower confidence: the environment is set by whoever runs the code
SOURCE_KINDS = ("remote", "local", "env")
FRAMEWORKS = ("flask", "fastapi", "django", "aiohttp")
#: the sections of a model file and of the config file's `taint` table
SECTIONS = ("sources", "param_sources", "routes", "sinks", "sanitizers", "propagators")
MODELS_DIR = Path(__file__).with_name("models")
#: the sanitizer class meaning "safe for every sink class"
EVERY_CLASS = "*"
_BUILTINS = "builtins."
_WILD = "*."


@record(frozen=True)
class Source:
    """Reading this qualified name, or anything under it (attribute, item, call result,
    iteration), is tainted."""

    name: str
    kind: str
    #: True: only the *result of calling* it is a source (os.getenv, input)
    call: bool = False


@record(frozen=True)
class ParamSource:
    """A parameter named `param` (or annotated with one of `annotations`, last dotted part
    compared) in a function of a file that imports something under `module`: its `attrs`
    (attributes, or methods whose results) are tainted."""

    param: str
    attrs: FrozenSet[str]
    kind: str
    module: str
    annotations: FrozenSet[str] = frozenset()


@record(frozen=True)
class RouteParams:
    """Parameters of decorated view functions that are filled from the request."""

    framework: str
    module: str
    #: last attribute names of the decorator calls (route, get, post ...); empty for a
    #: framework whose routes are declared apart from the view (Django's urls.py)
    decorators: FrozenSet[str]
    #: finds the path parameters in the route string: a group `name`, optionally `conv`
    path_pattern: str
    #: converters that give a number or a UUID
    safe_converters: FrozenSet[str]
    #: every parameter is input (FastAPI's query, header, cookie and body parameters)
    all_params: bool
    #: annotations (last dotted part) that make a parameter safe or not input at all; a
    #: default that calls one of them (`= Depends(get_db)`) counts too
    safe_annotations: FrozenSet[str]
    kind: str = "remote"


@record(frozen=True)
class Condition:
    """When a sink applies, read from the call's keywords (or positional arguments)."""

    keyword: str
    #: positional index where the keyword may also be given
    position: Optional[int] = None
    #: applies when the value is truthy (True) / falsy (False); a value that is not a known
    #: constant counts as applying
    truthy: Optional[bool] = None
    #: applies unless the value's dotted name's last part is one of these
    not_in: FrozenSet[str] = frozenset()
    #: whether the sink applies when the keyword is absent
    missing: bool = True
    #: applies when the value, a constant string, holds this text in any case (`html` in
    #: `content_type="text/html"`); a value that is not a known constant counts as applying
    contains: Optional[str] = None
    #: the condition reads this item of the value, a mapping (`Content-Type` of `headers=`),
    #: its name in any case; absent like a missing keyword
    item: Optional[str] = None


@record(frozen=True)
class Sink:
    #: a qualified name, or `*.method` for a method of any receiver
    call: str
    #: the dangerous arguments: positions and/or keyword names; () = every argument
    args: Tuple[Union[int, str], ...]
    sink_class: str
    #: all must hold for the sink to apply
    when: Tuple[Condition, ...] = ()
    #: the receiver object itself is the dangerous value (Path(x).read_text())
    receiver: bool = False


@record(frozen=True)
class Sanitizer:
    call: str
    #: sink classes the result is safe for; {"*"} = every class
    classes: FrozenSet[str]


@record(frozen=True)
class Propagator:
    """A known call whose result carries the taint of its arguments (and receiver) exactly, so
    crossing it does not lower confidence. A decoder (`decodes`) gives back what encoded text
    spelled, whatever escaping was done to that text before: no sanitizer holds past it."""

    call: str
    decodes: bool = False


def _strip_builtins(name: str) -> str:
    return name[len(_BUILTINS) :] if name.startswith(_BUILTINS) else name


class _CallIndex:
    """Entries keyed by a call name: exact names, and `*.suffix` patterns matched on the last
    dotted parts of a qualified name (with at least one part before the suffix)."""

    def __init__(self, entries: Iterable[Tuple[str, Any]]) -> None:
        self.exact: Dict[str, List[Any]] = {}
        self.wild: Dict[str, List[Tuple[Tuple[str, ...], Any]]] = {}
        for call, entry in entries:
            if call.startswith(_WILD):
                suffix = tuple(call[len(_WILD) :].split("."))
                self.wild.setdefault(suffix[-1], []).append((suffix, entry))
            else:
                self.exact.setdefault(call, []).append(entry)

    def lookup(self, qualname: str) -> Tuple[List[Any], List[Any]]:
        """(exact matches, pattern matches)."""
        qualname = _strip_builtins(qualname)
        exact = self.exact.get(qualname, [])
        parts = qualname.split(".")
        wild = [
            entry
            for suffix, entry in self.wild.get(parts[-1], ())
            if len(parts) > len(suffix) and tuple(parts[-len(suffix) :]) == suffix
        ]
        return exact, wild

    def last_parts(self) -> FrozenSet[str]:
        return frozenset(name.rsplit(".", 1)[-1] for name in self.exact) | frozenset(self.wild)


class Models:
    """The built-in models, with a user's additions; answers the interpreter's questions."""

    def __init__(
        self,
        sources: Sequence[Source] = (),
        param_sources: Sequence[ParamSource] = (),
        routes: Sequence[RouteParams] = (),
        sinks: Sequence[Sink] = (),
        sanitizers: Sequence[Sanitizer] = (),
        propagators: Sequence[Propagator] = (),
    ) -> None:
        self.sources = tuple(sources)
        self.param_sources = tuple(param_sources)
        self.routes = tuple(routes)
        self.sinks = tuple(sinks)
        self.sanitizers = tuple(sanitizers)
        self.propagators = tuple(propagators)
        self._attr_sources = {s.name: s for s in self.sources if not s.call}
        self._call_sources = {s.name: s for s in self.sources if s.call}
        self._sinks = _CallIndex((s.call, s) for s in self.sinks)
        self._sanitizers = _CallIndex((s.call, s) for s in self.sanitizers)
        self._propagators = _CallIndex((p.call, p) for p in self.propagators)
        self._sink_memo: Dict[str, Tuple[Sink, ...]] = {}
        self._sanitizer_memo: Dict[str, Optional[Sanitizer]] = {}
        #: asked for every name and call the interpreter reads: answered once per name
        self._source_memo: Dict[Tuple[str, bool], Optional[Source]] = {}

    def source_for(self, qualname: str, called: bool) -> Optional[Source]:
        """The source `qualname` reads: the longest dotted prefix naming an attribute source,
        or, when it is being called, a call source of exactly that name."""
        key = (qualname, called)
        if key in self._source_memo:
            return self._source_memo[key]
        qualname = _strip_builtins(qualname)
        found = self._call_sources.get(qualname) if called else None
        name = qualname
        while found is None:
            found = self._attr_sources.get(name)
            if "." not in name:
                break
            name = name.rsplit(".", 1)[0]
        self._source_memo[key] = found
        return found

    def sinks_for(self, qualname: str) -> Tuple[Sink, ...]:
        """Every sink of `qualname`: its exact entries, then the `*.suffix` entries it matches."""
        found = self._sink_memo.get(qualname)
        if found is None:
            exact, wild = self._sinks.lookup(qualname)
            found = self._sink_memo[qualname] = tuple(dict.fromkeys([*exact, *wild]))
        return found

    def sinks_named(self, qualname: str) -> Tuple[Sink, ...]:
        """The sinks whose entries name `qualname` itself (no `*.suffix` pattern)."""
        return tuple(self._sinks.lookup(qualname)[0])

    def sanitizer_for(self, qualname: str) -> Optional[Sanitizer]:
        """The sanitizer of `qualname`; the classes of all its exact entries (else of all its
        pattern entries) together."""
        if qualname in self._sanitizer_memo:
            return self._sanitizer_memo[qualname]
        exact, wild = self._sanitizers.lookup(qualname)
        matches = exact or wild
        found = None
        if matches:
            classes = frozenset(c for entry in matches for c in entry.classes)
            if EVERY_CLASS in classes:
                classes = frozenset({EVERY_CLASS})
            found = Sanitizer(matches[0].call, classes)
        self._sanitizer_memo[qualname] = found
        return found

    def exact_sanitizer(self, qualname: str) -> bool:
        """Whether `qualname` is a sanitizer by its full name, not only by a `*.method`
        pattern (`*.startswith`, a column's), which a method of any object may match."""
        return bool(self._sanitizers.lookup(qualname)[0])

    def is_propagator(self, qualname: str) -> bool:
        exact, wild = self._propagators.lookup(qualname)
        return bool(exact or wild)

    def exact_propagator(self, qualname: str) -> bool:
        """Whether `qualname` is a propagator by its full name (`base64.b64decode`), not only
        by a `*.method` pattern, which a method of any object may match."""
        return bool(qualname) and bool(self._propagators.lookup(qualname)[0])

    def decodes(self, qualname: str) -> bool:
        """Whether `qualname` is a decoder (see Propagator)."""
        exact, wild = self._propagators.lookup(qualname)
        return any(entry.decodes for entry in exact or wild)

    def number_types(self) -> FrozenSet[str]:
        """Annotations that make a route's parameter (or a body model's field) a number, a
        date or another value the framework validates: every route's safe annotations."""
        memo = self.__dict__.setdefault("_number_types", None)
        if memo is None:
            memo = self.__dict__["_number_types"] = frozenset(
                name for route in self.routes for name in route.safe_annotations
            )
        return memo

    def knows(self, qualname: str) -> bool:
        """Whether some model says what a call of `qualname` does (source, sink, sanitizer or
        propagator); asked for every call the data flow cannot follow, so remembered."""
        memo = self.__dict__.setdefault("_known_memo", {})
        known = memo.get(qualname)
        if known is None:
            known = memo[qualname] = bool(
                self.sinks_for(qualname)
                or self.sanitizer_for(qualname)
                or self.is_propagator(qualname)
                or self.source_for(qualname, called=True)
            )
        return known

    def names_exactly(self, qualname: str) -> bool:
        """Whether a model names `qualname` itself, not by a `*.method` pattern: a function of
        the scan matching only a pattern (a manager's `search`, not LDAP's) is its own."""
        memo = self.__dict__.setdefault("_exact_memo", {})
        known = memo.get(qualname)
        if known is None:
            known = memo[qualname] = bool(
                self._sinks.lookup(qualname)[0]
                or self._sanitizers.lookup(qualname)[0]
                or self._propagators.lookup(qualname)[0]
                or self.source_for(qualname, called=True)
            )
        return known

    def modelled_package(self, qualname: str) -> bool:
        """Whether the top-level package of `qualname` is one the models describe (`fastapi`
        of `fastapi.UploadFile`): a library's, not a module of the scan."""
        roots = self.__dict__.get("_roots")
        if roots is None:
            names = [*self._sinks.exact, *self._sanitizers.exact, *self._propagators.exact]
            names += [*self._attr_sources, *self._call_sources]
            roots = self.__dict__["_roots"] = frozenset(n.split(".", 1)[0] for n in names)
        return qualname.split(".", 1)[0] in roots

    def sink_names(self) -> FrozenSet[str]:
        """The last dotted part of every sink's call: a call whose name ends otherwise is no
        sink, which lets the walk skip it cheaply."""
        return self._sinks.last_parts()


# -- the schema -------------------------------------------------------------------------------

_IDENT = r"[A-Za-z_]\w*"
_DOTTED = lazy(rf"{_IDENT}(\.{_IDENT})*\Z")
_CALL = lazy(rf"(\*\.)?{_IDENT}(\.{_IDENT})*\Z")
_IDENTIFIER = lazy(rf"{_IDENT}\Z")


class _Where:
    """Where a value is, for messages: `models/flask.yaml: sinks[3].when[0].keyword`."""

    def __init__(self, origin: str, path: str) -> None:
        self.origin, self.path = origin, path

    def __call__(self, suffix: str) -> "_Where":
        return _Where(self.origin, f"{self.path}{suffix}")

    def fail(self, message: str) -> ConfigError:
        return ConfigError(f"{self.origin}: {self.path}: {message}")


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    if value is None:
        return "nothing"
    return f"a {type(value).__name__}"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _hint(word: str, choices: Iterable[str]) -> str:
    close = closest(word, choices)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _string(
    where: _Where, value: Any, pattern: Optional[LazyPattern] = None, what: str = ""
) -> str:
    if not isinstance(value, str) or not value:
        raise where.fail(f"must be {what or 'a string'}, not {_type_name(value)} ({_shown(value)})")
    if pattern is not None and not pattern.match(value):
        raise where.fail(f"'{value}' is not {what}")
    return value


def _boolean(where: _Where, value: Any) -> bool:
    if not isinstance(value, bool):
        raise where.fail(f"must be true or false, not {_type_name(value)} ({_shown(value)})")
    return value


def _optional_boolean(where: _Where, value: Any) -> Optional[bool]:
    return None if value is None else _boolean(where, value)


def _optional_text(where: _Where, value: Any) -> Optional[str]:
    return None if value is None else _string(where, value).lower()


def _optional_position(where: _Where, value: Any) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise where.fail(f"must be a position (0, 1, ...), not {_type_name(value)} ({value!r})")
    return value


def _list(where: _Where, value: Any, item: Callable[[_Where, Any], Any]) -> Tuple[Any, ...]:
    """A list of items; one item alone is read as a list of one."""
    items = value if isinstance(value, (list, tuple)) else [value]
    return tuple(item(where(f"[{i}]") if items is value else where, v) for i, v in enumerate(items))


def _words(where: _Where, value: Any) -> FrozenSet[str]:
    return frozenset(_list(where, value, lambda w, v: _string(w, v, what="a name")))


def _one_of(choices: Sequence[str], noun: str) -> Callable[[_Where, Any], str]:
    def check(where: _Where, value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            hint = _hint(value, choices) if isinstance(value, str) else ""
            raise where.fail(
                f"unknown {noun} {_shown(value)}{hint}; use one of: {', '.join(choices)}"
            )
        return value

    return check


_sink_class = _one_of(SINK_CLASSES, "class")
_kind = _one_of(SOURCE_KINDS, "kind")
_framework = _one_of(FRAMEWORKS, "framework")


def _sanitized_class(where: _Where, value: Any) -> str:
    return _one_of((*SINK_CLASSES, EVERY_CLASS), "class")(where, value)


def _identifier(where: _Where, value: Any) -> str:
    return _string(where, value, _IDENTIFIER, "a name (a Python identifier)")


def _dotted(where: _Where, value: Any) -> str:
    return _strip_builtins(_string(where, value, _DOTTED, "a dotted name (flask.request.args)"))


def _call_name(where: _Where, value: Any) -> str:
    return _strip_builtins(
        _string(where, value, _CALL, "a dotted name or *.method (subprocess.run, *.execute)")
    )


def _argument(where: _Where, value: Any) -> Union[int, str]:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and re.fullmatch(_IDENT, value):
        return value
    raise where.fail(
        f"must be a position (0, 1, ...) or a keyword name, not {_type_name(value)} ({value!r})"
    )


def _path_pattern(where: _Where, value: Any) -> str:
    text = _string(where, value, what="a regular expression")
    try:
        compiled = re.compile(text)
    except re.error as exc:
        raise where.fail(f"not a valid regular expression: {exc}") from None
    if "name" not in compiled.groupindex:
        raise where.fail("the regular expression needs a group (?P<name>...) for the parameter")
    return text


#: a field: (reader, required, default)
_Field = Tuple[Callable[[_Where, Any], Any], bool, Any]


def _condition(where: _Where, value: Any) -> Condition:
    values = _fields(where, value, "condition", _CONDITION_FIELDS, _CONDITION_EXAMPLE)
    return Condition(**values)


_CONDITION_FIELDS: Dict[str, _Field] = {
    "keyword": (_identifier, True, None),
    "position": (_optional_position, False, None),
    "truthy": (_optional_boolean, False, None),
    "not_in": (_words, False, frozenset()),
    "missing": (_boolean, False, True),
    "contains": (_optional_text, False, None),
    "item": (_optional_text, False, None),
}
_CONDITION_EXAMPLE = "{keyword: shell, position: 8, truthy: true, missing: false}"

#: section -> (the fields of an entry, the key that may hold a list of names, an example)
_SCHEMA: Dict[str, Tuple[Dict[str, _Field], str, str]] = {
    "sources": (
        {
            "name": (_dotted, True, None),
            "kind": (_kind, True, None),
            "call": (_boolean, False, False),
        },
        "name",
        "{name: flask.request.args, kind: remote}",
    ),
    "param_sources": (
        {
            "param": (_identifier, True, None),
            "attrs": (_words, True, None),
            "kind": (_kind, True, None),
            "module": (_dotted, True, None),
            "annotations": (_words, False, frozenset()),
        },
        "",
        "{param: request, attrs: [GET, POST], kind: remote, module: django}",
    ),
    "routes": (
        {
            "framework": (_framework, True, None),
            "module": (_dotted, True, None),
            "decorators": (_words, True, None),
            "path_pattern": (_path_pattern, True, None),
            "safe_converters": (_words, False, frozenset()),
            "all_params": (_boolean, False, False),
            "safe_annotations": (_words, False, frozenset()),
            "kind": (_kind, False, "remote"),
        },
        "",
        "{framework: flask, module: flask, decorators: [route], path_pattern: '<(?P<name>\\w+)>'}",
    ),
    "sinks": (
        {
            "call": (_call_name, True, None),
            "args": (lambda w, v: _list(w, v, _argument), False, ()),
            "class": (_sink_class, True, None),
            "when": (lambda w, v: _list(w, v, _condition), False, ()),
            "receiver": (_boolean, False, False),
        },
        "call",
        "{call: subprocess.run, args: [0, args], class: command}",
    ),
    "sanitizers": (
        {
            "call": (_call_name, True, None),
            "for": (lambda w, v: frozenset(_list(w, v, _sanitized_class)), True, None),
        },
        "call",
        "{call: shlex.quote, for: [command]}",
    ),
    "propagators": (
        {"call": (_call_name, True, None), "decodes": (_boolean, False, False)},
        "call",
        "{call: base64.b64decode}",
    ),
}
_RENAMED = {"class": "sink_class", "for": "classes"}


def _fields(
    where: _Where, entry: Any, noun: str, fields: Mapping[str, _Field], example: str
) -> Dict[str, Any]:
    if not isinstance(entry, Mapping):
        raise where.fail(f"must be a mapping, not {_type_name(entry)}; write e.g. {example}")
    for key in entry:
        if key not in fields:
            raise where.fail(
                f"unknown key {_shown(key)}{_hint(str(key), fields)}; "
                f"a {noun} has: {', '.join(fields)}"
            )
    values: Dict[str, Any] = {}
    for key, (read, required, default) in fields.items():
        if key not in entry or entry[key] is None:
            if required:
                raise where.fail(f"missing '{key}'; write e.g. {example}")
            values[_RENAMED.get(key, key)] = default
            continue
        values[_RENAMED.get(key, key)] = read(where(f".{key}"), entry[key])
    return values


_BUILDERS: Dict[str, Callable[..., Any]] = {
    "sources": Source,
    "param_sources": ParamSource,
    "routes": RouteParams,
    "sinks": Sink,
    "sanitizers": Sanitizer,
    "propagators": Propagator,
}


def _entries(where: _Where, section: str, entries: Any) -> List[Any]:
    fields, many, example = _SCHEMA[section]
    if not isinstance(entries, (list, tuple)):
        raise where.fail(
            f"must be a list of entries, not {_type_name(entries)}; write e.g. {section}: [{example}]"
        )
    built: List[Any] = []
    for index, entry in enumerate(entries):
        at = where(f"[{index}]")
        # `call: [a, b]` (or `name:`) is one entry per name, sharing the other fields
        names = entry.get(many) if many and isinstance(entry, Mapping) else None
        if isinstance(names, (list, tuple)):
            if not names:
                raise at(f".{many}").fail(f"is an empty list; name at least one, e.g. {example}")
            for name in names:
                values = _fields(at, {**entry, many: name}, section[:-1], fields, example)
                built.append(_BUILDERS[section](**values))
        else:
            built.append(_BUILDERS[section](**_fields(at, entry, section[:-1], fields, example)))
    return built


def parse_models(document: Any, origin: str, prefix: str = "") -> Dict[str, List[Any]]:
    """One model document ({section: [entries]}) checked and built; `prefix` is put before
    section names in messages (`taint.` for the config file)."""
    if document is None:
        return {}
    if not isinstance(document, Mapping):
        raise ConfigError(
            f"{origin}: {prefix.rstrip('.') or 'the models'} must be a mapping of "
            f"{', '.join(SECTIONS)}, not {_type_name(document)}"
        )
    parsed: Dict[str, List[Any]] = {}
    for section, entries in document.items():
        if section not in _SCHEMA:
            raise ConfigError(
                f"{origin}: {prefix}{section}: unknown section{_hint(str(section), SECTIONS)}; "
                f"use: {', '.join(SECTIONS)}"
            )
        if entries is None:
            continue
        parsed[section] = _entries(_Where(origin, f"{prefix}{section}"), section, entries)
    return parsed


def _read_model_file(path: Path, data: Optional[bytes] = None) -> Any:
    import yaml

    name = f"models/{path.name}"
    try:
        text = path.read_text(encoding="utf-8") if data is None else data.decode("utf-8")
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except OSError as exc:
        raise ConfigError(f"{name}: cannot read: {exc.strerror or exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise ConfigError(f"{name}{line}: invalid YAML: {exc.problem}") from None


def model_files() -> Tuple[Path, ...]:
    return tuple(sorted(MODELS_DIR.glob("*.yaml")))


def _build(parts: Iterable[Mapping[str, List[Any]]]) -> Models:
    merged: Dict[str, List[Any]] = {section: [] for section in SECTIONS}
    for part in parts:
        for section, entries in part.items():
            merged[section].extend(entries)
    return Models(**merged)


@lru_cache(maxsize=1)
def _builtin_parts() -> Tuple[Mapping[str, List[Any]], ...]:
    files = [(path, _read_bytes(path)) for path in model_files()]
    stored = compiled_path(_digest(files))
    parts = _load_compiled(stored) if stored is not None else None
    if parts is None:
        parts = tuple(
            parse_models(_read_model_file(path, data), f"models/{path.name}")
            for path, data in files
        )
        if stored is not None:
            store(stored, pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL))
    return parts


# -- the compiled form ------------------------------------------------------------------------
# Parsing the YAML and checking it against the schema costs more than the rest of a small scan's
# start-up; the result is kept as a pickle in the user's cache directory, named by a hash of
# the model files' bytes, this module's source, the version and the interpreter. An edited model
# file or schema is another name: never a stale model. The pickle is read back by an unpickler
# that builds only the model classes, so a file planted there cannot make the scanner run code.

#: bump when the stored layout changes
_COMPILED_FORMAT = "1"
_THIS_FILE = Path(__file__)


def _read_bytes(path: Path) -> Optional[bytes]:
    try:
        return path.read_bytes()
    except OSError:  # reported when the file is parsed
        return None


def _digest(files: Sequence[Tuple[Path, Optional[bytes]]]) -> Optional[str]:
    """The name of the compiled form of `files`, or None when one cannot be read."""
    this = _read_bytes(_THIS_FILE)
    if this is None or any(data is None for _, data in files):
        return None
    digest = sha256(f"{_COMPILED_FORMAT}\0{__version__}\0{sys.version}\0".encode("utf-8") + this)
    for path, data in files:
        assert data is not None
        digest.update(f"\0{path.name}\0{len(data)}\0".encode("utf-8", "surrogatepass"))
        digest.update(data)
    return digest.hexdigest()


def compiled_path(digest: Optional[str]) -> Optional[Path]:
    return None if digest is None else cache_file(f"models-{digest}.pickle")


class _ModelUnpickler(pickle.Unpickler):
    """Builds only the model records; any other global is refused."""

    def find_class(self, module: str, name: str) -> Any:
        found = globals().get(name) if module == __name__ else None
        if not (isinstance(found, type) and records.is_record(found)):
            raise pickle.UnpicklingError(f"{module}.{name} is not a model class")
        return found


def _load_compiled(path: Path) -> Optional[Tuple[Mapping[str, List[Any]], ...]]:
    """The stored parts, or None when absent, unreadable or not of the expected shape."""
    try:
        with open(path, "rb") as handle:
            parts = _ModelUnpickler(io.BytesIO(handle.read())).load()
    except Exception:  # a bad file is only a miss: the models are parsed and it is rewritten
        return None
    valid = isinstance(parts, tuple) and all(
        isinstance(part, dict)
        and all(s in _SCHEMA and isinstance(e, list) for s, e in part.items())
        for part in parts
    )
    return parts if valid else None


@lru_cache(maxsize=1)
def _builtin_models() -> Models:
    return _build(_builtin_parts())


@lru_cache(maxsize=8)
def _models_with(extra_json: str, origin: str) -> Models:
    import json

    extra = parse_models(json.loads(extra_json), origin or "config", "taint.")
    return _build((*_builtin_parts(), extra))


def load_models(extra: Optional[Mapping[str, Any]] = None, origin: str = "") -> Models:
    """The built-in models, plus `extra` (the config file's `taint` table, read from `origin`)
    when given. Raises ConfigError on any mistake, one line naming the file and entry."""
    if not extra:
        return _builtin_models()
    import json  # only a config file's models need it

    try:
        key = json.dumps(extra, sort_keys=True, default=repr)
    except (TypeError, ValueError):  # keys that are not strings: the schema says what is wrong
        parse_models(extra, origin or "config", "taint.")
        raise
    return _models_with(key, origin)
