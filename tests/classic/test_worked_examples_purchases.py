"""Worked examples of classic phase 2: WE-C-06, WE-C-07, WE-C-08, WE-C-11 and WE-C-12."""

from __future__ import annotations

import pytest

from classic.scenario import G, P, galley, legal, play, port, position, refused, step
from serenissima_rulesets.classic.events import DealClosed, DealFailed, GalleyBuilt
from serenissima_rulesets.classic.phases import Negotiating, Purchasing
from serenissima_rulesets.classic.state import ClassicState, Port

VENICE, GENOA, SPAIN, TURKEY = 0, 1, 2, 3


def offers(state: ClassicState) -> list[int]:
    """The prices the seller may name, ascending."""
    return sorted(int(t.split()[1]) for t in legal(state) if t.startswith("offer "))


# --- WE-C-06 -------------------------------------------------------------------------


def builder(**warehouses: tuple[str, ...]) -> ClassicState:
    """Venice holds each named port with one garrison sailor and the given warehouse."""
    ports = {name: P(VENICE, 1, *goods) for name, goods in warehouses.items()}
    return position(4, phase=2, galleys=[G(1, VENICE, "venice", 1)], ports=ports)


@pytest.mark.rules("C-BUILD-3", "C-BUILD-1", "C-BUILD-5")
@pytest.mark.parametrize("town", ["tunis", "alexandria"])
def test_we_c_06_tunis_and_alexandria_need_wood_and_iron_for_a_galley(town: str) -> None:
    """WE-C-06: wood alone is not enough; wood and iron give a galley for 500 ducats."""
    refused(builder(**{town: ("wood",)}), f"build-galley {town} garrison", "C-BUILD-3")
    state = builder(**{town: ("wood", "iron")})
    after, events = step(state, f"build-galley {town} garrison")
    assert events[0] == GalleyBuilt(VENICE, town, 2)
    assert after.ducats[VENICE] == state.ducats[VENICE] - 500
    assert galley(after, 2) == G(2, VENICE, town, 1)
    assert port(after, town).garrison == 0


@pytest.mark.rules("C-BUILD-3")
@pytest.mark.parametrize("town", ["ragusa", "modon"])
def test_we_c_06_ragusa_or_modon_produce_wood_and_need_only_iron(town: str) -> None:
    """WE-C-06, X-C-19: a wood port builds with iron in its warehouse, not with an empty one."""
    refused(builder(**{town: ()}), f"build-galley {town} garrison", "C-BUILD-3")
    after = play(builder(**{town: ("iron",)}), f"build-galley {town} garrison")
    assert galley(after, 2).area == town
    assert after.ducats[VENICE] == 1500


@pytest.mark.rules("C-BUILD-2")
def test_we_c_06_a_second_build_in_tunis_the_same_round_is_refused() -> None:
    """WE-C-06: after a galley at Tunis, neither a galley nor a fortress there this round.

    Tunis keeps a garrison sailor, recruits and wood beside its own gold, so
    only the one-build rule stands in the way; Alexandria may still build.
    """
    ports = {
        "tunis": P(VENICE, 2, "wood", "iron"),
        "alexandria": P(VENICE, 1, "wood", "iron"),
    }
    state = position(4, phase=2, galleys=[G(1, VENICE, "venice", 1)], ports=ports)
    assert {"build-galley tunis hire", "build-fort tunis"} <= legal(state)
    after = play(state, "build-galley tunis garrison")
    refused(after, "build-galley tunis garrison", "C-BUILD-2")
    refused(after, "build-galley tunis hire", "C-BUILD-2")
    error = refused(after, "build-fort tunis", "C-BUILD-2")
    assert "tunis" in error.reason
    after = play(after, "build-galley alexandria garrison")
    assert len(after.galleys) == 3
    assert after.ducats[VENICE] == 1000


# --- WE-C-07 -------------------------------------------------------------------------


@pytest.mark.rules("C-BUILD-4", "C-BUILD-1")
@pytest.mark.parametrize("town", ["sicily", "istanbul"])
def test_we_c_07_sicily_and_istanbul_need_wood_and_gold_for_a_fortress(town: str) -> None:
    """WE-C-07: neither produces wood or gold, so both must be in the warehouse."""
    refused(builder(**{town: ("wood",)}), f"build-fort {town}", "C-BUILD-4")
    refused(builder(**{town: ("gold",)}), f"build-fort {town}", "C-BUILD-4")
    state = builder(**{town: ("wood", "gold")})
    after = play(state, f"build-fort {town}")
    assert port(after, town).forts == 1
    assert after.ducats[VENICE] == state.ducats[VENICE] - 500
    assert after.treasury == state.treasury + 500


@pytest.mark.rules("C-BUILD-4")
def test_we_c_07_tunis_produces_gold_and_needs_only_wood() -> None:
    """WE-C-07: Tunis offers gold itself; wood sold there is enough for a 500-ducat fortress."""
    refused(builder(tunis=()), "build-fort tunis", "C-BUILD-4")
    state = builder(tunis=("wood",))
    after = play(state, "build-fort tunis")
    assert port(after, "tunis").forts == 1
    assert after.ducats[VENICE] == state.ducats[VENICE] - 500


