"""What one seat may see of a classic game (C-COMP-7, C-BID-2)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Observation

from .state import Bidding, ClassicState, Galley, Phase, Port

__all__ = ["ClassicObservation", "observe"]


@attrs.frozen(slots=True)
class ClassicObservation(Observation):
    """A seat's view of a classic game.

    The board is public. Money is not (C-COMP-7): the other seats' ducats are
    ``None``. While the bids are being made (C-BID-2) the other seats' bids
    are ``None`` too; a seat sees only whether each has bid, in ``has_bid``.

    Attributes:
        players: The number of seats.
        to_act: Who decides next.
        phase: What is being decided.
        turn: The round.
        rounds: Rounds in the game.
        nations: Each seat's nation.
        ducats: Each seat's ducats, ``None`` for the other seats.
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
    """

    players: int
    to_act: int
    phase: Phase
    turn: int
    rounds: int
    nations: tuple[str, ...]
    ducats: tuple[int | None, ...]
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


def observe(state: ClassicState, seat: int) -> ClassicObservation:
    """Return ``seat``'s view of ``state``."""
    secret = isinstance(state.phase, Bidding)
    bids = tuple(b if s == seat or not secret else None for s, b in enumerate(state.bids))
    return ClassicObservation(
        seat=seat,
        players=state.players,
        to_act=state.to_act,
        phase=state.phase,
        turn=state.turn,
        rounds=state.rounds,
        nations=state.nations,
        ducats=tuple(d if s == seat else None for s, d in enumerate(state.ducats)),
        bids=bids,
        has_bid=tuple(b is not None for b in state.bids),
        order=state.order,
        ports=state.ports,
        galleys=state.galleys,
        supply=state.supply,
        sailors_box=state.sailors_box,
        forts_box=state.forts_box,
        built=state.built,
        hired=state.hired,
    )
