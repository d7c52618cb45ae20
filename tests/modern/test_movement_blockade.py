"""Modern Movement (M-MOVE) and blockades (M-BLOCK)."""

from __future__ import annotations

import pytest

from modern.helpers_a import dice_counts, legal, owner_of, rejects
from modern.scenario import G, P, activate, play, position
from serenissima_rulesets.modern.phases import Asking, Choosing, Drawing, Moving, Rolling, Trading


def moving(galleys, ports=None, options=None, active=4, players=4):
    """Galley ``active`` has finished Loading and is about to move."""
    state = position(players, galleys=galleys, ports=ports or {}, options=options)
    return play(activate(state, active), "action", "done")


@pytest.mark.rules("M-MOVE-1")
def test_a_galley_moves_up_to_one_space_per_sailor_aboard_after_loading():
    """The allowance is the sailors aboard when movement starts, counting those just loaded.

    Rules: M-MOVE-1.
    """
    one = play(activate(position(galleys=[G(4, 0, "valencia", 1)]), 4), "action", "done")
    one = play(one, "move algiers")
    assert isinstance(one.phase, Trading)  # its only move is spent
    rejects(one, "move tunis", "M-MOVE-1")
    state = position(galleys=[G(4, 0, "valencia", 1)], ports={"valencia": P(0, 3)})
    state = play(activate(state, 4), "action", "sailor valencia>4", "sailor valencia>4", "done")
    state = play(state, "move algiers", "move tunis")
    assert isinstance(state.phase, Moving)
    state = play(state, "move tripoli")
    assert isinstance(state.phase, Trading)
    rejects(state, "move tunis", "M-MOVE-1")


@pytest.mark.rules("M-MOVE-1")
def test_each_move_goes_to_an_adjacent_space_and_fewer_moves_are_allowed():
    """A move must go to a neighbouring space; the player may stop early.

    Rules: M-MOVE-1.
    """
    state = moving([G(4, 0, "valencia", 3)])
    assert {t for t in legal(state) if t.startswith("move")} == {
        "move algiers",
        "move marseille",
        "move cagliari",
    }
    rejects(state, "move tunis", "M-MOVE-1")
    rejects(state, "move atlantis", "M-MOVE-1")
    state = play(state, "move algiers", "done")
    assert isinstance(state.phase, Trading)
    assert state.galley(4).area == "algiers"


@pytest.mark.rules("M-MOVE-2", "X-M-02", "M-BAT-2")
def test_spaces_crossed_count_every_move_including_the_last():
    """After two moves a 4-sailor galley fights with combat value 4 - 2 = 2.

    Rules: M-MOVE-2, X-M-02, M-BAT-2.
    """
    state = moving([G(4, 0, "valencia", 4), G(7, 1, "tunis", 1)])
    state = play(state, "move algiers", "move tunis", "done", "attack 7")
    assert isinstance(state.phase, Rolling)
    assert dice_counts(state) == (2, 1)
    back = moving([G(4, 0, "valencia", 4), G(7, 1, "valencia", 1)])
    back = play(back, "move algiers", "move valencia", "done", "attack 7")
    assert dice_counts(back) == (2, 1)  # going out and back is two spaces crossed
    still = play(moving([G(4, 0, "valencia", 4), G(7, 1, "valencia", 1)]), "done", "attack 7")
    assert dice_counts(still) == (4, 1)


@pytest.mark.rules("M-MOVE-3", "M-SETUP-8", "X-M-18")
def test_a_closed_ports_space_can_be_entered_crossed_and_stopped_in():
    """With 3 players a galley may cross or stop in a closed port's space, but not trade there.

    Rules: M-MOVE-3, M-SETUP-8, X-M-18.
    """
    closed = {"naples": P(None, closed=True)}
    state = moving([G(4, 0, "genoa", 2, "wood")], closed, players=3)
    crossed = play(state, "move naples", "move palermo")
    assert crossed.galley(4).area == "palermo"
    stopped = play(state, "move naples", "done")
    assert stopped.galley(4) is not None
    assert stopped.galley(4).area == "naples"
    assert isinstance(stopped.phase, Drawing)  # nothing to do at a closed port: it ends


@pytest.mark.rules("M-BLOCK-1", "M-BLOCK-2", "X-M-06")
def test_a_player_with_more_sailors_on_his_galleys_there_may_blockade():
    """Red's 2 + 2 sailors outnumber 3 and may blockade; the galley stops and loses its moves.

    Rules: M-BLOCK-1, M-BLOCK-2, X-M-06.
    """
    red = [G(7, 1, "algiers", 2), G(10, 1, "algiers", 2)]
    state = play(moving([G(4, 0, "valencia", 3), *red]), "move algiers")
    assert isinstance(state.phase, Asking)
    assert state.to_act == 1
    assert legal(state) == {"blockade", "pass"}
    blocked = play(state, "blockade")
    assert isinstance(blocked.phase, Trading)
    assert blocked.galley(4).area == "algiers"
    rejects(blocked, "move tunis", "M-ACT-1")
    passed = play(state, "pass")
    assert isinstance(passed.phase, Moving)
    assert "move tunis" in legal(passed)


