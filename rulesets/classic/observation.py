"""What one seat may see of a classic game (C-COMP-7, C-BID-2), and what it may reckon.

Money is not shown (C-COMP-7), but every payment of the classic game is
made in the open, so a seat that remembers them all knows every purse: the
observation says so in :attr:`ClassicObservation.reckoned`, beside the
``ducats`` a seat is shown.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Observation
from serenissima.engine.rule_index import rule

from .phases import Bidding, Phase
from .state import ClassicOptions, ClassicState, Galley, Port

__all__ = ["ClassicObservation", "observe"]


@attrs.frozen(slots=True)
class ClassicObservation(Observation):
    """A seat's view of a classic game.

    The board is public. Money is not (C-COMP-7): the other seats' ducats are
    ``None``. While the bids are being made (C-BID-2) the other seats' bids
    are ``None`` too; a seat sees only whether each has bid, in ``has_bid``.

    Yet every payment is made in the open: the bids are revealed together
    before they are paid to the treasury (C-BID-2, C-BID-6); a purchase at a
    neutral or own port, a galley, a fort and a hired sailor cost the printed
    prices (C-BUY-3, C-BUILD-1, C-HIRE-1); a price at another player's port or
    between galleys is named aloud in the negotiation (C-BUY-6, C-TRADE-2);
    a sale is paid by the space the piece fills (C-SALE-4) and the income
    goes to whoever holds his own capital (C-INC-1). Everyone starts with the
    same ducats (C-SETUP-4). A seat that remembers every public payment
    therefore knows every purse to the ducat: that reckoning is ``reckoned``,
    kept by the state apart from the purses. It never holds a secret: a bid
    is taken from the purse only when all bids are revealed, so while bids
    are being made ``reckoned`` leaves them out, and the bids of the seats
    that have bid are all a seat cannot know. A full state that the seat
    cannot tell from the true one (``Ruleset.sample_state``) therefore takes
    every purse from ``reckoned`` and draws only those bids, each a multiple
    of the money unit from nothing up to the bidder's purse.

    Attributes:
        players: The number of seats.
        to_act: Who decides next.
        phase: What is being decided.
        turn: The round.
        rounds: Rounds in the game.
        nations: Each seat's nation.
        options: The game's rule options (public: agreed before the game).
        ducats: Each seat's ducats, ``None`` for the other seats.
        reckoned: Each seat's ducats as a seat that remembers every public
            payment reckons them (the bids being made left out).
        bids: This round's bids, ``None`` where not visible to ``seat``.
        has_bid: Whether each seat has made its bid this round.
        order: This round's turn order.
        ports: The ports, in board order.
        galleys: The galleys in play.
        supply: Goods in the box per goods type.
        sailors_box: Sailors in the box (``None``: unlimited).
        forts_box: Fortresses in the box.
        built: Ports that have had their build this round.
        hired: Sailors hired at each port this round.
        next_galley: The number the next galley brought into play gets.
    """

    players: int
    to_act: int
    phase: Phase
    turn: int
    rounds: int
    nations: tuple[str, ...]
    options: ClassicOptions
    ducats: tuple[int | None, ...]
    reckoned: tuple[int, ...]
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    order: tuple[int, ...]
    ports: tuple[Port, ...]
    galleys: tuple[Galley, ...]
    supply: tuple[int, ...]
    sailors_box: int | None
    forts_box: int
    built: tuple[str, ...]
    hired: tuple[int, ...]
    next_galley: int


_HAS_BID: dict[tuple[bool, ...], tuple[bool, ...]] = {}
"""One tuple for each ``has_bid`` value, so that equal values are the same object."""


@rule("C-COMP-7")
def observe(state: ClassicState, seat: int | None) -> ClassicObservation:
    """Return ``seat``'s view of ``state`` (a spectator's when ``None``)."""
    bids = state.bids  # shared with the state where nothing is hidden: encoders compare by identity
    if isinstance(state.phase, Bidding):
        bids = tuple(b if s == seat else None for s, b in enumerate(bids))
    has_bid = tuple(b is not None for b in state.bids)
    return ClassicObservation(
        seat=seat,
        players=state.players,
        to_act=state.to_act,
        phase=state.phase,
        turn=state.turn,
        rounds=state.rounds,
        nations=state.nations,
        options=state.options,
        ducats=tuple(d if s == seat else None for s, d in enumerate(state.ducats)),
        reckoned=state.reckoned,
        bids=bids,
        has_bid=_HAS_BID.setdefault(has_bid, has_bid),
        order=state.order,
        ports=state.ports,
        galleys=state.galleys,
        supply=state.supply,
        sailors_box=state.sailors_box,
        forts_box=state.forts_box,
        built=state.built,
        hired=state.hired,
        next_galley=state.next_galley,
    )
