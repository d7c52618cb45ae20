"""Invariants of random classic games, checked after every action.

Hypothesis drives whole games: it picks the player count and the options,
every chance outcome (roll-offs, battle dice) among the listed outcomes and
every decision among the legal actions (or lets the greedy bot decide for
stretches of the game), and after each action the machine
checks that nothing a player could count on the table has appeared or
vanished, and that the game keeps the promises front ends rely on.

Rules checked: C-COMP-1 (galley pool), C-COMP-2 and X-C-28 (fortresses),
C-COMP-3 and X-C-50 (goods), C-COMP-4, C-COMP-8 and X-C-48 (sailors),
C-COMP-5 and C-BID-6 (money moves only through the treasury or between
players), C-COMP-7 and C-BID-2 (secret money and bids), C-ORG-2 and C-ORG-3
(galley capacity), C-SALE-3 (warehouses), C-SETUP-5, C-NEG-3 and X-C-07
(ports and garrisons), C-BID-7 and C-ROUND-2 (turn order), C-SETUP-1 and
C-SCORE-1 (rounds).

A second test plays many whole games between random agents and checks that
each finishes within a stated number of decisions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import invariant

from classic.scenario import classic
from game_machine import GameMachine
from serenissima.agents import RandomAgent, play_game
from serenissima.engine.core import CHANCE, TERMINAL
from serenissima.records.serialize import from_json, to_json
from serenissima_rulesets.classic.phases import (
    Bidding,
    Fighting,
    Landing,
    Moving,
    Negotiating,
    Permission,
    Purchasing,
    Rolling,
    Selling,
    Spoils,
)
from serenissima_rulesets.classic.state import ClassicState

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"sailor_pool": "unlimited", "recruit_limit": "unlimited"},
    {"sailor_pool": "180", "allow_barter": True, "defender_may_capture": False},
    {"zero_bid_order": "choose", "classic_garrison_cap": "warehouse_size"},
    {"recruit_limit": "warehouse_plus_produced", "counter_offer_in_range": False},
)
GAMES: tuple[tuple[int, dict[str, Any]], ...] = (
    *((players, options) for players in (2, 3, 4) for options in OPTION_SETS),
    (2, {"two_player_nations": "spain_turkey", "allow_barter": True}),
)
"""Player counts and option sets the machine plays: every set with every count."""

# The phases in which every seat plays in the round's turn order, with what they interrupt.
ROUND_PHASES = (
    Purchasing,
    Negotiating,
    Moving,
    Permission,
    Fighting,
    Rolling,
    Spoils,
    Landing,
    Selling,
)


class ClassicGame(GameMachine):
    """A classic game played by hypothesis, one or several actions per step."""

    games = GAMES

    def __init__(self) -> None:
        super().__init__(classic())

    def checks(self) -> tuple[Callable[[], None], ...]:
        return (
            self.sailors_are_conserved,
            self.goods_are_conserved,
            self.money_goes_through_the_treasury,
            self.galleys_fit_their_loads,
            self.warehouses_hold_what_they_may,
            self.ports_are_consistent,
            self.fortresses_are_conserved,
            self.galley_pool_is_respected,
            self.turn_order_is_a_permutation,
            self.rounds_advance,
            self.someone_or_something_acts,
            self.legal_actions_are_a_proper_list,
            self.chance_is_a_distribution,
            self.action_texts_read_back,
            self.observations_hide_secrets,
            self.state_round_trips_through_json,
        )

    def current(self) -> ClassicState:
        assert self.state is not None
        return self.state

    # --- pieces ------------------------------------------------------------------

    @invariant()
    def sailors_are_conserved(self) -> None:
        """C-COMP-4, C-COMP-8, X-C-48: box + galleys + garrisons = the pool, when it is limited."""
        state = self.current()
        placed = sum(g.sailors for g in state.galleys) + sum(p.garrison for p in state.ports)
        if state.sailors_box is None:
            assert state.options.sailor_pool == "unlimited"
            return
        assert state.sailors_box >= 0
        assert state.sailors_box + placed == int(state.options.sailor_pool)

    @invariant()
    def goods_are_conserved(self) -> None:
        """C-COMP-3, C-COMP-8, X-C-50: per good, box + cargo + warehouses = goods_per_type."""
        state = self.current()
        counted: Counter[str] = Counter()
        for galley in state.galleys:
            counted.update(galley.cargo)
        for port in state.ports:
            counted.update(port.warehouse)
        for index, good in enumerate(self.params.goods):
            assert state.supply[index] >= 0, good.id
            assert state.supply[index] + counted[good.id] == state.options.goods_per_type, good.id

    @invariant()
    def money_goes_through_the_treasury(self) -> None:
        """C-COMP-5, C-BID-6: the purses and the treasury's takings add up to the starting money.

        Payments between players keep the sum of the purses; payments to and
        from the treasury are counted in ``treasury``. Nobody goes into debt.
        """
        state = self.current()
        assert all(d >= 0 for d in state.ducats), state.ducats
        start = self.params.components.starting_ducats
        assert sum(state.ducats) + state.treasury == state.players * start
        assert all(d % state.options.money_unit == 0 for d in state.ducats), state.ducats

    @invariant()
    def galleys_fit_their_loads(self) -> None:
        """C-ORG-2, C-ORG-3: 1..5 sailors (0 only when beaten), 5 pieces at most, 4 goods.

        During the spoils the beaten galley has no sailor until it is captured.
        """
        state = self.current()
        spec = self.params.galley
        phase = state.phase
        beaten = phase.loser if isinstance(phase, Spoils) and not phase.captured else None
        for galley in state.galleys:
            if galley.id == beaten:
                assert galley.sailors == 0, galley
            else:
                assert spec.min_sailors <= galley.sailors <= spec.max_sailors, galley
            assert len(galley.cargo) <= spec.max_goods, galley
            assert galley.sailors + len(galley.cargo) <= spec.spaces, galley
            assert 0 <= galley.owner < state.players, galley
            assert galley.area in self.rules.board.areas, galley

    @invariant()
    def warehouses_hold_what_they_may(self) -> None:
        """C-SALE-3: within the warehouse size, no good twice, never the port's own good."""
        state = self.current()
        for port, data in zip(state.ports, self.rules.board.ports, strict=True):
            assert len(port.warehouse) <= data.warehouse, data.id
            assert len(set(port.warehouse)) == len(port.warehouse), data.id
            assert data.good not in port.warehouse, data.id

    @invariant()
    def ports_are_consistent(self) -> None:
        """C-SETUP-5, C-NEG-3, X-C-07: one owner at most, garrisons >= 0, neutral ports empty."""
        state = self.current()
        capped = state.options.classic_garrison_cap == "warehouse_size"
        for port, data in zip(state.ports, self.rules.board.ports, strict=True):
            assert port.garrison >= 0, data.id
            if port.owner is None:
                assert port.garrison == 0, data.id
            else:
                assert 0 <= port.owner < state.players, data.id
            if capped:
                assert port.garrison <= data.warehouse, data.id

    @invariant()
    def fortresses_are_conserved(self) -> None:
        """C-COMP-2, X-C-28: at most one per port; the box and the board hold all twenty."""
        state = self.current()
        most = state.options.max_forts_per_port
        assert all(0 <= p.forts <= most for p in state.ports)
        assert state.forts_box >= 0
        on_board = sum(p.forts for p in state.ports)
        assert state.forts_box + on_board == self.params.components.forts

    @invariant()
    def galley_pool_is_respected(self) -> None:
        """C-COMP-1: at most 28 galleys in play, each number used once and never reused."""
        state = self.current()
        numbers = [g.id for g in state.galleys]
        assert len(numbers) <= self.params.components.galleys
        assert len(set(numbers)) == len(numbers)
        assert numbers == sorted(numbers)
        assert all(1 <= n < state.next_galley for n in numbers)

    # --- the round ----------------------------------------------------------------

    @invariant()
    def turn_order_is_a_permutation(self) -> None:
        """C-BID-7, C-ROUND-2: in phases 2..6 the order holds every seat once."""
        state = self.current()
        if isinstance(state.phase, ROUND_PHASES):
            assert sorted(state.order) == list(range(state.players)), state.order

    @invariant()
    def rounds_advance(self) -> None:
        """C-SETUP-1, C-SCORE-1: the round never goes back nor past the last one."""
        state = self.current()
        assert 0 <= state.turn <= state.rounds
        assert state.rounds == self.params.setup_for(state.players).rounds
        if self.before is not None:
            assert state.turn >= self.before.turn
        if state.to_act == TERMINAL:
            assert state.turn == state.rounds

    @invariant()
    def someone_or_something_acts(self) -> None:
        """The one to act is a seat, chance, or nobody once the game is over."""
        state = self.current()
        assert state.to_act in (CHANCE, TERMINAL) or 0 <= state.to_act < state.players
        assert self.rules.is_over(state) == (state.to_act == TERMINAL)

    @invariant()
    def legal_actions_are_a_proper_list(self) -> None:
        """A seat to act has at least one legal action, each listed once."""
        state = self.current()
        if state.to_act < 0:
            return
        legal = self.rules.legal_actions(state)
        assert legal, state.phase
        assert len(set(legal)) == len(legal), legal

    @invariant()
    def chance_is_a_distribution(self) -> None:
        """At a chance node the outcomes are distinct, positive and add up to exactly 1."""
        state = self.current()
        if state.to_act != CHANCE:
            return
        outcomes = self.rules.chance_outcomes(state)
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len({a for a, _ in outcomes}) == len(outcomes)

    @invariant()
    def action_texts_read_back(self) -> None:
        """Every legal action's (or chance outcome's) text form parses to the same action."""
        state = self.current()
        if state.to_act == TERMINAL:
            return
        for action in self.choices():
            assert self.rules.parse_action(state, action.text()) == action, action.text()

    # --- what the seats see, and records ---------------------------------------------

    @invariant()
    def observations_hide_secrets(self) -> None:
        """C-COMP-7, C-BID-2: a seat sees its own ducats and bid only, until the bids are shown."""
        state = self.current()
        bidding = isinstance(state.phase, Bidding)
        for seat in range(state.players):
            seen = self.rules.observe(state, seat)
            assert seen.seat == seat
            assert seen.ducats == tuple(
                d if s == seat else None for s, d in enumerate(state.ducats)
            )
            if bidding:
                assert seen.bids == tuple(
                    b if s == seat else None for s, b in enumerate(state.bids)
                )
            else:
                assert seen.bids == state.bids

    @invariant()
    def state_round_trips_through_json(self) -> None:
        """The state reads back from its JSON form as an equal state."""
        state = self.current()
        assert from_json(self.rules, ClassicState, to_json(self.rules, state)) == state


