"""Modern sales (M-SALE), blockaded sales (X-M-09) and closed ports (M-SETUP-8, X-M-18)."""

from __future__ import annotations

import pytest

from modern.helpers_a import legal, owner_of, port, rejects
from modern.scenario import G, P, activate, play, position, step
from serenissima_rulesets.modern.events import GoodsSold, WineIncome
from serenissima_rulesets.modern.phases import Choosing, Drawing, Rolling, Trading


def trading(galleys, ports=None, ducats=None, options=None, players=4, active=4):
    """Galley ``active`` skipped Loading and Movement and is at step 3."""
    state = position(players, galleys=galleys, ports=ports or {}, ducats=ducats, options=options)
    return play(activate(state, active), "action", "done", "done")


@pytest.mark.rules("M-SALE-1")
def test_one_or_more_goods_are_sold_from_the_active_galley_to_the_port_in_its_space():
    """The galley sells several cubes, one after the other, to the port where it is.

    Rules: M-SALE-1.
    """
    state = trading([G(4, 0, "algiers", 1, "wood", "spice", "stone")])
    state = play(state, "sell wood algiers", "sell stone algiers")
    assert port(state, "algiers").warehouse == ("wood", "stone")
    assert state.galley(4).cargo == ("spice",)
    assert state.ducats[0] == 5 + 2 + 3
    rejects(state, "sell spice tunis", "M-SALE-1")  # not in the galley's space
    rejects(state, "sell marble algiers", "M-SALE-1")  # not aboard


@pytest.mark.rules("M-SALE-2", "M-NEG-4")
def test_a_port_buys_no_good_it_produces_or_already_holds_and_needs_a_free_space():
    """Algiers (gold, 3 spaces) refuses gold, a second wood, and anything once full.

    Rules: M-SALE-2, M-NEG-4.
    """
    galleys = [G(4, 0, "algiers", 1, "gold", "wood", "wood", "wine")]
    state = trading(galleys, {"algiers": P(None, 0, "stone")})
    assert legal(state) == {"end", "sell wood algiers", "sell wine algiers", "claim algiers 1"}
    rejects(state, "sell gold algiers", "M-SALE-2")
    state = play(state, "sell wood algiers")
    rejects(state, "sell wood algiers", "M-SALE-2")  # each type once per port
    state = play(state, "sell wine algiers")
    assert port(state, "algiers").warehouse == ("stone", "wood", "wine")
    full = trading(
        [G(4, 0, "algiers", 1, "spice")], {"algiers": P(None, 0, "stone", "wood", "wine")}
    )
    rejects(full, "sell spice algiers", "M-SALE-2")


@pytest.mark.rules("M-SALE-3", "M-SALE-4", "M-SALE-5")
def test_each_cube_fills_the_lowest_free_space_and_the_bank_pays_its_value():
    """Cubes go on the cheapest free space; spice earns 2 more; the port's owner gets nothing.

    Rules: M-SALE-3, M-SALE-4, M-SALE-5.
    """
    ports = {"naples": P(2, 1, "wood")}
    state = trading([G(4, 0, "naples", 1, "spice", "stone", "gold")], ports, [5, 5, 5, 5])
    state, events = step(state, "sell spice naples")
    assert [(e.space_value, e.ducats) for e in events if isinstance(e, GoodsSold)] == [(3, 5)]
    state = play(state, "sell stone naples", "sell gold naples")
    assert port(state, "naples").warehouse == ("wood", "spice", "stone", "gold")
    assert state.ducats == (5 + 5 + 4 + 5, 5, 5, 5)  # Naples' owner (seat 2) gains nothing


@pytest.mark.rules("M-SALE-4", "M-SALE-5")
def test_selling_in_ones_own_port_pays_nothing_except_the_spice_bonus():
    """In his own port a player is paid 0 for a cube, 2 for spice.

    Rules: M-SALE-4, M-SALE-5.
    """
    state = trading([G(4, 0, "naples", 1, "spice", "stone")], {"naples": P(0, 1)})
    state = play(state, "sell stone naples")
    assert state.ducats[0] == 5
    state = play(state, "sell spice naples")
    assert state.ducats[0] == 7
    assert port(state, "naples").warehouse == ("stone", "spice")


@pytest.mark.rules("M-SALE-6", "M-COMP-7")
def test_a_port_that_receives_wine_counts_as_a_wine_port():
    """Selling wine to one's own port turns its card to the wine side: the Wine card pays 3.

    Rules: M-SALE-6, M-COMP-7.
    """
    before = position(ports={"valencia": P(0, 1)}, galleys=[G(4, 0, "valencia", 1, "wine")])
    _, events = step(before, "doge wine")
    assert not any(isinstance(e, WineIncome) for e in events)
    state = play(activate(before, 4), "action", "done", "done", "sell wine valencia")
    assert isinstance(state.phase, Drawing)
    _, events = step(state, "doge wine")
    assert WineIncome(0, 3) in events


