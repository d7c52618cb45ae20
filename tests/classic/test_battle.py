"""Classic phase 4: battles between galleys (C-BAT) and attacks on ports (C-PATK).

Also the decisions on battles: X-C-14 (a defender may capture), X-C-15 (both
crews lost), X-C-16 (excess losses), X-C-17 (capturing with every sailor),
X-C-22 and X-C-23 (which ports can be attacked) and X-C-40 (the high seas).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from classic.scenario import (
    G,
    P,
    classic,
    galley,
    legal,
    play,
    port,
    position,
    refused,
    step,
    supply_of,
)
from serenissima.engine.core import CHANCE
from serenissima_rulesets.classic.actions import Dice
from serenissima_rulesets.classic.events import (
    BattleFought,
    GalleyCaptured,
    GalleySunk,
    GoodMoved,
    PhaseStarted,
)
from serenissima_rulesets.classic.phases import Fighting, Rolling, Spoils
from serenissima_rulesets.classic.state import ClassicState, Galley, Port

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


def boxed(state: ClassicState) -> int:
    """Sailors in the box."""
    assert state.sailors_box is not None
    return state.sailors_box


def fighting(*galleys: Galley, ports=None, options=None, order=None, turn_index=0) -> ClassicState:
    """Phase 4 with the given pieces; by default the Venetian (first in seat order) is on turn."""
    return position(
        4,
        phase=4,
        turn_index=turn_index,
        order=order,
        galleys=galleys,
        ports=ports,
        options=options,
    )


# --- C-BAT-1, C-BAT-2: optional attacks on galleys in the same area -------------------------


@pytest.mark.rules("C-BAT-1")
def test_c_bat_1_fighting_is_optional_and_offered_in_turn_order():
    """C-BAT-1: each seat in turn may attack or not; a seat with nothing to attack is not asked."""
    state = fighting(
        G(1, VENICE, "sicily", 3),
        G(2, GENOA, "sicily", 3),
        G(3, SPAIN, "marseille", 3),  # alone: the Spaniard has nothing to attack
        G(4, TURKEY, "sicily", 3),
    )
    assert state.to_act == VENICE
    assert legal(state) == {"attack 1 2", "attack 1 4", "done"}
    state, events = step(state, "done")
    assert events == ()
    assert state.to_act == GENOA
    state = play(state, "done")
    assert state.to_act == TURKEY  # Spain is passed over
    assert state.phase == Fighting(3)
    state, events = step(state, "done")
    assert PhaseStarted(5, "capturing ports") in events
    assert [galley(state, n).sailors for n in (1, 2, 3, 4)] == [3, 3, 3, 3]


@pytest.mark.rules("C-BAT-2", "X-C-40")
def test_c_bat_2_the_target_is_another_players_galley_in_the_same_area():
    """C-BAT-2, X-C-40: any other player's galley in the same area, the high seas included."""
    state = fighting(
        G(1, VENICE, "ionian_sea", 3),
        G(2, VENICE, "ionian_sea", 2),
        G(3, GENOA, "ionian_sea", 2),
        G(4, TURKEY, "crete", 2),
    )
    assert legal(state) == {"attack 1 3", "attack 2 3", "done"}
    refused(state, "attack 1 2", "C-BAT-2")  # one's own galley
    refused(state, "attack 1 4", "C-BAT-2")  # another area
    refused(state, "attack 3 1", "C-BAT-2")  # the Genoese galley is not the Venetian's
    refused(state, "attack 1 17", "C-BAT-2")  # no such galley
    state, events = step(state, "attack 1 3")
    assert events == ()
    assert state.to_act == CHANCE
    assert state.phase == Rolling(0, 1, target=3)


# --- C-BAT-3, C-BAT-4: dice, simultaneous losses, containment ------------------------------


