"""Classic phase 2: buying, building, hiring, reorganising, discarding and trading.

Rules C-P2, C-BUY, C-BUILD, C-HIRE, C-ORG, C-DISC and C-TRADE, with the
decisions X-C-04..09, X-C-21, X-C-28..30 and X-C-41..47.
"""

from __future__ import annotations

from typing import Any

import attrs
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
from serenissima_rulesets.classic.events import (
    DealClosed,
    DealFailed,
    DealOpened,
    FortBuilt,
    GalleyBuilt,
    GalleySunk,
    GoodBought,
    GoodDiscarded,
    PhaseStarted,
    PriceNamed,
    SailorDismissed,
    SailorHired,
)
from serenissima_rulesets.classic.phases import Moving, Negotiating, Purchasing
from serenissima_rulesets.classic.state import ClassicState, Galley, Port

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


# --- helpers -------------------------------------------------------------------


def purchasing(
    *galleys: Galley,
    ports: dict[str, Port] | None = None,
    ducats: tuple[int, ...] | None = None,
    options: dict[str, Any] | None = None,
    order: tuple[int, ...] | None = None,
    turn_index: int = 0,
) -> ClassicState:
    """Phase 2 of round 1 with the given pieces; Venice on turn unless ``order`` says otherwise."""
    return position(
        4,
        phase=2,
        galleys=galleys,
        ports=ports,
        ducats=ducats,
        options=options,
        order=order,
        turn_index=turn_index,
    )


def with_supply(state: ClassicState, good: str, count: int) -> ClassicState:
    """``state`` with ``count`` pieces of ``good`` left in the box."""
    goods = [g.id for g in classic().params.goods]
    supply = list(state.supply)
    supply[goods.index(good)] = count
    return attrs.evolve(state, supply=tuple(supply))


def hired_at(state: ClassicState, port_id: str) -> int:
    """Sailors hired at ``port_id`` this round."""
    return state.hired[classic().board.port_index(port_id)]


def prices(state: ClassicState, word: str) -> list[int]:
    """The prices of the legal actions ``word N`` (offers or counter-offers), ascending."""
    return sorted(int(t.split()[1]) for t in legal(state) if t.split()[0] == word)


# --- C-P2 ----------------------------------------------------------------------------


@pytest.mark.rules("C-P2-1")
def test_c_p2_1_a_turn_mixes_purchases_hires_and_transfers_in_any_order() -> None:
    """C-P2-1: purchases, hires and transfers interleave freely within one turn."""
    state = purchasing(
        G(1, VENICE, "venice", 2),
        G(2, VENICE, "venice", 1),
        ports={"venice": P(VENICE, 1, "wine", "gold")},
    )
    state = play(
        state,
        "buy 1 venice",
        "hire venice",
        "sailor venice>2",
        "buy 2 venice",
        "cargo textiles 1>2",
        "hire venice 1",
    )
    assert isinstance(state.phase, Purchasing)
    assert state.to_act == VENICE
    assert galley(state, 1) == G(1, VENICE, "venice", 3)
    assert galley(state, 2) == G(2, VENICE, "venice", 2, "textiles", "textiles")
    assert port(state, "venice").garrison == 1
    assert state.ducats[VENICE] == 2000 - 4 * 100
    assert state.treasury == 400


@pytest.mark.rules("C-P2-1", "C-P2-2")
def test_c_p2_2_phase_3_begins_once_every_seat_has_had_its_turn() -> None:
    """C-P2-2: done passes phase 2 on in turn order; after the last seat, movement begins."""
    state = purchasing(
        G(1, VENICE, "venice", 2), G(3, GENOA, "genoa", 2), G(5, SPAIN, "valencia", 2)
    )
    state = play(state, "done")
    assert state.phase == Purchasing(1)
    assert state.to_act == GENOA
    state = play(state, "buy 3 genoa", "done")
    assert state.phase == Purchasing(2)
    assert state.to_act == SPAIN
    # Turkey has neither galley nor anything to buy: its turn passes by itself.
    state, events = step(state, "done")
    assert isinstance(state.phase, Moving)
    assert PhaseStarted(3, "movement") in events
    assert state.to_act == VENICE


# --- C-BUY ---------------------------------------------------------------------------


@pytest.mark.rules("C-BUY-1")
def test_c_buy_1_goods_are_bought_only_where_a_galley_lies_and_only_the_ports_own_good() -> None:
    """C-BUY-1: a galley in Ragusa's sea area buys Ragusa's wood, nowhere else."""
    state = purchasing(G(1, VENICE, "ragusa", 1), G(2, GENOA, "modon", 1))
    options = legal(state)
    assert "buy 1 ragusa" in options
    assert not {t for t in options if t.startswith("buy ") and not t.endswith("ragusa")}
    refused(state, "buy 1 modon", "C-BUY-1")
    refused(state, "buy 2 modon", "C-BUY-1")  # Genoa's galley
    refused(state, "buy 1 atlantis", "C-BUY-1")
    after = play(state, "buy 1 ragusa")
    assert galley(after, 1).cargo == ("wood",)


