"""End of the game (M-GAME), the final ranking, and rules the modern edition lacks (M-NEG)."""

from __future__ import annotations

import pytest

from modern.helpers_b import galley, legal, port, refused
from modern.scenario import G, P, activate, modern, play, position, step
from serenissima.engine.errors import ActionParseError, OptionError
from serenissima_rulesets.modern.events import GameEnded
from serenissima_rulesets.modern.phases import Drawing, GameOver

A, B, C, D = 0, 1, 2, 3


def _last_turn(ports, ducats, galleys=()):
    """A position one 1-hourglass card away from the third and final scoring."""
    return position(galleys=galleys, ports=ports, ducats=ducats, track=8, scorings=2)


@pytest.mark.rules("M-GAME-1", "M-SCORE-1")
def test_the_game_ends_right_after_the_third_scoring():
    """The third scoring is paid, then the game is over and nothing more can be played.

    Rules: M-GAME-1, M-SCORE-1.
    """
    ports = {"valencia": P(A, 1, "gold")}
    second = position(ports=ports, track=5, scorings=1)
    assert not modern().is_over(play(second, "doge hourglass1"))  # only the second scoring
    state, events = step(_last_turn(ports, (5, 5, 5, 5)), "doge hourglass1")
    assert state.scorings == 3
    assert state.ducats[A] == 5 + 2  # the final scoring was paid
    assert isinstance(state.phase, GameOver)
    assert modern().is_over(state)
    assert modern().legal_actions(state) == ()
    assert isinstance(events[-1], GameEnded)
    assert refused(state, "doge wine").rule_id == "M-GAME-1"


@pytest.mark.rules("M-GAME-2")
def test_the_richest_player_wins():
    """The final ranking orders players by ducats.

    Rules: M-GAME-2.
    """
    state = play(_last_turn({}, (7, 12, 3, 9)), "doge hourglass1")
    standings = modern().standings(state)
    assert standings.final
    assert standings.winners == (B,)
    assert [(s.seat, s.rank, s.score) for s in standings.entries] == [
        (B, 1, 12),
        (D, 2, 9),
        (A, 3, 7),
        (C, 4, 3),
    ]


@pytest.mark.rules("M-GAME-2")
def test_a_tie_in_ducats_goes_to_the_player_with_more_port_cards():
    """Tied on ducats, the player owning more ports wins.

    Rules: M-GAME-2.
    """
    ports = {"valencia": P(A, 1), "genoa": P(B, 1), "venice": P(B, 1)}
    state = play(_last_turn(ports, (10, 10, 4, 4)), "doge hourglass1")
    assert state.ducats[:2] == (10, 10)  # empty warehouses pay nothing
    standings = modern().standings(state)
    assert standings.winners == (B,)
    assert {s.seat: s.rank for s in standings.entries}[A] == 2


@pytest.mark.rules("M-GAME-2", "X-M-29")
def test_players_still_tied_on_ports_share_the_victory():
    """X-M-29 (final_tiebreak=shared): equal ducats and equal ports share first place.

    Rules: M-GAME-2, X-M-29.
    """
    ports = {"valencia": P(A, 1), "genoa": P(C, 1)}
    state, events = step(_last_turn(ports, (10, 4, 10, 4)), "doge hourglass1")
    standings = modern().standings(state)
    assert standings.winners == (A, C)
    assert GameEnded((A, C)) in events
    ranks = {s.seat: s.rank for s in standings.entries}
    assert ranks == {A: 1, C: 1, B: 3, D: 3}


@pytest.mark.rules("X-M-29")
def test_only_the_shared_final_tiebreak_is_offered():
    """X-M-29: the sources support only a shared win, so other tie-breaks are refused at set-up.

    Rules: X-M-29.
    """
    assert modern().new_game(4, {"final_tiebreak": "shared"}) is not None
    with pytest.raises(OptionError):
        modern().new_game(4, {"final_tiebreak": "fewest_galleys"})


@pytest.mark.rules("M-NEG-1")
def test_owning_ports_brings_no_income_between_scorings():
    """A whole turn with ports but no sale, wine or scoring leaves every purse as it was.

    Rules: M-NEG-1.
    """
    ports = {"valencia": P(A, 3, "gold", "stone"), "genoa": P(B, 3, "spice")}
    galleys = [
        G(1, A, "valencia", 3),
        G(2, A, "tunis", 1),
        G(3, B, "genoa", 3),
        G(5, B, "tunis", 1),
    ]
    state = play(position(galleys=galleys, ports=ports), "doge hourglass1")
    before = state.ducats
    state = play(state, *["invest", "done"] * 4)
    assert isinstance(state.phase, Drawing)
    state = play(state, "doge hourglass1")
    assert state.ducats == before


@pytest.mark.rules("M-NEG-2", "M-LOAD-4")
def test_nothing_can_be_handed_to_another_player():
    """No action gives goods, sailors or ducats to another player's galley or purse.

    Rules: M-NEG-2, M-LOAD-4.
    """
    state = position(
        galleys=[G(4, A, "naples", 3, "wood", "gold"), G(7, B, "naples", 2)],
        ports={"valencia": P(A, 1), "genoa": P(B, 1)},
    )
    state = play(activate(state, 4), "action")
    assert not {text for text in legal(state) if "7" in text}
    refused(state, "cube wood 4>7")
    refused(state, "sailor 4>7")
    with pytest.raises(ActionParseError):
        modern().parse_action(state, "give 3 1")
    assert galley(state, 7).cargo == ()


@pytest.mark.rules("M-NEG-3", "M-GAL-4", "M-INV-3")
def test_a_beaten_galley_is_sunk_never_captured_and_its_number_is_free_again():
    """A galley emptied in battle goes off the board; its number can be bought again.

    Rules: M-NEG-3, M-GAL-4, M-INV-3.
    """
    state = position(
        galleys=[
            G(4, A, "valencia", 3),
            G(7, B, "valencia", 1),
            G(9, B, "genoa", 2),
            G(11, B, "genoa", 2),
        ],
        ports={"valencia": P(A, 1), "genoa": P(B, 1)},
        ducats=(9, 5, 5, 5),
    )
    state = play(activate(state, 4), "action", "done", "done", "attack 7", "dice 1 0")
    assert state.galley(7) is None
    assert [g.number for g in state.galleys if g.owner == A] == [4]
    state = play(state, "invest", "done", "invest", "done", "doge wine")  # galleys 9 and 11
    assert state.to_act == A  # short of galleys: a special investment
    assert "buy 7 valencia" in legal(state)
    assert galley(play(state, "buy 7 valencia"), 7).owner == A


@pytest.mark.rules("M-NEG-4", "M-SALE-2", "M-LOAD-5")
def test_a_good_is_sold_once_per_port_and_a_stored_good_is_not_for_sale():
    """Selling a good the port already holds is refused; loading there gives only its own good.

    Rules: M-NEG-4, M-SALE-2, M-LOAD-5.
    """
    naples = P(None, 0, "spice")
    state = position(galleys=[G(4, A, "naples", 2, "spice", "wood")], ports={"naples": naples})
    trading = play(activate(state, 4), "action", "done", "done")
    assert "sell spice naples" not in legal(trading)
    assert refused(trading, "sell spice naples").rule_id == "M-SALE-2"
    assert "sell wood naples" in legal(trading)
    loading = play(activate(state, 4), "action", "load naples")
    assert galley(loading, 4).cargo == ("marble", "spice", "wood")
    assert port(loading, "naples").warehouse == ("spice",)
