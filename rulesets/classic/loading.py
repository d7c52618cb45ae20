"""Reading the classic edition's ``rules.toml`` into :class:`ClassicParams`.

The file's tables map one to one onto the parameter classes of
:mod:`serenissima_rulesets.classic.params`::

    [[goods]]                       # GoodSpec, one per goods type
    [components]                    # Components
    [[nations]]                     # NationSpec, one per nation
    [[setup]]                       # SetupSpec, one per player count
    [galley]                        # GalleySpec
    [costs]                         # Costs
    [prices]                        # PriceSpec
    [builds]                        # BuildSpec
    [sale]                          # SaleSpec
    [bonus]                         # BonusSpec
    [income]                        # IncomeSpec
    [battle]                        # BattleSpec
    [wealth]                        # WealthSpec, with FullPortPoints

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
from serenissima_rulesets.classic.params import ClassicParams, SetupSpec

__all__ = ["load_classic_params"]


def load_classic_params(files: RulesetFiles, board: Board) -> ClassicParams:
    """Read and cross-check the classic edition's ``rules.toml``.

    Args:
        files: The ruleset's files (``ruleset.toml`` gives the player counts).
        board: The board already loaded from the same ruleset.

    Returns:
        Every number and table of the edition.

    Raises:
        RulesetError: A malformed file, or numbers that do not fit together
            or do not fit the board.
    """
    params = structure(files.toml(RULES_FILE), ClassicParams, file=RULES_FILE)
    players = load_info(files).players
    check_goods(params.goods, board.spec)  # C-BUY-1, C-BUY-5: each port makes one of the goods
    _check_components(params)
    _check_nations(params, board)
    _check_setup(params, players)
    _check_prices(params)
    _check_builds(params)
    _check_battle_and_sales(params)
    _check_wealth(params, board)
    return params


def _check_components(params: ClassicParams) -> None:
    comp, galley, costs = params.components, params.galley, params.costs
    # C-COMP-1, C-COMP-2, C-COMP-4: the shared pools.
    check_range(comp.galleys, 1, file=RULES_FILE, key="components.galleys")
    check_range(comp.forts, 0, file=RULES_FILE, key="components.forts")
    check_range(comp.sailors, 1, file=RULES_FILE, key="components.sailors")
    check_range(comp.starting_ducats, 0, file=RULES_FILE, key="components.starting_ducats")
    # C-ORG-2: at least one sailor aboard, everything within the galley's spaces.
    check_range(galley.spaces, 1, file=RULES_FILE, key="galley.spaces")
    check_range(galley.min_sailors, 1, galley.spaces, file=RULES_FILE, key="galley.min_sailors")
    check_range(
        galley.max_sailors,
        galley.min_sailors,
        galley.spaces,
        file=RULES_FILE,
        key="galley.max_sailors",
        why="(galley.min_sailors..galley.spaces)",
    )
    check_range(
        galley.max_goods,
        0,
        galley.spaces - galley.min_sailors,
        file=RULES_FILE,
        key="galley.max_goods",
        why="(galley.spaces less galley.min_sailors)",
    )
    # C-MOVE-1: a crewed galley can move.
    check_range(galley.moves_per_sailor, 1, file=RULES_FILE, key="galley.moves_per_sailor")
    for name in ("cube", "recruit", "galley", "fort"):
        check_range(getattr(costs, name), 0, file=RULES_FILE, key=f"costs.{name}")


def _check_nations(params: ClassicParams, board: Board) -> None:
    nations = [n.id for n in params.nations]
    check_entries(params.nations, 1, file=RULES_FILE, key="nations")
    check_unique(nations, file=RULES_FILE, key="nations[{}].id")
    # C-SETUP-3: the board marks each nation's capital, and only one port per nation.
    marked: dict[str, int] = {}
    for index, port in enumerate(board.ports):
        if port.capital_of is None:
            continue
        key = f"ports[{index}].capital_of"
        check_member(port.capital_of, nations, file=BOARD_FILE, key=key)
        if port.capital_of in marked:
            first = board.ports[marked[port.capital_of]].id
            raise RulesetError(
                BOARD_FILE,
                key,
                f"expected one capital per nation, got {port.capital_of!r} again"
                f" (first at ports[{marked[port.capital_of]}], {first})",
            )
        marked[port.capital_of] = index
    ports = [p.id for p in board.ports]
    for index, nation in enumerate(params.nations):
        key = f"nations[{index}].capital"
        check_member(nation.capital, ports, file=RULES_FILE, key=key, what="port of the board")
        holder = board.port(nation.capital).capital_of
        if nation.id not in marked:  # the board marks no capital for it: the board is at fault
            got = "no capital_of" if holder is None else f"capital_of = {holder!r}"
            raise RulesetError(
                BOARD_FILE,
                f"ports[{ports.index(nation.capital)}].capital_of",
                f"expected {nation.id!r}, the nation whose capital {RULES_FILE} places here"
                f" ({key}), got {got}",
            )
        if holder != nation.id:
            marks = f"capital_of = {holder!r}" if holder is not None else "no capital_of"
            raise RulesetError(
                RULES_FILE,
                key,
                f"expected the port whose capital_of is {nation.id!r} in {BOARD_FILE},"
                f" got {nation.capital!r} ({marks})",
            )


def _check_setup(params: ClassicParams, players: tuple[int, ...]) -> None:
    """Each player count of ``ruleset.toml`` has its ``[[setup]]``; others may have one too.

    A count that ``ruleset.toml`` offers without a set-up is an error of
    ``ruleset.toml``: a variant for fewer players keeps its base's tables,
    and only the set-ups of the counts it offers are checked further.
    """
    set_up = [entry.players for entry in params.setup]
    check_offered(players, set_up, file=RULES_FILE, key="setup[{}].players")
    for index, entry in enumerate(params.setup):
        if entry.players in players:  # the others are never played
            _check_setup_entry(params, entry, f"setup[{index}]")


def _check_setup_entry(params: ClassicParams, entry: SetupSpec, key: str) -> None:
    comp, galley = params.components, params.galley
    # C-SETUP-1: the game lasts a number of rounds.
    check_range(entry.rounds, 1, file=RULES_FILE, key=f"{key}.rounds")
    # C-SETUP-2: one nation per seat, and the same for the two-player alternative.
    _check_nation_list(params, entry.nations, entry.players, f"{key}.nations")
    if entry.alternative_nations:
        _check_nation_list(
            params, entry.alternative_nations, entry.players, f"{key}.alternative_nations"
        )
    # C-SETUP-4, C-COMP-1: the starting galleys come from the shared pool.
    check_range(
        entry.galleys_each,
        1,
        comp.galleys // entry.players,
        file=RULES_FILE,
        key=f"{key}.galleys_each",
        why=f"(components.galleys shared by {entry.players} players)",
    )
    # C-SETUP-4, C-ORG-2, C-COMP-4: every starting galley gets a crew, from the pool.
    check_range(
        entry.sailors_each,
        entry.galleys_each * galley.min_sailors,
        comp.sailors // entry.players,
        file=RULES_FILE,
        key=f"{key}.sailors_each",
        why=(
            f"(a crew of galley.min_sailors for each of galleys_each, up to"
            f" components.sailors shared by {entry.players} players)"
        ),
    )


def _check_nation_list(
    params: ClassicParams, nations: tuple[str, ...], players: int, key: str
) -> None:
    check_entries(nations, players, players, file=RULES_FILE, key=key, why="(one per player)")
    check_unique(nations, file=RULES_FILE, key=f"{key}[{{}}]", what="nation")
    known = [n.id for n in params.nations]
    for index, nation in enumerate(nations):
        check_member(nation, known, file=RULES_FILE, key=f"{key}[{index}]")


def _check_prices(params: ClassicParams) -> None:
    prices = params.prices
    # C-BUY-4, C-BUY-5, C-TRADE-2: nested price ranges.
    check_range(prices.port_min, 0, file=RULES_FILE, key="prices.port_min")
    check_range(
        prices.port_max,
        prices.port_min,
        file=RULES_FILE,
        key="prices.port_max",
        why="(prices.port_min)",
    )
    check_range(
        prices.monopoly_max,
        prices.port_max,
        file=RULES_FILE,
        key="prices.monopoly_max",
        why="(prices.port_max)",
    )
    check_range(
        prices.trade_max,
        prices.port_min,
        file=RULES_FILE,
        key="prices.trade_max",
        why="(prices.port_min)",
    )


def _check_builds(params: ClassicParams) -> None:
    goods = [g.id for g in params.goods]
    builds = params.builds
    # C-BUILD-3, C-BUILD-4: the goods a port needs to build.
    for name in ("galley_requires", "fort_requires"):
        required: tuple[str, ...] = getattr(builds, name)
        key = f"builds.{name}"
        check_unique(required, file=RULES_FILE, key=f"{key}[{{}}]", what="good")
        for index, good in enumerate(required):
            check_member(good, goods, file=RULES_FILE, key=f"{key}[{index}]")
    # C-BUILD-2
    check_range(builds.per_port_per_round, 1, file=RULES_FILE, key="builds.per_port_per_round")


def _check_battle_and_sales(params: ClassicParams) -> None:
    # C-SALE-4, X-C-39: warehouse spaces and what they pay.
    check_range(params.sale.first_space, 1, file=RULES_FILE, key="sale.first_space")
    check_range(params.sale.ducats_per_space, 0, file=RULES_FILE, key="sale.ducats_per_space")
    # C-BONUS-1, C-BONUS-2, C-INC-1
    check_range(params.bonus.new_market, 0, file=RULES_FILE, key="bonus.new_market")
    check_range(params.bonus.capital, 0, file=RULES_FILE, key="bonus.capital")
    check_range(params.income.own_capital, 0, file=RULES_FILE, key="income.own_capital")
    # C-COMP-6, C-BAT-3, C-PATK-3: a die with faces 1..n, and losses divided down.
    battle = params.battle
    check_range(battle.die_faces, 2, file=RULES_FILE, key="battle.die_faces")
    check_range(battle.divisor, 1, file=RULES_FILE, key="battle.divisor")
    check_range(battle.fort_divisor, 1, file=RULES_FILE, key="battle.fort_divisor")


def _check_wealth(params: ClassicParams, board: Board) -> None:
    wealth = params.wealth
    # C-SCORE-2, X-002-16
    check_range(wealth.own_capital, 0, file=RULES_FILE, key="wealth.own_capital")
    check_range(wealth.port_not_full, 0, file=RULES_FILE, key="wealth.port_not_full")
    for name in ("ducats_per_point", "galleys_per_point", "forts_per_point", "sailors_per_point"):
        check_range(getattr(wealth, name), 1, file=RULES_FILE, key=f"wealth.{name}")
    sizes = [entry.warehouse for entry in wealth.full_ports]
    check_unique(
        sizes, file=RULES_FILE, key="wealth.full_ports[{}].warehouse", what="warehouse size"
    )
    for index, entry in enumerate(wealth.full_ports):
        key = f"wealth.full_ports[{index}]"
        check_range(entry.warehouse, 1, file=RULES_FILE, key=f"{key}.warehouse")
        check_range(entry.points, 0, file=RULES_FILE, key=f"{key}.points")
    # C-SCORE-2: every full warehouse on the board scores.
    for port in board.ports:
        if port.warehouse not in sizes:
            raise RulesetError(
                RULES_FILE,
                "wealth.full_ports",
                f"expected an entry for every warehouse size on the board,"
                f" got none for {port.warehouse} ({port.id} has {port.warehouse} spaces)",
            )
