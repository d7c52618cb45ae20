"""The Ruleset facade refuses states and seats that are not its own."""

from __future__ import annotations

import pytest

import toy
from serenissima import StateError, load_ruleset


def test_a_state_of_another_ruleset_is_refused_with_a_clear_error() -> None:
    modern = load_ruleset("modern")
    foreign = toy.make_rules().new_game(2)
    for call in (
        modern.legal_actions,
        modern.chance_outcomes,
        modern.decision,
        modern.standings,
    ):
        with pytest.raises(StateError, match="not a state of the 'modern' ruleset"):
            call(foreign)
    with pytest.raises(StateError):
        modern.observe(foreign, 0)
    with pytest.raises(StateError):
        modern.parse_action(foreign, "done")


def test_observing_a_seat_the_game_does_not_have_is_refused() -> None:
    modern = load_ruleset("modern")
    state = modern.new_game(3)
    assert modern.observe(state, 2).seat == 2
    with pytest.raises(StateError, match="seat 3 is not in this 3-player game"):
        modern.observe(state, 3)
