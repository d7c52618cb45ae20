"""The Ray backend on a real local Ray instance: the same games as in one process.

One instance serves the module: the library starts it (``RayWorkers`` without an
address, as ``--backend ray`` does) with two CPUs, its services on the loopback
address; the library's simulation then finds this process connected and runs on
it, and a ``serenissima`` process connects to it by its address, as a program
would reach a cluster. Closing it must leave no Ray process behind.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import processes
from serenissima.analysis.run.ray_backend import RayWorkers
from serenissima.analysis.simulate.batch import simulate_many
from serenissima.cli import main

LOOPBACK = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
"""Ray keeps to the loopback address with this switch (the library sets it for a local start)."""


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    before = processes.below(os.getpid())
    workers = RayWorkers(None, jobs=2)
    import ray

    started = processes.below(os.getpid()) - before
    assert started, "the local Ray instance should run processes of its own"
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        workers.close()
    assert not ray.is_initialized()
    assert not processes.wait_gone(started), "Ray left processes behind"


def _timeless(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "decisions_per_second")}


def test_ray_tasks_play_the_games_of_one_process(ray_address: str) -> None:
    kwargs: dict[str, Any] = {"seats": ("greedy", "random", "random"), "keep_games": True}
    here = simulate_many(["classic", "modern"], 3, 16, 5, **kwargs)
    on_ray = simulate_many(["classic", "modern"], 3, 16, 5, backend="ray", jobs=2, **kwargs)
    for local, remote in zip(here, on_ray, strict=True):
        assert remote.rows == local.rows
        assert attrs.evolve(remote, seconds=0, decisions_per_second=0) == attrs.evolve(
            local, seconds=0, decisions_per_second=0
        )
    import ray

    assert ray.is_initialized()  # a connection the program made is left open


def test_the_command_reaches_a_running_instance_by_its_address(
    ray_address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--ruleset", "all", "--players", "2", "--games", "12", "--seed", "3"]
    argv += ["--format", "json", "--per-game"]
    assert main([*argv, "--jobs", "1"]) == 0
    here = json.loads(capsys.readouterr().out)
    journal = tmp_path / "run.jsonl"
    remote = [*argv, "--backend", "ray", "--address", ray_address, "--journal", str(journal)]
    env = {**os.environ, **LOOPBACK}
    done = subprocess.run(
        [sys.executable, "-m", "serenissima", *remote],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    there = json.loads(done.stdout)
    assert [_timeless(s) for s in there] == [_timeless(s) for s in here]
    assert len(journal.read_text().splitlines()) == 1 + 2 * 12
