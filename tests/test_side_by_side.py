"""The side-by-side benchmark script: the editions and the peer engine in one run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "side_by_side.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("side_by_side", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["side_by_side"] = module
    spec.loader.exec_module(module)
    return module


def test_the_editions_beside_the_peer(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, svg = tmp_path / "performance.json", tmp_path / "performance.svg"
    argv = ["--players", "2", "4", "--seconds", "0.6", "--rounds", "1"]
    assert script.main([*argv, "--out", str(out), "--svg", str(svg)]) == 0
    printed = capsys.readouterr()
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {(r["ruleset"], r["players"]) for r in data["results"]} == {
        (name, n) for name in ("classic", "modern") for n in (2, 4)
    }
    assert all(r["decisions"] > 0 and r["pickle_bytes"] > 0 for r in data["results"])
    assert data["peer"]["name"] == "catanatron"
    assert [row["players"] for row in data["peer"]["results"]] == [2, 4]
    assert all(row["decisions_per_second"] > 0 for row in data["peer"]["results"])
    assert data["machine"]["cores"] >= 1
    assert "modern, 4 players:" in printed.out
    assert "x catanatron" in printed.out
    assert "round 1/1 done" in printed.err
    assert "catanatron" in svg.read_text(encoding="utf-8")


def test_without_the_peer_the_editions_are_measured_alone(
    script: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(script, "peer_version", lambda: None)
    out = tmp_path / "performance.json"
    argv = ["--ruleset", "modern", "--seconds", "0.2", "--rounds", "1", "--out", str(out)]
    assert script.main(argv) == 0
    printed = capsys.readouterr()
    assert "catanatron is not installed" in printed.err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["peer"] is None
    assert [(r["ruleset"], r["players"]) for r in data["results"]] == [("modern", 4)]
