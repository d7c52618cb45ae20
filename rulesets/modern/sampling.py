"""What the public record tells of the purses, and full states drawn from one seat's view.

Every payment of the modern game is made in the open, hidden money or not
(see :class:`~serenissima_rulesets.modern.observation.ModernObservation`),
so the state keeps, beside the purses, their public reckoning: :func:`reckon`
moves it by whatever a step paid. :func:`sample_state` rebuilds a full state
from an observation alone: the purses from the reckoning, the rest as seen.
"""

from __future__ import annotations

from random import Random

from serenissima.engine.pieces import own_purse, reckoning_after

from .helpers import new_state
from .observation import ModernObservation
from .state import ModernState

__all__ = ["reckon", "sample_state"]


def reckon(before: ModernState, after: ModernState) -> ModernState:
    """``after`` with its public reckoning moved by what the step from ``before`` paid.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> paid = new_state(state, ducats=(3, 7))
        >>> reckon(state, paid).reckoned
        (3, 7)
    """
    reckoned = reckoning_after(before.reckoned, before.ducats, after.ducats)
    return new_state(after, reckoned=reckoned)


def sample_state(seen: ModernObservation, rng: Random) -> ModernState:
    """A full state that ``seen``'s seat cannot tell from the true one.

    Every purse is its public reckoning (the seat's own, as it sees it);
    everything else is public. Nothing is drawn, so ``rng`` is not used: the
    state is the same for every generator.

    Examples:
        >>> import random
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(3, {"money_visibility": "hidden"})
        >>> sample_state(rules.observe(state, 2), random.Random(1)) == state
        True
    """
    return ModernState(
        players=seen.players,
        to_act=seen.to_act,
        turn=seen.turn,
        options=seen.options,
        phase=seen.phase,
        first_player=seen.first_player,
        ducats=own_purse(seen.ducats, seen.reckoned, seen.seat),
        reckoned=seen.reckoned,
        reserve=seen.reserve,
        ports=seen.ports,
        galleys=seen.galleys,
        supply=seen.supply,
        track=seen.track,
        scorings=seen.scorings,
        doge_pile=seen.doge_pile,
        doge_discard=seen.doge_discard,
        wheel=seen.wheel,
        skip=seen.skip,
        bought_turn=seen.bought_turn,
        act=seen.act,
    )
