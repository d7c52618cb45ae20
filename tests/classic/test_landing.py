"""Classic phase 5: landing sailors to take ports (C-LAND, X-C-07, X-C-24, X-C-25, X-C-51)."""

from __future__ import annotations

import pytest

from classic.scenario import (
    G,
    P,
    galley,
    legal,
    play,
    port,
    position,
    refused,
    step,
    supply_of,
)
from serenissima_rulesets.classic.events import (
    GalleySunk,
    PhaseStarted,
    PortTaken,
    SailorLanded,
)
from serenissima_rulesets.classic.phases import Landing, Selling
from serenissima_rulesets.classic.state import ClassicState, Galley, Port

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3
CAPITALS = ("venice", "genoa", "valencia", "istanbul")


def landing(*galleys: Galley, ports=None, options=None, order=None, turn_index=0) -> ClassicState:
    """Phase 5 with the given pieces; every capital is garrisoned by its owner.

    The garrisons keep the capitals out of the way: only the ports a test
    names are open to landings.
    """
    garrisoned = {capital: P(seat, 1) for seat, capital in enumerate(CAPITALS)}
    garrisoned.update(ports or {})
    return position(
        4,
        phase=5,
        turn_index=turn_index,
        order=order,
        galleys=galleys,
        ports=garrisoned,
        options=options,
    )


# --- C-LAND-1, C-LAND-2 ------------------------------------------------------------------------


@pytest.mark.rules("C-LAND-1", "C-LAND-2")
def test_c_land_1_a_sailor_lands_on_a_neutral_port_and_takes_it_at_once():
    """C-LAND-1, C-LAND-2: one sailor from a galley in the port's area gives control at once."""
    state = landing(G(1, VENICE, "crete", 3), G(2, VENICE, "rhodes", 2))
    assert legal(state) == {"land 1 crete", "land 2 rhodes", "done"}
    after, events = step(state, "land 1 crete")
    assert events == (SailorLanded(VENICE, 1, "crete"), PortTaken(VENICE, "crete", None))
    assert port(after, "crete") == Port(VENICE, 1)
    assert galley(after, 1).sailors == 2
    assert after.sailors_box == state.sailors_box


@pytest.mark.rules("C-LAND-1", "X-C-40")
def test_c_land_1_sailors_come_from_ones_own_galleys_in_the_ports_own_area():
    """C-LAND-1, X-C-40: not from another area or another's galley; never on the high seas."""
    state = landing(
        G(1, VENICE, "crete", 3),
        G(2, VENICE, "ionian_sea", 3),
        G(3, GENOA, "rhodes", 3),
        G(4, VENICE, "cyprus", 2),
    )
    refused(state, "land 1 rhodes", "C-LAND-1")  # galley 1 is at Crete
    refused(state, "land 3 rhodes", "C-LAND-1")  # the Genoese galley
    refused(state, "land 2 ionian_sea", "C-LAND-1")  # no port on the high seas
    assert not any(t.startswith("land 2 ") for t in legal(state))


@pytest.mark.rules("C-LAND-1")
def test_c_land_1_a_port_with_a_garrison_cannot_be_landed_on():
    """C-LAND-1: a Turkish port with a garrison is closed; one whose garrison is gone is open."""
    state = landing(
        G(1, VENICE, "smyrna", 3),
        G(2, VENICE, "salonica", 3),
        ports={"smyrna": P(TURKEY, 1), "salonica": P(TURKEY, 0, "wine", forts=1)},
    )
    assert legal(state) == {"land 2 salonica", "done"}
    refused(state, "land 1 smyrna", "C-LAND-1")
    after, events = step(state, "land 2 salonica")
    assert events == (SailorLanded(VENICE, 2, "salonica"), PortTaken(VENICE, "salonica", TURKEY))
    assert port(after, "salonica") == Port(VENICE, 1, ("wine",), 1)  # warehouse and fort go along


@pytest.mark.rules("C-LAND-2")
def test_c_land_2_a_port_taken_is_closed_to_the_players_after():
    """C-LAND-2: once the Venetian holds Crete with a garrison, the Genoese cannot land there."""
    state = landing(
        G(1, VENICE, "crete", 3),
        G(2, GENOA, "crete", 3),
        G(3, GENOA, "rhodes", 2),
    )
    assert "land 2 crete" in legal(play(state, "done"))  # had Venice passed, Crete was open
    state = play(state, "land 1 crete", "done")
    assert state.to_act == GENOA
    assert legal(state) == {"land 3 rhodes", "done"}
    refused(state, "land 2 crete", "C-LAND-1")


# --- C-LAND-3, C-LAND-4 ------------------------------------------------------------------------


@pytest.mark.rules("C-LAND-3")
def test_c_land_3_the_last_sailor_may_go_ashore_and_the_galley_sinks_with_its_goods():
    """C-LAND-3: a 1-sailor galley lands its sailor; the empty galley sinks with its cargo."""
    state = landing(G(1, VENICE, "crete", 1, "iron", "gems"), G(2, VENICE, "rhodes", 1))
    after, events = step(state, "land 1 crete")
    assert events == (
        SailorLanded(VENICE, 1, "crete"),
        PortTaken(VENICE, "crete", None),
        GalleySunk(1, VENICE, ("gems", "iron"), "its last sailor went ashore"),
    )
    assert after.galley(1) is None
    assert port(after, "crete") == Port(VENICE, 1)
    assert supply_of(after, "iron") == supply_of(state, "iron") + 1
    assert supply_of(after, "gems") == supply_of(state, "gems") + 1
    assert after.sailors_box == state.sailors_box


