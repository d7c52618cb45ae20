"""Battles between galleys (M-BAT): combat values, dice, sinking, spoils, chaining."""

from __future__ import annotations

import pytest

from modern.helpers_b import dice, galley, goods_in_box, legal, port, refused
from modern.scenario import G, P, activate, play, position, step
from serenissima_rulesets.modern.events import BattleStarted, DiceRolled, GalleySunk
from serenissima_rulesets.modern.phases import Choosing, Plundering, Pressing

BLUE, RED, ORANGE = 0, 1, 2


def _meeting(*others, blue=None, options=None):
    """Blue's galley 4 active in Algiers (its starting space) among ``others``."""
    blue = blue or G(4, BLUE, "algiers", 3)
    state = position(
        galleys=[blue, *others],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1), "venice": P(ORANGE, 1)},
        options=options,
    )
    return play(activate(state, 4), "action", "done", "done")


@pytest.mark.rules("M-BAT-1")
def test_only_other_players_galleys_in_the_same_space_can_be_attacked():
    """The active galley may attack any other player's galley in its space, never its own.

    Rules: M-BAT-1.
    """
    state = _meeting(
        G(6, BLUE, "algiers", 2),
        G(7, RED, "algiers", 2),
        G(9, ORANGE, "algiers", 1),
        G(10, RED, "cagliari", 2),
    )
    assert {"attack 7", "attack 9"} <= legal(state)
    assert "attack 6" not in legal(state)
    assert refused(state, "attack 6").rule_id == "M-BAT-1"
    assert refused(state, "attack 10").rule_id == "M-BAT-1"


@pytest.mark.rules("M-BAT-2", "M-MOVE-2")
def test_attacker_combat_value_is_sailors_minus_spaces_crossed():
    """A 4-sailor galley that moved two spaces rolls 2 dice; the defender rolls one per sailor.

    Rules: M-BAT-2, M-MOVE-2.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 4), G(7, RED, "tunis", 3)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "move tunis", "done")
    state, events = step(state, "attack 7")
    assert dice(state) == (2, 3)
    assert BattleStarted(BLUE, 4, "7", 2) in events


@pytest.mark.rules("M-BAT-2")
def test_without_moving_the_combat_value_is_every_sailor_aboard():
    """A galley fighting where it started subtracts nothing from its sailors.

    Rules: M-BAT-2.
    """
    state = play(_meeting(G(7, RED, "algiers", 2), blue=G(4, BLUE, "algiers", 4)), "attack 7")
    assert dice(state) == (4, 2)


@pytest.mark.rules("M-BAT-3", "M-COMP-2")
def test_a_round_is_simultaneous_and_the_dead_return_to_their_reserves():
    """Both sides roll at once; each skull kills an opposing sailor, who returns to the reserve.

    Rules: M-BAT-3, M-COMP-2.
    """
    state = play(_meeting(G(7, RED, "algiers", 3)), "attack 7")
    assert refused(state, "dice 4 0").rule_id == "M-BAT-3"  # 3 dice cannot show 4 skulls
    after, events = step(state, "dice 2 1")
    assert events == (DiceRolled(3, 3, 2, 1),)
    assert galley(after, 4).sailors == 2
    assert galley(after, 7).sailors == 1
    assert after.reserve[BLUE] == state.reserve[BLUE] + 1
    assert after.reserve[RED] == state.reserve[RED] + 2


@pytest.mark.rules("M-BAT-4")
def test_stopping_between_rounds_ends_the_battle_and_the_activation():
    """After a round with both sides afloat the attacker may stop; his activation is then over.

    Rules: M-BAT-4.
    """
    state = play(_meeting(G(7, RED, "algiers", 3)), "attack 7", "dice 1 1")
    assert isinstance(state.phase, Pressing)
    assert legal(state) == {"continue", "stop"}
    state = play(state, "stop")
    assert state.act is not None
    assert state.act.galley == 7  # the wheel went on to the next galley
    assert isinstance(state.phase, Choosing)
    assert (galley(state, 4).sailors, galley(state, 7).sailors) == (2, 2)


@pytest.mark.rules("M-BAT-5")
def test_later_rounds_never_raise_the_combat_value_above_the_first():
    """After losses the attacker rolls one die per sailor left, but never more than at first.

    Rules: M-BAT-5.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 5), G(7, RED, "palermo", 5)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    moves = ("move algiers", "move tunis", "move palermo")
    state = play(activate(state, 4), "action", "done", *moves, "done", "attack 7")
    assert dice(state) == (2, 5)  # 5 sailors - 3 spaces
    state = play(state, "dice 0 0")  # nobody died: the same round is rolled again
    assert dice(state) == (2, 5)
    state = play(state, "dice 1 1", "continue")
    assert dice(state) == (2, 4)  # 4 sailors aboard, still capped at 2
    state = play(state, "dice 0 2", "continue")
    assert dice(state) == (2, 4)
    state = play(state, "dice 0 1", "continue")
    assert dice(state) == (1, 4)  # one sailor left: one die