@pytest.mark.rules("M-BLOCK-1", "X-M-06")
def test_equal_sailors_port_garrisons_and_other_players_do_not_make_a_blockade():
    """3 against 3 is not more; sailors in the port and of other players never add up.

    Rules: M-BLOCK-1, X-M-06.
    """
    even = moving([G(4, 0, "valencia", 3), G(7, 1, "algiers", 3)])
    assert isinstance(play(even, "move algiers").phase, Moving)
    garrison = moving([G(4, 0, "valencia", 3), G(7, 1, "algiers", 2)], {"algiers": P(1, 3)})
    assert isinstance(play(garrison, "move algiers").phase, Moving)
    two_players = moving([G(4, 0, "valencia", 3), G(7, 1, "algiers", 2), G(8, 2, "algiers", 2)])
    assert isinstance(play(two_players, "move algiers").phase, Moving)


@pytest.mark.rules("M-BLOCK-1", "X-M-06")
def test_blockade_strength_is_compared_with_sailors_not_combat_value():
    """A galley that moved keeps its full sailor count against blockaders.

    Rules: M-BLOCK-1, X-M-06.
    """
    state = moving([G(4, 0, "valencia", 3), G(7, 1, "tunis", 3)])
    state = play(state, "move algiers", "move tunis")  # combat value would be 1
    assert not isinstance(state.phase, Asking)
    four = moving([G(4, 0, "valencia", 3), G(7, 1, "tunis", 4)])
    assert isinstance(play(four, "move algiers", "move tunis").phase, Asking)


@pytest.mark.rules("M-BLOCK-3", "X-M-05")
def test_a_galley_can_always_leave_its_starting_space():
    """Red's 5 sailors in the starting space cannot stop the galley from leaving or coming back.

    Rules: M-BLOCK-3, X-M-05.
    """
    state = moving([G(4, 0, "algiers", 3), G(7, 1, "algiers", 5)])
    state = play(state, "move tunis")
    assert isinstance(state.phase, Moving)
    state = play(state, "move algiers")  # back into the starting space
    assert isinstance(state.phase, Moving)


@pytest.mark.rules("M-BLOCK-3", "X-M-05")
def test_in_the_starting_space_a_sale_can_be_blockaded_but_a_claim_cannot():
    """Default start_space_blockade=sale_only: sales at home can be blockaded, claims not.

    Rules: M-BLOCK-3, X-M-05.
    """
    state = play(moving([G(4, 0, "algiers", 3, "wood"), G(7, 1, "algiers", 5)]), "done")
    assert isinstance(play(state, "sell wood algiers").phase, Asking)
    claimed = play(state, "claim algiers 1")
    assert owner_of(claimed, "algiers") == 0


@pytest.mark.rules("M-BLOCK-3", "X-M-05")
@pytest.mark.parametrize(
    ("option", "sale_blockable", "claim_blockable"),
    [("none", False, False), ("sale_and_conquest", True, True)],
)
def test_option_start_space_blockade_changes_what_can_be_blockaded_at_home(
    option, sale_blockable, claim_blockable
):
    """Option start_space_blockade: none allows no blockade there, sale_and_conquest also claims.

    Rules: M-BLOCK-3, X-M-05.
    """
    options = {"start_space_blockade": option}
    galleys = [G(4, 0, "algiers", 3, "wood"), G(7, 1, "algiers", 5)]
    state = play(moving(galleys, options=options), "done")
    assert isinstance(play(state, "sell wood algiers").phase, Asking) is sale_blockable
    assert isinstance(play(state, "claim algiers 1").phase, Asking) is claim_blockable
    left = play(moving(galleys, options=options), "move tunis", "move algiers")
    assert isinstance(left.phase, Moving)  # leaving and coming back is never blockaded


@pytest.mark.rules("M-BLOCK-4", "X-M-07")
def test_the_player_with_most_sailors_is_asked_first_and_the_first_blockade_settles_it():
    """Orange (5) is asked before Red (4); if Orange blockades, Red is not asked.

    Rules: M-BLOCK-4, X-M-07.
    """
    galleys = [G(4, 0, "valencia", 3), G(7, 1, "algiers", 4), G(9, 2, "algiers", 5)]
    state = play(moving(galleys), "move algiers")
    assert state.phase.candidates == (2, 1)
    assert state.to_act == 2
    assert play(state, "pass").to_act == 1
    blocked = play(state, "blockade")
    assert isinstance(blocked.phase, Trading)
    assert blocked.to_act == 0


@pytest.mark.rules("M-BLOCK-4", "X-M-07")
def test_a_tie_goes_to_the_lowest_galley_number_in_that_space():
    """On a tie, the player whose galley in the space has the lowest number is asked first.

    Rules: M-BLOCK-4, X-M-07.
    """
    galleys = [
        G(4, 0, "valencia", 3),
        G(1, 1, "genoa", 3),  # Red's lowest galley, but not in the space
        G(11, 1, "algiers", 4),
        G(6, 2, "algiers", 4),
    ]
    state = play(moving(galleys), "move algiers")
    assert state.phase.candidates == (2, 1)


