"""The README's commands that rate the bots and compare the editions run as written.

The commands are read from the README's code block, and only their size is
cut down (two games, searches of three iterations, in this process), so that a
command the README shows and the command line refuses fails here.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from serenissima.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _readme_command(start: str) -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith(f"serenissima {start}")]
    assert len(lines) == 1, f"the README shows one 'serenissima {start}' command"
    return shlex.split(lines[0])[1:]


def _small(argv: list[str]) -> list[str]:
    """The same command, two games long, with three-iteration searches, in this process."""
    out = []
    for arg in argv:
        arg = re.sub(r"(ismcts(?:-learned)?):\d+", r"\1:3", arg)
        out.append(arg)
    games = out.index("--games")
    out[games + 1] = "2"
    return [*out, "--jobs", "1"]


def test_the_readme_ladder_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = _readme_command("ladder")
    assert "ismcts" in " ".join(argv)
    out = tmp_path / "ladder.json"
    assert main([*_small(argv), "--format", "json", "--out", str(out)]) == 0
    (ladder,) = json.loads(out.read_text(encoding="utf-8"))["ladders"]
    assert ladder["agents"] == ["random", "greedy", "ismcts:3"]
    assert len(ladder["pairings"]) == 3


def test_the_readme_report_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = _readme_command("compare classic modern --agents")
    folder = argv.index("--report")
    argv[folder + 1] = str(tmp_path / "report")
    journal = argv.index("--journal")
    argv[journal + 1] = str(tmp_path / "report.jsonl")
    assert main(_small(argv)) == 0
    assert (tmp_path / "report" / "report.md").is_file()
    assert len((tmp_path / "report.jsonl").read_text(encoding="utf-8").splitlines()) == 1 + 8
    html = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "ismcts-learned:3" in html
