"""Worked examples of the modern rules (WE-M-01..05, 07, 11, 12, 16, 18, 19).

Seats: Blue 0, Red 1, Orange 2, Black 3. Dice are given as skulls rolled.
"""

from __future__ import annotations

import pytest

from modern.helpers_a import legal, owner_of, port, rejects
from modern.scenario import G, P, activate, modern, play, position
from serenissima_rulesets.modern.phases import Asking, Choosing, Loading, Moving, Trading
from serenissima_rulesets.modern.state import ModernState

BLUE, RED, ORANGE, BLACK = 0, 1, 2, 3
WOOD = 0  # the wood supply's index


def blue_at_valencia(*others) -> ModernState:
    """WE-M-01 Given: galley 4 (1 sailor) and galley 6 (3) at Blue's Valencia (1 sailor)."""
    galleys = [G(4, BLUE, "valencia", 1), G(6, BLUE, "valencia", 3), *others]
    state = position(galleys=galleys, ports={"valencia": P(BLUE, 1)})
    return play(activate(state, 4), "action")


def blue_loaded(*others) -> ModernState:
    """WE-M-02 Then: galley 4 carries 3 sailors and 2 wood, still in its Loading step."""
    return play(
        blue_at_valencia(*others), "sailor 6>4", "sailor 6>4", "load valencia", "load valencia"
    )


@pytest.mark.rules("M-LOAD-2", "M-PORT-3", "M-GAL-4", "M-GAL-5")
def test_we_m_01_loading_sailors_from_another_galley():
    """WE-M-01: galley 4 takes 2 sailors from galley 6; Valencia's last sailor cannot leave.

    Rules: M-LOAD-2, M-PORT-3, M-GAL-4, M-GAL-5.
    """
    given = blue_at_valencia()
    state = play(given, "sailor 6>4", "sailor 6>4")
    assert state.galley(4).sailors == 3
    assert state.galley(6).sailors == 1
    assert port(state, "valencia").sailors == 1
    assert state.ducats == given.ducats
    rejects(given, "sailor valencia>4", "M-PORT-3")  # negative 1
    for target in ("valencia", "6"):  # negative 2: legal but fatal
        sunk = play(given, f"sailor 4>{target}")
        assert sunk.galley(4) is None  # off the board and off the wheel
        assert isinstance(sunk.phase, Choosing)
        assert sunk.act.galley == 6  # galley 4's activation is over
    assert port(play(given, "sailor 4>valencia"), "valencia").sailors == 2
    assert play(given, "sailor 4>6").galley(6).sailors == 4


@pytest.mark.rules("M-LOAD-5", "M-LOAD-6", "M-GAL-1", "X-M-01", "X-M-30")
def test_we_m_02_loading_goods_in_ones_own_port():
    """WE-M-02: two wood at Blue's own Valencia cost 1 ducat (the first is free).

    Rules: M-LOAD-5, M-LOAD-6, M-GAL-1, X-M-01, X-M-30.
    """
    before = play(blue_at_valencia(), "sailor 6>4", "sailor 6>4")
    state = play(before, "load valencia", "load valencia")
    assert state.galley(4).cargo == ("wood", "wood")
    assert state.galley(4).sailors == 3  # 3 + 2 = 5: full
    assert state.ducats[BLUE] == before.ducats[BLUE] - 1
    assert state.supply[WOOD] == before.supply[WOOD] - 2
    rejects(state, "load valencia", "M-GAL-1")  # a third wood: 6 > 5
    # Valencia produces only wood: no loading action puts anything else aboard.
    assert {t for t in legal(before) if t.startswith("load")} == {"load valencia"}
    rejects(before, "load marseille", "M-LOAD-1")  # stone comes from elsewhere