@pytest.mark.rules("M-BLOCK-6", "X-M-08")
def test_a_sale_needs_its_own_blockade_and_is_prevented_whole():
    """A movement blockade stops only movement; the sale is blockaded separately and fully.

    Rules: M-BLOCK-6, X-M-08.
    """
    red = [G(7, 1, "algiers", 2, "marble"), G(10, 1, "algiers", 2)]
    state = moving([G(4, 0, "valencia", 3, "wood", "spice"), *red])
    state = play(state, "move algiers", "blockade")
    before = state.ducats
    asked = play(state, "sell wood algiers")
    assert isinstance(asked.phase, Asking)
    assert asked.phase.purpose == "sale"
    blocked = play(asked, "blockade")
    assert blocked.ducats == before
    assert blocked.galley(4).cargo == ("spice", "wood")
    assert {"end", "attack 7", "attack 10"} <= legal(blocked)
    rejects(blocked, "sell spice algiers", "M-BLOCK-6")
    sold = play(asked, "pass")  # no blockade: the sale goes ahead
    assert sold.ducats[0] == before[0] + 2


@pytest.mark.rules("M-BLOCK-2", "X-M-08")
def test_a_movement_blockade_may_be_declared_where_the_galley_would_stop_anyway():
    """Entering a space with its last move still lets eligible players blockade (harmlessly).

    Rules: M-BLOCK-2, X-M-08.
    """
    state = moving([G(4, 0, "valencia", 1), G(7, 1, "algiers", 2)])
    state = play(state, "move algiers")
    assert isinstance(state.phase, Asking)
    assert isinstance(play(state, "blockade").phase, Trading)
    assert isinstance(play(state, "pass").phase, Trading)


@pytest.mark.rules("M-BLOCK-7", "X-M-10")
def test_a_blockaded_claim_can_be_retried_after_battle_and_is_checked_again():
    """After sinking one blockader, eligibility is checked again against the current sailors.

    Rules: M-BLOCK-7, X-M-10.
    """
    galleys = [G(4, 0, "valencia", 4), G(7, 1, "algiers", 5), G(9, 2, "algiers", 5)]
    state = play(moving(galleys), "move algiers", "blockade")  # Red stops the movement
    state = play(state, "claim algiers 1")
    assert state.phase.candidates == (1, 2)
    state = play(state, "blockade")
    rejects(state, "claim algiers 1", "M-BLOCK-7")
    assert {"end", "attack 7", "attack 9"} <= legal(state)
    state = play(state, "attack 7", "dice 3 0", "continue", "dice 2 0")
    assert state.galley(7) is None
    asked = play(state, "claim algiers 1")
    assert asked.phase.candidates == (2,)  # Orange still outnumbers the galley
    done = play(asked, "pass")
    assert owner_of(done, "algiers") == 0
    assert isinstance(done.phase, Choosing)  # the activation is over


@pytest.mark.rules("M-BLOCK-7")
def test_after_a_blockaded_claim_the_galley_may_not_sell_or_move():
    """A player whose claim was blockaded may only fight or end: no sale, no more movement.

    Rules: M-BLOCK-7.
    """
    galleys = [G(4, 0, "valencia", 3, "wood"), G(7, 1, "algiers", 4)]
    state = play(moving(galleys), "move algiers", "pass", "done", "claim algiers 1", "blockade")
    assert legal(state) == {"end", "attack 7"}
    rejects(state, "sell wood algiers", "M-ACT-2")
    rejects(state, "move tunis", "M-ACT-1")


@pytest.mark.rules("M-BLOCK-8")
def test_nobody_may_blockade_an_attack_on_an_owned_port():
    """Attacking Red's port cannot be blockaded by Orange, however many sailors Orange has.

    Rules: M-BLOCK-8.
    """
    ports = {"algiers": P(1, 2), "tunis": P(1, 1), "valencia": P(0, 1)}
    galleys = [G(4, 0, "valencia", 3), G(9, 2, "algiers", 5)]
    state = play(moving(galleys, ports), "move algiers", "pass", "done", "attack algiers")
    assert isinstance(state.phase, Rolling)


@pytest.mark.rules("X-M-31")
def test_in_a_space_without_a_port_only_galleys_can_deal_with_each_other():
    """In the open sea there is nothing to load, sell or claim; transfers and battles remain.

    Rules: X-M-31.
    """
    galleys = [G(4, 0, "ionian_sea", 2, "wood"), G(6, 0, "ionian_sea", 2), G(7, 1, "ionian_sea", 1)]
    state = play(activate(position(galleys=galleys), 4), "action")
    assert legal(state) == {"done", "sailor 4>6", "sailor 6>4", "cube wood 4>6", "jettison wood"}
    state = play(state, "done", "done")
    assert legal(state) == {"end", "attack 7"}
