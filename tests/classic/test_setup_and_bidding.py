"""Classic components, set-up, round structure and phase 1 (C-COMP, C-SETUP, C-ROUND, C-BID).

Also the rules the classic edition does not have (C-NEG) and whole random
games: they last the stated number of rounds, every round opens with the
bids, phases follow the turn order, and no piece or ducat appears or vanishes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

from classic.scenario import G, P, classic, play, position, step
from serenissima.engine.core import CHANCE, TERMINAL, Action, Event
from serenissima.engine.errors import IllegalActionError
from serenissima_rulesets.classic.events import (
    BidsRevealed,
    DieRolled,
    GoodSold,
    IncomePaid,
    PhaseStarted,
    PositionTaken,
    RoundStarted,
)
from serenissima_rulesets.classic.phases import (
    Bidding,
    Choosing,
    Crewing,
    Fighting,
    GameOver,
    Landing,
    Moving,
    Negotiating,
    Permission,
    Purchasing,
    Rolling,
    RollingOff,
    Selling,
    Spoils,
)
from serenissima_rulesets.classic.state import ClassicState

CAPITALS = {"venice": "venice", "genoa": "genoa", "spain": "valencia", "turkey": "istanbul"}
"""Each nation's capital (C-SETUP-3)."""

ROUNDS = {2: 12, 3: 10, 4: 8}
"""Rounds per player count (C-SETUP-1)."""


# --- helpers -------------------------------------------------------------------


def legal(state: ClassicState) -> set[str]:
    """The text forms of every legal action (or chance outcome) in ``state``."""
    return {action.text() for action in classic().legal_actions(state)}


def rejects(state: ClassicState, text: str, rule_id: str) -> IllegalActionError:
    """Check that ``text`` is refused in ``state`` for the rule ``rule_id``."""
    rules = classic()
    action = rules.parse_action(state, text)
    assert not rules.is_legal(state, action), f"{text!r} is legal"
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, action)
    assert info.value.rule_id == rule_id, info.value
    return info.value


def new_game(players: int = 4, options: Mapping[str, Any] | None = None) -> ClassicState:
    """A new game before the first crew is placed."""
    state = classic().new_game(players, options or {})
    assert isinstance(state, ClassicState)
    return state


def bidding(players: int = 4, options: Mapping[str, Any] | None = None) -> ClassicState:
    """A new game whose seats all crewed 4 and 4 (garrison 2): round 1's bids are open."""
    return play(new_game(players, options), *(["crew 4 4"] * players))


def port_of(state: ClassicState, port_id: str) -> Any:
    """The pieces on port ``port_id``."""
    return state.ports[classic().board.port_index(port_id)]


def events_of(state: ClassicState, *texts: str) -> tuple[ClassicState, list[Event]]:
    """Apply actions by text form; return the last state and every event, in order."""
    found: list[Event] = []
    for text in texts:
        state, events = step(state, text)
        found.extend(events)
    return state, found


