"""Record classes: the `@dataclass` subset this package uses, made at a tenth of the cost.

Why not `dataclasses`: on Python 3.11 `@dataclass(frozen=True)` compiles five methods one at a
time and costs about 0.6 ms per class; the package defines some forty records, so a one-file
scan spent a third of its start-up making classes (and importing `inspect` for it). Here each
class compiles its generated methods in one `exec`, and the rest are shared functions.

Supported: fields from the class's own annotations (no inheritance), defaults and
`field(default=, default_factory=, init=, repr=, compare=)`, `frozen`, `eq` (with the hash rule
of dataclasses: frozen and eq hash by the compared fields, eq alone is unhashable), `slots`,
`__post_init__`; `fields()`, `replace()` and `is_record()` as in dataclasses. Type checkers read
the decorator as a dataclass through `dataclass_transform` (PEP 681).
"""

from __future__ import annotations

import marshal
import os
import sys
from types import CodeType
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, TypeVar

if TYPE_CHECKING:
    from pathlib import Path

    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


_T = TypeVar("_T")
_FIELDS = "__record_fields__"


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare")

    def __init__(
        self,
        default: Any,
        default_factory: Any,
        init: bool,
        repr: bool,
        compare: bool,
    ) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    return Field(default, default_factory, init, repr, compare)


def fields(value: Any) -> Tuple[Field, ...]:
    return getattr(value, _FIELDS)


def is_record(value: Any) -> bool:
    return hasattr(value, _FIELDS)


def replace(value: _T, **changes: Any) -> _T:
    for f in fields(value):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(value, f.name)
    return type(value)(**changes)  # type: ignore[call-arg]


@dataclass_transform(field_specifiers=(field,))
def record(
    cls: Optional[type] = None,
    *,
    frozen: bool = False,
    eq: bool = True,
    slots: bool = False,
) -> Any:
    def wrap(cls: type) -> type:
        return _make(cls, frozen, eq, slots)

    return wrap if cls is None else wrap(cls)


def _make(cls: type, frozen: bool, eq: bool, slots: bool) -> type:
    own = cls.__dict__
    found: List[Field] = []
    # stored as text in the class under `from __future__ import annotations`, on every version
    annotations = own.get("__annotations__") or getattr(cls, "__annotations__", {})
    for name in annotations:
        declared = own.get(name, MISSING)
        f = declared if isinstance(declared, Field) else Field(declared, MISSING, True, True, True)
        f.name = name
        found.append(f)
    namespace: Dict[str, Any] = {"_MISSING": MISSING, "_set": object.__setattr__}
    # the source of each generated method, compiled by the first call of it (see _stubs)
    sources = {"__init__": _init_source(found, frozen, "__post_init__" in own, namespace)}
    compared = [f.name for f in found if f.compare]
    if eq:
        mine = "(" + "".join(f"self.{n}," for n in compared) + ")"
        theirs = "(" + "".join(f"other.{n}," for n in compared) + ")"
        sources["__eq__"] = (
            "def __eq__(self, other):\n"
            f"  if other.__class__ is self.__class__: return {mine} == {theirs}\n"
            "  return NotImplemented\n"
        )
        if frozen:
            sources["__hash__"] = f"def __hash__(self): return hash({mine})\n"
    home: List[type] = []  # the class made, once it is
    made: Dict[str, Any] = {"__repr__": _repr}
    if eq and not frozen:
        made["__hash__"] = None  # a mutable value must be unhashable; without eq: object's hash
    if frozen:
        made.update(__setattr__=_frozen_set, __delattr__=_frozen_delete)
    made.update(_stubs(sources, namespace, home))
    methods = {k: v for k, v in made.items() if k not in own}
    methods[_FIELDS] = tuple(found)
    if not slots:
        for name, value in methods.items():
            setattr(cls, name, value)
        for f in found:  # the default lives in __init__, not as a Field on the class
            if isinstance(own.get(f.name), Field):
                delattr(cls, f.name)
        home.append(cls)
        return cls
    names = {f.name for f in found}  # a class attribute of the same name would shadow the slot
    body = {k: v for k, v in own.items() if k not in names}
    body.update(methods, __slots__=tuple(f.name for f in found))
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    if frozen:
        body.update(__getstate__=_slot_state, __setstate__=_set_slot_state)
    slotted = type(cls)(cls.__name__, cls.__bases__, body)
    slotted.__qualname__ = cls.__qualname__
    home.append(slotted)
    return slotted


