"""The modern edition's declarative files: the shipped data, and what a broken copy reports.

Most tests read the files with the loaders and a stand-in engine that only
reads ``rules.toml``, so they check the data and its cross-checks without
the edition's game logic.
"""

from __future__ import annotations

import importlib.resources
import shutil
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import cast

import pytest

from serenissima.engine.board import Board
from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import RulesetFiles, load_info, load_options
from serenissima.engine.registry import build_ruleset, load_ruleset
from serenissima.engine.ruleset import Engine, Ruleset
from serenissima.engine.spec import OptionKind, Source
from serenissima_rulesets.modern.loading import load_modern_params
from serenissima_rulesets.modern.params import ModernParams
from serenissima_rulesets.modern.setup.start import OPTION_SCHEMA

MODERN = Path(str(importlib.resources.files("serenissima_rulesets") / "modern"))
TOML_FILES = ("ruleset.toml", "board.toml", "rules.toml", "options.toml")
STARTING_PORTS = ["valencia", "genoa", "venice", "constantinople", "alexandria"]


class StandInEngine:
    """Reads the modern parameters and declares the modern option schema, nothing else."""

    edition = "modern"
    option_schema = OPTION_SCHEMA

    def load_params(self, files: RulesetFiles, board: Board) -> ModernParams:
        return load_modern_params(files, board)


def build(folder: Path | RulesetFiles) -> Ruleset:
    files = folder if isinstance(folder, RulesetFiles) else RulesetFiles(folder)
    return build_ruleset(files, cast(Engine, StandInEngine()))


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return build(MODERN)


@pytest.fixture(scope="module")
def params(rules: Ruleset) -> ModernParams:
    assert isinstance(rules.params, ModernParams)
    return rules.params


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "modern"
    folder.mkdir()
    for name in TOML_FILES:
        shutil.copy(MODERN / name, folder / name)
    return folder


# --- ruleset.toml ---------------------------------------------------------------------------


def test_identity() -> None:
    info = load_info(RulesetFiles(MODERN))
    assert (info.id, info.edition, info.version, info.year) == ("modern", "modern", "1.0.0", 2012)
    assert info.players == (2, 3, 4)  # M-SETUP-1
    assert "printed board may differ" in info.description


# --- board.toml -----------------------------------------------------------------------------


def test_board_has_19_ports_and_20_areas(rules: Ruleset) -> None:
    # M-COMP-6: one port per Port card.
    assert len(rules.board.ports) == 19
    assert len(rules.board.areas) == 20
    assert len(rules.board.spec.edges) == 34


def test_each_coastal_area_holds_its_namesake_port_and_the_ionian_sea_none(rules: Ruleset) -> None:
    board = rules.board
    assert all(port.area == port.id for port in board.ports)
    assert board.ports_in("ionian_sea") == ()
    assert all(len(board.ports_in(area)) == 1 for area in board.areas if area != "ionian_sea")


def test_the_five_starting_ports_all_produce_wood(rules: Ruleset) -> None:
    # M-SETUP-9, X-M-20
    starts = [port for port in rules.board.ports if port.start]
    assert [port.id for port in starts] == STARTING_PORTS
    assert {port.good for port in starts} == {"wood"}


def test_ports_the_rule_examples_describe(rules: Ruleset) -> None:
    board = rules.board
    valencia, antakya = board.port("valencia"), board.port("antakya")
    assert (valencia.good, valencia.warehouse, valencia.start) == ("wood", 5, True)
    assert (antakya.good, antakya.warehouse) == ("gold", 3)
    assert [p.id for p in board.ports if p.good == "marble"] == ["naples", "tunis"]
    assert board.port("tripoli").good == "spice"


def test_valencia_reaches_algiers_in_one_move_and_tripoli_in_three_through_algiers(
    rules: Ruleset,
) -> None:
    # M-MOVE-1, M-MOVE-2: the galley-4 example.
    board = rules.board
    assert board.distance("valencia", "algiers") == 1
    assert board.distance("valencia", "tripoli") == 3
    assert board.distance("algiers", "tripoli") == 2


def test_warehouses_hold_3_to_5(rules: Ruleset) -> None:
    # M-PORT-2
    assert {port.warehouse for port in rules.board.ports} == {3, 4, 5}


