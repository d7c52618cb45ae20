"""Reading the modern edition's ``rules.toml`` into :class:`ModernParams`.

The file's tables map one to one onto the parameter classes of
:mod:`serenissima_rulesets.modern.params`::

    special_investment_below = 2    # ModernParams.special_investment_below
    [[goods]]                       # GoodSpec, one per goods type
    [components]                    # Components
    [[setup]]                       # SetupSpec, one per player count
    [galley]                        # GalleySpec
    [costs]                         # Costs
    [fort]  [basilica]              # BuildingSpec
    [sale]  [[sale.bonuses]]        # SaleSpec, SaleBonus
    [scoring]                       # ScoringSpec
    [wine]                          # WineSpec
    [[doge_cards]]                  # DogeCard
    [track]                         # TrackSpec
    [dice]                          # DiceSpec

After structuring, the edition's cross-checks run: each failure is a
:class:`~serenissima.engine.errors.RulesetError` naming the file and key at fault.
"""

from __future__ import annotations

from serenissima.engine.board import Board
from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import (
    BOARD_FILE,
    RULES_FILE,
    RulesetFiles,
    check_entries,
    check_goods,
    check_member,
    check_offered,
    check_range,
    check_unique,
    load_info,
    structure,
)
from serenissima.engine.rule_index import rule
from serenissima_rulesets.modern.params import BuildingSpec, ModernParams, SetupSpec

__all__ = ["load_modern_params"]


@rule("M-PORT-5")
def load_modern_params(files: RulesetFiles, board: Board) -> ModernParams:
    """Read and cross-check the modern edition's ``rules.toml``.

    Args:
        files: The ruleset's files (``ruleset.toml`` gives the player counts).
        board: The board already loaded from the same ruleset.

    Returns:
        Every number and table of the edition.

    Raises:
        RulesetError: A malformed file, or numbers that do not fit together
            or do not fit the board.
    """
    params = structure(files.toml(RULES_FILE), ModernParams, file=RULES_FILE)
    players = load_info(files).players
    check_goods(params.goods, board.spec)  # M-PORT-5: each port makes one of the goods
    _check_components(params)
    _check_setup(params, board, players)
    _check_tables(params, board)
    _check_deck(params)
    return params


def _check_components(params: ModernParams) -> None:
    comp, galley, costs = params.components, params.galley, params.costs
    for name in ("galleys", "galley_cubes_per_player", "sailors_per_colour", "forts", "basilicas"):
        check_range(getattr(comp, name), 1, file=RULES_FILE, key=f"components.{name}")
    check_range(comp.starting_ducats, 0, file=RULES_FILE, key="components.starting_ducats")
    # M-GAL-1..3: at least one sailor aboard, all within the galley's spaces.
    check_range(galley.spaces, 1, file=RULES_FILE, key="galley.spaces")
    check_range(galley.min_sailors, 1, galley.spaces, file=RULES_FILE, key="galley.min_sailors")
    check_range(
        galley.max_sailors,
        galley.min_sailors,
        galley.spaces,
        file=RULES_FILE,
        key="galley.max_sailors",
    )
    check_range(galley.max_goods, 0, galley.spaces, file=RULES_FILE, key="galley.max_goods")
    for name in (
        "cube",
        "free_cubes_in_own_port",
        "recruit",
        "galley_per_owned",
        "fort",
        "basilica",
    ):
        check_range(getattr(costs, name), 0, file=RULES_FILE, key=f"costs.{name}")
    check_range(
        params.special_investment_below,
        0,
        comp.galley_cubes_per_player,
        file=RULES_FILE,
        key="special_investment_below",
        why="(components.galley_cubes_per_player)",
    )


