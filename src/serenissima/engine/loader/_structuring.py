"""Structuring parsed TOML into frozen ``attrs`` classes, with key-path errors.

:func:`structure` builds the declarative spec classes with one strictly
configured ``cattrs`` converter: integers, strings and booleans must have
exactly that TOML type, enums are given by their value, unknown keys are
refused. The first problem is reported as a
:class:`~serenissima.engine.errors.RulesetError` that names the file, the key
path (list indexes count from 0) and what was expected::

    board.toml: ports[7].warehouse: expected an integer, got 'five'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, is_sequence
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn

from serenissima.engine.errors import RulesetError

__all__ = ["structure"]

_T = TypeVar("_T")


class _MismatchError(Exception):
    """A value of the wrong shape, raised inside the converter's hooks."""

    def __init__(self, expected: str, got: object) -> None:
        super().__init__(f"expected {expected}, got {describe(got)}")


def describe(value: object) -> str:
    """Return a TOML value as an error message shows it: ``'five'``, ``true``, ``a table``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str | int | float):
        return repr(value)
    return type(value).__name__


def _structure_int(value: object, _: type) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _MismatchError("an integer", value)


def _structure_str(value: object, _: type) -> str:
    if isinstance(value, str):
        return value
    raise _MismatchError("a string", value)


def _structure_bool(value: object, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise _MismatchError("true or false", value)


def _structure_position(value: object, _: type) -> tuple[float, float]:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return float(value[0]), float(value[1])
    raise _MismatchError("[longitude, latitude], two numbers", value)


def _structure_option_value(value: object, _: type) -> str | bool | tuple[str, ...]:
    if isinstance(value, str | bool):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    raise _MismatchError("a string, true or false, or a list of strings", value)


def _enum_hook(cls: type[enum.Enum], _: cattrs.Converter) -> Callable[[object, type], enum.Enum]:
    values = [member.value for member in cls]

    def structure_enum(value: object, _: type) -> enum.Enum:
        if value in values and isinstance(value, str):
            return cls(value)
        raise _MismatchError(f"one of {', '.join(str(v) for v in values)}", value)

    return structure_enum


def _tuple_hook(
    cls: type, converter: cattrs.Converter
) -> Callable[[object, type], tuple[Any, ...]]:
    inner = homogenous_tuple_structure_factory(cls, converter)

    def structure_tuple(value: object, cl: type) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _MismatchError("a list", value)
        result: tuple[Any, ...] = inner(value, cl)
        return result

    return structure_tuple


def _is_optional_without_default(field: attrs.Attribute[Any]) -> bool:
    args = getattr(field.type, "__args__", ())
    return field.default is attrs.NOTHING and type(None) in args


def _attrs_hook(cls: type, converter: cattrs.Converter) -> Callable[[object, type], Any]:
    attrs.resolve_types(cls)
    inner: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter)
    # TOML has no null: a key that may be None and has no default is None when omitted.
    nullable = [f.name for f in attrs.fields(cls) if _is_optional_without_default(f)]

    def structure_attrs(value: object, cl: type) -> Any:
        if not isinstance(value, dict):
            raise _MismatchError("a table", value)
        missing = [name for name in nullable if name not in value]
        if missing:
            value = {**value, **dict.fromkeys(missing)}
        return inner(value, cl)

    return structure_attrs


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook_func(
        lambda t: t == (str | bool | tuple[str, ...]), _structure_option_value
    )
    converter.register_structure_hook_func(lambda t: t == tuple[float, float], _structure_position)
    converter.register_structure_hook_factory(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_hook
    )
    converter.register_structure_hook_factory(
        lambda t: is_sequence(t) and getattr(t, "__origin__", None) is tuple, _tuple_hook
    )
    converter.register_structure_hook_factory(attrs.has, _attrs_hook)
    return converter


_CONVERTER = _make_converter()


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _first_problem(exc: BaseException, path: str) -> tuple[str, str]:
    """Return the key path and message of the first failure in a cattrs error tree."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        for sub in exc.exceptions:
            sub_path = path
            for note in getattr(sub, "__notes__", ()):
                if isinstance(note, AttributeValidationNote):
                    sub_path = _join(path, note.name)
                    break
                if isinstance(note, IterableValidationNote):
                    sub_path = _join(path, note.index)
                    break
            where, expected = _first_problem(sub, sub_path)
            extra = [e for e in exc.exceptions if isinstance(e, ForbiddenExtraKeysError)]
            if isinstance(sub, KeyError) and extra:
                # A missing key next to an unknown one is most likely a misspelling.
                expected += f" (found unknown {_unknown_keys(extra[0])})"
            return where, expected
        return path, "invalid value"
    if isinstance(exc, ForbiddenExtraKeysError):
        known = ", ".join(sorted(f.name for f in attrs.fields(exc.cl)))
        return path, f"unknown {_unknown_keys(exc)} (expected one of {known})"
    if isinstance(exc, KeyError):
        return path, "required key missing"
    if isinstance(exc, _MismatchError):
        return path, str(exc)
    return path, f"invalid value ({exc})"


def _unknown_keys(exc: ForbiddenExtraKeysError) -> str:
    plural = "s" if len(exc.extra_fields) > 1 else ""
    return f"key{plural} {', '.join(repr(k) for k in sorted(exc.extra_fields))}"


def structure(data: object, cls: type[_T], *, file: str, key: str = "") -> _T:
    """Structure parsed TOML into a frozen ``attrs`` class (or a tuple of them).

    Integers, strings and booleans must have exactly that TOML type, tuples
    must be TOML arrays, enums are given by their string value, and unknown
    keys are refused. A key whose type allows ``None`` and which has no
    default is ``None`` when omitted (TOML has no null).

    Args:
        data: Parsed TOML (a table, or an array for tuple types).
        cls: The class to build, e.g. ``BoardSpec`` or ``tuple[OptionSpec, ...]``.
        file: The file the data comes from, for error messages.
        key: The key path of ``data`` inside the file (``""`` for the whole file).

    Returns:
        The structured instance.

    Raises:
        RulesetError: The first problem found, e.g. ``ports[7].warehouse:
            expected an integer, got 'five'``.

    Examples:
        >>> from serenissima.engine.loader import structure
        >>> from serenissima.engine.spec import EdgeSpec
        >>> edge = {"a": "venice", "b": "ragusa", "source": "public"}
        >>> structure(edge, EdgeSpec, file="board.toml")
        EdgeSpec(a='venice', b='ragusa', source=<Source.PUBLIC: 'public'>)
        >>> structure({**edge, "b": 3}, EdgeSpec, file="board.toml", key="edges[0]")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: edges[0].b: expected a string, got 3
    """
    try:
        result: _T = _CONVERTER.structure(data, cls)
    except (cattrs.BaseValidationError, ForbiddenExtraKeysError, _MismatchError, KeyError) as exc:
        where, expected = _first_problem(exc, key)
        raise RulesetError(file, where, expected) from exc
    return result