@pytest.mark.rules("C-BAT-3")
def test_c_bat_3_each_side_rolls_one_die_and_kills_its_total_over_three():
    """C-BAT-3: losses are (die + own sailors) // 3, taken at once; the dead go to the box.

    Venice (4 sailors) rolls 2: 6 // 3 = 2; Genoa (3 sailors) rolls 3: 6 // 3 = 2,
    counting all 3 Genoese sailors even though two of them die in this round.
    """
    state = play(fighting(G(1, VENICE, "sicily", 4), G(2, GENOA, "sicily", 3)), "attack 1 2")
    outcomes = classic().chance_outcomes(state)
    assert len(outcomes) == 36
    assert {p for _, p in outcomes} == {Fraction(1, 36)}
    assert {a for a, _ in outcomes} == {Dice(a, d) for a in range(1, 7) for d in range(1, 7)}
    after, events = step(state, "dice 2 3")
    assert events == (BattleFought(1, 2, "", 2, 3, 2, 2),)
    assert (galley(after, 1).sailors, galley(after, 2).sailors) == (2, 1)
    assert boxed(after) == boxed(state) + 4
    assert after.phase == Fighting(0)
    assert after.to_act == VENICE


@pytest.mark.rules("C-BAT-3")
def test_c_bat_3_a_round_without_losses_is_rolled_again():
    """C-BAT-3: when neither total reaches 3 nothing changes and the dice are thrown again."""
    state = play(fighting(G(1, VENICE, "sicily", 1), G(2, GENOA, "sicily", 1)), "attack 1 2")
    after, events = step(state, "dice 1 1")
    assert events == (BattleFought(1, 2, "", 1, 1, 0, 0),)
    assert after.to_act == CHANCE
    assert after.phase == state.phase
    assert after.galleys == state.galleys


@pytest.mark.rules("C-BAT-4", "X-C-16")
def test_c_bat_4_losses_stay_on_the_two_galleys_and_excess_is_wasted():
    """C-BAT-4, X-C-16: 5 sailors + 6 kill 3, but the 1-sailor target loses only 1.

    The other galleys in the area lose nobody, and the beaten galley keeps its
    goods: casualties are only ever sailors.
    """
    state = fighting(
        G(1, VENICE, "sicily", 5),
        G(2, VENICE, "sicily", 2),
        G(3, GENOA, "sicily", 1, "wine", "gold"),
        G(4, GENOA, "sicily", 3),
        G(5, TURKEY, "istanbul", 1),
    )
    state = play(state, "attack 1 3")
    after, events = step(state, "dice 6 1")
    assert events == (BattleFought(1, 3, "", 6, 1, 0, 1),)
    assert boxed(after) == boxed(state) + 1
    assert galley(after, 3).sailors == 0
    assert galley(after, 3).cargo == ("gold", "wine")
    assert [galley(after, n).sailors for n in (1, 2, 4)] == [5, 2, 3]


@pytest.mark.rules("C-BAT-4")
def test_c_bat_4_a_galley_that_survives_keeps_all_its_goods():
    """C-BAT-4: losses never touch cargo."""
    state = fighting(G(1, VENICE, "sicily", 3, "iron"), G(2, GENOA, "sicily", 3, "wine", "gems"))
    after = play(state, "attack 1 2", "dice 3 3")
    assert (galley(after, 1).sailors, galley(after, 2).sailors) == (1, 1)
    assert galley(after, 1).cargo == ("iron",)
    assert galley(after, 2).cargo == ("gems", "wine")
    assert after.supply == state.supply


# --- C-BAT-5: attacking again, switching, breaking off --------------------------------------


@pytest.mark.rules("C-BAT-5")
def test_c_bat_5_attack_again_with_any_galley_at_any_target_or_stop():
    """C-BAT-5: after each round the player may go on, change galley or target, or break off."""
    state = fighting(
        G(1, VENICE, "sicily", 4),
        G(2, VENICE, "sicily", 4),
        G(3, GENOA, "sicily", 4),
        G(4, TURKEY, "sicily", 4),
    )
    state = play(state, "attack 1 3", "dice 1 1")  # 5 // 3 = 1 each
    assert (galley(state, 1).sailors, galley(state, 3).sailors) == (3, 3)
    assert state.to_act == VENICE
    assert {"attack 1 3", "attack 1 4", "attack 2 3", "attack 2 4", "done"} == legal(state)
    state = play(state, "attack 1 3", "dice 1 1")  # the same galley against the same target
    assert (galley(state, 1).sailors, galley(state, 3).sailors) == (2, 2)
    state = play(state, "attack 2 4", "dice 2 2")  # another galley, another target
    assert (galley(state, 2).sailors, galley(state, 4).sailors) == (2, 2)
    state, events = step(state, "done")  # breaking off
    assert state.to_act == GENOA
    assert not any(isinstance(e, BattleFought) for e in events)