def _check_setup(params: ModernParams, board: Board, players: tuple[int, ...]) -> None:
    """Each player count of ``ruleset.toml`` has its ``[[setup]]``; others may have one too.

    A count that ``ruleset.toml`` offers without a set-up is an error of
    ``ruleset.toml``: a variant for fewer players keeps its base's tables,
    and only the set-ups of the counts it offers are checked further.
    """
    set_up = [entry.players for entry in params.setup]
    check_offered(players, set_up, file=RULES_FILE, key="setup[{}].players")
    for index, entry in enumerate(params.setup):
        if entry.players in players:  # the others are never played
            _check_setup_entry(params, board, entry, f"setup[{index}]")


def _check_setup_entry(params: ModernParams, board: Board, entry: SetupSpec, key: str) -> None:
    comp, galley = params.components, params.galley
    # M-SETUP-1: galleys 1..n are used; each player picks galleys_each of them.
    check_range(
        entry.galleys_in_use,
        1,
        comp.galleys,
        file=RULES_FILE,
        key=f"{key}.galleys_in_use",
        why="(components.galleys)",
    )
    check_range(
        entry.galleys_each,
        1,
        comp.galley_cubes_per_player,
        file=RULES_FILE,
        key=f"{key}.galleys_each",
        why="(components.galley_cubes_per_player)",
    )
    check_range(
        entry.galleys_each,
        1,
        entry.galleys_in_use // entry.players,
        file=RULES_FILE,
        key=f"{key}.galleys_each",
        why=f"(galleys_in_use shared by {entry.players} players)",
    )
    # M-SETUP-9..11: the starting crews fit the galley and the smallest starting port.
    check_range(
        entry.sailors_per_galley,
        galley.min_sailors,
        galley.max_sailors,
        file=RULES_FILE,
        key=f"{key}.sailors_per_galley",
        why="(galley.min_sailors..galley.max_sailors)",
    )
    starts = [p for p in board.ports if p.start]
    smallest = min((p.warehouse for p in starts), default=entry.port_sailors)
    check_range(
        entry.port_sailors,
        1,
        smallest,
        file=RULES_FILE,
        key=f"{key}.port_sailors",
        why="(the smallest starting port's warehouse)",
    )
    # M-SETUP-6, M-COMP-2: the supply covers the set-up and comes from one colour.
    placed = entry.port_sailors + entry.galleys_each * entry.sailors_per_galley
    check_range(
        entry.sailors,
        placed,
        comp.sailors_per_colour,
        file=RULES_FILE,
        key=f"{key}.sailors",
        why="(the sailors placed at set-up, up to components.sailors_per_colour)",
    )
    _check_track(params, entry, key)
    # M-SETUP-7, X-M-18: one port producing each closed good is closed.
    goods = [g.id for g in params.goods]
    check_unique(entry.closed_goods, file=RULES_FILE, key=f"{key}.closed_goods[{{}}]", what="good")
    for index, good in enumerate(entry.closed_goods):
        check_member(good, goods, file=RULES_FILE, key=f"{key}.closed_goods[{index}]")
        if not any(p.good == good for p in board.ports):
            raise RulesetError(
                RULES_FILE,
                f"{key}.closed_goods[{index}]",
                f"expected a good some port produces, got {good!r}",
            )
    # M-SETUP-9, X-M-20: enough starting ports even if closing takes some of them.
    closable = sum(1 for good in entry.closed_goods if any(p.good == good for p in starts))
    needed = entry.players + closable
    if len(starts) < needed:
        raise RulesetError(
            BOARD_FILE,
            "ports",
            f"expected at least {needed} starting ports (start = true) for {entry.players} players"
            f" with {closable} possibly closed, got {len(starts)}",
        )


