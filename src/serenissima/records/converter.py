"""The ``cattrs`` converter of each edition, and the hooks that make its JSON strict.

Each ruleset gets one configured :class:`cattrs.Converter`, built on first use
and cached per engine. The converter writes:

- an action or an event as an object whose ``"type"`` key (:data:`TAG`) names its class,
  wherever the declared type is the edition's union (or :class:`~serenissima.engine.core.Action`
  / :class:`~serenissima.engine.core.Event` itself); the same holds for every union
  the engine lists in ``engine.unions``;
- a :class:`~fractions.Fraction` as a ``"p/q"`` string;
- an enum member as its value; a tuple as a list.

A union of other types (such as ``str | tuple[str, ...]``) is read by the kind
of JSON value found: a string, a number, a list, an object.

Reading is strict: an integer field does not accept ``"3"``, a flag does not
accept ``"yes"``, and unknown keys are refused. :mod:`~serenissima.records.serialize`
reads and writes JSON with this converter.
"""

from __future__ import annotations

import enum
import functools
import operator
import re
import types
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from serenissima.engine.core import Action, Event

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Engine, Ruleset

__all__ = ["TAG", "converter"]

TAG = "type"
"""The key that names the class of a polymorphic payload (an action, an event...)."""

_FRACTION = re.compile(r"-?[0-9]+(/[0-9]+)?")

_CONVERTERS: dict[int, tuple[Engine, cattrs.Converter]] = {}


class _BadValueError(ValueError):
    """A value the converter refuses, with a message meant for the reader."""


def converter(rules: Ruleset) -> cattrs.Converter:
    """Return the converter configured for the edition of ``rules``.

    The converter is built once per engine and shared by every ruleset that
    uses that engine.

    Args:
        rules: The ruleset.

    Returns:
        The configured converter (do not register more hooks on it).

    Examples:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> from serenissima.records.converter import converter
        >>> converter(rules) is converter(load_ruleset("modern"))
        True
    """
    engine = rules.engine
    cached = _CONVERTERS.get(id(engine))
    if cached is not None and cached[0] is engine:
        return cached[1]
    conv = _build(engine)
    _CONVERTERS[id(engine)] = (engine, conv)
    return conv


def type_name(cls: Any) -> str:
    """Return how an error message names the type ``cls``: ``int``, ``null``, or its ``repr``."""
    if cls is type(None):
        return "null"
    if get_origin(cls) is None and hasattr(cls, "__name__"):
        return str(cls.__name__)
    return repr(cls)


def format_failure(exc: BaseException, cls: type | None) -> str:
    """Return the message of one failure of the converter, for ``cattrs.transform_error``."""
    if isinstance(exc, _BadValueError):
        return str(exc)
    return format_exception(exc, cls)


def _build(engine: Engine) -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    _configure_scalars(conv)
    actions = tuple(engine.action_types)
    events = tuple(engine.event_types)
    unions: tuple[Any, ...] = tuple(engine.unions)
    # Placeholders first: a class hook generated while configuring one union may
    # need the hook of another union, which must then already be registered.
    for union in unions:
        _register_placeholder(conv, union)
    _register_base(conv, Action, actions)
    _register_base(conv, Event, events)
    for union in unions:
        _configure_union(conv, union)
    _configure_base(conv, Action, actions)
    _configure_base(conv, Event, events)
    return conv


def _configure_scalars(conv: cattrs.Converter) -> None:
    conv.register_structure_hook_factory(_is_mixed_union, _mixed_union_hook)
    conv.register_unstructure_hook(Fraction, _unstructure_fraction)
    conv.register_structure_hook(Fraction, _structure_fraction)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(float, _structure_float)


_KIND_OF_VALUE: dict[type, str] = {
    type(None): "null",
    bool: "bool",
    int: "int",
    float: "float",
    str: "str",
    list: "list",
    dict: "object",
}
_ALL_KINDS = frozenset(_KIND_OF_VALUE.values())


def _kinds(cls: Any) -> frozenset[str]:
    """Return the kinds of JSON value that ``cls`` is written as."""
    simple = {
        type(None): {"null"},
        bool: {"bool"},
        int: {"int"},
        float: {"int", "float"},
        str: {"str"},
        Fraction: {"str", "int"},
    }
    if cls in simple:
        return frozenset(simple[cls])
    if isinstance(cls, type) and issubclass(cls, enum.Enum):
        return frozenset(_KIND_OF_VALUE.get(type(m.value), "object") for m in cls)
    origin = get_origin(cls) or cls
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return frozenset({"object"})
    if isinstance(origin, type) and issubclass(origin, Collection) and origin is not str:
        return frozenset({"list"})
    if attrs.has(origin):
        return frozenset({"object"})
    return _ALL_KINDS


def _is_mixed_union(cls: Any) -> bool:
    """A union that cattrs cannot read alone: not only classes, and not just ``X | None``."""
    if get_origin(cls) not in (Union, types.UnionType):
        return False
    members = [arg for arg in get_args(cls) if arg is not type(None)]
    return len(members) > 1 and not all(attrs.has(arg) for arg in members)


