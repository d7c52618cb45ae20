"""Worked examples of the classic rules for phases 3 to 6 (WE-C-02..05, 09, 13, 15).

Seats: Venetians 0, Genoese 1, Spanish 2, Turks 3. Dice are written
attacker first. The examples' numbered areas are laid on the classic board:
area 1 is Istanbul's, 2 Smyrna's, 3 Rhodes', 4 Crete's.
"""

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
    BattleFought,
    GalleyCaptured,
    GalleyMoved,
    GalleySunk,
    GoodMoved,
    GoodSold,
    PassageAnswered,
    PortTaken,
)
from serenissima_rulesets.classic.phases import Fighting, Landing, Moving, Permission, Spoils
from serenissima_rulesets.classic.state import ClassicState, Galley, Port

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


def moves_of(state: ClassicState, number: int) -> set[str]:
    """The areas galley ``number`` may move to now."""
    prefix = f"move {number} "
    return {text.removeprefix(prefix) for text in legal(state) if text.startswith(prefix)}


# --- WE-C-02: movement and permission ---------------------------------------------------------


def we_c_02() -> ClassicState:
    """WE-C-02 Given: the Turk's galley 1 (3 sailors) shares area 1 with a Genoese galley.

    Area 2 (Smyrna) is empty and a Spanish galley is in area 3 (Rhodes). The
    Turk's galley 9, far off in Tunis, keeps his movement turn open.
    """
    return position(
        4,
        phase=3,
        order=[TURKEY, VENICE, GENOA, SPAIN],
        galleys=[
            G(1, TURKEY, "istanbul", 3),
            G(2, GENOA, "istanbul", 2),
            G(3, SPAIN, "rhodes", 2),
            G(9, TURKEY, "tunis", 2),
        ],
    )


def we_c_02_at_area_3() -> ClassicState:
    """WE-C-02: galley 1 has crossed areas 1 -> 2 -> 3 without asking anybody."""
    state = we_c_02()
    assert moves_of(state, 1) == {"salonica", "smyrna"}  # area 1 is left freely
    state, events = step(state, "move 1 smyrna")
    assert events == (GalleyMoved(1, "istanbul", "smyrna"),)
    assert "rhodes" in moves_of(state, 1)  # area 2 is empty: on freely
    state, events = step(state, "move 1 rhodes")  # entering area 3 is free
    assert events == (GalleyMoved(1, "smyrna", "rhodes"),)
    assert isinstance(state.phase, Moving)
    return state


@pytest.mark.rules("C-MOVE-2", "C-MOVE-3", "C-MOVE-5", "X-C-10")
def test_we_c_02_the_spaniard_refuses_and_the_turk_stays_in_area_3():
    """WE-C-02: to go on to area 4 the Turk asks the Spaniard, who refuses; the galley stays.

    Its third move is lost and it cannot go back to area 2 this phase.
    Rules: C-MOVE-2, C-MOVE-3, C-MOVE-5, X-C-10.
    """
    state = we_c_02_at_area_3()
    assert moves_of(state, 1) == set()
    refused(state, "move 1 crete", "C-MOVE-3")
    state = play(state, "request 1")
    assert isinstance(state.phase, Permission)
    assert state.to_act == SPAIN
    state, events = step(state, "refuse")
    assert events == (PassageAnswered(SPAIN, 1, granted=False),)
    assert state.to_act == TURKEY
    assert galley(state, 1).area == "rhodes"
    assert moves_of(state, 1) == set()
    refused(state, "move 1 crete", "C-MOVE-5")
    refused(state, "move 1 smyrna", "C-MOVE-5")  # not back to area 2 either


@pytest.mark.rules("C-MOVE-4", "X-C-10")
def test_we_c_02_variant_the_spaniard_grants_and_the_turk_goes_any_way():
    """WE-C-02 variant: with leave granted the galley may move to area 4 or any other neighbour.

    Rules: C-MOVE-4, X-C-10.
    """
    state = play(we_c_02_at_area_3(), "request 1")
    state, events = step(state, "grant")
    assert events == (PassageAnswered(SPAIN, 1, granted=True),)
    assert state.to_act == TURKEY
    assert moves_of(state, 1) == {"smyrna", "crete", "antalya", "levantine_sea"}
    for area in ("crete", "antalya", "levantine_sea", "smyrna"):
        assert galley(play(state, f"move 1 {area}"), 1).area == area
    state = play(state, "move 1 crete")
    assert moves_of(state, 1) == set()  # three moves for three sailors


