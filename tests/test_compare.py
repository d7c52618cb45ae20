"""Comparing rulesets: compare_rulesets, the diff types and the compare command."""

from __future__ import annotations

import doctest
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import serenissima
import toy
from serenissima.analysis.diff import compare
from serenissima.analysis.diff import entries as diff_types
from serenissima.analysis.diff import text as difftext
from serenissima.analysis.diff.compare import compare_rulesets
from serenissima.analysis.diff.entries import SECTIONS, DiffEntry, DiffStatus, RulesetDiff
from serenissima.analysis.diff.text import format_diff
from serenissima.cli import main
from serenissima.engine.errors import RulesetError
from serenissima.engine.phases import PhaseInfo
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import GoodSpec, Source

MODERN = Path(__file__).resolve().parents[1] / "rulesets" / "modern"

VARIANT_CHANGES = {
    ("info", "id"): ("modern", "modern-variant", DiffStatus.DIFFERENT),
    ("params", "costs.fort"): (2, 3, DiffStatus.DIFFERENT),
    ("params", "sale.bonuses[good=spice].ducats"): (2, None, DiffStatus.ONLY_LEFT),
    ("params", "sale.bonuses[good=gold].ducats"): (None, 2, DiffStatus.ONLY_RIGHT),
    ("options", "money_visibility"): ("visible", "hidden", DiffStatus.DIFFERENT),
    ("board", "warehouse_spaces"): (74, 73, DiffStatus.DIFFERENT),
    ("board", "ports[warehouse=4]"): (7, 8, DiffStatus.DIFFERENT),
    ("board", "ports[warehouse=5]"): (5, 4, DiffStatus.DIFFERENT),
    ("ports", "venice.warehouse"): (5, 4, DiffStatus.DIFFERENT),
}
"""What the variant folder changes, as (left, right, status) by (section, key)."""