def test_every_closed_good_has_a_port_that_is_not_a_starting_port(rules: Ruleset) -> None:
    # M-SETUP-7, X-M-18: a port of each closed good can be closed without taking a free start.
    for good in ("wood", "wine", "stone", "marble"):
        assert any(port.good == good for port in rules.board.ports)
    assert all(
        any(p.good == good and not p.start for p in rules.board.ports)
        for good in ("wine", "stone", "marble")
    )


def test_provenance_is_kept_on_every_datum(rules: Ruleset) -> None:
    spec = rules.board.spec
    assert "printed board may differ" in spec.note
    assert rules.board.port("valencia").source is Source.STATED
    assert all(p.source is Source.RECONSTRUCTED for p in spec.ports if p.id != "valencia")
    # Ports with better-sourced parts say which in their note.
    for port_id in (
        "genoa",
        "venice",
        "constantinople",
        "alexandria",
        "naples",
        "tunis",
        "tripoli",
        "antakya",
    ):
        assert rules.board.port(port_id).note
    stated = [(e.a, e.b) for e in spec.edges if e.source is Source.STATED]
    assert stated == [("valencia", "algiers")]
    assert {a.id for a in spec.areas if a.source is Source.STATED} == {
        "valencia",
        "algiers",
        "tripoli",
    }


# --- rules.toml -----------------------------------------------------------------------------


def test_goods_and_supplies(params: ModernParams) -> None:
    # M-COMP-4
    supplies = {g.id: g.supply for g in params.goods}
    assert supplies == {"wood": 14, "stone": 12, "marble": 12, "wine": 12, "gold": 10, "spice": 10}
    colours = {g.id: g.colour for g in params.goods}
    assert (colours["spice"], colours["wood"], colours["wine"]) == ("violet", "brown", "pink")
    assert all(g.source is Source.STATED for g in params.goods)


def test_components(params: ModernParams) -> None:
    # M-COMP-1, -2, -3, -5, -6
    c = params.components
    assert (c.galleys, c.galley_cubes_per_player, c.sailors_per_colour) == (15, 6, 30)
    assert (c.forts, c.basilicas, c.starting_ducats) == (5, 5, 5)


@pytest.mark.parametrize(
    (
        "players",
        "galleys_in_use",
        "sailors",
        "galleys_each",
        "reserve",
        "track_start",
        "scoring",
        "closed",
    ),
    [
        (2, 12, 30, 3, 18, 0, (4, 8, 12), ("wood", "wine", "stone", "marble")),
        (3, 12, 26, 2, 17, 0, (4, 8, 12), ("wood", "wine", "stone", "marble")),
        (4, 15, 22, 2, 13, 2, (6, 9, 12), ()),
    ],
)
def test_setup_per_player_count(
    params: ModernParams,
    players: int,
    galleys_in_use: int,
    sailors: int,
    galleys_each: int,
    reserve: int,
    track_start: int,
    scoring: tuple[int, ...],
    closed: tuple[str, ...],
) -> None:
    # M-SETUP-1, -2, -6, -7, -9, -10, -11, -12; M-SCORE-1
    entry = params.setup_for(players)
    assert (entry.galleys_in_use, entry.sailors, entry.galleys_each) == (
        galleys_in_use,
        sailors,
        galleys_each,
    )
    assert (entry.sailors_per_galley, entry.port_sailors) == (3, 3)
    assert (
        entry.sailors - entry.port_sailors - entry.galleys_each * entry.sailors_per_galley
        == reserve
    )
    assert (entry.track_start, entry.scoring_spaces, entry.closed_goods) == (
        track_start,
        scoring,
        closed,
    )


def test_galley_costs_and_buildings(params: ModernParams) -> None:
    g, c = params.galley, params.costs
    assert (g.spaces, g.max_sailors, g.min_sailors, g.max_goods) == (5, 5, 1, 4)  # M-GAL-1..3
    assert (c.cube, c.free_cubes_in_own_port, c.recruit, c.galley_per_owned) == (
        1,
        1,
        1,
        1,
    )  # M-LOAD, M-INV
    assert (c.fort, c.basilica) == (2, 2)  # M-INV-4, M-INV-5
    assert (params.fort.requires, params.fort.volley_dice) == (("wood", "stone"), 2)  # M-CONQ-4
    assert (params.basilica.requires, params.basilica.scoring) == (
        ("gold", "marble"),
        5,
    )  # M-SCORE-3
    assert params.special_investment_below == 2  # M-END-7