def _check_track(params: ModernParams, entry: SetupSpec, key: str) -> None:
    last = params.track.last_space
    check_range(last, 1, file=RULES_FILE, key="track.last_space")
    # M-SETUP-2: the white token starts on the track.
    check_range(
        entry.track_start,
        0,
        last,
        file=RULES_FILE,
        key=f"{key}.track_start",
        why="(track.last_space)",
    )
    # M-SCORE-1, M-GAME-1: one scoring space per scoring, ahead of the start.
    ends = params.scoring.game_ends_after
    check_range(ends, 1, file=RULES_FILE, key="scoring.game_ends_after")
    check_entries(
        entry.scoring_spaces,
        ends,
        ends,
        file=RULES_FILE,
        key=f"{key}.scoring_spaces",
        why="(scoring.game_ends_after)",
    )
    previous = entry.track_start
    for index, space in enumerate(entry.scoring_spaces):
        check_range(
            space,
            previous + 1,
            last,
            file=RULES_FILE,
            key=f"{key}.scoring_spaces[{index}]",
            why="(after the start and the previous scoring space, up to track.last_space)",
        )
        previous = space


def _check_tables(params: ModernParams, board: Board) -> None:
    goods = [g.id for g in params.goods]
    # M-SALE-3..5: warehouse values and bonuses.
    check_range(params.sale.first_space_value, 1, file=RULES_FILE, key="sale.first_space_value")
    check_unique(
        [b.good for b in params.sale.bonuses],
        file=RULES_FILE,
        key="sale.bonuses[{}].good",
        what="good",
    )
    for index, bonus in enumerate(params.sale.bonuses):
        check_member(bonus.good, goods, file=RULES_FILE, key=f"sale.bonuses[{index}].good")
        check_range(bonus.ducats, 0, file=RULES_FILE, key=f"sale.bonuses[{index}].ducats")
    # M-SCORE-2: a payout for every cube count up to the largest warehouse.
    payout = params.scoring.payout
    if board.ports:
        largest = max(board.ports, key=lambda p: p.warehouse)
        size = largest.warehouse
        check_entries(
            payout,
            size + 1,
            file=RULES_FILE,
            key="scoring.payout",
            why=f"(0..{size} cubes: {largest.id} has {size} warehouse spaces)",
        )
    for index, ducats in enumerate(payout):
        low = payout[index - 1] if index else 0
        check_range(
            ducats, low, file=RULES_FILE, key=f"scoring.payout[{index}]", why="(non-decreasing)"
        )
    # M-END-3: the Wine card pays for the wine good.
    check_member(params.wine.good, goods, file=RULES_FILE, key="wine.good")
    check_range(params.wine.ducats_per_port, 0, file=RULES_FILE, key="wine.ducats_per_port")
    # M-INV-4/5, M-CONQ-4, M-SCORE-3: buildings.
    for name, building in (("fort", params.fort), ("basilica", params.basilica)):
        _check_building(building, goods, name)
    # M-COMP-8: the hit face is one of the die's faces.
    check_entries(params.dice.faces, 1, file=RULES_FILE, key="dice.faces")
    check_member(params.dice.hit, params.dice.faces, file=RULES_FILE, key="dice.hit")


def _check_building(building: BuildingSpec, goods: list[str], name: str) -> None:
    check_unique(building.requires, file=RULES_FILE, key=f"{name}.requires[{{}}]", what="good")
    for index, good in enumerate(building.requires):
        check_member(good, goods, file=RULES_FILE, key=f"{name}.requires[{index}]")
    check_range(building.volley_dice, 0, file=RULES_FILE, key=f"{name}.volley_dice")
    check_range(building.scoring, 0, file=RULES_FILE, key=f"{name}.scoring")


def _check_deck(params: ModernParams) -> None:
    # M-END-2..6: the Doge deck.
    cards = params.doge_cards
    check_entries(cards, 1, file=RULES_FILE, key="doge_cards")
    check_unique([c.id for c in cards], file=RULES_FILE, key="doge_cards[{}].id")
    for index, card in enumerate(cards):
        check_range(card.count, 1, file=RULES_FILE, key=f"doge_cards[{index}].count")
        check_range(card.advance, 0, file=RULES_FILE, key=f"doge_cards[{index}].advance")
    if not any(card.shuffle for card in cards):
        raise RulesetError(
            RULES_FILE,
            "doge_cards",
            "expected at least one card with shuffle = true, or the draw pile would run out",
        )