# --- WE-C-03: a galley battle, then capture or sink ------------------------------------------


def we_c_03() -> ClassicState:
    """WE-C-03 Given: Turkish No.1 and No.2 (3 sailors each) and Genoese G (3 + wine + gold).

    Galleys 1, 2 and 3 are No.1, No.2 and G, in Sicily's area; phase 4, the Turk's turn.
    """
    return position(
        4,
        phase=4,
        order=[TURKEY, VENICE, GENOA, SPAIN],
        galleys=[
            G(1, TURKEY, "sicily", 3),
            G(2, TURKEY, "sicily", 3),
            G(3, GENOA, "sicily", 3, "wine", "gold"),
        ],
    )


def we_c_03_won() -> ClassicState:
    """WE-C-03: the two attacks; G is left without a sailor and No.2 has won."""
    state = we_c_03()
    state = play(state, "attack 1 3")
    state, events = step(state, "dice 2 3")  # 5 // 3 = 1; 6 // 3 = 2
    assert events == (BattleFought(1, 3, "", 2, 3, 2, 1),)
    assert (galley(state, 1).sailors, galley(state, 3).sailors) == (1, 2)
    assert state.phase == Fighting(0)
    state = play(state, "attack 2 3")
    state, events = step(state, "dice 4 3")  # 7 // 3 = 2; 5 // 3 = 1
    assert events == (BattleFought(2, 3, "", 4, 3, 1, 2),)
    assert (galley(state, 2).sailors, galley(state, 3).sailors) == (2, 0)
    assert state.phase == Spoils(0, 2, 3, True)
    assert state.to_act == TURKEY
    return state


@pytest.mark.rules("C-BAT-3", "C-BAT-5", "C-BAT-6", "C-BAT-7")
def test_we_c_03_choice_a_the_turk_captures_g():
    """WE-C-03 choice A: one sailor of No.2 boards G, which becomes the Turk's third galley.

    Rules: C-BAT-3, C-BAT-5, C-BAT-6, C-BAT-7.
    """
    state = we_c_03_won()
    state, events = step(state, "capture 1")
    assert events[0] == GalleyCaptured(3, TURKEY, 1)
    assert galley(state, 3) == Galley(3, TURKEY, "sicily", 1, ("gold", "wine"))
    assert galley(state, 2).sailors == 1
    assert galley(state, 1).sailors == 1
    assert len([g for g in state.galleys if g.owner == TURKEY]) == 3
    assert not [g for g in state.galleys if g.owner == GENOA]


@pytest.mark.rules("C-BAT-6", "C-BAT-8")
def test_we_c_03_choice_b_the_turk_saves_the_cargo_and_sinks_g():
    """WE-C-03 choice B: wine and gold go to No.2 (2 + 2 = 4 pieces), then G sinks.

    Rules: C-BAT-6, C-BAT-8.
    """
    state = we_c_03_won()
    state, events = step(state, "cargo wine 3>2")
    assert events == (GoodMoved(TURKEY, "wine", 3, 2),)
    state = play(state, "cargo gold 3>2")
    state, events = step(state, "sink")
    assert events[0] == GalleySunk(3, GENOA, (), "beaten in battle")
    assert state.galley(3) is None
    assert galley(state, 2) == Galley(2, TURKEY, "sicily", 2, ("gold", "wine"))


@pytest.mark.rules("C-BAT-7", "C-BAT-8")
def test_we_c_03_negatives_no_sailor_from_no_1_and_no_sailor_thrown_away():
    """WE-C-03 negatives: No.1's sailor cannot board G; no Turkish sailor is dropped for room.

    Rules: C-BAT-7, C-BAT-8.
    """
    state = we_c_03_won()
    refused(state, "sailor 1>3", "C-BAT-6")
    refused(state, "capture 3", "C-BAT-7")  # No.2 has only 2 sailors, whatever No.1 holds
    assert {t for t in legal(state) if t.startswith("capture")} == {"capture 1", "capture 2"}
    saved = play(state, "cargo wine 3>2", "cargo gold 3>2")
    refused(saved, "dismiss 2", "C-BAT-6")
    refused(saved, "sailor 2>1", "C-BAT-6")


