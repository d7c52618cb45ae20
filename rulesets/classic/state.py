"""The state of a classic game: pieces, money, the options, the round's turn order and the phase.

The phase a state holds is one of the classes of :mod:`.phases`, one per stage.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import State
from serenissima.engine.values import slot_init

from .phases import Phase

__all__ = ["ClassicOptions", "ClassicState", "Galley", "Port"]


@slot_init
@attrs.frozen(slots=True)
class Galley:
    """A galley in play.

    Classic galleys carry no printed number; the engine numbers them in the
    order they come into play (1, 2, 3...), and a number is never reused.

    Attributes:
        id: The galley's number.
        owner: The seat whose flag it flies.
        area: The sea area it is in.
        sailors: Sailors aboard.
        cargo: Goods aboard, sorted.
    """

    id: int
    owner: int
    area: str
    sailors: int
    cargo: tuple[str, ...] = ()


@slot_init
@attrs.frozen(slots=True)
class Port:
    """The pieces on a port.

    Attributes:
        owner: The seat whose flag is on it, or ``None`` when neutral.
        garrison: Sailors in its garrison; a controlled port may have none (X-C-09).
        warehouse: Goods in its warehouse, in the order of the spaces they fill.
        forts: Fortresses beside it.
    """

    owner: int | None = None
    garrison: int = 0
    warehouse: tuple[str, ...] = ()
    forts: int = 0


@attrs.frozen(slots=True)
class ClassicOptions:
    """The rule options of a game, typed (see the ruleset's ``options.toml``)."""

    zero_bid_order: str = "automatic"
    money_unit: int = 100
    recruit_limit: str = "warehouse"
    classic_garrison_cap: str = "none"
    defender_may_capture: bool = True
    counter_offer_in_range: bool = True
    max_forts_per_port: int = 1
    capital_bonus_scope: str = "any_capital"
    capital_scores_port_point: bool = False
    own_port_sales_pay: bool = True
    classic_tiebreak: str = "shared"
    allow_barter: bool = False
    sailor_pool: str = "176"
    goods_per_type: int = 15
    scoring_002_extras: bool = False
    two_player_nations: str = "venice_genoa"


@attrs.frozen(slots=True)
class ClassicState(State):
    """A classic game.

    Attributes:
        players: The number of seats.
        to_act: Who decides next (a seat, ``CHANCE`` or ``TERMINAL``).
        turn: The round (1..rounds); 0 during set-up.
        options: The rule options.
        rounds: Rounds in this game (C-SETUP-1).
        nations: Each seat's nation.
        ducats: Each seat's ducats (hidden from the others, C-COMP-7).
        reckoned: Each seat's ducats as the public record reckons them, the
            purses' public twin (see :mod:`.observation`); equal to ``ducats`` in play.
        treasury: Ducats the treasury has taken in, less what it paid out.
        sailors_box: Sailors in the box, or ``None`` when the pool is unlimited.
        forts_box: Fortresses in the box.
        supply: Goods in the box, per goods type in the ruleset's order.
        ports: The ports, in board order.
        galleys: The galleys in play, by number.
        next_galley: The number the next galley brought into play gets.
        bids: This round's bids; secret until every seat has bid (C-BID-2).
        order: This round's turn order, first to last (C-BID-7).
        built: Ports that have had their build this round (C-BUILD-2).
        hired: Sailors hired at each port this round (C-HIRE-2).
        phase: Where in the round the game is.
    """

    options: ClassicOptions
    rounds: int
    nations: tuple[str, ...]
    ducats: tuple[int, ...]
    reckoned: tuple[int, ...]
    treasury: int
    sailors_box: int | None
    forts_box: int
    supply: tuple[int, ...]
    ports: tuple[Port, ...]
    galleys: tuple[Galley, ...]
    next_galley: int
    bids: tuple[int | None, ...]
    order: tuple[int, ...]
    built: tuple[str, ...]
    hired: tuple[int, ...]
    phase: Phase

    def galley(self, number: int) -> Galley | None:
        """Return the galley with this number, or ``None`` if it is not in play."""
        for galley in self.galleys:
            if galley.id == number:
                return galley
        return None