@pytest.mark.rules("C-BUY-3")
def test_c_buy_3_a_piece_costs_100_paid_to_the_treasury_at_a_neutral_or_own_port() -> None:
    """C-BUY-3: 100 ducats a piece to the treasury, at a neutral port and at one's own."""
    state = purchasing(
        G(1, VENICE, "ragusa", 1), G(2, VENICE, "venice", 1), ports={"venice": P(VENICE, 1)}
    )
    after, events = step(state, "buy 1 ragusa")
    assert events == (GoodBought(VENICE, "ragusa", "wood", 1, 100, None),)
    after, events = step(after, "buy 2 venice")
    assert events == (GoodBought(VENICE, "venice", "textiles", 1, 100, None),)
    assert after.ducats[VENICE] == 1800
    assert after.treasury == state.treasury + 200
    assert supply_of(after, "wood") == supply_of(state, "wood") - 1
    assert supply_of(after, "textiles") == supply_of(state, "textiles") - 1
    poor = attrs.evolve(state, ducats=(50, 2000, 2000, 2000))
    refused(poor, "buy 1 ragusa", "C-BUY-3")


@pytest.mark.rules("C-BUY-2", "C-BUY-4")
def test_c_buy_4_at_another_players_port_the_owner_names_100_to_300_and_is_paid() -> None:
    """C-BUY-4, C-BUY-2: the owner sets 100..300 a piece, cannot refuse, and gets the money."""
    state = purchasing(G(1, VENICE, "ragusa", 1), ports={"ragusa": P(GENOA, 1)})
    options = legal(state)
    assert "buy 1 ragusa" not in options
    assert {"ask ragusa 1", "ask ragusa 2", "ask ragusa 3", "ask ragusa 4"} <= options
    refused(state, "buy 1 ragusa", "C-BUY-4")
    asked, events = step(state, "ask ragusa 2")
    assert events == (DealOpened("port", GENOA, VENICE, "wood", 2),)
    assert isinstance(asked.phase, Negotiating)
    assert asked.to_act == GENOA
    assert prices(asked, "offer") == [100, 200, 300]
    assert "refuse" not in legal(asked)
    refused(asked, "refuse", "C-BUY-2")
    refused(asked, "offer 400", "C-BUY-4")
    refused(asked, "offer 0", "C-BUY-4")
    refused(asked, "offer 250", "C-BUY-4")  # X-C-04: steps of 100
    offered = play(asked, "offer 300")
    assert offered.to_act == VENICE
    done, events = step(offered, "accept")
    assert DealClosed(GENOA, VENICE, "wood", 2, 300) in events
    assert GoodBought(VENICE, "ragusa", "wood", 2, 300, GENOA) in events
    assert done.ducats[VENICE] == 2000 - 600
    assert done.ducats[GENOA] == 2000 + 600
    assert done.treasury == state.treasury
    assert galley(done, 1).cargo == ("wood", "wood")
    assert supply_of(done, "wood") == supply_of(state, "wood") - 2
    assert done.phase == Purchasing(0, talks=("port:ragusa",))
    assert done.to_act == VENICE


@pytest.mark.rules("C-BUY-5")
def test_c_buy_5_the_owner_of_every_port_of_a_good_may_ask_up_to_1000() -> None:
    """C-BUY-5, X-C-08: holding both gold ports allows 100..1000; one of them only 100..300."""
    ports = {"tunis": P(GENOA, 1), "tripoli": P(GENOA, 0)}  # control without a garrison counts
    state = purchasing(G(1, VENICE, "tunis", 1), ports=ports)
    asked = play(state, "ask tunis 1")
    assert prices(asked, "offer") == list(range(100, 1001, 100))
    refused(asked, "offer 1100", "C-BUY-5")
    one_port = purchasing(G(1, VENICE, "tunis", 1), ports={"tunis": P(GENOA, 1)})
    asked = play(one_port, "ask tunis 1")
    assert prices(asked, "offer") == [100, 200, 300]
    error = refused(asked, "offer 500", "C-BUY-4")
    assert "gold" in error.reason


