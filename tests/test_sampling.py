"""Full states drawn from one seat's view (``Ruleset.sample_state``), in both editions.

A drawn state must look to its seat exactly as the true one did, play on by
the rules, differ from draw to draw only in what the seat cannot see (the
secret bids of the classic edition), and never depend on what the seat cannot
see of the true state: it is built from the observation alone.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.errors import ArgumentTypeError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.classic.phases import Bidding
from serenissima_rulesets.classic.sampling import hidden_bids
from serenissima_rulesets.classic.state import ClassicState

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}


def walk(rules: Ruleset, players: int, seed: int, steps: int, **options: Any) -> list[State]:
    """The states of a game of ``steps`` random actions (chance by its odds), the first included."""
    rng = random.Random(seed)
    states = [rules.new_game(players, options)]
    for _ in range(steps):
        state = states[-1]
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        states.append(rules.apply_unchecked(state, action))
    return states


def disguised(state: State, seat: int) -> State:
    """``state`` with everything ``seat`` may not see changed: others' purses and secret bids.

    The public reckoning of the purses is left alone: it is what the seat
    knows. In the classic edition the treasury pays for the others' gains.
    """
    ducats: tuple[int, ...] = getattr(state, "ducats")  # noqa: B009
    extra = tuple(0 if s == seat else 3 * (s + 1) for s in range(state.players))
    changes: dict[str, Any] = {"ducats": tuple(d + e for d, e in zip(ducats, extra, strict=True))}
    if isinstance(state, ClassicState):
        changes["treasury"] = state.treasury - sum(extra)
        if isinstance(state.phase, Bidding):
            changes["bids"] = tuple(
                b if s == seat or b is None else b + 100 for s, b in enumerate(state.bids)
            )
    return attrs.evolve(state, **changes)  # type: ignore[misc]


games = st.tuples(
    st.sampled_from(sorted(RULES)),
    st.integers(2, 4),
    st.integers(0, 10**6),
    st.integers(0, 400),
    st.sampled_from(("visible", "hidden")),
)


def _position(drawn: tuple[str, int, int, int, str]) -> tuple[Ruleset, State]:
    name, players, seed, steps, money = drawn
    options = {"money_visibility": money} if name == "modern" else {}
    rules = RULES[name]
    return rules, walk(rules, players, seed, steps, **options)[-1]


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 1000))
def test_a_drawn_state_looks_to_its_seat_as_the_true_one(
    drawn: tuple[str, int, int, int, str], draw_seed: int
) -> None:
    rules, state = _position(drawn)
    for seat in range(state.players):
        seen = rules.observe(state, seat)
        sample = rules.sample_state(seen, random.Random(draw_seed))
        assert type(sample) is type(state)
        assert rules.observe(sample, seat) == seen
        if not (isinstance(state, ClassicState) and hidden_bids(seen)):
            # nothing hidden from a seat that remembers every public payment
            assert sample == state


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 1000))
def test_play_goes_on_from_a_drawn_state(
    drawn: tuple[str, int, int, int, str], draw_seed: int
) -> None:
    rules, state = _position(drawn)
    seat = max(state.to_act, 0)
    sample = rules.sample_state(rules.observe(state, seat), random.Random(draw_seed))
    rng = random.Random(draw_seed)
    for _ in range(40):
        if rules.is_over(sample):
            break
        if sample.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(sample), rng)
        else:
            action = rng.choice(rules.legal_actions(sample))
        sample = rules.apply(sample, action)  # checked: every action offered applies


hidden_money_games = st.tuples(
    st.sampled_from(sorted(RULES)),
    st.integers(2, 4),
    st.integers(0, 10**6),
    st.integers(0, 400),
    st.just("hidden"),
)


@settings(max_examples=40, deadline=None)
@given(hidden_money_games, st.integers(0, 1000))
def test_what_a_seat_cannot_see_of_the_true_state_changes_no_draw(
    drawn: tuple[str, int, int, int, str], draw_seed: int
) -> None:
    rules, state = _position(drawn)
    for seat in range(state.players):
        other = disguised(state, seat)
        assert other != state
        seen = rules.observe(state, seat)
        assert rules.observe(other, seat) == seen
        again = rules.sample_state(rules.observe(other, seat), random.Random(draw_seed))
        assert again == rules.sample_state(seen, random.Random(draw_seed))


def _secret_bids(players: int, seed: int) -> list[tuple[ClassicState, int]]:
    """Bidding states of a random classic game, each with a seat that cannot see a bid made."""
    found = []
    for state in walk(RULES["classic"], players, seed, 600):
        if isinstance(state, ClassicState) and isinstance(state.phase, Bidding):
            for seat in range(players):
                if hidden_bids(RULES["classic"].observe(state, seat)):
                    found.append((state, seat))
    return found


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_secret_bids_are_drawn_anew_with_each_seed(players: int, seed: int) -> None:
    rules = RULES["classic"]
    positions = _secret_bids(players, seed)
    assert positions  # every round opens with bids, and the first bidder is seen by the next
    for state, seat in positions[:6]:
        seen = rules.observe(state, seat)
        draws = set()
        for draw_seed in range(16):
            sample = rules.sample_state(seen, random.Random(draw_seed))
            assert isinstance(sample, ClassicState)
            for s in hidden_bids(seen):
                bid = sample.bids[s]
                assert bid is not None
                assert 0 <= bid <= state.ducats[s]
                assert bid % state.options.money_unit == 0
            draws.add(sample.bids)
        # the hidden bids differ with the seed whenever a bidder could have bid more than one way
        if any(state.ducats[s] >= state.options.money_unit for s in hidden_bids(seen)):
            assert len(draws) > 1


@pytest.mark.rules("C-COMP-7", "C-BID-2", "C-BID-6")
def test_the_reckoning_of_the_purses_never_holds_a_secret_bid() -> None:
    """C-BID-2, C-BID-6: bids leave the purses, and their reckoning, only once revealed."""
    rules = RULES["classic"]
    state = rules.new_game(3)
    for text in ("crew 4 4", "crew 4 4", "crew 4 4", "bid 300", "bid 500"):
        state = rules.apply(state, rules.parse_action(state, text))
    assert isinstance(state, ClassicState)
    assert state.reckoned == state.ducats == (2000, 2000, 2000)
    assert rules.observe(state, 2).reckoned == (2000, 2000, 2000)
    state = rules.apply(state, rules.parse_action(state, "bid 0"))
    assert isinstance(state, ClassicState)
    assert state.reckoned == state.ducats == (1700, 1500, 2000)


def test_a_seat_that_remembers_every_payment_knows_every_purse() -> None:
    for name, rules in RULES.items():
        options = {"money_visibility": "hidden"} if name == "modern" else {}
        for state in walk(rules, 4, 5, 900, **options)[::7]:
            reckoned = getattr(state, "reckoned")  # noqa: B009
            assert reckoned == getattr(state, "ducats")  # noqa: B009
            for seat in range(4):
                seen: Any = rules.observe(state, seat)
                assert seen.reckoned == reckoned
                assert [d is None for d in seen.ducats] == [s != seat for s in range(4)]


def test_the_toy_race_hides_nothing() -> None:
    rules = toy.make_rules()
    for state in walk(rules, 3, 2, 60):
        seen = rules.observe(state, 1)
        assert rules.sample_state(seen, random.Random(0)) == state


def test_sample_state_refuses_what_is_no_observation_or_generator() -> None:
    rules = RULES["classic"]
    state = rules.new_game(2)
    with pytest.raises(ArgumentTypeError) as caught:
        rules.sample_state(state, random.Random(1))  # type: ignore[arg-type]
    assert caught.value.argument == "observation"
    modern_view = RULES["modern"].observe(RULES["modern"].new_game(2), 0)
    with pytest.raises(ArgumentTypeError):
        rules.sample_state(modern_view, random.Random(1))
    with pytest.raises(ArgumentTypeError) as caught:
        rules.sample_state(rules.observe(state, 0), 7)  # type: ignore[arg-type]
    assert caught.value.argument == "rng"
