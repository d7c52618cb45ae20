"""Modern set-up (M-SETUP): closed ports, first player, galley and starting-port picks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from modern.helpers_a import legal, new_game, owner_of, port, rejects
from modern.scenario import modern, play
from serenissima.engine.errors import OptionError
from serenissima_rulesets.modern.phases import (
    Choosing,
    PickingClosed,
    PickingFirst,
    PickingGalley,
    PickingPort,
)

WOOD_PORTS = {"valencia", "genoa", "venice", "constantinople", "alexandria"}
CLOSE = ("close alexandria", "close palermo", "close marseille", "close naples")
"""One port of each closed good (wood, wine, stone, marble), as the chance outcomes."""

FOUR = (
    "first 0",
    *("galley 1", "start valencia", "galley 2", "start genoa"),
    *("galley 3", "start venice", "galley 4", "start constantinople"),
    *("galley 5", "galley 6", "galley 7", "galley 8"),
)
THREE = (
    *CLOSE,
    "first 0",
    *("galley 1", "start valencia", "galley 2", "start genoa", "galley 3", "start venice"),
    *("galley 4", "galley 5", "galley 6"),
)
TWO = (
    *CLOSE,
    "first 0",
    *("galley 1", "start valencia", "galley 2", "start genoa"),
    *("galley 3", "galley 4", "galley 5", "galley 6"),
)
HOMES = ("valencia", "genoa", "venice", "constantinople")


@pytest.mark.rules("M-SETUP-12", "M-SETUP-6", "M-SETUP-9", "M-SETUP-10", "M-SETUP-11")
@pytest.mark.parametrize(
    ("players", "picks", "galleys_each", "reserve"),
    [(4, FOUR, 2, 13), (3, THREE, 2, 17), (2, TWO, 3, 18)],
)
def test_each_player_starts_with_one_port_three_sailors_a_galley_each_and_five_ducats(
    players, picks, galleys_each, reserve
):
    """After set-up each player holds one port with 3 sailors, 5 ducats, and 3-sailor galleys.

    Rules: M-SETUP-12, M-SETUP-6, M-SETUP-9, M-SETUP-10, M-SETUP-11.
    """
    state = new_game(players, *picks)
    assert isinstance(state.phase, Choosing)  # set-up is over: the first galley is active
    assert state.ducats == (5,) * players
    assert state.reserve == (reserve,) * players
    for seat in range(players):
        home = HOMES[seat]
        assert owner_of(state, home) == seat
        assert port(state, home).sailors == 3
        assert port(state, home).warehouse == ()
        mine = [g for g in state.galleys if g.owner == seat]
        assert len(mine) == galleys_each
        assert all(g.area == home and g.sailors == 3 and g.cargo == () for g in mine)
    assert len(state.galleys) == players * galleys_each  # cubes on the wheel
    others = [
        p for spec, p in zip(modern().board.ports, state.ports, strict=True) if spec.id not in HOMES
    ]
    assert all(p.owner is None and p.sailors == 0 and p.warehouse == () for p in others)


@pytest.mark.rules("M-SETUP-1", "M-COMP-1")
def test_four_players_use_galleys_1_to_15_and_fewer_players_leave_13_to_15_in_the_box():
    """With 4 players galleys 1-15 can be picked; with 2 or 3, galleys 13-15 stay in the box.

    Rules: M-SETUP-1, M-COMP-1.
    """
    four = new_game(4, "first 0")
    assert legal(four) == {f"galley {n}" for n in range(1, 16)}
    for players in (2, 3):
        state = new_game(players, *CLOSE, "first 0")
        assert legal(state) == {f"galley {n}" for n in range(1, 13)}
        for number in (13, 14, 15):
            rejects(state, f"galley {number}", "M-SETUP-1")
    full = new_game(3, *THREE)
    assert max(g.number for g in full.galleys) <= 12
    investing = play(full, "invest")  # galley 1 of seat 0, who owns Valencia
    assert "buy 12 valencia" in legal(investing)
    rejects(investing, "buy 13 valencia", "M-SETUP-1")


@pytest.mark.rules("M-SETUP-2")
def test_the_white_token_starts_on_the_track_start_for_the_player_count():
    """The white token starts on the 4-player start, or on the 2/3-player start.

    Rules: M-SETUP-2.
    """
    assert new_game(4, *FOUR).track == 2
    assert new_game(3, *THREE).track == 0
    assert new_game(2, *TWO).track == 0
    assert new_game(4, *FOUR).scorings == 0


@pytest.mark.rules("M-SETUP-3", "M-TURN-2")
def test_the_black_token_starts_on_the_doge_space_and_first_stops_on_the_lowest_galley():
    """The black token waits on the Doge space, then moves to the first galley on the wheel.

    Rules: M-SETUP-3, M-TURN-2.
    """
    before = new_game(4, *FOUR[:-1])
    assert before.wheel == 0
    assert before.act is None
    after = play(before, FOUR[-1])
    assert after.wheel == 1
    assert after.act is not None
    assert after.act.galley == 1
    assert after.to_act == 0  # galley 1's owner


@pytest.mark.rules("M-SETUP-4")
def test_the_five_doge_cards_start_face_down_and_the_discard_is_empty():
    """The 5 Doge cards are shuffled face down; the discard pile starts empty.

    Rules: M-SETUP-4.
    """
    state = new_game(4, *FOUR)
    assert sum(state.doge_pile) == 5
    assert sum(state.doge_discard) == 0
    counts = {
        card.id: n for card, n in zip(modern().params.doge_cards, state.doge_pile, strict=True)
    }
    assert counts == {"wine": 1, "hourglass1": 2, "hourglass2": 1, "hourglass2_shuffle": 1}


@pytest.mark.rules("M-SETUP-5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_is_drawn_at_random(players):
    """Every seat is equally likely to be the first player, who picks first.

    Rules: M-SETUP-5.
    """
    state = new_game(players, *(CLOSE if players < 4 else ()))
    assert isinstance(state.phase, PickingFirst)
    outcomes = dict(modern().chance_outcomes(state))
    assert {a.text() for a in outcomes} == {f"first {s}" for s in range(players)}
    assert set(outcomes.values()) == {Fraction(1, players)}
    last = players - 1
    chosen = play(state, f"first {last}")
    assert chosen.first_player == last
    assert chosen.to_act == last


@pytest.mark.rules("M-SETUP-7", "X-M-18")
@pytest.mark.parametrize("players", [2, 3])
def test_with_two_or_three_players_one_port_of_each_closed_good_is_drawn(players):
    """With 2-3 players one wood, one wine, one stone and one marble port are closed at random.

    Rules: M-SETUP-7, X-M-18.
    """
    rules = modern()
    state = new_game(players)
    closed_goods = []
    for text in CLOSE:
        assert isinstance(state.phase, PickingClosed)
        outcomes = rules.chance_outcomes(state)
        good = state.phase.goods[0]
        producers = {p.id for p in rules.board.ports if p.good == good}
        assert {a.text() for a, _ in outcomes} == {f"close {p}" for p in producers}
        assert {pr for _, pr in outcomes} == {Fraction(1, len(producers))}
        closed_goods.append(good)
        state = play(state, text)
    assert sorted(closed_goods) == ["marble", "stone", "wine", "wood"]
    closed = {spec.id for spec, p in zip(rules.board.ports, state.ports, strict=True) if p.closed}
    assert closed == {"alexandria", "palermo", "marseille", "naples"}
    assert isinstance(state.phase, PickingFirst)


@pytest.mark.rules("M-SETUP-7")
def test_no_port_is_closed_with_four_players():
    """With 4 players no port is closed and the game starts with the first-player draw.

    Rules: M-SETUP-7.
    """
    state = new_game(4)
    assert isinstance(state.phase, PickingFirst)
    assert not any(p.closed for p in state.ports)
    assert not any(p.closed for p in new_game(4, *FOUR).ports)


@pytest.mark.rules("M-SETUP-7", "M-SETUP-9", "X-M-18")
def test_an_explicit_closed_port_list_replaces_the_draw_and_closed_ports_cannot_start():
    """Option closed_ports: the listed ports are closed without a draw and cannot start.

    Rules: M-SETUP-7, M-SETUP-9, X-M-18.
    """
    options = {"closed_ports": ["genoa", "cagliari", "ragusa", "tunis"]}
    state = new_game(3, options=options)
    assert isinstance(state.phase, PickingFirst)  # no chance node for closing
    closed = {
        spec.id for spec, p in zip(modern().board.ports, state.ports, strict=True) if p.closed
    }
    assert closed == {"genoa", "cagliari", "ragusa", "tunis"}
    picking = play(state, "first 0", "galley 1")
    assert legal(picking) == {f"start {p}" for p in WOOD_PORTS - {"genoa"}}
    rejects(picking, "start genoa", "M-SETUP-8")
    default = new_game(3)
    assert isinstance(default.phase, PickingClosed)  # random_per_type draws instead
    with pytest.raises(OptionError):
        modern().new_game(3, {"closed_ports": ["genoa", "valencia", "ragusa", "tunis"]})


@pytest.mark.rules("M-SETUP-9", "X-M-20")
def test_first_pass_galley_then_free_starting_port_with_three_sailors_each():
    """Each player takes a free galley, then a free starting port: 3 sailors there and 3 aboard.

    Rules: M-SETUP-9, X-M-20.
    """
    state = new_game(4, "first 2")
    assert isinstance(state.phase, PickingGalley)
    assert state.to_act == 2
    state = play(state, "galley 9")
    assert isinstance(state.phase, PickingPort)
    assert legal(state) == {f"start {p}" for p in WOOD_PORTS}  # the wood ports start
    state = play(state, "start venice")
    assert owner_of(state, "venice") == 2
    assert port(state, "venice").sailors == 3
    galley = state.galley(9)
    assert galley is not None
    assert (galley.owner, galley.area, galley.sailors) == (2, "venice", 3)
    assert state.reserve[2] == 22 - 6
    assert state.to_act == 3
    rejects(state, "galley 9", "M-SETUP-9")
    state = play(state, "galley 3")
    rejects(state, "start venice", "M-SETUP-9")
    rejects(state, "start naples", "M-SETUP-9")  # not a starting port


@pytest.mark.rules("M-SETUP-10")
@pytest.mark.parametrize(
    ("players", "first", "order"),
    [(4, 1, (1, 2, 3, 0, 0, 3, 2, 1)), (3, 2, (2, 0, 1, 1, 0, 2))],
)
def test_second_galleys_are_picked_counter_clockwise_from_the_last_player(players, first, order):
    """The second pass runs counter-clockwise from the last player; galleys share a space.

    Rules: M-SETUP-10.
    """
    state = new_game(players, *(CLOSE if players < 4 else ()), f"first {first}")
    assert isinstance(state.phase, PickingGalley)
    assert state.phase.order == order
    homes = iter(["valencia", "genoa", "venice", "constantinople"])
    seen = []
    number = 1
    while not isinstance(state.phase, Choosing):
        seen.append(state.to_act)
        state = play(state, f"galley {number}")
        if isinstance(state.phase, PickingPort):
            state = play(state, f"start {next(homes)}")
        number += 1
    assert tuple(seen) == order
    for seat in range(players):
        areas = [g.area for g in state.galleys if g.owner == seat]
        assert len(areas) == 2
        assert areas[0] == areas[1]


@pytest.mark.rules("M-SETUP-11", "X-M-19")
def test_two_players_pick_three_galleys_each_alternately():
    """Two players pick three galleys each, A B A B A B, all in their home port's space.

    Rules: M-SETUP-11, X-M-19.
    """
    state = new_game(2, *CLOSE, "first 1")
    assert state.phase.order == (1, 0, 1, 0, 1, 0)
    state = play(state, "galley 7", "start venice", "galley 2", "start valencia")
    state = play(state, "galley 3", "galley 4", "galley 5", "galley 6")
    assert isinstance(state.phase, Choosing)
    by_seat = {s: sorted(g.number for g in state.galleys if g.owner == s) for s in (0, 1)}
    assert by_seat == {1: [3, 5, 7], 0: [2, 4, 6]}
    assert {g.area for g in state.galleys if g.owner == 1} == {"venice"}
    assert {g.area for g in state.galleys if g.owner == 0} == {"valencia"}


@pytest.mark.rules("M-SETUP-11", "X-M-19")
def test_option_two_player_pick_order_abbaab_changes_who_picks_when():
    """Option two_player_pick_order=ABBAAB: the second player picks twice in a row.

    Rules: M-SETUP-11, X-M-19.
    """
    options = {"two_player_pick_order": "ABBAAB"}
    state = new_game(2, *CLOSE, "first 0", options=options)
    assert state.phase.order == (0, 1, 1, 0, 0, 1)
    state = play(state, "galley 1", "start valencia", "galley 2", "start genoa")
    assert state.to_act == 1  # B again, not A
    state = play(state, "galley 3", "galley 4", "galley 5", "galley 6")
    assert sorted(g.number for g in state.galleys if g.owner == 1) == [2, 3, 6]
    assert isinstance(state.phase, Choosing)


@pytest.mark.rules("M-SETUP-8", "M-SETUP-9", "X-M-18")
def test_a_closed_wood_port_is_never_a_starting_port():
    """With 2-3 players the closed wood port is not offered as a starting port.

    Rules: M-SETUP-8, M-SETUP-9, X-M-18.
    """
    state = new_game(3, *CLOSE, "first 0", "galley 1")
    assert legal(state) == {f"start {p}" for p in WOOD_PORTS - {"alexandria"}}
    rejects(state, "start alexandria", "M-SETUP-8")


@pytest.mark.rules("M-SETUP-7")
def test_an_explicit_closed_port_list_is_refused_with_four_players() -> None:
    """Rules: M-SETUP-7. Only 2 and 3 players close ports, so a 4-player list is an error."""
    with pytest.raises(OptionError, match="no ports are closed with 4 players"):
        modern().new_game(4, {"closed_ports": ["naples"]})