@pytest.mark.rules("C-BUY-6")
def test_c_buy_6_the_seller_may_accept_the_one_counter_offer() -> None:
    """C-BUY-6: offer, counter-offer, acceptance at the counter-offer's price."""
    state = purchasing(G(1, VENICE, "ragusa", 1), ports={"ragusa": P(GENOA, 1)})
    offered = play(state, "ask ragusa 1", "offer 300")
    assert "accept" in legal(offered)
    assert prices(offered, "counter") == [100, 200]
    assert "decline" in legal(offered)
    refused(offered, "counter 300", "C-BUY-6")  # not below the price asked
    refused(offered, "offer 200", "C-BUY-6")  # the price is named once
    countered, events = step(offered, "counter 200")
    assert events == (PriceNamed(VENICE, 200, True),)
    assert countered.to_act == GENOA
    assert legal(countered) == {"accept", "refuse"}
    refused(countered, "counter 100", "C-BUY-6")  # only one counter-offer
    refused(countered, "decline", "C-BUY-6")
    done, events = step(countered, "accept")
    assert DealClosed(GENOA, VENICE, "wood", 1, 200) in events
    assert done.ducats[VENICE] == 1800
    assert done.ducats[GENOA] == 2200
    assert galley(done, 1).cargo == ("wood",)


@pytest.mark.rules("C-BUY-6")
def test_c_buy_6_after_a_refused_counter_the_buyer_takes_the_first_price_or_leaves() -> None:
    """C-BUY-6: refused counter-offer, then the last chance: the first price or nothing."""
    state = purchasing(G(1, VENICE, "ragusa", 2), ports={"ragusa": P(GENOA, 1)})
    last = play(state, "ask ragusa 2", "offer 200", "counter 100", "refuse")
    assert last.to_act == VENICE
    assert legal(last) == {"accept", "decline"}
    refused(last, "counter 100", "C-BUY-6")
    taken = play(last, "accept")
    assert taken.ducats[VENICE] == 1600
    assert galley(taken, 1).cargo == ("wood", "wood")
    left, events = step(last, "decline")
    assert events == (DealFailed(GENOA, VENICE, "wood", VENICE),)
    assert left.ducats == state.ducats
    assert left.galleys == state.galleys
    assert left.supply == state.supply
    assert isinstance(left.phase, Purchasing)
    refused(left, "ask ragusa 1", "C-BUY-6")  # X-C-21 (iv): once per visit


@pytest.mark.rules("C-BUY-6")
def test_c_buy_6_the_buyer_may_walk_away_at_once_and_cannot_accept_what_he_cannot_pay() -> None:
    """C-BUY-6: a buyer with 250 ducats cannot take 300; he counters what he can pay or leaves."""
    state = purchasing(
        G(1, VENICE, "ragusa", 1),
        ports={"ragusa": P(GENOA, 1)},
        ducats=(250, 2000, 2000, 2000),
    )
    assert {t for t in legal(state) if t.startswith("ask")} == {"ask ragusa 1", "ask ragusa 2"}
    offered = play(state, "ask ragusa 1", "offer 300")
    assert legal(offered) == {"counter 100", "counter 200", "decline"}
    refused(offered, "accept", "C-BUY-6")
    left = play(offered, "decline")
    assert left.ducats == state.ducats
    assert left.to_act == VENICE


@pytest.mark.rules("C-BUY-7")
def test_c_buy_7_bought_pieces_need_room_on_the_buyers_galleys_in_that_area() -> None:
    """C-BUY-7, X-C-42: at most 5 pieces with a sailor; a purchase may fill several galleys."""
    full = purchasing(G(1, VENICE, "ragusa", 1, "wine", "wine", "gold", "gold"))
    assert "buy 1 ragusa" not in legal(full)
    refused(full, "buy 1 ragusa", "C-BUY-7")
    crowded = purchasing(G(1, VENICE, "ragusa", 4, "wine"))
    refused(crowded, "buy 1 ragusa", "C-BUY-7")

    state = purchasing(
        G(1, VENICE, "ragusa", 1, "wine", "gold"),
        G(2, VENICE, "ragusa", 3),
        G(3, VENICE, "modon", 1),
        ports={"ragusa": P(GENOA, 1)},
    )
    asks = {t for t in legal(state) if t.startswith("ask")}
    assert asks == {"ask ragusa 1", "ask ragusa 2", "ask ragusa 3", "ask ragusa 4"}
    refused(state, "ask ragusa 5", "C-BUY-7")
    done = play(state, "ask ragusa 3", "offer 100", "accept")
    assert galley(done, 1).cargo == ("gold", "wine", "wood", "wood")  # lowest number first
    assert galley(done, 2).cargo == ("wood",)
    assert galley(done, 3).cargo == ()


