"""JSON Schemas of an edition's JSON: what :func:`~serenissima.records.serialize.to_data` writes.

A client in another language (a TypeScript front end, say) generates its
types from these schemas, and a test can validate what a server sends. The
schemas follow the converter's conventions (:mod:`~serenissima.records.converter`)
exactly:

- an attrs class is an object with one property per field, every field
  required unless it has a default, no other property;
- where the declared type is :class:`~serenissima.engine.core.Action`,
  :class:`~serenissima.engine.core.Event` or one of the engine's ``unions``,
  the value is one of the member classes, told apart by the ``"type"`` key;
- a tuple is an array (of fixed length for ``tuple[X, Y]``), a fraction a
  ``"p/q"`` string, an enum member its value, ``X | None`` either or ``null``.

Every class reached is defined once under ``$defs`` by its class name, and
the schema of the asked type refers to it.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, Union, get_args, get_origin

import attrs

from serenissima.engine.core import Action, Event
from serenissima.engine.errors import ArgumentTypeError
from serenissima.records.converter import TAG

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["DIALECT", "json_schema"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema written here."""

_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    str: {"type": "string"},
    type(None): {"type": "null"},
    Fraction: {"type": "string", "pattern": "^-?[0-9]+/[0-9]+$"},
    Any: {},
    object: {},
}


class _Writer:
    """Walks types, filling ``defs`` with one schema per class reached."""

    def __init__(self, rules: Ruleset) -> None:
        engine = rules.engine
        self.tagged: dict[Any, tuple[str, tuple[type, ...]]] = {
            Action: ("Action", tuple(engine.action_types)),
            Event: ("Event", tuple(engine.event_types)),
        }
        for union in engine.unions:
            members = tuple(arg for arg in get_args(union) if arg is not type(None))
            if len(members) > 1 and all(attrs.has(arg) for arg in members):
                name = "Or".join(member.__name__ for member in members)
                self.tagged[union] = (getattr(union, "__name__", name), members)
                self.tagged[_union(members)] = self.tagged[union]
        self.defs: dict[str, Any] = {}

    def of(self, cls: Any) -> dict[str, Any]:
        if cls in self.tagged:
            return self.union(*self.tagged[cls])
        if cls in _SCALARS:
            return dict(_SCALARS[cls])
        origin = get_origin(cls)
        args = get_args(cls)
        if origin in (Union, types.UnionType):
            members = tuple(arg for arg in args if arg is not type(None))
            optional = len(members) != len(args)
            if _union(members) in self.tagged:
                body = self.union(*self.tagged[_union(members)])
            elif len(members) == 1:
                body = self.of(members[0])
            else:
                body = {"anyOf": [self.of(arg) for arg in members]}
            return {"anyOf": [body, {"type": "null"}]} if optional else body
        if origin is Literal:
            return {"enum": list(args)}
        if isinstance(cls, type) and issubclass(cls, enum.Enum):
            return {"enum": [member.value for member in cls]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            items = [self.of(arg) for arg in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
        if isinstance(origin, type) and issubclass(origin, Mapping):
            value = self.of(args[1]) if len(args) == 2 else {}
            return {"type": "object", "additionalProperties": value}
        if origin in (list, set, frozenset) or (
            isinstance(origin, type) and origin.__module__ == "collections.abc"
        ):
            return {"type": "array", "items": self.of(args[0]) if args else {}}
        if isinstance(cls, type) and attrs.has(cls):
            return self.ref(cls, tag=None)
        raise TypeError(f"no JSON Schema for the type {cls!r}")

    def ref(self, cls: type, tag: str | None) -> dict[str, Any]:
        """A reference to ``cls``'s schema, defined once: tagged, or plain.

        A plain class that is also a tagged member somewhere is named ``...Body``.
        """
        key = cls.__name__
        if tag is None and any(cls in members for _, members in self.tagged.values()):
            key += "Body"
        if key not in self.defs:
            self.defs[key] = {}  # reserved first: a class may contain itself
            self.defs[key] = self.object(cls, tag)
        return {"$ref": f"#/$defs/{key}"}

    def object(self, cls: type, tag: str | None) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = {}
        required = []
        for field in attrs.fields(cls):
            properties[field.name] = self.of(hints.get(field.name, Any))
            if field.default is attrs.NOTHING:
                required.append(field.name)
        if tag is not None:
            properties[TAG] = {"const": tag}
            required.append(TAG)
        schema: dict[str, Any] = {"type": "object", "title": cls.__name__}
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        if doc:
            schema["description"] = " ".join(doc.split())
        schema |= {"properties": properties, "required": required, "additionalProperties": False}
        return schema

    def union(self, name: str, members: tuple[type, ...]) -> dict[str, Any]:
        if name not in self.defs:
            self.defs[name] = {}
            self.defs[name] = {
                "title": name,
                "oneOf": [self.ref(member, tag=member.__name__) for member in members],
            }
        return {"$ref": f"#/$defs/{name}"}


def _union(members: tuple[Any, ...]) -> Any:
    """One hashable key for a union of classes, whatever their order."""
    return frozenset(members)


def json_schema(rules: Ruleset, cls: Any, *, title: str | None = None) -> dict[str, Any]:
    """Return the JSON Schema of ``cls`` as ``rules``' converter writes it.

    Args:
        rules: The ruleset whose actions, events and unions to use.
        cls: A type: :class:`~serenissima.engine.core.Action`,
            :class:`~serenissima.engine.core.Event`, the engine's observation or
            state type, or any type made of these (``tuple[Event, ...]``).
        title: The schema's title (default the type's name).

    Returns:
        A JSON-ready dict with ``$schema``, the schema of ``cls`` and its ``$defs``.

    Raises:
        ArgumentTypeError: ``cls`` holds a type with no JSON form.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> schema = json_schema(rules, ser.Action)
        >>> members = schema["$defs"]["Action"]["oneOf"]
        >>> schema["$ref"], len(members) == len(rules.engine.action_types)
        ('#/$defs/Action', True)
        >>> schema["$defs"]["PickGalley"]["properties"]["type"]
        {'const': 'PickGalley'}
    """
    writer = _Writer(rules)
    try:
        body = writer.of(cls)
    except TypeError as exc:
        raise ArgumentTypeError("cls", f"a type with a JSON form ({exc})", cls) from exc
    name = title or getattr(cls, "__name__", None) or str(cls)
    return {"$schema": DIALECT, "title": name, **body, "$defs": writer.defs}
