"""The record decorator behaves as the dataclasses it replaced: construction, defaults, equality
and hashing, frozenness, slots, pickling, replace()."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import List, Tuple

import pytest

from sarifbandit import records
from sarifbandit.records import FrozenInstanceError, field, fields, is_record, record, replace


@record(frozen=True)
class Point:
    """A frozen record with defaults."""

    x: int
    y: int = 0
    tags: Tuple[str, ...] = ()
    seen: List[int] = field(default_factory=list, compare=False, repr=False)


@record(slots=True)
class Slotted:
    name: str
    items: List[int] = field(default_factory=list)


@record(frozen=True, slots=True)
class FrozenSlotted:
    name: str
    size: int = 1


@record(frozen=True, eq=False)
class ByIdentity:
    name: str


@record
class Derived:
    text: str
    length: int = field(init=False)

    def __post_init__(self) -> None:
        self.length = len(self.text)


@record
class OwnEquality:
    key: str
    note: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OwnEquality) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


def test_fields_positional_keyword_and_defaults() -> None:
    assert Point(1) == Point(x=1, y=0, tags=())
    assert Point(1, 2).y == 2
    assert [f.name for f in fields(Point)] == ["x", "y", "tags", "seen"]
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_a_default_factory_gives_each_instance_its_own_value() -> None:
    first, second = Slotted("a"), Slotted("b")
    first.items.append(1)
    assert second.items == []


def test_equality_and_hash_follow_the_compared_fields() -> None:
    assert Point(1, seen=[1]) == Point(1, seen=[2])
    assert hash(Point(1, seen=[1])) == hash(Point(1))
    assert Point(1) != Point(2)
    assert Point(1) != (1, 0, (), [])
    assert {Point(1), Point(1)} == {Point(1)}


def test_a_mutable_record_with_equality_is_unhashable() -> None:
    assert Slotted("a") == Slotted("a")
    with pytest.raises(TypeError):
        hash(Slotted("a"))


def test_without_equality_a_record_is_compared_by_identity() -> None:
    one = ByIdentity("a")
    assert one != ByIdentity("a") and one == one
    assert len({one, ByIdentity("a")}) == 2


def test_frozen_fields_cannot_be_assigned_or_deleted() -> None:
    point = Point(1)
    with pytest.raises(FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del point.x  # type: ignore[misc]
    with pytest.raises(AttributeError):
        FrozenSlotted("a").size = 3  # type: ignore[misc]


def test_slots_leave_no_instance_dict() -> None:
    assert Slotted.__slots__ == ("name", "items")  # type: ignore[attr-defined]
    assert not hasattr(Slotted("a"), "__dict__")
    with pytest.raises(AttributeError):
        Slotted("a").other = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "value", [Point(1, 2, ("a",)), Slotted("a", [1]), FrozenSlotted("b", 3), Derived("abc")]
)
def test_records_survive_pickling(value: object) -> None:
    assert pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)) == value


def test_post_init_sets_fields_not_given() -> None:
    assert Derived("abcd").length == 4
    with pytest.raises(TypeError):
        Derived("a", 1)  # type: ignore[call-arg]


def test_a_class_own_equality_is_kept() -> None:
    assert OwnEquality("k", "one") == OwnEquality("k", "two")
    assert hash(OwnEquality("k", "one")) == hash("k")


def test_replace_and_repr() -> None:
    point = Point(1, 2, seen=[5])
    moved = replace(point, y=3)
    assert moved == Point(1, 3) and moved.seen == [5] and point.y == 2
    assert replace(FrozenSlotted("a"), size=2) == FrozenSlotted("a", 2)
    assert repr(point) == "Point(x=1, y=2, tags=())"
    assert is_record(point) and is_record(Point) and not is_record(object())


def test_methods_are_compiled_on_first_use_and_then_replace_their_stand_ins() -> None:
    @record(frozen=True)
    class Lazy:
        name: str

    assert getattr(Lazy.__dict__["__init__"], "__stub__", False)
    assert getattr(Lazy.__dict__["__hash__"], "__stub__", False)
    first = Lazy("a")
    assert not hasattr(Lazy.__dict__["__init__"], "__stub__")
    assert getattr(Lazy.__dict__["__eq__"], "__stub__", False)  # each method on its own use
    assert first == Lazy("a") and first != Lazy("b")
    assert not hasattr(Lazy.__dict__["__eq__"], "__stub__")
    assert getattr(Lazy.__dict__["__hash__"], "__stub__", False)
    assert hash(first) == hash(Lazy("a"))
    assert not hasattr(Lazy.__dict__["__hash__"], "__stub__")


@record(frozen=True, slots=True)
class Revived:
    size: int


def test_a_record_first_met_unpickled_compares_before_any_init() -> None:
    made = Revived.__new__(Revived)  # as unpickling makes one: no __init__
    object.__setattr__(made, "size", 3)
    revived = pickle.loads(pickle.dumps(made))
    assert getattr(Revived.__dict__["__eq__"], "__stub__", False)
    assert revived == made and revived != 3
    assert not hasattr(Revived.__dict__["__eq__"], "__stub__")


def _fresh_code_cache(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(records, "_codes", None)


def test_generated_methods_are_compiled_once_across_runs(monkeypatch, tmp_path):
    _fresh_code_cache(monkeypatch, tmp_path)

    @record(frozen=True)
    class Fresh:
        first: int
        second: str = "x"

    assert Fresh(1) == Fresh(1, "x") and hash(Fresh(1)) == hash(Fresh(1, "x"))
    stored = tmp_path / "sarifbandit" / records._CODE_FILE
    assert stored.stat().st_mode & 0o777 == 0o600
    # the next run (a fresh memory) reads every method it needs and compiles none
    monkeypatch.setattr(records, "_codes", None)

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(records, "compile", no_compiling, raising=False)

    @record(frozen=True)
    class Again:
        first: int
        second: str = "x"

    assert Again(2) == Again(2, "x") and hash(Again(2)) == hash(Again(2, "x"))


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="ownership is a POSIX notion")
def test_a_code_file_others_could_write_or_a_damaged_one_is_not_read(monkeypatch, tmp_path):
    _fresh_code_cache(monkeypatch, tmp_path)

    @record
    class Probe:
        value: int

    assert Probe(3).value == 3
    stored = tmp_path / "sarifbandit" / records._CODE_FILE
    assert records._read_codes(stored)
    stored.chmod(0o664)
    assert records._read_codes(stored) == {}
    stored.chmod(0o600)
    stored.write_bytes(stored.read_bytes()[:40])
    assert records._read_codes(stored) == {}
    # and a run with such a file still makes its records
    monkeypatch.setattr(records, "_codes", None)

    @record
    class Other:
        value: int

    assert Other(4).value == 4