@pytest.mark.rules("C-BUY-8")
def test_c_buy_8_an_exhausted_good_cannot_be_bought_from_a_port() -> None:
    """C-BUY-8: no wood in the box, no wood at any port; asks stop at what is left."""
    state = purchasing(G(1, VENICE, "ragusa", 1), G(2, VENICE, "modon", 1))
    empty = with_supply(state, "wood", 0)
    assert not {t for t in legal(empty) if t.startswith("buy ")}
    refused(empty, "buy 1 ragusa", "C-BUY-8")
    owned = purchasing(G(1, VENICE, "ragusa", 1), ports={"ragusa": P(GENOA, 1)})
    scarce = with_supply(owned, "wood", 2)
    assert {t for t in legal(scarce) if t.startswith("ask")} == {"ask ragusa 1", "ask ragusa 2"}
    refused(scarce, "ask ragusa 3", "C-BUY-8")
    refused(with_supply(owned, "wood", 0), "ask ragusa 1", "C-BUY-8")


# --- C-BUILD ---------------------------------------------------------------------------


@pytest.mark.rules("C-BUILD-1")
def test_c_build_1_builds_cost_500_and_happen_only_at_controlled_ports() -> None:
    """C-BUILD-1: 500 to the treasury, only at one's own ports, several ports in one round."""
    state = purchasing(
        G(1, VENICE, "venice", 1),
        ports={
            "ragusa": P(VENICE, 1, "iron"),
            "smyrna": P(VENICE, 1, "iron"),
            "modon": P(None, 0, "iron"),
            "marseille": P(GENOA, 1, "iron"),
        },
    )
    refused(state, "build-galley modon garrison", "C-BUILD-1")
    refused(state, "build-galley marseille garrison", "C-BUILD-1")
    after = play(state, "build-galley ragusa garrison", "build-galley smyrna garrison")
    assert after.ducats[VENICE] == 1000
    assert after.treasury == state.treasury + 1000
    assert len(after.galleys) == 3
    poor = attrs.evolve(state, ducats=(400, 2000, 2000, 2000))
    refused(poor, "build-galley ragusa garrison", "C-BUILD-1")


@pytest.mark.rules("C-BUILD-2")
def test_c_build_2_one_build_per_port_per_round_galley_or_fortress() -> None:
    """C-BUILD-2: after a galley, neither a galley nor a fortress at that port this round."""
    state = purchasing(G(1, VENICE, "venice", 1), ports={"ragusa": P(VENICE, 3, "iron", "gold")})
    assert {"build-galley ragusa garrison", "build-fort ragusa"} <= legal(state)
    after = play(state, "build-galley ragusa garrison")
    assert after.built == ("ragusa",)
    error = refused(after, "build-galley ragusa garrison", "C-BUILD-2")
    assert "ragusa" in error.reason
    refused(after, "build-fort ragusa", "C-BUILD-2")


@pytest.mark.rules("C-BUILD-3")
def test_c_build_3_a_galley_needs_wood_and_iron_which_stay_in_the_warehouse() -> None:
    """C-BUILD-3, X-C-29: wood and iron produced or stored; they are not used up."""
    lacking = purchasing(G(1, VENICE, "venice", 1), ports={"alexandria": P(VENICE, 1, "wood")})
    refused(lacking, "build-galley alexandria garrison", "C-BUILD-3")
    stocked = purchasing(
        G(1, VENICE, "venice", 1), ports={"alexandria": P(VENICE, 1, "wood", "iron")}
    )
    after = play(stocked, "build-galley alexandria garrison")
    assert port(after, "alexandria").warehouse == ("wood", "iron")


@pytest.mark.rules("C-BUILD-4", "C-BUILD-6")
def test_c_build_4_a_fortress_needs_wood_and_gold_and_a_port_has_at_most_one() -> None:
    """C-BUILD-4, C-BUILD-6, X-C-28: wood and gold; one fortress beside the port, from the box."""
    lacking = purchasing(G(1, VENICE, "venice", 1), ports={"sicily": P(VENICE, 1, "wood")})
    refused(lacking, "build-fort sicily", "C-BUILD-4")
    stocked = purchasing(G(1, VENICE, "venice", 1), ports={"sicily": P(VENICE, 1, "wood", "gold")})
    after, events = step(stocked, "build-fort sicily")
    assert events == (FortBuilt(VENICE, "sicily"),)
    assert port(after, "sicily").forts == 1
    assert port(after, "sicily").warehouse == ("wood", "gold")
    assert after.forts_box == stocked.forts_box - 1
    assert after.ducats[VENICE] == 1500
    fortified = purchasing(
        G(1, VENICE, "venice", 1), ports={"sicily": P(VENICE, 1, "wood", "gold", forts=1)}
    )
    refused(fortified, "build-fort sicily", "C-BUILD-4")
    refused(attrs.evolve(stocked, forts_box=0), "build-fort sicily", "C-COMP-2")


