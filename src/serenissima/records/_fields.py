"""The fields of a record: their converters, and their readers from JSON.

:class:`serenissima.records.record.GameRecord` converts its fields with the
first functions here. :meth:`~serenissima.records.record.GameRecord.from_data`
reads every field with a ``read_`` function, which takes the field's JSON
value and returns it typed, or raises a
:class:`~serenissima.engine.errors.RecordError` whose message starts with the
field's path (``options.die``, ``result[0].rank``, ``digests[12]``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, RecordError
from serenissima.engine.ruleset import OptionValue
from serenissima.records.digest import DIGEST_LENGTH, SHORT_DIGEST
from serenissima.records.limits import MAX_ACTIONS

_SHORT: Final = re.compile(f"[0-9a-f]{{{SHORT_DIGEST}}}")
_WHOLE: Final = re.compile(f"[0-9a-f]{{{DIGEST_LENGTH}}}")


def sorted_options(value: Mapping[str, object] | Sequence[tuple[str, object]]) -> Any:
    """Options as sorted ``(name, value)`` pairs, lists made tuples."""
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(name), option_value(v)) for name, v in pairs))


def option_value(value: object) -> OptionValue:
    """An option's value, a list made a tuple."""
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return value  # type: ignore[return-value]  # checked by from_json and by new_game


def json_value(value: OptionValue) -> str | bool | list[str]:
    """An option's value as JSON writes it, a tuple made a list."""
    return list(value) if isinstance(value, tuple) else value


def text_tuple(value: Iterable[str]) -> tuple[str, ...]:
    """Texts as a tuple."""
    return tuple(value)


def maybe_texts(value: Iterable[str] | None) -> tuple[str, ...] | None:
    """Texts as a tuple, or ``None``."""
    return None if value is None else tuple(value)


def plain_dict(value: Mapping[str, str]) -> dict[str, str]:
    """A mapping of texts as a dict."""
    return dict(value)


def metadata_argument(metadata: Mapping[str, str] | None) -> dict[str, str]:
    """The ``metadata`` argument of ``GameRecord.create``: a mapping of str to str, or ``None``."""
    if metadata is None:
        return {}
    if not (
        isinstance(metadata, Mapping)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in metadata.items())
    ):
        raise ArgumentTypeError("metadata", "a mapping of str to str", metadata)
    return dict(metadata)


def seat_kinds(agents: Sequence[str] | None, players: int) -> tuple[str, ...] | None:
    """The ``agents`` argument of ``GameRecord.create``: one kind per seat, or ``None``."""
    if agents is None:
        return None
    if (
        isinstance(agents, str)
        or not isinstance(agents, Sequence)
        or not all(isinstance(kind, str) for kind in agents)
    ):
        raise ArgumentTypeError("agents", "a sequence of seat kinds (str) or None", agents)
    if len(agents) != players or not all(agents):
        raise ArgumentValueError(
            f"agents: expected one non-empty seat kind per seat ({players}), got {list(agents)}"
        )
    return tuple(agents)


def kind(value: object) -> str:
    """How a message names the JSON kind of ``value``: an object, a list, null..."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), f"a {type(value).__name__}")


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer (a boolean is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_text(data: dict[str, Any], name: str) -> str:
    """A non-empty string field."""
    value = data[name]
    if not isinstance(value, str) or not value:
        raise RecordError(f"{name}: expected a non-empty string, got {value!r}")
    return value


def read_players(data: dict[str, Any]) -> int:
    """The ``players`` field: a positive integer."""
    value = data["players"]
    if not is_int(value) or value < 1:
        raise RecordError(f"players: expected a positive integer, got {value!r}")
    return int(value)


def read_options(value: object) -> list[tuple[str, OptionValue]]:
    """The ``options`` field: an object of strings, booleans and lists of strings."""
    if not isinstance(value, dict):
        raise RecordError(f"options: expected an object of option values, got {kind(value)}")
    pairs: list[tuple[str, OptionValue]] = []
    for name, v in value.items():
        if isinstance(v, str | bool):
            pairs.append((name, v))
        elif isinstance(v, list) and all(isinstance(item, str) for item in v):
            pairs.append((name, tuple(v)))
        else:
            raise RecordError(
                f"options.{name}: expected a string, a boolean or a list of strings, got {v!r}"
            )
    return pairs


def read_texts(value: object, name: str, what: str) -> tuple[str, ...]:
    """A list of strings (``actions``), at most :data:`MAX_ACTIONS` of them."""
    if not isinstance(value, list):
        raise RecordError(f"{name}: expected a list of {what}s, got {kind(value)}")
    if len(value) > MAX_ACTIONS:
        raise RecordError(
            f"{name}: a record lists at most {MAX_ACTIONS} {what}s, this one {len(value)}"
        )
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise RecordError(f"{name}[{i}]: expected {_article(what)} {what}, got {item!r}")
    return tuple(value)


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def read_result(value: object) -> list[tuple[int, int, int]] | None:
    """The ``result`` field: ``null`` or a list of ``{seat, rank, score}`` objects."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RecordError(f"result: expected a list of seat results or null, got {kind(value)}")
    entries: list[tuple[int, int, int]] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) != {"seat", "rank", "score"}:
            raise RecordError(
                f"result[{i}]: expected an object with seat, rank and score, got {entry!r}"
            )
        for key in ("seat", "rank", "score"):
            if not is_int(entry[key]):
                raise RecordError(f"result[{i}].{key}: expected an integer, got {entry[key]!r}")
        entries.append((entry["seat"], entry["rank"], entry["score"]))
    return entries


def read_metadata(value: object) -> dict[str, str]:
    """The ``metadata`` field: an object of strings."""
    if not isinstance(value, dict):
        raise RecordError(f"metadata: expected an object of strings, got {kind(value)}")
    for key, item in value.items():
        if not isinstance(item, str):
            raise RecordError(f"metadata.{key}: expected a string, got {item!r}")
    return dict(value)


def read_seed(value: object) -> int | None:
    """The ``seed`` field: an integer or ``null``."""
    if value is not None and not is_int(value):
        raise RecordError(f"seed: expected an integer or null, got {value!r}")
    return value  # type: ignore[return-value]  # an int or None, checked above


def read_agents(value: object, seats: int) -> tuple[str, ...] | None:
    """The ``agents`` field: ``null`` or one non-empty kind per seat."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RecordError(f"agents: expected a list of seat kinds or null, got {kind(value)}")
    if len(value) != seats:
        raise RecordError(f"agents: expected one kind per seat ({seats}), got {len(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item:
            raise RecordError(f"agents[{i}]: expected a seat kind such as 'greedy', got {item!r}")
    return tuple(value)


def read_digests(value: object) -> tuple[str, ...] | None:
    """The ``digests`` field: ``null`` or a list of short digests, one per action."""
    if value is None:
        return None
    found = read_texts(value, "digests", "state digest")
    for i, digest in enumerate(found):
        if not _SHORT.fullmatch(digest):
            raise RecordError(
                f"digests[{i}]: expected {SHORT_DIGEST} lowercase hex digits, got {digest!r}"
            )
    return found


def read_final_digest(value: object) -> str | None:
    """The ``final_digest`` field: ``null`` or a whole digest."""
    if value is None:
        return None
    if not isinstance(value, str) or not _WHOLE.fullmatch(value):
        raise RecordError(
            f"final_digest: expected {DIGEST_LENGTH} lowercase hex digits or null, got {value!r}"
        )
    return value
