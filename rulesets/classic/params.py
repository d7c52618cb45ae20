"""The typed numbers and tables of the classic edition, read from its TOML files.

Where a number means the same thing as in the modern edition, it has the same
name (``components.galleys``, ``galley.spaces``, ``costs.fort``...), so that
:func:`serenissima.compare_rulesets` lines the two editions up key by key.
"""

from __future__ import annotations

import attrs

from serenissima.engine.spec import GoodSpec, Source

__all__ = [
    "BattleSpec",
    "BonusSpec",
    "BuildSpec",
    "ClassicParams",
    "Components",
    "Costs",
    "FullPortPoints",
    "GalleySpec",
    "IncomeSpec",
    "NationSpec",
    "PriceSpec",
    "SaleSpec",
    "SetupSpec",
    "WealthSpec",
]


@attrs.frozen(slots=True)
class Components:
    """Component counts (C-COMP).

    Attributes:
        galleys: Galleys in the shared pool (C-COMP-1).
        forts: Fortresses in the shared pool (C-COMP-2).
        sailors: Sailors in the shared pool by default (C-COMP-4; option ``sailor_pool``).
        starting_ducats: Ducats each player starts with (C-SETUP-4).
        source: Provenance.
    """

    galleys: int
    forts: int
    sailors: int
    starting_ducats: int
    source: Source


@attrs.frozen(slots=True)
class NationSpec:
    """A seafaring nation (C-SETUP-2, C-SETUP-3).

    Attributes:
        id: Identifier, e.g. ``"venice"``.
        name: Display name, e.g. ``"Venetians"``.
        capital: The port that is its capital.
        source: Provenance of the nation-to-capital pairing.
    """

    id: str
    name: str
    capital: str
    source: Source


@attrs.frozen(slots=True)
class SetupSpec:
    """Set-up for one player count (C-SETUP).

    Attributes:
        players: The player count.
        rounds: Rounds in a game (C-SETUP-1).
        nations: The nations in play, one per seat in seating order (C-SETUP-2).
        alternative_nations: The nations of the 2-player variant, if any.
        galleys_each: Galleys each player starts with (C-SETUP-4).
        sailors_each: Sailors each player distributes (C-SETUP-4).
        source: Provenance.
    """

    players: int
    rounds: int
    nations: tuple[str, ...]
    galleys_each: int
    sailors_each: int
    source: Source
    alternative_nations: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class GalleySpec:
    """What a galley holds (C-ORG-2).

    Attributes:
        spaces: Pieces aboard at most, sailors and goods together.
        max_sailors: Sailors aboard at most.
        min_sailors: Sailors below which it sinks.
        max_goods: Goods aboard at most.
        moves_per_sailor: Sea areas a galley may cross per sailor aboard (C-MOVE-1).
        source: Provenance.
    """

    spaces: int
    max_sailors: int
    min_sailors: int
    max_goods: int
    moves_per_sailor: int
    source: Source


@attrs.frozen(slots=True)
class Costs:
    """Prices paid to the treasury, in ducats.

    Attributes:
        cube: One piece of goods at a neutral port or one's own (C-BUY-3).
        recruit: One sailor (C-HIRE-1).
        galley: One galley (C-BUILD-1).
        fort: One fortress (C-BUILD-1).
        source: Provenance.
    """

    cube: int
    recruit: int
    galley: int
    fort: int
    source: Source


@attrs.frozen(slots=True)
class PriceSpec:
    """Negotiated prices (C-BUY-4, C-BUY-5, C-TRADE-2).

    Attributes:
        port_min: Lowest price an owner may ask per piece.
        port_max: Highest price without a monopoly.
        monopoly_max: Highest price with a monopoly on the good.
        trade_max: Highest price per piece offered in a trade between players;
            the rules set no bound, this one keeps the choices enumerable.
        source: Provenance.
    """

    port_min: int
    port_max: int
    monopoly_max: int
    trade_max: int
    source: Source


@attrs.frozen(slots=True)
class BuildSpec:
    """Building galleys and fortresses (C-BUILD).

    Attributes:
        galley_requires: Goods a port must produce or store to build a galley.
        fort_requires: Goods a port must produce or store to build a fortress.
        per_port_per_round: Builds allowed at one port in one round.
        source: Provenance.
    """

    galley_requires: tuple[str, ...]
    fort_requires: tuple[str, ...]
    per_port_per_round: int
    source: Source


