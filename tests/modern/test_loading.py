"""Modern galley and port limits (M-GAL, M-PORT) and the Loading step (M-LOAD)."""

from __future__ import annotations

import pytest

from modern.helpers_a import legal, owner_of, port, rejects
from modern.scenario import G, P, activate, modern, play, position
from serenissima_rulesets.modern.phases import Choosing, Loading, Moving

WOOD, SPICE = 0, 5  # indexes in the supply, in the ruleset's goods order


def loading(galleys, ports=None, ducats=None, options=None, active=4):
    """Galley ``active`` has chosen Action and is in its Loading step."""
    state = position(galleys=galleys, ports=ports or {}, ducats=ducats, options=options)
    return play(activate(state, active), "action")


@pytest.mark.rules("M-GAL-1", "X-M-01")
def test_sailors_and_goods_share_five_spaces():
    """A galley with 3 sailors and 2 cubes is full: no more sailors, no more cubes.

    Rules: M-GAL-1, X-M-01.
    """
    state = loading([G(4, 0, "valencia", 3, "wood", "wood")], {"valencia": P(0, 3)})
    assert legal(state) == {"done", "sailor 4>valencia", "jettison wood"}
    rejects(state, "load valencia", "M-GAL-1")
    rejects(state, "sailor valencia>4", "M-GAL-1")


@pytest.mark.rules("M-GAL-1", "M-GAL-2", "M-GAL-3", "X-M-01")
def test_option_separate_capacity_allows_five_sailors_and_four_goods():
    """Option galley_capacity=separate: up to 5 sailors and 4 cubes together.

    Rules: M-GAL-1, M-GAL-2, M-GAL-3, X-M-01.
    """
    options = {"galley_capacity": "separate"}
    state = loading(
        [G(4, 0, "valencia", 3, "wood", "wood")], {"valencia": P(0, 5)}, [9, 5, 5, 5], options
    )
    state = play(state, "sailor valencia>4", "sailor valencia>4", "load valencia", "load valencia")
    galley = state.galley(4)
    assert (galley.sailors, len(galley.cargo)) == (5, 4)
    rejects(state, "sailor valencia>4", "M-GAL-2")  # at most 5 sailors
    rejects(state, "load valencia", "M-GAL-3")  # at most 4 cubes


@pytest.mark.rules("M-GAL-3")
def test_at_most_four_goods_with_the_one_sailor_aboard():
    """A galley with its 1 sailor can carry 4 cubes but not a 5th.

    Rules: M-GAL-3.
    """
    state = loading([G(4, 0, "valencia", 1, "gold", "wood", "wood")], {"valencia": P(0, 1)})
    state = play(state, "load valencia")
    assert state.galley(4).cargo == ("gold", "wood", "wood", "wood")
    rejects(state, "load valencia", "M-GAL-3")


@pytest.mark.rules("M-GAL-2", "M-GAL-4", "M-TURN-4")
def test_a_galley_left_without_sailors_sinks_with_its_cargo():
    """A galley that gives away its last sailor sinks: cargo to the box, cube off the wheel.

    Rules: M-GAL-2, M-GAL-4, M-TURN-4.
    """
    state = loading(
        [G(4, 0, "valencia", 1, "spice", "wood"), G(9, 1, "genoa", 2)], {"valencia": P(0, 1)}
    )
    supply = state.supply
    state = play(state, "sailor 4>valencia")
    assert state.galley(4) is None
    assert port(state, "valencia").sailors == 2
    assert state.supply[WOOD] == supply[WOOD] + 1
    assert state.supply[SPICE] == supply[SPICE] + 1
    assert isinstance(state.phase, Choosing)
    assert state.act.galley == 9


@pytest.mark.rules("M-GAL-5", "M-LOAD-2", "X-M-16")
def test_a_player_may_sink_his_other_galley_by_taking_off_all_its_sailors():
    """Taking the last sailor off another own galley sinks it; loading goes on.

    Rules: M-GAL-5, M-LOAD-2, X-M-16.
    """
    state = loading([G(4, 0, "valencia", 2), G(6, 0, "valencia", 1, "wood")], {"valencia": P(0, 1)})
    state = play(state, "sailor 6>4")
    assert state.galley(6) is None
    assert state.galley(4).sailors == 3
    assert isinstance(state.phase, Loading)


