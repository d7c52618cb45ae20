"""scripts/value_probe.py: its fit learns what predicts the winner, and the script runs."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def _probe() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "value_probe", ROOT / "scripts" / "value_probe.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_learns_which_input_decides_the_winner() -> None:
    probe = _probe()
    rng = np.random.default_rng(1)
    inputs = rng.normal(size=(400, 2, 3))  # 400 positions, 2 seats, 3 inputs each
    winner = (inputs[:, 1, 0] > inputs[:, 0, 0]).astype(int)  # the first input decides
    shares = np.zeros((400, 2))
    shares[np.arange(400), winner] = 1.0
    games = np.arange(400)
    train, test = games % 5 != 0, games % 5 == 0
    weights = probe.fit(inputs, shares, train, penalty=1e-3)
    assert weights[0] > 5 * max(abs(weights[1]), abs(weights[2]))
    held = probe.scores(inputs, shares, test, weights)
    assert held["favourite_won"] > 0.9
    assert held["log_loss"] < 0.3  # an even guess: 0.693


def test_the_script_writes_both_models_figures(tmp_path: Path) -> None:
    out = tmp_path / "probe.json"
    command = [sys.executable, str(ROOT / "scripts" / "value_probe.py"), "--games", "6"]
    subprocess.run([*command, "--every", "20", "--out", str(out)], check=True, timeout=600)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["features"]["inputs"] == 4
    assert data["features and view"]["inputs"] > 4
    assert 0 < data["held_out_positions"] < data["positions"]