@attrs.frozen(slots=True)
class SaleSpec:
    """Sales to warehouses (C-SALE-4).

    A piece placed on space ``n`` (spaces numbered from ``first_space``) pays
    ``ducats_per_space * n``.

    Attributes:
        first_space: The number of a warehouse's first space.
        ducats_per_space: Ducats paid per unit of the space's number.
        source: Provenance.
    """

    first_space: int
    ducats_per_space: int
    source: Source


@attrs.frozen(slots=True)
class BonusSpec:
    """The new-market bonus (C-BONUS).

    Attributes:
        new_market: Bonus for a good new to the port owner.
        capital: The bonus instead when the port is a capital.
        source: Provenance.
    """

    new_market: int
    capital: int
    source: Source


@attrs.frozen(slots=True)
class IncomeSpec:
    """Phase-6 income (C-INC).

    Attributes:
        own_capital: Ducats for holding one's own capital.
        source: Provenance.
    """

    own_capital: int
    source: Source


@attrs.frozen(slots=True)
class BattleSpec:
    """Battles (C-BAT, C-PATK).

    Attributes:
        die_faces: Faces of the die, numbered 1..n.
        divisor: Total (die + sailors) divided by this, rounded down, gives losses.
        fort_divisor: The attacker's divisor against a fortified port.
        source: Provenance.
    """

    die_faces: int
    divisor: int
    fort_divisor: int
    source: Source


@attrs.frozen(slots=True)
class FullPortPoints:
    """Points for a controlled port whose warehouse is full, by its size.

    Attributes:
        warehouse: Warehouse size.
        points: Points when full.
    """

    warehouse: int
    points: int


@attrs.frozen(slots=True)
class WealthSpec:
    """Wealth points at the end of the game (C-SCORE-2; X-002-16 for the extras).

    Attributes:
        own_capital: Points for holding one's own capital.
        ducats_per_point: Ducats per point, rounded down.
        port_not_full: Points per controlled port whose warehouse is not full.
        full_ports: Points per controlled full port, by warehouse size.
        galleys_per_point: With ``scoring_002_extras``: galleys per point.
        forts_per_point: With ``scoring_002_extras``: fortresses per point.
        sailors_per_point: With ``scoring_002_extras``: sailors per point.
        source: Provenance.
    """

    own_capital: int
    ducats_per_point: int
    port_not_full: int
    full_ports: tuple[FullPortPoints, ...]
    galleys_per_point: int
    forts_per_point: int
    sailors_per_point: int
    source: Source


@attrs.frozen(slots=True)
class ClassicParams:
    """Every number and table of the classic edition.

    Attributes:
        goods: The goods types, in display order.
        components: Component counts.
        nations: The four nations and their capitals.
        setup: One entry per supported player count.
        galley: Galley capacity and movement.
        costs: Prices paid to the treasury.
        prices: Negotiated price ranges.
        builds: Building requirements.
        sale: Warehouse space values.
        bonus: The new-market bonus.
        income: Income for one's own capital.
        battle: The die and the loss divisors.
        wealth: Wealth points.
    """

    goods: tuple[GoodSpec, ...]
    components: Components
    nations: tuple[NationSpec, ...]
    setup: tuple[SetupSpec, ...]
    galley: GalleySpec
    costs: Costs
    prices: PriceSpec
    builds: BuildSpec
    sale: SaleSpec
    bonus: BonusSpec
    income: IncomeSpec
    battle: BattleSpec
    wealth: WealthSpec

    def setup_for(self, players: int) -> SetupSpec:
        """Return the set-up of a player count.

        Raises:
            KeyError: The count has no set-up.
        """
        for entry in self.setup:
            if entry.players == players:
                return entry
        raise KeyError(players)

    def nation(self, nation_id: str) -> NationSpec:
        """Return the nation called ``nation_id``.

        Raises:
            KeyError: No such nation.
        """
        for entry in self.nations:
            if entry.id == nation_id:
                return entry
        raise KeyError(nation_id)
