"""The ladder by seat: the two seatings, each agent's share from each seat and alone."""

from __future__ import annotations

import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from serenissima.analysis.ladder.report import format_ladder, ladder_markdown
from serenissima.analysis.ladder.run import PairingResult, SeatShare, run_ladder, seat_pattern
from serenissima.analysis.ladder.seating import SEATINGS, check_seating, pairs_of
from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
from serenissima.analysis.stats.intervals import wilson_interval
from serenissima.cli import main
from serenissima.engine.errors import ArgumentValueError

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ["random", "greedy"]


def _pattern_as_it_was(players: int, index: int) -> tuple[int, ...]:
    """The alternate seating, as the ladder seated its games before it had a second one."""
    turn, swap = (index // 2) % players, index % 2
    return tuple(((seat + turn) % players) % 2 ^ swap for seat in range(players))


# --- the seatings -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_one_seating_has_one_lone_seat_a_game_rotating_through_every_seat(
    players: int,
) -> None:
    alone = []
    for index in range(4 * players):
        pattern = seat_pattern(players, index, seating="one")
        side = index % 2  # the first agent alone in the even games, the second in the odd
        assert pattern.count(side) == 1
        assert pattern.count(1 - side) == players - 1
        assert pattern.index(side) == (index // 2) % players  # the lone seat turns
        alone.append((side, pattern.index(side)))
    for block in (alone[: 2 * players], alone[2 * players :]):
        # over 2P games each agent is alone at every seat exactly once
        assert Counter(block) == {(side, seat): 1 for side in (0, 1) for seat in range(players)}


def test_both_seatings_are_the_same_games_at_two_seats() -> None:
    for index in range(12):
        assert seat_pattern(2, index, seating="one") == seat_pattern(2, index)


def test_the_alternate_seating_is_the_seating_it_was() -> None:
    for players in range(2, 7):
        for index in range(4 * players + 3):
            was = _pattern_as_it_was(players, index)
            assert seat_pattern(players, index) == was
            assert seat_pattern(players, index, seating="alternate") == was


def test_the_alternate_ladder_plays_and_scores_the_games_it_played_before() -> None:
    (ladder,) = run_ladder(["modern"], AGENTS, [3], games=6, seed=5, replicates=10)
    (pairing,) = ladder.pairings
    ref = RulesetRef.of("modern")
    for index in range(6):
        pattern = _pattern_as_it_was(3, index)
        seats = tuple(AGENTS[side] for side in pattern)
        winners = play_task(GameTask(ref, 3, seats, 5, index)).stats.winners
        assert pairing.seats[index] == pattern
        assert pairing.winners[index] == tuple(winners)
        assert pairing.shares[index] == sum(pattern[w] == 0 for w in winners) / len(winners)
    default = run_ladder(["modern"], AGENTS, [3], games=6, seed=5, replicates=10)
    assert ladder.to_dict() == default[0].to_dict()
    assert ladder.seating == "alternate"
    assert "alone" not in ladder.to_dict()["pairings"][0]


@pytest.mark.parametrize("seating", ["two", "", "ONE", None])
def test_an_unknown_seating_is_refused_before_any_game(seating: object) -> None:
    calls: list[int] = []
    with pytest.raises(ArgumentValueError, match="seating must be one of alternate, one"):
        run_ladder(
            ["modern"],
            AGENTS,
            [2],
            2,
            progress=lambda d, t: calls.append(d),
            seating=seating,  # type: ignore[arg-type]
        )
    assert not calls
    with pytest.raises(ArgumentValueError, match="seating must be one of"):
        seat_pattern(3, 0, seating=seating)  # type: ignore[arg-type]
    assert [check_seating(name) for name in SEATINGS] == ["alternate", "one"]


# --- the shares by seat, from hand-made games ---------------------------------------------------


def test_shares_by_seat_split_a_pairing_that_wins_from_one_seat_only() -> None:
    # the second agent wins 5 of its 5 games at seat 1 and 1 of its 5 at seat 0
    seats = tuple(_pattern_as_it_was(2, index) for index in range(10))
    winners = []
    for index, pattern in enumerate(seats):
        second_at = pattern.index(1)
        wins = second_at == 1 or index == 1
        winners.append((second_at,) if wins else (1 - second_at,))
    shares = tuple(float(pattern[w[0]] == 0) for pattern, w in zip(seats, winners, strict=True))
    result = PairingResult(("greedy", "ismcts:100"), shares, seats, tuple(winners))
    first, second = result.by_seat(0), result.by_seat(1)
    assert [(s.games, s.wins) for s in second] == [(5, 1.0), (5, 5.0)]
    assert [(s.games, s.wins) for s in first] == [(5, 0.0), (5, 4.0)]
    assert second[1].share == 1.0
    assert second[0].share == pytest.approx(0.2)
    assert second[0].interval == wilson_interval(1.0, 5)
    assert all(s.fair == 0.5 for s in first + second)
    assert result.wins == sum(s.wins for s in first)  # the first agent's seats hold its share


def test_shares_by_seat_count_a_shared_win_one_kth_to_each_seat() -> None:
    seats = ((0, 1, 0), (1, 0, 1), (0, 1, 1))
    winners = ((0, 2), (0, 1, 2), (1,))
    result = PairingResult(("a", "b"), (1.0, 1 / 3, 0.0), seats, winners)
    assert [(s.games, s.wins) for s in result.by_seat(0)] == [(2, 0.5), (1, 1 / 3), (1, 0.5)]
    assert [(s.games, s.wins) for s in result.by_seat(1)] == [
        (1, 1 / 3),
        (2, 1.0),
        (2, 1 / 3),
    ]
    assert result.by_seat(0)[0].fair == pytest.approx(1 / 3)
    assert result.players == 3


def test_the_share_alone_is_the_lone_seats_share_of_the_win() -> None:
    seats = tuple(seat_pattern(4, index, seating="one") for index in range(8))
    # the first agent, alone, wins at seats 0 and 2; the second, alone, never wins
    winners = ((0,), (2,), (3,), (0,), (2,), (1,), (0,), (0,))
    shares = tuple(float(p[w[0]] == 0) for p, w in zip(seats, winners, strict=True))
    result = PairingResult(("a", "b"), shares, seats, winners)
    alone_first, alone_second = result.alone(0), result.alone(1)
    assert alone_first == SeatShare(4, 2.0, 0.25)
    assert alone_second == SeatShare(4, 0.0, 0.25)
    assert alone_first is not None
    assert alone_first.interval == wilson_interval(2.0, 4)
    assert alone_first.share == 0.5  # twice the fair 1/4


def test_a_pairing_without_its_seats_has_no_shares_by_seat() -> None:
    result = PairingResult(("a", "b"), (1.0, 0.0))
    assert result.players is None
    assert result.by_seat(0) == ()
    assert result.alone(1) is None
    assert SeatShare(0, 0.0, 0.5).share is None
    assert SeatShare(0, 0.0, 0.5).interval is None


@pytest.mark.parametrize(
    ("seats", "winners", "message"),
    [
        (((0, 1),), ((0,), (1,)), "seats and winners of 2 games"),
        (((0, 1), (0, 1, 0)), ((0,), (1,)), "not a seating of 2"),
        (((0, 2), (1, 0)), ((0,), (1,)), "not a seating of 2"),
        (((0, 1), (1, 0)), ((0,), (2,)), "are not all seats"),
    ],
)
def test_seats_and_winners_that_do_not_fit_are_refused(
    seats: tuple[tuple[int, ...], ...], winners: tuple[tuple[int, ...], ...], message: str
) -> None:
    with pytest.raises(ArgumentValueError, match=message):
        PairingResult(("a", "b"), (1.0, 0.0), seats, winners)


# --- small real ladders -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seating", "games"), [(2, "alternate", 4), (4, "one", 8)])
def test_a_small_ladder_counts_every_game_at_every_seat(
    players: int, seating: str, games: int
) -> None:
    (ladder,) = run_ladder(["modern"], AGENTS, [players], games, replicates=10, seating=seating)
    (pairing,) = ladder.pairings
    first, second = pairing.by_seat(0), pairing.by_seat(1)
    assert len(first) == len(second) == players
    for a, b in zip(first, second, strict=True):
        assert a.games + b.games == games  # each game seats one agent or the other at each seat
    assert sum(a.wins + b.wins for a, b in zip(first, second, strict=True)) == pytest.approx(games)
    assert sum(a.wins for a in first) == pytest.approx(pairing.wins)
    data = ladder.to_dict()
    assert data["seating"] == seating
    block = data["pairings"][0]["seats"]
    assert block["fair"] == round(1 / players, 6)
    assert [s["games"] for s in block["first"]] == [s.games for s in first]
    alone = data["pairings"][0].get("alone")
    if seating == "one":
        assert alone["first"]["games"] == alone["second"]["games"] == games // 2
        assert alone["fair"] == 0.25
    else:
        assert alone is None


def test_a_ladder_read_back_from_json_shows_the_same_tables() -> None:
    (ladder,) = run_ladder(["modern"], AGENTS, [4], 8, replicates=10, seating="one")
    data = json.loads(json.dumps(ladder.to_dict()))
    assert data == ladder.to_dict()
    assert format_ladder(data) == format_ladder(ladder)
    assert ladder_markdown(data) == ladder_markdown(ladder)
    text = format_ladder(ladder)
    assert "one seating" in text.splitlines()[0]
    assert "1st at 0" in text
    assert "2nd at 3" in text
    assert "first alone" in text
    markdown = ladder_markdown(ladder)
    assert "| pairing | agent | seat 0 | seat 1 | seat 2 | seat 3 |" in markdown
    assert "| pairing | first alone | 95% interval | second alone | 95% interval |" in markdown


def test_a_ladder_saved_without_seats_still_shows_its_tables() -> None:
    (ladder,) = run_ladder(["modern"], AGENTS, [2], 4, replicates=10)
    data = ladder.to_dict()
    old = {key: value for key, value in data.items() if key != "seating"}
    old["pairings"] = [
        {key: value for key, value in p.items() if key not in ("seats", "alone")}
        for p in data["pairings"]
    ]
    text, markdown = format_ladder(old), ladder_markdown(old)
    assert "1st at 0" not in text
    assert "seat 0" not in markdown
    assert text.splitlines()[:9] == format_ladder(ladder).splitlines()[:9]
    assert "| random v greedy | 4 |" in markdown


# --- the journal --------------------------------------------------------------------------------


def test_a_journal_of_one_seating_is_not_resumed_by_the_other(tmp_path: Path) -> None:
    journal = tmp_path / "ladder.jsonl"
    run_ladder(["modern"], AGENTS, [2], 2, journal=journal, replicates=10)
    assert json.loads(journal.read_text().splitlines()[0])["seating"] == "alternate"
    with pytest.raises(ArgumentValueError, match="seating alternate there, one in this run"):
        run_ladder(["modern"], AGENTS, [2], 2, journal=journal, seating="one")
    other = tmp_path / "one.jsonl"
    run_ladder(["modern"], AGENTS, [2], 2, journal=other, replicates=10, seating="one")
    with pytest.raises(ArgumentValueError, match="seating one there, alternate in this run"):
        run_ladder(["modern"], AGENTS, [2], 2, journal=other)


def test_a_journal_without_the_seating_resumes_an_alternate_ladder(tmp_path: Path) -> None:
    journal = tmp_path / "ladder.jsonl"
    run_ladder(["modern"], AGENTS, [2], 2, journal=journal, replicates=10)
    lines = journal.read_text().splitlines()
    header = json.loads(lines[0])
    del header["seating"]  # as the journals written before the seating was named
    journal.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    calls: list[tuple[int, int]] = []
    longer = run_ladder(
        ["modern"], AGENTS, [2], 4, progress=lambda d, t: calls.append((d, t)), journal=journal
    )
    assert calls[0] == (2, 4)
    assert longer[0].to_dict() == run_ladder(["modern"], AGENTS, [2], 4)[0].to_dict()
    with pytest.raises(ArgumentValueError, match="seating missing there, one in this run"):
        run_ladder(["modern"], AGENTS, [2], 4, journal=journal, seating="one")


# --- the chain of pairings ----------------------------------------------------------------------


def test_the_chain_plays_each_agent_against_the_next_on_the_games_of_all_pairings() -> None:
    agents = ["random", "greedy", "ismcts:4"]
    (chain,) = run_ladder(["modern"], agents, [2], 2, replicates=10, pairings="chain")
    (every,) = run_ladder(["modern"], agents, [2], 2, replicates=10)
    assert [p.agents for p in chain.pairings] == [("random", "greedy"), ("greedy", "ismcts:4")]
    played = {p.agents: p for p in every.pairings}
    for pairing in chain.pairings:  # the same seeds give the same games
        assert pairing == played[pairing.agents]


def test_a_journal_of_the_chain_is_not_resumed_by_all_pairings(tmp_path: Path) -> None:
    journal = tmp_path / "chain.jsonl"
    agents = ["random", "greedy"]
    run_ladder(["modern"], agents, [2], 2, journal=journal, replicates=10, pairings="chain")
    assert json.loads(journal.read_text().splitlines()[0])["pairings"] == "chain"
    with pytest.raises(ArgumentValueError, match="pairings"):
        run_ladder(["modern"], agents, [2], 2, journal=journal)


@pytest.mark.parametrize("pairings", ["every", "", "CHAIN"])
def test_an_unknown_choice_of_pairings_is_refused_before_any_game(pairings: str) -> None:
    with pytest.raises(ArgumentValueError, match="pairings must be one of all, chain"):
        run_ladder(["modern"], AGENTS, [2], 1, pairings=pairings)
    with pytest.raises(ArgumentValueError, match="pairings must be one of"):
        pairs_of(3, pairings)


def test_the_command_plays_the_chain(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ladder", "--ruleset", "modern", "--agents", "random,greedy,ismcts:4"]
    assert main([*argv, "--games", "2", "--pairings", "chain", "--replicates", "10"]) == 0
    out, _ = capsys.readouterr()
    agents = ["random", "greedy", "ismcts:4"]
    (ladder,) = run_ladder(["modern"], agents, [2], 2, replicates=10, pairings="chain")
    assert out == format_ladder(ladder) + "\n"
    assert "random v ismcts:4" not in out


# --- the command and the documentation's page ---------------------------------------------------


def test_the_command_seats_one_agent_alone_and_prints_the_seat_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ladder", "--ruleset", "modern", "--agents", "random,greedy", "--games", "8"]
    status = main([*argv, "--players", "4", "--seating", "one", "--replicates", "10"])
    out, _ = capsys.readouterr()
    assert status == 0
    (ladder,) = run_ladder(["modern"], AGENTS, [4], 8, replicates=10, seating="one")
    assert out == format_ladder(ladder) + "\n"
    assert "first alone" in out


def test_the_command_refuses_an_unknown_seating(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["ladder", "--agents", "random,greedy", "--games", "2", "--seating", "two"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seating: invalid choice: 'two'" in err
    assert "alternate" in err
    assert "one" in err


@pytest.fixture(scope="module")
def ladder_hook() -> ModuleType:
    docs = str(ROOT / "docs")
    sys.path.insert(0, docs)
    try:
        return importlib.import_module("ladder_hook")
    finally:
        sys.path.remove(docs)


def test_the_ladder_page_shows_the_seat_tables_only_when_the_data_has_them(
    ladder_hook: ModuleType,
) -> None:
    saved = json.loads((ROOT / "docs" / "data" / "ladder.json").read_text(encoding="utf-8"))
    page = ladder_hook._page(saved)
    assert "| pairing | games | first's wins |" in page
    has_seats = any("seats" in p for ladder in saved["ladders"] for p in ladder["pairings"])
    assert ("| pairing | agent | seat 0 |" in page) == has_seats
    ladders = run_ladder(["modern"], AGENTS, [2, 4], 8, replicates=10, seating="one")
    data = {
        "command": "serenissima ladder --seating one",
        "date": "2025-01-01",
        "serenissima": "0",
        "seconds": 1,
        "ladders": [ladder.to_dict() for ladder in ladders],
    }
    page = ladder_hook._page(data)
    assert page.count("| pairing | agent | seat 0 | seat 1 |") == 2
    assert page.count("| pairing | first alone |") == 2