# --- WE-C-08 -------------------------------------------------------------------------


@pytest.mark.rules("C-HIRE-2", "C-HIRE-1", "C-HIRE-3")
def test_we_c_08_smyrna_with_three_goods_recruits_three_sailors_a_round() -> None:
    """WE-C-08: two into the garrison, one onto the galley beside it, -300; a 4th is refused."""
    state = position(
        4,
        phase=2,
        galleys=[G(1, VENICE, "smyrna", 1)],
        ports={"smyrna": P(VENICE, 0, "gold", "wine", "iron")},
    )
    after = play(state, "hire smyrna", "hire smyrna", "hire smyrna 1")
    assert port(after, "smyrna").garrison == 2
    assert galley(after, 1).sailors == 2
    assert after.ducats[VENICE] == state.ducats[VENICE] - 300
    assert after.treasury == state.treasury + 300
    refused(after, "hire smyrna", "C-HIRE-2")
    refused(after, "hire smyrna 1", "C-HIRE-2")
    fewer = play(state, "hire smyrna", "hire smyrna", "done")  # hiring fewer is allowed
    assert port(fewer, "smyrna").garrison == 2


# --- WE-C-11 -------------------------------------------------------------------------


def asked(town: str, ports: dict[str, Port]) -> ClassicState:
    """Spain, on turn with a galley at ``town``, has asked its Turkish owner for one piece."""
    state = position(
        4, phase=2, galleys=[G(1, SPAIN, town, 1)], ports=ports, order=(SPAIN, 0, 1, 3)
    )
    after = play(state, f"ask {town} 1")
    assert isinstance(after.phase, Negotiating)
    assert after.to_act == TURKEY
    return after


@pytest.mark.rules("C-BUY-5")
def test_we_c_11_the_owner_of_the_only_gems_port_asks_100_to_1000() -> None:
    """WE-C-11: one port produces gems; its owner holds a monopoly."""
    state = asked("cyrene", {"cyrene": P(TURKEY, 1)})
    assert offers(state) == list(range(100, 1001, 100))


@pytest.mark.rules("C-BUY-4", "C-BUY-5")
def test_we_c_11_one_of_two_gold_ports_asks_100_to_300_until_it_holds_both() -> None:
    """WE-C-11, X-C-08: 400 is refused for Tunis alone, legal once Tripoli is Turkish too."""
    state = asked("tunis", {"tunis": P(TURKEY, 1)})
    assert offers(state) == [100, 200, 300]
    refused(state, "offer 400", "C-BUY-4")
    both = asked("tunis", {"tunis": P(TURKEY, 1), "tripoli": P(TURKEY, 1)})
    assert offers(both) == list(range(100, 1001, 100))
    after = play(both, "offer 400")
    assert after.to_act == SPAIN


# --- WE-C-12 -------------------------------------------------------------------------


def spanish_offer() -> tuple[ClassicState, ClassicState]:
    """Spain at Turkish Rhodes (cloth, no monopoly): offer 300, counter 200, refused."""
    ports = {"rhodes": P(TURKEY, 1), "istanbul": P(TURKEY, 1)}  # Venice holds Venice's cloth
    start = position(
        4, phase=2, galleys=[G(1, SPAIN, "rhodes", 2)], ports=ports, order=(SPAIN, 0, 1, 3)
    )
    state = play(start, "ask rhodes 1")
    assert offers(state) == [100, 200, 300]
    state = play(state, "offer 300", "counter 200", "refuse")
    assert state.to_act == SPAIN
    return start, state


@pytest.mark.rules("C-BUY-6")
def test_we_c_12_after_the_refusal_the_spaniard_accepts_300() -> None:
    """WE-C-12: Spain -300, Turkey +300, the cloth aboard the Spanish galley."""
    start, state = spanish_offer()
    after, events = step(state, "accept")
    assert DealClosed(TURKEY, SPAIN, "textiles", 1, 300) in events
    assert after.ducats[SPAIN] == start.ducats[SPAIN] - 300
    assert after.ducats[TURKEY] == start.ducats[TURKEY] + 300
    assert galley(after, 1).cargo == ("textiles",)
    assert isinstance(after.phase, Purchasing)


@pytest.mark.rules("C-BUY-6")
def test_we_c_12_or_he_declines_and_nothing_changes() -> None:
    """WE-C-12: declining leaves ducats, cargo and the box as they were."""
    start, state = spanish_offer()
    after, events = step(state, "decline")
    assert events[0] == DealFailed(TURKEY, SPAIN, "textiles", SPAIN)
    assert after.ducats == start.ducats
    assert after.galleys == start.galleys
    assert after.supply == start.supply


@pytest.mark.rules("C-BUY-6")
def test_we_c_12_a_second_counter_offer_is_refused() -> None:
    """WE-C-12: one counter-offer per deal, before and after the seller's refusal."""
    _, state = spanish_offer()
    refused(state, "counter 200", "C-BUY-6")
    refused(state, "counter 100", "C-BUY-6")
