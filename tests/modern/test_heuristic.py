"""The modern heuristic of the greedy bot: exact at the end, sensible before, better than random."""

from __future__ import annotations

import itertools

import attrs
import pytest

from games import greedy_share
from modern.scenario import G, P, activate, modern, play, position
from serenissima.agents import Agent, GreedyAgent, RandomAgent, play_game
from serenissima.engine.core import Action
from serenissima_rulesets.modern.actions import Jettison, ShiftSailor
from serenissima_rulesets.modern.heuristic import turns_left
from serenissima_rulesets.modern.state import ModernState


def _after(state: ModernState, action: Action | str) -> float:
    rules = modern()
    new = play(state, action) if isinstance(action, str) else rules.apply(state, action)
    return rules.evaluate(new, state.to_act)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_the_estimate_is_the_final_score_once_the_game_is_over(players: int, seed: int) -> None:
    rules = modern()
    agents: list[Agent] = [GreedyAgent(seed)] + [RandomAgent(seed + s) for s in range(players - 1)]
    result = play_game(rules, players, agents, seed=seed)
    assert rules.is_over(result.state)
    for entry in result.standings.entries:
        assert rules.evaluate(result.state, entry.seat) == entry.score


def test_before_the_end_pieces_are_worth_something() -> None:
    rules = modern()
    state = rules.new_game(4)
    assert isinstance(state, ModernState)
    assert rules.evaluate(state, 0) == rules.evaluate(state, 3) == state.ducats[0]
    laid_out = position(4, galleys=[G(1, 0, "naples", 3, "wine")], ports={"naples": P(0, 2)})
    assert rules.evaluate(laid_out, 0) > laid_out.ducats[0] + 3
    assert rules.evaluate(laid_out, 1) == laid_out.ducats[1]


def test_turns_left_shrink_as_the_token_advances() -> None:
    ctx = modern().engine.ctx(modern())
    early = turns_left(ctx, position(4, track=2))
    late = turns_left(ctx, position(4, track=11))
    assert early[0] > late[0] >= 1.0
    assert early[1] > late[1] > 0.0


def _trading(*cargo: str, sailors: int = 3) -> ModernState:
    state = activate(position(4, galleys=[G(1, 0, "naples", sailors, *cargo)]), 1)
    return play(state, "action", "done", "done")


def test_a_sale_is_worth_more_than_keeping_the_cube() -> None:
    state = _trading("wine")
    sold = _after(state, "sell wine naples")
    kept = _after(state, "end")
    assert sold > kept
    assert sold - kept >= 0.25 * 2  # the sale pays 2 ducats now; kept, it may never pay as much


def test_a_cube_near_a_buyer_is_worth_more_than_one_far_from_any() -> None:
    rules = modern()
    near = activate(position(4, galleys=[G(1, 0, "naples", 3, "wine")]), 1)
    empty = activate(position(4, galleys=[G(1, 0, "naples", 3)]), 1)
    assert rules.evaluate(near, 0) > rules.evaluate(empty, 0)


def test_a_port_is_worth_more_than_none() -> None:
    state = _trading()
    assert _after(state, "claim naples 1") > _after(state, "end")
    rules = modern()
    owner = position(4, ports={"naples": P(0, 1)})
    nobody = position(4, ports={"naples": P(None)})
    assert rules.evaluate(owner, 0) > rules.evaluate(nobody, 0)
    assert rules.evaluate(owner, 1) == rules.evaluate(nobody, 1)


def test_a_fuller_warehouse_is_worth_more() -> None:
    rules = modern()
    empty = position(4, ports={"naples": P(0, 1)})
    stocked = position(4, ports={"naples": P(0, 1, "wine", "gold")})
    assert rules.evaluate(stocked, 0) > rules.evaluate(empty, 0)


