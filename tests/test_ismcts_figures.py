"""The search bot's figures: its two scripts run end to end and the bots page shows them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import serenissima as ser
from serenissima.agents import GreedyAgent, play_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bots_hook() -> ModuleType:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import bots_hook

        return bots_hook
    finally:
        sys.path.remove(str(ROOT / "docs"))


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_speed_script_measures_no_rollout_then_every_rollout(
    tmp_path: Path, bots_hook: ModuleType
) -> None:
    out = tmp_path / "speed.json"
    args = ("--iterations", "5", "--positions", "2", "--ruleset", "modern", "--out", str(out))
    done = _run("ismcts_speed.py", *args)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(out.read_text())
    assert [(row["ruleset"], row["rollout"], row["depth"]) for row in data["results"]] == [
        ("modern", "none", 0),
        ("modern", "random", 3),
        ("modern", "heuristic", 3),
    ]
    assert all(row["iterations_per_second"] > 0 for row in data["results"])
    section = bots_hook.speed_section(data)
    assert section.count("<rect") == 3
    assert "| `modern` | none | 0 |" in section
    assert "| `modern` | random |" in section
    assert "ismcts_speed.py --iterations 5 --positions 2 --seed 0" in section


def test_the_strength_script_plays_the_match(tmp_path: Path, bots_hook: ModuleType) -> None:
    out = tmp_path / "strength.json"
    args = ("--games", "1", "--budget", "ismcts:4", "--ruleset", "modern", "--out", str(out))
    done = _run("ismcts_strength.py", *args, "--depth", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(out.read_text())
    (entry,) = data["editions"]
    assert entry["games"] == 1
    assert 0 <= entry["ismcts_win_share"] <= 1
    assert entry["ismcts_win_low"] <= entry["ismcts_win_share"] <= entry["ismcts_win_high"]
    assert (data["settings"]["depth"], data["settings"]["hints"]) == (2, True)
    # One game: a gain but no interval around it.
    assert entry["score_gain"] == entry["ismcts_mean_score"] - entry["baseline_mean_score"]
    assert entry["score_gain_low"] is None is entry["score_gain_high"]
    # The decisions with a choice, kind by kind: as many as in all, none longer than they took.
    by_kind = entry["seconds_by_kind"]
    assert sum(k["decisions"] for k in by_kind.values()) == entry["ismcts_decisions"]
    assert all(k["decisions"] > 0 for k in by_kind.values())
    # Rounded to 0.1 ms, the quickest kinds may show a mean of 0.
    assert all(0 <= k["mean"] <= k["longest"] for k in by_kind.values())
    phases = ser.load_ruleset("modern").engine.phases()
    assert set(by_kind) <= {phase.kind for phase in phases if phase.decides}


def test_the_strength_script_takes_greedy_rollouts(tmp_path: Path) -> None:
    out = tmp_path / "rollouts.json"
    args = ("--games", "1", "--budget", "ismcts:4", "--ruleset", "modern", "--out", str(out))
    done = _run(
        "ismcts_strength.py",
        *args,
        *("--players", "2", "--rollout", "greedy", "--width", "2", "--no-hints"),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(out.read_text())
    settings = data["settings"]
    assert (settings["rollout"], settings["width"], settings["hints"]) == ("greedy", 2, False)
    refused = _run("ismcts_strength.py", *args, "--width", "0")
    assert refused.returncode == 2
    assert refused.stderr.strip().endswith("error: width must be at least 1, got 0")


def test_the_strength_script_searches_only_the_kinds_named(tmp_path: Path) -> None:
    """With no kind searched, the search seat is the greedy bot its seat would hold."""
    runs = {}
    for kinds in ("none", "battles,landing"):
        out = tmp_path / f"{kinds}.json"
        args = ("--games", "1", "--budget", "ismcts:4", "--ruleset", "classic", "--out", str(out))
        done = _run("ismcts_strength.py", *args, "--players", "2", "--search-kinds", kinds)
        assert done.returncode == 0, done.stdout + done.stderr
        runs[kinds] = json.loads(out.read_text())
    assert runs["none"]["search_kinds"] == []
    assert runs["battles,landing"]["search_kinds"] == ["battles", "landing"]
    (baseline,) = runs["none"]["editions"]
    # Greedy against greedy, seeded as the script seats them: the game all-greedy play gives.
    rules = ser.load_ruleset("classic")
    final = play_game(rules, 2, [GreedyAgent(0), GreedyAgent(1)], seed=0).standings
    assert baseline["ismcts_mean_score"] == next(e.score for e in final.entries if e.seat == 0)
    assert baseline["baseline_mean_score"] == baseline["ismcts_mean_score"]
    assert baseline["score_gain"] == 0
    refused = _run("ismcts_strength.py", "--ruleset", "classic", "--search-kinds", "battle")
    assert refused.returncode == 2
    assert "no decision of kind battle (the kinds: " in refused.stderr


def test_the_strength_script_gives_the_same_figures_in_worker_processes(tmp_path: Path) -> None:
    timed = {"seconds_per_decision", "seconds_per_game", "seconds_by_kind"}
    figures = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.json"
        args = ("--games", "2", "--budget", "ismcts:4", "--ruleset", "modern", "--out", str(out))
        done = _run("ismcts_strength.py", *args, "--players", "2", "--jobs", jobs)
        assert done.returncode == 0, done.stdout + done.stderr
        (entry,) = json.loads(out.read_text())["editions"]
        figures.append({key: value for key, value in entry.items() if key not in timed})
    assert figures[0] == figures[1]
    assert _run("ismcts_strength.py", "--jobs", "0").returncode == 2


def test_the_bots_page_reads_the_search_bot_against_greedy_from_the_ladder(
    bots_hook: ModuleType,
) -> None:
    def pairing(agents: list[str], share: float, interval: list[float]) -> dict[str, object]:
        return {
            "agents": agents,
            "games": 24,
            "wins": share * 24,
            "share": share,
            "interval": interval,
        }

    data = {
        "command": "serenissima ladder --agents random,greedy,ismcts:300",
        "ladders": [
            {
                "ruleset": "modern",
                "players": 2,
                "pairings": [
                    pairing(["random", "greedy"], 0.0, [0.0, 0.14]),
                    pairing(["random", "ismcts:300"], 0.0, [0.0, 0.14]),
                    pairing(["greedy", "ismcts:300"], 0.125, [0.04, 0.31]),
                ],
            },
            {
                "ruleset": "classic",
                "players": 4,
                "pairings": [
                    pairing(["greedy", "ismcts:300"], 0.6, [0.4, 0.77]),
                ],
            },
        ],
    }
    table = bots_hook.strength_table(data)
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    # only the search bot against the greedy bot, its share the complement of greedy's
    assert rows == [
        "| `modern` | 2 | `ismcts:300` | 24 | 87.5% | 69.0% to 96.0% | stronger |",
        "| `classic` | 4 | `ismcts:300` | 24 | 40.0% | 23.0% to 60.0% | not told apart |",
    ]
    assert data["command"] in table


def test_a_bad_budget_is_refused_by_the_strength_script(tmp_path: Path) -> None:
    done = _run("ismcts_strength.py", "--games", "1", "--budget", "ismcts:0", "--out", "x.json")
    assert done.returncode != 0
    assert "bad budget" in done.stderr


def test_the_page_says_where_the_figures_come_from(bots_hook: ModuleType) -> None:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert bots_hook.SPEED_MARKER in page
    assert bots_hook.STRENGTH_MARKER in page
    missing = ROOT / "docs" / "data" / "none.json"
    empty = bots_hook.fill("a <!-- m --> b", "<!-- m -->", missing, str, "x.py")
    assert "once" in empty
    assert "x.py" in empty
