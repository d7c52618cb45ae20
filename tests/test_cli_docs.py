"""Every command line shown on the docs' command-line page runs as written.

The commands run in order, in one scratch folder, so that a file one of them writes
(``play --save game.json``) is there for the next (``play --load``, ``replay``).
``play`` reads an empty standard input, so a person's first prompt ends the game
as the end of input does. Lines naming a placeholder path, ``bench`` without a
``--games`` budget (it would time itself for seconds) and ``serve`` (it serves until
stopped; the server's own tests run it as a process) are left out.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from serenissima.cli import main

CLI_PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"


def _commands() -> list[str]:
    text = CLI_PAGE.read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
        for line in block.splitlines():
            command = line.split("#", 1)[0].strip()
            if command.startswith("serenissima "):
                lines.append(command)
    return lines


def _runs(command: str) -> bool:
    if "path/to/" in command or command.startswith("serenissima serve"):
        return False
    return not (command.startswith("serenissima bench") and "--games" not in command)


COMMANDS = _commands()


def test_the_page_shows_every_command() -> None:
    shown = {shlex.split(command)[1] for command in COMMANDS}
    assert {"rulesets", "rules", "play", "replay", "simulate", "compare", "bench"} <= shown


def test_every_command_on_the_page_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    ran = 0
    for command in filter(_runs, COMMANDS):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        status = main(shlex.split(command)[1:])
        out, err = capsys.readouterr()
        assert status == 0, f"{command!r} exited with {status}: {err}"
        assert out.strip() or "--svg" in command or "--out" in command, command
        ran += 1
    assert ran >= 25
    assert (tmp_path / "game.json").is_file()
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").lstrip().startswith("<")
    assert (tmp_path / "games.csv").read_text(encoding="utf-8").startswith("ruleset,")