@pytest.mark.rules("M-LOAD-7", "M-LOAD-8")
@pytest.mark.parametrize(("owner", "red_gain"), [(None, 0), (RED, 2)])
def test_we_m_02_variants_loading_at_a_neutral_or_rival_wood_port(owner, red_gain):
    """WE-M-02 variants: two wood at a neutral port cost 2 to the bank, at Red's port 2 to Red.

    Rules: M-LOAD-7, M-LOAD-8.
    """
    ports = {"genoa": P(owner, 1 if owner is not None else 0)}
    state = position(galleys=[G(4, BLUE, "genoa", 3)], ports=ports)
    state = play(activate(state, 4), "action", "load genoa", "load genoa")
    assert state.galley(4).cargo == ("wood", "wood")
    assert state.ducats[BLUE] == 3
    assert state.ducats[RED] == 5 + red_gain


@pytest.mark.rules("M-MOVE-1")
def test_we_m_03_three_sailors_move_up_to_three_spaces():
    """WE-M-03: with 3 sailors galley 4 may move 1, 2 or 3 spaces, not 4.

    Rules: M-MOVE-1.
    """
    state = play(blue_loaded(), "done")
    for area in ("algiers", "tunis"):
        state = play(state, f"move {area}")
        assert "done" in legal(state)  # it may stop after this move
    state = play(state, "move tripoli")
    assert state.galley(4).area == "tripoli"
    assert state.act.moves == 3
    rejects(state, "move tunis", "M-MOVE-1")


RED_AT_ALGIERS = (G(7, RED, "algiers", 2, "marble"), G(10, RED, "algiers", 2))


@pytest.mark.rules("M-BLOCK-1", "M-BLOCK-2", "X-M-06")
def test_we_m_04_movement_blockade_at_algiers():
    """WE-M-04: Red's 2 + 2 sailors outnumber Blue's 3; galley 4 stops in Algiers.

    Rules: M-BLOCK-1, M-BLOCK-2, X-M-06.
    """
    state = play(blue_loaded(*RED_AT_ALGIERS), "done", "move algiers")
    assert isinstance(state.phase, Asking)
    assert state.to_act == RED
    state = play(state, "blockade")
    assert state.galley(4).area == "algiers"
    assert state.act.moves == 1
    assert isinstance(state.phase, Trading)  # straight to step 3
    rejects(state, "move tunis", "M-ACT-1")  # the 2 remaining moves are lost
    # Negative: with R2 at 1 sailor Red has 3, not more than 3.
    weaker = (RED_AT_ALGIERS[0], G(10, RED, "algiers", 1))
    state = play(blue_loaded(*weaker), "done", "move algiers")
    assert isinstance(state.phase, Moving)


@pytest.mark.rules("M-BLOCK-6", "M-ACT-2", "X-M-08", "X-M-09")
def test_we_m_05_sale_blockade():
    """WE-M-05: Red blockades the sale too: no cube placed, no ducats; then battle or end.

    Rules: M-BLOCK-6, M-ACT-2, X-M-08, X-M-09.
    """
    state = play(blue_loaded(*RED_AT_ALGIERS), "done", "move algiers", "blockade")
    ducats = state.ducats
    state = play(state, "sell wood algiers")
    assert isinstance(state.phase, Asking)  # a fresh declaration for the sale
    state = play(state, "blockade")
    assert port(state, "algiers").warehouse == ()
    assert state.ducats == ducats
    assert state.galley(4).cargo == ("wood", "wood")
    assert {"end", "attack 7", "attack 10"} <= legal(state)
    assert not any(t.startswith("sell") for t in legal(state))
    state = play(state, "attack 7", "dice 2 0")  # galley 7 sinks; galley 4 has no room for marble
    assert state.galley(7) is None
    rejects(state, "sell wood algiers", "M-ACT-2")  # sale_after_blockade_battle=false


def orange_at_naples(black_sailors: int) -> ModernState:
    """WE-M-07 Given: Orange's galley 8 (3 sailors, 1 wood) sails from Palermo to Naples."""
    galleys = [G(8, ORANGE, "palermo", 3, "wood"), G(12, BLACK, "naples", black_sailors)]
    return play(activate(position(galleys=galleys), 8), "action", "done", "move naples")


