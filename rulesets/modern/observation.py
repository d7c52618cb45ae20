"""What one seat may see of a modern game (M-COMP-9), and what it may reckon.

With hidden money a seat is not shown the other seats' ducats, but every
payment is made in the open, so a seat that remembers them all knows every
purse: the observation says so in :attr:`ModernObservation.reckoned`.
"""

from __future__ import annotations

import attrs

from serenissima.engine.core import Observation

from .phases import Phase
from .state import Activation, Galley, ModernOptions, ModernState, Port

__all__ = ["ModernObservation", "observe"]


@attrs.frozen(slots=True)
class ModernObservation(Observation):
    """A seat's view of a modern game.

    Everything on the table is public. With ``money_visibility = "hidden"``
    the ducats of the other seats are ``None``: only their earnings at each
    scoring are announced (as :class:`~serenissima_rulesets.modern.events.Scored` events).

    Yet no payment is secret: goods loaded cost a printed price, paid to the
    bank or to the port's owner (M-LOAD-7, M-LOAD-8); a sale pays the value
    of the warehouse space the cube fills, and the spice bonus (M-SALE-4,
    M-SALE-5); sailors, galleys, forts and basilicas cost printed prices
    (M-INV-2..5, M-END-7); wine pays for ports anyone can count (M-END-3);
    scoring earnings are announced (M-SCORE-4) and follow from the public
    warehouses and basilicas anyway. Everyone starts with the same ducats
    (M-SETUP-6). A seat that remembers every public payment therefore knows
    every purse to the ducat: that reckoning is ``reckoned``, kept by the
    state apart from the purses. Nothing else is hidden: the Doge draw pile
    is kept as the number of cards of each kind, drawn at random when the
    card is turned (a chance node), so it has no order to hide. A full state
    that the seat cannot tell from the true one (``Ruleset.sample_state``)
    is therefore the same whatever the generator: every purse from
    ``reckoned``, the rest as seen.

    Attributes:
        players: The number of seats.
        to_act: Who decides next.
        phase: What is being decided.
        turn: The game turn.
        first_player: The first player's seat.
        options: The game's rule options (public: agreed before the game).
        ducats: Each seat's ducats, ``None`` where hidden.
        reckoned: Each seat's ducats as a seat that remembers every public
            payment reckons them.
        reserve: Each seat's sailors off the board.
        ports: The ports, in board order.
        galleys: The galleys in play.
        supply: Cubes left in the box per good.
        track: The white token's space.
        scorings: Scorings done.
        doge_pile: Cards of each kind left in the draw pile.
        doge_discard: Cards of each kind face up in the discard pile.
        wheel: The black token's galley number (0: Doge space).
        act: The current activation.
        skip: Galleys bought this turn that do not act until the next turn.
        bought_turn: Seats that bought a galley this game turn.
    """

    players: int
    to_act: int
    phase: Phase
    turn: int
    first_player: int
    options: ModernOptions
    ducats: tuple[int | None, ...]
    reckoned: tuple[int, ...]
    reserve: tuple[int, ...]
    ports: tuple[Port, ...]
    galleys: tuple[Galley, ...]
    supply: tuple[int, ...]
    track: int
    scorings: int
    doge_pile: tuple[int, ...]
    doge_discard: tuple[int, ...]
    wheel: int
    act: Activation | None
    skip: tuple[int, ...]
    bought_turn: tuple[int, ...]


def observe(state: ModernState, seat: int | None) -> ModernObservation:
    """Return ``seat``'s view of ``state`` (a spectator's when ``None``)."""
    ducats: tuple[int | None, ...] = (
        state.ducats
    )  # the same tuple while nothing is hidden: encoders compare by identity
    if state.options.money_visibility == "hidden":
        ducats = tuple(d if s == seat else None for s, d in enumerate(ducats))
    return ModernObservation(
        seat=seat,
        players=state.players,
        to_act=state.to_act,
        phase=state.phase,
        turn=state.turn,
        first_player=state.first_player,
        options=state.options,
        ducats=ducats,
        reckoned=state.reckoned,
        reserve=state.reserve,
        ports=state.ports,
        galleys=state.galleys,
        supply=state.supply,
        track=state.track,
        scorings=state.scorings,
        doge_pile=state.doge_pile,
        doge_discard=state.doge_discard,
        wheel=state.wheel,
        act=state.act,
        skip=state.skip,
        bought_turn=state.bought_turn,
    )
