"""Invariants of random modern games, checked after every action.

Hypothesis drives whole games: it picks the player count, every chance
outcome (first player, closed ports, dice, Doge cards) and every decision
from the legal lists, or lets the greedy bot decide for stretches of the game,
and after each action the machine checks that nothing a player could count on
the table has appeared or vanished.

Rules checked: M-COMP-2 and M-SETUP-6 (sailors), M-COMP-4 and M-LOAD-10 with
M-GAL-4 (cubes), M-COMP-5 and M-NEG-2 (ducats move only as the events say),
M-GAL-1, M-GAL-2, M-GAL-3, M-PORT-1, M-PORT-2 and M-SALE-2 (capacities),
M-SETUP-8 (closed ports), M-COMP-1, M-COMP-3, M-SETUP-1 and M-TURN-2 (the
wheel), M-END-2 and M-END-6 (the Doge deck).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import invariant

from game_machine import GameMachine
from modern.scenario import modern
from serenissima.engine.core import Event
from serenissima_rulesets.modern.events import (
    BuildingBuilt,
    GalleyBought,
    GoodsLoaded,
    GoodsSold,
    SailorRecruited,
    Scored,
    WineIncome,
)
from serenissima_rulesets.modern.phases import Plundering

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"galley_capacity": "separate"},
    {"closed_ports_conquerable": True, "limited_goods": False},
    {"new_galley_activates_same_turn": False, "special_investment_galleys": "one"},
)


def ducat_flows(events: tuple[Event, ...], players: int) -> list[int]:
    """What the events say each seat gained (negative: paid) in ducats."""
    flow = [0] * players
    for event in events:
        if isinstance(event, GoodsLoaded):
            flow[event.seat] -= event.price
            if event.paid_to >= 0:
                flow[event.paid_to] += event.price
        elif isinstance(event, GoodsSold):
            flow[event.seat] += event.ducats
        elif isinstance(event, Scored):
            flow[event.seat] += event.warehouses + event.basilicas
        elif isinstance(event, WineIncome):
            flow[event.seat] += event.ducats
        elif isinstance(event, SailorRecruited | GalleyBought | BuildingBuilt):
            flow[event.seat] -= event.cost
    return flow


class ModernGame(GameMachine):
    """A modern game played by hypothesis, one or several actions per step."""

    games = tuple((players, options) for players in (2, 3, 4) for options in OPTION_SETS)

    def __init__(self) -> None:
        super().__init__(modern())

    def checks(self) -> tuple[Callable[[], None], ...]:
        return (
            self.sailors_are_conserved,
            self.cubes_are_conserved,
            self.ducats_move_as_the_events_say,
            self.capacities_hold,
            self.port_ownership_is_consistent,
            self.wheel_is_consistent,
            self.doge_deck_is_whole,
        )

    # --- invariants ------------------------------------------------------------

    @invariant()
    def sailors_are_conserved(self) -> None:
        """M-COMP-2, M-SETUP-6: reserve + ports + galleys = the seat's sailor supply."""
        state = self.state
        assert state is not None
        supply = self.params.setup_for(state.players).sailors
        for seat in range(state.players):
            placed = sum(p.sailors for p in state.ports if p.owner == seat)
            placed += sum(g.sailors for g in state.galleys if g.owner == seat)
            assert state.reserve[seat] >= 0
            assert state.reserve[seat] + placed == supply, f"seat {seat}"

    @invariant()
    def cubes_are_conserved(self) -> None:
        """M-COMP-4, M-LOAD-10, M-GAL-4: box + galleys + warehouses (+ a wreck) = the supply."""
        state = self.state
        assert state is not None
        counted: Counter[str] = Counter()
        for galley in state.galleys:
            counted.update(galley.cargo)
        for port in state.ports:
            counted.update(port.warehouse)
        if isinstance(state.phase, Plundering):  # the wreck's cargo, awaiting the survivor
            counted.update(state.phase.loot)
        limited = state.options.limited_goods
        for index, good in enumerate(self.params.goods):
            assert good.supply is not None
            assert state.supply[index] + counted[good.id] == good.supply, good.id
            if limited:
                assert state.supply[index] >= 0, good.id

    @invariant()
    def ducats_move_as_the_events_say(self) -> None:
        """M-COMP-5, M-NEG-2: each seat's ducats change exactly by the money in the events."""
        state = self.state
        assert state is not None
        assert all(d >= 0 for d in state.ducats)
        if self.before is None:
            assert state.ducats == (self.params.components.starting_ducats,) * state.players
            return
        change = [new - old for new, old in zip(state.ducats, self.before.ducats, strict=True)]
        assert change == ducat_flows(self.events, state.players), self.events

    @invariant()
    def capacities_hold(self) -> None:
        """M-GAL-1, M-GAL-2, M-GAL-3, M-PORT-2, M-SALE-2: galleys, garrisons and warehouses fit."""
        state = self.state
        assert state is not None
        spec = self.params.galley
        for galley in state.galleys:
            assert spec.min_sailors <= galley.sailors <= spec.max_sailors, galley
            assert len(galley.cargo) <= spec.max_goods, galley
            if state.options.galley_capacity == "shared5":
                assert galley.sailors + len(galley.cargo) <= spec.spaces, galley
        for port, data in zip(state.ports, self.rules.board.ports, strict=True):
            assert port.sailors <= data.warehouse, data.id
            assert len(port.warehouse) <= data.warehouse, data.id
            assert len(set(port.warehouse)) == len(port.warehouse), data.id
            assert data.good not in port.warehouse, data.id

    @invariant()
    def port_ownership_is_consistent(self) -> None:
        """M-PORT-1, M-SETUP-8: owned ports have sailors, neutral ones none; closed ones stay so."""
        state = self.state
        assert state is not None
        for port, data in zip(state.ports, self.rules.board.ports, strict=True):
            if port.owner is None:
                assert port.sailors == 0, data.id
            else:
                assert 0 <= port.owner < state.players, data.id
                assert port.sailors >= 1, data.id
            if port.closed and not state.options.closed_ports_conquerable:
                assert port.owner is None, data.id
        if state.players == 4:
            assert not any(port.closed for port in state.ports)

    @invariant()
    def wheel_is_consistent(self) -> None:
        """M-COMP-1, M-COMP-3, M-SETUP-1, M-TURN-2: numbers unique and in use, six per seat."""
        state = self.state
        assert state is not None
        in_use = self.params.setup_for(state.players).galleys_in_use
        numbers = [g.number for g in state.galleys]
        assert len(set(numbers)) == len(numbers)
        assert all(1 <= n <= in_use for n in numbers)
        per_seat = Counter(g.owner for g in state.galleys)
        assert all(0 <= seat < state.players for seat in per_seat)
        assert max(per_seat.values(), default=0) <= self.params.components.galley_cubes_per_player
        if state.act is None:
            assert state.wheel == 0
        else:
            assert state.wheel == state.act.galley
            sunk = state.galley(state.act.galley) is None
            # The active galley can only be missing while a survivor picks through its wreck.
            assert not sunk or isinstance(state.phase, Plundering)

    @invariant()
    def doge_deck_is_whole(self) -> None:
        """M-END-2, M-END-6: draw pile and discard pile together hold the whole deck."""
        state = self.state
        assert state is not None
        for index, card in enumerate(self.params.doge_cards):
            assert state.doge_pile[index] >= 0
            assert state.doge_discard[index] >= 0
            assert state.doge_pile[index] + state.doge_discard[index] == card.count, card.id


ModernGame.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestModernGame = pytest.mark.rules(
    "M-COMP-1",
    "M-COMP-2",
    "M-COMP-3",
    "M-COMP-4",
    "M-COMP-5",
    "M-SETUP-1",
    "M-SETUP-6",
    "M-SETUP-8",
    "M-TURN-2",
    "M-GAL-1",
    "M-GAL-2",
    "M-GAL-3",
    "M-GAL-4",
    "M-PORT-1",
    "M-PORT-2",
    "M-LOAD-10",
    "M-SALE-2",
    "M-END-2",
    "M-END-6",
    "M-NEG-2",
)(ModernGame.TestCase)
