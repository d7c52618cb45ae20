"""The optional ``position`` of a sea area in board.toml: read, and refused when malformed."""

from __future__ import annotations

from pathlib import Path

import pytest

import serenissima as ser
from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import RulesetFiles, load_board

BOARD = """\
name = "Two seas"
edges = [{ a = "north", b = "south", source = "stated" }]

[[areas]]
id = "north"
name = "North"
source = "stated"
position = [12.5, 45]

[[areas]]
id = "south"
name = "South"
source = "public"

[[ports]]
id = "alpha"
name = "Alpha"
area = "north"
good = "wood"
warehouse = 3
source = "stated"
"""


def write(folder: Path, board: str) -> RulesetFiles:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "board.toml").write_text(board, encoding="utf-8")
    return RulesetFiles(folder)


def test_position_is_read_and_optional(tmp_path: Path) -> None:
    board = load_board(write(tmp_path, BOARD))
    assert board.areas[0].position == (12.5, 45.0)
    assert isinstance(board.areas[0].position[1], float)
    assert board.areas[1].position is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('"12, 45"', "expected [longitude, latitude], two numbers, got '12, 45'"),
        ("[12]", "expected [longitude, latitude], two numbers, got a list"),
        ("[12, 45, 3]", "expected [longitude, latitude], two numbers, got a list"),
        ('["12", 45]', "expected [longitude, latitude], two numbers, got a list"),
        ("[true, 45]", "expected [longitude, latitude], two numbers, got a list"),
        ("[200, 45]", "expected a longitude in -180..180 degrees, got 200"),
        ("[12, -95.5]", "expected a latitude in -90..90 degrees, got -95.5"),
        ("[nan, 45]", "expected a longitude in -180..180 degrees, got nan"),
    ],
)
def test_bad_positions_name_the_file_and_key(tmp_path: Path, value: str, expected: str) -> None:
    files = write(tmp_path, BOARD.replace("position = [12.5, 45]", f"position = {value}"))
    with pytest.raises(RulesetError) as caught:
        load_board(files)
    exc = caught.value
    assert (exc.file, exc.key, exc.expected) == ("board.toml", "areas[0].position", expected)


@pytest.mark.parametrize("edition", ["modern", "classic"])
def test_shipped_boards_position_every_area(edition: str) -> None:
    areas = ser.load_ruleset(edition).board.spec.areas
    assert all(area.position is not None for area in areas)
    for area in areas:
        assert area.position is not None
        lon, lat = area.position
        assert -6 <= lon <= 37
        assert 30 <= lat <= 46
    assert len({area.position for area in areas}) == len(areas)
