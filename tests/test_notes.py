"""The notes of a summary: a sentence where a figure would surprise, only when its case holds."""

from __future__ import annotations

import json
import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import toy
from serenissima.analysis.simulate.batch import simulate
from serenissima.analysis.simulate.compare import compare_simulations
from serenissima.analysis.simulate.notes import (
    NOTE_KEYS,
    comparison_notes,
    score_parts,
    summary_notes,
)
from serenissima.analysis.simulate.report import format_comparison, format_summary
from serenissima.analysis.simulate.summary import SimulationSummary
from serenissima.cli import main
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return toy.make_rules()


def _keys(summary: SimulationSummary) -> list[str]:
    return [note.key for note in summary.notes]


def test_random_seats_are_explained(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 10, seed=1)
    note = next(note for note in summary.notes if note.key == "random_seats")
    assert note.text.startswith("Every seat is played by the random agent")
    assert "spends or wastes its money" in note.text
    assert "measure that bot, not the seats;" in note.text  # the toy has no nations
    assert "--seats greedy" in note.text
    assert "mixed_agents" not in _keys(summary)


def test_greedy_seats_need_no_note_on_their_agents(rules: Ruleset) -> None:
    summary = simulate(rules, 2, 5, seed=1, seats=["greedy", "greedy"])
    assert summary.shared_wins == 0  # nor on shared wins: the toy's greedy racers never tie
    assert summary.notes == ()
    assert "Notes:" not in format_summary(summary)


@pytest.mark.parametrize(
    ("seats", "start", "whose"),
    [
        (["greedy", "random", "greedy"], "Seat 1 is played by the random agent", "its score"),
        (["random", "greedy", "random"], "Seats 0 and 2 are played by", "their scores"),
    ],
)
def test_some_random_seats_are_named(
    rules: Ruleset, seats: list[str], start: str, whose: str
) -> None:
    summary = simulate(rules, 3, 4, seed=2, seats=seats)
    notes = {note.key: note.text for note in summary.notes}
    assert notes["random_seats"].startswith(start)
    assert whose in notes["random_seats"]
    assert notes["mixed_agents"].startswith("The seats are played by different agents (")


def test_mixed_agents_name_every_kind_with_its_seats(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 2, seed=2, seats=["greedy", "random", "greedy"])
    text = {note.key: note.text for note in summary.notes}["mixed_agents"]
    assert "(greedy at seats 0 and 2 and random at seat 1)" in text


def test_notes_come_in_key_order_and_are_the_summarys_own(rules: Ruleset) -> None:
    summary = simulate(rules, 4, 30, seed=3, seats=["random", "greedy"] * 2)
    keys = _keys(summary)
    assert keys == sorted(keys, key=NOTE_KEYS.index)
    assert summary_notes(summary) == summary.notes


def test_shared_wins_are_explained_only_when_there_are_some(rules: Ruleset) -> None:
    shared = simulate(rules, 4, 30, seed=2)
    assert shared.shared_wins > 0
    text = {note.key: note.text for note in shared.notes}["shared_wins"]
    assert text.startswith(f"Several seats shared the win in {shared.shared_wins:.1%} of the games")
    assert "counts 1/k of a win" in text
    alone = simulate(rules, 4, 30, seed=2, options={"may_stop": False})
    assert alone.shared_wins == 0
    assert "shared_wins" not in _keys(alone)


def _with_parts(
    summary: SimulationSummary, parts: tuple[str, ...], values: list[list[float]], inside: int
) -> SimulationSummary:
    """The summary with these parts, of which the first ``inside`` make the score."""
    return attrs.evolve(
        summary,
        parts=parts,
        mean_parts=tuple(tuple(v) for v in values),
        mean_score=tuple(sum(v[:inside]) for v in values),
    )


@given(
    st.integers(min_value=1, max_value=4).flatmap(
        lambda n: st.tuples(
            st.integers(min_value=1, max_value=n),
            st.lists(
                st.lists(
                    st.floats(min_value=0, max_value=1e4, allow_nan=False), min_size=n, max_size=n
                ),
                min_size=2,
                max_size=2,
            ),
        )
    )
)
def test_the_parts_of_the_score_are_read_from_the_means(
    case: tuple[int, list[list[float]]],
) -> None:
    inside, values = case
    parts = tuple(f"part{i}" for i in range(len(values[0])))
    base = simulate(toy.make_rules(), 2, 1, seed=1)
    summary = _with_parts(base, parts, values, inside)
    count = score_parts(summary)
    assert count is not None
    assert count >= inside
    # every part after the count would break the sum for some seat
    assert all(
        math.isclose(sum(v[:count]), score, rel_tol=1e-9, abs_tol=1e-9)
        for v, score in zip(values, summary.mean_score, strict=True)
    )
    beside = "beside_score" in [note.key for note in summary_notes(summary)]
    assert beside == (count < len(parts))


