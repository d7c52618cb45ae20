"""The declarative schema shared by every ruleset: board, goods, options, identity.

These frozen classes are what a ruleset's TOML files are structured into.
Each board datum carries its provenance (:class:`Source`), because the
printed boards are not public and part of the shipped data is reconstructed.
Edition-specific numbers (costs, tables, decks) live in classes that the
edition's own module declares.
"""

from __future__ import annotations

import enum
import functools
from typing import Final

import attrs

__all__ = [
    "SEARCH_HORIZONS",
    "SEARCH_ROLLOUTS",
    "AreaSpec",
    "BoardSpec",
    "EdgeSpec",
    "GoodSpec",
    "OptionKind",
    "OptionSpec",
    "PortSpec",
    "RulesetInfo",
    "SearchHints",
    "SeatHints",
    "Source",
]


class Source(enum.Enum):
    """Where a datum comes from.

    Examples:
        >>> from serenissima.engine.spec import Source
        >>> Source("reconstructed") is Source.RECONSTRUCTED
        True
    """

    STATED = "stated"
    """Stated or implied by a rule text of the edition."""
    PUBLIC = "public"
    """Found in public descriptions of the game (reviews, session reports)."""
    RECONSTRUCTED = "reconstructed"
    """Chosen for this project where no source gives the fact; the printed board may differ."""


@attrs.frozen(slots=True)
class GoodSpec:
    """A type of goods.

    Attributes:
        id: Identifier used in actions and files, e.g. ``"wood"``.
        name: Display name.
        supply: Cubes in the box, or ``None`` when unlimited.
        colour: Colour of the cubes, for display.
        source: Provenance of the supply figure.

    Examples:
        >>> from serenissima.engine.spec import GoodSpec, Source
        >>> GoodSpec("wood", "Wood", supply=14, colour="brown", source=Source.STATED).supply
        14
    """

    id: str
    name: str
    supply: int | None
    colour: str
    source: Source


@attrs.frozen(slots=True)
class AreaSpec:
    """A sea area.

    Attributes:
        id: Identifier, e.g. ``"ionian_sea"``.
        name: Display name.
        source: Provenance.
        position: Where to draw the area: ``(longitude, latitude)`` in degrees,
            written ``position = [lon, lat]`` in ``board.toml``; ``None`` when the
            file gives none. Drawing only: no rule reads it.

    Examples:
        >>> import serenissima as ser
        >>> ser.load_ruleset("classic").board.spec.areas[0].source
        <Source.RECONSTRUCTED: 'reconstructed'>
    """

    id: str
    name: str
    source: Source
    position: tuple[float, float] | None = None


@attrs.frozen(slots=True)
class PortSpec:
    """A port on the coast of one sea area.

    Attributes:
        id: Identifier, e.g. ``"valencia"``.
        name: Display name.
        area: The sea area the port opens onto.
        good: The goods type it produces.
        warehouse: Number of warehouse spaces.
        start: True for a starting port (modern edition).
        capital_of: The nation whose capital it is (classic edition), or ``None``.
        source: Provenance of the port as a whole (the weakest of its data).
        note: Which parts are stated where, when they differ from ``source``.

    Examples:
        >>> import serenissima as ser
        >>> port = ser.load_ruleset("modern").board.port("valencia")
        >>> port.area, port.good, port.warehouse, port.start
        ('valencia', 'wood', 5, True)
    """

    id: str
    name: str
    area: str
    good: str
    warehouse: int
    source: Source
    start: bool = False
    capital_of: str | None = None
    note: str = ""


@attrs.frozen(slots=True)
class EdgeSpec:
    """An undirected adjacency between two sea areas.

    Attributes:
        a: One area.
        b: The other area.
        source: Provenance.

    Examples:
        >>> from serenissima.engine.spec import EdgeSpec, Source
        >>> EdgeSpec("valencia", "algiers", Source.STATED)
        EdgeSpec(a='valencia', b='algiers', source=<Source.STATED: 'stated'>)
    """

    a: str
    b: str
    source: Source


