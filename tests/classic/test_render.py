"""The classic edition drawn as text: secret money and bids, and every piece on the board."""

from __future__ import annotations

import re

import attrs
import pytest

from games import random_state
from serenissima.engine.errors import ArgumentValueError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.sketch import WIDTH
from serenissima.records.game import Game
from serenissima_rulesets.classic.phases import Bidding
from serenissima_rulesets.classic.state import ClassicState


def _rules() -> Ruleset:
    return load_ruleset("classic")


def _game(decisions: int, seed: int = 3, players: int = 3) -> ClassicState:
    state = random_state(_rules(), players, decisions, seed)
    assert isinstance(state, ClassicState)
    return state


def _bidding() -> ClassicState:
    """The first round's bids, seat 0 and seat 1 having bid, seat 2 not yet."""
    rules = _rules()
    game = Game(rules, 3, seed=1)
    while not isinstance(game.state.phase, Bidding):
        game.advance()
        game.play(game.legal_actions()[0])
    state = game.state
    assert isinstance(state, ClassicState)
    return attrs.evolve(state, bids=(700, 1300, None), ducats=(4321, 5432, 6543))


def _seat_line(text: str, seat: int) -> str:
    return next(line for line in text.splitlines() if re.match(rf"^ [ >] seat {seat}\b", line))


def test_a_seat_sees_its_own_ducats_only() -> None:
    rules = _rules()
    state = attrs.evolve(_game(60), ducats=(4321, 5432, 6543))
    text = rules.render(state, 2)
    assert "6543" in _seat_line(text, 2)
    for seat, ducats in ((0, "4321"), (1, "5432")):
        assert ducats not in text
        line = _seat_line(text, seat)
        assert "ducats     ?" in line
        assert re.search(r"wealth \d+\+\?", line)
    assert re.search(r"wealth \d+$", _seat_line(text, 2))


def test_bids_stay_secret_until_everyone_has_bid() -> None:
    rules = _rules()
    state = _bidding()
    seen_by_0 = rules.render(state, 0)
    assert "seat 0 bid 700" in seen_by_0
    assert "seat 1 has bid (secret)" in seen_by_0
    assert "1300" not in seen_by_0
    assert "seat 2 has not bid" in seen_by_0
    seen_by_2 = rules.render(state, 2)
    assert "700" not in seen_by_2
    assert "1300" not in seen_by_2
    everything = rules.render(state)
    assert "seat 0 bid 700" in everything
    assert "seat 1 bid 1300" in everything


def test_revealed_bids_are_shown_to_every_seat() -> None:
    rules = _rules()
    state = _game(60)
    assert not isinstance(state.phase, Bidding)
    text = rules.render(state, 0)
    for seat, bid in enumerate(state.bids):
        if bid is not None:
            assert f"seat {seat} bid {bid}" in text


def test_no_seat_shows_every_seats_ducats_and_wealth() -> None:
    rules = _rules()
    state = attrs.evolve(_game(60), ducats=(4321, 5432, 6543))
    text = rules.render(state)
    standings = {entry.seat: entry.score for entry in rules.standings(state).entries}
    for seat, ducats in enumerate(("4321", "5432", "6543")):
        line = _seat_line(text, seat)
        assert ducats in line
        assert line.endswith(f"wealth {standings[seat]}")


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("decisions", [0, 15, 80, 300])
@pytest.mark.parametrize("players", [2, 4])
def test_every_galley_and_port_appears_in_short_lines(
    seed: int, decisions: int, players: int
) -> None:
    rules = _rules()
    state = _game(decisions, seed, players)
    for seat in (None, 0, players - 1):
        text = rules.render(state, seat)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= WIDTH
        for galley in state.galleys:
            pattern = rf"galley +{galley.id} of seat {galley.owner}: {galley.sailors} sailor"
            assert re.search(pattern, text), pattern
        for spec, port in zip(rules.board.ports, state.ports, strict=True):
            line = next(line for line in lines if line.startswith(f"  {spec.name} "))
            owner = "neutral" if port.owner is None else f"seat {port.owner}"
            assert owner in line
            assert f"{len(port.warehouse)}/{spec.warehouse}" in line
            if spec.capital_of is not None:
                assert "capital" in line


def test_header_gives_round_phase_and_turn_order() -> None:
    rules = _rules()
    state = _game(60)
    text = rules.render(state, 0)
    assert f"round {state.turn} of {state.rounds}" in text.splitlines()[0]
    assert rules.decision(state).prompt in text
    order = ", ".join(f"seat {s}" for s in state.order)
    assert order.replace(" ", "") == re.sub(
        r"[\[\] ]", "", text.split("Turn order: ")[1].split("\n")[0]
    )


def test_a_spectator_sees_no_purse_and_no_secret_bid() -> None:
    """C-COMP-7 and C-BID-2: a spectator is shown what every seat is shown, no more."""
    rules = _rules()
    state = _bidding()
    seen = rules.observe(state, None)
    assert seen.seat is None
    assert seen.ducats == (None, None, None)
    assert seen.bids == (None, None, None)
    assert seen.has_bid == (True, True, False)
    text = rules.render(state, spectator=True)
    assert "View: a spectator's" in text
    for secret in ("700", "1300", "4321", "5432", "6543"):
        assert secret not in text
    assert "seat 1 has bid (secret)" in text
    with pytest.raises(ArgumentValueError):
        rules.render(state, 0, spectator=True)


def test_only_a_bid_is_secret() -> None:
    """C-BID-2: the bids are made in secret; every other action is taken in the open."""
    rules = _rules()
    state = _bidding()
    bids = rules.legal_actions(state)
    assert bids
    assert all(rules.is_secret(state, bid) for bid in bids)
    for decisions in (0, 30, 90):
        other = _game(decisions)
        if other.to_act >= 0 and not isinstance(other.phase, Bidding):
            assert not any(rules.is_secret(other, a) for a in rules.legal_actions(other))
