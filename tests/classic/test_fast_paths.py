"""The classic engine's shortcuts agree with the plain rules they stand for.

The engine passes over idle turns without building the states in between
and hands the legal actions it worked out on the way to the next decision;
the context keeps tables of actions and of who holds which ports; states
are copied by writing their slots. Each test here checks one shortcut
against the plain computation, in random games or on random values.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from serenissima import load_ruleset
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.phases import table_legal
from serenissima_rulesets.classic.actions import DONE, Bid, Done, only_done
from serenissima_rulesets.classic.flow import TURN_PHASES, fresh_turn
from serenissima_rulesets.classic.helpers import (
    Backflows,
    backflows,
    flows_allow,
    replace_state,
    with_galley,
)
from serenissima_rulesets.classic.phases import Moving
from serenissima_rulesets.classic.sampling import reckon, settle
from serenissima_rulesets.classic.state import ClassicState, Galley

RULES = load_ruleset("classic")
CTX = RULES.engine.ctx(RULES)


def _games(players: int, seed: int, options: dict[str, object] | None = None) -> Iterator[State]:
    """Every state of a seeded random game, in order."""
    rng = random.Random(seed)
    state = RULES.new_game(players, options)
    yield state
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(RULES.chance_outcomes(state), rng)
        else:
            actions = RULES.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        state = RULES.apply(state, action)
        yield state


@pytest.mark.rules("C-ROUND-2", "C-P2-1")
@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"allow_barter": True, "classic_garrison_cap": "warehouse_size"}),
        (4, 3, {"recruit_limit": "unlimited", "sailor_pool": "unlimited"}),
    ],
)
def test_handed_over_legal_actions_are_the_phase_tables(
    players: int, seed: int, options: dict[str, object]
) -> None:
    # the actions the step worked out for the next seat (Ctx.last_legal) are those
    # the phase table lists for the state it built, and never done alone in phases 2-6
    for state in _games(players, seed, options):
        if state.to_act < 0:
            continue
        handed = RULES.legal_actions(state)
        assert handed == table_legal(CTX.flow.table, CTX, state)
        if isinstance(state.phase, TURN_PHASES):
            assert not only_done(handed)


def test_holdings_are_the_ports_by_owner() -> None:
    for state in _games(4, 5):
        held = CTX.holdings(state.ports)
        owners = {port.owner for port in state.ports}
        assert held.by_owner == {
            owner: [i for i, port in enumerate(state.ports) if port.owner == owner]
            for owner in owners
        }
        areas = {CTX.port_areas[i] for i, port in enumerate(state.ports) if port.owner is not None}
        assert held.holders == {
            area: {
                port.owner
                for i, port in enumerate(state.ports)
                if port.owner is not None and CTX.port_areas[i] == area
            }
            for area in areas
        }


PLACES = st.sampled_from(["1", "2", "3", "4", "venice", "genoa"])
FLOWS = st.lists(st.tuples(st.sampled_from(["sailor", "wine"]), PLACES, PLACES), max_size=6)


@given(flows=FLOWS, source=PLACES, target=PLACES)
def test_backflows_undo_what_flows_allow_not(
    flows: list[tuple[str, str, str]], source: str, target: str
) -> None:
    # C-ORG-1: a transfer never undoes an earlier one of the same turn
    assert Backflows(flows, "sailor").undoes(source, target) == (
        not flows_allow(flows, "sailor", source, target)
    )


@given(flows=FLOWS, source=PLACES, target=PLACES)
def test_remembered_backflows_are_none_only_when_no_piece_of_the_kind_moved(
    flows: list[tuple[str, str, str]], source: str, target: str
) -> None:
    check = backflows(CTX, tuple(flows), "sailor")
    assert (check is None) == all(kind != "sailor" for kind, _, _ in flows)
    if source != target:  # a transfer from one place to another, as the generators list them
        undoes = check is not None and check.undoes(source, target)
        assert undoes == (not flows_allow(flows, "sailor", source, target))


def test_settling_a_payment_is_the_reckoning() -> None:
    # the engine writes the reckoning into the state a step built instead of copying it
    state = RULES.new_game(3)
    assert isinstance(state, ClassicState)
    paid = replace_state(state, ducats=(1200, state.ducats[1], 3100))
    expected = reckon(state, paid)
    settle(state, paid)
    assert paid == expected
    assert paid.reckoned == (1200, state.reckoned[1], 3100)
    assert paid.reckoned is not paid.ducats  # a tuple of its own, as reckon makes it
    # a reckoning apart from the purses, as a state built by hand may hold
    apart = replace_state(state, reckoned=(1000, 900, 800))
    paid = replace_state(apart, ducats=(apart.ducats[0] - 300, *apart.ducats[1:]))
    expected = reckon(apart, paid)
    settle(apart, paid)
    assert paid == expected
    assert paid.reckoned == (700, 900, 800)


@given(numbers=st.sets(st.integers(1, 30), max_size=8), number=st.integers(1, 30))
def test_with_galley_keeps_the_galleys_by_number(numbers: set[int], number: int) -> None:
    galleys = tuple(Galley(n, 0, "adriatic", 1) for n in sorted(numbers))
    galley = Galley(number, 1, "ionian_sea", 2)
    expected = tuple(sorted([*(g for g in galleys if g.id != number), galley], key=lambda g: g.id))
    assert with_galley(galleys, galley) == expected


def test_replace_state_is_evolve() -> None:
    state = RULES.new_game(3)
    assert isinstance(state, ClassicState)
    changes = {"to_act": 2, "treasury": 700, "phase": Moving(1), "bids": (100, None, 0)}
    copy = replace_state(state, **changes)
    assert copy == attrs.evolve(state, **changes)
    assert hash(copy) == hash(attrs.evolve(state, **changes))
    assert replace_state(state) == state
    with pytest.raises(TypeError):
        replace_state(state, crew=1)


def test_shared_values_are_values() -> None:
    assert Done() == DONE
    assert only_done((Done(),))
    assert not only_done((DONE, Bid(0)))
    assert fresh_turn(Moving, 2) == Moving(2)
    # a table of actions hands out equal values whatever the game
    first = RULES.legal_actions(next(s for s in _games(2, 7) if isinstance(s.phase, Moving)))
    assert all(type(a)(*attrs.astuple(a, recurse=False)) == a for a in first)
