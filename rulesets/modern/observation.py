"""What one seat may see of a modern game (M-COMP-9)."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Observation

from .state import Activation, Galley, ModernState, Phase, Port

__all__ = ["ModernObservation", "observe"]


@attrs.frozen(slots=True)
class ModernObservation(Observation):
    """A seat's view of a modern game.

    Everything on the table is public. With ``money_visibility = "hidden"``
    the ducats of the other seats are ``None``: only their earnings at each
    scoring are announced (as :class:`~serenissima_rulesets.modern.events.Scored` events).

    Attributes:
        players: The number of seats.
        to_act: Who decides next.
        phase: What is being decided.
        turn: The game turn.
        first_player: The first player's seat.
        ducats: Each seat's ducats, ``None`` where hidden.
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
    """

    players: int
    to_act: int
    phase: Phase
    turn: int
    first_player: int
    ducats: tuple[int | None, ...]
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


def observe(state: ModernState, seat: int) -> ModernObservation:
    """Return ``seat``'s view of ``state``."""
    hidden = state.options.money_visibility == "hidden"
    ducats = tuple(d if not hidden or s == seat else None for s, d in enumerate(state.ducats))
    return ModernObservation(
        seat=seat,
        players=state.players,
        to_act=state.to_act,
        phase=state.phase,
        turn=state.turn,
        first_player=state.first_player,
        ducats=ducats,
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
    )
