"""referee.tuples.NamedTuple behaves as typing.NamedTuple: every record of referee against
a typing twin, and random classes and calls against typing's."""

import copy
import importlib
import inspect
import pickle
import pkgutil
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import referee
from referee.tuples import NamedTuple


def records() -> list[type]:
    """Every class of referee built by referee.tuples."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(referee.__path__, "referee."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            new = getattr(value, "__new__", None)
            if (
                isinstance(value, type)
                and issubclass(value, tuple)
                and getattr(new, "__module__", "") == "referee.tuples"
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


def twin(cls: type) -> Any:
    """A typing.NamedTuple with ``cls``'s fields and defaults."""
    fields: list[tuple[str, Any]] = [(f, object) for f in cls._fields]  # type: ignore[attr-defined]
    made = typing.NamedTuple(cls.__name__, fields)  # type: ignore[misc]
    defaults = cls._field_defaults  # type: ignore[attr-defined]
    made.__new__.__defaults__ = tuple(defaults[f] for f in cls._fields if f in defaults)  # type: ignore[attr-defined]
    made._field_defaults = dict(defaults)
    return made


RECORDS = records()


def _parameters(cls: type) -> list[tuple[str, object, object]]:
    """The constructor's parameters: name, kind and default."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()]


def test_the_records_are_made_here() -> None:
    """The table path's records are ours (typing's would cost 0.1 ms a class again)."""
    names = {f"{c.__module__}.{c.__qualname__}" for c in RECORDS}
    for name in (
        "referee.games.events.Captured",
        "referee.games.plays.Capture",
        "referee.games.facts.Fact",
        "referee.record.FishPlay",
        "referee.registry.GameSpec",
        "referee.logschema.Where",
    ):
        assert name in names
    assert len(RECORDS) >= 25


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_record_is_typings(cls: Any) -> None:
    other = twin(cls)
    assert cls._fields == other._fields
    assert cls.__match_args__ == other.__match_args__
    assert cls._field_defaults == other._field_defaults
    assert issubclass(cls, tuple) and cls.__slots__ == ()
    assert cls.__doc__
    assert _parameters(cls) == _parameters(other)  # bound by Python, as namedtuple's are
    values = [f"<{f}>" for f in cls._fields]
    mine, theirs = cls(*values), other(*values)
    assert mine == theirs and hash(mine) == hash(theirs)
    assert repr(mine) == repr(theirs).replace(other.__name__, cls.__name__, 1)
    assert mine._asdict() == theirs._asdict()
    assert [getattr(mine, f) for f in cls._fields] == values
    assert cls(**dict(zip(cls._fields, values, strict=True))) == mine
    required = len(cls._fields) - len(cls._field_defaults)
    assert cls(*values[:required]) == other(*values[:required])
    if cls._fields:
        first = cls._fields[0]
        assert mine._replace(**{first: 1}) == theirs._replace(**{first: 1})
        assert type(mine._replace(**{first: 1})) is cls
    assert pickle.loads(pickle.dumps(mine)) == mine
    assert type(copy.deepcopy(mine)) is cls
    assert type(cls._make(values)) is cls


def _call(cls: Any, args: list[int], kwargs: dict[str, int]) -> tuple[Any, ...] | str:
    try:
        return tuple(cls(*args, **kwargs))
    except TypeError:
        return "TypeError"


NAMES = ["a", "b", "c", "d", "e", "f"]


@given(
    n=st.integers(0, 5),
    d=st.integers(0, 5),
    args=st.lists(st.integers(0, 9), max_size=7),
    kwargs=st.dictionaries(st.sampled_from([*NAMES, "zz"]), st.integers(10, 19), max_size=4),
)
def test_calls_bind_as_typings_do(n: int, d: int, args: list[int], kwargs: dict[str, int]) -> None:
    d = min(d, n)
    fields = NAMES[:n]
    defaults = [100 + i for i in range(d)]
    ns: dict[str, Any] = {"__annotations__": dict.fromkeys(fields, int)}
    ns.update(zip(fields[n - d :], defaults, strict=True))
    base = referee.tuples._Base  # type: ignore[attr-defined]
    mine = type(base)("Rec", (base,), dict(ns, __module__=__name__))
    theirs = typing.NamedTupleMeta("Rec", (typing._NamedTuple,), dict(ns, __module__=__name__))  # type: ignore[attr-defined]
    assert _call(mine, args, kwargs) == _call(theirs, args, kwargs)
    if _call(theirs, args, kwargs) != "TypeError":
        made, other = mine(*args, **kwargs), theirs(*args, **kwargs)
        assert repr(made) == repr(other)
        for key in kwargs:
            try:
                expected: Any = other._replace(**{key: 0})
            except ValueError:
                with pytest.raises(ValueError):
                    made._replace(**{key: 0})
            else:
                assert made._replace(**{key: 0}) == expected


def test_what_typing_refuses_is_refused() -> None:
    with pytest.raises(TypeError):

        class Late(NamedTuple):
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(AttributeError):

        class Replaced(NamedTuple):
            a: int

            def _replace(self, **kwargs: Any) -> Any:  # type: ignore[override]
                return self

    with pytest.raises(TypeError):
        NamedTuple("Functional", [("a", int)])  # type: ignore[call-overload]


def test_methods_and_docstring_are_kept() -> None:
    class Pair(NamedTuple):
        """Two numbers."""

        x: int
        y: int = 2

        def total(self) -> int:
            return self.x + self.y

    assert Pair(1).total() == 3
    assert Pair.__doc__ == "Two numbers."
    assert Pair.__qualname__.endswith("Pair")
    match Pair(5, 6):
        case Pair(x, y):
            assert (x, y) == (5, 6)
