"""The journal file: its header checked, results read back, a cut line dropped, one run at once."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from serenissima.analysis.run.journal import FORMAT, Journal
from serenissima.engine.errors import ArgumentValueError


@attrs.frozen
class Point:
    x: int
    tags: tuple[str, ...] = ()


HEADER = {"seed": 1, "rulesets": ["classic 1.0.0"], "options": {"classic": {"a": ["x", "y"]}}}


def test_a_new_journal_starts_with_its_header(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with Journal(path, HEADER, Point) as journal:
        assert journal.done == {}
        journal.write(0, 2, Point(4, ("a",)))
    first, second = (json.loads(line) for line in path.read_text().splitlines())
    assert first == {"journal": "serenissima", "format": FORMAT, **HEADER}
    assert second == {"batch": 0, "index": 2, "result": {"x": 4, "tags": ["a"]}}


@given(st.dictionaries(st.tuples(st.integers(0, 3), st.integers(0, 999)), st.integers()))
def test_what_is_written_is_read_back(
    tmp_path_factory: pytest.TempPathFactory, written: dict[tuple[int, int], int]
) -> None:
    path = tmp_path_factory.mktemp("journal") / "run.jsonl"
    with Journal(path, {"seed": 2}, Point) as journal:
        for (batch, index), x in written.items():
            journal.write(batch, index, Point(x))
    with Journal(path, {"seed": 2}, Point) as journal:
        assert journal.done == {key: Point(x) for key, x in written.items()}


def test_tuples_in_the_header_match_the_lists_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    Journal(path, {"seats": ("random", "greedy")}, Point).close()
    Journal(path, {"seats": ["random", "greedy"]}, Point).close()


@pytest.mark.parametrize(
    ("other", "message"),
    [
        ({**HEADER, "seed": 2}, "seed 1 there, 2 in this run"),
        (
            {**HEADER, "rulesets": ["classic 1.1.0"]},
            'rulesets \\["classic 1.0.0"\\] there, \\["classic 1.1.0"\\] in this run',
        ),
        ({**HEADER, "players": 3}, "players missing there, 3 in this run"),
        ({"seed": 1, "rulesets": ["classic 1.0.0"]}, "options .* there, none in this run"),
    ],
)
def test_a_journal_of_another_run_is_refused_naming_what_differs(
    tmp_path: Path, other: dict[str, object], message: str
) -> None:
    path = tmp_path / "run.jsonl"
    with Journal(path, HEADER, Point) as journal:
        journal.write(0, 0, Point(1))
    before = path.read_bytes()
    with pytest.raises(
        ArgumentValueError, match=f"journal {path} belongs to another run: {message}"
    ):
        Journal(path, other, Point)
    assert path.read_bytes() == before  # nothing written


def test_a_last_line_cut_short_is_dropped_and_the_file_mended(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with Journal(path, HEADER, Point) as journal:
        journal.write(0, 0, Point(1))
        journal.write(0, 1, Point(2))
    whole = path.read_bytes()
    path.write_bytes(whole[:-7])  # killed while writing the last line
    with Journal(path, HEADER, Point) as journal:
        assert journal.done == {(0, 0): Point(1)}
        journal.write(0, 1, Point(2))
    assert path.read_bytes() == whole


def test_a_header_cut_short_starts_the_journal_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(b'{"journal": "seren')
    with Journal(path, HEADER, Point) as journal:
        assert journal.done == {}
    assert json.loads(path.read_text())["seed"] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json\n", "line 1: not JSON"),
        ("[1, 2]\n", "line 1: not a JSON object"),
        ('{"journal": "other", "format": 1}\n', "line 1: not a journal of format 1 of serenissima"),
        ('{"journal": "serenissima", "format": 9}\n', "line 1: not a journal of format 1"),
    ],
)
def test_a_file_that_is_no_journal_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(text)
    with pytest.raises(ArgumentValueError, match=f"journal {path}, {message}"):
        Journal(path, HEADER, Point)
    assert path.read_text() == text


@pytest.mark.parametrize(
    "line",
    [
        '{"batch": 0, "index": 1}',
        '{"batch": 0, "index": 1, "result": {"y": 1}}',
        '{"batch": "a", "index": 1, "result": {"x": 1}}',
        "[]",
    ],
)
def test_a_line_that_is_no_finished_task_is_refused(tmp_path: Path, line: str) -> None:
    path = tmp_path / "run.jsonl"
    Journal(path, HEADER, Point).close()
    with path.open("a") as file:
        file.write(line + "\n")
    with pytest.raises(ArgumentValueError, match=f"journal {path}, line 2: "):
        Journal(path, HEADER, Point)


def test_a_journal_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ArgumentValueError, match=r"cannot write journal .*: it is a folder"):
        Journal(tmp_path, HEADER, Point)
    missing = tmp_path / "no such folder" / "run.jsonl"
    with pytest.raises(ArgumentValueError, match=r"cannot write journal .*: No such file"):
        Journal(missing, HEADER, Point)


def test_one_run_at_a_time_holds_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with (
        Journal(path, HEADER, Point),
        pytest.raises(ArgumentValueError, match="open in another run"),
    ):
        Journal(path, HEADER, Point)
    Journal(path, HEADER, Point).close()  # free again once the first is closed
