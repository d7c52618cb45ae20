"""Worked examples of the classic edition: bids, starting position, scoring and income.

WE-C-01 (bidding for turn order), WE-C-10 (starting position), WE-C-14
(final scoring) and WE-C-16 (income).
"""

from __future__ import annotations

import pytest

from classic.scenario import P, classic, play, position, step
from serenissima.engine.core import CHANCE
from serenissima.engine.errors import IllegalActionError
from serenissima_rulesets.classic.events import (
    BidsRevealed,
    DieRolled,
    IncomePaid,
    PositionTaken,
    StartingCrews,
)
from serenissima_rulesets.classic.phases import Bidding, Purchasing
from serenissima_rulesets.classic.state import ClassicState, Port

VENETIAN, GENOESE, SPANISH, TURK = 0, 1, 2, 3


def crewed(options: dict[str, str] | None = None) -> ClassicState:
    """A 4-player game after every seat crewed 4 and 4: round 1's bids are open."""
    state = classic().new_game(4, options or {})
    assert isinstance(state, ClassicState)
    return play(state, *(["crew 4 4"] * 4))


def port_of(state: ClassicState, port_id: str) -> Port:
    """The pieces on port ``port_id``."""
    return state.ports[classic().board.port_index(port_id)]


# --- WE-C-01 -----------------------------------------------------------------------------


@pytest.mark.rules("C-BID-2", "C-BID-3", "C-BID-5", "C-BID-6", "X-C-01")
def test_we_c_01_venetian_300_turk_500_and_the_zero_bidders_roll() -> None:
    """WE-C-01: bids V 300, T 500, G 0, S 0 give the order V, G, S, T.

    The Turk picks the last place, the Venetian the first; the Genoese roll
    6 and the Spanish 2, so they take places 2 and 3 by themselves. The
    treasury takes the 800 bid.

    Rules: C-BID-2, C-BID-3, C-BID-5, C-BID-6, X-C-01.
    """
    state = crewed()
    treasury = state.treasury
    state = play(state, "bid 300", "bid 0", "bid 0")
    state, events = step(state, "bid 500")
    assert events == (BidsRevealed((300, 0, 0, 500)),)
    assert state.to_act == CHANCE  # the two zero bidders roll
    state, events = step(state, "roll 6")
    assert events == (DieRolled(GENOESE, 6),)
    state = play(state, "roll 2")
    assert state.to_act == TURK  # the highest bid picks first
    state = play(state, "position 4")
    assert state.to_act == VENETIAN
    state, events = step(state, "position 1")
    assert [e for e in events if isinstance(e, PositionTaken)] == [
        PositionTaken(VENETIAN, 1),
        PositionTaken(GENOESE, 2),
        PositionTaken(SPANISH, 3),
    ]
    assert state.order == (VENETIAN, GENOESE, SPANISH, TURK)
    assert state.treasury == treasury + 800
    assert state.ducats == (1700, 2000, 2000, 1500)
    assert state.phase == Purchasing(0)
    assert state.to_act == VENETIAN


@pytest.mark.rules("C-BID-5", "X-C-01")
def test_we_c_01_the_same_order_when_the_zero_bidders_choose() -> None:
    """WE-C-01 with zero_bid_order=choose: the Genoese choose place 2; same order.

    Rules: C-BID-5, X-C-01.
    """
    state = crewed({"zero_bid_order": "choose"})
    state = play(state, "bid 300", "bid 0", "bid 0", "bid 500", "roll 6", "roll 2")
    state = play(state, "position 4", "position 1")
    assert state.to_act == GENOESE  # the best roll among the zero bidders chooses
    assert {a.text() for a in classic().legal_actions(state)} == {"position 2", "position 3"}
    state, events = step(state, "position 2")
    # The Spanish have one place left and take it without being asked.
    assert [e for e in events if isinstance(e, PositionTaken)] == [
        PositionTaken(GENOESE, 2),
        PositionTaken(SPANISH, 3),
    ]
    assert state.order == (VENETIAN, GENOESE, SPANISH, TURK)
    assert state.treasury == 800
    assert state.ducats == (1700, 2000, 2000, 1500)


# --- WE-C-10 -----------------------------------------------------------------------------


@pytest.mark.rules("C-SETUP-4", "C-SETUP-5")
def test_we_c_10_venice_starts_with_galleys_of_4_and_4_and_a_garrison_of_2() -> None:
    """WE-C-10: crews 4 and 4 leave 2 in Venice; 2000 ducats; every other port neutral.

    Rules: C-SETUP-4, C-SETUP-5.
    """
    start = classic().new_game(4, {})
    assert isinstance(start, ClassicState)
    state, events = step(start, "crew 4 4")
    assert events == (StartingCrews(VENETIAN, 4, 4, 2),)
    venetian = [g for g in state.galleys if g.owner == VENETIAN]
    assert [(g.area, g.sailors, g.cargo) for g in venetian] == [
        ("venice", 4, ()),
        ("venice", 4, ()),
    ]
    assert port_of(state, "venice") == P(VENETIAN, 2)
    assert state.ducats[VENETIAN] == 2000
    state = play(state, "crew 4 4", "crew 4 4", "crew 4 4")
    assert isinstance(state.phase, Bidding)
    capitals = {"venice", "genoa", "valencia", "istanbul"}
    for spec, port in zip(classic().board.ports, state.ports, strict=True):
        if spec.id not in capitals:
            assert port == P(None, 0), spec.id


