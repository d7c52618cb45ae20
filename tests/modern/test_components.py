"""Modern components and their limits (M-COMP): galleys, sailors, cubes, coins, tokens, dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from modern.helpers_a import legal, owner_of, rejects
from modern.scenario import G, P, activate, modern, play, position, step
from serenissima_rulesets.modern.events import Scored, WineIncome


@pytest.mark.rules("M-COMP-1", "M-GAL-4")
def test_fifteen_numbered_galleys_and_a_sunk_galley_frees_its_number():
    """Galleys are numbered 1-15; a sunk galley's number can be bought again.

    Rules: M-COMP-1, M-GAL-4.
    """
    rules = modern()
    assert rules.params.components.galleys == 15
    state = position(
        galleys=[G(3, 0, "valencia", 1), G(5, 0, "valencia", 2)],
        ports={"valencia": P(0, 2)},
        ducats=[10, 5, 5, 5],
    )
    state = play(activate(state, 3), "action", "sailor 3>valencia")  # galley 3 sinks
    assert state.galley(3) is None
    assert state.act is not None
    assert state.act.galley == 5
    state = play(state, "invest")
    assert "buy 3 valencia" in legal(state)
    rejects(state, "buy 16 valencia", "M-SETUP-1")
    rejects(state, "buy 5 valencia", "M-INV-3")  # in play


@pytest.mark.rules("M-COMP-2")
def test_killed_sailors_return_to_their_owners_reserve():
    """Sailors killed in battle go back to their owner's reserve.

    Rules: M-COMP-2.
    """
    state = position(galleys=[G(1, 0, "ionian_sea", 3), G(2, 1, "ionian_sea", 3)])
    before = state.reserve
    state = play(activate(state, 1), "action", "done", "done", "attack 2", "dice 1 2")
    assert state.galley(1).sailors == 1
    assert state.galley(2).sailors == 2
    assert state.reserve == (before[0] + 2, before[1] + 1, before[2], before[3])


@pytest.mark.rules("M-COMP-2", "M-SETUP-6")
def test_a_player_cannot_place_more_sailors_than_his_reserve_holds():
    """With every one of his sailors on the board, a player cannot recruit another.

    Rules: M-COMP-2, M-SETUP-6.
    """
    rules = modern()
    assert rules.params.components.sailors_per_colour == 30
    assert all(s.sailors <= 30 for s in rules.params.setup)
    ports = {"valencia": P(0, 5), "genoa": P(0, 5), "venice": P(0, 5), "alexandria": P(0, 4)}
    state = position(galleys=[G(1, 0, "valencia", 3)], ports=ports, ducats=[9, 5, 5, 5])
    assert state.reserve[0] == 0
    state = play(activate(state, 1), "invest")
    assert not any(text.startswith(("recruit", "crew", "buy")) for text in legal(state))
    rejects(state, "recruit alexandria", "M-COMP-2")


@pytest.mark.rules("M-COMP-3")
def test_a_player_has_at_most_six_galleys():
    """With 6 galley cubes in play a player cannot buy a 7th galley; with 5 he can.

    Rules: M-COMP-3.
    """
    assert modern().params.components.galley_cubes_per_player == 6
    six = [G(n, 0, "valencia", 1) for n in range(1, 7)]
    state = position(galleys=six, ports={"valencia": P(0, 1)}, ducats=[20, 5, 5, 5])
    investing = play(activate(state, 1), "invest")
    assert not any(text.startswith("buy") for text in legal(investing))
    rejects(investing, "buy 9 valencia", "M-COMP-3")
    five = position(galleys=six[:5], ports={"valencia": P(0, 1)}, ducats=[20, 5, 5, 5])
    assert "buy 9 valencia" in legal(play(activate(five, 1), "invest"))


@pytest.mark.rules("M-COMP-4")
def test_six_goods_with_their_box_supplies():
    """The box holds 14 wood, 12 stone, 12 marble, 12 wine, 10 gold and 10 spice.

    Rules: M-COMP-4.
    """
    goods = {g.id: g.supply for g in modern().params.goods}
    assert goods == {"wood": 14, "stone": 12, "marble": 12, "wine": 12, "gold": 10, "spice": 10}
    state = position(galleys=[G(1, 0, "valencia", 1, "wood", "spice")])
    assert state.supply == (13, 12, 12, 12, 10, 9)  # the box holds what is not in play


@pytest.mark.rules("M-COMP-5", "M-SETUP-6")
def test_players_start_with_five_ducats_and_the_bank_never_runs_out():
    """Each player starts with 5 ducats; the bank pays a sale however rich the players are.

    Rules: M-COMP-5, M-SETUP-6.
    """
    assert modern().params.components.starting_ducats == 5
    state = position(galleys=[G(1, 0, "algiers", 2, "wood")], ducats=[1000, 1000, 1000, 1000])
    state = play(activate(state, 1), "action", "done", "done", "sell wood algiers")
    assert state.ducats == (1002, 1000, 1000, 1000)


@pytest.mark.rules("M-COMP-6")
def test_component_counts_of_ports_doge_cards_and_dice():
    """19 Port cards, 5 Doge cards and a fort volley that the 5 dice can roll.

    Rules: M-COMP-6.
    """
    rules = modern()
    assert len(rules.board.ports) == 19
    assert sum(card.count for card in rules.params.doge_cards) == 5
    assert rules.params.components.forts == 5
    assert rules.params.components.basilicas == 5
    assert rules.params.fort.volley_dice == 2


@pytest.mark.rules("M-COMP-6", "M-INV-4")
def test_a_sixth_fort_cannot_be_built():
    """With 5 forts on the board no further fort can be built anywhere.

    Rules: M-COMP-6, M-INV-4.
    """
    forts = {p: P(None, fort=True) for p in ("genoa", "venice", "naples", "tunis")}
    ports = {"valencia": P(0, 1, "stone"), **forts}
    four = position(galleys=[G(1, 0, "valencia", 1)], ports=ports, ducats=[10, 5, 5, 5])
    assert "fort valencia" in legal(play(activate(four, 1), "invest"))
    ports["tripoli"] = P(None, fort=True)
    five = position(galleys=[G(1, 0, "valencia", 1)], ports=ports, ducats=[10, 5, 5, 5])
    rejects(play(activate(five, 1), "invest"), "fort valencia", "M-COMP-6")


@pytest.mark.rules("M-COMP-6", "M-INV-5")
def test_a_sixth_basilica_cannot_be_built():
    """With 5 basilicas on the board no further basilica can be built anywhere.

    Rules: M-COMP-6, M-INV-5.
    """
    basilicas = {p: P(None, basilica=True) for p in ("genoa", "venice", "naples", "tunis")}
    ports = {"antakya": P(0, 1, "marble"), **basilicas}
    four = position(galleys=[G(1, 0, "antakya", 1)], ports=ports, ducats=[10, 5, 5, 5])
    assert "basilica antakya" in legal(play(activate(four, 1), "invest"))
    ports["tripoli"] = P(None, basilica=True)
    five = position(galleys=[G(1, 0, "antakya", 1)], ports=ports, ducats=[10, 5, 5, 5])
    rejects(play(activate(five, 1), "invest"), "basilica antakya", "M-COMP-6")


@pytest.mark.rules("M-COMP-7", "M-PORT-4")
def test_the_port_card_follows_the_port():
    """A claimed port's card goes to the claimant; a port emptied in battle returns it.

    Rules: M-COMP-7, M-PORT-4.
    """
    state = position(galleys=[G(1, 0, "naples", 3)])
    assert owner_of(state, "naples") is None
    claimed = play(activate(state, 1), "action", "done", "done", "claim naples 1")
    assert owner_of(claimed, "naples") == 0
    state = position(
        galleys=[G(1, 0, "naples", 4)],
        ports={"naples": P(1, 1), "tunis": P(1, 1), "valencia": P(0, 1)},
    )
    state = play(activate(state, 1), "action", "done", "done", "attack naples", "dice 1 0")
    assert owner_of(state, "naples") is None  # card back in the reserve at once
    state = play(state, "end")
    assert owner_of(state, "naples") is None


@pytest.mark.rules("M-COMP-7", "M-SALE-6")
def test_a_wine_port_always_shows_its_wine_face():
    """A wine-producing port counts as a wine port even with an empty warehouse.

    Rules: M-COMP-7, M-SALE-6.
    """
    state = position(ports={"palermo": P(0, 1), "genoa": P(1, 1)})
    _, events = step(state, "doge wine")
    assert WineIncome(0, 3) in events
    assert not any(isinstance(e, WineIncome) and e.seat == 1 for e in events)


@pytest.mark.rules("M-COMP-8")
def test_each_skull_kills_one_sailor_and_half_the_faces_are_skulls():
    """Combat dice: 3 skull faces of 6; each skull rolled kills one opposing sailor.

    Rules: M-COMP-8.
    """
    rules = modern()
    assert rules.params.dice.faces.count(rules.params.dice.hit) == 3
    state = position(galleys=[G(1, 0, "ionian_sea", 1), G(2, 1, "ionian_sea", 1)])
    rolling = play(activate(state, 1), "action", "done", "done", "attack 2")
    outcomes = {a.text(): p for a, p in rules.chance_outcomes(rolling)}
    assert outcomes == {f"dice {a} {d}": Fraction(1, 4) for a in (0, 1) for d in (0, 1)}
    after = play(rolling, "dice 1 0")
    assert after.galley(2) is None
    assert after.galley(1).sailors == 1


@pytest.mark.rules("M-COMP-9", "M-SCORE-4")
def test_option_hidden_money_hides_other_players_ducats_but_earnings_are_announced():
    """Option money_visibility=hidden: a player sees only his own ducats; scoring is announced.

    Rules: M-COMP-9, M-SCORE-4.
    """
    rules = modern()
    ports = {"valencia": P(0, 1, "gold", "stone"), "genoa": P(1, 1)}
    visible = position(ports=ports, ducats=[5, 6, 7, 8], track=4)
    assert rules.observe(visible, 1).ducats == (5, 6, 7, 8)
    hidden = position(
        ports=ports, ducats=[5, 6, 7, 8], track=4, options={"money_visibility": "hidden"}
    )
    assert rules.observe(hidden, 1).ducats == (None, 6, None, None)
    assert rules.observe(hidden, 0).ducats == (5, None, None, None)
    assert rules.observe(hidden, None).ducats == (None, None, None, None)
    assert rules.observe(visible, None).ducats == (5, 6, 7, 8)
    assert "View: a spectator's (every seat's ducats are hidden)" in rules.render(
        hidden, spectator=True
    )
    _, events = step(hidden, "doge hourglass2")  # the token reaches scoring space 6
    assert Scored(0, 1, 5, 0) in events  # two cubes pay 5, for everyone to hear
    assert Scored(1, 1, 0, 0) in events
