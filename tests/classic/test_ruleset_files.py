"""The classic edition's declarative files: the shipped data, and what a broken copy reports.

The tests read the files with the loaders and a stand-in engine that only
reads ``rules.toml``, so they check the data and its cross-checks without
the edition's game logic.
"""

from __future__ import annotations

import importlib.resources
import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import cast

import attrs
import pytest

from serenissima.engine.board import Board
from serenissima.engine.core import PhaseInfo
from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import RulesetFiles, load_board, load_info, load_options
from serenissima.engine.registry import build_ruleset
from serenissima.engine.ruleset import Engine, Ruleset
from serenissima.engine.spec import OptionKind, Source
from serenissima_rulesets.classic.engine import ClassicEngine
from serenissima_rulesets.classic.loading import load_classic_params
from serenissima_rulesets.classic.params import ClassicParams
from serenissima_rulesets.classic.setup.start import OPTION_SCHEMA
from serenissima_rulesets.classic.state import ClassicOptions

CLASSIC = Path(str(importlib.resources.files("serenissima_rulesets") / "classic"))
TOML_FILES = ("ruleset.toml", "board.toml", "rules.toml", "options.toml")
HIGH_SEAS = ("balearic_sea", "tyrrhenian_sea", "ionian_sea", "levantine_sea")
CAPITALS = {"valencia": "spain", "genoa": "genoa", "venice": "venice", "istanbul": "turkey"}


class StandInEngine:
    """Reads the classic parameters, declares the classic option schema and phases, nothing else."""

    edition = "classic"
    option_schema = OPTION_SCHEMA

    def load_params(self, files: RulesetFiles, board: Board) -> ClassicParams:
        return load_classic_params(files, board)

    def phases(self) -> tuple[PhaseInfo, ...]:
        # the kinds of decision the search hints of ruleset.toml may name
        return ClassicEngine().phases()


def build(folder: Path) -> Ruleset:
    return build_ruleset(RulesetFiles(folder), cast(Engine, StandInEngine()))


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(load_board(RulesetFiles(CLASSIC)))


@pytest.fixture(scope="module")
def params(board: Board) -> ClassicParams:
    return load_classic_params(RulesetFiles(CLASSIC), board)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "classic"
    folder.mkdir()
    for name in TOML_FILES:
        shutil.copy(CLASSIC / name, folder / name)
    return folder


def test_the_shipped_files_load_together() -> None:
    rules = build(CLASSIC)
    assert isinstance(rules.params, ClassicParams)
    assert rules.board.has_port("istanbul")


# --- ruleset.toml ---------------------------------------------------------------------------


@pytest.mark.rules("C-SETUP-1", "C-SETUP-2")
def test_identity() -> None:
    info = load_info(RulesetFiles(CLASSIC))
    assert (info.id, info.edition, info.version, info.year) == (
        "classic",
        "classic",
        "1.1.0",
        1996,
    )
    assert info.players == (2, 3, 4)
    assert "printed board may differ" in info.description


# --- board.toml -----------------------------------------------------------------------------


@pytest.mark.rules("C-TRADE-1")
def test_board_has_23_ports_and_27_areas_of_which_4_are_high_seas(board: Board) -> None:
    assert len(board.ports) == 23
    assert len(board.areas) == 27
    assert all(area in board.areas for area in HIGH_SEAS)
    # C-TRADE-1: the four high seas have no coast, so no port.
    assert [area for area in board.areas if not board.ports_in(area)] == list(HIGH_SEAS)


def test_each_coastal_area_holds_its_namesake_port(board: Board) -> None:
    assert all(port.area == port.id for port in board.ports)
    coastal = [area for area in board.areas if area not in HIGH_SEAS]
    assert all(len(board.ports_in(area)) == 1 for area in coastal)


def test_the_sea_graph_is_connected_and_symmetric(board: Board) -> None:
    assert len(board.spec.edges) == 47
    for area in board.areas:
        assert area not in board.neighbours(area)
        for there in board.neighbours(area):
            assert area in board.neighbours(there)
    for a, b in combinations(board.areas, 2):
        assert board.distance(a, b) is not None, (a, b)


def test_nearest_is_the_least_distance_and_is_remembered(board: Board) -> None:
    groups = [(), tuple(board.areas[:1]), tuple(board.areas[3:9]), tuple(board.areas[::5])]
    for area in board.areas:
        for areas in groups:
            found = (board.distance(area, b) for b in areas)
            least = min((d for d in found if d is not None), default=None)
            assert board.nearest(area, areas) == least
            assert board.nearest(area, areas) == least  # asked again: the kept answer
    assert board.nearest(board.areas[0], (board.areas[0],)) == 0