# --- C-BAT-6 .. C-BAT-8: the beaten galley ---------------------------------------------------


def _beaten(winner_sailors: int = 3, winner_cargo=(), loser_cargo=("wine", "gold"), **kw):
    """Venetian galley 1 has just beaten Genoese galley 2 in Sicily's area.

    Venice's galley 5 sits in the same area, untouched by the fight.
    """
    state = fighting(
        G(1, VENICE, "sicily", winner_sailors + 1, *winner_cargo),
        G(2, GENOA, "sicily", 1, *loser_cargo),
        G(5, VENICE, "sicily", 2),
        G(6, TURKEY, "sicily", 3),
        **kw,
    )
    # Venice rolls 6: (6 + n + 1) // 3 >= 2 kills the lone sailor; Genoa rolls 2: 3 // 3 = 1.
    return play(state, "attack 1 2", "dice 6 2")


@pytest.mark.rules("C-BAT-6")
def test_c_bat_6_the_winner_decides_whether_the_beaten_galley_sinks():
    """C-BAT-6: the winner's owner chooses; sinking removes the galley and the cargo aboard."""
    state = _beaten(loser_cargo=("wine",))
    assert isinstance(state.phase, Spoils)
    assert state.to_act == VENICE
    assert {"sink", "capture 1", "capture 2", "capture 3", "cargo wine 2>1"} == legal(state)
    after, events = step(state, "sink")
    assert events == (GalleySunk(2, GENOA, ("wine",), "beaten in battle"),)
    assert after.galley(2) is None
    assert supply_of(after, "wine") == supply_of(state, "wine") + 1
    assert after.phase == Fighting(0)
    assert after.to_act == VENICE


@pytest.mark.rules("C-BAT-6", "X-C-15")
def test_x_c_15_both_crews_lost_together_both_galleys_sink():
    """X-C-15, C-BAT-6: two 2-sailor galleys that both roll 6 kill each other; nobody captures."""
    state = fighting(
        G(1, VENICE, "sicily", 2, "iron"),
        G(2, GENOA, "sicily", 2, "wine"),
        G(3, VENICE, "ionian_sea", 1),
        G(4, GENOA, "ionian_sea", 1),
    )
    state = play(state, "attack 1 2")
    after, events = step(state, "dice 6 6")
    assert events == (
        BattleFought(1, 2, "", 6, 6, 2, 2),
        GalleySunk(1, VENICE, ("iron",), "both crews lost"),
        GalleySunk(2, GENOA, ("wine",), "both crews lost"),
    )
    assert after.galley(1) is None
    assert after.galley(2) is None
    assert not isinstance(after.phase, Spoils)
    assert after.to_act == VENICE
    assert boxed(after) == boxed(state) + 4
    assert supply_of(after, "iron") == supply_of(state, "iron") + 1


@pytest.mark.rules("C-BAT-6", "X-C-14")
def test_x_c_14_a_defending_galley_that_wins_may_capture_the_attacker():
    """X-C-14: the Genoese defender beats the Venetian attacker and takes it with its own sailor."""
    state = fighting(
        G(1, VENICE, "sicily", 1, "iron"),
        G(2, GENOA, "sicily", 4),
        G(3, VENICE, "ionian_sea", 2),
        G(4, TURKEY, "ionian_sea", 2),
    )
    state = play(state, "attack 1 2", "dice 1 6")  # Venice 2 // 3 = 0; Genoa 10 // 3 = 3
    assert isinstance(state.phase, Spoils)
    assert state.to_act == GENOA
    assert "capture 1" in legal(state)
    after, events = step(state, "capture 1")
    assert events == (GalleyCaptured(1, GENOA, 1),)
    assert galley(after, 1).owner == GENOA
    assert galley(after, 1).cargo == ("iron",)
    assert galley(after, 2).sailors == 3
    # C-BAT-8: the Genoese may still share out the iron before closing the spoils.
    assert isinstance(after.phase, Spoils)
    assert after.to_act == GENOA
    assert set(legal(after)) == {"cargo iron 1>2", "done"}
    after = play(after, "done")
    assert after.phase == Fighting(0)
    assert after.to_act == VENICE  # the attacker's turn goes on


