"""The serenissima command, run through main() against the toy ruleset."""

from __future__ import annotations

import csv
import io
import json
import sys
import types
from pathlib import Path

import pytest

import toy
from serenissima.cli import main
from serenissima.engine.errors import RulesetError
from serenissima.engine.ruleset import Ruleset


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = toy.fake_registry(toy.make_rules(), toy.make_rules(version="2.1", ruleset_id="pond"))
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", module)
    toy.play_here(monkeypatch)  # the stand-in's rulesets exist in this process only
    return module


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["rulesets", "-h"], ["simulate", "-h"], ["compare", "-h"], ["bench", "-h"]],
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
    """Every installed ruleset, at every player count it allows, one row each."""
    status, out, _ = _run(capsys, "bench", "--games", "2", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert [(d["ruleset"], d["players"]) for d in data] == [
        (name, players) for name in ("pond", "toy") for players in (2, 3, 4)
    ]
    assert all(d["games"] == 2 and d["decisions_per_second"] > 0 for d in data)
    assert all(d["pickle_bytes"] > 0 and d["json_bytes"] > 0 for d in data)
    status, out, _ = _run(capsys, "bench", "--games", "1", "--players", "3")
    assert status == 0
    header, *rows = out.splitlines()
    assert header.split()[:5] == ["ruleset", "players", "games", "decisions", "decisions/s"]
    assert [row.split()[:3] for row in rows] == [["pond", "3", "1"], ["toy", "3", "1"]]


def test_bench_players_none_of_a_ruleset_allows(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capsys, "bench", "--games", "1", "--players", "7")
    assert (status, out) == (2, "")
    assert "option 'players'" in err
    assert "allows 2, 3, 4 players" in err


def test_bench_draws_an_svg_chart(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    chart = tmp_path / "bench.svg"
    argv = ("bench", "--ruleset", "toy", "--games", "1", "--players", "2", "4", "--svg")
    status, out, err = _run(capsys, *argv, str(chart))
    assert status == 0
    assert err == f"wrote {chart}\n"
    svg = chart.read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    assert svg.rstrip().endswith("</svg>")
    assert "2 players" in svg
    assert "4 players" in svg
    assert "toy" in svg
    assert len(out.splitlines()) == 3  # the header and a row per player count
    status, _, err = _run(capsys, "bench", "--games", "1", "--svg", str(tmp_path / "no" / "x"))
    assert status == 2
    assert "cannot write" in err


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
    header, row = out.splitlines()
    assert header.split() == [
        "ruleset", "players", "games", "decisions", "decisions/s", "µs/decision",
        "chance/s", "games/s", "pickle", "B", "JSON", "B",
    ]  # fmt: skip
    assert row.split()[:3] == ["toy", "4", "3"]


def test_bench_json_by_seconds(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("bench", "--ruleset", "toy", "--players", "2", "--seconds", "0.05", "--format", "json")
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    data = json.loads(out)
    assert data["games"] >= 1
    assert data["decisions_per_second"] > 0
    assert data["microseconds_per_decision"] > 0


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


# simulate: seats, formats, files


def test_simulate_csv_has_one_row_per_game(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("simulate", "--ruleset", "toy", "--players", "3", "--games", "7", "--format", "csv")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == [
        "ruleset",
        "game",
        "seed",
        "decisions",
        "chance",
        "turns",
        "winners",
        "margin",
        "score_0",
        "score_1",
        "score_2",
    ]
    assert [row["game"] for row in rows] == [str(i) for i in range(7)]
    assert {row["ruleset"] for row in rows} == {"toy"}
    # the rows agree with the summary of the same games
    status, out, _ = _run(capsys, *argv[:-2], "--format", "json")
    summary = json.loads(out)
    decisions = [int(row["decisions"]) for row in rows]
    assert sum(decisions) / 7 == pytest.approx(summary["mean_decisions"])
    for seat in range(3):
        wins = sum(1 / len(r["winners"].split()) for r in rows if str(seat) in r["winners"].split())
        assert wins / 7 == pytest.approx(summary["win_rate"][seat])
    for row in rows:
        scores = [int(row[f"score_{seat}"]) for seat in range(3)]
        winners = [int(seat) for seat in row["winners"].split()]
        assert all(scores[w] == max(scores) for w in winners)
        if len(winners) == 1:
            others = [s for seat, s in enumerate(scores) if seat != winners[0]]
            assert int(row["margin"]) == scores[winners[0]] - max(others)


def test_simulate_csv_of_several_rulesets_shares_one_header(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "simulate", "--games", "2", "--players", "2", "--format", "csv")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("ruleset,game,")
    assert [line.split(",")[0] for line in lines[1:]] == ["pond", "pond", "toy", "toy"]
    # the same rules under two names meet the same chance: the same games
    assert [line.split(",", 1)[1] for line in lines[1:3]] == [
        line.split(",", 1)[1] for line in lines[3:5]
    ]


def test_simulate_json_per_game_and_intervals(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("simulate", "--ruleset", "toy", "--players", "2", "--games", "6", "--format", "json")
    status, out, _ = _run(capsys, *argv, "--per-game")
    assert status == 0
    data = json.loads(out)
    assert [game["index"] for game in data["per_game"]] == list(range(6))
    assert data["seats"] == ["random", "random"]
    low, high = data["intervals"]["decisions"]
    assert low <= data["mean_decisions"] <= high
    assert len(data["intervals"]["win_rate"]) == 2
    assert "per_game" not in json.loads(_run(capsys, *argv)[1])


def test_simulate_seats_one_for_all_or_one_each(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ("simulate", "--ruleset", "toy", "--players", "3", "--games", "4", "--format", "json")
    plain = json.loads(_run(capsys, *base)[1])
    one = json.loads(_run(capsys, *base, "--seats", "random")[1])
    each = json.loads(_run(capsys, *base, "--seats", "random,random,random")[1])
    for data in (plain, one, each):
        del data["seconds"], data["decisions_per_second"]
    assert plain == one == each
    assert one["seats"] == ["random"] * 3


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seats", "random,random"], "--seats names 2 agents for 4 players"),
        (["--seats", "oracle"], "unknown agent 'oracle'"),
        (["--per-game"], "--per-game goes with --format json"),
        (["--out", "no/such/folder/x.csv"], "cannot write no/such/folder/x.csv"),
    ],
)
def test_simulate_refuses_bad_seats_and_files(
    registry: types.ModuleType,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    status, out, err = _run(capsys, "simulate", "--ruleset", "toy", "--games", "2", *extra)
    assert status == 2
    assert out == ""
    assert message in err


def test_simulate_out_writes_the_file(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "games.csv"
    argv = ("simulate", "--ruleset", "toy", "--games", "5", "--format", "csv")
    status, out, err = _run(capsys, *argv, "--out", str(target))
    assert status == 0
    assert out == ""
    assert err == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8") == _run(capsys, *argv)[1]
    status, _, err = _run(capsys, *argv, "--out", str(tmp_path))
    assert status == 2
    assert "it is a folder" in err


def test_simulate_text_shows_intervals_and_margin(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("simulate", "--ruleset", "toy", "--games", "30", "--seats", "random")
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    assert "95% interval" in out
    assert any(line.startswith("winner margin") for line in out.splitlines())


# compare --games


def test_compare_with_games_puts_the_simulations_side_by_side(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("compare", "toy", "pond", "--games", "20", "--players", "3", "--seed", "5")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    assert "toy vs pond:" in out  # the diff comes first
    lines = out.splitlines()
    assert lines.index("left: toy 1.0: 3 players, 20 random games, seed 5, options: defaults") > 0
    assert "the same seeds on both sides" in lines
    header = next(line for line in lines if line.startswith("per game"))
    columns = ("per game", "toy", "95% interval", "pond", "95% interval", "differ")
    assert header.split() == " ".join(columns).split()
    rows = [line for line in lines if line.startswith(("decisions", "win rate"))]
    assert len(rows) == 4
    # the same rules and the same seeds: the same games, so nothing differs
    assert all(row.split()[-1] == "no" for row in rows)


def test_compare_with_games_as_json(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("compare", "toy", "pond", "--games", "8", "--json", "--option", "die=d4")
    status, out, _ = _run(capsys, *argv)
    assert status == 0
    data = json.loads(out)
    simulation = data["simulation"]
    assert simulation["paired"] is True
    assert simulation["left"]["options"] == [["die", "d4"]]
    assert simulation["right"]["ruleset"] == "pond"
    assert [row["key"] for row in simulation["rows"]][:5] == [
        "decisions",
        "turns",
        "chance",
        "margin",
        "shared_wins",
    ]
    assert len(simulation["rows"]) == 5 + 4
    assert "summary" in data


def test_compare_without_games_prints_no_simulation(
    registry: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "compare", "toy", "pond")
    assert status == 0
    assert "per game" not in out
    status, out, _ = _run(capsys, "compare", "toy", "pond", "--json")
    assert "simulation" not in json.loads(out)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seed", "3"], "go with --games"),
        (["--players", "3"], "go with --games"),
        (["--games", "2", "--option", "wind=east"], "option 'wind'"),
        (["--games", "2", "--seats", "a,b"], "--seats names 2 agents for 4 players"),
        (["--games", "2", "--players", "9"], "option 'players'"),
    ],
)
def test_compare_refuses_bad_play_arguments(
    registry: types.ModuleType,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    status, out, err = _run(capsys, "compare", "toy", "pond", *extra)
    assert status == 2
    assert out == ""
    assert message in err


def test_compare_the_editions_in_play(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("compare", "classic", "modern", "--games", "3", "--section", "info")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert any(line.startswith("rounds / turns") for line in lines)
    assert any(line.startswith("win rate, seat 0 (classic venice) ") for line in lines)
    assert not any(line.startswith("win rate") and " - " in line for line in lines)
    margin = next(line for line in lines if line.startswith("winner margin"))
    assert margin.split()[-1] == "-"  # wealth points and ducats are not compared
    assert "not compared" in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_the_time_left_on_a_terminal() -> None:
    from serenissima.cli._common import Progress

    screen = _Terminal()
    ticks = iter(range(100))  # a clock that moves a second at each look
    progress = Progress("modern", screen, clock=lambda: float(next(ticks)))
    progress.games(0, 8)  # before the first game
    progress.games(1, 8)  # the first game: no pace yet (starting the workers takes time)
    progress.games(3, 8)  # two more: the pace of the games since the first
    progress.games(8, 8)
    progress.close()
    lines = screen.getvalue().split("\r")
    assert "0/8 games" in lines[1]
    assert "1/8 games" in lines[2]
    assert "left" not in lines[2]
    assert "3/8 games" in lines[3]
    assert "left" in lines[3]
    assert "8/8 games" in lines[4]
    assert "left" not in lines[4]
    quiet = io.StringIO()
    Progress("modern", quiet).games(1, 4)
    assert quiet.getvalue() == ""  # nothing drawn where no one looks
