"""Worked examples of the modern rules (battles, investment, end of turn, game length)."""

from __future__ import annotations

from functools import cache

import attrs
import pytest

from modern.helpers_b import dice, galley, goods_in_box, port, refused
from modern.scenario import G, P, activate, modern, play, position, step
from serenissima_rulesets.modern.events import PortNeutralised, Scored, WineIncome
from serenissima_rulesets.modern.phases import (
    Choosing,
    Drawing,
    GameOver,
    Landing,
    Plundering,
    SpecialInvesting,
)
from serenissima_rulesets.modern.state import ModernState

BLUE, RED, ORANGE, BLACK = 0, 1, 2, 3


def _we_m_05():
    """After WE-M-04/05: galley 4 stopped in Algiers by Red's blockade, its wood sale blockaded."""
    state = position(
        galleys=[
            G(4, BLUE, "valencia", 3, "wood", "wood"),
            G(7, RED, "algiers", 2, "marble"),
            G(11, RED, "algiers", 2),
        ],
        ports={"valencia": P(BLUE, 1)},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "blockade")
    return play(state, "sell wood algiers", "blockade")


@pytest.mark.rules("M-BAT-2", "M-BAT-3", "M-BAT-5", "M-BAT-6", "M-BAT-7", "M-BAT-8", "X-M-03")
def test_we_m_06_battle_against_galley_7_and_spoils():
    """WE-M-06: Blue beats galley 7 with combat value 2, takes its marble, and stops at 1.

    Rules: M-BAT-2, M-BAT-3, M-BAT-5, M-BAT-6, M-BAT-7, M-BAT-8, X-M-03.
    """
    state = _we_m_05()
    assert port(state, "algiers").warehouse == ()
    state = play(state, "attack 7")
    assert dice(state) == (2, 2)  # 3 sailors - 1 space; Red's 2 sailors
    reserves = state.reserve
    state = play(state, "dice 1 1")
    assert (galley(state, 4).sailors, galley(state, 7).sailors) == (2, 1)
    assert state.reserve[BLUE] == reserves[BLUE] + 1
    assert state.reserve[RED] == reserves[RED] + 1
    state = play(state, "continue")
    assert dice(state) == (2, 1)  # still 2: min(2 sailors, 2)
    state = play(state, "dice 1 1")
    assert galley(state, 4).sailors == 1
    assert state.galley(7) is None
    assert state.reserve[BLUE] == reserves[BLUE] + 2
    assert state.reserve[RED] == reserves[RED] + 2
    assert isinstance(state.phase, Plundering)
    state = play(state, "take marble")  # 1 sailor + 2 wood leave room
    assert galley(state, 4).cargo == ("marble", "wood", "wood")
    assert dice(play(state, "attack 11")) == (1, 2)  # min(1, 2), not 1 - 1
    state = play(state, "end")
    assert galley(state, 4) == G(4, BLUE, "algiers", 1, "marble", "wood", "wood")
    assert galley(state, 11) == G(11, RED, "algiers", 2)
    assert state.ducats[BLUE] == 5  # nothing was sold
    assert port(state, "algiers") == P(None, 0)
    assert state.act is not None
    assert state.act.galley == 11  # cube 7 is off the wheel


def _we_m_08():
    """Black's galley 9 invests: Constantinople and Antakya (marble stored), galley 12 at home."""
    state = position(
        galleys=[
            G(9, BLACK, "tripoli", 2),
            G(12, BLACK, "constantinople", 2),
            G(13, RED, "genoa", 1),
        ],
        ports={
            "constantinople": P(BLACK, 3),
            "antakya": P(BLACK, 2, "marble"),
            "algiers": P(BLACK, 1, "wood"),
        },
        ducats=(5, 5, 5, 8),
    )
    return play(activate(state, 9), "invest")


@pytest.mark.rules("M-INV-1", "M-INV-2", "M-INV-5", "M-PORT-2", "X-M-38")
def test_we_m_08_black_invests_seven_ducats():
    """WE-M-08: three recruits for galley 12, one each for two ports and a basilica cost 7.

    Rules: M-INV-1, M-INV-2, M-INV-5, M-PORT-2, X-M-38.
    """
    start = _we_m_08()
    state = play(
        start,
        "recruit constantinople",
        "recruit antakya",
        "crew 12",
        "crew 12",
        "crew 12",
        "basilica antakya",
    )
    assert state.ducats[BLACK] == start.ducats[BLACK] - 7
    assert state.reserve[BLACK] == start.reserve[BLACK] - 5
    assert port(state, "antakya") == P(BLACK, 3, "marble", basilica=True)
    assert port(state, "constantinople").sailors == 4
    assert galley(state, 12).sailors == 5
    assert refused(state, "recruit antakya").rule_id == "M-PORT-2"  # Antakya holds 3
    assert refused(state, "basilica algiers").rule_id == "M-INV-5"  # gold but no marble
    state = play(state, "done")
    assert galley(state, 9) == G(9, BLACK, "tripoli", 2)  # no loading, movement or battle
    assert isinstance(state.phase, Choosing)
    assert state.act is not None
    assert state.act.galley == 12  # the black token moved on