@pytest.mark.rules("C-BUY-5")
def test_producers_per_good(board: Board) -> None:
    # C-BUY-5: gems 1, gold 2, spices 2, wine 4, cloth 4, iron 4, wood 6.
    producers = Counter(port.good for port in board.ports)
    assert producers == {
        "gems": 1,
        "gold": 2,
        "spice": 2,
        "wine": 4,
        "textiles": 4,
        "iron": 4,
        "wood": 6,
    }
    assert sum(producers.values()) == 23


@pytest.mark.rules("C-SETUP-3", "C-SCORE-2")
def test_four_capitals_with_six_spaces_and_small_and_medium_ports(board: Board) -> None:
    capitals = {port.id: port.capital_of for port in board.ports if port.capital_of}
    assert capitals == CAPITALS
    assert all(board.port(port_id).warehouse == 6 for port_id in CAPITALS)
    others = {port.warehouse for port in board.ports if port.id not in CAPITALS}
    assert others == {2, 4}


def test_ports_the_rule_examples_describe(board: Board) -> None:
    # Build, hiring and sale examples (C-BUILD-3, C-BUILD-4, C-HIRE-2), and public facts.
    def good(port_id: str) -> str:
        return board.port(port_id).good

    assert good("tunis") == "gold"
    assert (good("ragusa"), good("modon"), good("valencia")) == ("wood", "wood", "wood")
    assert good("tunis") not in ("wood", "iron")
    assert good("alexandria") not in ("wood", "iron")
    assert good("sicily") not in ("wood", "gold")
    assert good("istanbul") not in ("wood", "gold")
    assert board.port("smyrna").warehouse >= 3
    assert (good("cyrene"), good("tripoli"), good("genoa")) == ("gems", "gold", "iron")
    assert (good("alexandria"), good("antioch")) == ("spice", "spice")
    assert board.port("crete").warehouse == 2


def test_provenance_is_kept_on_every_datum(board: Board) -> None:
    spec = board.spec
    assert "partly reconstructed" in spec.note.lower()
    assert "printed board may differ" in spec.note
    assert all(edge.source is Source.RECONSTRUCTED for edge in spec.edges)
    assert all(area.source is Source.RECONSTRUCTED for area in spec.areas)
    public = {port.id for port in spec.ports if port.source is Source.PUBLIC}
    assert public == {"valencia", "genoa"}
    assert all(port.source is Source.RECONSTRUCTED for port in spec.ports if port.id not in public)
    # Ports with better-sourced parts say which in their note.
    for port_id in (*CAPITALS, "cyrene", "tunis", "tripoli", "alexandria", "antioch"):
        assert board.port(port_id).note, port_id
    for port_id in ("modon", "ragusa", "smyrna", "sicily", "crete"):
        assert board.port(port_id).note, port_id


# --- rules.toml -----------------------------------------------------------------------------


@pytest.mark.rules("C-COMP-3")
def test_seven_goods_of_15_pieces(params: ClassicParams) -> None:
    colours = {good.id: good.colour for good in params.goods}
    assert colours == {
        "gems": "orange",
        "gold": "yellow",
        "spice": "green",
        "wine": "red",
        "textiles": "black",
        "iron": "grey",
        "wood": "brown",
    }
    assert {good.supply for good in params.goods} == {15}
    assert sum(good.supply or 0 for good in params.goods) == 105


@pytest.mark.rules("C-COMP-1", "C-COMP-2", "C-COMP-4", "C-SETUP-4")
def test_components(params: ClassicParams) -> None:
    comp = params.components
    assert (comp.galleys, comp.forts, comp.sailors) == (28, 20, 176)
    assert comp.starting_ducats == 2000


@pytest.mark.rules("C-COMP-5")
def test_every_amount_is_a_multiple_of_the_100_ducat_coin(params: ClassicParams) -> None:
    costs, prices = params.costs, params.prices
    amounts = [
        params.components.starting_ducats,
        costs.cube,
        costs.recruit,
        costs.galley,
        costs.fort,
        prices.port_min,
        prices.port_max,
        prices.monopoly_max,
        prices.trade_max,
        params.sale.ducats_per_space,
        params.bonus.new_market,
        params.bonus.capital,
        params.income.own_capital,
        params.wealth.ducats_per_point,
    ]
    assert all(amount % 100 == 0 for amount in amounts)


