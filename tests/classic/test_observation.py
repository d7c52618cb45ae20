"""What each seat may see of a classic game (C-COMP-7, C-BID-2).

Money is hidden: a seat sees its own ducats, never another's. Bids are
secret until everyone has bid. The board itself is public.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from classic.scenario import G, P, classic, play, position
from serenissima.engine.core import CHANCE
from serenissima.engine.errors import StateError
from serenissima_rulesets.classic.observation import ClassicObservation
from serenissima_rulesets.classic.phases import Bidding
from serenissima_rulesets.classic.state import ClassicState


def observe(state: ClassicState, seat: int) -> ClassicObservation:
    """``seat``'s view of ``state``."""
    view = classic().observe(state, seat)
    assert isinstance(view, ClassicObservation)
    return view


def bidding(players: int = 4) -> ClassicState:
    """Round 1's bids are open; every seat crewed 4 and 4."""
    state = classic().new_game(players, {})
    assert isinstance(state, ClassicState)
    return play(state, *(["crew 4 4"] * players))


def disguised(state: ClassicState, seat: int) -> ClassicState:
    """``state`` with every other seat's money and unrevealed bid changed.

    What the other seats gain the treasury loses, so the money of the game
    stays the same and only hidden values differ.
    """
    extra = tuple(0 if s == seat else 100 * (s + 3) for s in range(state.players))
    bids = state.bids
    if isinstance(state.phase, Bidding):
        bids = tuple(b if s == seat or b is None else b + 100 for s, b in enumerate(bids))
    return attrs.evolve(
        state,
        ducats=tuple(d + e for d, e in zip(state.ducats, extra, strict=True)),
        treasury=state.treasury - sum(extra),
        bids=bids,
    )


def random_states(players: int, seed: int) -> Iterator[ClassicState]:
    """Every state of a game played by seeded random choice, chance by its probabilities."""
    rules = classic()
    rng = random.Random(seed)
    state = rules.new_game(players, {})
    assert isinstance(state, ClassicState)
    yield state
    while not rules.is_over(state):
        if state.to_act == CHANCE:
            outcomes = rules.chance_outcomes(state)
            actions = [a for a, _ in outcomes]
            action = rng.choices(actions, weights=[float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(rules.legal_actions(state))
        new = rules.apply(state, action)
        assert isinstance(new, ClassicState)
        state = new
        yield state


# --- money (C-COMP-7) ----------------------------------------------------------------


@pytest.mark.rules("C-COMP-7")
def test_c_comp_7_a_seat_sees_its_own_ducats_and_nobody_elses() -> None:
    """C-COMP-7: ducats of the other seats are withheld; one's own are shown.

    Rules: C-COMP-7.
    """
    state = position(phase=2, ducats=[2000, 1500, 700, 0])
    for seat in range(4):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.ducats == tuple(
            d if s == seat else None for s, d in enumerate((2000, 1500, 700, 0))
        )


@pytest.mark.rules("C-COMP-7", "C-BID-6")
def test_c_comp_7_the_treasury_does_not_give_away_the_opponents_money() -> None:
    """C-COMP-7: with two players, a visible treasury would reveal the other's ducats.

    The view is the same whatever the opponent holds, the treasury's total
    changing with it.

    Rules: C-COMP-7, C-BID-6.
    """
    state = play(bidding(2), "bid 300", "bid 700")
    for seat in (0, 1):
        assert observe(disguised(state, seat), seat) == observe(state, seat)
        assert not hasattr(observe(state, seat), "treasury")


@pytest.mark.rules("C-COMP-7")
def test_c_comp_7_the_board_is_public() -> None:
    """C-COMP-7: only money is hidden; every seat sees the same pieces.

    Rules: C-COMP-7.
    """
    galleys = [G(1, 0, "venice", 3, "wine"), G(2, 1, "genoa", 2)]
    state = position(phase=3, galleys=galleys, ports={"ragusa": P(2, 2, "gold", forts=1)})
    views = [observe(state, seat) for seat in range(4)]
    for view in views:
        assert view.galleys == state.galleys
        assert view.ports == state.ports
        assert view.supply == state.supply
        assert view.sailors_box == state.sailors_box
        assert view.forts_box == state.forts_box
        assert view.order == state.order
        assert view.turn == state.turn


def test_an_unknown_seat_cannot_observe() -> None:
    """Observing needs a seat of the game.

    Rules: C-COMP-7.
    """
    with pytest.raises(StateError):
        classic().observe(bidding(3), 3)


# --- bids (C-BID-2) -----------------------------------------------------------------


@pytest.mark.rules("C-BID-2")
def test_c_bid_2_a_bid_stays_secret_until_every_seat_has_bid() -> None:
    """C-BID-2: while bids are made, a seat sees only its own bid and who has bid.

    Rules: C-BID-2.
    """
    state = play(bidding(), "bid 300", "bid 0")
    assert isinstance(state.phase, Bidding)
    for seat in range(4):
        view = observe(state, seat)
        assert view.has_bid == (True, True, False, False)
        expected = [None, None, None, None]
        if seat < 2:
            expected[seat] = state.bids[seat]
        assert view.bids == tuple(expected), seat
    third = observe(state, 2)
    assert observe(disguised(state, 2), 2) == third


@pytest.mark.rules("C-BID-2", "C-BID-6")
def test_c_bid_2_once_revealed_every_seat_sees_every_bid() -> None:
    """C-BID-2: after the last bid, the bids are open to all.

    Rules: C-BID-2, C-BID-6.
    """
    state = play(bidding(), "bid 300", "bid 0", "bid 0", "bid 500")
    for seat in range(4):
        view = observe(state, seat)
        assert view.bids == (300, 0, 0, 500)
        assert view.ducats[seat] == (1700, 2000, 2000, 1500)[seat]


@pytest.mark.rules("C-COMP-7", "C-BID-2")
@pytest.mark.parametrize(
    ("players", "seed"), [(2, 31), (2, 32), (3, 33), (3, 34), (4, 35), (4, 36)]
)
def test_random_games_never_show_another_seats_money_or_secret_bid(players: int, seed: int) -> None:
    """C-COMP-7, C-BID-2: at every step, for every seat, hidden values stay hidden.

    Another seat's ducats are never shown, nor its bid before all bids are
    in; and changing those hidden values changes nothing a seat sees.

    Rules: C-COMP-7, C-BID-2.
    """
    secret_bids = 0
    for state in random_states(players, seed):
        for seat in range(players):
            view = observe(state, seat)
            assert view.ducats[seat] == state.ducats[seat]
            assert all(d is None for s, d in enumerate(view.ducats) if s != seat)
            if isinstance(state.phase, Bidding):
                assert view.bids[seat] == state.bids[seat]
                assert all(b is None for s, b in enumerate(view.bids) if s != seat)
                secret_bids += sum(b is not None for s, b in enumerate(state.bids) if s != seat)
            else:
                assert view.bids == state.bids
            assert observe(disguised(state, seat), seat) == view
    assert secret_bids > 0  # some bids were made while others were still to bid