def _edit(path: Path, pattern: str, replacement: str) -> None:
    text, count = re.subn(pattern, replacement, path.read_text(), flags=re.MULTILINE)
    assert count == 1, f"{path.name}: {pattern!r} matched {count} times"
    path.write_text(text)


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the modern folder: fort costs 3, a gold bonus for the spice bonus, money
    hidden by default, Venice holds 4."""
    folder = tmp_path_factory.mktemp("rulesets") / "variant"
    shutil.copytree(MODERN, folder, ignore=shutil.ignore_patterns("__pycache__"))
    _edit(folder / "ruleset.toml", r'^id = "modern"$', 'id = "modern-variant"')
    _edit(folder / "ruleset.toml", r'^engine = "modern"$', 'engine = "modern"')
    _edit(folder / "rules.toml", r"^fort = 2\b", "fort = 3")
    _edit(folder / "rules.toml", r'^good = "spice"( +# M-SALE-5)$', r'good = "gold"\1')
    _edit(folder / "options.toml", r'^default = "visible"$', 'default = "hidden"')
    _edit(
        folder / "board.toml",
        r'(^\[\[ports\]\]\nid = "venice"\n(?:.+\n)*?warehouse = )5$',
        r"\g<1>4",
    )
    return folder


def _changes(diff: RulesetDiff) -> dict[tuple[str, str], tuple[object, object, DiffStatus]]:
    return {(e.section, e.key): (e.left, e.right, e.status) for e in diff.changed}


# --- compare_rulesets ------------------------------------------------------------------------


def test_modern_against_itself_has_no_changes() -> None:
    diff = compare_rulesets("modern", "modern")
    assert diff.identical
    assert (diff.left, diff.right) == ("modern", "modern")
    assert not diff.changed
    assert len(diff) == len(diff.same) > 300
    assert diff.sections == SECTIONS
    assert {e.status for e in diff} == {DiffStatus.SAME}


def test_variant_folder_shows_exactly_its_edits(variant: Path) -> None:
    diff = compare_rulesets("modern", variant)
    assert (diff.left, diff.right) == ("modern", "modern-variant")
    assert _changes(diff) == VARIANT_CHANGES
    assert not diff.identical


def test_swapping_the_sides_swaps_only_left_and_only_right(variant: Path) -> None:
    diff = compare_rulesets(str(variant), "modern")
    mirror = {
        DiffStatus.ONLY_LEFT: DiffStatus.ONLY_RIGHT,
        DiffStatus.ONLY_RIGHT: DiffStatus.ONLY_LEFT,
    }
    swapped = {
        key: (right, left, mirror.get(status, status))
        for key, (left, right, status) in VARIANT_CHANGES.items()
    }
    assert _changes(diff) == swapped
    assert diff["params", "sale.bonuses[good=spice].ducats"] == DiffEntry(
        "params", "sale.bonuses[good=spice].ducats", None, 2, DiffStatus.ONLY_RIGHT
    )


def test_details_of_a_one_sided_key_are_left_out() -> None:
    modern = serenissima.load_ruleset("modern")
    # an engine reads every option its options.toml must declare: drop one by hand
    fewer = tuple(o for o in modern.options if o.name != "money_visibility")
    lacking = Ruleset(modern.info, modern.board, fewer, modern.params, modern.engine)
    diff = compare_rulesets(modern, lacking)
    assert diff["options", "money_visibility"].status is DiffStatus.ONLY_LEFT
    assert ("options", "money_visibility.kind") not in diff
    assert diff["options", "galley_capacity.values"].right == ("shared5", "separate")


def test_rulesets_objects_paths_and_names_are_accepted(variant: Path) -> None:
    rules = serenissima.load_ruleset(variant)
    assert compare_rulesets(rules, variant).identical
    assert compare_rulesets(serenissima.load_ruleset("modern"), rules) == compare_rulesets(
        "modern", str(variant)
    )


def test_unknown_ruleset_is_a_ruleset_error() -> None:
    with pytest.raises(RulesetError, match="'atlantis'"):
        compare_rulesets("modern", "atlantis")


def test_modern_keys_in_each_section() -> None:
    diff = compare_rulesets("modern", "modern")
    expect = {
        ("info", "players"): (2, 3, 4),
        ("info", "year"): 2012,
        ("board", "areas"): 20,
        ("board", "ports"): 19,
        ("board", "edges"): 34,
        ("board", "high_seas"): 1,
        ("board", "ports[good=wood]"): 5,
        ("board", "capitals"): 0,
        ("ports", "valencia"): "Valencia",
        ("ports", "valencia.start"): True,
        ("ports", "valencia.capital_of"): None,
        ("goods", "wood"): 14,
        ("goods", "wood.colour"): "brown",
        ("params", "components.galleys"): 15,
        ("params", "galley.max_goods"): 4,
        ("params", "setup[players=4].galleys_each"): 2,
        ("params", "doge_cards[hourglass1].count"): 2,
        ("params", "sale.bonuses[good=spice].ducats"): 2,
        ("params", "scoring.payout"): (0, 2, 5, 10, 15, 20),
        ("options", "galley_capacity"): "shared5",
        ("options", "two_player_pick_order.players"): (2,),
        ("phases", "doge-card"): "Drawing",
        ("phases", "doge-card.chance"): True,
        ("phases", "loading.actions"): ("done", "jettison", "loadgood", "shiftgood", "shiftsailor"),
        ("provenance", "components.source"): "stated",
        ("provenance", "goods[wood].source"): "stated",
        ("provenance", "areas[stated]"): 3,
    }
    assert {key: diff[key].left for key in expect} == expect
    # the field that keys an entry, and provenance, are not repeated among the numbers
    keys = {e.key for e in diff.section("params")}
    assert "setup[players=4].players" not in keys
    assert "doge_cards[wine].id" not in keys
    assert not any(key.endswith("source") for key in keys)
    assert not any(key.startswith("goods") for key in keys)
    order = diff["phases", "order"].left
    assert isinstance(order, tuple)
    assert order[0] == "close-port"
    assert order[-1] == "game-over"


# --- flattening and phases, on hand-made rulesets --------------------------------------------


@attrs.frozen(slots=True)
class _Card:
    id: str
    count: int


@attrs.frozen(slots=True)
class _Seats:
    players: int
    rounds: int
    source: Source


@attrs.frozen(slots=True)
class _Step:
    cost: int


@attrs.frozen(slots=True)
class _Costs:
    galley: int
    source: Source


@attrs.frozen(slots=True)
class _Params:
    goods: tuple[GoodSpec, ...]
    costs: _Costs
    cards: tuple[_Card, ...]
    setup: tuple[_Seats, ...]
    steps: tuple[_Step, ...]
    faces: dict[str, int]
    flag: bool


def _params(**changes: object) -> _Params:
    params = _Params(
        goods=(GoodSpec("wood", "Wood", 10, "brown", Source.STATED),),
        costs=_Costs(2, Source.STATED),
        cards=(_Card("wine", 1), _Card("sand", 2)),
        setup=(_Seats(3, 8, Source.PUBLIC), _Seats(4, 6, Source.PUBLIC)),
        steps=(_Step(1), _Step(2)),
        faces={"d6": 6},
        flag=True,
    )
    return attrs.evolve(params, **changes)


class _Engine(toy.RaceEngine):
    def __init__(self, phases: tuple[PhaseInfo, ...]) -> None:
        self._phases = phases

    def phases(self) -> tuple[PhaseInfo, ...]:
        return self._phases


def _rules(
    ruleset_id: str, params: object = None, phases: tuple[PhaseInfo, ...] | None = None
) -> Ruleset:
    base = toy.make_rules(ruleset_id=ruleset_id)
    engine = _Engine(toy.ENGINE.phases() if phases is None else phases)
    return Ruleset(base.info, base.board, base.options, params or base.params, engine)


def test_params_are_flattened_into_keyed_dotted_paths() -> None:
    diff = compare_rulesets(_rules("a", _params()), _rules("b", _params()))
    params = {e.key: e.left for e in diff.section("params")}
    assert params == {
        "costs.galley": 2,
        "cards[wine].count": 1,
        "cards[sand].count": 2,
        "setup[players=3].rounds": 8,
        "setup[players=4].rounds": 6,
        "steps[0].cost": 1,
        "steps[1].cost": 2,
        "faces[d6]": 6,
        "flag": True,
    }
    assert diff["goods", "wood"].left == 10
    provenance = {e.key: e.left for e in diff.section("provenance")}
    assert provenance["costs.source"] == "stated"
    assert provenance["setup[players=4].source"] == "public"
    assert provenance["goods[wood].source"] == "stated"


def test_keyed_entries_on_one_side_and_changed_numbers() -> None:
    left = _params()
    right = _params(
        cards=(_Card("wine", 3), _Card("rain", 1)),
        setup=(_Seats(4, 6, Source.PUBLIC), _Seats(5, 5, Source.PUBLIC)),
        flag=1,
    )
    diff = compare_rulesets(_rules("a", left), _rules("b", right)).section("params")
    assert _changes(diff) == {
        ("params", "cards[wine].count"): (1, 3, DiffStatus.DIFFERENT),
        ("params", "cards[sand].count"): (2, None, DiffStatus.ONLY_LEFT),
        ("params", "cards[rain].count"): (None, 1, DiffStatus.ONLY_RIGHT),
        ("params", "setup[players=3].rounds"): (8, None, DiffStatus.ONLY_LEFT),
        ("params", "setup[players=5].rounds"): (None, 5, DiffStatus.ONLY_RIGHT),
        ("params", "flag"): (True, 1, DiffStatus.DIFFERENT),  # a flag is not a number
    }
    # keys only the right side has join their family: at its end, or in order when sorted
    assert [e.key for e in diff][:8] == [
        "costs.galley",
        "cards[wine].count",
        "cards[sand].count",
        "cards[rain].count",
        "setup[players=3].rounds",
        "setup[players=4].rounds",
        "setup[players=5].rounds",
        "steps[0].cost",
    ]


def test_phases_by_kind_and_their_order() -> None:
    start, run, _ = toy.ENGINE.phases()
    reworded = attrs.evolve(run, prompt="Run or rest.", actions=("rest", "roll"))
    bonus = PhaseInfo("Bonus", "bonus", "T-BONUS", "Take a bonus.", False, ("take",))
    diff = compare_rulesets(_rules("a"), _rules("b", phases=(start, bonus, reworded)))
    assert _changes(diff.section("phases")) == {
        ("phases", "bonus"): (None, "Bonus", DiffStatus.ONLY_RIGHT),
        ("phases", "run.prompt"): ("Roll the die or stop.", "Run or rest.", DiffStatus.DIFFERENT),
        ("phases", "run.actions"): (("roll", "stop"), ("rest", "roll"), DiffStatus.DIFFERENT),
        ("phases", "die"): ("Die", None, DiffStatus.ONLY_LEFT),
        ("phases", "order"): (
            ("first", "run", "die"),
            ("first", "bonus", "run"),
            DiffStatus.DIFFERENT,
        ),
    }
    assert diff["phases", "order.shared"].status is DiffStatus.SAME


def test_shared_phases_in_another_order() -> None:
    start, run, die = toy.ENGINE.phases()
    diff = compare_rulesets(_rules("a"), _rules("b", phases=(start, die, run)))
    assert diff["phases", "order.shared"] == DiffEntry(
        "phases",
        "order.shared",
        ("first", "run", "die"),
        ("first", "die", "run"),
        DiffStatus.DIFFERENT,
    )


def test_a_kind_used_twice_is_keyed_by_phase_name() -> None:
    start, run, die = toy.ENGINE.phases()
    again = attrs.evolve(die, name="DieAgain")
    diff = compare_rulesets(_rules("a"), _rules("b", phases=(start, run, die, again)))
    only_right = {e.key for e in diff.only_right}
    assert only_right == {"die[Die]", "die[DieAgain]"}
    assert diff["phases", "die"].status is DiffStatus.ONLY_LEFT


# --- the diff types --------------------------------------------------------------------------


def _small_diff() -> RulesetDiff:
    return RulesetDiff(
        "a",
        "b",
        (
            DiffEntry("info", "year", 1996, 2012, DiffStatus.DIFFERENT),
            DiffEntry("params", "costs.fort", 2, 2, DiffStatus.SAME),
            DiffEntry("params", "scoring.payout", (0, 2), (0, 2), DiffStatus.SAME),
            DiffEntry("options", "fog", False, None, DiffStatus.ONLY_LEFT),
            DiffEntry("phases", "bid", None, "Bidding", DiffStatus.ONLY_RIGHT),
        ),
    )


def test_filters_return_diffs_that_chain() -> None:
    diff = _small_diff()
    assert [e.key for e in diff.changed] == ["year", "fog", "bid"]
    assert [e.key for e in diff.only_left] == ["fog"]
    assert [e.key for e in diff.only_right] == ["bid"]
    assert [e.key for e in diff.different] == ["year"]
    assert len(diff.section("params").same) == 2
    assert not diff.section("params").changed
    assert [e.key for e in diff.section("info", "phases")] == ["year", "bid"]
    assert diff.section("goods").entries == ()
    assert diff.sections == ("info", "params", "options", "phases")
    assert diff.with_status(DiffStatus.ONLY_LEFT, DiffStatus.ONLY_RIGHT) == RulesetDiff(
        "a", "b", (diff["options", "fog"], diff["phases", "bid"])
    )
    assert diff.changed.left == "a"


def test_lookup_and_membership() -> None:
    diff = _small_diff()
    assert diff["params", "costs.fort"].left == 2
    assert diff.get("params", "costs.cube") is None
    assert ("options", "fog") in diff
    assert ("params", "fog") not in diff
    assert diff.entries[0] in diff
    with pytest.raises(KeyError):
        diff["params", "costs.cube"]
    with pytest.raises(KeyError, match="expected a section"):
        diff.section("rules")


def test_counts_and_identical() -> None:
    diff = _small_diff()
    assert diff.counts == {
        DiffStatus.ONLY_LEFT: 1,
        DiffStatus.ONLY_RIGHT: 1,
        DiffStatus.DIFFERENT: 1,
        DiffStatus.SAME: 2,
    }
    assert not diff.identical
    assert diff.same.identical
    assert RulesetDiff("a", "b", ()).identical


def test_diff_as_json() -> None:
    data = json.loads(json.dumps(_small_diff().to_dict()))
    assert data["left"] == "a"
    assert data["right"] == "b"
    assert data["entries"][2] == {
        "section": "params",
        "key": "scoring.payout",
        "left": [0, 2],
        "right": [0, 2],
        "status": "same",
    }
    assert data["entries"][3]["status"] == "only_left"


def test_repr_is_valid_python() -> None:
    entry = DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT)
    namespace = {"DiffEntry": DiffEntry, "DiffStatus": DiffStatus}
    assert eval(repr(entry), namespace) == entry


def test_format_diff_table() -> None:
    text = format_diff(_small_diff())
    lines = text.splitlines()
    assert lines[0].split() == ["section", "key", "a", "b"]
    assert lines[1].split() == ["~", "info", "year", "1996", "2012"]
    assert lines[2].split() == ["<", "options", "fog", "false", "-"]
    assert lines[3].split() == [">", "phases", "bid", "-", "Bidding"]
    assert lines[4] == ""
    assert lines[5] == "a vs b: 1 different (~), 1 only in a (<), 1 only in b (>), 2 the same"
    assert len(lines) == 6
    # columns line up
    assert len({line.index("year") for line in lines[1:2]} | {lines[0].index("key")}) == 1
    everything = format_diff(_small_diff(), show_same=True).splitlines()
    assert everything[3].split() == ["=", "params", "scoring.payout", "0,2", "0,2"]


def test_format_diff_without_differences() -> None:
    diff = _small_diff().same
    assert format_diff(diff).splitlines() == [
        "no differences",
        "a vs b: 0 different (~), 0 only in a (<), 0 only in b (>), 2 the same",
    ]


def test_public_names() -> None:
    for module, name in (
        (compare, "compare_rulesets"),
        (diff_types, "DiffEntry"),
        (diff_types, "DiffStatus"),
        (diff_types, "RulesetDiff"),
    ):
        assert name in serenissima.__all__
        assert getattr(serenissima, name) is getattr(module, name)


@pytest.mark.parametrize("module", [compare, diff_types, difftext], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# --- the classic edition ---------------------------------------------------------------------


def test_classic_against_modern() -> None:
    diff = compare_rulesets("classic", "modern")
    assert diff["info", "edition"].left == "classic"
    assert diff["params", "components.galleys"] == DiffEntry(
        "params", "components.galleys", 28, 15, DiffStatus.DIFFERENT
    )
    only_classic = {e.key.split("[")[0] for e in diff.section("phases").only_left}
    only_modern = {e.key.split("[")[0] for e in diff.section("phases").only_right}
    assert "bid" in only_classic
    assert "doge-card" in only_modern
    assert diff.section("options").only_left
    assert diff.section("options").only_right
    assert diff["board", "capitals"].left == 4
    assert diff["board", "capitals"].right == 0
    assert diff["phases", "order"].status is DiffStatus.DIFFERENT


# --- the compare command ---------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_compare_command_table(variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "compare", "modern", str(variant))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["section", "key", "modern", "modern-variant"]
    rows = {tuple(line.split()[1:3]): line.split() for line in lines[1:-2]}
    assert len(rows) == len(VARIANT_CHANGES)
    assert rows["params", "costs.fort"] == ["~", "params", "costs.fort", "2", "3"]
    assert rows["params", "sale.bonuses[good=spice].ducats"] == [
        "<",
        "params",
        "sale.bonuses[good=spice].ducats",
        "2",
        "-",
    ]
    assert rows["ports", "venice.warehouse"] == ["~", "ports", "venice.warehouse", "5", "4"]
    assert lines[-1].startswith(
        "modern vs modern-variant: 7 different (~), 1 only in modern (<), "
        "1 only in modern-variant (>), "
    )


def test_compare_command_section_and_all(variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "compare", "modern", str(variant), "--section", "options")
    assert status == 0
    assert [line.split()[1] for line in out.splitlines()[1:-2]] == ["options"]
    status, out, _ = _run(capsys, "compare", "modern", str(variant), "--section", "goods", "--all")
    assert status == 0
    rows = out.splitlines()[1:-2]
    assert rows
    assert all(row.startswith("=  goods") for row in rows)
    assert out.splitlines()[-1].endswith("0 only in modern-variant (>), 18 the same")


def test_compare_command_json(variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "compare", "modern", str(variant), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert (data["left"], data["right"]) == ("modern", "modern-variant")
    found = {
        (e["section"], e["key"]): (e["left"], e["right"], e["status"]) for e in data["entries"]
    }
    assert found == {
        key: (left, right, status.value) for key, (left, right, status) in VARIANT_CHANGES.items()
    }
    assert data["summary"]["different"] == 7
    assert data["summary"]["only_left"] == 1
    assert data["summary"]["only_right"] == 1
    assert data["summary"]["same"] > 300
    status, out, _ = _run(capsys, "compare", "modern", "modern", "--json", "--all")
    assert len(json.loads(out)["entries"]) == json.loads(out)["summary"]["same"]


def test_compare_command_identical(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "compare", "modern", "modern")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "no differences"


@pytest.mark.rules("X-C-31")
def test_compare_two_readings_of_one_edition_with_side_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--right-option`` reaches the right side's games only, over ``--option``."""
    argv = ["compare", "classic", "classic", "--games", "2", "--players", "2", "--jobs", "1"]
    argv += ["--seats", "greedy", "--option", "classic_tiebreak=most_ducats", "--json"]
    status, out, _ = _run(capsys, *argv, "--right-option", "own_port_sales_pay=false")
    assert status == 0
    simulation = json.loads(out)["simulation"]
    assert simulation["left"]["options"] == [["classic_tiebreak", "most_ducats"]]
    assert simulation["right"]["options"] == [
        ["classic_tiebreak", "most_ducats"],
        ["own_port_sales_pay", "false"],
    ]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--left-option", "wind=east"],
            "option 'wind': unknown option; the ruleset modern does not declare it",
        ),
        (["--right-option", "own_port_sales_pay=false"], "does not declare it"),
    ],
)
def test_a_side_option_its_ruleset_lacks_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, out, err = _run(capsys, "compare", "modern", "modern", "--games", "2", *extra)
    assert (status, out) == (2, "")
    assert message in err


