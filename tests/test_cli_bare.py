"""Every command run bare says what may be given, or does its default job: never a bare error."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import attrs
import pytest

import toy
from serenissima.cli import main
from serenissima.engine.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """Two installed rulesets, toy and pond."""
    module = toy.fake_registry(toy.make_rules(), toy.make_rules(ruleset_id="pond"))
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", module)
    toy.play_here(monkeypatch)  # the stand-in's rulesets exist in this process only
    return module


@pytest.mark.parametrize(
    ("argv", "listed"),
    [
        ([], "COMMAND is one of rulesets, rules, play, replay, simulate, compare, ladder, bench"),
        (["rules"], "ACTION is one of show, list, rule, board"),
        (["rules", "list"], "EDITION is an installed ruleset (pond, toy) or a folder"),
        (["rules", "show"], "EDITION is an installed ruleset (pond, toy) or a folder"),
        (["rules", "board"], "EDITION is an installed ruleset (pond, toy) or a folder"),
        (["rules", "rule"], "ID is a rule ID; 'serenissima rules list EDITION' lists them"),
        (["compare"], "LEFT and RIGHT are installed rulesets (pond, toy) or folders"),
        (["compare", "toy"], "RIGHT is an installed ruleset (pond, toy) or a folder"),
    ],
)
def test_a_bare_command_lists_its_choices(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], argv: list[str], listed: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: serenissima")
    assert "the following arguments are required" in err
    assert listed in err


def test_play_without_an_edition_lists_the_installed_rulesets(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "serenissima: error: name the edition to play, an installed ruleset (pond, toy) "
        "or a folder, or --load a saved game\n"
    )


def test_bare_rulesets_lists_them(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rulesets"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert names == ["pond", "toy"]


def test_bare_simulate_plays_every_installed_ruleset(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate"]) == 0
    out = capsys.readouterr().out
    titles = [line for line in out.splitlines() if line.startswith("Ruleset ")]
    assert [title.split()[1] for title in titles] == ["pond", "toy"]
    assert all("4 players, 100 random games, seed 1" in title for title in titles)


def test_bare_bench_measures_every_installed_ruleset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One ruleset of one player count installed, to keep the default time budget short."""
    race = toy.make_rules(ruleset_id="duo")
    info = attrs.evolve(race.info, players=(2,))
    duo = Ruleset(info, race.board, race.options, race.params, race.engine)
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", toy.fake_registry(duo))
    assert main(["bench"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert header.split()[:2] == ["ruleset", "players"]
    assert [row.split()[:2] for row in rows] == [["duo", "2"]]


@pytest.mark.parametrize(
    ("argv", "listed"),
    [
        ([], "COMMAND is one of rulesets, rules, play, replay, simulate, compare, ladder, bench"),
        (["play"], "an installed ruleset (classic, modern) or a folder"),
        (["rules", "show"], "EDITION is an installed ruleset (classic, modern) or a folder"),
        (["compare"], "LEFT and RIGHT are installed rulesets (classic, modern) or folders"),
    ],
)
def test_the_installed_command_lists_the_real_choices(argv: list[str], listed: str) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")]))
    done = subprocess.run(
        [sys.executable, "-m", "serenissima", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert listed in done.stderr