def test_sales_and_scoring(params: ModernParams, rules: Ruleset) -> None:
    # M-SALE-3..5, M-PORT-5: a 5-space warehouse is worth 2 to 6.
    first = params.sale.first_space_value
    assert [first + i for i in range(rules.board.port("valencia").warehouse)] == [2, 3, 4, 5, 6]
    assert [(b.good, b.ducats) for b in params.sale.bonuses] == [("spice", 2)]
    # M-SCORE-2: a 5-space port with 4 cubes pays 15, a full large port 20.
    payout = params.scoring.payout
    assert (payout[0], payout[4], payout[5]) == (0, 15, 20)
    assert payout == (0, 2, 5, 10, 15, 20)
    assert params.scoring.game_ends_after == 3  # M-GAME-1
    assert (params.wine.good, params.wine.ducats_per_port) == ("wine", 3)  # M-END-3


def test_doge_deck_has_five_cards(params: ModernParams) -> None:
    # M-END-2..6
    deck = {c.id: (c.count, c.advance, c.wine, c.shuffle) for c in params.doge_cards}
    assert deck == {
        "wine": (1, 0, True, False),
        "hourglass1": (2, 1, False, False),
        "hourglass2": (1, 2, False, False),
        "hourglass2_shuffle": (1, 2, False, True),
    }
    assert sum(c.count for c in params.doge_cards) == 5


def test_die_kills_on_half_its_faces(params: ModernParams) -> None:
    # M-COMP-8, D-M-7
    faces = params.dice.faces
    assert Fraction(faces.count(params.dice.hit), len(faces)) == Fraction(1, 2)
    assert params.track.last_space == 12


def game_lengths(params: ModernParams, players: int) -> tuple[int, int]:
    """Return the fewest and most Doge draws until the game's last scoring space is reached."""
    entry = params.setup_for(players)
    goal = entry.scoring_spaces[-1]
    full = tuple(c.count for c in params.doge_cards)

    @cache
    def bounds(space: int, pile: tuple[int, ...]) -> tuple[int, int]:
        low, high = 10**9, 0
        for index, card in enumerate(params.doge_cards):
            if not pile[index]:
                continue
            after = space + card.advance
            if after >= goal:
                low, high = min(low, 1), max(high, 1)
                continue
            rest = full if card.shuffle else tuple(n - (i == index) for i, n in enumerate(pile))
            a, b = bounds(after, rest)
            low, high = min(low, a + 1), max(high, b + 1)
        return low, high

    return bounds(entry.track_start, full)


def test_a_four_player_game_lasts_5_to_11_turns(params: ModernParams) -> None:
    # M-TURN-1: the reconstructed track agrees with the stated game length.
    assert game_lengths(params, 4) == (5, 11)


# --- options.toml ---------------------------------------------------------------------------

REGISTRY = [
    ("galley_capacity", "choice", ("shared5", "separate"), "shared5", "X-M-01", ()),
    ("cv_between_battles", "choice", ("carry_over", "recompute"), "carry_over", "X-M-03", ()),
    (
        "start_space_blockade",
        "choice",
        ("sale_only", "none", "sale_and_conquest"),
        "sale_only",
        "X-M-05",
        (),
    ),
    ("sale_after_blockade_battle", "bool", (), False, "X-M-09", ()),
    ("allow_attack_with_zero_cv", "bool", (), True, "X-M-12", ()),
    ("last_port_protection", "choice", ("no_attack", "no_landing"), "no_attack", "X-M-17", ()),
    ("closed_ports", "ports", ("random_per_type",), "random_per_type", "X-M-18", (2, 3)),
    ("closed_ports_conquerable", "bool", (), False, "X-M-18", (2, 3)),
    ("two_player_pick_order", "choice", ("ABABAB", "ABBAAB"), "ABABAB", "X-M-19", (2,)),
    ("new_galley_activates_same_turn", "bool", (), True, "X-M-21", ()),
    ("special_investment_galleys", "choice", ("up_to_two", "one"), "up_to_two", "X-M-23", ()),
    ("scoring_per_space_passed", "choice", ("each", "once_per_card"), "each", "X-M-25", ()),
    ("limited_goods", "bool", (), True, "X-M-26", ()),
    ("final_tiebreak", "choice", ("shared",), "shared", "X-M-29", ()),
    (
        "galley_purchase_limit",
        "choice",
        ("per_investment", "per_game_turn"),
        "per_investment",
        "X-M-37",
        (),
    ),
    ("money_visibility", "choice", ("visible", "hidden"), "visible", "M-COMP-9", ()),
]