@attrs.frozen(slots=True)
class BoardSpec:
    """A board: sea areas, ports and adjacency.

    Attributes:
        name: Display name of the board.
        areas: Every sea area.
        ports: Every port.
        edges: Every adjacency, each listed once.
        note: A sentence on the board's provenance, shown in the docs.

    Examples:
        >>> import serenissima as ser
        >>> spec = ser.load_ruleset("classic").board.spec
        >>> spec.name, len(spec.ports), len(spec.edges)
        ('Mediterranean, classic (reconstructed)', 23, 47)
    """

    name: str
    areas: tuple[AreaSpec, ...]
    ports: tuple[PortSpec, ...]
    edges: tuple[EdgeSpec, ...]
    note: str = ""


class OptionKind(enum.Enum):
    """How an option's value is given.

    Examples:
        >>> import serenissima as ser
        >>> from serenissima.engine.spec import OptionKind
        >>> kinds = {option.kind for option in ser.load_ruleset("modern").options}
        >>> OptionKind.BOOL in kinds, OptionKind.CHOICE in kinds
        (True, True)
    """

    CHOICE = "choice"
    """One of the listed string values."""
    BOOL = "bool"
    """``true`` or ``false``."""
    PORTS = "ports"
    """One of the listed string values, or a list of port identifiers."""


@attrs.frozen(slots=True)
class OptionSpec:
    """A rule option (a variant or a switchable interpretation).

    Attributes:
        name: The option's name, as passed to ``new_game(options=...)``.
        kind: How its value is given.
        values: The accepted string values (empty for booleans).
        default: The value used when the option is not given.
        rule_id: The spec entry that motivates the option (e.g. ``"X-M-01"``).
        description: One sentence on what the option changes.
        players: The player counts it applies to (empty: all); a count the
            ruleset does not offer is ignored.

    Examples:
        >>> import serenissima as ser
        >>> option = ser.load_ruleset("modern").options[0]
        >>> option.name, option.default, option.values
        ('galley_capacity', 'shared5', ('shared5', 'separate'))
    """

    name: str
    kind: OptionKind
    default: str | bool | tuple[str, ...]
    rule_id: str
    description: str
    values: tuple[str, ...] = ()
    players: tuple[int, ...] = ()


SEARCH_ROLLOUTS: Final[tuple[str, ...]] = ("random", "heuristic", "greedy", "greedy-tree")
"""The ways a search bot's rollouts may pick actions (see
:class:`~serenissima.agents.ismcts.ISMCTSAgent`)."""

SEARCH_HORIZONS: Final[tuple[str, ...]] = ("stage", "turn")
"""Where a search bot's greedy rollouts end: with the stage of the game the decision
belongs to (its turn and rule section), or with its turn (a classic round)."""

SEARCH_SCALES: Final[tuple[str, ...]] = ("tree", "siblings")
"""How a search bot's UCB1 scales an edge's value to 0..1: by the range of every seat's
values in the whole search, or by the range of the edges it is compared with."""


@attrs.frozen(slots=True)
class SeatHints:
    """Search hints that differ in games of one player count: ``[ruleset.search.seats.N]``.

    Each setting given replaces the table's own in games of ``N`` seats; a
    setting left out (``None``) keeps it. A table for a count the ruleset
    does not offer is never read (a variant for fewer players keeps its
    base's tables).

    Attributes:
        rollout: How rollouts pick actions, one of :data:`SEARCH_ROLLOUTS`.
        kinds: The decision kinds searched (empty: every kind).
        width: With greedy rollouts, how many of the root's best actions are compared.
        horizon: With greedy rollouts, where they end, one of :data:`SEARCH_HORIZONS`.
        scale: How UCB1 scales values, one of :data:`SEARCH_SCALES`.

    Example:
        >>> hints = SearchHints(rollout="greedy", seats={"2": SeatHints(rollout="greedy-tree")})
        >>> hints.at(2).rollout, hints.at(4).rollout
        ('greedy-tree', 'greedy')
    """

    rollout: str | None = None
    kinds: tuple[str, ...] | None = None
    width: int | None = None
    horizon: str | None = None
    scale: str | None = None