@pytest.mark.rules("C-SETUP-2", "C-SETUP-3")
def test_nations_and_their_capitals(params: ClassicParams, board: Board) -> None:
    nations = {n.id: (n.name, n.capital) for n in params.nations}
    assert nations == {
        "venice": ("Venetians", "venice"),
        "genoa": ("Genoese", "genoa"),
        "spain": ("Spanish", "valencia"),
        "turkey": ("Turks", "istanbul"),
    }
    for nation in params.nations:
        assert board.port(nation.capital).capital_of == nation.id
        # Its galleys start in the capital's own sea area.
        assert board.port(nation.capital).area == nation.capital


@pytest.mark.rules("C-SETUP-1", "C-SETUP-2", "C-SETUP-4")
@pytest.mark.parametrize(
    ("players", "rounds", "nations", "alternative"),
    [
        (2, 12, ("venice", "genoa"), ("spain", "turkey")),
        (3, 10, ("venice", "genoa", "spain"), ()),
        (4, 8, ("venice", "genoa", "spain", "turkey"), ()),
    ],
)
def test_setup_per_player_count(
    params: ClassicParams,
    players: int,
    rounds: int,
    nations: tuple[str, ...],
    alternative: tuple[str, ...],
) -> None:
    entry = params.setup_for(players)
    assert (entry.rounds, entry.nations, entry.alternative_nations) == (
        rounds,
        nations,
        alternative,
    )
    assert (entry.galleys_each, entry.sailors_each) == (2, 10)


@pytest.mark.rules("C-ORG-2", "C-MOVE-1", "C-BUY-3", "C-HIRE-1", "C-BUILD-1")
def test_galley_and_costs(params: ClassicParams) -> None:
    g, c = params.galley, params.costs
    assert (g.spaces, g.max_sailors, g.min_sailors, g.max_goods) == (5, 5, 1, 4)
    assert g.moves_per_sailor == 1
    assert (c.cube, c.recruit, c.galley, c.fort) == (100, 100, 500, 500)


@pytest.mark.rules("C-BUY-4", "C-BUY-5", "C-TRADE-2")
def test_price_ranges(params: ClassicParams) -> None:
    p = params.prices
    assert (p.port_min, p.port_max, p.monopoly_max, p.trade_max) == (100, 300, 1000, 2000)
    # The bound on trades is the project's own.
    assert p.source is Source.RECONSTRUCTED


@pytest.mark.rules("C-BUILD-2", "C-BUILD-3", "C-BUILD-4")
def test_building_requirements(params: ClassicParams) -> None:
    b = params.builds
    assert (b.galley_requires, b.fort_requires, b.per_port_per_round) == (
        ("wood", "iron"),
        ("wood", "gold"),
        1,
    )


@pytest.mark.rules("C-SALE-4", "C-BONUS-1", "C-BONUS-2", "C-INC-1")
def test_sales_bonus_and_income(params: ClassicParams, board: Board) -> None:
    sale = params.sale
    spaces = range(sale.first_space, sale.first_space + board.port("venice").warehouse)
    assert [sale.ducats_per_space * n for n in spaces] == [100, 200, 300, 400, 500, 600]
    assert (params.bonus.new_market, params.bonus.capital) == (500, 1000)
    assert params.income.own_capital == 300


@pytest.mark.rules("C-COMP-6", "C-BAT-3", "C-PATK-3")
def test_battle(params: ClassicParams) -> None:
    b = params.battle
    assert (b.die_faces, b.divisor, b.fort_divisor) == (6, 3, 4)


@pytest.mark.rules("C-SCORE-2")
def test_wealth_points(params: ClassicParams) -> None:
    w = params.wealth
    assert (w.own_capital, w.ducats_per_point, w.port_not_full) == (10, 500, 1)
    assert {f.warehouse: f.points for f in w.full_ports} == {2: 2, 4: 5, 6: 10}
    # X-002-16, only with the off-by-default house rule.
    assert (w.galleys_per_point, w.forts_per_point, w.sailors_per_point) == (2, 2, 10)


# --- options.toml ---------------------------------------------------------------------------