@pytest.mark.rules("M-BAT-6", "X-M-03")
def test_the_first_combat_value_carries_over_to_the_next_battle():
    """X-M-03: a second battle is capped by the first combat value; moves count only once.

    Rules: M-BAT-6, X-M-03.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 4), G(7, RED, "algiers", 2), G(11, RED, "algiers", 2)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "done")
    state = play(state, "attack 7")
    assert dice(state) == (3, 2)
    state = play(state, "dice 2 2", "attack 11")
    assert dice(state) == (2, 2)  # min(2 sailors, 3), not 2 - 1


@pytest.mark.rules("M-BAT-6", "X-M-03")
def test_recomputing_option_takes_the_move_off_at_every_battle():
    """With cv_between_battles=recompute the next battle rolls sailors minus spaces again.

    Rules: M-BAT-6, X-M-03.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 4), G(7, RED, "algiers", 2), G(11, RED, "algiers", 2)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
        options={"cv_between_battles": "recompute"},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "done")
    state = play(state, "attack 7", "dice 2 2", "attack 11")
    assert dice(state) == (1, 2)


@pytest.mark.rules("M-BAT-7", "M-GAL-4", "M-TURN-4")
def test_a_sunk_defender_leaves_the_wheel_and_is_not_activated_this_turn():
    """A galley sunk before its turn on the wheel is gone: the token skips its number.

    Rules: M-BAT-7, M-GAL-4, M-TURN-4.
    """
    state = _meeting(G(7, RED, "algiers", 1), G(11, RED, "genoa", 2))
    state, events = step(play(state, "attack 7"), "dice 1 0")
    assert GalleySunk(RED, 7, ()) in events
    assert state.galley(7) is None
    state = play(state, "end")
    assert state.act is not None
    assert state.act.galley == 11


@pytest.mark.rules("M-BAT-7", "M-BAT-9")
def test_a_sunk_attacker_ends_its_activation():
    """When the attacking galley loses its last sailor it sinks and the wheel moves on.

    Rules: M-BAT-7, M-BAT-9.
    """
    state = _meeting(G(7, RED, "algiers", 3), G(11, RED, "genoa", 2), blue=G(4, BLUE, "algiers", 1))
    state = play(state, "attack 7", "dice 0 2")
    assert state.galley(4) is None
    assert galley(state, 7).sailors == 3
    assert state.act is not None
    assert state.act.galley == 7


@pytest.mark.rules("M-BAT-7", "X-M-13")
def test_both_galleys_emptied_in_one_round_both_sink_and_nobody_takes_the_cargo():
    """X-M-13: mutual destruction sinks both galleys and all their goods go back to the box.

    Rules: M-BAT-7, X-M-13.
    """
    blue = G(4, BLUE, "algiers", 1, "wood")
    state = _meeting(G(7, RED, "algiers", 1, "marble"), G(11, RED, "genoa", 2), blue=blue)
    wood, marble = goods_in_box(state, "wood"), goods_in_box(state, "marble")
    state = play(state, "attack 7", "dice 1 1")
    assert state.galley(4) is None
    assert state.galley(7) is None
    assert not isinstance(state.phase, Plundering)
    assert (goods_in_box(state, "wood"), goods_in_box(state, "marble")) == (wood + 1, marble + 1)
    assert state.act is not None
    assert state.act.galley == 11


@pytest.mark.rules("M-BAT-8", "X-M-15")
def test_the_winning_attacker_takes_only_the_spoils_that_fit():
    """The survivor takes goods from the wreck up to his free space; no jettison to fit more.

    Rules: M-BAT-8, X-M-15.
    """
    blue = G(4, BLUE, "algiers", 3, "wood")
    state = play(_meeting(G(7, RED, "algiers", 1, "gold", "marble"), blue=blue), "attack 7")
    state = play(state, "dice 1 0")
    assert isinstance(state.phase, Plundering)
    assert state.to_act == BLUE
    assert legal(state) == {"done", "take gold", "take marble"}
    assert refused(state, "jettison wood").rule_id == "M-BAT-8"
    gold = goods_in_box(state, "gold")
    state = play(state, "take marble")  # the fifth space is now full
    assert galley(state, 4).cargo == ("marble", "wood")
    assert not isinstance(state.phase, Plundering)
    assert goods_in_box(state, "gold") == gold + 1


