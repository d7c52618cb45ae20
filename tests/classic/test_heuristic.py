"""The classic heuristic of the greedy bot: exact at the end, sensible before, beats random."""

from __future__ import annotations

import itertools

import attrs
import pytest

from classic.scenario import G, P, classic, play, position
from games import greedy_share
from serenissima.agents import Agent, GreedyAgent, RandomAgent, play_game
from serenissima.engine.core import Action
from serenissima_rulesets.classic.phases import Bidding
from serenissima_rulesets.classic.state import ClassicState


def _after(state: ClassicState, action: Action | str) -> float:
    rules = classic()
    new = play(state, action) if isinstance(action, str) else rules.apply(state, action)
    return rules.evaluate(new, state.to_act)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_estimate_is_the_final_score_once_the_game_is_over(players: int, seed: int) -> None:
    rules = classic()
    agents: list[Agent] = [GreedyAgent(seed)] + [RandomAgent(seed + s) for s in range(players - 1)]
    result = play_game(rules, players, agents, seed=seed)
    assert rules.is_over(result.state)
    for entry in result.standings.entries:
        assert rules.evaluate(result.state, entry.seat) == entry.score


def test_before_the_end_ducats_count_to_the_fraction_and_income_is_ahead() -> None:
    rules = classic()
    state = position(4, phase=6, ducats=(700, 700, 700, 700))
    capital_and_money = 10 + 700 / 500
    assert rules.evaluate(state, 0) > capital_and_money  # the capital's income is still to come
    poorer = attrs.evolve(state, ducats=(600, 700, 700, 700))
    assert rules.evaluate(poorer, 0) == pytest.approx(rules.evaluate(state, 0) - 100 / 500)


def test_a_sale_is_worth_more_than_keeping_the_piece() -> None:
    # Genoa is seat 1's capital and stores no wine: the sale earns the capital's bonus.
    state = position(4, phase=6, galleys=[G(1, 0, "genoa", 3, "wine")], ports={"genoa": P(1, 1)})
    assert _after(state, "sell 1 wine genoa") > _after(state, "done")
    assert GreedyAgent(1).act(classic(), state).text() == "sell 1 wine genoa"


def test_goods_aboard_are_worth_something() -> None:
    rules = classic()
    loaded = position(4, phase=2, galleys=[G(1, 0, "naples", 3, "wine")])
    empty = position(4, phase=2, galleys=[G(1, 0, "naples", 3)])
    assert rules.evaluate(loaded, 0) > rules.evaluate(empty, 0)


def test_a_port_is_worth_more_than_none() -> None:
    state = position(4, phase=5, galleys=[G(1, 0, "naples", 3)])
    assert _after(state, "land 1 naples") > _after(state, "done") + 0.5
    assert GreedyAgent(1).act(classic(), state).text() == "land 1 naples"


def test_a_full_warehouse_is_worth_more() -> None:
    rules = classic()
    half = position(4, phase=2, ports={"crete": P(0, 1, "gold")})
    full = position(4, phase=2, ports={"crete": P(0, 1, "gold", "iron")})
    # A full two-space warehouse scores 2 points instead of the 1 of a port not full.
    assert rules.evaluate(full, 0) == pytest.approx(rules.evaluate(half, 0) + 1)


def test_no_goods_thrown_away_for_nothing() -> None:
    state = position(4, phase=2, galleys=[G(1, 0, "naples", 3, "wine")])
    assert _after(state, "discard 1 wine") < _after(state, "done")
    assert GreedyAgent(1).act(classic(), state).text() != "discard 1 wine"


def test_other_seats_secret_ducats_change_nothing() -> None:
    rules = classic()
    state = position(4, phase=2, galleys=[G(1, 0, "naples", 3, "wine")])
    richer = attrs.evolve(state, ducats=(state.ducats[0], 9000, 0, 1234))
    assert rules.evaluate(state, 0) == rules.evaluate(richer, 0)


def test_one_greedy_seat_beats_three_random_seats() -> None:
    # A seat no better than the others would win a quarter of the games.
    assert greedy_share(classic(), 4, 40) >= 0.5


def test_the_greedy_seat_beats_a_random_seat() -> None:
    assert greedy_share(classic(), 2, 30) >= 0.75


def _asked() -> ClassicState:
    """Seat 0's galley at Ragusa, seat 1's port, asks a price for one piece of wood."""
    state = position(4, phase=2, galleys=[G(1, 0, "ragusa", 1)], ports={"ragusa": P(1, 1)})
    return play(state, "ask ragusa 1")