def random_game(
    players: int, seed: int, options: Mapping[str, Any] | None = None
) -> Iterator[tuple[ClassicState, Action, ClassicState, tuple[Event, ...]]]:
    """Play a game by seeded random choice; chance follows the listed probabilities.

    Yields each step as ``(before, action, after, events)``.
    """
    rules = classic()
    rng = random.Random(seed)
    state = new_game(players, options)
    while not rules.is_over(state):
        if state.to_act == CHANCE:
            outcomes = rules.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            actions = [a for a, _ in outcomes]
            action = rng.choices(actions, weights=[float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(rules.legal_actions(state))
        new, events = rules.step(state, action)
        assert isinstance(new, ClassicState)
        yield state, action, new, events
        state = new


def sailors_on_board(state: ClassicState) -> int:
    """Sailors on galleys and in garrisons."""
    return sum(g.sailors for g in state.galleys) + sum(p.garrison for p in state.ports)


def goods_on_board(state: ClassicState, good: str) -> int:
    """Pieces of ``good`` on galleys and in warehouses."""
    return sum(g.cargo.count(good) for g in state.galleys) + sum(
        p.warehouse.count(good) for p in state.ports
    )


_ROUND_PHASE = {Purchasing: 2, Moving: 3, Fighting: 4, Landing: 5, Selling: 6}
TURN_PHASES = (Purchasing, Moving, Fighting, Landing, Selling)


def place_in_round(state: ClassicState) -> tuple[int, int] | None:
    """``(phase number, turn index)`` of a state inside phases 2..6, else ``None``."""
    phase: Any = state.phase
    if isinstance(phase, Negotiating):
        phase = phase.turn
    elif isinstance(phase, Permission):
        phase = phase.moving
    if isinstance(phase, Rolling | Spoils):
        return 4, phase.index
    number = _ROUND_PHASE.get(type(phase))
    return None if number is None else (number, phase.index)


# --- components (C-COMP) ---------------------------------------------------------


@pytest.mark.rules("C-COMP-1", "X-C-30")
def test_c_comp_1_no_galley_can_be_built_once_all_28_are_in_play() -> None:
    """C-COMP-1: the 28 galleys are one pool for all players; the 29th cannot be built.

    Rules: C-COMP-1, X-C-30.
    """
    assert classic().params.components.galleys == 28
    areas = ["naples", "sicily", "tunis", "crete", "rhodes", "cyprus", "antioch"]
    # 27 galleys of the four players somewhere else, one of the Venetian's at Venice.
    others = [G(n, n % 4, areas[n % len(areas)], 1) for n in range(2, 29)]
    ports = {"venice": P(0, 2, "wood", "iron")}
    full = position(phase=2, galleys=[G(1, 0, "venice", 1), *others], ports=ports)
    assert len(full.galleys) == 28
    error = rejects(full, "build-galley venice garrison", "C-COMP-1")
    assert "28" in str(error)
    one_left = position(phase=2, galleys=[G(1, 0, "venice", 1), *others[1:]], ports=ports)
    after = play(one_left, "build-galley venice garrison")
    assert len(after.galleys) == 28
    assert after.ducats[0] == 2000 - 500


@pytest.mark.rules("C-COMP-2")
def test_c_comp_2_twenty_fortresses_then_none_can_be_built() -> None:
    """C-COMP-2: 20 fortresses in one pool; with all 20 on the board none can be built.

    Rules: C-COMP-2.
    """
    start = new_game()
    assert start.forts_box == 20
    elsewhere = [p.id for p in classic().board.ports if p.id not in ("venice", "genoa", "valencia")]
    assert len(elsewhere) == 20
    ports = {pid: P(None, forts=1) for pid in elsewhere}
    ports["venice"] = P(0, 2, "wood", "gold")
    none_left = position(phase=2, galleys=[G(1, 0, "venice", 2)], ports=ports)
    assert none_left.forts_box == 0
    rejects(none_left, "build-fort venice", "C-COMP-2")
    del ports[elsewhere[0]]
    one_left = position(phase=2, galleys=[G(1, 0, "venice", 2)], ports=ports)
    assert one_left.forts_box == 1
    built = play(one_left, "build-fort venice")
    assert port_of(built, "venice").forts == 1
    assert built.forts_box == 0


@pytest.mark.rules("C-COMP-3", "X-C-50", "C-BUY-8")
def test_c_comp_3_seven_goods_of_15_pieces_and_an_empty_kind_cannot_be_bought() -> None:
    """C-COMP-3: seven goods, 15 pieces each; once all 15 wine are out, no port sells wine.

    Rules: C-COMP-3, X-C-50, C-BUY-8.
    """
    rules = classic()
    goods = [g.id for g in rules.params.goods]
    assert goods == ["gems", "gold", "spice", "wine", "textiles", "iron", "wood"]
    assert new_game().supply == (15,) * 7
    # The Genoese galleys carry 15 wine (4 + 4 + 4 + 3): the box has none left.
    holds = [G(2, 1, "naples", 1, *["wine"] * 4), G(3, 1, "naples", 1, *["wine"] * 4)]
    holds.append(G(4, 1, "naples", 1, *["wine"] * 4))
    buyer = G(1, 0, "sicily", 2)
    empty = position(phase=2, galleys=[buyer, *holds, G(5, 1, "naples", 1, *["wine"] * 3)])
    assert empty.supply[goods.index("wine")] == 0
    rejects(empty, "buy 1 sicily", "C-BUY-8")
    one = position(phase=2, galleys=[buyer, *holds, G(5, 1, "naples", 1, *["wine"] * 2)])
    assert one.supply[goods.index("wine")] == 1
    bought = play(one, "buy 1 sicily")
    assert bought.galley(1) is not None
    assert bought.galley(1).cargo == ("wine",)  # type: ignore[union-attr]
    assert bought.supply[goods.index("wine")] == 0


@pytest.mark.rules("C-COMP-4", "X-C-48")
@pytest.mark.parametrize(("pool", "box"), [("176", 176), ("180", 180), ("unlimited", None)])
def test_c_comp_4_the_sailor_pool_is_176_by_default_180_or_unlimited_by_option(
    pool: str, box: int | None
) -> None:
    """C-COMP-4, X-C-48: the starting crews come out of the shared sailor pool.

    Rules: C-COMP-4, X-C-48.
    """
    options = {} if pool == "176" else {"sailor_pool": pool}
    start = new_game(4, options)
    assert start.sailors_box == box
    crewed = bidding(4, options)
    assert crewed.sailors_box == (None if box is None else box - 40)


@pytest.mark.rules("C-COMP-4", "X-C-48")
def test_c_comp_4_nobody_hires_from_an_empty_sailor_pool() -> None:
    """C-COMP-4, X-C-48: with every sailor on the board no sailor can be hired.

    Rules: C-COMP-4, X-C-48.
    """
    galley = G(1, 0, "venice", 5)
    ports = {"venice": P(0, 171, "wine")}  # 171 + 5 = 176 sailors on the board
    empty = position(phase=2, galleys=[galley], ports=ports)
    assert empty.sailors_box == 0
    rejects(empty, "hire venice", "C-COMP-4")
    bigger = position(phase=2, galleys=[galley], ports=ports, options={"sailor_pool": "180"})
    assert bigger.sailors_box == 4
    assert play(bigger, "hire venice").sailors_box == 3
    endless = position(phase=2, galleys=[galley], ports=ports, options={"sailor_pool": "unlimited"})
    hired = play(endless, "hire venice")
    assert hired.sailors_box is None
    assert port_of(hired, "venice").garrison == 172


@pytest.mark.rules("C-COMP-5", "X-C-04")
def test_c_comp_5_money_comes_in_100s_and_the_treasury_never_runs_out() -> None:
    """C-COMP-5: 100 ducats is the smallest amount; the treasury pays whatever it owes.

    Rules: C-COMP-5, X-C-04.
    """
    state = bidding()
    assert {int(text.split()[1]) % 100 for text in legal(state)} == {0}
    rejects(state, "bid 150", "X-C-04")
    # The treasury starts with nothing taken in; it still pays every income.
    selling = position(phase=6, order=[0, 1, 2, 3])
    assert selling.treasury == 0
    paid = play(selling, "done")
    assert paid.ducats == (2300, 2300, 2300, 2300)
    assert paid.treasury == -1200


@pytest.mark.rules("C-COMP-6", "C-BID-4")
def test_c_comp_6_one_six_sided_die_for_roll_offs_and_battles() -> None:
    """C-COMP-6: roll-offs use one d6; a battle round rolls one d6 for each side.

    Rules: C-COMP-6, C-BID-4.
    """
    rules = classic()
    tied = play(bidding(), "bid 0", "bid 0", "bid 0", "bid 0")
    assert tied.to_act == CHANCE
    assert [(a.text(), p) for a, p in rules.chance_outcomes(tied)] == [
        (f"roll {v}", Fraction(1, 6)) for v in range(1, 7)
    ]
    fight = position(phase=4, galleys=[G(1, 0, "ragusa", 3), G(2, 1, "ragusa", 3)])
    battle = play(fight, "attack 1 2")
    outcomes = rules.chance_outcomes(battle)
    assert len(outcomes) == 36
    assert {p for _, p in outcomes} == {Fraction(1, 36)}
    assert {a.text() for a, _ in outcomes} == {
        f"dice {a} {d}" for a in range(1, 7) for d in range(1, 7)
    }


@pytest.mark.rules("C-COMP-6", "X-C-03", "C-BID-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_c_comp_6_the_turn_order_track_has_one_position_per_player(players: int) -> None:
    """C-COMP-6, X-C-03: positions run 1..players (I..IV with four players).

    Rules: C-COMP-6, X-C-03, C-BID-3.
    """
    state = play(bidding(players), "bid 100", *(["bid 0"] * (players - 1)))
    if players > 2:
        state = play(state, *(f"roll {v}" for v in range(players - 1, 0, -1)))
    assert isinstance(state.phase, Choosing)
    assert legal(state) == {f"position {n}" for n in range(1, players + 1)}
    rejects(state, f"position {players + 1}", "C-BID-3")


@pytest.mark.rules("C-COMP-8", "C-COMP-1", "C-COMP-2", "C-COMP-3", "C-COMP-4")
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_c_comp_8_random_games_conserve_the_box(players: int, seed: int) -> None:
    """C-COMP-8: every sailor, good and fortress is on the board or back in the box.

    Rules: C-COMP-8, C-COMP-1, C-COMP-2, C-COMP-3, C-COMP-4.
    """
    goods = [g.id for g in classic().params.goods]
    for _, _, state, _ in random_game(players, seed):
        assert state.sailors_box is not None
        assert sailors_on_board(state) + state.sailors_box == 176
        for index, good in enumerate(goods):
            assert goods_on_board(state, good) + state.supply[index] == 15, good
        assert sum(p.forts for p in state.ports) + state.forts_box == 20
        assert len(state.galleys) <= 28


# --- set-up (C-SETUP) ------------------------------------------------------------


@pytest.mark.rules("C-SETUP-1", "C-SCORE-1", "X-C-53")
@pytest.mark.parametrize(("players", "rounds"), sorted(ROUNDS.items()))
def test_c_setup_1_the_game_lasts_12_10_or_8_rounds(players: int, rounds: int) -> None:
    """C-SETUP-1: 12 rounds for 2 players, 10 for 3, 8 for 4.

    Rules: C-SETUP-1, C-SCORE-1, X-C-53.
    """
    assert new_game(players).rounds == rounds
    before_last = position(players, phase=6, round_=rounds - 1)
    goes_on = play(before_last, "done")
    assert goes_on.turn == rounds
    assert isinstance(goes_on.phase, Bidding)
    last = position(players, phase=6, round_=rounds)
    over = play(last, "done")
    assert over.to_act == TERMINAL
    assert isinstance(over.phase, GameOver)
    assert over.turn == rounds


@pytest.mark.rules("C-SETUP-2", "C-SETUP-3")
@pytest.mark.parametrize(
    ("players", "options", "nations"),
    [
        (4, {}, ("venice", "genoa", "spain", "turkey")),
        (3, {}, ("venice", "genoa", "spain")),
        (2, {}, ("venice", "genoa")),
        (2, {"two_player_nations": "spain_turkey"}, ("spain", "turkey")),
    ],
)
def test_c_setup_2_nations_in_play_and_their_capitals(
    players: int, options: dict[str, str], nations: tuple[str, ...]
) -> None:
    """C-SETUP-2, C-SETUP-3: who plays which nation, and each one's capital.

    No Turks with three players; two players are Venetians and Genoese, or
    Spanish and Turks by option.

    Rules: C-SETUP-2, C-SETUP-3.
    """
    state = bidding(players, options)
    assert state.nations == nations
    for seat, nation in enumerate(nations):
        capital = CAPITALS[nation]
        assert port_of(state, capital).owner == seat
        mine = [g for g in state.galleys if g.owner == seat]
        assert [g.area for g in mine] == [capital, capital]


@pytest.mark.rules("C-SETUP-2")
@pytest.mark.parametrize("players", [3, 4])
def test_c_setup_2_the_spanish_turkish_pairing_changes_nothing_for_more_players(
    players: int,
) -> None:
    """C-SETUP-2: the choice of the Spanish and the Turks is for two players only.

    Rules: C-SETUP-2.
    """
    state = new_game(players, {"two_player_nations": "spain_turkey"})
    assert state.nations == ("venice", "genoa", "spain", "turkey")[:players]


@pytest.mark.rules("C-SETUP-4", "C-ORG-2")
def test_c_setup_4_two_galleys_ten_sailors_and_2000_ducats() -> None:
    """C-SETUP-4: 10 sailors split over two galleys (1..5 each) and the capital.

    Every split is offered, 5 + 5 + 0 included; the order of the galleys
    does not matter.

    Rules: C-SETUP-4, C-ORG-2.
    """
    start = new_game()
    assert start.turn == 0
    assert isinstance(start.phase, Crewing)
    assert start.to_act == 0
    assert start.ducats == (2000,) * 4
    splits = {f"crew {a} {b}" for a in range(1, 6) for b in range(1, a + 1)}
    assert legal(start) == splits
    empty_capital, _ = step(start, "crew 5 5")
    assert port_of(empty_capital, "venice").garrison == 0
    assert [g.sailors for g in empty_capital.galleys] == [5, 5]
    full_capital, events = step(start, "crew 1 1")
    assert port_of(full_capital, "venice").garrison == 8
    assert events[0].garrison == 8  # type: ignore[attr-defined]
    rejects(start, "crew 0 5", "C-ORG-2")
    rejects(start, "crew 6 3", "C-ORG-2")


@pytest.mark.rules("C-SETUP-4")
def test_c_setup_4_each_seat_crews_in_seat_order_then_round_1_opens() -> None:
    """C-SETUP-4: every seat places its own crew; then the first round begins.

    Rules: C-SETUP-4.
    """
    state = new_game(3)
    for seat, text in enumerate(["crew 5 4", "crew 3 3", "crew 5 5"]):
        assert state.to_act == seat
        assert state.phase == Crewing(seat)
        state, _ = step(state, text)
    assert [(g.id, g.owner, g.sailors) for g in state.galleys] == [
        (1, 0, 5),
        (2, 0, 4),
        (3, 1, 3),
        (4, 1, 3),
        (5, 2, 5),
        (6, 2, 5),
    ]
    assert [port_of(state, c).garrison for c in ("venice", "genoa", "valencia")] == [1, 4, 0]
    assert state.turn == 1
    assert isinstance(state.phase, Bidding)


@pytest.mark.rules("C-SETUP-5", "X-C-35", "C-NEG-3")
@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (3, {}), (2, {}), (2, {"two_player_nations": "spain_turkey"})],
)
def test_c_setup_5_every_port_but_the_players_capitals_starts_neutral_and_empty(
    players: int, options: dict[str, str]
) -> None:
    """C-SETUP-5: only the capitals in play have an owner; every port has an empty warehouse.

    X-C-35: a capital of a nation not in play starts neutral with no garrison.

    Rules: C-SETUP-5, X-C-35, C-NEG-3.
    """
    state = bidding(players, options)
    owned = {CAPITALS[n]: seat for seat, n in enumerate(state.nations)}
    for spec, port in zip(classic().board.ports, state.ports, strict=True):
        assert port.warehouse == ()
        assert port.forts == 0
        if spec.id in owned:
            assert port.owner == owned[spec.id]
            assert port.garrison == 2
        else:
            assert port.owner is None, spec.id
            assert port.garrison == 0, spec.id
    absent = set(CAPITALS.values()) - set(owned)
    assert len(absent) == 4 - players
    for capital in absent:
        assert classic().board.port(capital).warehouse == 6  # still a major town


@pytest.mark.rules("C-SETUP-6", "C-BID-1", "X-C-53")
def test_c_setup_6_the_round_marker_starts_on_round_1_and_moves_on_each_round() -> None:
    """C-SETUP-6, C-BID-1: round 1 opens after set-up; each round's start advances it by one.

    Rules: C-SETUP-6, C-BID-1, X-C-53.
    """
    start = new_game()
    assert start.turn == 0  # the crews are placed before the first round
    state, events = events_of(start, "crew 4 4", "crew 4 4", "crew 4 4", "crew 4 4")
    assert state.turn == 1
    assert RoundStarted(1) in events
    selling = position(phase=6, round_=3)
    after, events = step(selling, "done")
    assert after.turn == 4
    assert RoundStarted(4) in events
    assert isinstance(after.phase, Bidding)


# --- round structure (C-ROUND) ---------------------------------------------------


@pytest.mark.rules("C-ROUND-1", "C-NEG-1")
def test_c_round_1_the_phase_table_is_bids_then_the_five_phases_in_order() -> None:
    """C-ROUND-1: bids, purchases, movement, battles, landings, sales; nothing else.

    C-NEG-1: no Doge cards, basilicas, wine income, special investment or
    blockade phases exist in the classic phase table.

    Rules: C-ROUND-1, C-NEG-1.
    """
    rules = classic()
    names = [p.name for p in rules.engine.phases()]
    assert names == [
        "Crewing",
        "Bidding",
        "RollingOff",
        "Choosing",
        "Purchasing",
        "Negotiating",
        "Moving",
        "Permission",
        "Fighting",
        "Rolling",
        "Spoils",
        "Landing",
        "Selling",
        "GameOver",
    ]
    words = [p.name.lower() for p in rules.engine.phases()]
    words += [p.kind for p in rules.engine.phases()]
    words += [a for p in rules.engine.phases() for a in p.actions]
    words += [t.__name__.lower() for t in rules.engine.event_types]
    for absent in ("doge", "basilica", "wine", "spice", "invest", "blockade", "special"):
        assert not [w for w in words if absent in w], absent


@pytest.mark.rules("C-ROUND-1", "C-ROUND-2", "C-BID-7")
def test_c_round_2_each_phase_is_played_through_in_the_bid_order() -> None:
    """C-ROUND-2, C-BID-7: the order the bids gave is used in phases 2 to 6.

    Bids give the order Turk, Spanish, Genoese, Venetian; in phase 2 and 3 the
    seats are asked in that order, and phase 3 starts only when all four have
    finished phase 2. Phase-6 income follows the same order.

    Rules: C-ROUND-1, C-ROUND-2, C-BID-7.
    """
    state = play(bidding(), "bid 100", "bid 200", "bid 300", "bid 400")
    state = play(state, "position 1", "position 2", "position 3")
    assert state.order == (3, 2, 1, 0)
    asked = []
    events: list[Event] = []
    for number, kind in ((2, Purchasing), (3, Moving)):
        for index in range(4):
            assert state.phase == kind(index)
            asked.append(state.to_act)
            state, found = step(state, "done")
            events.extend(found)
            started = [e.phase for e in found if isinstance(e, PhaseStarted)]
            # The next phase starts only once the last seat has finished this one.
            assert (number + 1 in started) == (index == 3)
    assert asked == [3, 2, 1, 0, 3, 2, 1, 0]
    # Phases 4 to 6 hold nothing to do here: every turn passes, income in order.
    assert [e.seat for e in events if isinstance(e, IncomePaid)] == [3, 2, 1, 0]
    assert state.turn == 2
    assert isinstance(state.phase, Bidding)


@pytest.mark.rules("C-ROUND-1", "C-ROUND-2", "C-BID-1", "C-BID-7", "C-SETUP-1", "C-SCORE-1")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)])
def test_c_round_1_random_games_run_exactly_their_rounds_each_opening_with_bids(
    players: int, seed: int
) -> None:
    """Random games: every round opens with the bids and plays phases 2..6 in order.

    Inside a round the turn order stays fixed, the seat on turn is the one
    at that place in the order, and the game ends after phase 6 of round
    8, 10 or 12, with final standings for every seat.

    Rules: C-ROUND-1, C-ROUND-2, C-BID-1, C-BID-7, C-SETUP-1, C-SCORE-1.
    """
    rules = classic()
    phases: dict[int, list[int]] = {}
    order: tuple[int, ...] = ()
    last_place: tuple[int, int] | None = None
    state = None
    for before, _, after, events in random_game(players, seed):
        state = after
        current = before.turn
        for event in events:
            if isinstance(event, RoundStarted):
                # A new round: the marker moved on by one and the bids are open.
                assert event.round == before.turn + 1 == after.turn
                assert isinstance(after.phase, Bidding)
                assert after.bids == (None,) * players
                assert after.order == ()
                current = event.round
                phases[current] = []
            elif isinstance(event, PhaseStarted):
                phases[current].append(event.phase)
        place = place_in_round(after)
        if place is None:
            last_place = None
            continue
        if last_place is None:
            order = after.order
            assert sorted(order) == list(range(players))
        assert after.order == order  # C-BID-7: one order for phases 2..6
        if isinstance(after.phase, TURN_PHASES):
            assert after.to_act == order[place[1]]
        if last_place is not None:
            assert place >= last_place  # C-ROUND-2: never back to an earlier turn
        last_place = place
    assert state is not None
    assert state.turn == ROUNDS[players]
    assert phases == {r: [2, 3, 4, 5, 6] for r in range(1, ROUNDS[players] + 1)}
    standings = rules.standings(state)
    assert standings.final
    assert sorted(s.seat for s in standings.entries) == list(range(players))