@pytest.mark.rules("C-BUILD-5")
def test_c_build_5_the_new_galley_gets_a_garrison_sailor_and_may_load_at_once() -> None:
    """C-BUILD-5: the galley enters beside the port with one sailor and can buy straight away."""
    state = purchasing(G(4, VENICE, "venice", 1), ports={"ragusa": P(VENICE, 2, "iron")})
    after, events = step(state, "build-galley ragusa garrison")
    assert GalleyBuilt(VENICE, "ragusa", 5) in events
    assert galley(after, 5) == G(5, VENICE, "ragusa", 1)
    assert after.next_galley == 6
    assert port(after, "ragusa").garrison == 1
    assert hired_at(after, "ragusa") == 0  # X-C-06: a garrison sailor is not a hire
    assert "buy 5 ragusa" in legal(after)


@pytest.mark.rules("C-BUILD-5", "C-HIRE-2")
def test_c_build_5_a_hired_crew_costs_100_more_and_counts_as_a_hire() -> None:
    """C-BUILD-5, X-C-06, X-C-30: a hired crew uses the port's recruits; no crew, no galley."""
    state = purchasing(G(1, VENICE, "venice", 1), ports={"ragusa": P(VENICE, 0, "iron")})
    assert "build-galley ragusa garrison" not in legal(state)
    refused(state, "build-galley ragusa garrison", "C-BUILD-5")
    after, events = step(state, "build-galley ragusa hire")
    assert SailorHired(VENICE, "ragusa", 2) in events
    assert after.ducats[VENICE] == 1400
    assert hired_at(after, "ragusa") == 1
    assert after.sailors_box == state.sailors_box - 1
    refused(after, "hire ragusa", "C-HIRE-2")  # one good in the warehouse: one recruit
    spent = attrs.evolve(state, hired=after.hired)
    refused(spent, "build-galley ragusa hire", "C-HIRE-2")


@pytest.mark.rules("C-BUILD-5")
def test_c_build_5_no_galley_is_built_when_all_28_are_in_play() -> None:
    """X-C-30, C-COMP-1: the shared pool of galleys is finite."""
    others = [G(n, GENOA, "genoa", 1) for n in range(2, 29)]
    state = purchasing(G(1, VENICE, "venice", 1), *others, ports={"ragusa": P(VENICE, 1, "iron")})
    assert len(state.galleys) == 28
    refused(state, "build-galley ragusa garrison", "C-COMP-1")


# --- C-HIRE ---------------------------------------------------------------------------


@pytest.mark.rules("C-HIRE-1")
def test_c_hire_1_sailors_are_hired_for_100_at_controlled_ports_only() -> None:
    """C-HIRE-1: 100 a sailor to the treasury, at one's own ports."""
    state = purchasing(
        G(1, VENICE, "venice", 1),
        ports={"smyrna": P(VENICE, 0, "wine"), "ragusa": P(None, 0, "wine")},
    )
    after, events = step(state, "hire smyrna")
    assert events == (SailorHired(VENICE, "smyrna", 0),)
    assert port(after, "smyrna").garrison == 1
    assert after.ducats[VENICE] == 1900
    assert after.treasury == state.treasury + 100
    assert after.sailors_box == state.sailors_box - 1
    refused(state, "hire ragusa", "C-HIRE-1")
    refused(attrs.evolve(state, ducats=(50, 2000, 2000, 2000)), "hire smyrna", "C-HIRE-1")


@pytest.mark.rules("C-HIRE-2")
def test_c_hire_2_a_port_recruits_one_sailor_per_good_in_its_warehouse_each_round() -> None:
    """C-HIRE-2, X-C-05: an empty warehouse (every capital at the start) yields no recruits."""
    state = purchasing(
        G(1, VENICE, "venice", 1),
        ports={"venice": P(VENICE, 2), "smyrna": P(VENICE, 0, "wine", "gold")},
    )
    assert not {t for t in legal(state) if t.startswith("hire venice")}
    refused(state, "hire venice", "C-HIRE-2")
    after = play(state, "hire smyrna", "hire smyrna")
    refused(after, "hire smyrna", "C-HIRE-2")


@pytest.mark.rules("C-HIRE-2")
@pytest.mark.parametrize(("limit", "hires"), [("warehouse_plus_produced", 3), ("unlimited", 6)])
def test_c_hire_2_the_recruit_limit_option(limit: str, hires: int) -> None:
    """X-C-05 option recruit_limit: the produced good may count, or there is no limit."""
    state = purchasing(
        G(1, VENICE, "venice", 1),
        ports={"smyrna": P(VENICE, 0, "wine", "gold")},
        options={"recruit_limit": limit},
    )
    after = play(state, *["hire smyrna"] * hires)
    assert port(after, "smyrna").garrison == hires
    if limit != "unlimited":
        refused(after, "hire smyrna", "C-HIRE-2")


