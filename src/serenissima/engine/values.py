"""Cheap copies of frozen ``attrs`` values, for the hot paths of rulesets.

A state is an immutable value, so every action makes new ones. ``attrs.evolve``
walks the class's fields on every call; :func:`replacer` generates, once per
class, a function that makes the copy in one go. For a plain slotted class (no
validators, converters, ``on_setattr`` hooks, post-init or cached hash: what
``__init__`` would do is then only to store each field) it writes the copy's
slots directly, skipping ``__init__``: the copy is made as an instance of a
subclass that adds no slots and accepts plain assignment (a draft), filled in
and then given the class itself, which the shared layout allows, so each field
costs one assignment rather than a call; for any other class it calls the class,
so validators and converters run exactly as with ``evolve``. New values are
made cheaper the same way: :func:`slot_init` gives such a class an
``__init__`` that writes its slots directly.

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

from serenissima.engine.errors import ArgumentValueError

__all__ = ["replacer", "slot_init"]

T = TypeVar("T")

_MISSING: Any = object()

_FACTORY: type = attrs.Factory  # type: ignore[assignment]
"""The class of a default made by a factory (``attrs.Factory`` is typed as a function)."""


def replacer(cls: type[T], *changed: str) -> Callable[..., T]:
    """Return a function ``replace(value, **changes)`` for instances of ``cls``.

    It returns a new instance equal to ``attrs.evolve(value, **changes)``: the
    fields named in ``changes`` take the new values (by their ``__init__``
    names), the others are copied. Fields with ``init=False`` are left to the
    constructor, as ``evolve`` does.

    With field names in ``changed``, the function changes those fields, and
    only those: ``replace(value, *new_values)`` takes their new values in that
    order, and copies the other fields without asking whether each one
    changes (about a quarter faster, for a copy a hot path makes again and again).

    Args:
        cls: An ``attrs`` class.
        changed: The ``__init__`` names of the fields a specialised function changes.

    Returns:
        The generated function. Unknown field names raise ``TypeError``.

    Raises:
        ArgumentValueError: A name in ``changed`` is not an ``__init__`` field of
            ``cls``, or is given twice.

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
        >>> replacer(Port, "sailors", "owner")(port, 5, None)
        Port(owner=None, sailors=5)
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    aliases = [field.alias for field in fields if field.init]
    if len(set(changed)) != len(changed) or not set(changed) <= set(aliases):
        raise ArgumentValueError(
            f"fields to change must be distinct __init__ fields of {cls.__qualname__} "
            f"({', '.join(aliases)}), not {', '.join(changed)}"
        )
    setters = _slot_setters(cls, fields)

    def new_value(field: Any) -> str:
        """The expression of a field's value in the copy."""
        if changed:
            return field.alias if field.alias in changed else f"value.{field.name}"
        return f"value.{field.name} if {field.alias} is _missing else {field.alias}"

    if changed:
        params = ", ".join(changed)
        signature = f"def replace(value, {params}):\n"
    else:
        params = ", ".join(f"{alias}=_missing" for alias in aliases)
        signature = f"def replace(value, *, {params}):\n" if params else "def replace(value):\n"
    draft: type | None = None
    if setters is not None:  # store each slot, as __init__ would, without calling it
        # by plain assignment to a draft of the class's layout (see _draft), then the class
        draft = _draft(cls)
        body = "".join(f"    new.{field.name} = {new_value(field)}\n" for field in fields)
        source = (
            f"{signature}    new = _new(_draft)\n{body}    new.__class__ = _cls\n    return new\n"
        )
    else:  # through the constructor; positional arguments first, then keyword-only ones
        ordered = sorted((field for field in fields if field.init), key=lambda f: f.kw_only)
        args = ", ".join(
            f"{field.alias + '=' if field.kw_only else ''}({new_value(field)})" for field in ordered
        )
        source = f"{signature}    return _cls({args})\n"
    namespace: dict[str, Any] = {
        "_cls": cls,
        "_draft": draft,
        "_missing": _MISSING,
        "_new": object.__new__,
    }
    exec(compile(source, f"<replacer of {cls.__qualname__}>", "exec"), namespace)
    replace: Callable[..., T] = namespace["replace"]
    replace.__qualname__ = f"replacer({cls.__qualname__})"
    replace.__doc__ = f"Return a copy of a {cls.__qualname__} with the given fields changed."
    return replace