def test_no_scuttling_and_no_goods_thrown_away_for_nothing() -> None:
    rules = modern()
    state = activate(
        position(4, galleys=[G(1, 0, "naples", 1, "wine")], ports={"naples": P(0, 1)}), 1
    )
    state = play(state, "action")
    assert isinstance(state, ModernState)
    done = _after(state, "done")
    scuttle = next(a for a in rules.legal_actions(state) if isinstance(a, ShiftSailor))
    assert rules.apply(state, scuttle).galley(1) is None  # the galley's last sailor went ashore
    assert _after(state, scuttle) < done
    assert _after(state, Jettison("wine")) < done
    assert GreedyAgent(1).act(rules, state) not in (scuttle, Jettison("wine"))


def test_other_seats_hidden_ducats_change_nothing() -> None:
    rules = modern()
    state = position(4, galleys=[G(1, 0, "naples", 3, "wine")], ducats=(5, 5, 5, 5))
    richer = attrs.evolve(state, ducats=(5, 40, 0, 17))
    assert rules.evaluate(state, 0) == rules.evaluate(richer, 0)


def test_one_greedy_seat_beats_three_random_seats() -> None:
    # A seat no better than the others would win a quarter of the games.
    assert greedy_share(modern(), 4, 40) >= 0.6


def test_the_greedy_seat_beats_a_random_seat() -> None:
    assert greedy_share(modern(), 2, 30) >= 0.8


def test_a_rival_that_would_gain_by_moving_on_is_blockaded() -> None:
    # Seat 0's galley carries gold to a buyer beyond Algiers; seat 1 may stop it there.
    state = position(
        4, galleys=[G(4, 0, "valencia", 3, "gold"), G(7, 1, "algiers", 2), G(10, 1, "algiers", 2)]
    )
    asking = play(activate(state, 4), "action", "done", "move algiers")
    assert asking.to_act == 1
    rules = modern()
    own = dict(GreedyAgent(1).values(rules, asking))
    assert len(set(own.values())) == 1  # seat 1's own estimate does not tell them apart
    assert rules.evaluate(play(asking, "blockade"), 0) < rules.evaluate(play(asking, "pass"), 0)
    assert {GreedyAgent(seed).act(rules, asking).text() for seed in range(8)} == {"blockade"}


def test_an_investment_that_may_buy_a_galley_counts_its_gain() -> None:
    rules = modern()
    state = position(4, galleys=[G(4, 0, "valencia", 3)], ports={"valencia": P(0, 0)})
    investing = play(activate(state, 4), "invest")
    assert "buy 5 valencia" in {a.text() for a in rules.legal_actions(investing)}
    bought = play(investing, "buy 5 valencia")
    # The gain of the galley still to buy is counted before it is bought, and not twice after.
    assert rules.evaluate(investing, 0) == pytest.approx(rules.evaluate(bought, 0))
    broke = attrs.evolve(investing, ducats=(0, *investing.ducats[1:]))
    assert rules.evaluate(investing, 0) > rules.evaluate(broke, 0) + investing.ducats[0]
    choice = GreedyAgent(1).act(rules, investing).text()
    assert choice.startswith("buy ")


def test_cubes_of_one_kind_are_sold_to_different_ports() -> None:
    # A port takes one cube of a kind (M-SALE-2): each further cube of wine goes to a port
    # farther off or paying less than the ports the cubes before it went to.
    rules = modern()
    values = [
        rules.evaluate(position(4, galleys=[G(1, 0, "naples", 3, *wine)]), 0)
        for wine in ((), ("wine",), ("wine", "wine"), ("wine", "wine", "wine"))
    ]
    gains = [later - earlier for earlier, later in itertools.pairwise(values)]
    assert gains[0] > gains[1] > gains[2] > 0
    # The same holds for cubes on different galleys of the seat.
    one = position(4, galleys=[G(1, 0, "naples", 3, "wine"), G(2, 0, "naples", 3)])
    two = position(4, galleys=[G(1, 0, "naples", 3, "wine"), G(2, 0, "naples", 3, "wine")])
    assert rules.evaluate(two, 0) - rules.evaluate(one, 0) == pytest.approx(gains[1])
