"""The set-up of the classic edition: the options, the new game and the crewing of the galleys.

A new game (C-SETUP-1 to C-SETUP-6) puts the galleys and the sailors on the
board; each seat then splits its starting sailors between its two galleys
and its capital (C-SETUP-4) before the first round's bid.
"""

from __future__ import annotations

from collections.abc import Mapping

from serenissima.engine.core import Action
from serenissima.engine.options import Numbers, option_schema
from serenissima.engine.rule_index import rule
from serenissima.engine.ruleset import OptionValue

from ..context import Ctx
from ..flow import start_round
from ..helpers import Events, replace_state, with_port
from ..phases import Crewing
from ..state import ClassicOptions, ClassicState, Galley, Port
from .actions import Crew
from .events import StartingCrews

__all__ = ["OPTION_SCHEMA", "apply_crew", "crew_actions", "new_game", "options_of"]


OPTION_SCHEMA = option_schema(
    ClassicOptions,
    zero_bid_order=("automatic", "choose"),
    money_unit=Numbers(low=1),
    recruit_limit=("warehouse", "warehouse_plus_produced", "unlimited"),
    classic_garrison_cap=("none", "warehouse_size"),
    max_forts_per_port=Numbers(low=0),
    capital_bonus_scope=("any_capital", "owners_own_capital"),
    classic_tiebreak=("shared", "most_ducats"),
    sailor_pool=("unlimited", Numbers(low=0)),
    goods_per_type=Numbers(low=0),
    two_player_nations=("venice_genoa", "spain_turkey"),
)
"""The options the classic code reads (:class:`ClassicOptions`) and the values it understands.

The ``bool`` fields take true or false; ``money_unit``, ``max_forts_per_port``
and ``goods_per_type`` are numbers written as strings, and ``sailor_pool`` is
``"unlimited"`` or a number.
"""


def options_of(options: Mapping[str, OptionValue]) -> ClassicOptions:
    """Turn resolved option values into :class:`ClassicOptions` (see :data:`OPTION_SCHEMA`).

    Raises:
        OptionError: A value the code does not understand.
    """
    return OPTION_SCHEMA.read(options)


@rule("C-SETUP-1", "C-SETUP-2", "C-SETUP-3", "C-SETUP-4", "C-SETUP-5", "C-SETUP-6")
def new_game(ctx: Ctx, players: int, options: Mapping[str, OptionValue]) -> ClassicState:
    """C-SETUP-1..5: nations, capitals, money and supplies; the crews are decided next."""
    opts = options_of(options)
    setup = ctx.params.setup_for(players)
    nations = setup.nations
    if players == 2 and opts.two_player_nations == "spain_turkey" and setup.alternative_nations:
        nations = setup.alternative_nations  # C-SETUP-2: the other 2-player pairing
    ports = [Port() for _ in ctx.board.ports]
    for seat, nation in enumerate(nations):
        ports[ctx.capital_of[nation]] = Port(owner=seat)  # C-SETUP-5
    pool = None if opts.sailor_pool == "unlimited" else int(opts.sailor_pool)  # X-C-48
    return ClassicState(
        players=players,
        to_act=0,
        turn=0,
        options=opts,
        rounds=setup.rounds,
        nations=nations,
        ducats=(ctx.params.components.starting_ducats,) * players,
        reckoned=(ctx.params.components.starting_ducats,) * players,
        treasury=0,
        sailors_box=pool,
        forts_box=ctx.params.components.forts,
        supply=(opts.goods_per_type,) * len(ctx.params.goods),  # X-C-50
        ports=tuple(ports),
        galleys=(),
        next_galley=1,
        bids=(None,) * players,
        order=(),
        built=(),
        hired=(0,) * len(ports),
        phase=Crewing(0),
    )


@rule("C-SETUP-4")
def crew_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-SETUP-4: 1 to 5 sailors on each galley, the rest in the capital.

    The two starting galleys are alike, so ``crew 5 4`` and ``crew 4 5`` are
    one choice: the first number is never the smaller.
    """
    total = ctx.params.setup_for(state.players).sailors_each
    most = min(ctx.params.galley.max_sailors, ctx.params.galley.spaces)
    least = ctx.params.galley.min_sailors
    phase = state.phase
    assert isinstance(phase, Crewing)
    capital = ctx.capital(state, phase.seat)
    cap = None if state.options.classic_garrison_cap == "none" else ctx.sizes[capital]
    key = ("crew", total, most, least, cap)
    found = ctx.memo.get(key)
    if found is None:
        actions: list[Action] = []
        for first in range(most, least - 1, -1):
            for second in range(min(first, most), least - 1, -1):
                garrison = total - first - second
                if garrison < 0 or (cap is not None and garrison > cap):
                    continue
                actions.append(Crew(first, second))
        found = ctx.memo[key] = tuple(actions)
    return found


def apply_crew(ctx: Ctx, state: ClassicState, action: Crew, events: Events) -> ClassicState:
    """Place the two galleys in the capital's sea area and garrison the capital."""
    phase = state.phase
    assert isinstance(phase, Crewing)
    seat = phase.seat
    total = ctx.params.setup_for(state.players).sailors_each
    garrison = total - action.first - action.second
    capital = ctx.capital(state, seat)
    area = ctx.board.ports[capital].area
    number = state.next_galley
    galleys = (
        *state.galleys,
        Galley(number, seat, area, action.first),
        Galley(number + 1, seat, area, action.second),
    )
    old = state.ports[capital]
    port = Port(old.owner, garrison, old.warehouse, old.forts)
    box = None if state.sailors_box is None else state.sailors_box - total
    events.append(StartingCrews(seat, action.first, action.second, garrison))
    changes = {
        "galleys": galleys,
        "next_galley": number + 2,
        "sailors_box": box,
        "ports": with_port(state.ports, capital, port),
    }
    if seat + 1 < state.players:
        return replace_state(state, phase=Crewing(seat + 1), to_act=seat + 1, **changes)
    return start_round(ctx, state, events, **changes)
