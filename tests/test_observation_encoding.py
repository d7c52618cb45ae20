"""Observation vectors and information-state texts (serenissima.engine.encoding)."""

from __future__ import annotations

import random

import pytest

import serenissima as ser
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.engine.encoding import Writer, observation_text
from serenissima.records.game import sample_outcome
from test_no_peeking import OPTIONS, POSITIONS, RULES, disguised

EDITIONS = ("classic", "modern")


@pytest.mark.parametrize("name", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_vector_of_a_game_has_its_layout(name: str, players: int) -> None:
    """Random play, every seat's view at every step: the same blocks, numbers in range."""
    rules = RULES[name]
    layout = rules.observation_layout(players)
    assert layout.size == sum(b.size for b in layout.blocks)
    assert len({b.name for b in layout.blocks}) == len(layout.blocks)
    rng = random.Random(players)
    state = rules.new_game(players)
    for _ in range(400):
        if state.to_act == TERMINAL:
            break
        for seat in range(players):
            seen = rules.observe(state, seat)
            writer = Writer()
            rules.engine.encode_observation(rules, seen, writer)
            assert writer.layout() == layout
            vector = rules.observation_vector(seen)
            # the fast writer, copying unchanged parts from the last vector, writes the same
            assert vector == writer.vector()
            assert len(vector) == layout.size
            assert all(0.0 <= x <= 4.0 for x in vector)
            assert vector[layout.block("seat").start + seat] == 1.0
        if state.to_act == CHANCE:
            state = rules.apply(state, sample_outcome(rules.chance_outcomes(state), rng))
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))


@pytest.mark.parametrize("name", EDITIONS)
def test_hidden_purses_and_bids_leave_a_seat_s_vector_and_text_unchanged(name: str) -> None:
    """The no-peeking positions with the other seats' purses and unseen bids changed.

    The seat's vector and text stay the same; the change is real, since the
    vector of a seat whose own purse changed differs.
    """
    rules = RULES[name]
    changed_own = 0
    for state in POSITIONS[name]:
        seat = state.to_act
        other = disguised(state, seat)
        assert other != state
        seen, seen_other = rules.observe(state, seat), rules.observe(other, seat)
        assert rules.observation_vector(seen) == rules.observation_vector(seen_other)
        assert rules.observation_text(seen) == rules.observation_text(seen_other)
        rival = (seat + 1) % state.players
        if rules.observation_vector(rules.observe(state, rival)) != rules.observation_vector(
            rules.observe(other, rival)
        ):
            changed_own += 1
    assert changed_own == len(POSITIONS[name])


def test_the_classic_bid_shows_once_revealed() -> None:
    """A secret bid is in no other seat's vector, its own seat's, and everyone's once revealed."""
    rules = RULES["classic"]
    state = rules.new_game(3)
    while type(state.phase).__name__ != "Bidding":
        state = rules.apply(state, rules.legal_actions(state)[0])
    bid = rules.parse_action(state, "bid 300")
    state = rules.apply(state, bid)
    layout = rules.observation_layout(3)
    bids = layout.block("bids")
    first = rules.observation_vector(rules.observe(state, 0))
    second = rules.observation_vector(rules.observe(state, 1))
    assert first[bids.start] > 0.0
    assert second[bids.start] == 0.0
    assert second[layout.block("has bid").start] == 1.0


def test_texts_tell_apart_exactly_the_views_that_differ() -> None:
    rules = RULES["modern"]
    state = rules.new_game(2, OPTIONS["modern"])
    texts = {rules.observation_text(rules.observe(state, s)) for s in range(2)}
    assert len(texts) == 2
    assert observation_text(rules.observe(state, 0)) == rules.observation_text(
        rules.observe(state, 0)
    )
    after = rules.apply(state, rules.chance_outcomes(state)[0][0])
    assert rules.observation_text(rules.observe(after, 0)) != rules.observation_text(
        rules.observe(state, 0)
    )


def test_an_observation_of_another_ruleset_is_refused() -> None:
    classic, modern = RULES["classic"], RULES["modern"]
    seen = modern.observe(modern.new_game(2), 0)
    with pytest.raises(ser.ArgumentTypeError, match="ClassicObservation"):
        classic.observation_vector(seen)
    with pytest.raises(ser.ArgumentTypeError):
        classic.observation_text(classic.new_game(2))  # type: ignore[arg-type]