@pytest.mark.rules("M-PORT-1", "M-LOAD-3")
def test_sailors_may_only_be_put_in_a_port_the_player_controls():
    """Sailors can be unloaded into one's own port, never into a neutral or foreign one.

    Rules: M-PORT-1, M-LOAD-3.
    """
    own = loading([G(4, 0, "valencia", 3)], {"valencia": P(0, 1)})
    assert port(play(own, "sailor 4>valencia"), "valencia").sailors == 2
    neutral = loading([G(4, 0, "valencia", 3)])
    rejects(neutral, "sailor 4>valencia", "M-LOAD-3")
    foreign = loading([G(4, 0, "valencia", 3)], {"valencia": P(1, 2)})
    rejects(foreign, "sailor 4>valencia", "M-LOAD-3")
    rejects(foreign, "sailor valencia>4", "M-LOAD-3")
    assert owner_of(foreign, "valencia") == 1


@pytest.mark.rules("M-PORT-2")
def test_a_port_holds_at_most_its_warehouse_size_in_sailors():
    """Algiers (warehouse 3) with 3 sailors takes no 4th, by unloading or recruiting.

    Rules: M-PORT-2.
    """
    full = loading([G(4, 0, "algiers", 3)], {"algiers": P(0, 3)})
    rejects(full, "sailor 4>algiers", "M-PORT-2")
    two = loading([G(4, 0, "algiers", 3)], {"algiers": P(0, 2)})
    state = play(two, "sailor 4>algiers")
    assert port(state, "algiers").sailors == 3
    rejects(state, "sailor 4>algiers", "M-PORT-2")
    investing = play(
        activate(position(ports={"algiers": P(0, 3)}, galleys=[G(4, 0, "algiers", 3)]), 4), "invest"
    )
    rejects(investing, "recruit algiers", "M-PORT-2")


@pytest.mark.rules("M-PORT-3")
def test_the_last_sailor_may_not_leave_a_port():
    """An owner can take sailors out of his port but must leave at least one.

    Rules: M-PORT-3.
    """
    state = loading([G(4, 0, "valencia", 1)], {"valencia": P(0, 3)})
    state = play(state, "sailor valencia>4", "sailor valencia>4")
    assert port(state, "valencia").sailors == 1
    assert state.galley(4).sailors == 3
    rejects(state, "sailor valencia>4", "M-PORT-3")


@pytest.mark.rules("M-PORT-5")
def test_each_port_produces_one_good_and_its_warehouse_is_worth_2_upwards():
    """Every port produces one of the six goods; the warehouse spaces are worth 2, 3, ... 6.

    Rules: M-PORT-5.
    """
    rules = modern()
    goods = {g.id for g in rules.params.goods}
    assert all(p.good in goods and 3 <= p.warehouse <= 5 for p in rules.board.ports)
    cargo = ("gold", "marble", "spice", "stone")
    state = position(
        galleys=[G(4, 0, "valencia", 1, *cargo)], ports={"valencia": P(None, 0, "wine")}
    )
    state = play(activate(state, 4), "action", "done", "done")
    paid = []
    for good in cargo:
        before = state.ducats[0]
        state = play(state, f"sell {good} valencia")
        paid.append(state.ducats[0] - before - (2 if good == "spice" else 0))
    assert paid == [3, 4, 5, 6]  # the first space (2) already held wine


@pytest.mark.rules("M-PORT-5", "M-PORT-4")
def test_warehouse_goods_stay_when_the_port_changes_hands():
    """Goods in a warehouse are never removed, even when the port falls or is claimed.

    Rules: M-PORT-5, M-PORT-4.
    """
    state = position(
        galleys=[G(4, 0, "naples", 4)],
        ports={"naples": P(1, 1, "wood", "gold"), "tunis": P(1, 1), "valencia": P(0, 1)},
    )
    state = play(activate(state, 4), "action", "done", "done", "attack naples", "dice 1 0")
    assert owner_of(state, "naples") is None
    assert port(state, "naples").warehouse == ("wood", "gold")
    state = play(state, "claim naples 2")
    assert owner_of(state, "naples") == 0
    assert port(state, "naples").warehouse == ("wood", "gold")


@pytest.mark.rules("M-LOAD-1", "M-ACT-1")
def test_loading_uses_only_the_starting_space_before_any_movement():
    """Goods come only from the port in the galley's space, and only before it moves.

    Rules: M-LOAD-1, M-ACT-1.
    """
    state = loading([G(4, 0, "valencia", 3)], {"valencia": P(0, 1)}, [5, 5, 5, 5])
    rejects(state, "load algiers", "M-LOAD-1")
    moved = play(state, "done", "move algiers")
    assert isinstance(moved.phase, Moving)
    rejects(moved, "load algiers", "M-ACT-1")
    rejects(moved, "load valencia", "M-ACT-1")