# --- phase 1: bids (C-BID) -------------------------------------------------------


@pytest.mark.rules("C-BID-2", "X-C-04")
def test_c_bid_2_a_bid_is_0_to_all_one_has_in_steps_of_100() -> None:
    """C-BID-2, X-C-04: any multiple of 100 from 0 up to the ducats one has.

    Rules: C-BID-2, X-C-04.
    """
    state = bidding()
    assert legal(state) == {f"bid {n}" for n in range(0, 2001, 100)}
    rejects(state, "bid 2100", "C-BID-2")
    rejects(state, "bid 250", "X-C-04")
    poorer = attrs.evolve(state, ducats=(700, 2000, 2000, 2000))
    assert legal(poorer) == {f"bid {n}" for n in range(0, 701, 100)}
    rejects(poorer, "bid 800", "C-BID-2")


@pytest.mark.rules("C-BID-2")
def test_c_bid_2_bids_are_revealed_together_once_everyone_has_bid() -> None:
    """C-BID-2: nothing is revealed until the last bid; then all bids at once.

    Rules: C-BID-2.
    """
    state = bidding()
    seen: list[Event] = []
    for seat, text in enumerate(["bid 300", "bid 0", "bid 0"]):
        assert state.to_act == seat
        assert isinstance(state.phase, Bidding)
        state, events = step(state, text)
        seen.extend(events)
    assert seen == []
    assert state.ducats == (2000,) * 4  # nothing paid yet
    _, events = step(state, "bid 500")
    assert events[0] == BidsRevealed((300, 0, 0, 500))


