"""The typed numbers and tables of the modern edition, read from its TOML files."""

from __future__ import annotations

import attrs

from serenissima.engine.spec import GoodSpec, Source

__all__ = [
    "BuildingSpec",
    "Components",
    "Costs",
    "DiceSpec",
    "DogeCard",
    "GalleySpec",
    "ModernParams",
    "SaleBonus",
    "SaleSpec",
    "ScoringSpec",
    "SetupSpec",
    "TrackSpec",
    "WineSpec",
]


@attrs.frozen(slots=True)
class Components:
    """Component counts (M-COMP)."""

    galleys: int
    galley_cubes_per_player: int
    sailors_per_colour: int
    forts: int
    basilicas: int
    starting_ducats: int
    source: Source


@attrs.frozen(slots=True)
class SetupSpec:
    """Set-up for one player count (M-SETUP).

    Attributes:
        players: The player count.
        galleys_in_use: Galleys 1..n are used.
        sailors: Sailors each player takes.
        galleys_each: Galleys each player picks at set-up.
        sailors_per_galley: Sailors placed on each starting galley.
        port_sailors: Sailors placed in the starting port.
        track_start: The white token's first space.
        scoring_spaces: Scoring spaces of this player count, ascending.
        closed_goods: One port producing each of these goods is closed.
        source: Provenance.
    """

    players: int
    galleys_in_use: int
    sailors: int
    galleys_each: int
    sailors_per_galley: int
    port_sailors: int
    track_start: int
    scoring_spaces: tuple[int, ...]
    closed_goods: tuple[str, ...]
    source: Source


@attrs.frozen(slots=True)
class GalleySpec:
    """Galley capacity (M-GAL-1..3)."""

    spaces: int
    max_sailors: int
    min_sailors: int
    max_goods: int
    source: Source


@attrs.frozen(slots=True)
class Costs:
    """Prices in ducats (M-LOAD, M-INV)."""

    cube: int
    free_cubes_in_own_port: int
    recruit: int
    galley_per_owned: int
    fort: int
    basilica: int
    source: Source


@attrs.frozen(slots=True)
class BuildingSpec:
    """Requirements of a fort or basilica (M-INV-4/5, M-CONQ-4, M-SCORE-3)."""

    requires: tuple[str, ...]
    volley_dice: int
    scoring: int
    source: Source


@attrs.frozen(slots=True)
class SaleBonus:
    """Extra ducats for selling one cube of a good (M-SALE-5)."""

    good: str
    ducats: int


@attrs.frozen(slots=True)
class SaleSpec:
    """Warehouse values and bonuses (M-SALE-3..5).

    A port with ``n`` warehouse spaces has spaces worth ``first_space_value``,
    ``first_space_value + 1``, ..., ``first_space_value + n - 1``.
    """

    first_space_value: int
    bonuses: tuple[SaleBonus, ...]
    source: Source


@attrs.frozen(slots=True)
class ScoringSpec:
    """Scoring (M-SCORE, M-GAME).

    Attributes:
        payout: Ducats for 0, 1, 2, ... cubes in a port's warehouse.
        game_ends_after: The game ends after this many scorings.
    """

    payout: tuple[int, ...]
    game_ends_after: int
    source: Source


@attrs.frozen(slots=True)
class WineSpec:
    """The Wine card's income (M-END-3)."""

    good: str
    ducats_per_port: int
    source: Source


@attrs.frozen(slots=True)
class DogeCard:
    """A kind of Doge card (M-END-2..6).

    Attributes:
        id: Identifier used in actions, e.g. ``"hourglass2"``.
        name: Display name.
        count: Copies in the deck.
        advance: Spaces the white token moves.
        wine: True if the card pays wine income.
        shuffle: True if the whole deck is reshuffled after it.
    """

    id: str
    name: str
    count: int
    advance: int
    wine: bool
    shuffle: bool


@attrs.frozen(slots=True)
class TrackSpec:
    """The turn track: spaces 0..last_space."""

    last_space: int
    source: Source


@attrs.frozen(slots=True)
class DiceSpec:
    """The combat die: its faces, and the face that kills (M-COMP-8)."""

    faces: tuple[str, ...]
    hit: str
    source: Source


@attrs.frozen(slots=True)
class ModernParams:
    """Every number and table of the modern edition.

    Attributes:
        goods: The goods types, in display order.
        components: Component counts.
        setup: One entry per supported player count.
        galley: Galley capacity.
        costs: Prices.
        fort: Fort requirements and volley.
        basilica: Basilica requirements and scoring.
        sale: Warehouse values and sale bonuses.
        scoring: Port payouts and the game's length in scorings.
        wine: Wine card income.
        doge_cards: The Doge deck.
        track: The turn track.
        dice: The combat die.
        special_investment_below: Players with fewer galleys than this get a special investment.
    """

    goods: tuple[GoodSpec, ...]
    components: Components
    setup: tuple[SetupSpec, ...]
    galley: GalleySpec
    costs: Costs
    fort: BuildingSpec
    basilica: BuildingSpec
    sale: SaleSpec
    scoring: ScoringSpec
    wine: WineSpec
    doge_cards: tuple[DogeCard, ...]
    track: TrackSpec
    dice: DiceSpec
    special_investment_below: int

    def setup_for(self, players: int) -> SetupSpec:
        """Return the set-up of ``players`` players (``KeyError`` if unsupported)."""
        for entry in self.setup:
            if entry.players == players:
                return entry
        raise KeyError(players)
