"""Game records: a whole game as text, replayable to the identical final state.

A record names the ruleset and its version, the player count and the options
that differ from their defaults, and lists every action in its text form,
chance outcomes included (so it replays without any random generator). Its
JSON form is versioned by :attr:`GameRecord.format`::

    {
      "format": 1,
      "ruleset": "modern",
      "ruleset_version": "1.0",
      "players": 4,
      "options": {"doge_cards": false},
      "actions": ["first 2", "roll", "die 5", "..."],
      "result": [{"seat": 2, "rank": 1, "score": 31}, "..."],
      "metadata": {"event": "club night"}
    }

This module makes, writes and reads records; :mod:`~serenissima.records.replay`
replays them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.engine.errors import RecordError
from serenissima.engine.ruleset import OptionValue, resolve_options

if TYPE_CHECKING:
    from serenissima.engine.core import Action, Standings
    from serenissima.engine.ruleset import Ruleset

__all__ = ["RECORD_FORMAT", "GameRecord", "SeatResult"]

RECORD_FORMAT: Final[int] = 1
"""The record format this version writes and reads."""

_FIELDS: Final = (
    "format",
    "ruleset",
    "ruleset_version",
    "players",
    "options",
    "actions",
    "result",
    "metadata",
)


@attrs.frozen(slots=True)
class SeatResult:
    """One seat's final place, as a record keeps it.

    Attributes:
        seat: The seat.
        rank: 1 for the winner(s).
        score: The score the edition ranks by.

    Examples:
        >>> from serenissima.records.record import SeatResult
        >>> SeatResult(seat=2, rank=1, score=31)
        SeatResult(seat=2, rank=1, score=31)
    """

    seat: int
    rank: int
    score: int


def _options(value: Mapping[str, object] | Sequence[tuple[str, object]]) -> Any:
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(name), _option_value(v)) for name, v in pairs))


def _actions(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _metadata(value: Mapping[str, str]) -> dict[str, str]:
    return dict(value)


def _option_value(value: object) -> OptionValue:
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return value  # type: ignore[return-value]  # checked by from_json and by new_game


@attrs.frozen(slots=True)
class GameRecord:
    """A game as its sequence of actions, enough to replay it exactly.

    Build one with :meth:`serenissima.records.game.Game.record` or :meth:`create`;
    read one with :meth:`from_json`; replay it with
    :func:`~serenissima.records.replay.replay`.

    Attributes:
        ruleset: The ruleset's registry name.
        ruleset_version: The version of the ruleset data the game was played with.
        players: The number of seats.
        options: The options that differ from their defaults, as sorted
            ``(name, value)`` pairs (a mapping is accepted and sorted).
        actions: Every action in its text form, chance outcomes included.
        result: The final standings, or ``None`` for an unfinished game.
        metadata: Free text about the game (names of the players, date, place).
        format: The record format (:data:`RECORD_FORMAT`).

    Examples:
        >>> from serenissima import Game, load_ruleset
        >>> game = Game(load_ruleset("modern"), players=4, seed=2)
        >>> _ = game.advance()
        >>> _ = game.play(game.legal_actions()[0])
        >>> record = game.record(metadata={"event": "club night"})
        >>> record.ruleset, record.players, record.actions
        ('modern', 4, ('first 0', 'galley 1'))
        >>> GameRecord.from_json(record.to_json()) == record
        True
    """

    ruleset: str
    ruleset_version: str
    players: int
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(default=(), converter=_options)
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)
    result: tuple[SeatResult, ...] | None = None
    metadata: dict[str, str] = attrs.field(factory=dict, converter=_metadata, hash=False)
    format: int = RECORD_FORMAT

    @classmethod
    def create(
        cls,
        rules: Ruleset,
        players: int,
        options: Mapping[str, object] | None,
        actions: Sequence[Action | str],
        standings: Standings | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> GameRecord:
        """Make the record of a game.

        Args:
            rules: The ruleset of the game.
            players: The number of seats.
            options: The options the game was created with (defaults are left out).
            actions: Every action applied, chance outcomes included.
            standings: The standings; kept as the result only when final.
            metadata: Free text about the game.

        Returns:
            The record.

        Raises:
            OptionError: ``options`` are not valid for ``rules``.
        """
        resolved = resolve_options(rules.options, players, options)
        defaults = {spec.name: spec.default for spec in rules.options}
        changed = {name: v for name, v in resolved.items() if v != defaults[name]}
        result = None
        if standings is not None and standings.final:
            result = tuple(SeatResult(s.seat, s.rank, s.score) for s in standings.entries)
        return cls(
            ruleset=rules.id,
            ruleset_version=rules.info.version,
            players=players,
            options=changed,
            actions=tuple(str(action) for action in actions),
            result=result,
            metadata=dict(metadata or {}),
        )

    def to_data(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (see the module docs for the layout)."""
        result = None
        if self.result is not None:
            result = [{"seat": r.seat, "rank": r.rank, "score": r.score} for r in self.result]
        return {
            "format": self.format,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "players": self.players,
            "options": {name: _json_value(v) for name, v in self.options},
            "actions": list(self.actions),
            "result": result,
            "metadata": dict(self.metadata),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """Return the record's JSON text.

        Args:
            indent: Indentation (one action per line by default); ``None`` for one line.

        Returns:
            The JSON text.
        """
        return json.dumps(self.to_data(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        """Read a record from JSON-ready data.

        Args:
            data: The data, as :meth:`to_data` produces it.

        Returns:
            The record.

        Raises:
            RecordError: The data is not a record of a known format; the
                message names the field at fault.
        """
        if not isinstance(data, dict):
            raise RecordError(f"a game record is a JSON object, got {_kind(data)}")
        if "format" not in data:
            raise RecordError("format: missing field (the record format number)")
        fmt = data["format"]
        if not _is_int(fmt):
            raise RecordError(f"format: expected an integer, got {fmt!r}")
        if fmt != RECORD_FORMAT:
            raise RecordError(
                f"format: unknown record format {fmt}; this version reads format {RECORD_FORMAT}"
            )
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise RecordError(f"{unknown[0]}: unknown field in a format {fmt} record")
        for name in _FIELDS:
            if name not in data and name not in ("result", "metadata", "options"):
                raise RecordError(f"{name}: missing field")
        return cls(
            ruleset=_text(data, "ruleset"),
            ruleset_version=_text(data, "ruleset_version"),
            players=_players(data),
            options=_read_options(data.get("options", {})),
            actions=_read_actions(data["actions"]),
            result=_read_result(data.get("result")),
            metadata=_read_metadata(data.get("metadata", {})),
            format=fmt,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from its JSON text.

        Args:
            text: The JSON text.

        Returns:
            The record.

        Raises:
            RecordError: The text is not JSON, or not a record of a known format.
        """
        try:
            data = json.loads(text)
        except ValueError as exc:  # json.JSONDecodeError and UnicodeDecodeError
            raise RecordError(f"a game record must be JSON: {exc}") from exc
        return cls.from_data(data)


def _json_value(value: OptionValue) -> str | bool | list[str]:
    return list(value) if isinstance(value, tuple) else value


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), f"a {type(value).__name__}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: dict[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str) or not value:
        raise RecordError(f"{name}: expected a non-empty string, got {value!r}")
    return value


def _players(data: dict[str, Any]) -> int:
    value = data["players"]
    if not _is_int(value) or value < 1:
        raise RecordError(f"players: expected a positive integer, got {value!r}")
    return int(value)


def _read_options(value: object) -> tuple[tuple[str, OptionValue], ...]:
    if not isinstance(value, dict):
        raise RecordError(f"options: expected an object of option values, got {_kind(value)}")
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
    return _options(pairs)  # type: ignore[no-any-return]


def _read_actions(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"actions: expected a list of action texts, got {_kind(value)}")
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise RecordError(f"actions[{i}]: expected an action text, got {text!r}")
    return tuple(value)


def _read_result(value: object) -> tuple[SeatResult, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise RecordError(f"result: expected a list of seat results or null, got {_kind(value)}")
    entries: list[SeatResult] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) != {"seat", "rank", "score"}:
            raise RecordError(
                f"result[{i}]: expected an object with seat, rank and score, got {entry!r}"
            )
        for key in ("seat", "rank", "score"):
            if not _is_int(entry[key]):
                raise RecordError(f"result[{i}].{key}: expected an integer, got {entry[key]!r}")
        entries.append(SeatResult(entry["seat"], entry["rank"], entry["score"]))
    return tuple(entries)


def _read_metadata(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        raise RecordError(f"metadata: expected an object of strings, got {_kind(value)}")
    for key, text in value.items():
        if not isinstance(text, str):
            raise RecordError(f"metadata.{key}: expected a string, got {text!r}")
    return dict(value)