REGISTRY = [
    ("zero_bid_order", "choice", ("automatic", "choose"), "automatic", "X-C-01", ()),
    ("money_unit", "choice", ("100",), "100", "X-C-04", ()),
    (
        "recruit_limit",
        "choice",
        ("warehouse", "warehouse_plus_produced", "unlimited"),
        "warehouse",
        "X-C-05",
        (),
    ),
    ("classic_garrison_cap", "choice", ("none", "warehouse_size"), "none", "X-C-07", ()),
    ("defender_may_capture", "bool", (), True, "X-C-14", ()),
    ("counter_offer_in_range", "bool", (), True, "X-C-21", ()),
    ("max_forts_per_port", "choice", ("1",), "1", "X-C-28", ()),
    (
        "capital_bonus_scope",
        "choice",
        ("any_capital", "owners_own_capital"),
        "any_capital",
        "X-C-34",
        (),
    ),
    ("capital_scores_port_point", "bool", (), False, "X-C-36", ()),
    ("own_port_sales_pay", "bool", (), True, "X-C-31", ()),
    ("classic_tiebreak", "choice", ("shared", "most_ducats"), "shared", "X-C-38", ()),
    ("allow_barter", "bool", (), False, "X-C-41", ()),
    ("sailor_pool", "choice", ("176", "180", "unlimited"), "176", "X-C-48", ()),
    ("goods_per_type", "choice", ("15",), "15", "X-C-50", ()),
    ("scoring_002_extras", "bool", (), False, "X-002-16", ()),
    (
        "two_player_nations",
        "choice",
        ("venice_genoa", "spain_turkey"),
        "venice_genoa",
        "C-SETUP-2",
        (2,),
    ),
]


def test_options_follow_the_rule_option_registry() -> None:
    options = load_options(RulesetFiles(CLASSIC))
    declared = [(o.name, o.kind.value, o.values, o.default, o.rule_id, o.players) for o in options]
    assert declared == REGISTRY
    assert all(o.description.endswith(".") for o in options)


def test_options_match_the_typed_options_and_their_defaults() -> None:
    options = load_options(RulesetFiles(CLASSIC))
    fields = attrs.fields(ClassicOptions)
    assert [o.name for o in options] == [f.name for f in fields]
    defaults = attrs.asdict(ClassicOptions())
    for option in options:
        default = defaults[option.name]
        if option.kind is OptionKind.BOOL:
            assert option.default is default, option.name
        else:
            assert option.default == str(default), option.name


# --- broken copies --------------------------------------------------------------------------

GOODS = "gems, gold, spice, wine, textiles, iron, wood"
NATIONS = "venice, genoa, spain, turkey"
CREWS = "(a crew of galley.min_sailors for each of galleys_each, up to components.sailors shared"

Edit = tuple[str, str, str]