@pytest.mark.rules("M-LOAD-2")
def test_in_an_own_port_sailors_move_between_port_galleys_and_the_active_galley():
    """In his own port sailors move from port or own galleys to the active galley and back.

    Rules: M-LOAD-2.
    """
    state = loading([G(4, 0, "valencia", 1), G(6, 0, "valencia", 3)], {"valencia": P(0, 3)})
    assert {"sailor valencia>4", "sailor 4>valencia", "sailor 6>4", "sailor 4>6"} <= legal(state)
    state = play(state, "sailor valencia>4", "sailor 6>4")
    assert (state.galley(4).sailors, state.galley(6).sailors) == (3, 2)
    assert port(state, "valencia").sailors == 2
    assert state.ducats == (5, 5, 5, 5)


@pytest.mark.rules("M-LOAD-3")
def test_in_a_neutral_or_foreign_port_sailors_move_only_between_own_galleys():
    """At a port he does not hold, sailors move only between the active galley and his galleys.

    Rules: M-LOAD-3.
    """
    for owner in (None, 1):
        ports = {"algiers": P(owner, 2 if owner is not None else 0)}
        state = loading([G(4, 0, "algiers", 1), G(6, 0, "algiers", 3)], ports)
        sailor_moves = {t for t in legal(state) if t.startswith("sailor")}
        assert sailor_moves == {"sailor 6>4", "sailor 4>6"}
        state = play(state, "sailor 6>4")
        assert (state.galley(4).sailors, state.galley(6).sailors) == (2, 2)
        rejects(state, "sailor 4>algiers", "M-LOAD-3")


@pytest.mark.rules("M-LOAD-4")
def test_every_transfer_involves_the_active_galley():
    """Sailors and goods cannot move directly between two galleys that are not active.

    Rules: M-LOAD-4.
    """
    state = loading(
        [G(4, 0, "valencia", 1), G(6, 0, "valencia", 2, "wood"), G(7, 0, "valencia", 2)],
        {"valencia": P(0, 3)},
    )
    rejects(state, "sailor 6>7", "M-LOAD-4")
    rejects(state, "sailor valencia>6", "M-LOAD-4")
    rejects(state, "cube wood 6>7", "M-LOAD-4")
    assert "cube wood 6>4" in legal(state)


@pytest.mark.rules("M-LOAD-5")
def test_only_the_good_the_port_produces_can_be_loaded():
    """At Valencia every possible load puts wood aboard, never another good.

    Rules: M-LOAD-5.
    """
    state = loading([G(4, 0, "valencia", 2)], {"valencia": P(0, 1, "stone")}, [5, 5, 5, 5])
    loads = {t for t in legal(state) if t.startswith("load")}
    assert loads == {"load valencia"}
    assert play(state, "load valencia").galley(4).cargo == ("wood",)


@pytest.mark.rules("M-LOAD-6", "X-M-30")
def test_in_an_own_port_the_first_cube_of_each_loading_step_is_free():
    """At his own port a player loads one cube free per activation; each further cube costs 1.

    Rules: M-LOAD-6, X-M-30.
    """
    state = loading(
        [G(4, 0, "valencia", 2), G(6, 0, "valencia", 2)], {"valencia": P(0, 1)}, [5, 5, 5, 5]
    )
    state = play(state, "load valencia")
    assert state.ducats[0] == 5
    state = play(state, "load valencia")
    assert state.ducats[0] == 4
    state = play(state, "done", "done")  # nothing to sell or fight: galley 6 is next
    assert state.act.galley == 6
    state = play(state, "action", "load valencia")
    assert state.ducats[0] == 4  # free again in the next Loading step


@pytest.mark.rules("M-LOAD-7")
def test_in_a_neutral_port_every_cube_costs_one_ducat_to_the_bank():
    """At a neutral port each cube costs 1 ducat, paid to the bank.

    Rules: M-LOAD-7.
    """
    state = loading([G(4, 0, "genoa", 2)], ducats=[5, 5, 5, 5])
    state = play(state, "load genoa", "load genoa")
    assert state.ducats == (3, 5, 5, 5)
    assert state.galley(4).cargo == ("wood", "wood")


@pytest.mark.rules("M-LOAD-8")
def test_in_another_players_port_every_cube_costs_one_ducat_to_its_owner():
    """At another player's port each cube costs 1 ducat, paid to that port's owner.

    Rules: M-LOAD-8.
    """
    state = loading([G(4, 0, "genoa", 2)], {"genoa": P(1, 1)}, [5, 5, 5, 5])
    state = play(state, "load genoa", "load genoa")
    assert state.ducats == (3, 7, 5, 5)