def test_the_seller_names_a_price_the_buyer_would_take() -> None:
    rules = classic()
    asked = _asked()
    assert asked.to_act == 1
    one_ply = dict(GreedyAgent(1, max_replies=0).values(rules, asked))
    assert len(set(one_ply.values())) == 1  # a price named changes nothing by itself
    values = {action.text(): v for action, v in GreedyAgent(1).values(rules, asked)}
    taken = [text for text in values if _buyer_takes(play(asked, text))]
    assert taken  # some price is worth the buyer's while
    best = max(values, key=values.__getitem__)
    assert best in taken
    assert all(values[best] > values[text] for text in values if text not in taken)


def _buyer_takes(offered: ClassicState) -> bool:
    rules = classic()
    return rules.evaluate(play(offered, "accept"), 0) > rules.evaluate(offered, 0)


def test_the_buyer_counters_with_a_price_the_seller_accepts() -> None:
    rules = classic()
    offered = play(_asked(), "offer 300")
    assert offered.to_act == 0
    values = {action.text(): v for action, v in GreedyAgent(1).values(rules, offered)}
    # The seller gains by accepting any counter-offer, so the lowest one beats the price asked.
    assert values["counter 100"] > values["accept"]
    assert values["counter 100"] > values["counter 200"]
    assert GreedyAgent(1).act(rules, offered).text() == "counter 100"


def test_passage_is_refused_to_a_rival_that_would_gain_by_it() -> None:
    # Seat 3's loaded galley has entered Smyrna, where seat 2 has a galley, and asks to go on.
    state = position(
        4,
        phase=3,
        order=[0, 1, 2, 3],
        turn_index=3,
        galleys=[G(1, 3, "istanbul", 3, "wine"), G(3, 2, "smyrna", 2)],
    )
    asking = play(state, "move 1 smyrna", "request 1")
    assert asking.to_act == 2
    rules = classic()
    own = dict(GreedyAgent(1).values(rules, asking))
    assert len(set(own.values())) == 1  # seat 2's own estimate does not tell them apart
    granted, denied = play(asking, "grant"), play(asking, "refuse")
    assert rules.evaluate(granted, 3) > rules.evaluate(denied, 3)
    assert {GreedyAgent(seed).act(rules, asking).text() for seed in range(8)} == {"refuse"}


class _Counting:
    """The classic ruleset, counting the estimates asked of it."""

    def __init__(self) -> None:
        self.rules = classic()
        self.calls = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.rules, name)

    def evaluate(self, state: ClassicState, seat: int) -> float:
        self.calls += 1
        return self.rules.evaluate(state, seat)


def test_a_secret_bid_is_not_answered() -> None:
    # The next bidder cannot see the bid, so no answer to it is looked ahead to.
    state = attrs.evolve(
        position(4, ducats=(700, 700, 700, 700)), phase=Bidding(), to_act=0, bids=(None,) * 4
    )
    ahead, one_ply = _Counting(), _Counting()
    GreedyAgent(1).act(ahead, state)  # type: ignore[arg-type]
    GreedyAgent(1, max_replies=0).act(one_ply, state)  # type: ignore[arg-type]
    assert ahead.rules.decision(play(state, "bid 0")).actor == 1  # the next bidder decides
    assert ahead.calls == one_ply.calls > 0


def test_pieces_of_one_kind_are_sold_to_different_ports() -> None:
    # A port takes one piece of a kind (C-SALE-3): the capitals pay seat 0 a bonus for the
    # first pieces of wine, nearer ones first; a further piece goes to a farther or poorer port.
    rules = classic()
    values = [
        rules.evaluate(position(4, phase=2, galleys=[G(1, 0, "naples", 3, *wine)]), 0)
        for wine in ((), ("wine",), ("wine", "wine"), ("wine", "wine", "wine"))
    ]
    gains = [later - earlier for earlier, later in itertools.pairwise(values)]
    assert gains[0] > gains[1] >= gains[2] > 0
    # The same holds for pieces on different galleys of the seat.
    one = position(4, phase=2, galleys=[G(1, 0, "naples", 3, "wine"), G(2, 0, "naples", 3)])
    two = position(4, phase=2, galleys=[G(1, 0, "naples", 3, "wine"), G(2, 0, "naples", 3, "wine")])
    assert rules.evaluate(two, 0) - rules.evaluate(one, 0) == pytest.approx(gains[1])
