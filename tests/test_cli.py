"""The serenissima command, run through main() against the toy ruleset."""

from __future__ import annotations

import io
import json
import sys
import types

import pytest

import toy
from serenissima.cli import main
from serenissima.errors import RulesetError
from serenissima.ruleset import Ruleset


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = toy.fake_registry(toy.make_rules(), toy.make_rules(version="2.1", ruleset_id="pond"))
    monkeypatch.setitem(sys.modules, "serenissima.registry", module)
    return module


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv", [["--help"], ["rulesets", "-h"], ["simulate", "-h"], ["bench", "-h"]]
)
def test_help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: serenissima")


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("rulesets", "simulate", "bench"):
        assert command in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("serenissima ")


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2
    assert "required: COMMAND" in capsys.readouterr().err


def test_rulesets_table(registry: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "rulesets")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["name", "edition", "version", "players", "title"]
    assert lines[1].split()[:4] == ["pond", "toy", "2.1", "2,3,4"]
    assert lines[2].split()[:4] == ["toy", "toy", "1.0", "2,3,4"]
    assert "Dice race (2024)" in lines[2]


def test_rulesets_json(registry: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rulesets", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert [r["name"] for r in data] == ["pond", "toy"]
    assert data[1] == {
        "name": "toy",
        "edition": "toy",
        "version": "1.0",
        "players": [2, 3, 4],
        "title": "Dice race",
        "year": 2024,
    }


def test_rulesets_reports_one_that_does_not_load(
    registry: types.ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    load = registry.load_ruleset

    def flaky(name: str) -> Ruleset:
        if name == "pond":
            raise RulesetError("board.toml", "board.ports[0].area", "expected a sea area")
        return load(name)  # type: ignore[no-any-return]

    monkeypatch.setattr(registry, "load_ruleset", flaky)
    status, out, err = _run(capsys, "rulesets")
    assert status == 2
    assert "toy" in out
    assert err == (
        "serenissima: error: ruleset 'pond' does not load: "
        "board.toml: board.ports[0].area: expected a sea area\n"
    )


def test_simulate_text(registry: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "--ruleset", "toy", "--players", "4", "--games", "20", "--seed", "1")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")  # no progress when stderr is not a terminal
    assert out.startswith("Ruleset toy 1.0: 4 players, 20 random games, seed 1, options: defaults")
    assert "win rate" in out


def test_simulate_json_with_options(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(
        capsys,
        *("simulate", "--ruleset", "toy", "--players", "3", "--games", "5"),
        *("--option", "die=d4", "--option", "may_stop=false", "--format", "json"),
    )
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 5
    assert data["options"] == [["die", "d4"], ["may_stop", "false"]]
    assert len(data["win_rate"]) == 3


def test_simulate_is_reproducible(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("simulate", "--ruleset", "toy", "--games", "10", "--seed", "4", "--format", "json")
    first = json.loads(_run(capsys, *argv)[1])
    second = json.loads(_run(capsys, *argv)[1])
    for data in (first, second):
        del data["seconds"], data["decisions_per_second"]
    assert first == second


def test_ruleset_argument_is_handed_to_the_registry(
    registry: types.ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    asked: list[str] = []

    def load(name_or_path: str) -> Ruleset:
        asked.append(name_or_path)
        return toy.make_rules()

    monkeypatch.setattr(registry, "load_ruleset", load)
    status, _, _ = _run(capsys, "simulate", "--ruleset", "variants/pond", "--games", "1")
    assert status == 0
    assert asked == ["variants/pond"]


def test_simulate_without_a_ruleset_plays_every_installed_one(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, "simulate", "--players", "2", "--games", "3")
    assert (status, err) == (0, "")
    summaries = out.split("\n\nRuleset ")
    assert len(summaries) == 2
    assert summaries[0].startswith("Ruleset pond 2.1: 2 players, 3 random games")
    assert summaries[1].startswith("toy 1.0: 2 players, 3 random games")


@pytest.mark.parametrize(
    "rulesets",
    [["all"], ["pond", "toy"], ["toy", "pond", "toy"], ["all", "pond"]],
    ids=["all", "both", "repeated", "all-and-one"],
)
def test_simulate_several_rulesets_as_json(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], rulesets: list[str]
) -> None:
    argv = ["simulate", "--games", "2", "--format", "json"]
    for name in rulesets:
        argv += ["--ruleset", name]
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    data = json.loads(out)
    assert isinstance(data, list)
    assert sorted(d["ruleset"] for d in data) == ["pond", "toy"]  # each once
    assert all(d["games"] == 2 for d in data)


def test_bench_without_a_ruleset_measures_every_installed_one(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "bench", "--games", "2", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert [d["ruleset"] for d in data] == ["pond", "toy"]
    assert all(d["games"] == 2 and d["decisions_per_second"] > 0 for d in data)
    status, out, _ = _run(capsys, "bench", "--games", "1")
    assert status == 0
    assert out.count("random games in") == 2


def test_an_option_goes_to_the_editions_that_declare_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With both shipped editions, a classic option is passed to the classic games only."""
    argv = ("simulate", "--players", "2", "--games", "1", "--format", "json")
    status, out, err = _run(capsys, *argv, "--option", "sailor_pool=unlimited")
    assert (status, err) == (0, "")
    options = {d["ruleset"]: d["options"] for d in json.loads(out)}
    assert options == {"classic": [["sailor_pool", "unlimited"]], "modern": []}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--ruleset", "atlantis"], "expected an installed ruleset (pond, toy)"),
        (["simulate", "--ruleset", "toy", "--players", "7"], "option 'players'"),
        (["simulate", "--ruleset", "toy", "--option", "wind=east"], "option 'wind'"),
        (["bench", "--ruleset", "toy", "--option", "die=d20", "--games", "1"], "option 'die'"),
        (["simulate", "--option", "wind=east"], "none of the rulesets (pond, toy) declares it"),
        (["bench", "--ruleset", "all", "--option", "die=d20", "--games", "1"], "option 'die'"),
    ],
)
def test_library_errors_are_one_line_and_exit_2(
    registry: types.ModuleType,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("serenissima: error: ")
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "0"],
        ["simulate", "--players", "four"],
        ["simulate", "--option", "die"],
        ["simulate", "--format", "xml"],
        ["bench", "--seconds", "1", "--games", "2"],
        ["bench", "--seconds", "-1"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: serenissima" in capsys.readouterr().err


def test_bench_text(registry: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "bench", "--ruleset", "toy", "--players", "4", "--games", "3")
    assert (status, err) == (0, "")
    assert out.startswith("Ruleset toy 1.0, 4 players: 3 random games in")
    assert "decisions" in out


def test_bench_json_by_seconds(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("bench", "--ruleset", "toy", "--seconds", "0.05", "--format", "json")
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    data = json.loads(out)
    assert data["games"] >= 1
    assert data["decisions_per_second"] > 0


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal(
    registry: types.ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["simulate", "--ruleset", "toy", "--games", "3"])
    assert status == 0
    shown = terminal.getvalue()
    assert "\rsimulate: [" + "#" * 24 + "] 3/3 games" in shown
    assert shown.endswith("\n")
    assert "Ruleset toy" in capsys.readouterr().out