@pytest.mark.rules("C-SETUP-4", "C-ORG-2")
def test_we_c_10_six_sailors_on_one_galley_is_refused() -> None:
    """WE-C-10: 6 + 4 + 0 is refused: a galley holds at most 5 (C-ORG-2).

    Rules: C-SETUP-4, C-ORG-2.
    """
    start = classic().new_game(4, {})
    assert isinstance(start, ClassicState)
    rules = classic()
    action = rules.parse_action(start, "crew 6 4")
    assert not rules.is_legal(start, action)
    with pytest.raises(IllegalActionError) as info:
        rules.apply(start, action)
    assert info.value.rule_id == "C-ORG-2"
    assert start.galleys == ()  # nothing was placed


# --- WE-C-14 -----------------------------------------------------------------------------

SCORING_PORTS = {
    "ragusa": P(VENETIAN, 1),  # not full
    "corfu": P(VENETIAN, 1, "gems"),  # not full (1 of 2)
    "tunis": P(VENETIAN, 1, "gems", "spice", "wine", "iron"),  # medium, full
    "cyrene": P(VENETIAN, 1, "gold", "wine"),  # small, full
}


def we_c_14(capital: Port, **options: bool) -> ClassicState:
    """The position of WE-C-14: the Venetian's ports and 2750 ducats."""
    ports = {"venice": capital, **SCORING_PORTS}
    return position(phase=6, ports=ports, ducats=[2750, 0, 0, 0], options=options)


def venetian_score(state: ClassicState) -> tuple[int, dict[str, int]]:
    """The Venetian's wealth points and their breakdown."""
    entry = next(s for s in classic().standings(state).entries if s.seat == VENETIAN)
    return entry.score, dict(entry.breakdown)


@pytest.mark.rules("C-SCORE-2", "X-C-36", "X-C-37")
def test_we_c_14_final_scoring_25_points() -> None:
    """WE-C-14 with capital_scores_port_point=true: 10 + 1 + 2 x 1 + 5 + 2 + 5 = 25.

    Rules: C-SCORE-2, X-C-36, X-C-37.
    """
    score, parts = venetian_score(we_c_14(P(VENETIAN, 1, "wine"), capital_scores_port_point=True))
    assert score == 25
    assert parts == {
        "capital": 10,
        "ports": 3,
        "full ports": 7,
        "ducats": 5,
        "ducats held": 2750,
    }


@pytest.mark.rules("C-SCORE-2", "X-C-36")
@pytest.mark.parametrize("options", [{}, {"capital_scores_port_point": False}])
def test_we_c_14_24_points_when_the_capital_scores_no_port_point(options: dict[str, bool]) -> None:
    """WE-C-14 as the engine scores it by default (capital_scores_port_point=false): 24.

    Rules: C-SCORE-2, X-C-36.
    """
    state = we_c_14(P(VENETIAN, 1, "wine"), **options)
    score, parts = venetian_score(state)
    assert score == 24
    assert parts["ports"] == 2


@pytest.mark.rules("C-SCORE-2", "X-C-36")
@pytest.mark.parametrize("option", [True, False])
def test_we_c_14_34_points_with_a_full_own_capital(option: bool) -> None:
    """WE-C-14: with Venice full, 10 + 10 + 2 + 5 + 2 + 5 = 34.

    Rules: C-SCORE-2, X-C-36.
    """
    full = P(VENETIAN, 1, "gems", "gold", "spice", "wine", "iron", "wood")
    score, parts = venetian_score(we_c_14(full, capital_scores_port_point=option))
    assert score == 34
    assert (parts["capital"], parts["ports"], parts["full ports"]) == (10, 2, 17)


# --- WE-C-16 -----------------------------------------------------------------------------


@pytest.mark.rules("C-INC-1", "X-C-27")
def test_we_c_16_venice_pays_300_and_valencia_pays_the_genoese_nothing() -> None:
    """WE-C-16: the Venetian holding Venice +300; the Genoese without Genoa, with Valencia, +0.

    Rules: C-INC-1, X-C-27.
    """
    ports = {"genoa": P(TURK, 1), "valencia": P(GENOESE, 1)}
    state = position(phase=6, ports=ports)
    after, events = step(state, "done")
    income = {e.seat: e.ducats for e in events if isinstance(e, IncomePaid)}
    assert income == {VENETIAN: 300, TURK: 300}
    assert after.ducats[VENETIAN] == 2300
    assert after.ducats[GENOESE] == 2000
    assert after.ducats[SPANISH] == 2000
    assert isinstance(after.phase, Bidding)
    assert after.turn == 2
