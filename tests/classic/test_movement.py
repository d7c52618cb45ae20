"""Classic phase 3: moving galleys and asking for passage (C-MOVE, X-C-10..13, X-C-40, X-C-45)."""

from __future__ import annotations

from itertools import count

import pytest

from classic.scenario import G, P, classic, galley, legal, play, position, refused, step
from serenissima.engine.core import CHANCE
from serenissima_rulesets.classic.events import GalleyMoved, PassageAnswered, PhaseStarted
from serenissima_rulesets.classic.phases import (
    Bidding,
    Fighting,
    Landing,
    Moving,
    Permission,
    Selling,
)
from serenissima_rulesets.classic.state import ClassicState, Galley

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


def moves_of(state: ClassicState, number: int) -> set[str]:
    """The areas galley ``number`` may move to now."""
    prefix = f"move {number} "
    return {text.removeprefix(prefix) for text in legal(state) if text.startswith(prefix)}


def turk_moving(*others: Galley, sailors: int = 3, players: int = 4) -> ClassicState:
    """The Turk's phase-3 turn (last in seat order); his galley 1 is in Istanbul.

    His galley 9 (2 sailors) waits in Tunis, far away, so that his turn does
    not end by itself once galley 1 can no longer move.
    """
    return position(
        players,
        phase=3,
        turn_index=3,
        galleys=[G(1, TURKEY, "istanbul", sailors), G(9, TURKEY, "tunis", 2), *others],
    )


def _to_round_two_movement(state: ClassicState) -> ClassicState:
    """Play on with nobody doing anything until phase 3 of round 2 begins."""
    rules = classic()
    rolls = count()
    while not (state.turn == 2 and isinstance(state.phase, Moving)):
        if state.to_act == CHANCE:
            outcomes = [action for action, _ in rules.chance_outcomes(state)]
            state = rules.apply(state, outcomes[next(rolls) % len(outcomes)])
        elif isinstance(state.phase, Bidding):
            state = play(state, "bid 0")
        else:
            choices = legal(state)
            state = play(state, "done" if "done" in choices else sorted(choices)[0])
    return state


# --- C-MOVE-1: allowance, one galley at a time, optional ----------------------------------


@pytest.mark.rules("C-MOVE-1", "X-C-45")
def test_c_move_1_a_galley_crosses_at_most_one_area_per_sailor():
    """C-MOVE-1, X-C-45: a 2-sailor galley makes two moves; a third one is refused.

    The allowance is the crew at the start of phase 3, and nothing in phase 3
    can change a crew.
    """
    state = turk_moving(sailors=2)
    state = play(state, "move 1 smyrna", "move 1 rhodes")
    assert galley(state, 1).area == "rhodes"
    assert moves_of(state, 1) == set()
    refused(state, "move 1 crete", "C-MOVE-1")
    refused(state, "hire istanbul 1", "C-MOVE-1")  # no hiring during phase 3
    refused(state, "sailor 9>1", "C-MOVE-1")  # no reorganising either


@pytest.mark.rules("C-MOVE-1")
def test_c_move_1_each_move_goes_to_a_neighbouring_area_of_ones_own_galley():
    """C-MOVE-1: a move goes one area, to a neighbour; only the seat on turn moves its galleys."""
    state = turk_moving(G(2, GENOA, "smyrna", 2))
    assert moves_of(state, 1) == {"salonica", "smyrna"}
    refused(state, "move 1 rhodes", "C-MOVE-1")  # two areas away
    refused(state, "move 1 atlantis", "C-MOVE-1")
    refused(state, "move 2 rhodes", "C-MOVE-1")  # the Genoese galley is not the Turk's
    after, events = step(state, "move 1 smyrna")
    assert events == (GalleyMoved(1, "istanbul", "smyrna"),)
    assert galley(after, 1).area == "smyrna"


@pytest.mark.rules("C-MOVE-1")
def test_c_move_1_starting_another_galley_ends_the_first_ones_move():
    """C-MOVE-1: galleys move one at a time; once another galley moves, the first is finished."""
    state = turk_moving(sailors=3)
    state = play(state, "move 1 smyrna", "move 9 sicily")
    assert moves_of(state, 1) == set()
    refused(state, "move 1 rhodes", "C-MOVE-1")
    assert moves_of(state, 9) == {"tyrrhenian_sea", "naples", "tunis", "ionian_sea", "tripoli"}