def slot_init(cls: type[T]) -> type[T]:
    """Give a plain slotted ``attrs`` class an ``__init__`` that writes its slots directly.

    The class must be one whose slots :func:`replacer` writes (no validators,
    converters, ``on_setattr`` hooks, post-init or cached hash), with plain
    default values (no factories). The new ``__init__`` takes the same
    arguments and makes the same value as the one ``attrs`` wrote, in about
    half the time for five fields: that one sets each field through
    ``object.__setattr__``, as a frozen class refuses plain assignment, where
    this one writes the value as a draft that takes plain assignment (see
    :func:`replacer`) and then gives it back its class; a class of one or two
    fields has its slots set one by one. Put it above the ``attrs`` decorator.

    Args:
        cls: The class; its ``__init__`` is replaced.

    Returns:
        The class.

    Raises:
        ArgumentValueError: The class is not such a class.

    Example:
        >>> import attrs
        >>> from serenissima.engine.values import slot_init
        >>> @slot_init
        ... @attrs.frozen(slots=True)
        ... class Port:
        ...     owner: int | None
        ...     sailors: int = 0
        ...     forts: int = attrs.field(default=0, kw_only=True)
        >>> Port(1), Port(None, 3, forts=1) == Port(owner=None, sailors=3, forts=1)
        (Port(owner=1, sailors=0, forts=0), True)
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    setters = _slot_setters(cls, fields)
    factory = any(isinstance(field.default, _FACTORY) for field in fields)
    if setters is None or factory:
        raise ArgumentValueError(
            f"{cls.__qualname__} is not a plain slotted attrs class with plain default values"
        )

    def param(field: Any) -> str:
        """A field's parameter of ``__init__``, with its default value."""
        return field.alias if field.default is attrs.NOTHING else f"{field.alias}=_d_{field.name}"

    params = [param(field) for field in fields if not field.kw_only]
    keywords = [param(field) for field in fields if field.kw_only]
    if keywords:
        params += ["*", *keywords]
    namespace: dict[str, Any] = {
        f"_d_{field.name}": field.default for field in fields if field.default is not attrs.NOTHING
    }
    if len(fields) >= _DRAFT_FIELDS:  # the value becomes a draft while it is written (_draft)
        body = "".join(f"    self.{field.name} = {field.alias}\n" for field in fields)
        body = f"    _as_draft(self, '__class__', _draft)\n{body}    self.__class__ = _cls\n"
        namespace.update(_as_draft=object.__setattr__, _draft=_draft(cls), _cls=cls)
    else:
        body = "".join(f"    _set_{field.name}(self, {field.alias})\n" for field in fields)
        namespace.update(setters)
    source = f"def __init__(self, {', '.join(params)}):\n{body}"
    exec(compile(source, f"<slot_init of {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(getattr(cls.__init__, "__annotations__", {}))
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


_DRAFT_FIELDS = 3
"""From how many fields :func:`slot_init` writes a value as a draft (fewer: slot by slot).

Making the value a draft and back costs about what two slot setters do."""


def _draft(cls: type) -> type:
    """A subclass of ``cls`` that adds no slots and takes plain assignment, to build values in.

    A frozen class refuses ``value.field = ...``, so its slots are otherwise
    written through each slot's ``__set__`` (a call apiece). An instance of the
    draft is written with plain assignments, which the interpreter specialises
    for slots; giving it ``cls`` as its class then makes it, in place, the value
    ``cls`` would have built: the two classes share one layout, so Python
    allows the change. The draft never leaves :func:`replacer`'s functions.
    Both ``__setattr__`` and ``__delattr__`` are ``object``'s, which leaves the
    class its plain attribute setter (the two share one slot of the type).
    """
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__qualname__": f"{cls.__qualname__}._Draft",
    }
    return type(cls)(f"{cls.__name__}._Draft", (cls,), namespace)


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