def test_options_follow_the_rule_option_registry() -> None:
    options = load_options(RulesetFiles(MODERN))
    declared = [(o.name, o.kind.value, o.values, o.default, o.rule_id, o.players) for o in options]
    assert declared == REGISTRY
    assert all(o.description.endswith(".") for o in options)
    assert all(o.kind is not OptionKind.BOOL or isinstance(o.default, bool) for o in options)


# --- user folders ---------------------------------------------------------------------------


def test_a_variant_with_only_its_own_board(tmp_path: Path) -> None:
    variant = tmp_path / "variant"
    variant.mkdir()
    (variant / "ruleset.toml").write_text(
        '[ruleset]\nid = "modern-big-naples"\nengine = "modern"\nbase = "modern"\n',
        encoding="utf-8",
    )
    board = (MODERN / "board.toml").read_text(encoding="utf-8")
    board = board.replace(
        'area = "naples"\ngood = "marble"\nwarehouse = 4',
        'area = "naples"\ngood = "marble"\nwarehouse = 5',
    )
    (variant / "board.toml").write_text(board, encoding="utf-8")
    rules = build(RulesetFiles(variant, base=RulesetFiles(MODERN)))
    assert (rules.info.id, rules.info.year) == ("modern-big-naples", 2012)
    assert rules.board.port("naples").warehouse == 5
    assert isinstance(rules.params, ModernParams)
    assert rules.params.scoring.payout[-1] == 20


def test_load_ruleset_reads_a_variant_folder_with_the_modern_engine(tmp_path: Path) -> None:
    from serenissima_rulesets.modern import EDITION

    variant = tmp_path / "variant"
    variant.mkdir()
    (variant / "ruleset.toml").write_text(
        '[ruleset]\nid = "v"\nengine = "modern"\nbase = "modern"\n'
    )
    text = (MODERN / "board.toml").read_text(encoding="utf-8")
    (variant / "board.toml").write_text(
        text.replace('name = "Venice"\narea', 'name = "Venezia"\narea')
    )
    rules = load_ruleset(variant)
    assert rules.board.port("venice").name == "Venezia"
    assert rules.engine is EDITION.engine


# --- broken copies --------------------------------------------------------------------------

GOODS = "wood, stone, marble, wine, gold, spice"
SALT = (
    '[[goods]]\nid = "salt"\nname = "Salt"\nsupply = 5\ncolour = "white"\nsource = "public"\n\n'
    '[[goods]]\nid = "wood"'
)
CLOSING = "with 1 possibly closed"
PLACED = "(the sailors placed at set-up, up to components.sailors_per_colour)"
AFTER = "(after the start and the previous scoring space, up to track.last_space)"

Edit = tuple[str, str, str]

