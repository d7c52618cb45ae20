"""The server's load script runs its three scenarios: short runs, their shapes, their checks.

The figures themselves are measured by ``benchmarks/server_load.py`` and shown
on the server page; these only check that each scenario works, writes its
result under its own key of one file, and that its invariants hold on a short
run (nothing lost, the bots moved, memory sampled). No timing is asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _run(out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), *options,
               "--out", str(out)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-3000:]
    return done


def _memory(memory: dict[str, Any]) -> None:
    assert memory["samples"] >= 2
    for key in ("server", "workers", "total"):
        figures = memory[key]
        assert 0 <= figures["start"] <= figures["peak"]
        assert figures["end"] <= figures["peak"]
    assert memory["server"]["start"] > 0


def test_a_short_load_run_with_a_kill_loses_and_repeats_nothing(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    out.write_text(json.dumps({"churn": {"kept": True}}))  # another scenario's result stays
    done = _run(out, "--games", "6", "--seconds", "8")
    data = json.loads(out.read_text())
    assert data["churn"] == {"kept": True}
    result = data["load"]
    assert result["scenario"] == "load"
    assert result["tables"] == 6
    assert result["killed_at_s"] is not None
    assert result["restarted_at_s"] > result["killed_at_s"]
    assert result["moves_acknowledged"] > 0
    assert result["lost"] == result["duplicated"] == result["missed"] == 0
    assert result["latency_ms"]["p50"] <= result["latency_ms"]["p99"]
    assert sum(n for _, n in result["histogram_ms"]) > 0
    _memory(result["memory_mib"])
    assert result["memory_mib"]["workers"]["peak"] > 0  # the random bot thought in a worker
    assert result["orphaned_by_kill"] >= 0
    assert "games at once" in done.stdout
    assert "RSS" in done.stdout


def test_an_older_file_of_one_load_run_is_kept_under_its_key(tmp_path: Path) -> None:
    """The file before the scenarios held one load run, not under a key: it becomes "load"."""
    out = tmp_path / "load.json"
    out.write_text(json.dumps({"latency_ms": {"p99": 1.0}, "tables": 50}))
    _run(out, "--scenario", "churn", "--churn-games", "20", "--creators", "4")
    data = json.loads(out.read_text())
    assert data["load"] == {"latency_ms": {"p99": 1.0}, "tables": 50}
    assert data["churn"]["created"] == 20


def test_a_short_bots_run_compares_the_people_without_and_with_bots(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = _run(
        out, "--scenario", "bots", "--games", "4", "--bot-games", "2", "--seconds", "8",
        "--max-bot-seconds", "1",
    )  # fmt: skip
    result = json.loads(out.read_text())["bots"]
    assert result["scenario"] == "bots"
    assert result["bot_kind"] == "ismcts:1s"
    without, with_ = result["without"], result["with"]
    for part in (without, with_):
        assert part["latency_ms"]["count"] > 0  # the people played in both runs
        assert part["moves_acknowledged"] > 0
        assert part["lost"] == part["duplicated"] == part["missed"] == 0
        assert part["killed_at_s"] is None
        _memory(part["memory_mib"])
    assert "bot_games" not in without
    assert with_["bot_games"] >= 2
    assert with_["bot_moves_stored"] > 0  # the search bots thought, and moved
    assert with_["bot_decisions_stopped"] >= 0
    assert isinstance(result["p99_ratio"], float)
    assert result["p99_ratio"] > 0
    assert "with bots" in done.stdout


def test_a_short_churn_run_creates_every_game_and_samples_memory(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = _run(out, "--scenario", "churn", "--churn-games", "300", "--games-in-memory", "50")
    result = json.loads(out.read_text())["churn"]
    assert result["scenario"] == "churn"
    assert result["complete"] is True
    assert result["created"] == 300
    assert result["failed"] == result["lost"] == 0, result["failures"]
    assert result["moves_acknowledged"] > 300  # up to 4 of the person's moves in each
    assert result["reloaded"] == result["reload_checked"] == 20  # long gone from memory
    series = result["series"]
    assert [point["games"] for point in series] == sorted(point["games"] for point in series)
    assert series[0]["games"] == 0
    assert series[-1]["games"] == 300
    assert len(series) >= 3
    assert all(point["server_mib"] > 0 for point in series)
    assert set(result["server_mib_at"]) == {"10%", "50%", "100%"}
    assert all(value is not None for value in result["server_mib_at"].values())
    assert isinstance(result["slope_mib_per_1000_games"], float)
    _memory(result["memory_mib"])
    assert "games created and played" in done.stdout
