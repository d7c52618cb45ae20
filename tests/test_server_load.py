"""The server's load-and-fault script runs: a short run with its kill -9, nothing lost.

The figures themselves are measured by ``benchmarks/server_load.py`` and shown
on the performance page; this only checks that the script works and that its
checks hold on a short run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_short_load_run_with_a_kill_loses_and_repeats_nothing(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "server_load.py"),
               "--games", "6", "--seconds", "8", "--out", str(out)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["tables"] == 6
    assert result["killed_at_s"] is not None
    assert result["restarted_at_s"] > result["killed_at_s"]
    assert result["moves_acknowledged"] > 0
    assert result["lost"] == result["duplicated"] == result["missed"] == 0
    assert result["latency_ms"]["p50"] <= result["latency_ms"]["p99"]
    assert sum(n for _, n in result["histogram_ms"]) > 0
    assert "games at once" in done.stdout