@pytest.mark.rules("C-BID-3")
def test_c_bid_3_the_highest_bidder_picks_any_place_then_the_others_by_bid() -> None:
    """C-BID-3: the top bid chooses any of the four places, the next bid the next.

    Rules: C-BID-3.
    """
    state = play(bidding(), "bid 200", "bid 400", "bid 300", "bid 100")
    assert state.to_act == 1
    assert legal(state) == {"position 1", "position 2", "position 3", "position 4"}
    state = play(state, "position 3")
    assert state.to_act == 2
    assert legal(state) == {"position 1", "position 2", "position 4"}
    rejects(state, "position 3", "C-BID-3")
    state = play(state, "position 4")
    assert state.to_act == 0
    assert legal(state) == {"position 1", "position 2"}
    state, events = step(state, "position 2")
    # The lowest bidder has one place left and takes it without a decision.
    assert PositionTaken(3, 1) in events
    assert state.order == (3, 0, 1, 2)


@pytest.mark.rules("C-BID-4", "X-C-02")
def test_c_bid_4_equal_bids_roll_off_and_a_tied_roll_is_rolled_again() -> None:
    """C-BID-4, X-C-02: equal bids roll; highest picks first; tied rolls are rolled again.

    Rules: C-BID-4, X-C-02.
    """
    state = play(bidding(), "bid 500", "bid 500", "bid 200", "bid 0")
    assert state.to_act == CHANCE
    assert isinstance(state.phase, RollingOff)
    assert state.phase.groups == ((0, 1), (2,), (3,))
    state, events = events_of(state, "roll 3", "roll 3")
    assert events == [DieRolled(0, 3), DieRolled(1, 3)]
    assert state.to_act == CHANCE  # the tie is rolled again
    state, events = events_of(state, "roll 2", "roll 5")
    assert events == [DieRolled(0, 2), DieRolled(1, 5)]
    assert isinstance(state.phase, Choosing)
    assert state.to_act == 1  # the Genoese rolled higher and picks first
    state = play(state, "position 2", "position 1")
    assert state.to_act == 2  # then the Spanish bid, then the zero bidder
    state = play(state, "position 4")
    assert state.order == (0, 1, 3, 2)