@pytest.mark.rules("C-MOVE-1", "C-MOVE-6")
def test_c_move_1_moving_is_optional_and_seats_move_in_turn_order():
    """C-MOVE-1, C-MOVE-6: a seat may move nothing; the next seat in order moves, then phase 4."""
    state = position(
        4,
        phase=3,
        order=[TURKEY, SPAIN, GENOA, VENICE],
        galleys=[
            G(1, TURKEY, "istanbul", 3),
            G(2, SPAIN, "valencia", 2),
            G(3, GENOA, "genoa", 2),
            G(4, VENICE, "venice", 2),
        ],
    )
    assert state.to_act == TURKEY
    state, events = step(state, "done")
    assert events == ()
    assert galley(state, 1).area == "istanbul"
    assert state.to_act == SPAIN
    assert isinstance(state.phase, Moving)
    state = play(state, "move 2 marseille", "done", "done")
    assert state.to_act == VENICE
    assert isinstance(state.phase, Moving)
    state, events = step(state, "done")
    assert PhaseStarted(4, "battles") in events
    assert not isinstance(state.phase, Moving)


@pytest.mark.rules("C-MOVE-6")
def test_c_move_6_battles_wait_until_every_seat_has_moved():
    """C-MOVE-6: phase 4 begins only after the last seat in the order has finished moving."""
    state = position(
        4,
        phase=3,
        galleys=[G(1, VENICE, "smyrna", 2), G(2, TURKEY, "istanbul", 2)],
    )
    state = play(state, "done")  # the Venetian does not move; Genoa and Spain have no galleys
    assert state.to_act == TURKEY
    assert isinstance(state.phase, Moving)
    assert not any(t.startswith("attack") for t in legal(state))
    state, events = step(state, "move 2 smyrna")
    assert isinstance(state.phase, Moving)  # still the Turk's movement
    state, events = step(state, "done")
    assert events[0] == PhaseStarted(4, "battles")
    assert state.phase == Fighting(0)
    assert state.to_act == VENICE


# --- C-MOVE-2, C-MOVE-3: free moves and passage --------------------------------------------


@pytest.mark.rules("C-MOVE-2", "X-C-10")
def test_c_move_2_leaving_the_start_area_and_entering_any_area_are_free():
    """C-MOVE-2, X-C-10: a galley leaves its crowded start area and enters a crowded area freely.

    The Turk starts beside a Genoese galley and sails into an area with a
    Spanish galley, stopping there: nobody is asked anything.
    """
    state = turk_moving(G(2, GENOA, "istanbul", 2), G(3, SPAIN, "smyrna", 2))
    assert moves_of(state, 1) == {"salonica", "smyrna"}
    state, events = step(state, "move 1 smyrna")
    assert events == (GalleyMoved(1, "istanbul", "smyrna"),)
    state, events = step(state, "done")
    assert not any(isinstance(e, PassageAnswered) for e in events)
    assert galley(state, 1).area == "smyrna"


