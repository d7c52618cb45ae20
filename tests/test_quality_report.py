"""Two editions' quality side by side: paired rows, sentences, notes, and the report's files."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

import toy
from serenissima.analysis.quality.compare import (
    EditionSide,
    QualityComparison,
    compare_quality,
)
from serenissima.analysis.quality.metrics import METRICS
from serenissima.analysis.quality.notes import agent_note, board_note, capital_reach, reach_note
from serenissima.analysis.quality.report import (
    REPORT_FILES,
    check_report_folder,
    report_html,
    report_markdown,
    write_report,
)
from serenissima.analysis.quality.run import check_quality, run_quality
from serenissima.analysis.quality.svg import quality_charts
from serenissima.analysis.quality.text import finding, findings
from serenissima.analysis.quality.trace import GameTrace, KindTally
from serenissima.engine.board import Board
from serenissima.engine.errors import SerenissimaError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import AreaSpec, BoardSpec, EdgeSpec, PortSpec, Source


def game(index: int, winner: int, **changes: Any) -> GameTrace:
    """A hand-made two-seat game won by ``winner``, who led at both checkpoints."""
    base = GameTrace(
        ruleset="toy",
        index=index,
        seed=index,
        seats=("random", "random"),
        names=(),
        first=0,
        decisions=20,
        seat_decisions=(10, 10),
        chance=0,
        turns=5,
        scores=(10, 5) if winner == 0 else (5, 10),
        winners=(winner,),
        kinds=(KindTally("run", 20, 40, 20),),
        leaders=((winner,), (winner,)),
        lead_changes=1,
        deficits=(0.0, 0.5) if winner == 0 else (0.5, 0.0),
    )
    return attrs.evolve(base, **changes)


def comparison(left: list[GameTrace], right: list[GameTrace], **kw: Any) -> QualityComparison:
    rows = compare_quality(left, right, replicates=400, seed=1, **kw)
    sides = (
        EditionSide("classic", "Old", "1", "rounds", "wealth points", ("venice", "genoa")),
        EditionSide("modern", "New", "1", "turns", "ducats"),
    )
    return QualityComparison(*sides, 2, len(left), 1, "random", None, 400, rows, ("A note.",))


@pytest.fixture(scope="module")
def unequal() -> QualityComparison:
    """Seat 0 wins every left game; the right games are split evenly and last longer."""
    left = [game(i, 0) for i in range(40)]
    right = [game(i, i % 2, turns=9, decisions=40, lead_changes=1) for i in range(40)]
    return comparison(left, right)


def test_rows_pair_the_games_and_give_known_differences(unequal: QualityComparison) -> None:
    seat = unequal["seat:0"]
    assert (seat.left.value, seat.right.value) == (1.0, 0.5)  # type: ignore[union-attr]
    assert seat.difference.value == pytest.approx(0.5)  # type: ignore[union-attr]
    assert seat.differs
    turns = unequal["turns"]
    assert turns.difference.value == -4  # type: ignore[union-attr]
    assert (turns.difference.interval.low, turns.difference.interval.high) == (-4, -4)  # type: ignore[union-attr]
    changes = unequal["lead_changes"]
    assert changes.difference.value == 0  # type: ignore[union-attr]
    assert changes.differs is False
    assert unequal["kind:run"].difference is None  # a kind belongs to one edition
    assert unequal.keys()[: len(METRICS) - 1] == [m.key for m in METRICS if m.key != "skill"]


def test_sentences_say_which_edition_is_higher_and_by_how_much(
    unequal: QualityComparison,
) -> None:
    text = finding(unequal, "seat_gap")
    assert text.startswith("The win shares of the seat that wins most")
    assert "100% (100% to 100%) apart in classic" in text
    assert "classic is higher by" in text
    turns = finding(unequal, "turns")
    assert "A classic game lasts 5.00 rounds (5.00 to 5.00)" in turns
    assert "modern is higher by 4.00 (95% interval 4.00 to 4.00)" in turns
    same = finding(unequal, "lead_changes")
    assert same.endswith(
        "the editions do not differ clearly (95% interval of classic less modern: 0.00 to 0.00)."
    )
    assert all(sentence.endswith(".") for _, sentence in findings(unequal))
    assert dict(findings(unequal))["Stronger agent's wins"].startswith("Not measured")


def test_a_measure_of_one_side_only_says_so() -> None:
    left = [game(i, 0) for i in range(4)]
    right = [game(i, 0, first=-1) for i in range(4)]
    found = comparison(left, right)
    assert found["first_player"].right is None
    assert found["first_player"].differs is None
    assert finding(found, "first_player") == (
        "First player's wins: measured in classic only, 100% (100% to 100%)."
    )


def test_batches_must_pair() -> None:
    with pytest.raises(SerenissimaError):
        compare_quality([game(0, 0)], [game(0, 0), game(1, 0)])
    three = attrs.evolve(game(0, 0), seats=("random",) * 3)
    with pytest.raises(SerenissimaError):
        compare_quality([game(0, 0)], [three])


def test_a_comparison_goes_to_json_and_back(unequal: QualityComparison) -> None:
    data = json.loads(json.dumps(unequal.to_dict(), allow_nan=False))
    assert QualityComparison.from_dict(data) == unequal
    with pytest.raises(SerenissimaError):
        QualityComparison.from_dict({"left": 1})
    with pytest.raises(KeyError):
        unequal["elegance"]


# --- notes from the boards' provenance -------------------------------------------------------


def _rebuilt(rules: Ruleset, spec: BoardSpec) -> Ruleset:
    return Ruleset(rules.info, Board(spec), rules.options, rules.params, rules.engine)


def test_a_board_of_stated_data_needs_no_note() -> None:
    rules = toy.make_rules()
    assert board_note(rules) is None
    reconstructed = attrs.evolve(
        rules.board.spec,
        edges=tuple(attrs.evolve(e, source=Source.RECONSTRUCTED) for e in rules.board.spec.edges),
    )
    note = board_note(_rebuilt(rules, reconstructed))
    assert note is not None
    assert "1 of 1 sea links as reconstructed" in note


def test_the_capitals_reach_is_read_from_the_board() -> None:
    """A line of areas a - b - c - d - e with capitals at a and e: b is a's, d is e's."""
    areas = tuple(AreaSpec(a, a, Source.STATED) for a in "abcde")
    ports = (
        PortSpec("pa", "A", "a", "wood", 6, Source.STATED, capital_of="red"),
        PortSpec("pb", "B", "b", "wood", 2, Source.STATED),
        PortSpec("pc", "C", "c", "wood", 2, Source.STATED),
        PortSpec("pd", "D", "d", "wood", 2, Source.STATED),
        PortSpec("pd2", "D2", "d", "iron", 2, Source.STATED),
        PortSpec("pe", "E", "e", "wood", 6, Source.STATED, capital_of="blue"),
    )
    edges = tuple(EdgeSpec(x, y, Source.RECONSTRUCTED) for x, y in zip("abcd", "bcde", strict=True))
    board = Board(BoardSpec("line", areas, ports, edges))
    assert capital_reach(board) == {"red": ("pb",), "blue": ("pd", "pd2")}  # pc is contested
    rules = _rebuilt(toy.make_rules(), board.spec)
    assert reach_note(rules) is not None
    assert "(blue two, red one)" in str(reach_note(rules))
    stated = attrs.evolve(
        board.spec, edges=tuple(attrs.evolve(e, source=Source.STATED) for e in edges)
    )
    assert reach_note(_rebuilt(rules, stated)) is None


def test_the_shipped_classic_board_favours_turkey() -> None:
    reach = capital_reach(load_ruleset("classic").board)
    assert (len(reach["turkey"]), len(reach["spain"])) == (4, 1)


def test_the_agent_note_names_the_agents() -> None:
    assert "greedy" in agent_note("greedy", "random")
    assert "not measured" in agent_note("random", None)


# --- the report's files ----------------------------------------------------------------------


def test_the_report_files_have_their_parts(unequal: QualityComparison, tmp_path: Path) -> None:
    written = write_report(unequal, tmp_path / "out")
    names = [path.name for path in written]
    assert names[:2] == list(REPORT_FILES)
    assert set(names[2:]) == {f"{name}.svg" for name in quality_charts(unequal)}
    markdown = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    headings = [line for line in markdown.splitlines() if line.startswith("#")]
    assert headings[0] == "# Game quality: classic and modern compared"
    for part in ("Findings", "About the data", "Charts", "Measures", "Definitions", "Reproduce"):
        assert f"## {part}" in headings
    assert "- A note." in markdown
    assert "](balance.svg)" in markdown
    (row,) = [line for line in markdown.splitlines() if line.startswith("| seat 0 (venice)")]
    assert row.startswith("| seat 0 (venice) | 100% | 100% to 100% | 50% | ")
    assert row.endswith(" pts | yes |")
    assert "| +50 pts |" in row
    for svg in written[2:]:
        ET.fromstring(svg.read_text(encoding="utf-8"))  # well-formed


def test_the_html_page_stands_alone(unequal: QualityComparison) -> None:
    page = report_html(unequal)
    assert page.count("<svg") == len(quality_charts(unequal))
    assert "<script" not in page
    assert "<link" not in page
    assert "src=" not in page
    assert page.count("http") == page.count("http://www.w3.org/2000/svg")  # only the SVG namespace
    assert "<strong>Seat gap.</strong>" in page
    assert "<code>serenissima compare classic modern" in page


def test_markdown_without_images_or_title(unequal: QualityComparison) -> None:
    text = report_markdown(unequal, title=False)
    assert not text.startswith("#")
    assert "![" not in text


def test_a_folder_that_cannot_take_the_report_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("x", encoding="utf-8")
    with pytest.raises(SerenissimaError, match="it is a file"):
        check_report_folder(file)
    with pytest.raises(SerenissimaError, match="cannot write a report"):
        check_report_folder(file / "below")
    assert check_report_folder(tmp_path / "a" / "b").is_dir()


def test_everything_is_checked_before_any_game() -> None:
    assert [r.id for r in check_quality("classic", "modern", 4, 1, "greedy", "random")] == [
        "classic",
        "modern",
    ]
    for bad in (
        {"players": 7},
        {"games": 0},
        {"agents": "genius"},
        {"versus": "genius"},
        {"options": ({"nope": 1}, {})},
    ):
        args: dict[str, Any] = {"players": 4, "games": 1, "agents": "random"} | bad
        with pytest.raises(SerenissimaError):
            check_quality("classic", "modern", **args)


def test_a_small_run_plays_both_batches() -> None:
    found = run_quality(
        "classic",
        "modern",
        players=2,
        games=3,
        seed=2,
        agents="random",
        versus="greedy",
        replicates=30,
    )
    assert found.versus == "greedy"
    assert found["skill"].left is not None
    assert found.left.seat_names == ("venice", "genoa")
    assert found.right.seat_names == ()
    assert any("reconstructed" in note for note in found.notes)
    alone = run_quality(
        "classic", "modern", players=2, games=3, seed=2, versus="random", replicates=30
    )
    assert alone.versus is None
    assert "skill" not in alone.keys("skill")
    assert alone["turns"] == found["turns"]  # the same games, whatever the skill batch