@pytest.mark.rules("M-END-5", "M-END-7", "M-SCORE-1", "M-SCORE-2", "M-TURN-4")
def test_we_m_09_end_of_turn_with_the_two_hourglass_card():
    """WE-M-09: 2 hourglasses pass a scoring space; then only the one-galley player invests.

    Rules: M-END-5, M-END-7, M-SCORE-1, M-SCORE-2, M-TURN-4.
    """
    ports = {"valencia": P(BLUE, 1, "gold"), "genoa": P(RED, 1), "venice": P(ORANGE, 1)}
    galleys = [
        G(3, BLUE, "valencia", 2),
        G(5, RED, "genoa", 2),
        G(6, RED, "genoa", 2),
        G(8, ORANGE, "venice", 2),
        G(10, ORANGE, "venice", 2),
    ]
    state = position(galleys=galleys, ports=ports, track=5)
    assert isinstance(state.phase, Drawing)
    state, events = step(state, "doge hourglass2")
    assert state.track == 7  # passed scoring space 6
    assert state.scorings == 1
    assert {(e.scoring, e.seat, e.warehouses) for e in events if isinstance(e, Scored)} == {
        (1, BLUE, 2),
        (1, RED, 0),
        (1, ORANGE, 0),
        (1, BLACK, 0),
    }
    assert state.doge_discard == (0, 0, 1, 0)
    assert state.doge_pile == (1, 2, 0, 1)  # not reshuffled
    assert isinstance(state.phase, SpecialInvesting)
    assert state.phase.order == (BLUE,)
    state = play(state, "buy 1 valencia", "done")
    assert state.turn == 2
    assert state.act is not None
    assert state.act.galley == 1  # the token starts again from the Doge space


@pytest.mark.rules("M-SCORE-2", "M-SCORE-3", "M-SCORE-4")
def test_we_m_10_scoring_valencia_fifteen_plus_five():
    """WE-M-10: Valencia with 4 cubes and a basilica pays Blue 15 + 5 = 20.

    Rules: M-SCORE-2, M-SCORE-3, M-SCORE-4.
    """
    valencia = P(BLUE, 1, "stone", "marble", "gold", "spice", basilica=True)
    state = position(ports={"valencia": valencia}, track=5)
    state, events = step(state, "doge hourglass1")
    assert Scored(BLUE, 1, 15, 5) in events
    assert state.ducats[BLUE] == 5 + 20


@pytest.mark.rules("M-INV-3", "M-INV-6", "M-END-7", "X-M-22", "X-M-23")
def test_we_m_13_galley_prices():
    """WE-M-13: a third galley costs 2 + a crew of 1; from none, two cost 0 + 1 plus 2 crews.

    Rules: M-INV-3, M-INV-6, M-END-7, X-M-22, X-M-23.
    """
    ports = {"valencia": P(BLUE, 1)}
    galleys = [G(3, BLUE, "valencia", 2), G(5, BLUE, "ionian_sea", 2)]

    def investing(ducats):
        state = position(galleys=galleys, ports=ports, ducats=(ducats, 5, 5, 5))
        return play(activate(state, 3), "invest")

    assert refused(investing(2), "buy 9 valencia").rule_id == "M-INV-6"
    enough = investing(3)
    bought = play(enough, "buy 9 valencia")
    assert bought.ducats[BLUE] == 0
    assert galley(bought, 9) == G(9, BLUE, "valencia", 1)
    state = play(position(ports=ports, ducats=(3, 5, 5, 5)), "doge hourglass1")
    assert isinstance(state.phase, SpecialInvesting)
    state = play(state, "buy 1 valencia", "buy 2 valencia")
    assert state.ducats[BLUE] == 0  # galleys 0 + 1, crews 1 + 1
    assert [(g.number, g.sailors) for g in state.galleys] == [(1, 1), (2, 1)]


@pytest.mark.rules("M-END-3", "M-SALE-6")
def test_we_m_14_wine_card():
    """WE-M-14: Red's wine-making and wine-holding ports pay 3 each; the token stays.

    Rules: M-END-3, M-SALE-6.
    """
    ports = {
        "palermo": P(RED, 1),
        "naples": P(RED, 1, "wine"),
        "tunis": P(RED, 1, "gold"),
        "modon": P(None, 0),
    }
    state = position(galleys=[G(1, RED, "naples", 2), G(2, RED, "tunis", 2)], ports=ports)
    after, events = step(state, "doge wine")
    assert after.ducats == (5, 5 + 6, 5, 5)
    assert [e for e in events if isinstance(e, WineIncome)] == [WineIncome(RED, 6)]
    assert after.track == state.track
    assert after.scorings == 0
    assert not [e for e in events if isinstance(e, Scored)]
    assert after.doge_discard == (1, 0, 0, 0)