@pytest.mark.rules("X-C-14")
def test_x_c_14_option_defender_may_capture_false_leaves_only_sinking():
    """X-C-14 with defender_may_capture=false: the defender may move cargo and must sink it."""
    state = fighting(
        G(1, VENICE, "sicily", 1, "iron"),
        G(2, GENOA, "sicily", 4),
        G(3, VENICE, "ionian_sea", 2),
        G(4, TURKEY, "ionian_sea", 2),
        options={"defender_may_capture": False},
    )
    state = play(state, "attack 1 2", "dice 1 6")
    assert state.to_act == GENOA
    assert legal(state) == {"cargo iron 1>2", "sink"}
    refused(state, "capture 1", "X-C-14")
    state = play(state, "cargo iron 1>2", "sink")
    assert state.galley(1) is None
    assert galley(state, 2).cargo == ("iron",)
    # the attacker, when he wins, may still capture under this option
    won = _beaten(options={"defender_may_capture": False})
    assert "capture 1" in legal(won)


@pytest.mark.rules("C-BAT-7")
def test_c_bat_7_capture_moves_sailors_from_the_winning_galley_only():
    """C-BAT-7: the prize is crewed from the winner alone, changes flag and joins the fleet."""
    state = _beaten(winner_sailors=2, loser_cargo=())
    assert (galley(state, 1).sailors, galley(state, 5).sailors) == (2, 2)
    refused(state, "capture 3", "C-BAT-7")  # galley 5's sailors cannot help
    refused(state, "sailor 5>2", "C-BAT-6")
    after, events = step(state, "capture 1")
    assert events == (GalleyCaptured(2, VENICE, 1),)
    assert galley(after, 2).owner == VENICE
    assert galley(after, 2).sailors == 1
    assert galley(after, 1).sailors == 1
    assert galley(after, 5).sailors == 2
    assert after.sailors_box == state.sailors_box


@pytest.mark.rules("C-BAT-7")
def test_c_bat_7_at_least_one_sailor_must_board_the_prize():
    """C-BAT-7: a capture moves one or more sailors; "capture 0" is refused for that reason."""
    state = _beaten(winner_sailors=2, loser_cargo=())
    assert "capture 0" not in legal(state)
    refused(state, "capture 0", "C-BAT-7")


@pytest.mark.rules("C-BAT-7")
def test_c_bat_7_a_prize_cannot_be_crewed_beyond_five_pieces():
    """C-BAT-7: a prize holding 4 goods has room for one sailor only (C-ORG-2)."""
    state = _beaten(winner_sailors=3, loser_cargo=("wine", "gold", "iron", "gems"))
    assert {t for t in legal(state) if t.startswith("capture")} == {"capture 1"}
    refused(state, "capture 2", "C-ORG-2")


@pytest.mark.rules("C-BAT-7", "X-C-17")
def test_x_c_17_capturing_with_every_sailor_sinks_the_winners_own_galley():
    """X-C-17: goods may move first; then every sailor crosses and the old galley sinks.

    The prize has sailors, so it may attack again in the same phase.
    """
    state = _beaten(winner_sailors=2, winner_cargo=("iron", "gems"), loser_cargo=("wine",))
    state = play(state, "cargo iron 1>2")
    after, events = step(state, "capture 2")
    assert events == (
        GalleyCaptured(2, VENICE, 2),
        GalleySunk(1, VENICE, ("gems",), "its whole crew boarded the prize"),
    )
    assert after.galley(1) is None
    assert galley(after, 2) == Galley(2, VENICE, "sicily", 2, ("iron", "wine"))
    assert after.to_act == VENICE
    assert "attack 2 6" in legal(after)


@pytest.mark.rules("C-BAT-8")
def test_c_bat_8_cargo_moves_either_way_within_five_pieces_before_the_sinking():
    """C-BAT-8: the winner rescues what fits; he may not drop a sailor to make room.

    The winner has 3 sailors and 1 good (one free space); the beaten galley
    carries wine and gold. One piece can be saved; the other sinks with it.
    """
    state = _beaten(winner_sailors=3, winner_cargo=("iron",), loser_cargo=("wine", "gold"))
    assert {"cargo gold 2>1", "cargo wine 2>1", "cargo iron 1>2"} <= legal(state)
    state, events = step(state, "cargo wine 2>1")
    assert events == (GoodMoved(VENICE, "wine", 2, 1),)
    assert galley(state, 1).cargo == ("iron", "wine")
    assert "cargo gold 2>1" not in legal(state)
    refused(state, "cargo gold 2>1", "C-BAT-6")  # no room left
    refused(state, "dismiss 1", "C-BAT-6")  # no sailor thrown overboard for room
    refused(state, "discard 1 iron", "C-BAT-6")
    gold = supply_of(state, "gold")
    after, events = step(state, "sink")
    assert events == (GalleySunk(2, GENOA, ("gold",), "beaten in battle"),)
    assert supply_of(after, "gold") == gold + 1
    assert galley(after, 1) == Galley(1, VENICE, "sicily", 3, ("iron", "wine"))


