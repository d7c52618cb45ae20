"""Classic income, end of game and wealth points (C-INC, C-SCORE).

Also the scoring decisions: the point of a not-full own capital (X-C-36),
ducats rounded down (X-C-37), ties (X-C-38), capitals of nations not in play
(X-C-35) and the summary manual's extra points, off by default (X-002-16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from classic.scenario import G, P, classic, play, position, step
from serenissima.engine.core import TERMINAL, Standing
from serenissima.engine.errors import IllegalActionError
from serenissima_rulesets.classic.events import GameEnded, GoodSold, IncomePaid
from serenissima_rulesets.classic.phases import Bidding, GameOver, Selling
from serenissima_rulesets.classic.state import ClassicState, Port

FULL_SMALL = ("gold", "wine")
"""Two goods for a small port that produces neither (Cyrene produces gems)."""
FULL_MEDIUM = ("gems", "spice", "wine", "iron")
"""Four goods for a medium port that produces none of them (Tunis produces gold)."""
FULL_CAPITAL = ("gems", "gold", "spice", "wine", "iron", "wood")
"""Six goods for Venice, which produces textiles."""


def standing(state: ClassicState, seat: int) -> Standing:
    """``seat``'s entry in the standings."""
    return next(s for s in classic().standings(state).entries if s.seat == seat)


def parts(state: ClassicState, seat: int) -> dict[str, int]:
    """``seat``'s score breakdown by name."""
    return dict(standing(state, seat).breakdown)


def scored(
    ports: Mapping[str, Port],
    ducats: int = 0,
    options: Mapping[str, Any] | None = None,
    galleys: tuple[Any, ...] = (),
    players: int = 4,
) -> ClassicState:
    """A position in which seat 0 holds ``ports`` (and nothing else) with ``ducats``."""
    held = {"venice": P(None), **ports}
    money = [ducats] + [0] * (players - 1)
    return position(players, phase=6, ports=held, ducats=money, options=options, galleys=galleys)


# --- income (C-INC) -----------------------------------------------------------------


@pytest.mark.rules("C-INC-1", "X-C-27")
def test_c_inc_1_income_is_paid_at_the_end_of_ones_own_phase_6_turn() -> None:
    """X-C-27: the first seat's income is paid before the next seat sells.

    Rules: C-INC-1, X-C-27.
    """
    galleys = [G(1, 1, "naples", 1, "wine")]
    state = position(phase=6, galleys=galleys, order=[0, 1, 2, 3])
    state, events = step(state, "done")
    assert events == (IncomePaid(0, 300),)
    assert state.phase == Selling(1)
    assert state.ducats == (2300, 2000, 2000, 2000)
    state, events = step(state, "sell 1 wine naples")
    assert state.ducats[1] == 2000 + 100 + 300
    income = [e for e in events if isinstance(e, IncomePaid)]
    assert income == [IncomePaid(1, 300), IncomePaid(2, 300), IncomePaid(3, 300)]


@pytest.mark.rules("C-INC-1")
def test_c_inc_1_only_ones_own_capital_pays_income() -> None:
    """C-INC-1: a lost capital pays nothing, and neither does another nation's capital.

    Rules: C-INC-1.
    """
    # The Spanish hold Genoa and Venice as well as Valencia; the Turks hold nothing.
    ports = {"genoa": P(2, 1), "venice": P(2, 1), "istanbul": P(2, 1)}
    state = position(phase=6, ports=ports)
    after, events = step(state, "done")
    assert [e for e in events if isinstance(e, IncomePaid)] == [IncomePaid(2, 300)]
    assert after.ducats == (2000, 2000, 2300, 2000)


@pytest.mark.rules("C-INC-1")
def test_c_inc_1_a_capital_kept_with_no_garrison_still_pays() -> None:
    """C-INC-1, X-C-09: control, not the garrison, earns the income.

    Rules: C-INC-1.
    """
    state = position(phase=6, ports={"venice": P(0, 0)})
    after = play(state, "done")
    assert after.ducats[0] == 2300


# --- end of the game (C-SCORE-1) -------------------------------------------------------


@pytest.mark.rules("C-SCORE-1")
@pytest.mark.parametrize(("players", "rounds"), [(2, 12), (3, 10), (4, 8)])
def test_c_score_1_the_game_ends_when_phase_6_of_the_last_round_is_over(
    players: int, rounds: int
) -> None:
    """C-SCORE-1: after the last seat's phase 6 of the last round, the game is over.

    The last income is still paid; nothing can be played afterwards.

    Rules: C-SCORE-1.
    """
    galleys = [G(1, 0, "naples", 1, "wine")]
    money = [2000] + [0] * (players - 1)
    last = position(players, phase=6, round_=rounds, galleys=galleys, ducats=money)
    state = play(last, "sell 1 wine naples")
    assert state.to_act == TERMINAL
    assert isinstance(state.phase, GameOver)
    assert state.ducats == (2000 + 100 + 300,) + (300,) * (players - 1)
    assert classic().legal_actions(state) == ()
    with pytest.raises(IllegalActionError) as info:
        play(state, "done")
    assert info.value.rule_id == "C-SCORE-1"
    standings = classic().standings(state)
    assert standings.final
    assert standings.winners == (0,)


