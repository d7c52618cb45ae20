"""Games on every core and runs that resume: the same rows and summaries as one process.

The worker processes here are real ones (from the fork server the runner starts),
and the interrupted run is a real ``serenissima`` process, killed part-way.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import processes
import toy
from serenissima.analysis.simulate.batch import simulate, simulate_many
from serenissima.analysis.simulate.summary import SimulationSummary
from serenissima.cli import main
from serenissima.cli._common import Parser, add_run_arguments, run_arguments
from serenissima.engine.errors import ArgumentValueError


def _timeless(summary: SimulationSummary) -> SimulationSummary:
    return attrs.evolve(summary, seconds=0.0, decisions_per_second=0.0)


def _timeless_json(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "decisions_per_second")}


def test_worker_processes_play_the_games_of_one_process() -> None:
    rulesets = ["classic", "modern"]
    options = [None, {"galley_capacity": "separate"}]
    here = simulate_many(rulesets, 3, 40, 11, options, keep_games=True)
    there = simulate_many(rulesets, 3, 40, 11, options, keep_games=True, jobs=2)
    for one, two in zip(here, there, strict=True):
        assert two.rows == one.rows
        assert _timeless(two) == _timeless(one)
    assert here[1].options == (("galley_capacity", "separate"),)
    greedy = {"seats": ["greedy", "random"], "keep_games": True}
    one = simulate("modern", 2, 6, seed=3, **greedy)
    two = simulate("modern", 2, 6, seed=3, jobs=2, **greedy)
    assert _timeless(two) == _timeless(one)


def test_a_folder_ruleset_is_loaded_by_each_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "variant"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        '[ruleset]\nid = "modern-variant"\nengine = "modern"\nbase = "modern"\n', encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)  # a relative path, which each worker gets resolved
    here = simulate("variant", 3, 12, seed=2, keep_games=True)
    there = simulate("variant", 3, 12, seed=2, keep_games=True, jobs=2)
    assert there.ruleset == "modern-variant"
    assert _timeless(there) == _timeless(here)


def test_a_ruleset_built_in_memory_plays_in_this_process_only() -> None:
    rules = toy.make_rules()
    assert simulate(rules, 2, 3, seed=1).games == 3
    with pytest.raises(ArgumentValueError, match="'toy' was built in memory"):
        simulate(rules, 2, 3, seed=1, jobs=2)


def test_a_run_resumed_from_its_journal_ends_as_an_uninterrupted_one(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    whole = simulate_many(["classic", "modern"], 3, 30, 4, keep_games=True)
    simulate_many(["classic", "modern"], 3, 12, 4, journal=journal)  # a shorter run first
    assert len(journal.read_text().splitlines()) == 1 + 2 * 12
    seen: list[tuple[int, int]] = []
    resumed = simulate_many(
        ["classic", "modern"],
        3,
        30,
        4,
        progress=lambda done, total: seen.append((done, total)),
        keep_games=True,
        jobs=2,
        journal=journal,
    )
    assert seen[0] == (24, 60)  # the journal's games, before any is played
    assert len(seen) == 1 + 2 * 18
    assert [_timeless(s) for s in resumed] == [_timeless(s) for s in whole]
    assert len(journal.read_text().splitlines()) == 1 + 2 * 30
    again = simulate_many(["classic", "modern"], 3, 30, 4, keep_games=True, journal=journal)
    assert [_timeless(s) for s in again] == [_timeless(s) for s in whole]  # nothing to play
    assert all(s.seconds == 0 and s.decisions_per_second == 0 for s in again)


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_a_killed_command_resumes_from_its_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "run.jsonl"
    argv = ["simulate", "--ruleset", "modern", "--players", "3", "--games", "400", "--seed", "9"]
    argv += ["--format", "json", "--per-game", "--jobs", "2", "--journal", str(journal)]
    command = subprocess.Popen(
        [sys.executable, "-m", "serenissima", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while _lines(journal) < 41 and command.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = processes.below(command.pid)  # a fork server and the workers it started
    command.send_signal(signal.SIGKILL)
    command.wait(timeout=60)
    kept = _lines(journal) - 1
    assert 40 <= kept < 400, "the run should have been killed part-way"
    assert len(workers) >= 3
    assert not processes.wait_gone(workers), "the workers of a killed run should end"
    with journal.open("ab") as file:
        file.write(b'{"batch":0,"index":399,"res')  # as if killed while writing a line
    assert main(argv) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert main([*argv[:-4], "--jobs", "1"]) == 0  # no journal, one process
    whole = json.loads(capsys.readouterr().out)
    assert _timeless_json(resumed) == _timeless_json(whole)
    assert _lines(journal) == 1 + 400


def test_a_journal_of_other_arguments_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = str(tmp_path / "run.jsonl")
    argv = ["simulate", "--ruleset", "modern", "--games", "3", "--journal", journal]
    assert main([*argv, "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main([*argv, "--seed", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"serenissima: error: journal {journal} belongs to another run: seed 1")


def _free_port() -> int:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        return int(unused.getsockname()[1])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--address", "127.0.0.1:6379"], "--address goes with --backend ray"),
        (["--backend", "local", "--jobs", "2"], "the local backend runs one task at a time"),
        (["--backend", "ray", "--address", "nowhere"], "expected a Ray address HOST:PORT"),
        (["--backend", "ray", "--address", "127.0.0.1:PORT"], "no Ray cluster answers at"),
        (["--journal", "DIR/none/run.jsonl"], "cannot write journal"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_bad_run_arguments_are_one_line_before_any_game(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    extra: list[str],
    message: str,
) -> None:
    journal = tmp_path / "run.jsonl"
    extra = [a.replace("PORT", str(_free_port())).replace("DIR", str(tmp_path)) for a in extra]
    if "--journal" not in extra:
        extra += ["--journal", str(journal)]
    head = ["simulate", "--ruleset", "modern"]
    if command == "compare":
        head = ["compare", "classic", "modern"]
    assert main([*head, "--games", "5", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert message in err
    assert not journal.exists()  # no game played, nothing written


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--jobs", "0"], "expected at least 1, got 0"),
        (["--backend", "threads"], "invalid choice: 'threads'"),
    ],
)
def test_bad_values_are_usage_errors(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "5", *extra])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_compare_takes_run_arguments_with_games_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "classic", "modern", "--jobs", "2"]) == 2
    assert capsys.readouterr().err == "serenissima: error: --jobs goes with --games\n"


def test_the_commands_run_on_every_core_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    import serenissima.analysis.run.runner as runner

    monkeypatch.setattr(runner, "default_jobs", lambda: 3)
    parser = Parser()
    add_run_arguments(parser)
    assert run_arguments(parser.parse_args([])) == {
        "jobs": 3,
        "backend": "processes",
        "address": None,
        "journal": None,
    }
    assert run_arguments(parser.parse_args(["--jobs", "1"]))["backend"] == "local"
    ray = run_arguments(parser.parse_args(["--backend", "ray", "--address", "auto"]))
    assert (ray["jobs"], ray["backend"]) == (None, "ray")  # the cluster's CPUs


def test_python_m_serenissima_runs_its_command_once(tmp_path: Path) -> None:
    """Worker processes import the main module again; it must not run the command again."""
    done = subprocess.run(
        [sys.executable, "-m", "serenissima", "simulate", "--ruleset", "classic", "--games", "4"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "100"},
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.count("Ruleset classic") == 1
