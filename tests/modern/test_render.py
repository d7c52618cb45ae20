"""The modern edition drawn as text: what each seat sees, and every piece on the board."""

from __future__ import annotations

import re

import attrs
import pytest

from games import random_state
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.sketch import WIDTH
from serenissima_rulesets.modern.state import ModernState


def _rules() -> Ruleset:
    return load_ruleset("modern")


def _midgame(options: dict[str, object], decisions: int = 80, seed: int = 3) -> ModernState:
    """A 4-player game after some random decisions, with distinctive ducats."""
    state = random_state(_rules(), 4, decisions, seed, options)
    assert isinstance(state, ModernState)
    return attrs.evolve(state, ducats=(4321, 5432, 6543, 7654))


def _seat_line(text: str, seat: int) -> str:
    return next(line for line in text.splitlines() if re.match(rf"^ [ >] seat {seat}\b", line))


def test_hidden_money_shows_only_the_seats_own_ducats() -> None:
    rules = _rules()
    state = _midgame({"money_visibility": "hidden"})
    text = rules.render(state, 1)
    assert "5432" in _seat_line(text, 1)
    for seat, ducats in ((0, "4321"), (2, "6543"), (3, "7654")):
        assert ducats not in text
        assert "ducats    ?" in _seat_line(text, seat)
        assert "score ?" in _seat_line(text, seat)


def test_visible_money_is_shown_to_every_seat() -> None:
    rules = _rules()
    state = _midgame({})
    text = rules.render(state, 1)
    for ducats in ("4321", "5432", "6543", "7654"):
        assert ducats in text
    assert "?" not in "".join(_seat_line(text, seat) for seat in range(4))


def test_no_seat_shows_everything_even_with_hidden_money() -> None:
    rules = _rules()
    state = _midgame({"money_visibility": "hidden"})
    text = rules.render(state)
    for ducats in ("4321", "5432", "6543", "7654"):
        assert ducats in text
    assert "View: everything" in text


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("decisions", [0, 30, 120, 400])
def test_every_galley_and_port_appears_in_short_lines(seed: int, decisions: int) -> None:
    rules = _rules()
    state = _midgame({}, decisions, seed)
    for seat in (None, 0, 3):
        text = rules.render(state, seat)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= WIDTH
        for galley in state.galleys:
            pattern = rf"galley +{galley.number} of seat {galley.owner}: {galley.sailors} sailor"
            assert re.search(pattern, text), pattern
        for spec, port in zip(rules.board.ports, state.ports, strict=True):
            line = next(line for line in lines if line.startswith(f"  {spec.name} "))
            if port.closed:
                assert "closed" in line
            else:
                owner = "neutral" if port.owner is None else f"seat {port.owner}"
                assert owner in line
                assert f"{len(port.warehouse)}/{spec.warehouse}" in line


def test_header_names_the_decision_and_the_seat_to_act() -> None:
    rules = _rules()
    state = _midgame({})
    text = rules.render(state, 0)
    decision = rules.decision(state)
    assert decision.prompt in text
    assert decision.rule_id in text.splitlines()[0]
    assert f"Seat {state.to_act} to act" in text
    assert f"on space {state.track} of" in text


def test_a_seat_outside_the_game_is_refused() -> None:
    from serenissima.engine.errors import StateError

    rules = _rules()
    with pytest.raises(StateError):
        rules.render(rules.new_game(2), seat=2)