@pytest.mark.rules("M-CONQ-4", "M-CONQ-5", "M-CONQ-6", "M-CONQ-7", "M-CONQ-9", "X-M-04")
def test_we_m_15_fort_volley_before_the_attacker_s_combat_value():
    """WE-M-15: the fort kills one, Blue fights with 3 - 2 = 1, empties Tunis and takes it.

    Rules: M-CONQ-4, M-CONQ-5, M-CONQ-6, M-CONQ-7, M-CONQ-9, X-M-04.
    """
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "tunis": P(RED, 2, fort=True)}
    state = position(galleys=[G(4, BLUE, "valencia", 4)], ports=ports)
    state = play(activate(state, 4), "action", "done", "move algiers", "move tunis", "done")
    state = play(state, "attack tunis", "volley 1")
    assert galley(state, 4).sailors == 3
    assert dice(state) == (1, 2)
    state = play(state, "dice 1 0", "continue")
    assert port(state, "tunis").sailors == 1
    assert dice(state) == (1, 1)
    state, events = step(state, "dice 1 1")
    assert PortNeutralised("tunis", RED) in events
    assert galley(state, 4).sailors == 2
    assert isinstance(state.phase, Landing)
    state = play(state, "claim tunis 1")
    assert port(state, "tunis") == P(BLUE, 1, fort=True)
    assert galley(state, 4).sailors == 1


@pytest.mark.rules("M-CONQ-7", "M-CONQ-9", "X-M-14")
def test_we_m_15_variant_mutual_destruction():
    """WE-M-15 variant: galley and garrison of one each kill each other; the fort stays.

    Rules: M-CONQ-7, M-CONQ-9, X-M-14.
    """
    ports = {"valencia": P(BLUE, 1), "genoa": P(RED, 1), "tunis": P(RED, 1, fort=True)}
    state = position(galleys=[G(4, BLUE, "tunis", 2, "spice")], ports=ports)
    state = play(activate(state, 4), "action", "done", "done", "attack tunis", "volley 1")
    assert dice(state) == (1, 1)
    spice = goods_in_box(state, "spice")
    state = play(state, "dice 1 1")
    assert state.galley(4) is None
    assert goods_in_box(state, "spice") == spice + 1
    assert port(state, "tunis") == P(None, 0, fort=True)


@cache
def _game_lengths(track: int, scorings: int, pile: tuple[int, ...]) -> tuple[int, int]:
    """Fewest and most Doge draws left before the game ends, over every draw order."""
    state = position(track=track, scorings=scorings)
    state = _with_pile(state, pile)
    lengths = []
    for action, _ in modern().chance_outcomes(state):
        after = modern().apply(state, action)
        assert isinstance(after, ModernState)
        if isinstance(after.phase, GameOver):
            lengths.append((1, 1))
            continue
        assert isinstance(after.phase, Drawing)  # no galley: the next turn draws at once
        low, high = _game_lengths(after.track, after.scorings, after.doge_pile)
        lengths.append((low + 1, high + 1))
    return min(low for low, _ in lengths), max(high for _, high in lengths)


def _with_pile(state: ModernState, pile: tuple[int, ...]) -> ModernState:
    full = tuple(card.count for card in modern().params.doge_cards)
    discard = tuple(f - n for f, n in zip(full, pile, strict=True))
    return attrs.evolve(state, doge_pile=pile, doge_discard=discard)


@pytest.mark.rules("M-TURN-1", "M-END-2", "M-END-6", "M-SCORE-1", "M-GAME-1")
def test_we_m_17_four_player_games_last_five_to_eleven_turns():
    """WE-M-17: over every Doge draw order a 4-player game lasts 5 to 11 turns.

    Rules: M-TURN-1, M-END-2, M-END-6, M-SCORE-1, M-GAME-1.
    """
    setup = modern().params.setup_for(4)
    assert setup.scoring_spaces[-1] - setup.track_start == 10
    start = position()
    assert _game_lengths(start.track, start.scorings, start.doge_pile) == (5, 11)
    fastest = play(start, *["doge hourglass2_shuffle"] * 5)
    assert isinstance(fastest.phase, GameOver)
    assert fastest.turn == 5
    cycle = ["doge wine", "doge hourglass1", "doge hourglass1", "doge hourglass2_shuffle"]
    slowest = play(start, *cycle, *cycle, *cycle[:2])
    assert not modern().is_over(slowest)
    slowest = play(slowest, cycle[2])
    assert isinstance(slowest.phase, GameOver)
    assert slowest.turn == 11
