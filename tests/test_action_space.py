"""The fixed index spaces of actions and chance outcomes (serenissima.engine.spaces)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import serenissima as ser
from serenissima.agents import GreedyAgent
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spaces import Amounts, Family, IndexSpace, Slots, Values
from serenissima.records.game import sample_outcome

EDITIONS = ("classic", "modern")


@pytest.fixture(scope="module", params=EDITIONS)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    return ser.load_ruleset(request.param)


def check_state(rules: Ruleset, state: State) -> None:
    """Every legal action (or chance outcome) of ``state`` has one index, which reads back."""
    if state.to_act == CHANCE:
        indexed = rules.chance_indices(state)
        outcomes = rules.chance_outcomes(state)
        assert len({i for i, _ in indexed}) == len(outcomes)
        assert sum(p for _, p in indexed) == Fraction(1)
        size = rules.spaces_of(state)[1].size
        for (index, p), (outcome, q) in zip(indexed, outcomes, strict=True):
            assert 0 <= index < size
            assert p == q
            assert rules.index_outcome(state, index) == outcome
            assert rules.outcome_index(state, outcome) == index
        return
    legal = rules.legal_actions(state)
    indices = rules.legal_indices(state)
    assert len(set(indices)) == len(legal)
    mask = rules.legal_mask(state)
    assert len(mask) == rules.spaces_of(state)[0].size
    assert sum(mask) == len(legal)
    for action, index in zip(legal, indices, strict=True):
        assert mask[index] == 1
        assert rules.index_action(state, index) == action
        assert rules.action_index(state, action) == index


def playout(rules: Ruleset, players: int, seed: int, decisions: int, greedy: bool) -> int:
    """Play up to ``decisions`` decisions, checking every state; the states checked."""
    rng = random.Random(seed)
    bot = GreedyAgent(seed=seed) if greedy else None
    state = rules.new_game(players)
    checked = 0
    for _ in range(decisions):
        if state.to_act == TERMINAL:
            break
        check_state(rules, state)
        checked += 1
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
        else:
            legal = rules.legal_actions(state)
            action = bot.act(rules, state) if bot else legal[rng.randrange(len(legal))]
            state = rules.apply(state, action)
    return checked


@settings(max_examples=40, deadline=None)
@given(
    edition=st.sampled_from(EDITIONS),
    players=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_legal_action_of_random_play_has_one_index_that_reads_back(
    edition: str, players: int, seed: int
) -> None:
    rules = ser.load_ruleset(edition)
    assert playout(rules, players, seed, 600, greedy=False) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_whole_greedy_games_has_one_index(
    rules: Ruleset, players: int
) -> None:
    """Greedy seats trade, negotiate and fight more than random ones: whole games of them."""
    assert playout(rules, players, players, 100_000, greedy=True) > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_spaces_cover_every_action_class_once(rules: Ruleset, players: int) -> None:
    actions = rules.action_space(players)
    outcomes = rules.outcome_space(players)
    classes = [f.action_type for f in actions.families + outcomes.families]
    assert sorted(c.__name__ for c in classes) == sorted(
        c.__name__ for c in rules.engine.action_types
    )
    assert actions.size == sum(f.size for f in actions.families)
    assert rules.num_actions(players) == actions.size
    assert rules.num_outcomes(players) == outcomes.size


def test_the_space_is_the_same_all_game_long(rules: Ruleset) -> None:
    state = rules.new_game(3)
    rng = random.Random(5)
    space = rules.action_space(3)
    for _ in range(300):
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
            continue
        assert len(rules.legal_mask(state)) == space.size
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))


def test_the_space_follows_the_player_count() -> None:
    classic, modern = ser.load_ruleset("classic"), ser.load_ruleset("modern")
    for players in (2, 3, 4):
        positions = {f.action_type.__name__: f.size for f in classic.action_space(players).families}
        firsts = {f.action_type.__name__: f.size for f in modern.outcome_space(players).families}
        assert positions["TakePosition"] == players
        assert firsts["FirstOutcome"] == players


def test_classic_bids_are_bounded_by_the_money_the_game_can_hold() -> None:
    """The bid bound is the most ducats all seats can ever hold: no game gets near it."""
    from serenissima_rulesets.classic.space import bid_bound

    rules = ser.load_ruleset("classic")
    for players in (2, 3, 4):
        state = rules.new_game(players)
        bound = bid_bound(rules.engine.ctx(rules), state)  # type: ignore[attr-defined, arg-type]
        bids = {f.action_type.__name__: f for f in rules.action_space(players).families}["Bid"]
        assert bids.size == bound // 100 + 1
        agents = [GreedyAgent(seed=s) for s in range(players)]
        result = ser.play_game(rules, players, agents, seed=players)
        assert sum(result.state.ducats) <= bound  # type: ignore[attr-defined]
        assert bound >= players * 2000


# --- bad input ---------------------------------------------------------------------


def test_an_index_out_of_range_names_the_bound(rules: Ruleset) -> None:
    state = rules.new_game(2)
    size = rules.num_actions(2)
    for index in (-1, size, size + 10):
        with pytest.raises(ser.ArgumentValueError, match=rf"outside the space 0\.\.{size - 1}"):
            rules.index_action(state, index)
    with pytest.raises(ser.ArgumentTypeError):
        rules.index_action(state, "3")  # type: ignore[arg-type]
    with pytest.raises(ser.ArgumentTypeError):
        rules.index_action(state, True)


def test_an_empty_galley_slot_has_no_action() -> None:
    rules = ser.load_ruleset("classic")
    state = rules.new_game(2)  # no galley in play before the crews are placed
    moves = {f.action_type.__name__: off for f, off in _offsets(rules.action_space(2))}["Move"]
    with pytest.raises(ser.ArgumentValueError, match="empty: 0 are in play"):
        rules.index_action(state, moves)


def test_an_action_outside_the_space_names_the_field_and_bound() -> None:
    classic, modern = ser.load_ruleset("classic"), ser.load_ruleset("modern")
    from serenissima_rulesets.classic.actions import Bid, Move

    state = classic.new_game(2)
    with pytest.raises(ser.ArgumentValueError, match="ducats 99999900 is above the bound"):
        classic.action_index(state, Bid(99_999_900))
    with pytest.raises(ser.ArgumentValueError, match="not 0 plus a multiple of 100"):
        classic.action_index(state, Bid(150))
    with pytest.raises(ser.ArgumentValueError, match="none of the galleys in play"):
        classic.action_index(state, Move(7, "genoa"))
    with pytest.raises(ser.ArgumentValueError, match="not an action of this space"):
        classic.action_index(state, modern.legal_actions(modern.new_game(2))[0])
    with pytest.raises(ser.StateError):
        classic.action_index(modern.new_game(2), Bid(0))


def test_masks_refuse_states_where_no_seat_decides(rules: Ruleset) -> None:
    state = rules.new_game(2)
    rng = random.Random(1)
    while state.to_act != CHANCE:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    with pytest.raises(ser.StateError, match="chance acts"):
        rules.legal_mask(state)
    decided = state
    while decided.to_act == CHANCE:  # the outcomes drawn: always the first may tie forever
        decided = rules.apply(decided, sample_outcome(rules.chance_outcomes(decided), rng))
    with pytest.raises(ser.StateError, match="chance does not act"):
        rules.chance_indices(decided)
    over = ser.play_game(rules, 2, [GreedyAgent(seed=1), GreedyAgent(seed=2)], seed=1).state
    with pytest.raises(ser.StateError, match="the game is over"):
        rules.legal_mask(over)


# --- the building blocks -------------------------------------------------------------


def test_mixed_radix_indexes_with_the_last_field_fastest() -> None:
    import attrs

    from serenissima.engine.core import Action

    @attrs.frozen
    class Pick(Action):
        colour: str
        amount: int

        def text(self) -> str:
            return f"pick {self.colour} {self.amount}"

    @attrs.frozen
    class Pass(Action):
        def text(self) -> str:
            return "pass"

    space = IndexSpace(
        [
            Family(Pass),
            Family(
                Pick,
                (
                    ("colour", Values("colours", ("red", "blue"))),
                    ("amount", Amounts("n", 0, 20, 10)),
                ),
            ),
        ]
    )
    state: Any = None
    assert space.size == 7
    assert [space.index(state, Pick(c, a)) for c in ("red", "blue") for a in (0, 10, 20)] == [
        1, 2, 3, 4, 5, 6,
    ]  # fmt: skip
    assert space.action(state, 0) == Pass()
    assert space.action(state, 5) == Pick("blue", 10)
    assert [row[:3] for row in space.rows()] == [("Pass", 0, 1), ("Pick", 1, 6)]
    with pytest.raises(ser.ArgumentValueError, match="n 30 is above the bound 20"):
        space.index(state, Pick("red", 30))
    with pytest.raises(ser.ArgumentValueError, match="'green' is not one of the 2 colours"):
        space.index(state, Pick("green", 0))
    with pytest.raises(ser.ArgumentValueError, match="two families"):
        IndexSpace([Family(Pass), Family(Pass)])


def test_slots_follow_the_pieces_in_play() -> None:
    slots = Slots("galleys in play", 3, sorted, label=str, fixed=("port",))
    assert slots.size == 4
    memo: dict[object, object] = {}
    assert slots.position("port", [9, 4], memo) == 0
    assert slots.position("9", [9, 4], memo) == 2
    assert slots.value(1, [9, 4], {}) == "4"


def _offsets(space: IndexSpace) -> list[tuple[Family, int]]:
    return [(f, row[1]) for f, row in zip(space.families, space.rows(), strict=True)]