@pytest.mark.rules("M-LOAD-9")
def test_goods_move_free_between_the_active_galley_and_own_galleys_within_limits():
    """Cubes move free between the active galley and his other galleys, if there is room.

    Rules: M-LOAD-9.
    """
    state = loading(
        [G(4, 0, "algiers", 2, "gold"), G(6, 0, "algiers", 1, "wood", "wood", "wood", "wood")],
        ducats=[5, 5, 5, 5],
    )
    rejects(state, "cube gold 4>6", "M-GAL-3")  # galley 6 already carries 4 cubes
    state = play(state, "cube wood 6>4")
    assert state.galley(4).cargo == ("gold", "wood")
    assert state.galley(6).cargo == ("wood",) * 3
    assert state.ducats == (5, 5, 5, 5)
    state = play(state, "cube wood 6>4")
    rejects(state, "cube wood 6>4", "M-GAL-1")  # galley 4 is full: 2 sailors + 3 cubes


@pytest.mark.rules("M-LOAD-10", "X-M-26")
def test_goods_thrown_overboard_go_back_to_the_box_and_make_room():
    """Jettisoning a cube frees its space and returns it to the box.

    Rules: M-LOAD-10, X-M-26.
    """
    state = loading([G(4, 0, "valencia", 3, "gold", "spice")], {"valencia": P(0, 1)})
    supply = state.supply
    rejects(state, "load valencia", "M-GAL-1")
    state = play(state, "jettison spice")
    assert state.galley(4).cargo == ("gold",)
    assert state.supply[SPICE] == supply[SPICE] + 1
    state = play(state, "load valencia")
    assert state.galley(4).cargo == ("gold", "wood")


@pytest.mark.rules("M-LOAD-11", "M-INV-6")
def test_a_cube_the_player_cannot_pay_for_is_refused():
    """With no ducats a player can load only the free cube of his own port.

    Rules: M-LOAD-11, M-INV-6.
    """
    neutral = loading([G(4, 0, "genoa", 2)], ducats=[0, 5, 5, 5])
    rejects(neutral, "load genoa", "M-LOAD-11")
    own = loading([G(4, 0, "genoa", 2)], {"genoa": P(0, 1)}, [0, 5, 5, 5])
    state = play(own, "load genoa")
    rejects(state, "load genoa", "M-LOAD-11")
    assert state.ducats[0] == 0


@pytest.mark.rules("M-LOAD-11", "M-SETUP-8", "X-M-18")
def test_nothing_can_be_loaded_from_a_closed_port():
    """A closed port sells no goods to galleys.

    Rules: M-LOAD-11, M-SETUP-8, X-M-18.
    """
    state = loading([G(4, 0, "genoa", 2)], {"genoa": P(None, closed=True)}, [5, 5, 5])
    rejects(state, "load genoa", "M-SETUP-8")


@pytest.mark.rules("M-LOAD-11", "M-COMP-4", "X-M-26")
def test_loading_stops_when_the_box_is_empty():
    """When the box has no cube of a good left, that good cannot be loaded.

    Rules: M-LOAD-11, M-COMP-4, X-M-26.
    """
    spice = {"tripoli": P(None, 0), "famagusta": P(None, 0)}
    stock = [G(n, 1, "ionian_sea", 1, "spice", "spice", "spice", "spice") for n in (10, 11)]
    state = loading([G(4, 0, "tripoli", 2), *stock], spice, [5, 5, 5, 5])
    state = play(state, "load tripoli")
    assert state.supply[SPICE] == 1
    state = play(state, "load tripoli")
    assert state.supply[SPICE] == 0
    rejects(state, "load tripoli", "M-LOAD-11")


@pytest.mark.rules("M-LOAD-11", "X-M-26")
def test_option_unlimited_goods_keeps_loading_from_an_empty_box():
    """Option limited_goods=false: a good can be loaded even when its cubes have run out.

    Rules: M-LOAD-11, X-M-26.
    """
    stock = [G(n, 1, "ionian_sea", 1, "spice", "spice", "spice", "spice") for n in (10, 11)]
    galleys = [G(4, 0, "tripoli", 1, "spice"), *stock]
    limited = loading(galleys, ducats=[5, 5, 5, 5])
    assert limited.supply[SPICE] == 1
    rejects(play(limited, "load tripoli"), "load tripoli", "M-LOAD-11")
    free = loading(galleys, ducats=[5, 5, 5, 5], options={"limited_goods": False})
    state = play(free, "load tripoli", "load tripoli")
    assert state.galley(4).cargo == ("spice", "spice", "spice")