@pytest.mark.rules("C-BID-4", "X-C-02")
def test_c_bid_4_three_equal_bids_keep_rolling_only_among_those_still_tied() -> None:
    """X-C-02: after a roll-off only the seats still tied roll again.

    Rules: C-BID-4, X-C-02.
    """
    state = play(bidding(), "bid 100", "bid 100", "bid 100", "bid 600")
    state = play(state, "roll 4", "roll 4", "roll 1")
    assert isinstance(state.phase, RollingOff)
    assert state.phase.groups[0] == (0, 1)  # seat 2 rolled lowest and is ranked last
    state = play(state, "roll 6", "roll 5")
    assert isinstance(state.phase, Choosing)
    assert state.phase.queue == (3, 0, 1, 2)


@pytest.mark.rules("C-BID-5", "X-C-01")
def test_c_bid_5_zero_bidders_come_after_every_positive_bid_in_roll_order() -> None:
    """C-BID-5, X-C-01 (automatic): zero bidders fill the places left by die roll.

    Rules: C-BID-5, X-C-01.
    """
    state = play(bidding(), "bid 0", "bid 100", "bid 0", "bid 0")
    assert isinstance(state.phase, RollingOff)
    assert state.phase.groups == ((0, 2, 3),)
    state = play(state, "roll 2", "roll 6", "roll 4")
    assert state.to_act == 1  # only the positive bidder chooses
    state, events = step(state, "position 2")
    assert [e for e in events if isinstance(e, PositionTaken)] == [
        PositionTaken(1, 2),
        PositionTaken(2, 1),
        PositionTaken(3, 3),
        PositionTaken(0, 4),
    ]
    assert state.order == (2, 1, 3, 0)
    assert isinstance(state.phase, Purchasing)