@pytest.mark.rules("C-HIRE-3")
def test_c_hire_3_a_recruit_joins_the_garrison_or_a_galley_in_the_ports_area() -> None:
    """C-HIRE-3: garrison or an own galley beside the port, within the galley's limits."""
    state = purchasing(
        G(1, VENICE, "smyrna", 1),
        G(2, VENICE, "venice", 1),
        G(3, VENICE, "smyrna", 5),
        G(4, GENOA, "smyrna", 1),
        ports={"smyrna": P(VENICE, 0, "wine", "gold", "iron")},
    )
    hires = {t for t in legal(state) if t.startswith("hire")}
    assert hires == {"hire smyrna", "hire smyrna 1"}
    refused(state, "hire smyrna 2", "C-HIRE-3")  # not in Smyrna's area
    refused(state, "hire smyrna 4", "C-HIRE-3")  # Genoa's galley
    refused(state, "hire smyrna 3", "C-ORG-2")  # full
    after = play(state, "hire smyrna 1")
    assert galley(after, 1).sailors == 2


@pytest.mark.rules("C-HIRE-3")
def test_c_hire_3_the_garrison_cap_option_and_an_empty_sailor_box() -> None:
    """X-C-07 option classic_garrison_cap; X-C-48: no sailors left, no hiring."""
    state = purchasing(
        G(1, VENICE, "crete", 1),
        ports={"crete": P(VENICE, 2, "wood", "gold")},  # a 2-space warehouse
        options={"classic_garrison_cap": "warehouse_size"},
    )
    refused(state, "hire crete", "C-HIRE-3")
    assert "hire crete 1" in legal(state)
    uncapped = purchasing(G(1, VENICE, "crete", 1), ports={"crete": P(VENICE, 2, "wood", "gold")})
    assert "hire crete" in legal(uncapped)
    refused(attrs.evolve(uncapped, sailors_box=0), "hire crete", "C-COMP-4")


# --- C-ORG -----------------------------------------------------------------------------


@pytest.mark.rules("C-ORG-1")
def test_c_org_1_sailors_and_goods_move_within_one_sea_area() -> None:
    """C-ORG-1: sailors galley-galley and port-galley, goods galley-galley, in one area."""
    state = purchasing(
        G(1, VENICE, "venice", 3, "wine"),
        G(2, VENICE, "venice", 1),
        G(3, VENICE, "ragusa", 1),
        G(4, GENOA, "venice", 1),
        ports={"venice": P(VENICE, 2), "ragusa": P(GENOA, 1)},
    )
    options = legal(state)
    assert {"sailor 1>2", "sailor 2>1", "sailor venice>1", "sailor 1>venice"} <= options
    assert "cargo wine 1>2" in options
    after = play(state, "sailor venice>2", "cargo wine 1>2", "sailor 1>venice")
    assert galley(after, 1) == G(1, VENICE, "venice", 2)
    assert galley(after, 2) == G(2, VENICE, "venice", 2, "wine")
    assert port(after, "venice").garrison == 2
    refused(state, "sailor 1>3", "C-ORG-1")  # another sea area
    refused(state, "cargo wine 1>3", "C-ORG-1")
    refused(state, "sailor 1>4", "C-ORG-1")  # Genoa's galley
    refused(state, "sailor 3>ragusa", "C-ORG-1")  # Genoa's port
    refused(state, "sailor ragusa>3", "C-ORG-1")
    refused(state, "cargo gold 1>2", "C-ORG-1")  # nothing of the kind aboard


@pytest.mark.rules("C-ORG-1")
def test_c_org_1_a_transfer_is_never_undone_in_the_same_turn() -> None:
    """C-ORG-1: transfers are free, but never back along a path of this turn's transfers."""
    state = purchasing(
        G(1, VENICE, "venice", 3, "wine"),
        G(2, VENICE, "venice", 2),
        G(3, VENICE, "venice", 2),
        ports={"venice": P(VENICE, 2)},
    )
    after = play(state, "sailor 1>2", "sailor 2>3")
    assert "sailor 2>1" not in legal(after)
    refused(after, "sailor 2>1", "C-ORG-1")
    refused(after, "sailor 3>1", "C-ORG-1")  # around the loop
    assert "sailor 1>3" in legal(after)
    after = play(after, "cargo wine 1>2")
    refused(after, "cargo wine 2>1", "C-ORG-1")
    after = play(state, "sailor venice>1")
    refused(after, "sailor 1>venice", "C-ORG-1")


