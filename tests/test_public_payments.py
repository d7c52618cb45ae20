"""Every payment is public: a seat that remembers the events reckons every purse.

The claim behind ``reckoned`` (what a seat with perfect recall knows of the
other purses) and behind ``sample_state`` taking the purses from it: each
ducat that changes hands does so in an event every seat sees, with its amount
or a printed price. Here the purses are reckoned from the starting ducats and
the events alone, step by step through random games, and must always equal
the purses themselves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from serenissima.engine.core import CHANCE, TERMINAL, Event
from serenissima.engine.registry import load_ruleset
from serenissima.records.game import sample_outcome

RULES = {name: load_ruleset(name) for name in ("classic", "modern")}


def _classic(event: Event, costs: Any, purse: list[int]) -> None:
    """What a classic event tells of the purses."""
    name = type(event).__name__
    e: Any = event
    if name == "BidsRevealed":
        for seat, bid in enumerate(e.bids):
            purse[seat] -= bid or 0
    elif name == "GoodBought":
        purse[e.seat] -= e.price * e.quantity
        if e.payee is not None:
            purse[e.payee] += e.price * e.quantity
    elif name == "DealClosed":
        purse[e.buyer] -= e.price * e.quantity
        purse[e.seller] += e.price * e.quantity
    elif name == "GalleyBuilt":
        purse[e.seat] -= costs.galley
    elif name == "FortBuilt":
        purse[e.seat] -= costs.fort
    elif name == "SailorHired":
        purse[e.seat] -= costs.recruit
    elif name == "GoodSold":
        purse[e.seat] += e.ducats + e.bonus
    elif name == "IncomePaid":
        purse[e.seat] += e.ducats


def _modern(event: Event, costs: Any, purse: list[int]) -> None:
    """What a modern event tells of the purses."""
    name = type(event).__name__
    e: Any = event
    if name == "GoodsLoaded":
        purse[e.seat] -= e.price
        if e.paid_to is not None and e.paid_to >= 0:  # -1: the bank
            purse[e.paid_to] += e.price
    elif name in ("SailorRecruited", "GalleyBought", "BuildingBuilt"):
        purse[e.seat] -= e.cost
    elif name in ("GoodsSold", "WineIncome"):
        purse[e.seat] += e.ducats
    elif name == "Scored":
        purse[e.seat] += e.warehouses + e.basilicas


@pytest.mark.rules("C-COMP-7", "M-COMP-9", "M-SCORE-4")
@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_the_events_account_for_every_ducat(name: str, players: int, seed: int) -> None:
    """C-COMP-7, M-COMP-9, M-SCORE-4: hidden purses, but no payment out of sight.

    Rules: C-COMP-7, M-COMP-9, M-SCORE-4.
    """
    rules = RULES[name]
    reckon = _classic if name == "classic" else _modern
    costs = rules.params.costs
    options = {"money_visibility": "hidden"} if name == "modern" else {}
    rng = random.Random(seed)
    state: Any = rules.new_game(players, options)
    purse = list(state.ducats)
    payments = 0
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        before = state.ducats
        state, events = rules.step(state, action)
        for event in events:
            reckon(event, costs, purse)
        assert tuple(purse) == state.ducats == state.reckoned, (action, events)
        payments += before != state.ducats
    assert payments >= 3
