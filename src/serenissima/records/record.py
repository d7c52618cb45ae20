"""Game records: a whole game as text, replayable to the identical final state.

A record names the ruleset and its version, the player count and the options
that differ from their defaults, and lists every action in its text form,
chance outcomes included (so it replays without any random generator). Its
JSON form is versioned by its ``"format"`` field; this version writes format 2::

    {
      "format": 2,
      "ruleset": "modern",
      "ruleset_version": "1.0.0",
      "players": 2,
      "options": {},
      "seed": 7,
      "agents": ["greedy", "random"],
      "actions": ["close venice", "close modon", "close rhodes", "close naples", "first 0"],
      "digests": ["85381e2b", "a5e322cb", "6d789cd2", "52665aac", "03c3c6b5"],
      "final_digest": "03c3c6b5...(64 hex digits)",
      "result": null,
      "metadata": {"event": "club night"}
    }

``seed`` is the seed of the generator that drew every chance outcome from the
start of the game (``null`` when there was none, or when some outcome came
from elsewhere: typed in from real dice, or replayed from an earlier record);
``agents`` names the kind of each seat (``"human"``, or a bot such as
``"greedy"`` or ``"random"``; ``null`` when unknown). ``digests`` holds the
first 8 hex digits of the digest of the state after each action, and
``final_digest`` the whole digest of the state after the last one (see
:mod:`~serenissima.records.digest`): a replay checks them, so a record edited
by hand is refused at the action where it parts from the game that was
played. These four fields may be ``null`` or left out (a record written by
hand may lack them), as may ``options``, ``result`` and ``metadata``.

Format 1, written by earlier versions, has the same fields but the four
above, and is still read (its replay checks the result, having no digests).
Reading stays within the limits of :mod:`~serenissima.records.limits`. This
module makes, writes and reads records; :mod:`~serenissima.records.replay`
replays them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, RecordError
from serenissima.engine.ruleset import OptionValue, resolve_options
from serenissima.records import _fields
from serenissima.records.digest import state_digest, state_digests
from serenissima.records.limits import record_text

if TYPE_CHECKING:
    from serenissima.engine.core import Action, Standings, State
    from serenissima.engine.ruleset import Ruleset

__all__ = ["READ_FORMATS", "RECORD_FORMAT", "GameRecord", "SeatResult"]

RECORD_FORMAT: Final[int] = 2
"""The record format this version writes."""

READ_FORMATS: Final[tuple[int, ...]] = (1, 2)
"""The record formats this version reads."""

_COMMON: Final = ("format", "ruleset", "ruleset_version", "players", "options", "actions")
_FIELDS: Final = {
    1: frozenset((*_COMMON, "result", "metadata")),
    2: frozenset((*_COMMON, "seed", "agents", "digests", "final_digest", "result", "metadata")),
}
_REQUIRED: Final = ("ruleset", "ruleset_version", "players", "actions")


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
        format: The format of the text the record was read from (:data:`RECORD_FORMAT`
            for a new one). It does not take part in comparisons: writing always
            gives the current format.
        seed: The seed of the generator that drew every chance outcome, or ``None``.
        agents: The kind of each seat (``"human"``, ``"greedy"``...), or ``None``.
        digests: The short digest of the state after each action, or ``None``.
        final_digest: The whole digest of the state after the last action, or ``None``.

    Examples:
        >>> from serenissima import Game, load_ruleset
        >>> game = Game(load_ruleset("modern"), players=4, seed=2)
        >>> _ = game.advance()
        >>> _ = game.play(game.legal_actions()[0])
        >>> record = game.record(metadata={"event": "club night"}, agents=["human"] * 4)
        >>> record.ruleset, record.players, record.actions, record.seed
        ('modern', 4, ('first 0', 'galley 1'), 2)
        >>> len(record.digests), record.final_digest[:8] == record.digests[-1]
        (2, True)
        >>> GameRecord.from_json(record.to_json()) == record
        True
    """

    ruleset: str
    ruleset_version: str
    players: int
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(
        default=(), converter=_fields.sorted_options
    )
    actions: tuple[str, ...] = attrs.field(default=(), converter=_fields.text_tuple)
    result: tuple[SeatResult, ...] | None = None
    metadata: dict[str, str] = attrs.field(factory=dict, converter=_fields.plain_dict, hash=False)
    format: int = attrs.field(default=RECORD_FORMAT, eq=False)
    seed: int | None = None
    agents: tuple[str, ...] | None = attrs.field(default=None, converter=_fields.maybe_texts)
    digests: tuple[str, ...] | None = attrs.field(default=None, converter=_fields.maybe_texts)
    final_digest: str | None = None

    @classmethod
    def create(
        cls,
        rules: Ruleset,
        players: int,
        options: Mapping[str, object] | None,
        actions: Sequence[Action | str],
        standings: Standings | None = None,
        metadata: Mapping[str, str] | None = None,
        *,
        seed: int | None = None,
        agents: Sequence[str] | None = None,
        states: Sequence[State] | None = None,
    ) -> GameRecord:
        """Make the record of a game, with the digests of its states.

        Args:
            rules: The ruleset of the game.
            players: The number of seats.
            options: The options the game was created with (defaults are left out).
            actions: Every action applied, chance outcomes included.
            standings: The standings; kept as the result only when final.
            metadata: Free text about the game.
            seed: The seed of the generator that drew every chance outcome, if one did.
            agents: The kind of each seat, if known.
            states: The state after each action, if at hand; otherwise the
                actions are applied again to find them.

        Returns:
            The record.

        Raises:
            OptionError: ``options`` are not valid for ``rules``.
            ArgumentTypeError: ``seed`` is not an int, ``agents`` not a sequence of
                str, or ``metadata`` not a mapping of str to str.
            ArgumentValueError: ``agents`` or ``states`` do not match the seats or the actions.
            ActionParseError: An action's text spells no action (when ``states`` is ``None``).
            IllegalActionError: An action is illegal where it stands (likewise).

        Examples:
            >>> from serenissima import load_ruleset
            >>> from serenissima.records.record import GameRecord
            >>> rules = load_ruleset("classic")
            >>> record = GameRecord.create(rules, 2, None, [], agents=["greedy", "random"])
            >>> record.digests, len(record.final_digest), record.agents
            ((), 64, ('greedy', 'random'))
        """
        resolved = resolve_options(rules.options, players, options)
        defaults = {spec.name: spec.default for spec in rules.options}
        changed = {name: v for name, v in resolved.items() if v != defaults[name]}
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ArgumentTypeError("seed", "an int or None", seed)
        kinds = _fields.seat_kinds(agents, players)
        notes = _fields.metadata_argument(metadata)
        if states is None:
            states = _states(rules, players, options, actions)
        elif len(states) != len(actions):
            raise ArgumentValueError(
                f"states: expected the state after each action ({len(actions)}), got {len(states)}"
            )
        last = states[-1] if states else rules.new_game(players, options)
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
            metadata=notes,
            seed=seed,
            agents=kinds,
            digests=state_digests(rules, states),
            final_digest=state_digest(rules, last),
        )

    def to_data(self) -> dict[str, Any]:
        """Return the record as JSON-ready data, in the current format (see the module docs).

        Examples:
            >>> from serenissima.records.record import GameRecord
            >>> data = GameRecord("modern", "1.0.0", 2, actions=["first 1"], format=1).to_data()
            >>> data["format"], data["actions"], data["digests"]
            (2, ['first 1'], None)
        """
        result = None
        if self.result is not None:
            result = [{"seat": r.seat, "rank": r.rank, "score": r.score} for r in self.result]
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "players": self.players,
            "options": {name: _fields.json_value(v) for name, v in self.options},
            "seed": self.seed,
            "agents": None if self.agents is None else list(self.agents),
            "actions": list(self.actions),
            "digests": None if self.digests is None else list(self.digests),
            "final_digest": self.final_digest,
            "result": result,
            "metadata": dict(self.metadata),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """Return the record's JSON text.

        Args:
            indent: Indentation (one action per line by default, the digests on
                one line); ``None`` for one line.

        Returns:
            The JSON text.

        Examples:
            >>> from serenissima.records.record import GameRecord
            >>> record = GameRecord("modern", "1.0.0", 2, actions=["first 1"], digests=["0" * 8])
            >>> [line for line in record.to_json().splitlines() if "digests" in line]
            ['  "digests": ["00000000"],']
        """
        data = self.to_data()
        if indent is None or indent < 1 or self.digests is None:
            return json.dumps(data, indent=indent, ensure_ascii=False)
        # every digest on one line: top-level keys alone start a line with exactly `indent` spaces
        data["digests"] = []
        text = json.dumps(data, indent=indent, ensure_ascii=False)
        key = "\n" + " " * indent + '"digests": '
        return text.replace(key + "[]", key + json.dumps(list(self.digests)), 1)

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        """Read a record from JSON-ready data.

        Args:
            data: The data, as :meth:`to_data` produces it (format 1 or 2).

        Returns:
            The record.

        Raises:
            RecordError: The data is not a record of a known format, or lists
                more than :data:`~serenissima.records.limits.MAX_ACTIONS` actions;
                the message names the field at fault.
            ArgumentTypeError: ``data`` is not JSON data at all (bytes, say).

        Examples:
            >>> from serenissima.records.record import GameRecord
            >>> data = {"format": 1, "ruleset": "modern", "ruleset_version": "1.0.0",
            ...         "players": 2, "actions": ["first 1"]}
            >>> GameRecord.from_data(data).format
            1
            >>> GameRecord.from_data(data | {"seed": 4})
            Traceback (most recent call last):
            ...
            serenissima.engine.errors.RecordError: seed: unknown field in a format 1 record
        """
        if not isinstance(data, dict):
            if not isinstance(data, list | str | int | float | None):
                raise ArgumentTypeError("data", "the JSON data of a record, a dict", data)
            raise RecordError(f"a game record is a JSON object, got {_fields.kind(data)}")
        if "format" not in data:
            raise RecordError("format: missing field (the record format number)")
        fmt = data["format"]
        if not _fields.is_int(fmt):
            raise RecordError(f"format: expected an integer, got {fmt!r}")
        if fmt not in READ_FORMATS:
            raise RecordError(
                f"format: unknown record format {fmt}; this version reads formats 1 and 2"
            )
        unknown = sorted(str(name) for name in set(data) - _FIELDS[fmt])
        if unknown:
            raise RecordError(f"{unknown[0]}: unknown field in a format {fmt} record")
        for name in _REQUIRED:
            if name not in data:
                raise RecordError(f"{name}: missing field")
        players = _fields.read_players(data)
        result = _fields.read_result(data.get("result"))
        return cls(
            ruleset=_fields.read_text(data, "ruleset"),
            ruleset_version=_fields.read_text(data, "ruleset_version"),
            players=players,
            options=_fields.read_options(data.get("options", {})),
            actions=_fields.read_texts(data["actions"], "actions", "action text"),
            result=None if result is None else tuple(SeatResult(*entry) for entry in result),
            metadata=_fields.read_metadata(data.get("metadata", {})),
            format=fmt,
            seed=_fields.read_seed(data.get("seed")),
            agents=_fields.read_agents(data.get("agents"), players),
            digests=_fields.read_digests(data.get("digests")),
            final_digest=_fields.read_final_digest(data.get("final_digest")),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from its JSON text.

        Args:
            text: The JSON text; bytes are read as UTF-8.

        Returns:
            The record.

        Raises:
            RecordError: The text breaks a limit of :mod:`~serenissima.records.limits`
                (too long, not UTF-8, nested too deep), is not JSON, or is not
                a record of a known format.
            ArgumentTypeError: ``text`` is neither ``str`` nor ``bytes``.

        Examples:
            >>> from serenissima.records.record import GameRecord
            >>> GameRecord.from_json("[" * 100_000)
            Traceback (most recent call last):
            ...
            serenissima.engine.errors.RecordError: a game record nests objects and lists ...
        """
        checked = record_text(text)
        try:
            data = json.loads(checked)
        except ValueError as exc:  # json.JSONDecodeError, or a number too long to read
            raise RecordError(f"a game record must be JSON: {exc}") from exc
        return cls.from_data(data)


def _states(
    rules: Ruleset,
    players: int,
    options: Mapping[str, object] | None,
    actions: Sequence[Action | str],
) -> list[State]:
    state = rules.new_game(players, options)
    states = []
    for action in actions:
        if isinstance(action, str):
            action = rules.parse_action(state, action)
        state = rules.apply(state, action)
        states.append(state)
    return states