BROKEN: list[tuple[str, list[Edit], str, str, str]] = [
    # (test id, edits (file, old, new), file at fault, key, expectation)
    (
        "wrong type",
        [("rules.toml", "galleys = 28", 'galleys = "28"')],
        "rules.toml",
        "components.galleys",
        "expected an integer, got '28'",
    ),
    (
        "unknown key",
        [("rules.toml", 'name = "Turks"', 'name = "Turks"\ncolour = "green"')],
        "rules.toml",
        "nations[3]",
        "unknown key 'colour' (expected one of capital, id, name, source)",
    ),
    (
        "missing key",
        [("rules.toml", "[income]\nown_capital = 300             # C-INC-1\n", "[income]\n")],
        "rules.toml",
        "income.own_capital",
        "required key missing",
    ),
    (
        "missing table",
        [("rules.toml", "[income]\nown_capital = 300", "[earnings]\nown_capital = 300")],
        "rules.toml",
        "income",
        "required key missing (found unknown key 'earnings')",
    ),
    (
        "bad enum",
        [("rules.toml", 'source = "reconstructed"', 'source = "guessed"')],
        "rules.toml",
        "prices.source",
        "expected one of stated, public, reconstructed, got 'guessed'",
    ),
    (
        "duplicate good",
        [("rules.toml", 'id = "gold"', 'id = "gems"')],
        "rules.toml",
        "goods[1].id",
        "expected a unique id, got 'gems' again (first at goods[0].id)",
    ),
    (
        "negative supply",
        [("rules.toml", "supply = 15", "supply = -1")],
        "rules.toml",
        "goods[0].supply",
        "expected at least 0, got -1",
    ),
    (
        "port producing an unknown good",
        [("board.toml", 'good = "gems"', 'good = "pearls"')],
        "board.toml",
        "ports[4].good",
        f"expected one of {GOODS}, got 'pearls'",
    ),
    (
        "duplicate nation",
        [("rules.toml", 'id = "genoa"\nname = "Genoese"', 'id = "venice"\nname = "Genoese"')],
        "rules.toml",
        "nations[1].id",
        "expected a unique id, got 'venice' again (first at nations[0].id)",
    ),
    (
        "capital that is no port",
        [("rules.toml", 'capital = "istanbul"', 'capital = "constantinople"')],
        "rules.toml",
        "nations[3].capital",
        "expected a port of the board, got 'constantinople'",
    ),
    (
        "capital of another nation",
        [("rules.toml", 'capital = "valencia"', 'capital = "genoa"')],
        "rules.toml",
        "nations[2].capital",
        (
            "expected the port whose capital_of is 'spain' in board.toml, got 'genoa'"
            " (capital_of = 'genoa')"
        ),
    ),
    (
        "capital on a port that is no capital",
        [("rules.toml", 'capital = "valencia"', 'capital = "marseille"')],
        "rules.toml",
        "nations[2].capital",
        (
            "expected the port whose capital_of is 'spain' in board.toml, got 'marseille'"
            " (no capital_of)"
        ),
    ),
    (
        "capital mark missing from the board",
        [("board.toml", 'capital_of = "spain"\n', "")],
        "board.toml",
        "ports[0].capital_of",
        (
            "expected 'spain', the nation whose capital rules.toml places here"
            " (nations[2].capital), got no capital_of"
        ),
    ),
    (
        "two capitals for one nation",
        [("board.toml", 'capital_of = "turkey"', 'capital_of = "venice"')],
        "board.toml",
        "ports[3].capital_of",
        "expected one capital per nation, got 'venice' again (first at ports[2], venice)",
    ),
    (
        "capital of an unknown nation",
        [("board.toml", 'capital_of = "spain"', 'capital_of = "castile"')],
        "board.toml",
        "ports[0].capital_of",
        f"expected one of {NATIONS}, got 'castile'",
    ),
    (
        "player count without a setup",
        [("ruleset.toml", "players = [2, 3, 4]", "players = [2, 3, 4, 5]")],
        "ruleset.toml",
        "ruleset.players[3]",
        "expected a player count that rules.toml sets up (2, 3, 4), got 5",
    ),
    (
        "setup for no player",
        [("rules.toml", "players = 3\n", "players = 0\n")],
        "rules.toml",
        "setup[1].players",
        "expected at least 1, got 0",
    ),
    (
        "setup given twice",
        [("rules.toml", "players = 3\n", "players = 2\n")],
        "rules.toml",
        "setup[1].players",
        "expected a unique player count, got 2 again (first at setup[0].players)",
    ),
    (
        "game without rounds",
        [("rules.toml", "rounds = 8 ", "rounds = 0 ")],
        "rules.toml",
        "setup[2].rounds",
        "expected at least 1, got 0",
    ),
    (
        "too few nations",
        [("rules.toml", '["venice", "genoa", "spain"]', '["venice", "genoa"]')],
        "rules.toml",
        "setup[1].nations",
        "expected 3 entries (one per player), got 2",
    ),
    (
        "nation twice at the table",
        [("rules.toml", '["venice", "genoa", "spain"]', '["venice", "venice", "spain"]')],
        "rules.toml",
        "setup[1].nations[1]",
        "expected a unique nation, got 'venice' again (first at setup[1].nations[0])",
    ),
    (
        "unknown alternative nation",
        [("rules.toml", '["spain", "turkey"]', '["spain", "france"]')],
        "rules.toml",
        "setup[0].alternative_nations[1]",
        f"expected one of {NATIONS}, got 'france'",
    ),
    (
        "too few alternative nations",
        [("rules.toml", '["spain", "turkey"]', '["spain"]')],
        "rules.toml",
        "setup[0].alternative_nations",
        "expected 2 entries (one per player), got 1",
    ),
    (
        "too few galleys for the set-up",
        [("rules.toml", "galleys = 28", "galleys = 7")],
        "rules.toml",
        "setup[2].galleys_each",
        "expected 1..1 (components.galleys shared by 4 players), got 2",
    ),
    (
        "too few sailors for the set-up",
        [("rules.toml", "sailors = 176", "sailors = 30")],
        "rules.toml",
        "setup[2].sailors_each",
        f"expected 2..7 {CREWS} by 4 players), got 10",
    ),
    (
        "starting galleys without crews",
        [("rules.toml", "sailors_each = 10", "sailors_each = 1")],
        "rules.toml",
        "setup[0].sailors_each",
        f"expected 2..88 {CREWS} by 2 players), got 1",
    ),
    (
        "galley without a minimum crew",
        [("rules.toml", "min_sailors = 1", "min_sailors = 0")],
        "rules.toml",
        "galley.min_sailors",
        "expected 1..5, got 0",
    ),
    (
        "more sailors than spaces",
        [("rules.toml", "max_sailors = 5", "max_sailors = 6")],
        "rules.toml",
        "galley.max_sailors",
        "expected 1..5 (galley.min_sailors..galley.spaces), got 6",
    ),
    (
        "goods leaving no room for a sailor",
        [("rules.toml", "max_goods = 4", "max_goods = 5")],
        "rules.toml",
        "galley.max_goods",
        "expected 0..4 (galley.spaces less galley.min_sailors), got 5",
    ),
    (
        "port maximum below the minimum",
        [("rules.toml", "port_max = 300", "port_max = 50")],
        "rules.toml",
        "prices.port_max",
        "expected at least 100 (prices.port_min), got 50",
    ),
    (
        "monopoly maximum below the port maximum",
        [("rules.toml", "monopoly_max = 1000", "monopoly_max = 200")],
        "rules.toml",
        "prices.monopoly_max",
        "expected at least 300 (prices.port_max), got 200",
    ),
    (
        "trade maximum below the minimum",
        [("rules.toml", "trade_max = 2000", "trade_max = 0")],
        "rules.toml",
        "prices.trade_max",
        "expected at least 100 (prices.port_min), got 0",
    ),
    (
        "fortress needing an unknown good",
        [("rules.toml", '["wood", "gold"]', '["wood", "silver"]')],
        "rules.toml",
        "builds.fort_requires[1]",
        f"expected one of {GOODS}, got 'silver'",
    ),
    (
        "galley needing a good twice",
        [("rules.toml", '["wood", "iron"]', '["wood", "wood"]')],
        "rules.toml",
        "builds.galley_requires[1]",
        "expected a unique good, got 'wood' again (first at builds.galley_requires[0])",
    ),
    (
        "battle divisor of zero",
        [("rules.toml", "divisor = 3", "divisor = 0")],
        "rules.toml",
        "battle.divisor",
        "expected at least 1, got 0",
    ),
    (
        "fortress divisor of zero",
        [("rules.toml", "fort_divisor = 4", "fort_divisor = 0")],
        "rules.toml",
        "battle.fort_divisor",
        "expected at least 1, got 0",
    ),
    (
        "one-faced die",
        [("rules.toml", "die_faces = 6", "die_faces = 1")],
        "rules.toml",
        "battle.die_faces",
        "expected at least 2, got 1",
    ),
    (
        "full ports missing a warehouse size",
        [("rules.toml", "    { warehouse = 4, points = 5 },\n", "")],
        "rules.toml",
        "wealth.full_ports",
        (
            "expected an entry for every warehouse size on the board, got none for 4"
            " (tunis has 4 spaces)"
        ),
    ),
    (
        "full ports listing a size twice",
        [("rules.toml", "{ warehouse = 4, points = 5 }", "{ warehouse = 2, points = 5 }")],
        "rules.toml",
        "wealth.full_ports[1].warehouse",
        "expected a unique warehouse size, got 2 again (first at wealth.full_ports[0].warehouse)",
    ),
    (
        "disconnected board",
        [("board.toml", '    { a = "ragusa", b = "venice", source = "reconstructed" },\n', "")],
        "board.toml",
        "edges",
        "expected a connected sea graph, but venice cannot be reached from valencia",
    ),
    (
        "option default it does not accept",
        [("options.toml", 'default = "176"', 'default = "200"')],
        "options.toml",
        "option[12].default",
        "expected one of 176, 180, unlimited, got '200'",
    ),
]


@pytest.mark.parametrize(
    ("edits", "file", "key", "expected"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_a_broken_copy_names_file_key_and_expectation(
    copy: Path, edits: list[Edit], file: str, key: str, expected: str
) -> None:
    for name, old, new in edits:
        path = copy / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        build(copy)
    assert (caught.value.file, caught.value.key, caught.value.expected) == (file, key, expected)


def test_a_copy_with_an_unknown_table(copy: Path) -> None:
    path = copy / "rules.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n[bank]\nducats = 100\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        build(copy)
    assert (caught.value.file, caught.value.key) == ("rules.toml", "")
    assert caught.value.expected.startswith("unknown key 'bank' (expected one of battle, bonus, ")