Shape = tuple[int, int] | None
"""A galley as sailors and goods aboard, or ``None`` once it has sunk."""


def _shape(found: Galley | None) -> Shape:
    return None if found is None else (found.sailors, len(found.cargo))


def _spoils_endings(state: ClassicState) -> set[tuple[Shape, Shape]]:
    """Every way the winner can settle the spoils: galleys 1 and 2 once the battle goes on."""
    rules = classic()
    endings: set[tuple[Shape, Shape]] = set()
    seen = set()
    todo = [state]
    while todo:
        current = todo.pop()
        for action in rules.legal_actions(current):
            after = rules.apply(current, action)
            if not isinstance(after.phase, Spoils):
                endings.add((_shape(after.galley(1)), _shape(after.galley(2))))
            elif (after.galleys, after.phase) not in seen:
                seen.add((after.galleys, after.phase))
                todo.append(after)
    return endings


@pytest.mark.rules("C-BAT-8", "C-BAT-7")
def test_c_bat_8_goods_can_be_shared_out_between_winner_and_prize_after_a_capture():
    """C-BAT-8, C-BAT-7: 4 sailors take a prize with 4 goods; each galley may end with 2 + 2.

    Two sailors cross and two goods come back to the winner: both galleys
    hold 4 pieces, within the limit of 5. The rules set no order between
    moving goods and moving sailors, so this sharing must be reachable.
    """
    state = _beaten(winner_sailors=4, loser_cargo=("wine", "gold", "iron", "gems"))
    endings = _spoils_endings(state)
    assert ((4, 1), None) in endings  # sinking after saving what fits
    assert ((3, 0), (1, 4)) in endings  # one sailor takes the prize with every good
    assert ((2, 2), (2, 2)) in endings


@pytest.mark.rules("C-BAT-8")
def test_c_bat_8_goods_may_be_put_aboard_the_prize_before_capturing():
    """C-BAT-8: the winner may also move his own goods onto the beaten galley."""
    state = _beaten(winner_sailors=3, winner_cargo=("iron",), loser_cargo=())
    state = play(state, "cargo iron 1>2", "capture 1")
    assert galley(state, 2) == Galley(2, VENICE, "sicily", 1, ("iron",))
    assert galley(state, 1) == Galley(1, VENICE, "sicily", 2, ())


# --- C-PATK: attacking ports -----------------------------------------------------------------


@pytest.mark.rules("C-PATK-1", "X-C-22", "X-C-23")
def test_c_patk_1_only_another_players_garrisoned_port_can_be_attacked():
    """C-PATK-1, X-C-22, X-C-23: the port of another player with a garrison, from its own area.

    The Turk's galley at Smyrna does not shield the port (X-C-22); a neutral
    port, one's own port and a port without garrison cannot be attacked.
    """
    ports = {
        "smyrna": P(TURKEY, 2),
        "crete": P(None),
        "rhodes": P(VENICE, 1),
        "salonica": P(TURKEY, 0),
    }
    state = fighting(
        G(1, VENICE, "smyrna", 3),
        G(2, TURKEY, "smyrna", 5),
        G(3, VENICE, "crete", 2),
        G(4, VENICE, "rhodes", 2),
        G(5, VENICE, "salonica", 2),
        ports=ports,
    )
    assert legal(state) == {"assault 1 smyrna", "attack 1 2", "done"}
    refused(state, "assault 3 crete", "C-PATK-1")  # neutral
    refused(state, "assault 4 rhodes", "C-PATK-1")  # his own
    refused(state, "assault 5 salonica", "X-C-23")  # no garrison to fight
    refused(state, "assault 3 smyrna", "C-PATK-1")  # galley 3 is not at Smyrna
    refused(state, "assault 2 smyrna", "C-PATK-1")  # not the Venetian's galley
    state, events = step(state, "assault 1 smyrna")
    assert events == ()
    assert state.phase == Rolling(0, 1, port="smyrna")