@attrs.frozen(slots=True)
class SearchHints:
    """How a search bot should play the ruleset unless told otherwise: ``[ruleset.search]``.

    The search bot (:class:`~serenissima.agents.ismcts.ISMCTSAgent`) takes
    each of these settings that it is not given from the ruleset it plays, so
    that ``make_agent("ismcts:100")`` plays each edition the way that was
    measured to work best in it. A ruleset without the table leaves the bot's
    own defaults.

    Attributes:
        rollout: How rollouts pick actions, one of :data:`SEARCH_ROLLOUTS`
            (``None``: the bot's default).
        kinds: The decision kinds searched; at the others the bot plays as the
            honest greedy bot (empty: every kind).
        width: With greedy rollouts, how many of the root's best actions are
            compared (``None``: the bot's default).
        horizon: With greedy rollouts, where they end, one of
            :data:`SEARCH_HORIZONS` (``None``: the bot's default).
        scale: How UCB1 scales values, one of :data:`SEARCH_SCALES`
            (``None``: the bot's default).
        players: The player counts the hints apply to (empty: every count).
        seats: The settings that differ at some player counts, by the count
            written out (``"2"``, as a TOML table's key; :class:`SeatHints`; see :meth:`at`).
        values: The file of the ruleset's learned evaluation, if it ships one
            (see :mod:`serenissima.engine.value_model`).
        values_sha256: The SHA-256 digest that file must have (hex).

    Examples:
        >>> import serenissima as ser
        >>> hints = ser.load_ruleset("classic").info.search
        >>> hints.rollout, hints.kinds
        ('greedy', ('movement', 'passage', 'battles', 'spoils'))
        >>> ser.load_ruleset("modern").info.search.rollout is None
        True
    """

    rollout: str | None = None
    kinds: tuple[str, ...] = ()
    width: int | None = None
    horizon: str | None = None
    scale: str | None = None
    players: tuple[int, ...] = ()
    values: str | None = None
    values_sha256: str | None = None
    seats: dict[str, SeatHints] = attrs.field(factory=dict, hash=False)

    def applies(self, players: int) -> bool:
        """Whether the hints hold for a game of ``players`` seats."""
        return not self.players or players in self.players

    def at(self, players: int) -> SearchHints:
        """The hints of a game of ``players`` seats: these, with what :attr:`seats` changes there.

        Example:
            >>> import serenissima as ser
            >>> hints = ser.load_ruleset("classic").info.search
            >>> hints.at(2).rollout, hints.at(4).rollout
            ('greedy-tree', 'greedy')
        """
        if str(players) not in self.seats:
            return self
        return _hints_at(self, players)


@functools.lru_cache(maxsize=64)
def _hints_at(hints: SearchHints, players: int) -> SearchHints:
    """:meth:`SearchHints.at` for a count :attr:`SearchHints.seats` changes, worked out once."""
    change = hints.seats[str(players)]
    return attrs.evolve(
        hints,
        rollout=hints.rollout if change.rollout is None else change.rollout,
        kinds=hints.kinds if change.kinds is None else change.kinds,
        width=hints.width if change.width is None else change.width,
        horizon=hints.horizon if change.horizon is None else change.horizon,
        scale=hints.scale if change.scale is None else change.scale,
        seats={},
    )


@attrs.frozen(slots=True)
class RulesetInfo:
    """The identity of a ruleset, and what it tells the tools that play it.

    Attributes:
        id: Registry name, e.g. ``"modern"``.
        name: Display name.
        edition: The edition the logic implements (``"modern"`` or ``"classic"``).
        version: Version of the ruleset data, recorded in game records.
        year: Year the edition was published.
        players: The supported player counts.
        description: One paragraph for the docs.
        turn_word: What the edition calls the unit of :attr:`State.turn
            <serenissima.engine.core.State.turn>`, in the plural (``"turns"``, ``"rounds"``).
        score_unit: What the final score counts (``"ducats"``, ``"wealth points"``).
        search: How a search bot should play it unless told otherwise.

    Examples:
        >>> import serenissima as ser
        >>> info = ser.load_ruleset("classic").info
        >>> info.edition, info.year, info.players
        ('classic', 1996, (2, 3, 4))
    """

    id: str
    name: str
    edition: str
    version: str
    year: int
    players: tuple[int, ...]
    description: str = ""
    turn_word: str = "turns"
    score_unit: str = "points"
    search: SearchHints = SearchHints()