def _stubs(sources: Dict[str, str], namespace: Dict[str, Any], home: List[type]) -> Dict[str, Any]:
    """Stand-ins for the generated methods of the class `home` will hold: the first call of one
    compiles it and puts it in its place (where the class does not define its own). Compiling
    is most of what a record costs, and a run uses few of the methods: a one-file scan makes
    about half of the records and compares or hashes fewer still."""

    def real(name: str) -> Any:
        if name not in namespace:
            # source built from the field names; its code object kept across runs
            exec(_compiled(sources[name]), namespace)  # noqa: S102
            cls = home[0]
            if getattr(cls.__dict__.get(name), "__stub__", False):
                setattr(cls, name, namespace[name])
        return namespace[name]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        real("__init__")(self, *args, **kwargs)

    def __eq__(self: Any, other: Any) -> Any:
        return real("__eq__")(self, other)

    def __hash__(self: Any) -> Any:
        return real("__hash__")(self)

    stubs = {"__init__": __init__, "__eq__": __eq__, "__hash__": __hash__}
    for stub in stubs.values():
        stub.__stub__ = True  # type: ignore[attr-defined]
    return {name: stubs[name] for name in sources}


#: the user-cache file of generated methods' code objects, named for the interpreter (code
#: objects are not portable across versions); None until read
_CODE_FILE = f"records-{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal"
_codes: Optional[Dict[str, CodeType]] = None


def _compiled(source: str) -> CodeType:
    """The code of one generated method, from the user cache when an earlier run compiled it:
    compiling is most of a record's cost, about 1.5 ms of a one-file scan's start-up. A miss is
    compiled and the file rewritten (atomically; concurrent runs lose at most an entry)."""
    global _codes
    from .usercache import cache_file, store

    where = cache_file(_CODE_FILE)
    if _codes is None:
        _codes = _read_codes(where) if where is not None else {}
    code = _codes.get(source)
    if code is None:
        code = _codes[source] = compile(source, "<record>", "exec")
        if where is not None:
            store(where, marshal.dumps(_codes))
    return code


def _read_codes(where: Path) -> Dict[str, CodeType]:
    """The stored code objects, or none when the file is missing, damaged, or could have been
    written by anyone but this user (its code runs here, as a .pyc's would)."""
    try:
        with open(where, "rb") as handle:
            info = os.fstat(handle.fileno())
            if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o022):
                return {}
            stored = marshal.loads(handle.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(stored, dict):
        return {}
    return {k: v for k, v in stored.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _init_source(found: List[Field], frozen: bool, post_init: bool, namespace: Dict) -> str:
    parameters = ["self"]
    lines = []
    for f in found:
        name = f.name
        if f.default_factory is not MISSING:
            namespace[f"_factory_{name}"] = f.default_factory
            value = f"_factory_{name}()"
            if f.init:
                parameters.append(f"{name}=_MISSING")
                value = f"{value} if {name} is _MISSING else {name}"
        elif f.init:
            if f.default is not MISSING:
                namespace[f"_default_{name}"] = f.default
                parameters.append(f"{name}=_default_{name}")
            else:
                parameters.append(name)
            value = name
        elif f.default is not MISSING:
            namespace[f"_default_{name}"] = f.default
            value = f"_default_{name}"
        else:
            continue
        lines.append(f"  _set(self, {name!r}, {value})" if frozen else f"  self.{name} = {value}")
    if post_init:
        lines.append("  self.__post_init__()")
    return f"def __init__({', '.join(parameters)}):\n" + ("\n".join(lines) or "  pass") + "\n"


def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
    return f"{type(self).__qualname__}({shown})"


def _frozen_set(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delete(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _slot_state(self: Any) -> Tuple[Any, ...]:
    return tuple(getattr(self, f.name) for f in fields(self))


def _set_slot_state(self: Any, state: Tuple[Any, ...]) -> None:
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)