@pytest.mark.rules("C-ORG-2")
def test_c_org_2_a_galley_holds_five_pieces_with_at_least_one_sailor() -> None:
    """C-ORG-2: no sailor onto a full galley, no goods beyond 4 or beyond 5 pieces."""
    state = purchasing(
        G(1, VENICE, "venice", 1, "wine", "wine", "gold", "gold"),
        G(2, VENICE, "venice", 3, "iron"),
        G(3, VENICE, "venice", 4, "gems"),
    )
    refused(state, "sailor 2>1", "C-ORG-2")
    refused(state, "cargo iron 2>1", "C-ORG-2")
    refused(state, "sailor 2>3", "C-ORG-2")
    refused(state, "cargo iron 2>3", "C-ORG-2")
    assert "cargo gems 3>2" in legal(state)


@pytest.mark.rules("C-ORG-3")
def test_c_org_3_a_galley_left_without_sailors_sinks_with_its_cargo() -> None:
    """C-ORG-3, X-C-43, X-C-44: moving the last sailor off sinks the galley, even at high sea."""
    state = purchasing(
        G(1, VENICE, "ionian_sea", 1, "wine", "gold"),
        G(2, VENICE, "ionian_sea", 1),
    )
    after, events = step(state, "sailor 1>2")
    assert GalleySunk(1, VENICE, ("gold", "wine"), "left without sailors") in events
    assert after.galley(1) is None
    assert galley(after, 2).sailors == 2
    assert supply_of(after, "wine") == supply_of(state, "wine") + 1
    assert supply_of(after, "gold") == supply_of(state, "gold") + 1
    assert after.sailors_box == state.sailors_box


@pytest.mark.rules("C-ORG-4")
def test_c_org_4_a_port_stripped_of_its_garrison_stays_under_control() -> None:
    """C-ORG-4, X-C-09: the last garrison sailor may leave; the flag stays."""
    state = purchasing(G(1, VENICE, "venice", 1), ports={"venice": P(VENICE, 1)})
    after = play(state, "sailor venice>1")
    assert port(after, "venice") == P(VENICE, 0)
    assert galley(after, 1).sailors == 2
    refused(after, "sailor venice>1", "C-ORG-1")  # nobody left to send


# --- C-DISC -----------------------------------------------------------------------------


@pytest.mark.rules("C-DISC-1")
def test_c_disc_1_goods_thrown_overboard_go_back_to_the_box_for_nothing() -> None:
    """C-DISC-1, X-C-47: discard to make room for a purchase; no ducats for it."""
    state = purchasing(G(1, VENICE, "ragusa", 1, "wine", "wine", "gold", "gold"))
    refused(state, "buy 1 ragusa", "C-BUY-7")
    after, events = step(state, "discard 1 wine")
    assert events == (GoodDiscarded(VENICE, 1, "wine"),)
    assert galley(after, 1).cargo == ("gold", "gold", "wine")
    assert supply_of(after, "wine") == supply_of(state, "wine") + 1
    assert after.ducats == state.ducats
    after = play(after, "buy 1 ragusa")
    assert galley(after, 1).cargo == ("gold", "gold", "wine", "wood")
    refused(after, "discard 1 gems", "C-DISC-1")


@pytest.mark.rules("C-DISC-2")
def test_c_disc_2_sailors_go_ashore_for_good_only_at_a_port_not_ones_own() -> None:
    """C-DISC-2, X-C-46: at a neutral or another's port; one sailor stays; never at sea."""
    state = purchasing(
        G(1, VENICE, "ragusa", 3),
        G(2, VENICE, "modon", 2),
        G(3, VENICE, "venice", 2),
        G(4, VENICE, "ionian_sea", 2),
        G(5, VENICE, "crete", 1),
        ports={"modon": P(GENOA, 1), "venice": P(VENICE, 1)},
    )
    options = legal(state)
    assert {"dismiss 1", "dismiss 2"} <= options
    after, events = step(state, "dismiss 1")
    assert events == (SailorDismissed(VENICE, 1),)
    assert galley(after, 1).sailors == 2
    assert after.sailors_box == state.sailors_box + 1
    assert after.ducats == state.ducats
    refused(state, "dismiss 3", "C-DISC-2")  # at his own port: the garrison takes it
    assert "sailor 3>venice" in options
    refused(state, "dismiss 4", "C-DISC-2")  # high sea
    refused(state, "dismiss 5", "C-DISC-2")  # the last sailor


# --- C-TRADE -----------------------------------------------------------------------------


def trading(**kwargs: Any) -> ClassicState:
    """Venice's galley 1 (wine) and Genoa's galley 2 (gold) off Ragusa; more at sea."""
    return purchasing(
        G(1, VENICE, "ragusa", 1, "wine"),
        G(2, GENOA, "ragusa", 1, "gold"),
        G(3, VENICE, "ionian_sea", 1, "wine"),
        G(4, GENOA, "ionian_sea", 1, "gold"),
        G(5, GENOA, "modon", 1, "gold"),
        **kwargs,
    )


