"""What the public record tells of the purses, and full states drawn from one seat's view.

Every payment of the classic game is made in the open (see
:class:`~serenissima_rulesets.classic.observation.ClassicObservation`), so the
state keeps, beside the purses, their public reckoning: :func:`reckon` moves
it by whatever a step paid. :func:`sample_state` rebuilds a full state from
an observation alone: the purses from the reckoning, the bids made but not
yet revealed (C-BID-2) drawn, the rest as seen.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from serenissima.engine.pieces import own_purse, reckoning_after

from .context import Ctx
from .helpers import replace_state
from .observation import ClassicObservation
from .phases import Bidding
from .state import ClassicState

__all__ = ["hidden_bids", "reckon", "sample_state", "settle"]


def reckon(before: ClassicState, after: ClassicState) -> ClassicState:
    """``after`` with its public reckoning moved by what the step from ``before`` paid.

    Every payment being public, the reckoning of each purse changes by what
    the purse changed. A bid changes no purse until every bid is revealed,
    so the reckoning never holds a secret bid.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> paid = replace_state(state, ducats=(1500, 2000))
        >>> reckon(state, paid).reckoned
        (1500, 2000)
    """
    reckoned = reckoning_after(before.reckoned, before.ducats, after.ducats)
    return replace_state(after, reckoned=reckoned)


_store_reckoning: Callable[[ClassicState, tuple[int, ...]], None] = vars(ClassicState)[
    "reckoned"
].__set__
"""Write the ``reckoned`` slot of a state (only :func:`settle` does, into a state of its own)."""


def settle(before: ClassicState, after: ClassicState) -> None:
    """Move the public reckoning of ``after`` as :func:`reckon` does, in ``after`` itself.

    Only for a state a step has just built and not yet handed out: it is
    then as if the step had built it with that reckoning, and the state is
    not built a second time (the engine's step settles every payment so).

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> paid = replace_state(state, ducats=(1500, 2000))
        >>> settle(state, paid)
        >>> paid.reckoned == reckon(state, paid).reckoned == (1500, 2000)
        True
    """
    reckoned, purses = before.reckoned, before.ducats
    if reckoned == purses:  # as in play: the reckoning is the purses, before and after
        _store_reckoning(after, (*after.ducats,))
    else:
        _store_reckoning(after, reckoning_after(reckoned, purses, after.ducats))


def hidden_bids(seen: ClassicObservation) -> tuple[int, ...]:
    """The seats whose bid ``seen``'s seat cannot know: made, but not yet revealed (C-BID-2).

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(3)
        >>> for _ in range(3):
        ...     state = rules.apply(state, rules.legal_actions(state)[0])
        >>> state = rules.apply(state, rules.parse_action(state, "bid 300"))
        >>> hidden_bids(rules.observe(state, 2)), hidden_bids(rules.observe(state, 0))
        ((0,), ())
    """
    if not isinstance(seen.phase, Bidding):
        return ()
    return tuple(s for s, made in enumerate(seen.has_bid) if made and s != seen.seat)


def sample_state(ctx: Ctx, seen: ClassicObservation, rng: Random) -> ClassicState:
    """A full state that ``seen``'s seat cannot tell from the true one, drawn with ``rng``.

    Every purse is its public reckoning (the seat's own, as it sees it); the
    treasury holds what the seats started with and no longer have; each bid
    made but not revealed is drawn uniformly among the bids its seat could
    make, multiples of the money unit from nothing up to its purse (C-BID-2,
    X-C-04). Nothing else is hidden, so outside the bidding the state is the
    same for every ``rng``.

    Examples:
        >>> import random
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> seen = rules.observe(state, 0)
        >>> sample_state(rules.engine.ctx(rules), seen, random.Random(1)) == state
        True
    """
    ducats = own_purse(seen.ducats, seen.reckoned, seen.seat)
    bids = seen.bids
    hidden = hidden_bids(seen)
    if hidden:
        unit = seen.options.money_unit
        drawn = list(bids)
        for s in hidden:
            drawn[s] = unit * rng.randrange(ducats[s] // unit + 1)
        bids = tuple(drawn)
    start = ctx.params.components.starting_ducats * seen.players
    return ClassicState(
        players=seen.players,
        to_act=seen.to_act,
        turn=seen.turn,
        options=seen.options,
        rounds=seen.rounds,
        nations=seen.nations,
        ducats=ducats,
        reckoned=seen.reckoned,
        treasury=start - sum(seen.reckoned),
        sailors_box=seen.sailors_box,
        forts_box=seen.forts_box,
        supply=seen.supply,
        ports=seen.ports,
        galleys=seen.galleys,
        next_galley=seen.next_galley,
        bids=bids,
        order=seen.order,
        built=seen.built,
        hired=seen.hired,
        phase=seen.phase,
    )