@pytest.mark.rules("M-SALE-7")
def test_a_fort_never_fires_on_a_galley_making_a_sale():
    """Selling to Red's fortified port costs the galley no sailor: the fort stays silent.

    Rules: M-SALE-7.
    """
    ports = {"algiers": P(1, 2, fort=True), "tunis": P(1, 1)}
    state = trading([G(4, 0, "algiers", 2, "wood", "stone")], ports)
    state = play(state, "sell wood algiers")
    assert isinstance(state.phase, Trading)
    assert state.galley(4).sailors == 2
    assert state.ducats[0] == 7


@pytest.mark.rules("M-SALE-8", "M-ACT-2")
def test_a_sale_ends_step_three_and_the_activation():
    """After a sale only more sales or the end remain; selling the last cube ends the activation.

    Rules: M-SALE-8, M-ACT-2.
    """
    galleys = [G(4, 0, "algiers", 2, "wood"), G(7, 1, "algiers", 1), G(9, 2, "tunis", 1)]
    state = play(trading(galleys), "sell wood algiers")
    assert isinstance(state.phase, Choosing)
    assert state.act.galley == 7


@pytest.mark.rules("M-BLOCK-6", "X-M-09", "X-M-35")
def test_after_a_blockaded_sale_and_a_battle_no_sale_is_possible_by_default():
    """With sale_after_blockade_battle=false, sinking the blockader does not reopen the sale.

    Rules: M-BLOCK-6, X-M-09, X-M-35.
    """
    galleys = [G(4, 0, "algiers", 3, "wood"), G(7, 1, "algiers", 4), G(8, 2, "algiers", 1)]
    state = play(trading(galleys), "sell wood algiers", "blockade")
    assert {"attack 7", "attack 8"} <= legal(state)  # any galley may be fought
    state = play(state, "attack 7", "dice 3 0", "continue", "dice 1 0")
    assert state.galley(7) is None
    rejects(state, "sell wood algiers", "M-ACT-2")


@pytest.mark.rules("M-BLOCK-6", "X-M-09")
def test_option_sale_after_blockade_battle_lets_the_sale_go_ahead_after_sinking_blockaders():
    """With sale_after_blockade_battle=true, the sale can be completed once the blockader sank.

    Rules: M-BLOCK-6, X-M-09.
    """
    options = {"sale_after_blockade_battle": True}
    galleys = [G(4, 0, "algiers", 3, "wood"), G(7, 1, "algiers", 4)]
    state = play(trading(galleys, options=options), "sell wood algiers", "blockade")
    rejects(state, "sell wood algiers", "M-BLOCK-6")  # not before a battle is won
    state = play(state, "attack 7", "dice 3 0", "continue", "dice 1 0")
    assert "sell wood algiers" in legal(state)
    sold = play(state, "sell wood algiers")
    assert port(sold, "algiers").warehouse == ("wood",)
    assert sold.ducats[0] == 7


@pytest.mark.rules("M-SETUP-8", "X-M-18")
def test_no_sale_and_no_claim_at_a_closed_port_but_galleys_there_can_fight():
    """A closed port buys nothing and cannot be claimed; galleys in its space still fight.

    Rules: M-SETUP-8, X-M-18.
    """
    galleys = [G(4, 0, "naples", 3, "wood"), G(7, 1, "naples", 1)]
    state = trading(galleys, {"naples": P(None, closed=True)}, players=3)
    assert legal(state) == {"end", "attack 7"}
    rejects(state, "sell wood naples", "M-SETUP-8")
    rejects(state, "claim naples 1", "M-SETUP-8")
    assert isinstance(play(state, "attack 7").phase, Rolling)


@pytest.mark.rules("M-SETUP-8", "X-M-18")
def test_option_closed_ports_conquerable_allows_claiming_but_still_no_trade():
    """With closed_ports_conquerable=true a closed port can be claimed, but still buys nothing.

    Rules: M-SETUP-8, X-M-18.
    """
    options = {"closed_ports_conquerable": True}
    state = trading(
        [G(4, 0, "naples", 3, "wood")], {"naples": P(None, closed=True)}, options=options, players=3
    )
    assert legal(state) == {"end", "claim naples 1", "claim naples 2", "claim naples 3"}
    rejects(state, "sell wood naples", "M-SETUP-8")
    claimed = play(state, "claim naples 2")
    assert owner_of(claimed, "naples") == 0
    assert port(claimed, "naples").sailors == 2
