"""JSON for states, actions, events, observations and standings.

:func:`to_data` and :func:`to_json` write a value of a ruleset, and
:func:`from_data` and :func:`from_json` read it back, checking its type; they use
the edition's converter (see :mod:`~serenissima.records.converter` for what it
writes, and how strictly it reads). Every error names the path to the bad value.

Example:
    >>> from serenissima import Action, load_ruleset
    >>> from serenissima.records.serialize import from_json, to_json
    >>> rules = load_ruleset("modern")
    >>> action = rules.legal_actions(rules.new_game(players=4))[2]
    >>> text = to_json(rules, action)
    >>> text
    '{"seat":2,"type":"FirstOutcome"}'
    >>> from_json(rules, Action, text) == action
    True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import cattrs

from serenissima.engine.core import Action, Event
from serenissima.engine.errors import ActionParseError, RecordError
from serenissima.records.converter import converter, format_failure, type_name

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["from_data", "from_json", "to_data", "to_json"]


def to_data(rules: Ruleset, obj: Any) -> Any:
    """Convert a state, action, event, observation or standings to JSON-ready data.

    Actions and events carry their ``"type"`` tag. A tuple or list of them is
    converted item by item.

    Args:
        rules: The ruleset the object belongs to.
        obj: The object.

    Returns:
        Dicts, lists, strings, numbers, booleans and ``None`` only.

    Examples:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> from serenissima.records.serialize import to_data
        >>> to_data(rules, rules.legal_actions(state)[0])
        {'seat': 0, 'type': 'FirstOutcome'}
    """
    conv = converter(rules)
    if isinstance(obj, tuple | list):
        return [to_data(rules, item) for item in obj]
    if isinstance(obj, Action):
        return conv.unstructure(obj, unstructure_as=Action)
    if isinstance(obj, Event):
        return conv.unstructure(obj, unstructure_as=Event)
    return conv.unstructure(obj)


def to_json(rules: Ruleset, obj: Any, *, indent: int | None = None) -> str:
    """Return the JSON text of ``obj`` (see :func:`to_data`).

    Args:
        rules: The ruleset the object belongs to.
        obj: The object.
        indent: Indentation for pretty output; ``None`` for one compact line.

    Returns:
        The JSON text.

    Examples:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> from serenissima.records.serialize import to_json
        >>> to_json(rules, rules.legal_actions(state)[1])
        '{"seat":1,"type":"FirstOutcome"}'
    """
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_data(rules, obj), indent=indent, separators=separators)


def from_data(rules: Ruleset, cls: Any, data: Any) -> Any:
    """Read an object of type ``cls`` from JSON-ready data.

    Args:
        rules: The ruleset the object belongs to.
        cls: The type to read: a concrete class, :class:`~serenissima.engine.core.Action`
            or :class:`~serenissima.engine.core.Event` for any of the edition's actions
            or events, or a type such as ``tuple[Event, ...]``.
        data: The data, as :func:`to_data` produces it (an action or event
            carries its ``"type"`` tag even when ``cls`` is its own class).

    Returns:
        The object.

    Raises:
        ActionParseError: ``cls`` is an action type and ``data`` spells no such action.
        RecordError: ``data`` does not describe a ``cls`` (the message gives the path).

    Examples:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> from serenissima import Action
        >>> from serenissima.records.serialize import from_data, to_data
        >>> from_data(rules, type(state), to_data(rules, state)) == state
        True
        >>> from_data(rules, Action, {"seat": "2", "type": "FirstOutcome"})
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ActionParseError: ...
    """
    conv = converter(rules)
    target = cls
    if isinstance(cls, type) and issubclass(cls, Action | Event):
        # Actions and events always carry their tag: read the union, then check the class.
        target = Action if issubclass(cls, Action) else Event
    try:
        obj = conv.structure(data, target)
    except Exception as exc:  # cattrs reports any failure of a hook; name them all
        reason = "; ".join(cattrs.transform_error(exc, format_exception=format_failure))
        raise _error(cls, data, f"not a valid {type_name(cls)}: {reason}") from exc
    if isinstance(cls, type) and not isinstance(obj, cls):
        found = type(obj).__name__
        raise _error(cls, data, f"not a valid {type_name(cls)}: the data describes a {found}")
    return obj


def from_json(rules: Ruleset, cls: Any, text: str | bytes) -> Any:
    """Read an object of type ``cls`` from JSON text (see :func:`from_data`).

    Args:
        rules: The ruleset the object belongs to.
        cls: The type to read.
        text: The JSON text.

    Returns:
        The object.

    Raises:
        ActionParseError: ``cls`` is an action type and ``text`` spells no such action.
        RecordError: ``text`` is not JSON, or does not describe a ``cls``.

    Examples:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> from serenissima import Action
        >>> from serenissima.records.serialize import from_json
        >>> str(from_json(rules, Action, '{"seat": 3, "type": "FirstOutcome"}'))
        'first 3'
    """
    try:
        data = json.loads(text)
    except ValueError as exc:  # json.JSONDecodeError and UnicodeDecodeError
        shown = text if isinstance(text, str) else text.decode("utf-8", "replace")
        raise _error(cls, shown, f"not valid JSON: {exc}") from exc
    return from_data(rules, cls, data)


def _error(cls: Any, data: Any, reason: str) -> ActionParseError | RecordError:
    if isinstance(cls, type) and issubclass(cls, Action):
        text = data if isinstance(data, str) else json.dumps(data, default=repr)
        return ActionParseError(text, reason)
    return RecordError(reason)