BROKEN: list[tuple[str, list[Edit], str, str, str]] = [
    # (test id, edits (file, old, new), file at fault, key, expectation)
    (
        "wrong type",
        [("board.toml", "warehouse = 5", 'warehouse = "five"')],
        "board.toml",
        "ports[0].warehouse",
        "expected an integer, got 'five'",
    ),
    (
        "missing key",
        [("board.toml", 'name = "Genoa"\narea = "genoa"\n', 'area = "genoa"\n')],
        "board.toml",
        "ports[1].name",
        "required key missing",
    ),
    (
        "unknown key",
        [("rules.toml", 'colour = "brown"', 'colour = "brown"\ncolour2 = "brown"')],
        "rules.toml",
        "goods[0]",
        "unknown key 'colour2' (expected one of colour, id, name, source, supply)",
    ),
    (
        "bad enum",
        [("rules.toml", 'M-SETUP-6\nsource = "stated"', 'M-SETUP-6\nsource = "guess"')],
        "rules.toml",
        "components.source",
        "expected one of stated, public, reconstructed, got 'guess'",
    ),
    (
        "bad enum in board",
        [("board.toml", 'source = "stated"', 'source = "stated?"')],
        "board.toml",
        "edges[0].source",
        "expected one of stated, public, reconstructed, got 'stated?'",
    ),
    (
        "reversed duplicate edge",
        [
            (
                "board.toml",
                "edges = [\n",
                'edges = [\n    { a = "algiers", b = "valencia", source = "reconstructed" },\n',
            )
        ],
        "board.toml",
        "edges[1]",
        "expected each edge once, got valencia-algiers again (first at edges[0])",
    ),
    (
        "self-loop",
        [("board.toml", 'a = "tripoli", b = "ionian_sea"', 'a = "tripoli", b = "tripoli"')],
        "board.toml",
        "edges[17]",
        "expected two different areas, got 'tripoli' twice",
    ),
    (
        "unknown area in an edge",
        [("board.toml", 'a = "antakya", b = "alexandria"', 'a = "antakya", b = "atlantis"')],
        "board.toml",
        "edges[33].b",
        "expected a declared area, got 'atlantis'",
    ),
    (
        "disconnected graph",
        [("board.toml", '    { a = "ragusa", b = "venice", source = "reconstructed" },\n', "")],
        "board.toml",
        "edges",
        "expected a connected sea graph, but venice cannot be reached from valencia",
    ),
    (
        "port in unknown area",
        [("board.toml", 'area = "valencia"', 'area = "atlantis"')],
        "board.toml",
        "ports[0].area",
        "expected a declared area, got 'atlantis'",
    ),
    (
        "duplicate port",
        [
            (
                "board.toml",
                'id = "genoa"\nname = "Genoa"\narea',
                'id = "valencia"\nname = "Genoa"\narea',
            )
        ],
        "board.toml",
        "ports[1].id",
        "expected a unique id, got 'valencia' again (first at ports[0].id)",
    ),
    (
        "empty warehouse",
        [("board.toml", "warehouse = 3", "warehouse = 0")],
        "board.toml",
        "ports[7].warehouse",
        "expected at least 1, got 0",
    ),
    (
        "port producing an unknown good",
        [("board.toml", 'good = "spice"', 'good = "salt"')],
        "board.toml",
        "ports[7].good",
        f"expected one of {GOODS}, got 'salt'",
    ),
    (
        "payout too short",
        [("rules.toml", "[0, 2, 5, 10, 15, 20]", "[0, 2, 5, 10, 15]")],
        "rules.toml",
        "scoring.payout",
        "expected at least 6 entries (0..5 cubes: valencia has 5 warehouse spaces), got 5",
    ),
    (
        "payout decreasing",
        [("rules.toml", "[0, 2, 5, 10, 15, 20]", "[0, 2, 5, 10, 8, 20]")],
        "rules.toml",
        "scoring.payout[4]",
        "expected at least 10 (non-decreasing), got 8",
    ),
    (
        "scoring space off the track",
        [("rules.toml", "[6, 9, 12]", "[6, 9, 13]")],
        "rules.toml",
        "setup[2].scoring_spaces[2]",
        f"expected 10..12 {AFTER}, got 13",
    ),
    (
        "scoring spaces out of order",
        [("rules.toml", "[4, 8, 12]", "[8, 4, 12]")],
        "rules.toml",
        "setup[0].scoring_spaces[1]",
        f"expected 9..12 {AFTER}, got 4",
    ),
    (
        "scoring space on the start",
        [("rules.toml", "[6, 9, 12]", "[2, 9, 12]")],
        "rules.toml",
        "setup[2].scoring_spaces[0]",
        f"expected 3..12 {AFTER}, got 2",
    ),
    (
        "too few scoring spaces",
        [("rules.toml", "[6, 9, 12]", "[6, 12]")],
        "rules.toml",
        "setup[2].scoring_spaces",
        "expected 3 entries (scoring.game_ends_after), got 2",
    ),
    (
        "track start off the track",
        [("rules.toml", "track_start = 2", "track_start = 13")],
        "rules.toml",
        "setup[2].track_start",
        "expected 0..12 (track.last_space), got 13",
    ),
    (
        "too few starting ports",
        [("board.toml", "start = true\n", ""), ("board.toml", "start = true\n", "")],
        "board.toml",
        "ports",
        f"expected at least 4 starting ports (start = true) for 3 players {CLOSING}, got 3",
    ),
    (
        "setup for no player",
        [("rules.toml", "players = 3\n", "players = 0\n")],
        "rules.toml",
        "setup[1].players",
        "expected at least 1, got 0",
    ),
    (
        "player count without a setup",
        [("ruleset.toml", "players = [2, 3, 4]", "players = [2, 3, 4, 5]")],
        "ruleset.toml",
        "ruleset.players[3]",
        "expected a player count that rules.toml sets up (2, 3, 4), got 5",
    ),
    (
        "more galleys in use than in the box",
        [("rules.toml", "galleys_in_use = 15", "galleys_in_use = 16")],
        "rules.toml",
        "setup[2].galleys_in_use",
        "expected 1..15 (components.galleys), got 16",
    ),
    (
        "more galleys each than cubes",
        [("rules.toml", "galleys_each = 3", "galleys_each = 7")],
        "rules.toml",
        "setup[0].galleys_each",
        "expected 1..6 (components.galley_cubes_per_player), got 7",
    ),
    (
        "more galleys than in use",
        [
            (
                "rules.toml",
                "sailors = 22                  # M-SETUP-6\ngalleys_each = 2",
                "sailors = 22\ngalleys_each = 4",
            )
        ],
        "rules.toml",
        "setup[2].galleys_each",
        "expected 1..3 (galleys_in_use shared by 4 players), got 4",
    ),
    (
        "too few sailors for the set-up",
        [("rules.toml", "sailors = 22", "sailors = 8")],
        "rules.toml",
        "setup[2].sailors",
        f"expected 9..30 {PLACED}, got 8",
    ),
    (
        "more sailors than a colour has",
        [("rules.toml", "sailors = 30", "sailors = 31")],
        "rules.toml",
        "setup[0].sailors",
        f"expected 12..30 {PLACED}, got 31",
    ),
    (
        "crew larger than a galley",
        [("rules.toml", "sailors_per_galley = 3", "sailors_per_galley = 6")],
        "rules.toml",
        "setup[0].sailors_per_galley",
        "expected 1..5 (galley.min_sailors..galley.max_sailors), got 6",
    ),
    (
        "garrison larger than a starting port",
        [("rules.toml", "port_sailors = 3", "port_sailors = 6")],
        "rules.toml",
        "setup[0].port_sailors",
        "expected 1..5 (the smallest starting port's warehouse), got 6",
    ),
    (
        "closed good nobody produces",
        [
            ("rules.toml", '[[goods]]\nid = "wood"', SALT),
            (
                "rules.toml",
                '["wood", "wine", "stone", "marble"]',
                '["wood", "wine", "stone", "salt"]',
            ),
        ],
        "rules.toml",
        "setup[0].closed_goods[3]",
        "expected a good some port produces, got 'salt'",
    ),
    (
        "closed good undeclared",
        [
            (
                "rules.toml",
                '["wood", "wine", "stone", "marble"]',
                '["wood", "wine", "stone", "granite"]',
            )
        ],
        "rules.toml",
        "setup[0].closed_goods[3]",
        f"expected one of {GOODS}, got 'granite'",
    ),
    (
        "negative supply",
        [("rules.toml", "supply = 14", "supply = -1")],
        "rules.toml",
        "goods[0].supply",
        "expected at least 0, got -1",
    ),
    (
        "duplicate good",
        [("rules.toml", 'id = "stone"', 'id = "wood"')],
        "rules.toml",
        "goods[1].id",
        "expected a unique id, got 'wood' again (first at goods[0].id)",
    ),
    (
        "sale bonus for an unknown good",
        [("rules.toml", 'good = "spice"', 'good = "pepper"')],
        "rules.toml",
        "sale.bonuses[0].good",
        f"expected one of {GOODS}, got 'pepper'",
    ),
    (
        "worthless first warehouse space",
        [("rules.toml", "first_space_value = 2", "first_space_value = 0")],
        "rules.toml",
        "sale.first_space_value",
        "expected at least 1, got 0",
    ),
    (
        "wine card for an unknown good",
        [("rules.toml", 'good = "wine"', 'good = "vino"')],
        "rules.toml",
        "wine.good",
        f"expected one of {GOODS}, got 'vino'",
    ),
    (
        "fort needing an unknown good",
        [("rules.toml", '["wood", "stone"]', '["wood", "stones"]')],
        "rules.toml",
        "fort.requires[1]",
        f"expected one of {GOODS}, got 'stones'",
    ),
    (
        "basilica needing an unknown good",
        [("rules.toml", '["gold", "marble"]', '["gold", "marbles"]')],
        "rules.toml",
        "basilica.requires[1]",
        f"expected one of {GOODS}, got 'marbles'",
    ),
    (
        "hit face not on the die",
        [("rules.toml", 'hit = "skull"', 'hit = "crown"')],
        "rules.toml",
        "dice.hit",
        "expected one of skull, blank, got 'crown'",
    ),
    (
        "die without faces",
        [
            (
                "rules.toml",
                'faces = ["skull", "skull", "skull", "blank", "blank", "blank"]',
                "faces = []",
            )
        ],
        "rules.toml",
        "dice.faces",
        "expected at least 1 entry, got 0",
    ),
    (
        "duplicate Doge card",
        [("rules.toml", 'id = "hourglass2" ', 'id = "hourglass1" ')],
        "rules.toml",
        "doge_cards[2].id",
        "expected a unique id, got 'hourglass1' again (first at doge_cards[1].id)",
    ),
    (
        "Doge card without copies",
        [("rules.toml", "count = 2", "count = 0")],
        "rules.toml",
        "doge_cards[1].count",
        "expected at least 1, got 0",
    ),
    (
        "Doge deck without a shuffle card",
        [("rules.toml", "shuffle = true", "shuffle = false")],
        "rules.toml",
        "doge_cards",
        "expected at least one card with shuffle = true, or the draw pile would run out",
    ),
    (
        "special investment beyond the cubes",
        [("rules.toml", "special_investment_below = 2", "special_investment_below = 7")],
        "rules.toml",
        "special_investment_below",
        "expected 0..6 (components.galley_cubes_per_player), got 7",
    ),
    (
        "galley without a minimum crew",
        [("rules.toml", "min_sailors = 1", "min_sailors = 0")],
        "rules.toml",
        "galley.min_sailors",
        "expected 1..5, got 0",
    ),
    (
        "unknown option default",
        [("options.toml", 'default = "shared5"', 'default = "shared6"')],
        "options.toml",
        "option[0].default",
        "expected one of shared5, separate, got 'shared6'",
    ),
    (
        "bool option with a string default",
        [("options.toml", "default = false", 'default = "false"')],
        "options.toml",
        "option[3].default",
        "expected true or false, got 'false'",
    ),
    (
        "ports option with a bad default",
        [("options.toml", 'default = "random_per_type"', "default = 3")],
        "options.toml",
        "option[6].default",
        "expected a string, true or false, or a list of strings, got 3",
    ),
    (
        "option for no player",
        [("options.toml", "players = [2]", "players = [0]")],
        "options.toml",
        "option[8].players[0]",
        "expected at least 1, got 0",
    ),
    (
        "duplicate option",
        [("options.toml", 'name = "limited_goods"', 'name = "galley_capacity"')],
        "options.toml",
        "option[12].name",
        "expected a unique name, got 'galley_capacity' again (first at option[0].name)",
    ),
    (
        "option without a rule ID",
        [("options.toml", 'rule_id = "X-M-29"', 'rule_id = ""')],
        "options.toml",
        "option[13].rule_id",
        "expected a rule ID such as 'X-M-01', got ''",
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


def test_a_copy_with_invalid_toml(copy: Path) -> None:
    path = copy / "rules.toml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("galleys = 15")].count("\n") + 1
    path.write_text(text.replace("galleys = 15", "galleys = = 15", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        build(copy)
    assert (caught.value.file, caught.value.key) == ("rules.toml", "")
    assert caught.value.expected.startswith("expected valid TOML: ")
    assert caught.value.expected.endswith(f"(at line {line}, column 11)")


def test_a_copy_missing_a_file(copy: Path) -> None:
    (copy / "options.toml").unlink()
    with pytest.raises(RulesetError) as caught:
        build(copy)
    assert (caught.value.file, caught.value.key) == ("options.toml", "")
    assert caught.value.expected.startswith("file not found in the ruleset folder")


def test_a_copy_with_an_unknown_top_level_key(copy: Path) -> None:
    path = copy / "rules.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("special_investment_below = 2", "special_investment_below = 2\nbank = 100")
    )
    with pytest.raises(RulesetError) as caught:
        build(copy)
    assert (caught.value.file, caught.value.key) == ("rules.toml", "")
    assert caught.value.expected.startswith(
        "unknown key 'bank' (expected one of basilica, components, costs, "
    )