@pytest.mark.rules("C-BID-5", "X-C-01")
def test_c_bid_5_with_zero_bid_order_choose_the_zero_bidders_pick_in_roll_order() -> None:
    """X-C-01 (choose): the best roll among zero bidders picks any place left.

    Rules: C-BID-5, X-C-01.
    """
    options = {"zero_bid_order": "choose"}
    state = play(bidding(4, options), "bid 0", "bid 100", "bid 0", "bid 0")
    state = play(state, "roll 2", "roll 6", "roll 4", "position 2")
    assert state.to_act == 2
    assert legal(state) == {"position 1", "position 3", "position 4"}
    state = play(state, "position 4")
    assert state.to_act == 3
    state = play(state, "position 3")
    assert state.order == (0, 1, 3, 2)


@pytest.mark.rules("C-BID-5", "X-C-01")
def test_c_bid_5_when_nobody_bids_the_die_alone_sets_the_order() -> None:
    """C-BID-5: with no bids at all the die decides the whole order.

    Rules: C-BID-5, X-C-01.
    """
    state = play(bidding(3), "bid 0", "bid 0", "bid 0", "roll 1", "roll 5", "roll 3")
    assert state.order == (1, 2, 0)
    assert state.treasury == 0
    assert state.ducats == (2000, 2000, 2000)