# --- WE-C-04: the attack on Smyrna -------------------------------------------------------------


def we_c_04(forts: int = 0, order=None, turn_index: int = 0, *others: Galley) -> ClassicState:
    """WE-C-04 Given: a Venetian galley with 5 sailors at Turkish Smyrna (garrison 4)."""
    return position(
        4,
        phase=4,
        order=order,
        turn_index=turn_index,
        galleys=[G(1, VENICE, "smyrna", 5), *others],
        ports={"smyrna": P(TURKEY, 4, forts=forts)},
    )


@pytest.mark.rules("C-PATK-2", "C-PATK-3")
@pytest.mark.parametrize(("forts", "garrison"), [(0, 1), (1, 2)])
def test_we_c_04_attack_on_smyrna_5_plus_4(forts, garrison):
    """WE-C-04: dice 4 and 6. Unfortified 9 // 3 = 3 (garrison 1); fortified 9 // 4 = 2 (2).

    The Turk's 6 + 4 = 10 kills 3 either way: the galley keeps 2 sailors.
    Rules: C-PATK-2, C-PATK-3.
    """
    state = play(we_c_04(forts), "assault 1 smyrna")
    state, events = step(state, "dice 4 6")
    assert events == (BattleFought(1, 0, "smyrna", 4, 6, 3, 4 - garrison),)
    assert port(state, "smyrna") == Port(TURKEY, garrison, (), forts)
    assert galley(state, 1).sailors == 2


def we_c_04_emptied(order, turn_index, *others: Galley) -> ClassicState:
    """WE-C-04 follow-up: a second attack (dice 6 1) takes the garrison from 1 to 0."""
    state = play(we_c_04(0, order, turn_index, *others), "assault 1 smyrna", "dice 4 6")
    state = play(state, "assault 1 smyrna", "dice 6 1")  # 8 // 3 = 2 against 1; 2 // 3 = 0
    assert port(state, "smyrna") == Port(TURKEY, 0)
    assert galley(state, 1).sailors == 2
    return state


@pytest.mark.rules("C-PATK-5", "C-LAND-4", "X-C-09")
def test_we_c_04_follow_up_no_landing_before_phase_5_and_the_turk_keeps_smyrna():
    """WE-C-04 follow-up: no landing in phase 4; if nobody lands, Smyrna stays Turkish at 0.

    Rules: C-PATK-5, C-LAND-4, X-C-09.
    """
    state = we_c_04_emptied(None, 0, G(7, VENICE, "crete", 1), G(8, TURKEY, "crete", 1))
    assert state.to_act == VENICE
    assert isinstance(state.phase, Fighting)
    refused(state, "land 1 smyrna", "C-BAT-1")
    state = play(state, "done")
    assert state.to_act == TURKEY  # later in phase 4, he could attack at Crete; he does not
    state = play(state, "done")
    assert isinstance(state.phase, Landing)
    assert state.to_act == VENICE
    assert "land 1 smyrna" in legal(state)
    state, events = step(state, "done")
    assert state.to_act == TURKEY
    assert not any("smyrna" in t for t in legal(state))
    state, more = step(state, "done")
    assert not isinstance(state.phase, Landing)  # phase 5 is over
    assert not any(isinstance(e, PortTaken) for e in (*events, *more))
    assert port(state, "smyrna") == Port(TURKEY, 0)


@pytest.mark.rules("C-LAND-4", "C-LAND-2")
def test_we_c_04_follow_up_an_earlier_seat_in_phase_5_takes_smyrna_first():
    """WE-C-04 follow-up: the Spaniard, before the Venetian in the order, lands first.

    Rules: C-LAND-4, C-LAND-2.
    """
    order = [SPAIN, VENICE, GENOA, TURKEY]
    state = we_c_04_emptied(order, 1, G(2, SPAIN, "smyrna", 2), G(7, VENICE, "crete", 1))
    state = play(state, "done")  # the Venetian stops fighting; nobody else can fight
    assert isinstance(state.phase, Landing)
    assert state.to_act == SPAIN
    state, events = step(state, "land 2 smyrna")
    assert PortTaken(SPAIN, "smyrna", TURKEY) in events
    state = play(state, "done")
    assert state.to_act == VENICE
    assert port(state, "smyrna") == Port(SPAIN, 1)
    refused(state, "land 1 smyrna", "C-LAND-1")


