"""End of turn (M-END, M-SCORE): the Doge card, the turn track, scoring, special investments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from modern.helpers_b import legal, refused, ruleset_with_scoring_spaces
from modern.scenario import G, P, activate, modern, play, position, step
from serenissima.engine.core import CHANCE
from serenissima_rulesets.modern.events import DeckShuffled, Scored, TokenMoved, WineIncome
from serenissima_rulesets.modern.phases import Drawing, GameOver, SpecialInvesting

A, B, C, D = 0, 1, 2, 3
FULL_PILE = (1, 2, 1, 1)  # wine, hourglass1, hourglass2, hourglass2_shuffle


def _scored(events):
    """Ducats each seat earned at each scoring: {(scoring, seat): ducats}."""
    scored = [e for e in events if isinstance(e, Scored)]
    return {(e.scoring, e.seat): e.warehouses + e.basilicas for e in scored}


def _fleet(seat, count, first):
    """``count`` galleys of ``seat`` numbered from ``first``, far from every port."""
    return [G(first + i, seat, "ionian_sea", 1) for i in range(count)]


TWO_EACH = [*_fleet(A, 2, 1), *_fleet(B, 2, 3), *_fleet(C, 2, 5), *_fleet(D, 2, 7)]


@pytest.mark.rules("M-END-1", "M-TURN-4")
def test_after_the_last_activation_the_token_returns_and_a_card_is_drawn():
    """Once every galley has acted the black token goes to the Doge space and chance draws.

    Rules: M-END-1, M-TURN-4.
    """
    state = position(galleys=[G(3, A, "valencia", 2), G(8, B, "genoa", 2)])
    state = play(activate(state, 3), "invest", "done")
    assert state.act is not None
    assert state.act.galley == 8
    state = play(state, "invest", "done")
    assert isinstance(state.phase, Drawing)
    assert state.to_act == CHANCE
    assert state.wheel == 0


@pytest.mark.rules("M-END-2", "M-SETUP-4")
def test_the_doge_pile_holds_five_cards_and_drawn_ones_are_discarded():
    """Wine, two 1-hourglass, one 2-hourglass and one 2-hourglass-shuffle: each card as likely.

    Rules: M-END-2, M-SETUP-4.
    """
    state = position(galleys=TWO_EACH)
    odds = {a.text(): p for a, p in modern().chance_outcomes(state)}
    assert odds == {
        "doge wine": Fraction(1, 5),
        "doge hourglass1": Fraction(2, 5),
        "doge hourglass2": Fraction(1, 5),
        "doge hourglass2_shuffle": Fraction(1, 5),
    }
    state = play(state, "doge wine")
    assert (state.doge_pile, state.doge_discard) == ((0, 2, 1, 1), (1, 0, 0, 0))
    state = play(state, *["invest", "done"] * 8)  # a whole turn of idle galleys
    assert isinstance(state.phase, Drawing)
    assert "doge wine" not in legal(state)
    assert refused(state, "doge wine").rule_id == "M-END-1"


@pytest.mark.rules("M-END-3", "M-SALE-6")
def test_the_wine_card_pays_three_per_own_port_producing_or_storing_wine():
    """Wine: 3 ducats for each owned port that makes or holds wine; the token stays put.

    Rules: M-END-3, M-SALE-6.
    """
    ports = {
        "palermo": P(A, 1),
        "naples": P(A, 1, "wine", "gold"),
        "tunis": P(A, 1, "gold"),
        "modon": P(B, 1),
        "corfu": P(None, 0),
        "genoa": P(None, 0, "wine"),
    }
    state = position(galleys=TWO_EACH, ports=ports)
    after, events = step(state, "doge wine")
    assert after.ducats == (5 + 6, 5 + 3, 5, 5)
    assert WineIncome(A, 6) in events
    assert after.track == state.track
    assert not _scored(events)


@pytest.mark.rules("M-END-4", "M-SCORE-1")
def test_one_hourglass_moves_the_token_a_space_and_scores_on_reaching_a_scoring_space():
    """A 1-hourglass card moves the token one space; landing on a scoring space scores.

    Rules: M-END-4, M-SCORE-1.
    """
    ports = {"valencia": P(A, 1, "gold")}
    quiet, events = step(position(galleys=TWO_EACH, ports=ports, track=4), "doge hourglass1")
    assert quiet.track == 5
    assert TokenMoved(4, 5) in events
    assert (quiet.scorings, quiet.ducats[A]) == (0, 5)
    scoring, events = step(position(galleys=TWO_EACH, ports=ports, track=5), "doge hourglass1")
    assert scoring.track == 6
    assert (scoring.scorings, scoring.ducats[A]) == (1, 5 + 2)
    assert _scored(events)[(1, A)] == 2


@pytest.mark.rules("M-END-5", "M-SCORE-1")
def test_two_hourglasses_score_when_reaching_or_passing_a_scoring_space():
    """A 2-hourglass card scores whether it lands on the scoring space or jumps over it.

    Rules: M-END-5, M-SCORE-1.
    """
    ports = {"valencia": P(A, 1, "gold")}
    for start, scorings in ((2, 0), (3, 0), (4, 1), (5, 1), (6, 0), (7, 1)):
        state = position(galleys=TWO_EACH, ports=ports, track=start)
        after = play(state, "doge hourglass2")
        assert after.track == start + 2
        assert after.scorings == scorings, start
        assert after.ducats[A] == 5 + 2 * scorings
        assert after.doge_discard == (0, 0, 1, 0)  # discarded, no reshuffle


@pytest.mark.rules("M-END-6")
def test_the_shuffle_card_moves_two_then_the_whole_deck_is_drawn_again():
    """After the 2-hourglass-shuffle card all five cards form the pile again.

    Rules: M-END-6.
    """
    state = play(position(galleys=TWO_EACH), "doge hourglass1")
    state = play(state, *["invest", "done"] * 8)
    state, events = step(state, "doge hourglass2_shuffle")
    assert state.track == modern().params.setup_for(4).track_start + 3
    assert DeckShuffled() in events
    assert state.doge_pile == FULL_PILE
    assert state.doge_discard == (0, 0, 0, 0)


@pytest.mark.rules("M-SCORE-2")
def test_each_owned_port_pays_by_the_cubes_in_its_warehouse():
    """Ports pay 0, 2, 5, 10, 15 or 20 for 0 to 5 cubes; neutral ports pay nobody.

    Rules: M-SCORE-2.
    """
    goods = ("stone", "marble", "wine", "gold", "spice")
    ports = {
        "valencia": P(A, 1, *goods),  # 5 cubes
        "genoa": P(A, 1, *goods[:4]),  # 4
        "venice": P(B, 1, *goods[:3]),  # 3
        "alexandria": P(B, 1, *goods[:2]),  # 2
        "constantinople": P(C, 1, *goods[:1]),  # 1
        "tunis": P(C, 1),  # 0
        "naples": P(None, 0, "wood", "gold", "spice", "stone"),
    }
    state = position(galleys=TWO_EACH, ports=ports, track=5)
    after, events = step(state, "doge hourglass1")
    assert _scored(events) == {(1, A): 35, (1, B): 15, (1, C): 2, (1, D): 0}
    assert after.ducats == (5 + 35, 5 + 15, 5 + 2, 5)


@pytest.mark.rules("M-SCORE-3", "M-SCORE-4")
def test_basilicas_pay_five_to_their_owner_and_scoring_changes_nothing_on_the_board():
    """Each owned basilica adds 5; every seat's earnings are announced; the board is unchanged.

    Rules: M-SCORE-3, M-SCORE-4.
    """
    ports = {
        "antakya": P(A, 1, "marble", basilica=True),
        "naples": P(B, 1, basilica=True),
        "tunis": P(None, 0, "gold", basilica=True),
    }
    state = position(galleys=TWO_EACH, ports=ports, track=5)
    after, events = step(state, "doge hourglass1")
    announced = [e for e in events if isinstance(e, Scored)]
    assert [(e.seat, e.warehouses, e.basilicas) for e in announced] == [
        (A, 2, 5),
        (B, 0, 5),
        (C, 0, 0),
        (D, 0, 0),
    ]
    assert after.ducats == (5 + 7, 5 + 5, 5, 5)
    assert after.ports == state.ports
    assert (after.galleys, after.reserve) == (state.galleys, state.reserve)


@pytest.mark.rules("M-SCORE-4", "M-COMP-9")
def test_earnings_are_announced_even_with_hidden_money():
    """With hidden money rivals cannot see a purse, but every scoring's earnings are announced.

    Rules: M-SCORE-4, M-COMP-9.
    """
    ports = {"valencia": P(A, 1, "gold", "stone", "spice")}
    options = {"money_visibility": "hidden"}
    state = position(galleys=TWO_EACH, ports=ports, track=5, options=options)
    after, events = step(state, "doge hourglass1")
    seen_by_b = modern().observe(after, B)
    assert seen_by_b.ducats[A] is None
    assert seen_by_b.ducats[B] == 5
    assert Scored(A, 1, 10, 0) in events  # 3 cubes: announced to everyone


@pytest.mark.rules("M-END-7", "X-M-24")
def test_players_short_of_galleys_invest_specially_clockwise_from_the_first_player():
    """X-M-24: after the card, each player under two galleys buys galleys and sailors in turn.

    Rules: M-END-7, X-M-24.
    """
    ports = {"valencia": P(A, 1), "genoa": P(B, 1), "venice": P(C, 1), "alexandria": P(D, 1)}
    galleys = [*_fleet(A, 1, 1), *_fleet(B, 2, 3), *_fleet(C, 2, 5), *_fleet(D, 0, 7)]
    state = position(galleys=galleys, ports=ports, first_player=C)
    state = play(state, "doge hourglass1")
    assert isinstance(state.phase, SpecialInvesting)
    assert state.phase.order == (D, A)
    assert state.to_act == D
    assert not {t for t in legal(state) if t.split()[0] in {"fort", "basilica"}}
    state = play(state, "buy 9 alexandria", "buy 10 alexandria", "crew 9", "done")
    assert state.to_act == A
    assert "buy 2 valencia" in legal(state)
    state = play(state, "buy 2 valencia")
    assert not any(text.startswith("buy") for text in legal(state))  # A has two again
    assert refused(state, "buy 11 valencia").rule_id == "M-END-7"
    state = play(state, "done")
    assert state.turn == 2
    assert state.act is not None
    assert state.act.galley == 1  # the new turn begins at the wheel's first galley


@pytest.mark.rules("M-END-7", "X-M-24", "M-GAME-1")
def test_no_special_investment_after_the_final_scoring():
    """X-M-24: once the third scoring ends the game, nobody invests.

    Rules: M-END-7, X-M-24, M-GAME-1.
    """
    ports = {"valencia": P(A, 1)}
    state = position(galleys=_fleet(A, 1, 1), ports=ports, track=11, scorings=2)
    state = play(state, "doge hourglass1")
    assert isinstance(state.phase, GameOver)


@pytest.mark.rules("X-M-23", "M-END-7", "M-INV-3")
def test_a_player_without_galleys_buys_two_the_first_one_free():
    """X-M-23: with none, the first galley costs 0 and the second 1, each with a 1-ducat crew.

    Rules: X-M-23, M-END-7, M-INV-3.
    """
    galleys = [*_fleet(B, 2, 3), *_fleet(C, 2, 5), *_fleet(D, 2, 7)]
    state = position(galleys=galleys, ports={"valencia": P(A, 1)}, ducats=(3, 5, 5, 5))
    state = play(state, "doge hourglass1")
    assert state.to_act == A
    state = play(state, "buy 1 valencia")
    assert state.ducats[A] == 2
    state = play(state, "buy 2 valencia")
    assert state.ducats[A] == 0
    assert [g.number for g in state.galleys if g.owner == A] == [1, 2]


@pytest.mark.rules("X-M-23")
def test_option_limits_a_special_investment_to_one_galley():
    """With special_investment_galleys=one a player without galleys gets back only one.

    Rules: X-M-23.
    """
    galleys = [*_fleet(B, 2, 3), *_fleet(C, 2, 5), *_fleet(D, 2, 7)]
    options = {"special_investment_galleys": "one"}
    state = position(galleys=galleys, ports={"valencia": P(A, 1)}, options=options)
    state = play(state, "doge hourglass1", "buy 1 valencia")
    assert not any(text.startswith("buy") for text in legal(state))
    assert refused(state, "buy 2 valencia").rule_id == "M-INV-3"


@pytest.mark.rules("X-M-25", "M-SCORE-1")
@pytest.mark.parametrize(("option", "payouts"), [("each", 2), ("once_per_card", 1)])
def test_a_card_passing_two_scoring_spaces_scores_each_or_once(tmp_path, option, payouts):
    """X-M-25: on a track with spaces 6 and 7, one 2-hourglass card scores twice (or once).

    Rules: X-M-25, M-SCORE-1.
    """
    rules = ruleset_with_scoring_spaces(tmp_path, "[6, 7, 12]")
    ports = {"valencia": P(A, 1, "gold")}
    options = {"scoring_per_space_passed": option}
    state = position(galleys=TWO_EACH, ports=ports, track=5, options=options)
    after, events = rules.step(state, rules.parse_action(state, "doge hourglass2"))
    assert after.track == 7
    assert after.scorings == 2  # both spaces are behind the token
    assert after.ducats[A] == 5 + 2 * payouts
    assert sorted({n for n, _ in _scored(events)}) == list(range(1, payouts + 1))


@pytest.mark.rules("X-M-25", "M-SCORE-1")
def test_with_three_players_reaching_the_last_space_always_scores():
    """X-M-25: the token stops on the last space, which scores; the third scoring ends the game.

    Rules: X-M-25, M-SCORE-1.
    """
    spaces = modern().params.setup_for(3).scoring_spaces
    last = modern().params.track.last_space
    assert spaces[-1] == last
    state = position(3, ports={"valencia": P(A, 1, "gold")}, track=last - 1, scorings=2)
    after = play(state, "doge hourglass2")
    assert after.track == last
    assert after.ducats[A] == 5 + 2
    assert isinstance(after.phase, GameOver)