def _mixed_union_hook(cls: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """Read a union of types that JSON tells apart by the kind of value (string, list...)."""
    members = [(arg, _kinds(arg)) for arg in get_args(cls)]
    names = " or ".join(type_name(arg) for arg in get_args(cls))

    def structure(value: Any, _: Any) -> Any:
        kind = _KIND_OF_VALUE.get(type(value), "unknown")
        candidates = [arg for arg, kinds in members if kind in kinds]
        if not candidates:
            raise _BadValueError(f"expected {names}, got {value!r}")
        for arg in candidates[:-1]:
            try:
                return conv.structure(value, arg)
            except Exception:  # try the next member that fits
                continue
        return conv.structure(value, candidates[-1])

    return structure


def _unstructure_fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _structure_fraction(value: Any, _: type) -> Fraction:
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.fullmatch(value):
        numerator, _slash, denominator = value.partition("/")
        if denominator and int(denominator) == 0:
            raise _BadValueError(f"expected a fraction 'p/q' with q > 0, got {value!r}")
        return Fraction(int(numerator), int(denominator or "1"))
    raise _BadValueError(f"expected a fraction such as '1/6', got {value!r}")


def _structure_int(value: Any, _: type) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _BadValueError(f"expected an integer, got {value!r}")


def _structure_bool(value: Any, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise _BadValueError(f"expected true or false, got {value!r}")


def _structure_str(value: Any, _: type) -> str:
    if isinstance(value, str):
        return value
    raise _BadValueError(f"expected a string, got {value!r}")


def _structure_float(value: Any, _: type) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    raise _BadValueError(f"expected a number, got {value!r}")


def _union_of(classes: tuple[type, ...]) -> Any:
    return functools.reduce(operator.or_, classes)


def _members(union: Any) -> tuple[tuple[type, ...], bool]:
    """Split a union into its classes and whether it admits ``None``."""
    if get_origin(union) not in (Union, types.UnionType):
        raise TypeError(f"engine.unions holds {union!r}, which is not a union type")
    args = get_args(union)
    classes = tuple(arg for arg in args if arg is not type(None))
    return classes, len(classes) != len(args)


def _taggable(classes: tuple[type, ...]) -> bool:
    return len(classes) > 1 and all(attrs.has(cls) for cls in classes)


def _register_placeholder(conv: cattrs.Converter, union: Any) -> None:
    classes, _optional = _members(union)
    if not _taggable(classes):
        return
    # cattrs keeps the structure hooks of unions in a table of its own, by union.
    conv.register_structure_hook(union, lambda value, _: conv.structure(value, union))
    conv.register_unstructure_hook_func(
        functools.partial(operator.eq, union),
        lambda obj: conv.unstructure(obj, unstructure_as=union),
    )


def _register_base(conv: cattrs.Converter, base: type, classes: tuple[type, ...]) -> None:
    """Make fields declared as ``base`` (Action or Event) read and write the edition's union.

    A single class is handled by :func:`_configure_base` alone.
    """
    if len(classes) < 2:
        return
    target = _union_of(classes)

    def structure(value: Any, _: Any) -> Any:
        return conv.structure(value, target)

    def unstructure(obj: Any) -> Any:
        return conv.unstructure(obj, unstructure_as=target)

    conv.register_structure_hook_func(functools.partial(operator.is_, base), structure)
    conv.register_unstructure_hook_func(functools.partial(operator.is_, base), unstructure)


def _configure_union(conv: cattrs.Converter, union: Any) -> None:
    classes, optional = _members(union)
    if not _taggable(classes):
        return
    plain = _union_of(classes)
    _configure_tagged(conv, plain, classes)
    if optional:
        _register_optional(conv, union, plain)


def _configure_base(conv: cattrs.Converter, base: type, classes: tuple[type, ...]) -> None:
    if not classes:
        return
    if len(classes) > 1:
        _configure_tagged(conv, _union_of(classes), classes)
        return
    # A single class is no union, but its payload still carries its tag.
    (cls,) = classes
    structure_member = conv.get_structure_hook(cls)
    unstructure_member = conv.get_unstructure_hook(cls)
    tags = {cls.__name__: cls}

    def structure(value: Any, _: Any) -> Any:
        _check_tag(value, tags)
        rest = {k: v for k, v in value.items() if k != TAG}
        return structure_member(rest, cls)

    def unstructure(obj: Any) -> Any:
        data = unstructure_member(obj)
        data[TAG] = type(obj).__name__
        return data

    conv.register_structure_hook_func(functools.partial(operator.is_, base), structure)
    conv.register_unstructure_hook_func(functools.partial(operator.is_, base), unstructure)


def _configure_tagged(conv: cattrs.Converter, union: Any, classes: tuple[type, ...]) -> None:
    names = [cls.__name__ for cls in classes]
    if len(set(names)) != len(names):
        raise TypeError(f"the classes of {union!r} do not have distinct names")
    configure_tagged_union(union, conv, tag_generator=_tag_of, tag_name=TAG)
    tagged: Callable[[Any, Any], Any] = conv.get_structure_hook(union)
    tags = dict(zip(names, classes, strict=True))

    def structure(value: Any, cls: Any) -> Any:
        _check_tag(value, tags)
        return tagged(value, cls)

    conv.register_structure_hook(union, structure)


def _tag_of(cls: type) -> str:
    return cls.__name__


def _check_tag(value: Any, tags: dict[str, type]) -> None:
    known = ", ".join(tags)
    if not isinstance(value, dict):
        raise _BadValueError(f"expected an object with a {TAG!r} key ({known}), got {value!r}")
    if TAG not in value:
        raise _BadValueError(f"missing the {TAG!r} key that names one of {known}")
    if value[TAG] not in tags:
        raise _BadValueError(f"unknown {TAG} {value[TAG]!r}; expected one of {known}")


def _register_optional(conv: cattrs.Converter, union: Any, plain: Any) -> None:
    def structure(value: Any, _: Any) -> Any:
        return None if value is None else conv.structure(value, plain)

    def unstructure(obj: Any) -> Any:
        return None if obj is None else conv.unstructure(obj, unstructure_as=plain)

    conv.register_structure_hook(union, structure)
    conv.register_unstructure_hook_func(functools.partial(operator.eq, union), unstructure)
