"""``NamedTuple`` for referee's records, made at a sixth of typing's cost.

A table command is a short process, and ``typing.NamedTuple`` costs about 0.1 ms a class
(``collections.namedtuple`` compiles each class's ``__new__`` from source, typing checks
every field's type and sets attributes one by one): some 3 ms of start-up for the records
a command loads. This one builds the same class in one ``type()`` call, its ``__new__``
a precompiled one renamed to the fields (as fast to call): a tuple subclass
with the fields as ``_collections._tuplegetter`` properties, ``_fields``,
``_field_defaults``, ``__match_args__``, ``_make``, ``_replace``, ``_asdict``, the same
``repr`` and pickling, the class body's methods and docstring. Type checkers see
``typing.NamedTuple`` itself; ``tests/test_tuples.py`` holds each record to typing's.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    from _collections import _tuplegetter
    from types import FunctionType

    _new_tuple = tuple.__new__
    _GLOBALS = {"_new_tuple": _new_tuple, "__name__": __name__}
    # what typing.NamedTuple refuses to take from a class body
    _PROHIBITED = frozenset(
        ("__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults")
    ) | frozenset(("_make", "_replace", "_asdict", "_source"))

    # ``__new__`` for each number of fields, renamed to the fields: Python binds the
    # arguments (keywords, defaults, its own error messages) as in namedtuple's, whose
    # ``__new__`` is compiled from source for each class instead
    _NEW_BY_ARITY = (
        lambda _cls: _new_tuple(_cls, ()),
        lambda _cls, a: _new_tuple(_cls, (a,)),
        lambda _cls, a, b: _new_tuple(_cls, (a, b)),
        lambda _cls, a, b, c: _new_tuple(_cls, (a, b, c)),
        lambda _cls, a, b, c, d: _new_tuple(_cls, (a, b, c, d)),
        lambda _cls, a, b, c, d, e: _new_tuple(_cls, (a, b, c, d, e)),
        lambda _cls, a, b, c, d, e, f: _new_tuple(_cls, (a, b, c, d, e, f)),
        lambda _cls, a, b, c, d, e, f, g: _new_tuple(_cls, (a, b, c, d, e, f, g)),
        lambda _cls, a, b, c, d, e, f, g, h: _new_tuple(_cls, (a, b, c, d, e, f, g, h)),
        lambda _cls, a, b, c, d, e, f, g, h, i: _new_tuple(_cls, (a, b, c, d, e, f, g, h, i)),
        lambda _cls, a, b, c, d, e, f, g, h, i, j: _new_tuple(_cls, (a, b, c, d, e, f, g, h, i, j)),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, p: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, p)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, p, q: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, p, q)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, p, q, r: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, p, q, r)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, p, q, r, s: _new_tuple(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, p, q, r, s)
        ),
    )

    def _constructor(name: str, fields: tuple[str, ...], defaults: tuple[Any, ...]) -> Any:
        """``__new__`` taking ``fields`` by position or by name, ``defaults`` for the last."""
        if len(fields) >= len(_NEW_BY_ARITY):
            raise TypeError(f"{name}: at most {len(_NEW_BY_ARITY) - 1} fields")
        template = _NEW_BY_ARITY[len(fields)].__code__
        code = template.replace(
            co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{name}.__new__"
        )
        return FunctionType(code, _GLOBALS, "__new__", defaults or None)

    def _repr(self: tuple[Any, ...]) -> str:
        pairs = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self, strict=True))
        return f"{self.__class__.__name__}({pairs})"

    def _make(cls: type, iterable: Any) -> Any:
        made = _new_tuple(cls, iterable)
        if len(made) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(made)}")
        return made

    def _replace(self: Any, /, **kwargs: Any) -> Any:
        made = self._make(map(kwargs.pop, self._fields, self))
        if kwargs:
            raise ValueError(f"Got unexpected field names: {list(kwargs)!r}")
        return made

    def _asdict(self: Any) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))

    def _getnewargs(self: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self)

    class _NamedTupleMeta(type):
        """Makes each ``class X(NamedTuple)`` a tuple subclass in one step."""

        def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
            if bases != (_Base,):
                raise TypeError("can only inherit from a NamedTuple type")
            fields = tuple(ns.get("__annotations__", {}))
            if any(f.startswith("_") for f in fields):
                raise ValueError(f"Field names cannot start with an underscore: {fields}")
            defaults = tuple(ns[f] for f in fields if f in ns)
            if any(f in ns for f in fields[: len(fields) - len(defaults)]):
                raise TypeError(f"Non-default namedtuple field cannot follow a default: {name}")
            body = {k: v for k, v in ns.items() if k not in fields and k != "__name__"}
            clash = _PROHIBITED.intersection(body)
            if clash:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + min(clash))
            body.setdefault("__doc__", f"{name}({', '.join(fields)})")
            body["__slots__"] = ()
            body["_fields"] = fields
            body["_field_defaults"] = dict(
                zip(fields[len(fields) - len(defaults) :], defaults, strict=True)
            )
            body["__match_args__"] = fields
            body["__new__"] = _constructor(name, fields, defaults)
            body["_make"] = classmethod(_make)
            body["_replace"] = _replace
            body["_asdict"] = _asdict
            body["__getnewargs__"] = _getnewargs
            body.setdefault("__repr__", _repr)
            for i, f in enumerate(fields):
                body[f] = _tuplegetter(i, f"Alias for field number {i}")
            return type.__new__(type, name, (tuple,), body)

    _Base = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})

    def NamedTuple(*args: Any, **kwargs: Any) -> Any:
        """Only the class form is used here: ``class Record(NamedTuple): ...``."""
        raise TypeError("use the class form: class Record(NamedTuple): ...")

    NamedTuple.__mro_entries__ = lambda bases: (_Base,)
