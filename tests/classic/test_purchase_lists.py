"""The phase-2 list the classic engine builds is the one the plain rules give, at every turn.

The engine's list of a phase-2 turn's choices (C-P2-1) skips work where it
can: builds are not looked for when the purse pays for neither a galley nor
a fortress, the hiring and transfer checks are written out in the loops
instead of being asked of the context galley by galley. Here the same list
is worked out the plain way, each rule family in turn as the rules state it,
and compared, action for action and in order, at every phase-2 decision of
random games at two to four seats under varied options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from serenissima import load_ruleset
from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima_rulesets.classic.actions import DONE, ShiftGood, ShiftSailor
from serenissima_rulesets.classic.helpers import flows_allow, replace_state
from serenissima_rulesets.classic.phases import Purchasing
from serenissima_rulesets.classic.purchases.actions import Hire
from serenissima_rulesets.classic.purchases.negotiation import ask_actions, trade_actions
from serenissima_rulesets.classic.purchases.purchase import (
    _builds,
    _buys,
    hire_allowance,
    purchase_actions,
)
from serenissima_rulesets.classic.purchases.reorganise import discard_actions
from serenissima_rulesets.classic.purchases.turn import garrison_takes
from serenissima_rulesets.classic.state import ClassicState, Galley

RULES = load_ruleset("classic")
CTX = RULES.engine.ctx(RULES)
_COSTS = CTX.params.costs
_PRICES = (_COSTS.cube, _COSTS.recruit, _COSTS.galley, _COSTS.fort, _COSTS.galley + _COSTS.recruit)
PURSES = sorted({price + short for price in _PRICES for short in (0, -1)})
"""Purses at which a family of choices opens: each price, and a ducat short of it."""


def _plain_hires(
    state: ClassicState, seat: int, mine: list[Galley], owned: list[int]
) -> list[Action]:
    """C-HIRE-1..3: a sailor at an own port while its allowance and the box last."""
    if state.ducats[seat] < CTX.params.costs.recruit:
        return []
    out: list[Action] = []
    for index in owned:
        allowance = hire_allowance(CTX, state, index)
        if allowance is not None and state.hired[index] >= allowance:
            continue
        if state.sailors_box is not None and state.sailors_box <= 0:
            continue
        port_id = CTX.port_ids[index]
        if garrison_takes(CTX, state, index):
            out.append(Hire(port_id, 0))
        out += [
            Hire(port_id, g.id) for g in mine if g.area == CTX.port_areas[index] and CTX.room(g)[0]
        ]
    return out


def _plain_sailor_shifts(
    state: ClassicState, flows: Any, mine: list[Galley], owned: list[int]
) -> list[Action]:
    """C-ORG-1, C-ORG-4: sailors between galleys and own garrisons in one area, never back."""
    out: list[Action] = []
    if len(mine) > 1:
        for source in mine:
            for target in mine:
                a, b = str(source.id), str(target.id)
                if (
                    target is not source
                    and target.area == source.area
                    and CTX.room(target)[0]
                    and flows_allow(flows, "sailor", a, b)
                ):
                    out.append(ShiftSailor(a, b))
    for index in owned:
        port, port_id = state.ports[index], CTX.port_ids[index]
        for galley in mine:
            if galley.area != CTX.port_areas[index]:
                continue
            name = str(galley.id)
            if (
                port.garrison >= 1
                and CTX.room(galley)[0]
                and flows_allow(flows, "sailor", port_id, name)
            ):
                out.append(ShiftSailor(port_id, name))
            if garrison_takes(CTX, state, index) and flows_allow(flows, "sailor", name, port_id):
                out.append(ShiftSailor(name, port_id))
    return out


def _plain_good_shifts(flows: Any, mine: list[Galley]) -> list[Action]:
    """C-ORG-1, C-ORG-2: goods between galleys in one area, onto one with room, never back."""
    out: list[Action] = []
    for source in mine:
        targets = [t for t in mine if t is not source and t.area == source.area and CTX.room(t)[1]]
        for good in sorted(set(source.cargo)):
            out += [
                ShiftGood(good, source.id, t.id)
                for t in targets
                if flows_allow(flows, good, str(source.id), str(t.id))
            ]
    return out


def plain_purchase_actions(state: ClassicState) -> tuple[Action, ...]:
    """C-P2-1: done, purchases, asks, hires, builds, transfers, discards and trades, in order."""
    turn = state.phase
    assert isinstance(turn, Purchasing)
    seat = state.order[turn.index]
    mine = [g for g in state.galleys if g.owner == seat]
    owned = [i for i, port in enumerate(state.ports) if port.owner == seat]
    holders: dict[str, set[int]] = {}
    for index, port in enumerate(state.ports):
        if port.owner is not None:
            holders.setdefault(CTX.port_areas[index], set()).add(port.owner)
    out: list[Action] = [DONE]
    _buys(CTX, state, seat, mine, out)
    if mine:
        ask_actions(CTX, state, seat, turn.talks, mine, holders, out)
    out += _plain_hires(state, seat, mine, owned)
    _builds(CTX, state, seat, owned, out)
    out += _plain_sailor_shifts(state, turn.flows, mine, owned)
    out += _plain_good_shifts(turn.flows, mine)
    discard_actions(CTX, state, seat, mine, out)
    trade_actions(CTX, state, seat, turn.talks, mine, out)
    return tuple(out)


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "recruit_limit": st.sampled_from(["warehouse", "warehouse_plus_produced", "unlimited"]),
        "classic_garrison_cap": st.sampled_from(["none", "warehouse_size"]),
        "sailor_pool": st.sampled_from(["176", "180", "unlimited"]),
        "allow_barter": st.booleans(),
    },
)


@pytest.mark.rules("C-P2-1", "C-HIRE-2", "C-BUILD-1", "C-ORG-1", "C-ORG-2")
@settings(max_examples=24, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_phase_two_lists_are_the_plain_rules(
    players: int, seed: int, options: dict[str, object]
) -> None:
    rng = random.Random(seed)
    state = RULES.new_game(players, options)
    turns = 0
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = RULES.apply(state, sample_outcome(RULES.chance_outcomes(state), rng))
            continue
        actions = RULES.legal_actions(state)  # as the step that made the state handed them over
        if isinstance(state, ClassicState) and type(state.phase) is Purchasing:
            expected = plain_purchase_actions(state)
            assert actions == expected
            assert purchase_actions(CTX, state) == expected  # worked out afresh
            seat = state.order[state.phase.index]
            for purse in PURSES:  # the seat's purse at each price, and a ducat short of it
                ducats = (*state.ducats[:seat], purse, *state.ducats[seat + 1 :])
                other = replace_state(state, ducats=ducats)
                assert purchase_actions(CTX, other) == plain_purchase_actions(other)
            turns += 1
        state = RULES.apply(state, actions[rng.randrange(len(actions))])
    assert turns > 0