@pytest.mark.rules("M-CONQ-1", "M-BLOCK-1", "M-BLOCK-7")
def test_we_m_07_claiming_neutral_naples_no_blockade_at_equal_sailors():
    """WE-M-07: Black's 3 sailors do not outnumber galley 8's 3: Orange claims Naples.

    Rules: M-CONQ-1, M-BLOCK-1, M-BLOCK-7.
    """
    state = orange_at_naples(3)
    assert isinstance(state.phase, Moving)  # Black could not blockade the move either
    state = play(state, "done", "claim naples 1")
    assert owner_of(state, "naples") == ORANGE
    assert port(state, "naples").sailors == 1
    assert state.galley(8).sailors == 2
    assert state.galley(8).cargo == ("wood",)
    assert state.act.galley == 12  # the activation ended
    # Variant: Black with 4 sailors blockades; Orange must fight or end.
    state = play(orange_at_naples(4), "pass", "done", "claim naples 1")
    assert isinstance(state.phase, Asking)
    state = play(state, "blockade")
    assert legal(state) == {"end", "attack 12"}
    rejects(state, "claim naples 1", "M-BLOCK-7")
    state = play(state, "attack 12", "dice 2 0", "continue", "dice 2 0")
    assert state.galley(12) is None
    assert state.galley(8).sailors == 3
    state = play(state, "claim naples 1")
    assert owner_of(state, "naples") == ORANGE
    assert state.act is None  # the activation is over: no sale, no movement


def sale_at_naples(owner: int | None) -> ModernState:
    """WE-M-11 Given: Naples (marble) holds wood and gold; Blue brings spice and stone."""
    cargo = ("spice", "stone", "marble", "wood")
    ports = {"naples": P(owner, 1 if owner is not None else 0, "wood", "gold")}
    state = position(galleys=[G(4, BLUE, "naples", 1, *cargo)], ports=ports)
    return play(activate(state, 4), "action", "done", "done")


@pytest.mark.rules("M-SALE-2", "M-SALE-3", "M-SALE-4", "M-SALE-5")
def test_we_m_11_sale_prices_and_the_spice_bonus():
    """WE-M-11: spice fills the 4 space and pays 6, stone the 5 space and pays 5: +11.

    Rules: M-SALE-2, M-SALE-3, M-SALE-4, M-SALE-5.
    """
    state = sale_at_naples(None)
    rejects(state, "sell marble naples", "M-SALE-2")  # Naples produces marble
    rejects(state, "sell wood naples", "M-SALE-2")  # already in the warehouse
    after_spice = play(state, "sell spice naples")
    assert after_spice.ducats[BLUE] == 5 + 6
    after = play(after_spice, "sell stone naples")
    assert after.ducats[BLUE] == 5 + 11
    assert port(after, "naples").warehouse == ("wood", "gold", "spice", "stone")
    own = play(sale_at_naples(BLUE), "sell spice naples")
    assert own.ducats[BLUE] == 5 + 2  # variant: Blue's own port
    assert play(own, "sell stone naples").ducats[BLUE] == 5 + 2


@pytest.mark.rules("M-PORT-2", "M-INV-2")
def test_we_m_12_valencia_holds_at_most_five_sailors():
    """WE-M-12: Valencia with 5 sailors takes no 6th, neither unloaded nor recruited.

    Rules: M-PORT-2, M-INV-2.
    """
    state = position(galleys=[G(4, BLUE, "valencia", 3)], ports={"valencia": P(BLUE, 5)})
    loading = play(activate(state, 4), "action")
    assert isinstance(loading.phase, Loading)
    rejects(loading, "sailor 4>valencia", "M-PORT-2")
    investing = play(activate(state, 4), "invest")
    rejects(investing, "recruit valencia", "M-PORT-2")
    assert "crew 4" in legal(investing)  # a recruit may still board the galley