@pytest.mark.rules("C-MOVE-3", "X-C-10")
def test_c_move_3_going_on_through_an_area_with_another_players_galley_needs_leave():
    """C-MOVE-3, X-C-10: after entering an area with a Spanish galley the Turk must ask to go on."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2))
    state = play(state, "move 1 smyrna")
    assert moves_of(state, 1) == set()
    assert "request 1" in legal(state)
    refused(state, "move 1 rhodes", "C-MOVE-3")
    asking = play(state, "request 1")
    assert isinstance(asking.phase, Permission)
    assert asking.to_act == SPAIN
    assert legal(asking) == {"grant", "refuse"}


@pytest.mark.rules("C-MOVE-3")
def test_c_move_3_every_player_with_a_galley_there_is_asked_in_turn_order():
    """C-MOVE-3: passage needs the leave of each player present, asked in the round's order.

    The order is Spain, Turkey, Venice, Genoa: the Spaniard is asked before
    the Venetian; once the Spaniard agrees, a Venetian refusal still stops the galley.
    """
    state = position(
        4,
        phase=3,
        order=[SPAIN, TURKEY, VENICE, GENOA],
        turn_index=1,
        galleys=[
            G(1, TURKEY, "istanbul", 3),
            G(9, TURKEY, "tunis", 1),
            G(2, VENICE, "smyrna", 1),
            G(3, SPAIN, "smyrna", 1),
            G(4, SPAIN, "smyrna", 1),
        ],
    )
    state = play(state, "move 1 smyrna", "request 1")
    assert state.to_act == SPAIN
    state, events = step(state, "grant")
    assert events == (PassageAnswered(SPAIN, 1, granted=True),)
    assert state.to_act == VENICE
    assert isinstance(state.phase, Permission)
    state, events = step(state, "refuse")
    assert events == (PassageAnswered(VENICE, 1, granted=False),)
    assert state.to_act == TURKEY
    assert galley(state, 1).area == "smyrna"
    assert moves_of(state, 1) == set()


@pytest.mark.rules("C-MOVE-3")
def test_c_move_3_only_other_players_galleys_count_not_ports_or_ones_own_galleys():
    """C-MOVE-3: a Venetian port with a garrison and the Turk's own galley need no permission."""
    state = position(
        4,
        phase=3,
        turn_index=3,
        galleys=[G(1, TURKEY, "istanbul", 3), G(2, TURKEY, "smyrna", 1)],
        ports={"smyrna": P(VENICE, 3, forts=1)},
    )
    state = play(state, "move 1 smyrna")
    assert moves_of(state, 1) == {"salonica", "istanbul", "rhodes"}
    assert "request 1" not in legal(state)
    state, events = step(state, "move 1 rhodes")
    assert events == (GalleyMoved(1, "smyrna", "rhodes"),)


# --- C-MOVE-4, C-MOVE-5: granting and refusing ---------------------------------------------


@pytest.mark.rules("C-MOVE-4")
def test_c_move_4_leave_is_asked_on_entering_and_not_before():
    """C-MOVE-4: nobody can be asked in advance; the question comes once the galley is there."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2))
    assert "request 1" not in legal(state)
    refused(state, "request 1", "C-MOVE-1")
    state = play(state, "move 1 smyrna")
    assert "request 1" in legal(state)


@pytest.mark.rules("C-MOVE-4")
def test_c_move_4_once_granted_the_galley_may_go_any_way_including_back():
    """C-MOVE-4: leave, once given, is not taken back; the galley then chooses its direction."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2))
    state = play(state, "move 1 smyrna", "request 1", "grant")
    assert state.to_act == TURKEY
    assert moves_of(state, 1) == {"salonica", "istanbul", "rhodes"}
    back = play(state, "move 1 istanbul")
    assert galley(back, 1).area == "istanbul"
    on = play(state, "move 1 rhodes")
    assert galley(on, 1).area == "rhodes"
    assert not isinstance(on.phase, Permission)


@pytest.mark.rules("C-MOVE-5")
def test_c_move_5_a_refusal_stops_the_galley_for_the_rest_of_the_phase():
    """C-MOVE-5: refused, the galley stays, loses its remaining moves and cannot go back."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2), sailors=4)
    state = play(state, "move 1 smyrna", "request 1")
    state, events = step(state, "refuse")
    assert events == (PassageAnswered(SPAIN, 1, granted=False),)
    assert state.to_act == TURKEY
    assert galley(state, 1).area == "smyrna"
    assert moves_of(state, 1) == set()
    assert "request 1" not in legal(state)
    refused(state, "move 1 istanbul", "C-MOVE-5")  # not even back where it came from
    refused(state, "move 1 rhodes", "C-MOVE-5")


@pytest.mark.rules("C-MOVE-5", "C-MOVE-2")
def test_c_move_5_the_refused_galley_may_leave_that_area_next_round():
    """C-MOVE-5, C-MOVE-2: a refusal binds only this phase; next round the area is a start area."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2))
    state = play(state, "move 1 smyrna", "request 1", "refuse")
    state = _to_round_two_movement(state)
    while state.to_act != TURKEY:
        state = play(state, "done")
    assert galley(state, 1).area == "smyrna"
    assert galley(state, 3).area == "smyrna"
    assert moves_of(state, 1) == {"salonica", "istanbul", "rhodes"}
    state = play(state, "move 1 rhodes")
    assert galley(state, 1).area == "rhodes"


