"""The modern engine's shortcuts agree with the plain rules they stand for.

The context keeps who holds which ports for the last tuple of ports asked
for (:meth:`.Ctx.holdings`); a step hands the legal actions it worked out on
the way to the lister of the state it built (:attr:`.Ctx.last_legal`); the
engine writes the public reckoning into the step's own new state instead of
building it again, and finds a phase's lister and step itself. Each test
here checks one shortcut against the plain computation, over random games at
2 to 4 seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from modern.scenario import modern
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.phases import table_legal, table_step
from serenissima_rulesets.modern.sampling import reckon
from serenissima_rulesets.modern.state import ModernState

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"money_visibility": "hidden"},
    {"galley_capacity": "separate", "limited_goods": False},
    {"galley_purchase_limit": "per_game_turn", "special_investment_galleys": "one"},
)

GAMES = st.tuples(st.integers(2, 4), st.integers(0, 2**32 - 1), st.sampled_from(OPTIONS))


def _steps(
    players: int, seed: int, options: dict[str, Any]
) -> Iterator[tuple[ModernState, Action]]:
    """Each state of a seeded random game with the action taken in it, in order."""
    rules = modern()
    rng = random.Random(seed)
    state = rules.new_game(players, options)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            actions = rules.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
        assert isinstance(state, ModernState)
        yield state, action
        state = rules.apply(state, action)


@settings(max_examples=12, deadline=None)
@given(game=GAMES)
def test_kept_holdings_are_the_ports_by_owner(game: tuple[int, int, dict[str, Any]]) -> None:
    rules = modern()
    ctx = rules.engine.ctx(rules)
    for state, _ in _steps(*game):
        ports = state.ports
        for _ in range(2):  # worked out, then kept
            held = ctx.holdings(ports)
            assert held.ports is ports
            owners = {port.owner for port in ports if port.owner is not None}
            assert held.held == {
                seat: tuple(i for i, port in enumerate(ports) if port.owner == seat)
                for seat in owners
            }
            for seat in range(state.players):
                assert held.of(seat) == tuple(
                    i for i, port in enumerate(ports) if port.owner == seat
                )
            assert held.forts == sum(1 for port in ports if port.fort)
            assert held.basilicas == sum(1 for port in ports if port.basilica)


@settings(max_examples=12, deadline=None)
@given(game=GAMES)
def test_handed_over_legal_actions_are_those_worked_out_afresh(
    game: tuple[int, int, dict[str, Any]],
) -> None:
    # the actions a step worked out for the state it built (Ctx.last_legal: step 3's
    # trades, a special investment's purchases) are those the lister finds without them
    rules = modern()
    ctx = rules.engine.ctx(rules)
    for state, _ in _steps(*game):
        if state.to_act == CHANCE:
            continue
        handed = rules.engine.legal_actions(rules, state)
        ctx.last_legal = (None, None, ())
        assert handed == table_legal(ctx.flow.table, ctx, state)


def test_step_3_and_special_investments_hand_over_their_actions() -> None:
    rules = modern()
    ctx = rules.engine.ctx(rules)
    handed: set[str] = set()
    for seed in range(40):
        for state, _ in _steps(4, seed, {}):
            last = ctx.last_legal
            if state.to_act != CHANCE and last[1] is state:
                assert rules.engine.legal_actions(rules, state) is last[2]
                handed.add(type(state.phase).__name__)
        if handed == {"Trading", "SpecialInvesting"}:
            break
    assert handed == {"Trading", "SpecialInvesting"}


@settings(max_examples=12, deadline=None)
@given(game=GAMES)
def test_engine_steps_are_the_phase_tables_with_the_reckoning_moved(
    game: tuple[int, int, dict[str, Any]],
) -> None:
    # the engine's own look-ups list and apply what the phase table does, and the
    # reckoning it writes into the new state is the one reckon builds
    rules = modern()
    ctx = rules.engine.ctx(rules)
    for state, action in _steps(*game):
        if state.to_act != CHANCE:
            assert rules.engine.legal_actions(rules, state) == table_legal(
                ctx.flow.table, ctx, state
            )
        new, events = rules.engine.step(rules, state, action)
        plain, plain_events = table_step(ctx.flow.table, ctx, state, action)
        assert plain_events == events
        if plain.ducats is not state.ducats:
            plain = reckon(state, plain)
        assert plain == new
        assert new.reckoned is not new.ducats