@pytest.mark.rules("M-BAT-8")
def test_the_defender_chooses_the_spoils_when_the_attacker_sinks():
    """If the attacker sinks, the defending galley's owner decides which goods to take.

    Rules: M-BAT-8.
    """
    blue = G(4, BLUE, "algiers", 1, "stone", "wood")
    state = _meeting(G(7, RED, "algiers", 2), G(11, RED, "genoa", 2), blue=blue)
    state = play(state, "attack 7", "dice 0 1")
    assert isinstance(state.phase, Plundering)
    assert state.to_act == RED
    stone = goods_in_box(state, "stone")
    state = play(state, "take wood", "done")
    assert galley(state, 7).cargo == ("wood",)
    assert goods_in_box(state, "stone") == stone + 1
    assert state.galley(4) is None
    assert isinstance(state.phase, Choosing)  # the attacker's activation is over
    assert state.act is not None
    assert state.act.galley == 7


@pytest.mark.rules("M-BAT-9", "M-BAT-1")
def test_after_a_win_the_attacker_may_fight_the_next_galley_or_stop():
    """Having sunk one galley, the attacker may fight another player's galley or end.

    Rules: M-BAT-9, M-BAT-1.
    """
    state = _meeting(G(7, RED, "algiers", 1), G(9, ORANGE, "algiers", 1))
    state = play(state, "attack 7", "dice 1 0")
    assert {"end", "attack 9"} <= legal(state)
    state = play(state, "attack 9", "dice 1 0")
    assert state.galley(9) is None
    assert galley(state, 4).sailors == 3


@pytest.mark.rules("M-BAT-2", "X-M-12")
def test_a_galley_with_no_combat_value_may_still_attack_rolling_no_dice():
    """X-M-12: two sailors after two moves fight with 0 dice while the defender rolls.

    Rules: M-BAT-2, X-M-12.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 2), G(7, RED, "tunis", 1)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "move tunis")
    assert "attack 7" in legal(state)
    assert dice(play(state, "attack 7")) == (0, 1)


@pytest.mark.rules("M-BAT-2", "X-M-12")
def test_option_forbids_attacking_with_no_combat_value():
    """With allow_attack_with_zero_cv=false a galley with combat value 0 cannot start a battle.

    Rules: M-BAT-2, X-M-12.
    """
    state = position(
        galleys=[G(4, BLUE, "valencia", 2, "wood"), G(7, RED, "tunis", 1)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
        options={"allow_attack_with_zero_cv": False},
    )
    state = play(activate(state, 4), "action", "done", "move algiers", "move tunis")
    assert "sell wood tunis" in legal(state)
    assert "attack 7" not in legal(state)
    assert refused(state, "attack 7").rule_id == "M-BAT-2"


@pytest.mark.rules("M-BLOCK-6", "X-M-33", "X-M-35")
def test_a_blockaded_sale_stops_every_cube_and_any_galley_may_then_be_fought():
    """X-M-33/35: a blockaded sale sells nothing; any other player's galley may then be fought.

    Rules: M-BLOCK-6, X-M-33, X-M-35.
    """
    blue = G(4, BLUE, "naples", 2, "stone", "wood")
    state = position(
        galleys=[blue, G(7, RED, "naples", 3), G(9, ORANGE, "naples", 1)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1), "venice": P(ORANGE, 1)},
    )
    state = play(activate(state, 4), "action", "done", "done", "sell wood naples", "blockade")
    assert port(state, "naples").warehouse == ()
    assert state.ducats[BLUE] == 5
    assert galley(state, 4).cargo == ("stone", "wood")
    assert not {"sell wood naples", "sell stone naples"} & legal(state)
    assert refused(state, "sell stone naples").rule_id == "M-BLOCK-6"
    assert "attack 9" in legal(state)  # Orange did not blockade, yet may be fought


@pytest.mark.rules("M-BLOCK-6", "X-M-33")
def test_the_blockade_is_asked_once_for_the_whole_sale():
    """X-M-33: when nobody blockades the first cube, the other cubes sell without a new check.

    Rules: M-BLOCK-6, X-M-33.
    """
    blue = G(4, BLUE, "naples", 2, "stone", "wood")
    state = position(
        galleys=[blue, G(7, RED, "naples", 3)],
        ports={"valencia": P(BLUE, 1), "genoa": P(RED, 1)},
    )
    state = play(activate(state, 4), "action", "done", "done", "sell wood naples", "pass")
    state = play(state, "sell stone naples")
    assert port(state, "naples").warehouse == ("wood", "stone")
    assert state.ducats[BLUE] == 5 + 2 + 3