@pytest.mark.rules("C-SCORE-1", "C-SCORE-3")
def test_c_score_1_the_last_step_announces_the_winners() -> None:
    """C-SCORE-1: the game's last step names the winners.

    Rules: C-SCORE-1, C-SCORE-3.
    """
    state = position(phase=6, round_=8, ports={"ragusa": P(3, 1)})
    _, events = step(state, "done")
    assert events[-1] == GameEnded((3,))


@pytest.mark.rules("C-SCORE-1")
def test_c_score_1_standings_before_the_end_are_provisional() -> None:
    """C-SCORE-1: standings before the end of round 8 are not final.

    Rules: C-SCORE-1.
    """
    state = play(position(phase=6, round_=7), "done")
    assert isinstance(state.phase, Bidding)
    assert not classic().standings(state).final


# --- wealth points (C-SCORE-2) -----------------------------------------------------------


@pytest.mark.rules("C-SCORE-2", "X-C-36")
def test_c_score_2_ten_points_for_ones_own_capital_and_one_more_only_by_option() -> None:
    """C-SCORE-2, X-C-36: own capital held, not full: 10; 10 + 1 with the option.

    Rules: C-SCORE-2, X-C-36.
    """
    state = scored({"venice": P(0, 1, "wine")})
    assert standing(state, 0).score == 10
    assert parts(state, 0) == {
        "capital": 10,
        "ports": 0,
        "full ports": 0,
        "ducats": 0,
        "ducats held": 0,
    }
    on = scored({"venice": P(0, 1, "wine")}, options={"capital_scores_port_point": True})
    assert standing(on, 0).score == 11
    assert parts(on, 0)["ports"] == 1


@pytest.mark.rules("C-SCORE-2", "X-C-36")
@pytest.mark.parametrize("option", [True, False])
def test_c_score_2_a_full_own_capital_scores_10_and_10(option: bool) -> None:
    """C-SCORE-2: a full own capital scores 10 for control and 10 for being full.

    Rules: C-SCORE-2, X-C-36.
    """
    state = scored(
        {"venice": P(0, 1, *FULL_CAPITAL)}, options={"capital_scores_port_point": option}
    )
    assert standing(state, 0).score == 20
    assert parts(state, 0)["full ports"] == 10


@pytest.mark.rules("C-SCORE-2")
@pytest.mark.parametrize(
    ("port_id", "goods", "points"),
    [
        ("cyrene", (), 1),
        ("cyrene", ("gold",), 1),
        ("cyrene", FULL_SMALL, 2),
        ("tunis", FULL_MEDIUM[:3], 1),
        ("tunis", FULL_MEDIUM, 5),
        ("istanbul", FULL_CAPITAL[:5], 1),
        ("istanbul", FULL_CAPITAL, 10),
    ],
)
def test_c_score_2_each_port_scores_1_or_by_its_size_when_full(
    port_id: str, goods: tuple[str, ...], points: int
) -> None:
    """C-SCORE-2: 1 per port not full; full: 2 small, 5 medium, 10 for a capital.

    Another nation's capital held does not give the 10 for one's own capital.

    Rules: C-SCORE-2.
    """
    state = scored({port_id: P(0, 1, *goods)})
    assert standing(state, 0).score == points
    assert parts(state, 0)["capital"] == 0


@pytest.mark.rules("C-SCORE-2", "X-C-37")
@pytest.mark.parametrize(
    ("ducats", "points"), [(0, 0), (499, 0), (500, 1), (999, 1), (2999, 5), (10000, 20)]
)
def test_c_score_2_one_point_per_500_ducats_rounded_down(ducats: int, points: int) -> None:
    """C-SCORE-2, X-C-37: ducats score 1 per 500, rounded down.

    Rules: C-SCORE-2, X-C-37.
    """
    state = scored({}, ducats=ducats)
    assert parts(state, 0)["ducats"] == points
    assert parts(state, 0)["ducats held"] == ducats
    assert standing(state, 0).score == points


@pytest.mark.rules("C-SCORE-2")
def test_c_score_2_galleys_goods_aboard_forts_and_sailors_score_nothing() -> None:
    """C-SCORE-2: only the capital, ports and ducats score; a fleet adds nothing.

    Rules: C-SCORE-2, X-002-16.
    """
    fleet = (*tuple(G(n, 0, "ragusa", 5) for n in range(1, 5)), G(5, 0, "corfu", 1, "gems"))
    plain = scored({"ragusa": P(0, 1)})
    rich = scored({"ragusa": P(0, 20, forts=1)}, galleys=fleet)
    assert standing(rich, 0).score == standing(plain, 0).score == 1