# --- decisions X-C-10..13, X-C-40 ----------------------------------------------------------


@pytest.mark.rules("X-C-10")
def test_x_c_10_a_galley_that_stops_among_others_asks_nobody():
    """X-C-10: stopping in a crowded area, or starting another galley there, needs no leave."""
    state = turk_moving(G(3, SPAIN, "smyrna", 2))
    state = play(state, "move 1 smyrna")
    state, events = step(state, "move 9 sicily")
    assert events == (GalleyMoved(9, "tunis", "sicily"),)
    assert not isinstance(state.phase, Permission)
    assert galley(state, 1).area == "smyrna"


@pytest.mark.rules("X-C-11", "C-MOVE-2")
def test_x_c_11_coming_back_to_the_start_area_and_leaving_again_needs_leave():
    """X-C-11: the start-area exemption covers only the first departure of the move."""
    state = turk_moving(G(2, GENOA, "istanbul", 2), sailors=4)
    assert "smyrna" in moves_of(state, 1)  # the first departure is free (C-MOVE-2)
    state = play(state, "move 1 smyrna", "move 1 istanbul")
    assert moves_of(state, 1) == set()
    refused(state, "move 1 salonica", "C-MOVE-3")
    state = play(state, "request 1")
    assert state.to_act == GENOA


@pytest.mark.rules("X-C-12", "C-MOVE-5")
def test_x_c_12_a_galley_refused_passage_still_fights_lands_and_sells():
    """X-C-12: after a refusal in Rhodes the Turk attacks there, takes Rhodes and sells there."""
    state = position(
        4,
        phase=3,
        turn_index=3,
        galleys=[
            G(1, TURKEY, "istanbul", 3, "wine"),
            G(9, TURKEY, "tunis", 2),
            G(3, SPAIN, "rhodes", 2),
        ],
    )
    state = play(state, "move 1 smyrna", "move 1 rhodes", "request 1", "refuse", "done")
    assert isinstance(state.phase, Fighting)
    assert state.to_act == SPAIN  # the Spaniard may attack too; he does not
    state = play(state, "done")
    assert state.to_act == TURKEY
    assert "attack 1 3" in legal(state)
    state = play(state, "attack 1 3", "dice 1 1", "done")  # each side loses one sailor
    assert isinstance(state.phase, Landing)
    assert state.to_act == SPAIN  # the Spaniard could take Rhodes first; he does not
    state = play(state, "done")
    assert state.to_act == TURKEY
    state = play(state, "land 1 rhodes")
    assert state.ports[classic().board.port_index("rhodes")].owner == TURKEY
    state = play(state, "done")
    assert isinstance(state.phase, Selling)
    assert state.to_act == TURKEY
    assert "sell 1 wine rhodes" in legal(state)


@pytest.mark.rules("X-C-13")
def test_x_c_13_before_any_refusal_a_galley_may_double_back():
    """X-C-13: no general ban on moving backwards; a path may revisit areas."""
    state = turk_moving(sailors=4)
    state = play(state, "move 1 smyrna", "move 1 salonica", "move 1 smyrna", "move 1 istanbul")
    assert galley(state, 1).area == "istanbul"


@pytest.mark.rules("X-C-40")
def test_x_c_40_galleys_sail_across_the_high_seas():
    """X-C-40: the high seas are open to movement, and passing a galley there needs leave too."""
    state = position(
        4,
        phase=3,
        galleys=[
            G(1, VENICE, "sicily", 4),
            G(9, VENICE, "venice", 1),
            G(2, GENOA, "ionian_sea", 1),
        ],
    )
    state = play(state, "move 1 ionian_sea")
    assert "request 1" in legal(state)
    state = play(state, "request 1", "grant", "move 1 levantine_sea", "move 1 cyprus")
    assert galley(state, 1).area == "cyprus"