def test_a_side_option_without_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "compare", "classic", "classic", "--left-option", "a=1")
    assert status == 2
    assert "--left-option, --right-option" in err
    assert "go with --games" in err


def test_compare_command_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "compare", "modern", "atlantis")
    assert status == 2
    assert out == ""
    assert err.startswith("serenissima: error: expected an installed ruleset")
    assert "'atlantis'" in err


def test_compare_command_unknown_section(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["compare", "modern", "modern", "--section", "rules"])
    assert info.value.code == 2
    assert "invalid choice: 'rules'" in capsys.readouterr().err


def test_compare_command_with_installed_rulesets_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    registry = toy.fake_registry(toy.make_rules(), toy.make_rules(version="2.1", ruleset_id="pond"))
    monkeypatch.setitem(sys.modules, "serenissima.engine.registry", registry)
    status, out, err = _run(capsys, "compare", "toy", "pond", "--section", "info")
    assert (status, err) == (0, "")
    assert [line.split() for line in out.splitlines()[1:-2]] == [
        ["~", "info", "id", "toy", "pond"],
        ["~", "info", "version", "1.0", "2.1"],
    ]
    status, _, err = _run(capsys, "compare", "toy", "lake")
    assert status == 2
    assert "'lake'" in err


def test_help_lists_compare(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "compare" in capsys.readouterr().out