@pytest.mark.rules("X-002-16")
def test_x_002_16_extra_points_for_fleet_forts_and_sailors_only_by_option() -> None:
    """X-002-16: 1 per 2 galleys, per 2 forts, per 10 sailors, with the house rule on.

    Rules: X-002-16.
    """
    fleet = tuple(G(n, 0, "ragusa", 4) for n in range(1, 6))  # 5 galleys, 20 sailors
    ports = {"ragusa": P(0, 3, forts=1), "corfu": P(0, 2, forts=1), "modon": P(0, 0, forts=1)}
    off = scored(ports, galleys=fleet)
    assert set(parts(off, 0)) == {"capital", "ports", "full ports", "ducats", "ducats held"}
    assert standing(off, 0).score == 3
    on = scored(ports, galleys=fleet, options={"scoring_002_extras": True})
    extras = parts(on, 0)
    assert (extras["galleys"], extras["forts"], extras["sailors"]) == (2, 1, 2)
    assert standing(on, 0).score == 3 + 2 + 1 + 2


@pytest.mark.rules("X-C-35", "C-SCORE-2")
def test_x_c_35_a_capital_of_no_player_scores_as_a_capital_when_full() -> None:
    """X-C-35: in a 3-player game a full Istanbul scores 10, like any capital.

    Rules: X-C-35, C-SCORE-2.
    """
    state = scored({"istanbul": P(0, 1, *FULL_CAPITAL)}, players=3)
    assert standing(state, 0).score == 10
    assert parts(state, 0)["capital"] == 0


# --- the winner (C-SCORE-3) ------------------------------------------------------------


@pytest.mark.rules("C-SCORE-3")
def test_c_score_3_the_most_points_wins() -> None:
    """C-SCORE-3: ranks follow wealth points, whatever the ducats held.

    Rules: C-SCORE-3.
    """
    ports = {"ragusa": P(1, 1), "corfu": P(1, 1)}
    state = position(phase=6, ports=ports, ducats=[9000, 0, 0, 2000], round_=8)
    state = play(state, "done")
    standings = classic().standings(state)
    # Venetian 10 + 18; Genoese 10 + 2 + 0; Spanish 10 + 0; Turk 10 + 4 (X-C-36: no port
    # point for a capital).
    assert [(s.seat, s.rank, s.score) for s in standings.entries] == [
        (0, 1, 28),
        (3, 2, 14),
        (1, 3, 12),
        (2, 4, 10),
    ]
    assert standings.winners == (0,)


@pytest.mark.rules("C-SCORE-3", "X-C-38")
def test_x_c_38_a_tie_is_a_shared_victory_by_default() -> None:
    """X-C-38 (shared): equal points share the win, whatever the ducats.

    Rules: C-SCORE-3, X-C-38.
    """
    state = position(phase=6, ducats=[600, 400, 0, 0], round_=8)
    state = play(state, "done")
    standings = classic().standings(state)
    assert [(s.seat, s.rank, s.score) for s in standings.entries] == [
        (0, 1, 11),
        (1, 1, 11),
        (2, 3, 10),
        (3, 3, 10),
    ]
    assert standings.winners == (0, 1)


@pytest.mark.rules("C-SCORE-3", "X-C-38")
def test_x_c_38_with_most_ducats_the_richer_of_tied_players_wins() -> None:
    """X-C-38 (most_ducats): among equal points, more ducats left ranks higher.

    Rules: C-SCORE-3, X-C-38.
    """
    options = {"classic_tiebreak": "most_ducats"}
    state = position(phase=6, ducats=[600, 400, 0, 0], round_=8, options=options)
    state = play(state, "done")
    standings = classic().standings(state)
    assert [(s.seat, s.rank) for s in standings.entries] == [(0, 1), (1, 2), (2, 3), (3, 3)]
    assert standings.winners == (0,)


@pytest.mark.rules("C-INC-1", "C-SALE-2")
def test_c_inc_1_income_does_not_depend_on_having_sold() -> None:
    """C-INC-1: income is the same 300 whether or not one sold anything.

    Rules: C-INC-1, C-SALE-2.
    """
    galleys = [G(1, 0, "naples", 1, "wine")]
    state = position(phase=6, galleys=galleys)
    sold, events = step(state, "sell 1 wine naples")
    sale = [e for e in events if isinstance(e, GoodSold)]
    income = [e for e in events if isinstance(e, IncomePaid) and e.seat == 0]
    assert sale[0].ducats == 100
    assert income == [IncomePaid(0, 300)]
    assert sold.ducats[0] == 2400
