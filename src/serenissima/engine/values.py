"""Cheap copies of frozen ``attrs`` values, for the hot paths of rulesets.

A state is an immutable value, so every action makes new ones. ``attrs.evolve``
walks the class's fields on every call; :func:`replacer` generates, once per
class, a function that builds the copy with one call to the class, so it costs
what the constructor costs and no more. The copy goes through ``__init__``, so
validators and converters run exactly as with ``evolve``.

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
    fields = [field for field in attrs.fields(cls) if field.init]  # type: ignore[arg-type]
    params = ", ".join(f"{field.alias}=_missing" for field in fields)
    # positional arguments first, then the keyword-only fields by name
    ordered = sorted(fields, key=lambda field: field.kw_only)
    args = ", ".join(
        f"{field.alias + '=' if field.kw_only else ''}"
        f"(value.{field.name} if {field.alias} is _missing else {field.alias})"
        for field in ordered
    )
    source = (
        f"def replace(value, *, {params}):\n    return _cls({args})\n"
        if fields
        else "def replace(value):\n    return _cls()\n"
    )
    namespace: dict[str, Any] = {"_cls": cls, "_missing": _MISSING}
    exec(compile(source, f"<replacer of {cls.__qualname__}>", "exec"), namespace)
    replace: Callable[..., T] = namespace["replace"]
    replace.__qualname__ = f"replacer({cls.__qualname__})"
    replace.__doc__ = f"Return a copy of a {cls.__qualname__} with the given fields changed."
    return replace