@pytest.mark.rules("C-BID-6")
def test_c_bid_6_every_bid_winning_or_losing_goes_to_the_treasury() -> None:
    """C-BID-6: all four bids are paid, not just the winner's.

    Rules: C-BID-6.
    """
    state = play(bidding(), "bid 300", "bid 1200", "bid 0", "bid 2000")
    assert state.ducats == (1700, 800, 2000, 0)
    assert state.treasury == 3500
    # Next round, a seat can bid only what it has left.
    bids = play(position(phase=6, ducats=state.ducats), "done")
    assert legal(bids) == {f"bid {n}" for n in range(0, 2001, 100)}
    assert bids.ducats == (2000, 1100, 2300, 300)


@pytest.mark.rules("C-BID-6", "C-BID-2")
@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_c_bid_6_random_games_pay_bids_to_the_treasury_and_keep_money_constant(
    players: int, seed: int
) -> None:
    """C-BID-6: revealing the bids moves exactly the bids from the seats to the treasury.

    Over a whole game the ducats of all seats plus what the treasury took in
    never change: money only passes between players and the treasury.

    Rules: C-BID-6, C-BID-2.
    """
    total = players * 2000
    reveals = 0
    for before, _, after, events in random_game(players, seed):
        assert sum(after.ducats) + after.treasury == total
        assert all(d >= 0 for d in after.ducats)
        revealed = [e for e in events if isinstance(e, BidsRevealed)]
        if revealed:
            reveals += 1
            bids = revealed[0].bids
            assert after.ducats == tuple(d - b for d, b in zip(before.ducats, bids, strict=True))
            assert after.treasury == before.treasury + sum(bids)
    assert reveals == ROUNDS[players]


@pytest.mark.rules("C-BID-7", "X-C-03")
def test_c_bid_7_with_two_players_the_order_has_two_places() -> None:
    """X-C-03: two players take places 1 and 2; only the relative order matters.

    Rules: C-BID-7, X-C-03.
    """
    state = play(bidding(2), "bid 0", "bid 100")
    assert state.to_act == 1
    assert legal(state) == {"position 1", "position 2"}
    state = play(state, "position 2")
    assert state.order == (0, 1)
    assert state.phase == Purchasing(0)


# --- players left with nothing (X-C-52) ---------------------------------------------


@pytest.mark.rules("X-C-52", "C-NEG-1")
def test_x_c_52_a_player_without_galleys_or_ports_stays_in_the_game() -> None:
    """X-C-52: a seat with no galley and no port still bids and is ranked at the end.

    It has nothing to do in phases 2 to 6 (no free galley, C-NEG-1) and
    scores its ducats.

    Rules: X-C-52, C-NEG-1.
    """
    ports = {"genoa": P(0, 1)}  # the Genoese capital is the Venetian's now
    galleys = [G(1, 0, "venice", 2), G(2, 2, "valencia", 2), G(3, 3, "istanbul", 2)]
    state = position(phase=2, galleys=galleys, ports=ports, ducats=[2000, 1500, 2000, 2000])
    stripped = attrs.evolve(state, phase=Purchasing(1), to_act=1)
    assert legal(stripped) == {"done"}  # the Genoese can neither build nor hire
    asked = set()
    while not isinstance(state.phase, Bidding):
        asked.add(state.to_act)
        state = play(state, "done")
    assert 1 not in asked  # no turn of phases 2..6 asks the Genoese anything
    assert state.turn == 2
    state = play(state, "bid 0")
    assert state.to_act == 1
    assert legal(state) == {f"bid {n}" for n in range(0, 1501, 100)}
    genoese = next(s for s in classic().standings(state).entries if s.seat == 1)
    assert genoese.score == 3  # 1500 ducats; no capital, no port


# --- rules the classic edition does not have (C-NEG) ----------------------------------


@pytest.mark.rules("C-NEG-1", "C-INC-1")
def test_c_neg_1_wine_ports_pay_no_income_and_spices_no_bonus() -> None:
    """C-NEG-1: holding wine ports adds nothing to the 300 income; spices sell at face value.

    Rules: C-NEG-1, C-INC-1.
    """
    ports = {"sicily": P(0, 1), "crete": P(0, 1), "cyprus": P(0, 1)}
    galleys = [G(1, 0, "naples", 2, "spice")]
    state = position(phase=6, galleys=galleys, ports=ports)
    # The sale leaves nothing else to do: the turn ends and the income is paid.
    state, events = step(state, "sell 1 spice naples")
    assert [e for e in events if isinstance(e, GoodSold)] == [
        GoodSold(0, 1, "spice", "naples", 1, 100, 0)
    ]
    assert [e for e in events if isinstance(e, IncomePaid) and e.seat == 0] == [IncomePaid(0, 300)]
    assert state.ducats[0] == 2000 + 100 + 300