@pytest.mark.rules("C-TRADE-1")
def test_c_trade_1_galleys_sharing_a_coastal_area_trade_but_not_on_the_high_seas() -> None:
    """C-TRADE-1: two players' galleys in one sea area with a coast may trade their cargo."""
    state = trading()
    options = legal(state)
    assert "buy-from 2 gold 1" in options
    assert "sell-to 1 wine 2 100" in options
    assert "sell-to 1 wine 2 2000" in options
    assert not [t for t in options if t.startswith(("buy-from 4 ", "sell-to 3 "))]
    refused(state, "buy-from 4 gold 3", "C-TRADE-1")  # Ionian Sea: no coast
    refused(state, "sell-to 3 wine 4 100", "C-TRADE-1")
    refused(state, "buy-from 5 gold 1", "C-TRADE-1")  # Modon is another area
    refused(state, "buy-from 2 wine 1", "C-TRADE-1")  # not aboard


@pytest.mark.rules("C-TRADE-2")
def test_c_trade_2_a_trade_follows_the_negotiation_and_nobody_must_sell() -> None:
    """C-TRADE-2: the seller may refuse outright; each trade is negotiated once per turn."""
    state = trading()
    asked, events = step(state, "buy-from 2 gold 1")
    assert events == (DealOpened("trade", GENOA, VENICE, "gold", 1),)
    assert asked.to_act == GENOA
    assert prices(asked, "offer") == list(range(100, 2001, 100))
    assert "refuse" in legal(asked)
    left, events = step(asked, "refuse")
    assert events == (DealFailed(GENOA, VENICE, "gold", GENOA),)
    assert left.to_act == VENICE
    assert left.galleys == state.galleys
    refused(left, "buy-from 2 gold 1", "C-TRADE-2")
    done = play(state, "buy-from 2 gold 1", "offer 700", "counter 400", "accept")
    assert galley(done, 1).cargo == ("gold", "wine")
    assert galley(done, 2).cargo == ()
    assert done.ducats[VENICE] == 1600
    assert done.ducats[GENOA] == 2400
    assert done.treasury == state.treasury


@pytest.mark.rules("C-TRADE-2")
def test_c_trade_2_selling_to_another_galley_at_a_named_price() -> None:
    """C-TRADE-2: the seller names his price with the offer; the buyer answers."""
    state = trading()
    asked, events = step(state, "sell-to 1 wine 2 500")
    assert events == (
        DealOpened("trade", VENICE, GENOA, "wine", 1),
        PriceNamed(VENICE, 500, False),
    )
    assert asked.to_act == GENOA
    assert {"accept", "decline", "counter 100", "counter 400"} <= legal(asked)
    done, events = step(asked, "accept")
    assert DealClosed(VENICE, GENOA, "wine", 1, 500) in events
    assert galley(done, 1).cargo == ()
    assert galley(done, 2).cargo == ("gold", "wine")
    assert done.ducats[VENICE] == 2500
    assert done.ducats[GENOA] == 1500
    refused(state, "sell-to 1 wine 2 2100", "C-TRADE-2")
    refused(state, "sell-to 1 wine 2 150", "C-TRADE-2")


@pytest.mark.rules("C-TRADE-2")
def test_c_trade_2_after_a_trade_each_galley_keeps_within_its_limits() -> None:
    """C-TRADE-2: no piece goes to a galley without room for it."""
    state = purchasing(
        G(1, VENICE, "ragusa", 1, "wine", "wine", "wine", "wine"),
        G(2, GENOA, "ragusa", 4, "gold"),
    )
    refused(state, "buy-from 2 gold 1", "C-TRADE-2")
    refused(state, "sell-to 1 wine 2 100", "C-TRADE-2")


@pytest.mark.rules("C-TRADE-2")
def test_c_trade_2_barter_only_with_the_option() -> None:
    """X-C-41 option allow_barter: goods for goods, accepted or declined."""
    refused(trading(), "barter 1 wine 2 gold", "C-TRADE-2")
    state = trading(options={"allow_barter": True})
    assert "barter 1 wine 2 gold" in legal(state)
    asked = play(state, "barter 1 wine 2 gold")
    assert asked.to_act == GENOA
    assert legal(asked) == {"accept", "decline"}
    refused(asked, "counter 100", "C-TRADE-2")
    done = play(asked, "accept")
    assert galley(done, 1).cargo == ("gold",)
    assert galley(done, 2).cargo == ("wine",)
    assert done.ducats == state.ducats