@pytest.mark.rules("C-LAND-4")
def test_c_land_4_an_earlier_seat_in_the_order_takes_the_emptied_port_first():
    """C-LAND-4: the Spaniard, before the Venetian in this round's order, lands first at Smyrna."""
    state = landing(
        G(1, VENICE, "smyrna", 4),
        G(3, VENICE, "crete", 2),
        G(2, SPAIN, "smyrna", 2),
        ports={"smyrna": P(TURKEY, 0)},
        order=[SPAIN, VENICE, TURKEY, GENOA],
    )
    assert state.to_act == SPAIN
    state, events = step(state, "land 2 smyrna")
    assert PortTaken(SPAIN, "smyrna", TURKEY) in events
    state = play(state, "done")
    assert state.to_act == VENICE
    assert port(state, "smyrna") == Port(SPAIN, 1)
    assert legal(state) == {"land 3 crete", "done"}
    refused(state, "land 1 smyrna", "C-LAND-1")


@pytest.mark.rules("C-LAND-4")
def test_c_land_4_when_nobody_lands_the_emptied_port_keeps_its_owner():
    """C-LAND-4: with no landing at all, Smyrna stays Turkish with no garrison."""
    state = landing(
        G(1, VENICE, "smyrna", 4),
        G(2, VENICE, "crete", 2),
        ports={"smyrna": P(TURKEY, 0, "wine")},
    )
    state, events = step(state, "done")
    assert PhaseStarted(6, "sales and income") in events
    assert not any(isinstance(e, PortTaken) for e in events)
    assert port(state, "smyrna") == Port(TURKEY, 0, ("wine",))


# --- decisions ---------------------------------------------------------------------------------


@pytest.mark.rules("X-C-24")
def test_x_c_24_one_may_re_man_ones_own_empty_port_but_not_reinforce_a_garrison():
    """X-C-24: the Turk lands on his own Smyrna at 0 garrison; his garrisoned Rhodes is closed."""
    state = landing(
        G(1, TURKEY, "smyrna", 3),
        G(2, TURKEY, "rhodes", 3),
        ports={"smyrna": P(TURKEY, 0), "rhodes": P(TURKEY, 1)},
        order=[TURKEY, VENICE, GENOA, SPAIN],
    )
    assert legal(state) == {"land 1 smyrna", "done"}
    refused(state, "land 2 rhodes", "C-LAND-1")
    after, events = step(state, "land 1 smyrna")
    assert events == (SailorLanded(TURKEY, 1, "smyrna"),)  # no change of hands
    assert port(after, "smyrna") == Port(TURKEY, 1)


@pytest.mark.rules("X-C-25", "C-LAND-1")
def test_x_c_25_one_turn_for_every_landing_at_several_ports():
    """X-C-25, C-LAND-1: a seat lands at any number of ports in its one phase-5 turn."""
    state = landing(
        G(1, VENICE, "crete", 3),
        G(2, VENICE, "rhodes", 3),
        G(3, GENOA, "cyprus", 2),
        order=[VENICE, GENOA, SPAIN, TURKEY],
    )
    state = play(state, "land 1 crete", "land 2 rhodes", "land 1 crete")
    assert port(state, "crete") == Port(VENICE, 2)
    assert port(state, "rhodes") == Port(VENICE, 1)
    assert state.to_act == VENICE
    state = play(state, "done")
    assert state.to_act == GENOA
    state, events = step(state, "done")
    assert isinstance(state.phase, Selling) or PhaseStarted(6, "sales and income") in events
    assert not isinstance(state.phase, Landing)


@pytest.mark.rules("X-C-51", "X-C-07")
def test_x_c_51_by_default_any_number_of_sailors_may_land():
    """X-C-51, X-C-07: with no garrison cap, 4 sailors follow one another onto 2-space Crete."""
    state = landing(G(1, VENICE, "crete", 5), G(2, VENICE, "rhodes", 1))
    state = play(state, *["land 1 crete"] * 4)
    assert port(state, "crete") == Port(VENICE, 4)
    assert galley(state, 1).sailors == 1


@pytest.mark.rules("X-C-07", "X-C-51")
def test_x_c_07_option_warehouse_size_caps_the_sailors_landed():
    """X-C-07 with classic_garrison_cap=warehouse_size: Crete (2 spaces) takes 2 sailors only."""
    state = landing(
        G(1, VENICE, "crete", 5),
        G(2, VENICE, "rhodes", 1),
        options={"classic_garrison_cap": "warehouse_size"},
    )
    state = play(state, "land 1 crete", "land 1 crete")
    assert port(state, "crete") == Port(VENICE, 2)
    assert "land 1 crete" not in legal(state)
    refused(state, "land 1 crete", "X-C-07")
    assert galley(state, 1).sailors == 3