@pytest.mark.rules("C-PATK-2")
def test_c_patk_2_galley_and_garrison_each_add_a_die_and_divide_by_three():
    """C-PATK-2: 3 sailors + 3 = 6 kill 2 of the garrison; garrison 3 + 5 = 8 kill 2 sailors."""
    state = fighting(G(1, VENICE, "smyrna", 3), ports={"smyrna": P(TURKEY, 3)})
    state = play(state, "assault 1 smyrna")
    after, events = step(state, "dice 3 5")
    assert events == (BattleFought(1, 0, "smyrna", 3, 5, 2, 2),)
    assert port(after, "smyrna").garrison == 1
    assert galley(after, 1).sailors == 1
    assert boxed(after) == boxed(state) + 4


@pytest.mark.rules("C-PATK-3")
def test_c_patk_3_a_fortress_divides_only_the_attackers_total_by_four():
    """C-PATK-3: 5 + 4 = 9 kills 2 (not 3) against a fortress; the garrison still divides by 3."""
    state = fighting(G(1, VENICE, "smyrna", 5), ports={"smyrna": P(TURKEY, 3, forts=1)})
    after = play(state, "assault 1 smyrna", "dice 4 6")  # garrison 3 + 6 = 9 kill 3
    assert port(after, "smyrna").garrison == 1
    assert galley(after, 1).sailors == 2
    plain = play(
        fighting(G(1, VENICE, "smyrna", 5), ports={"smyrna": P(TURKEY, 3)}),
        "assault 1 smyrna",
        "dice 4 6",
    )
    assert port(plain, "smyrna").garrison == 0
    assert galley(plain, 1).sailors == 2


@pytest.mark.rules("C-PATK-4")
def test_c_patk_4_a_garrison_never_attacks():
    """C-PATK-4: on the port owner's turn only his galleys can attack; the garrison cannot."""
    state = fighting(
        G(1, VENICE, "smyrna", 2),
        G(2, TURKEY, "rhodes", 2),
        G(3, GENOA, "rhodes", 2),
        ports={"smyrna": P(TURKEY, 5)},
        order=[TURKEY, VENICE, GENOA, SPAIN],
    )
    assert state.to_act == TURKEY
    assert legal(state) == {"attack 2 3", "done"}
    refused(state, "attack 2 1", "C-BAT-2")  # galley 1 lies at Smyrna, not at Rhodes
    alone = fighting(
        G(1, VENICE, "smyrna", 2),
        G(2, GENOA, "genoa", 2),
        ports={"smyrna": P(TURKEY, 5)},
        order=[TURKEY, GENOA, VENICE, SPAIN],
    )
    assert alone.to_act == TURKEY
    assert legal(alone) == {"done"}  # nothing at all to do with a garrison


@pytest.mark.rules("C-PATK-5")
def test_c_patk_5_a_wiped_out_garrison_leaves_the_port_to_its_owner_until_phase_5():
    """C-PATK-5: no landing in phase 4; the port stays Turkish with no garrison.

    The Genoese, later in the phase-4 order, may still attack the victorious galley.
    """
    state = fighting(
        G(1, VENICE, "smyrna", 5),
        G(2, GENOA, "smyrna", 3),
        G(3, VENICE, "crete", 1),
        G(4, TURKEY, "crete", 1),
        ports={"smyrna": P(TURKEY, 2)},
    )
    state = play(state, "assault 1 smyrna", "dice 6 1")  # 11 // 3 = 3 kills both; 3 // 3 = 1
    assert port(state, "smyrna") == Port(TURKEY, 0)
    assert galley(state, 1).sailors == 4
    assert state.to_act == VENICE
    refused(state, "land 1 smyrna", "C-BAT-1")
    assert not any(t.startswith("assault") for t in legal(state))
    state = play(state, "done")
    assert state.to_act == GENOA
    assert "attack 2 1" in legal(state)
    state = play(state, "attack 2 1", "dice 6 1")
    assert galley(state, 1).sailors == 1