@pytest.mark.rules("M-BLOCK-1", "M-BLOCK-4", "X-M-07")
def test_we_m_16_blockade_priority():
    """WE-M-16: Red and Orange tie on 4; Red has the lowest galley there and is asked first.

    Rules: M-BLOCK-1, M-BLOCK-4, X-M-07.
    """
    galleys = [
        G(2, BLUE, "valencia", 3),
        G(3, RED, "algiers", 2),
        G(11, RED, "algiers", 2),
        G(5, ORANGE, "algiers", 4),
        G(9, BLACK, "algiers", 2),
    ]
    state = play(activate(position(galleys=galleys), 2), "action", "done", "move algiers")
    assert state.phase.candidates == (RED, ORANGE)  # Black is not eligible
    assert state.to_act == RED
    declined = play(state, "pass")
    assert declined.to_act == ORANGE
    assert isinstance(play(declined, "pass").phase, Moving)  # Black is never asked
    assert isinstance(play(state, "blockade").phase, Trading)  # Orange is not asked


def red_at_home(options=None) -> ModernState:
    """WE-M-18 Given: galley 4 (3 sailors) starts at neutral Algiers beside Red's 5 sailors."""
    galleys = [G(4, BLUE, "algiers", 3, "wood"), G(7, RED, "algiers", 5)]
    return play(activate(position(galleys=galleys, options=options), 4), "action")


@pytest.mark.rules("M-BLOCK-3", "X-M-05")
def test_we_m_18_starting_space_rules():
    """WE-M-18: the galley can load and leave; a sale at home can be blockaded, a claim not.

    Rules: M-BLOCK-3, X-M-05.
    """
    state = play(red_at_home(), "load algiers", "done", "move tunis")
    assert state.galley(4).cargo == ("gold", "wood")
    assert isinstance(state.phase, Moving)  # Red could not stop it
    home = play(red_at_home(), "done", "done")
    asked = play(home, "sell wood algiers")
    assert isinstance(asked.phase, Asking)
    assert asked.to_act == RED
    claimed = play(home, "claim algiers 1")
    assert owner_of(claimed, "algiers") == BLUE
    none = play(red_at_home({"start_space_blockade": "none"}), "done", "done")
    assert play(none, "sell wood algiers").ducats[BLUE] == 7


def _set_up(players: int) -> ModernState:
    """Play the set-up taking the last offered choice (so the highest galley number) each time."""
    rules = modern()
    state = rules.new_game(players)
    while not isinstance(state.phase, Choosing):
        state = rules.apply(state, rules.legal_actions(state)[-1])
    assert isinstance(state, ModernState)
    return state


@pytest.mark.rules("M-SETUP-1", "M-SETUP-7", "M-SETUP-12")
@pytest.mark.parametrize(("players", "cubes", "reserve"), [(4, 8, 13), (3, 6, 17), (2, 6, 18)])
def test_we_m_19_set_up_totals(players, cubes, reserve):
    """WE-M-19: wheel cubes, reserves, ports and ducats after set-up for 2, 3 and 4 players.

    Rules: M-SETUP-1, M-SETUP-7, M-SETUP-12.
    """
    state = _set_up(players)
    assert len(state.galleys) == cubes
    assert state.reserve == (reserve,) * players
    assert state.ducats == (5,) * players
    for seat in range(players):
        owned = [p for p in state.ports if p.owner == seat]
        assert len(owned) == 1
        assert owned[0].sailors == 3
        assert all(g.sailors == 3 for g in state.galleys if g.owner == seat)
    closed = sum(1 for p in state.ports if p.closed)
    assert closed == (0 if players == 4 else 4)
    highest = max(g.number for g in state.galleys)
    assert highest == (15 if players == 4 else 12)  # galleys 13-15 stay in the box