ClassicGame.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestClassicGame = pytest.mark.rules(
    "C-COMP-1",
    "C-COMP-2",
    "C-COMP-3",
    "C-COMP-4",
    "C-COMP-5",
    "C-COMP-7",
    "C-COMP-8",
    "C-SETUP-1",
    "C-SETUP-5",
    "C-BID-2",
    "C-BID-6",
    "C-BID-7",
    "C-ROUND-2",
    "C-ORG-2",
    "C-ORG-3",
    "C-SALE-3",
    "C-NEG-3",
    "C-SCORE-1",
    "X-C-07",
    "X-C-28",
    "X-C-48",
    "X-C-50",
)(ClassicGame.TestCase)


# --- every game ends -----------------------------------------------------------------

MAX_RANDOM_DECISIONS = 1_000
"""The most seat decisions a game between random agents may take.

Random games take about 60 to 330 decisions (2 to 4 players, several option
sets); the bound leaves room for unlucky seeds while still catching a loop.
"""


@pytest.mark.rules("C-SETUP-1", "C-SCORE-1")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options", [{}, OPTION_SETS[1], OPTION_SETS[2]], ids=["defaults", "unlimited", "barter"]
)
def test_random_games_end_within_the_bound(players: int, options: dict[str, Any]) -> None:
    """C-SETUP-1, C-SCORE-1: 30 random games per count end after their last round, well in bound."""
    rules = classic()
    longest = 0
    for seed in range(30):
        result = play_game(
            rules,
            players,
            RandomAgent(seed),
            seed=seed,
            options=options,
            max_decisions=MAX_RANDOM_DECISIONS,
        )
        state = result.state
        assert isinstance(state, ClassicState)
        assert rules.is_over(state)
        assert state.turn == state.rounds == {2: 12, 3: 10, 4: 8}[players]
        assert result.standings.final
        longest = max(longest, result.decisions)
    assert players * 8 < longest <= MAX_RANDOM_DECISIONS