@pytest.mark.rules("C-PATK-6")
def test_c_patk_6_a_galley_beaten_by_a_garrison_sinks_with_its_goods():
    """C-PATK-6: nobody captures it and its goods go back to the box."""
    state = fighting(
        G(1, VENICE, "smyrna", 1, "iron", "gems"),
        G(2, VENICE, "crete", 1),
        G(3, TURKEY, "crete", 1),
        ports={"smyrna": P(TURKEY, 3)},
    )
    state = play(state, "assault 1 smyrna")
    after, events = step(state, "dice 1 6")  # 2 // 3 = 0; 9 // 3 = 3
    assert events == (
        BattleFought(1, 0, "smyrna", 1, 6, 1, 0),
        GalleySunk(1, VENICE, ("gems", "iron"), "beaten by a garrison"),
    )
    assert after.galley(1) is None
    assert not isinstance(after.phase, Spoils)
    assert after.phase == Fighting(0)
    assert supply_of(after, "gems") == supply_of(state, "gems") + 1
    assert supply_of(after, "iron") == supply_of(state, "iron") + 1
    assert port(after, "smyrna") == Port(TURKEY, 3)


@pytest.mark.rules("C-PATK-6", "C-PATK-5")
def test_c_patk_6_galley_and_garrison_both_wiped_out():
    """C-PATK-6, C-PATK-5: the galley sinks with its goods; the port stays its owner's, empty."""
    state = fighting(
        G(1, VENICE, "smyrna", 1, "wine"),
        G(2, VENICE, "crete", 1),
        G(3, GENOA, "crete", 1),
        ports={"smyrna": P(TURKEY, 1)},
    )
    state = play(state, "assault 1 smyrna")
    after, events = step(state, "dice 5 6")  # 6 // 3 = 2 against 1; 7 // 3 = 2 against 1
    assert events == (
        BattleFought(1, 0, "smyrna", 5, 6, 1, 1),
        GalleySunk(1, VENICE, ("wine",), "beaten by a garrison"),
    )
    assert port(after, "smyrna") == Port(TURKEY, 0)
    assert boxed(after) == boxed(state) + 2


@pytest.mark.rules("C-PATK-7")
def test_c_patk_7_attacks_never_touch_fortresses_or_warehouse_goods():
    """C-PATK-7: even a garrison wiped out leaves the fortress and the warehouse as they were."""
    state = fighting(
        G(1, VENICE, "smyrna", 5),
        ports={"smyrna": P(TURKEY, 1, "wine", "gold", forts=1)},
    )
    state = play(state, "assault 1 smyrna", "dice 6 1")  # 11 // 4 = 2 kills the lone defender
    assert port(state, "smyrna") == Port(TURKEY, 0, ("wine", "gold"), 1)
    assert state.forts_box == classic().params.components.forts - 1


@pytest.mark.rules("C-PATK-8", "X-C-16")
def test_c_patk_8_port_attacks_repeat_switch_and_break_off_like_galley_battles():
    """C-PATK-8, X-C-16: the attacker goes on, changes galley or target, and stops at will.

    The garrison's last sailor dies to a total of 11; the excess kills nobody.
    """
    state = fighting(
        G(1, VENICE, "smyrna", 4),
        G(2, VENICE, "smyrna", 5),
        G(3, TURKEY, "smyrna", 2),
        G(4, GENOA, "smyrna", 1),
        ports={"smyrna": P(TURKEY, 4)},
    )
    state = play(state, "assault 1 smyrna", "dice 2 1")  # 6 // 3 = 2; 5 // 3 = 1
    assert (port(state, "smyrna").garrison, galley(state, 1).sailors) == (2, 3)
    assert {"assault 1 smyrna", "assault 2 smyrna", "attack 1 3", "attack 2 3"} <= legal(state)
    state = play(state, "attack 1 3", "dice 3 1")  # the other target: 6 // 3 = 2
    assert galley(state, 3).sailors == 0
    state = play(state, "sink", "assault 2 smyrna")
    box = boxed(state)
    state, events = step(state, "dice 6 1")  # 11 // 3 = 3 against 2; 3 // 3 = 1
    assert events == (BattleFought(2, 0, "smyrna", 6, 1, 1, 2),)
    assert boxed(state) == box + 3
    assert port(state, "smyrna") == Port(TURKEY, 0)
    assert state.to_act == VENICE
    state, events = step(state, "done")  # galley 4 could still be attacked; he stops
    assert events == ()
    assert state.phase == Fighting(1)
    assert state.to_act == GENOA
