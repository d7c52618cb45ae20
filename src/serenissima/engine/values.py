"""Cheap copies of frozen ``attrs`` values, for the hot paths of rulesets.

A state is an immutable value, so every action makes new ones. ``attrs.evolve``
walks the class's fields on every call; :func:`replacer` generates, once per
class, a function that makes the copy in one go. For a plain slotted class (no
validators, converters, ``on_setattr`` hooks, post-init or cached hash: what
``__init__`` would do is then only to store each field) it writes the copy's
slots directly, skipping ``__init__``; for any other class it calls the class,
so validators and converters run exactly as with ``evolve``.

Example:
    >>> import attrs
    >>> from serenissima.engine.values import replacer
    >>> @attrs.frozen(slots=True)
    ... class Galley:
    ...     area: str
    ...     sailors: int = 0
    >>> replace_galley = replacer(Galley)
    >>> replace_galley(Galley("Venezia", 3), sailors=2)
    Galley(area='Venezia', sailors=2)
    >>> replace_galley(Galley("Venezia"), crew=2)
    Traceback (most recent call last):
    ...
    TypeError: replacer(Galley)() got an unexpected keyword argument 'crew'
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

import attrs

__all__ = ["replacer"]

T = TypeVar("T")

_MISSING: Any = object()


def replacer(cls: type[T]) -> Callable[..., T]:
    """Return a function ``replace(value, **changes)`` for instances of ``cls``.

    It returns a new instance equal to ``attrs.evolve(value, **changes)``: the
    fields named in ``changes`` take the new values (by their ``__init__``
    names), the others are copied. Fields with ``init=False`` are left to the
    constructor, as ``evolve`` does.

    Args:
        cls: An ``attrs`` class.

    Returns:
        The generated function. Unknown field names raise ``TypeError``.

    Example:
        >>> import attrs
        >>> from serenissima.engine.values import replacer
        >>> @attrs.frozen(slots=True)
        ... class Port:
        ...     owner: int | None = None
        ...     sailors: int = 0
        >>> port = Port(owner=1, sailors=2)
        >>> replacer(Port)(port, sailors=0) == attrs.evolve(port, sailors=0)
        True
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    setters = _slot_setters(cls, fields)
    params = ", ".join(f"{field.alias}=_missing" for field in fields if field.init)
    if setters is not None:  # store each slot, as __init__ would, without calling it
        body = "".join(
            f"    _set_{field.name}(new, value.{field.name} if {field.alias} is _missing "
            f"else {field.alias})\n"
            for field in fields
        )
        source = f"def replace(value, *, {params}):\n    new = _new(_cls)\n{body}    return new\n"
    else:  # through the constructor; positional arguments first, then keyword-only ones
        ordered = sorted((field for field in fields if field.init), key=lambda f: f.kw_only)
        args = ", ".join(
            f"{field.alias + '=' if field.kw_only else ''}"
            f"(value.{field.name} if {field.alias} is _missing else {field.alias})"
            for field in ordered
        )
        source = (
            f"def replace(value, *, {params}):\n    return _cls({args})\n"
            if params
            else "def replace(value):\n    return _cls()\n"
        )
    namespace: dict[str, Any] = {"_cls": cls, "_missing": _MISSING, "_new": object.__new__}
    namespace.update(setters or {})
    exec(compile(source, f"<replacer of {cls.__qualname__}>", "exec"), namespace)
    replace: Callable[..., T] = namespace["replace"]
    replace.__qualname__ = f"replacer({cls.__qualname__})"
    replace.__doc__ = f"Return a copy of a {cls.__qualname__} with the given fields changed."
    return replace


def _slot_setters(cls: type, fields: Any) -> dict[str, Callable[[Any, Any], None]] | None:
    """The slot setter of each field, when storing the fields is all ``__init__`` does.

    ``None`` when the class is not slotted, or when building an instance does
    more than store its ``__init__`` arguments: a field left out of ``__init__``,
    a validator, a converter, an ``on_setattr`` hook, a pre- or post-init method,
    or a cached hash.
    """
    if (
        not fields
        or any(hasattr(cls, name) for name in ("__attrs_pre_init__", "__attrs_post_init__"))
        or any(
            not field.init
            or field.validator is not None
            or field.converter is not None
            or field.on_setattr not in (None, attrs.setters.NO_OP)
            for field in fields
        )
    ):
        return None
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    if any("cached_hash" in name for name in slots):
        return None
    setters = {}
    for field in fields:
        owner = next((k for k in cls.__mro__ if field.name in vars(k)), None)
        slot = vars(owner).get(field.name) if owner is not None else None
        if not isinstance(slot, MemberDescriptorType):
            return None
        setters[f"_set_{field.name}"] = slot.__set__
    return setters
