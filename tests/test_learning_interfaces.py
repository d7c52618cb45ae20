"""The learning-interfaces benchmark: the engine, PettingZoo and OpenSpiel timed in one run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _load("learning_interfaces", ROOT / "benchmarks" / "learning_interfaces.py")


def test_every_interface_is_timed_beside_the_engine(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "learning.json"
    argv = ["--players", "2", "--seconds", "1", "--rounds", "1", "--out", str(out)]
    assert script.main(argv) == 0
    printed = capsys.readouterr()
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = {(r["ruleset"], r["interface"]): r for r in data["results"]}
    assert set(rows) == {(n, i) for n in ("classic", "modern") for i in script.CONTENDERS}
    for (name, _interface), row in rows.items():
        assert row["players"] == 2
        assert row["games"] >= 1
        assert row["decisions"] > 0
        engine = rows[(name, "engine")]["decisions_per_second"]
        assert row["overhead"] == pytest.approx(1 - row["decisions_per_second"] / engine, abs=1e-3)
    assert rows[("modern", "engine")]["overhead"] == 0.0
    assert data["open_spiel"]
    assert data["pettingzoo"]
    assert "round 1/1 done" in printed.err
    assert "pettingzoo+obs" in printed.out


def test_a_spent_budget_still_plays_one_whole_game_in_every_interface(
    script: ModuleType,
) -> None:
    """Games are never cut short: with no time at all, each contender plays one to its end."""
    import serenissima as ser

    rules = ser.load_ruleset("modern")
    for play in script.PLAYERS.values():
        made, spent, games = play(rules, 2, 0.0, 3)
        assert games == 1
        assert 50 < made < 2_000
        assert spent > 0


def test_the_docs_draw_the_figures(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        hook = _load("interfaces_hook", ROOT / "docs" / "interfaces_hook.py")
    finally:
        sys.path.remove(str(ROOT / "docs"))
    rows = [
        {
            "ruleset": "modern",
            "players": 4,
            "interface": "engine",
            "games": 3,
            "decisions": 900,
            "seconds": 0.01,
            "decisions_per_second": 90_000.0,
            "overhead": 0.0,
        },
        {
            "ruleset": "modern",
            "players": 4,
            "interface": "openspiel",
            "games": 2,
            "decisions": 600,
            "seconds": 0.01,
            "decisions_per_second": 60_000.0,
            "overhead": 0.3333,
        },
    ]
    svg = hook.svg(rows)
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert svg.count("<rect") == 2
    assert "openspiel: 60,000 decisions/s, 33% below the engine" in svg
    data = {
        "date": "2026-11-27",
        "serenissima": "1",
        "pettingzoo": "1",
        "open_spiel": "2",
        "seconds": 1,
        "rounds": 1,
        "command": "python benchmarks/learning_interfaces.py",
        "machine": {"cpu": "cpu", "cores": 2, "system": "os", "python": "3"},
        "results": rows,
    }
    table = hook._tables(data)
    assert "| `modern` | 4 | OpenSpiel game" in table
    assert "| 33% |" in table