# --- WE-C-05: a sale of 300 + 400 ---------------------------------------------------------------


def we_c_05(tunis: Port, **others: Port) -> ClassicState:
    """WE-C-05 Given: phase 6, the Genoese galley 1 at Tunis (makes gold, 4 spaces).

    Tunis stores wine (space 1) and wood (space 2). The galley carries
    spices, iron, gold and wine with one sailor. The Genoese galley 9 at
    Naples holds gems, so his turn does not end by itself.
    """
    return position(
        4,
        phase=6,
        turn_index=1,
        galleys=[
            G(1, GENOA, "tunis", 1, "spice", "iron", "gold", "wine"),
            G(9, GENOA, "naples", 1, "gems"),
        ],
        ports={"tunis": tunis, **others},
    )


@pytest.mark.rules("C-SALE-3", "C-SALE-4", "X-C-18", "X-C-32", "C-BONUS-1")
@pytest.mark.parametrize("owner", [None, TURKEY], ids=["neutral", "turkish"])
def test_we_c_05_spices_for_300_and_iron_for_400(owner):
    """WE-C-05: spices fill space 3 (300), iron space 4 (400); gold and wine are refused.

    A Turkish Tunis pays no bonus either: the Turk's Alexandria makes spices
    and his Salonica makes iron.
    Rules: C-SALE-3, C-SALE-4, X-C-18, X-C-32, C-BONUS-1.
    """
    tunis = P(owner, 0 if owner is None else 1, "wine", "wood")
    others = {} if owner is None else {"alexandria": P(owner, 1), "salonica": P(owner, 1)}
    state = we_c_05(tunis, **others)
    before = state.ducats[GENOA]
    refused(state, "sell 1 gold tunis", "C-SALE-3")  # Tunis makes gold
    refused(state, "sell 1 wine tunis", "C-SALE-3")  # Tunis has wine
    state, events = step(state, "sell 1 spice tunis")
    assert events == (GoodSold(GENOA, 1, "spice", "tunis", 3, 300, 0),)
    state, events = step(state, "sell 1 iron tunis")
    assert events == (GoodSold(GENOA, 1, "iron", "tunis", 4, 400, 0),)
    assert state.ducats[GENOA] == before + 700
    assert port(state, "tunis").warehouse == ("wine", "wood", "spice", "iron")  # 4/4: full
    assert galley(state, 1).cargo == ("gold", "wine")
    assert state.to_act == GENOA
    refused(state, "sell 1 gold tunis", "C-SALE-3")
    refused(state, "sell 1 wine tunis", "C-SALE-3")


# --- WE-C-09: movement range --------------------------------------------------------------------


def we_c_09() -> ClassicState:
    """WE-C-09 Given: a Venetian galley with 4 sailors at Venice; phase 3, the Venetian's turn.

    His galley 9 at Tunis keeps his turn open.
    """
    return position(
        4,
        phase=3,
        galleys=[G(1, VENICE, "venice", 4), G(9, VENICE, "tunis", 2)],
    )


ROUTE = ("ragusa", "corfu", "modon", "crete")


@pytest.mark.rules("C-MOVE-1", "X-C-45")
@pytest.mark.parametrize("moves", [0, 1, 2, 3, 4])
def test_we_c_09_four_sailors_move_between_zero_and_four_areas(moves):
    """WE-C-09: any number of moves from 0 to 4 ends the turn with the galley where it stopped.

    Rules: C-MOVE-1, X-C-45.
    """
    state = play(we_c_09(), *[f"move 1 {area}" for area in ROUTE[:moves]])
    state, _ = step(state, "done")
    assert galley(state, 1).area == ("venice", *ROUTE)[moves]
    assert not (isinstance(state.phase, Moving) and state.to_act == VENICE)


@pytest.mark.rules("C-MOVE-1", "X-C-45")
def test_we_c_09_a_fifth_area_is_refused():
    """WE-C-09: after four moves the galley cannot enter a fifth area.

    Rules: C-MOVE-1, X-C-45.
    """
    state = play(we_c_09(), *[f"move 1 {area}" for area in ROUTE])
    assert galley(state, 1).area == "crete"
    assert moves_of(state, 1) == set()
    refused(state, "move 1 rhodes", "C-MOVE-1")