@pytest.mark.rules("C-NEG-1")
def test_c_neg_1_a_players_last_port_can_be_attacked_and_no_free_galley_is_given() -> None:
    """C-NEG-1: no last-port protection, no special investment for a small fleet.

    Rules: C-NEG-1.
    """
    # The Genoese hold only Genoa; the Venetian galley there may still attack it.
    galleys = [G(1, 0, "genoa", 4)]
    ports = {"genoa": P(1, 1)}
    fight = position(phase=4, galleys=galleys, ports=ports)
    assert "assault 1 genoa" in legal(fight)
    # A seat without galleys gets no galley for nothing in phase 2.
    bare = position(phase=2, order=[1, 0, 2, 3], ports={"genoa": P(1, 3)})
    assert legal(bare) == {"done"}
    after = play(bare, "done")
    assert not [g for g in after.galleys if g.owner == 1]


@pytest.mark.rules("C-NEG-2", "C-MOVE-2")
@pytest.mark.parametrize("strength", [1, 5])
def test_c_neg_2_no_blockade_by_sailor_strength(strength: int) -> None:
    """C-NEG-2: the other galleys' sailors never change where a galley may go or sell.

    A 2-sailor Venetian galley leaves an area held by a Genoese galley of any
    strength, enters an area with another, and sells where the owner of the
    port has a big garrison and galleys.

    Rules: C-NEG-2, C-MOVE-2.
    """
    galleys = [
        G(1, 0, "corfu", 2),
        G(2, 1, "corfu", strength),
        G(3, 1, "ragusa", strength),
        G(4, 2, "smyrna", 1, "wine"),
        G(5, 3, "smyrna", strength),
    ]
    moving = position(phase=3, galleys=galleys, order=[0, 1, 2, 3])
    assert {"move 1 ragusa", "move 1 modon", "move 1 ionian_sea"} <= legal(moving)
    entered = play(moving, "move 1 ragusa")
    assert entered.galley(1).area == "ragusa"  # type: ignore[union-attr]
    ports = {"smyrna": P(3, 5)}
    selling = position(phase=6, galleys=galleys, ports=ports, order=[2, 0, 1, 3])
    assert "sell 4 wine smyrna" in legal(selling)
    sold = play(selling, "sell 4 wine smyrna")
    assert sold.ducats[2] == 2000 + 100 + 500 + 300  # the sale, its bonus, the income
    assert port_of(sold, "smyrna").warehouse == ("wine",)


@pytest.mark.rules("C-NEG-2")
def test_c_neg_2_legal_moves_ignore_the_strength_of_other_galleys() -> None:
    """C-NEG-2: the legal moves are the same whether the other galley has 1 or 5 sailors.

    Rules: C-NEG-2.
    """

    def moves(strength: int) -> set[str]:
        galleys = [G(1, 0, "corfu", 3), G(2, 1, "ragusa", strength), G(3, 1, "corfu", strength)]
        state = position(phase=3, galleys=galleys)
        first = legal(state)
        state = play(state, "move 1 ragusa")
        return first | {f"then {t}" for t in legal(state)}

    assert moves(1) == moves(5)


@pytest.mark.rules("C-NEG-3", "C-PATK-1", "C-LAND-1")
def test_c_neg_3_a_neutral_port_has_no_garrison_to_fight() -> None:
    """C-NEG-3: a neutral port cannot be attacked; one sailor landing takes it in phase 5.

    Rules: C-NEG-3, C-PATK-1, C-LAND-1.
    """
    galleys = [G(1, 0, "ragusa", 3)]
    fight = position(phase=4, galleys=galleys)
    assert port_of(fight, "ragusa") == P(None, 0)
    rejects(fight, "assault 1 ragusa", "C-PATK-1")
    landing = position(phase=5, galleys=galleys)
    taken = play(landing, "land 1 ragusa")
    assert port_of(taken, "ragusa").owner == 0
    assert port_of(taken, "ragusa").garrison == 1
    assert taken.galley(1).sailors == 2  # type: ignore[union-attr]


@pytest.mark.rules("X-C-35", "C-INC-1")
def test_x_c_35_a_capital_of_no_player_pays_no_income_but_is_a_major_town() -> None:
    """X-C-35: Istanbul in a 3-player game is neutral, pays no income, gives the capital bonus.

    Rules: X-C-35, C-INC-1.
    """
    three = bidding(3)
    assert port_of(three, "istanbul") == P(None, 0)
    # The Venetian holds Istanbul but not Venice: no income.
    ports = {"istanbul": P(0, 1), "venice": P(1, 1)}
    state = position(3, phase=6, ports=ports)
    paid = play(state, "done")
    assert paid.ducats == (2000, 2300, 2300)
    # Sold to Istanbul while the Genoese hold it: the capital's bonus of 1000.
    ports = {"istanbul": P(1, 1)}
    state = position(3, phase=6, ports=ports, galleys=[G(1, 0, "istanbul", 1, "wine")])
    _, events = step(state, "sell 1 wine istanbul")
    sale = next(e for e in events if isinstance(e, GoodSold))
    assert (sale.ducats, sale.bonus) == (100, 1000)
