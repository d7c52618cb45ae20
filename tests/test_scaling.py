"""The scaling benchmark script: every configuration plays the same games, and says how fast."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from serenissima.analysis.run.runner import default_jobs

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "scaling.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scaling", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["scaling"] = module
    spec.loader.exec_module(module)
    return module


def test_every_configuration_plays_the_same_games(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, svg = tmp_path / "scaling.json", tmp_path / "scaling.svg"
    argv = ["--games", "6", "--players", "2", "--no-ray", "--out", str(out), "--svg", str(svg)]
    assert script.main(argv) == 0
    printed = capsys.readouterr()
    data = json.loads(out.read_text(encoding="utf-8"))
    cores = default_jobs()
    labels = [row["label"] for row in data["results"]]
    assert labels[0] == "1 core, in-process"
    assert len(labels) == 1 + (cores >= 2) + (cores > 2)
    assert data["identical"] is True
    assert data["results"][0]["speedup"] == 1.0
    assert all(row["games"] == 6 and row["steady_games_per_second"] > 0 for row in data["results"])
    assert data["machine"]["usable_cores"] == cores
    assert "same summary in every configuration: yes" in printed.out
    assert all(label in svg.read_text(encoding="utf-8") for label in labels)


def test_the_configurations_are_one_two_and_every_core_then_ray(script: ModuleType) -> None:
    labels = [label for label, _ in script.configurations(8, ray=True)]
    assert labels == [
        "1 core, in-process",
        "2 processes",
        "8 processes (all cores)",
        "Ray, local, 8 CPUs",
    ]
    two = [label for label, _ in script.configurations(2, ray=False)]
    assert two == ["1 core, in-process", "2 processes (all cores)"]