def test_figures_beside_the_score_are_named(rules: Ruleset) -> None:
    base = simulate(rules, 2, 1, seed=1)
    one = _with_parts(base, ("gold", "towns", "ships"), [[3, 2, 1], [5, 0, 2]], 1)
    text = {note.key: note.text for note in summary_notes(one)}["beside_score"]
    assert text.startswith("The mean score is the gold alone; towns and ships are shown beside")
    many = _with_parts(base, ("a", "b", "held"), [[3, 2, 100], [5, 0, 90]], 2)
    text = {note.key: note.text for note in summary_notes(many)}["beside_score"]
    assert text.startswith("The mean score adds up a and b (all in points); held is shown")
    whole = _with_parts(base, ("a", "b"), [[3, 2], [5, 0]], 2)
    assert "beside_score" not in [note.key for note in summary_notes(whole)]
    unrelated = attrs.evolve(whole, mean_score=(99.0, 99.0))
    assert score_parts(unrelated) is None
    assert "beside_score" not in [note.key for note in summary_notes(unrelated)]


def test_the_editions_scores_are_explained() -> None:
    """Random modern seats end with under a ducat: the notes say why, and what the columns are."""
    modern = simulate(load_ruleset("modern"), 4, 10, seed=1)
    assert sum(modern.mean_score) / 4 < 5
    notes = {note.key: note.text for note in modern.notes}
    assert "not the seats;" in notes["random_seats"]  # modern seats have no nation
    assert notes["beside_score"].startswith(
        "The mean score is the ducats alone; ports and galleys are shown beside it"
    )
    classic = simulate(load_ruleset("classic"), 4, 10, seed=1)
    notes = {note.key: note.text for note in classic.notes}
    assert "not the seats or their nations" in notes["random_seats"]
    assert notes["beside_score"].startswith(
        "The mean score adds up capital, ports, full ports and ducats (all in wealth points); "
        "ducats held is shown beside it"
    )


def test_greedy_modern_seats_get_no_random_note() -> None:
    summary = simulate(load_ruleset("modern"), 2, 1, seed=1, seats=["greedy", "greedy"])
    assert "random_seats" not in _keys(summary)
    assert "beside_score" in _keys(summary)


def test_the_text_report_lists_the_notes(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 10, seed=1)
    lines = format_summary(summary).splitlines()
    at = lines.index("Notes:")
    bullets = [line for line in lines[at + 1 :] if line.startswith("- ")]
    assert len(bullets) == len(summary.notes)
    assert all(len(line) <= 92 for line in lines[at:])
    assert lines[-1].endswith(" s)")  # the speed still comes last


def test_json_carries_the_notes(rules: Ruleset) -> None:
    summary = simulate(rules, 3, 10, seed=1)
    data = json.loads(json.dumps(summary.to_dict()))
    assert data["notes"] == [{"key": n.key, "text": n.text} for n in summary.notes]


def test_the_command_prints_the_notes_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--ruleset", "modern", "--players", "2", "--games", "2"]
    assert main([*argv, "--format", "json"]) == 0
    keys = [note["key"] for note in json.loads(capsys.readouterr().out)["notes"]]
    assert keys[0] == "random_seats"
    assert main([*argv, "--seats", "greedy", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "Notes:" in out
    assert "random agent" not in out


def test_comparison_notes_say_once_what_both_sides_share(rules: Ruleset) -> None:
    a = simulate(rules, 3, 20, seed=2)
    b = simulate(toy.make_rules(ruleset_id="pond"), 3, 20, seed=5)
    notes = compare_simulations(a, b).notes
    assert [note.key for note in notes] == ["random_seats", "shared_wins"]
    assert notes[0].text.startswith("Every seat")
    assert notes[1].text.startswith("Where seats shared the win")
    text = format_comparison(compare_simulations(a, b))
    assert "Notes:\n- Every seat is played by the random agent" in text


def test_comparison_notes_name_the_side_when_the_agents_differ(rules: Ruleset) -> None:
    a = simulate(rules, 2, 3, seed=1, seats=["greedy", "greedy"])
    b = simulate(rules, 2, 3, seed=1, seats=["random", "greedy"])
    notes = comparison_notes(a, b)
    assert [note.key for note in notes] == ["random_seats", "mixed_agents"]
    assert all(note.text.startswith("right: ") for note in notes)
    assert comparison_notes(a, a) == ()
    data = compare_simulations(a, b).to_dict()
    assert [note["key"] for note in data["notes"]] == ["random_seats", "mixed_agents"]