# --- WE-C-13: the new-market bonus -------------------------------------------------------------

# The example sells cloth; on this board Istanbul itself makes cloth, so a
# Turk holding his capital could never be paid a cloth bonus. Spices, which no
# port in the example makes, play the part of the cloth.

TWO_FILLED = ("wine", "gold")


@pytest.mark.rules("C-BONUS-1", "C-BONUS-2", "C-BONUS-3", "C-BONUS-4", "X-C-34")
@pytest.mark.parametrize(
    ("where", "ports", "turkish_cargo", "paid", "bonus"),
    [
        ("smyrna", {"smyrna": P(TURKEY, 1, *TWO_FILLED)}, False, 300, 500),
        ("istanbul", {"istanbul": P(TURKEY, 1, *TWO_FILLED)}, False, 300, 1000),
        (
            "smyrna",
            {"smyrna": P(TURKEY, 1, *TWO_FILLED), "salonica": P(TURKEY, 1, "spice")},
            False,
            300,
            0,
        ),
        ("smyrna", {"smyrna": P(None, 0, *TWO_FILLED)}, False, 300, 0),
        ("smyrna", {"smyrna": P(VENICE, 1, *TWO_FILLED)}, False, 300, 0),
        ("smyrna", {"smyrna": P(TURKEY, 1, *TWO_FILLED)}, True, 300, 500),
    ],
    ids=["new", "capital", "known", "neutral", "own", "on-turkish-galleys"],
)
def test_we_c_13_new_market_bonus(where, ports, turkish_cargo, paid, bonus):
    """WE-C-13: 800 at a Turkish medium port, 1300 in Istanbul, 300 when the Turk has the good.

    At a neutral port or the seller's own only the 300 is paid; goods aboard
    Turkish galleys never matter.
    Rules: C-BONUS-1, C-BONUS-2, C-BONUS-3, C-BONUS-4, X-C-34.
    """
    turk = [G(5, TURKEY, where, 1, "spice", "spice")] if turkish_cargo else []
    state = position(
        4,
        phase=6,
        galleys=[G(1, VENICE, where, 1, "spice"), G(9, VENICE, "naples", 1, "gems"), *turk],
        ports=ports,
    )
    after, events = step(state, f"sell 1 spice {where}")
    assert events == (GoodSold(VENICE, 1, "spice", where, 3, paid, bonus),)
    assert after.ducats[VENICE] == state.ducats[VENICE] + paid + bonus


# --- WE-C-15: a galley sunk by a garrison -------------------------------------------------------


@pytest.mark.rules("C-PATK-2", "C-PATK-6", "C-BAT-8", "X-C-16")
def test_we_c_15_a_galley_beaten_by_a_garrison_sinks_with_its_goods():
    """WE-C-15: 2 sailors + 1 = 3 kill 1; garrison 5 + 6 = 11 kill 3: the galley and goods sink.

    The garrison drops to 4; the Turk captures nothing and gains nothing; his
    third kill finds no sailor left (X-C-16).
    Rules: C-PATK-2, C-PATK-6, C-BAT-8, X-C-16.
    """
    state = position(
        4,
        phase=4,
        galleys=[
            G(1, VENICE, "smyrna", 2, "iron", "gems", "wood"),
            G(7, VENICE, "crete", 1),
            G(8, GENOA, "crete", 1),
        ],
        ports={"smyrna": P(TURKEY, 5)},
    )
    state = play(state, "assault 1 smyrna")
    after, events = step(state, "dice 1 6")
    assert events == (
        BattleFought(1, 0, "smyrna", 1, 6, 2, 1),
        GalleySunk(1, VENICE, ("gems", "iron", "wood"), "beaten by a garrison"),
    )
    assert after.galley(1) is None
    assert port(after, "smyrna") == Port(TURKEY, 4)
    assert after.phase == Fighting(0)
    assert after.to_act == VENICE
    assert after.ducats == state.ducats
    assert after.sailors_box == state.sailors_box + 3  # 2 sailors and 1 defender
    assert [g for g in after.galleys if g.owner == TURKEY] == []
    for good in ("iron", "gems", "wood"):
        assert supply_of(after, good) == supply_of(state, good) + 1
