"""Set-up and phase 1: the starting crews, the secret bids and the turn order (C-SETUP, C-BID)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.options import Numbers, option_schema
from serenissima.engine.rule_index import rule
from serenissima.engine.ruleset import OptionValue

from .actions import Bid, Crew, DieRoll, TakePosition
from .context import Ctx
from .events import BidsRevealed, DieRolled, PositionTaken, StartingCrews
from .helpers import Events, replace_state, to_chance, with_port
from .rounds import start_round, start_turns
from .state import (
    Choosing,
    ClassicOptions,
    ClassicState,
    Crewing,
    Galley,
    Port,
    RollingOff,
)

__all__ = [
    "OPTION_SCHEMA",
    "apply_bid",
    "apply_crew",
    "apply_position",
    "apply_roll",
    "bid_actions",
    "crew_actions",
    "new_game",
    "options_of",
    "position_actions",
    "roll_outcomes",
]

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


# --- starting crews ------------------------------------------------------------


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


# --- phase 1: secret bids --------------------------------------------------------


@rule("C-BID-2", "X-C-04")
def bid_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-2, X-C-04: any multiple of the money unit up to the ducats one has."""
    unit = state.options.money_unit
    ducats = state.ducats[state.to_act]
    key = ("bid", unit, ducats // unit)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = tuple(Bid(amount) for amount in range(0, ducats + 1, unit))
    return found


@rule("C-BID-2", "C-BID-4", "C-BID-5", "C-BID-6")
def apply_bid(ctx: Ctx, state: ClassicState, action: Bid, events: Events) -> ClassicState:
    """Record a secret bid; once every seat has bid, reveal them all and rank the bidders."""
    seat = state.to_act
    bids = (*state.bids[:seat], action.amount, *state.bids[seat + 1 :])
    if None in bids:
        return replace_state(state, bids=bids, to_act=bids.index(None))
    amounts = tuple([b or 0 for b in bids])
    # C-BID-6: every bid goes to the treasury (in the state the ranking builds)
    revealed = {
        "bids": bids,
        "ducats": tuple([d - a for d, a in zip(state.ducats, amounts, strict=True)]),
        "treasury": state.treasury + sum(amounts),
    }
    events.append(BidsRevealed(amounts))
    # C-BID-3, C-BID-4: higher bids pick first; equal bids roll off. C-BID-5: zero bids last.
    seats = range(state.players)
    positive = sorted({a for a in amounts if a > 0}, reverse=True)
    groups = [tuple([s for s in seats if amounts[s] == a]) for a in positive]
    zero = tuple([s for s in seats if amounts[s] == 0])
    if zero:
        groups.append(zero)
    return _rank(ctx, state, tuple(groups), (), events, revealed)


def _rank(
    ctx: Ctx,
    state: ClassicState,
    groups: tuple[tuple[int, ...], ...],
    ranked: tuple[int, ...],
    events: Events,
    changes: dict[str, Any],
) -> ClassicState:
    """Rank the bidders; ``changes`` are fields of the next state not yet in ``state``."""
    while groups and len(groups[0]) == 1:
        ranked, groups = ranked + groups[0], groups[1:]
    if groups:
        return to_chance(state, RollingOff(groups, (), ranked), **changes)
    return _choose(ctx, state, ranked, (None,) * state.players, events, changes)


def roll_outcomes(ctx: Ctx, state: ClassicState) -> tuple[tuple[Action, Fraction], ...]:
    """The die of the next seat of the tied group."""
    outcomes = ctx.outcomes.get("roll")
    if outcomes is None:
        faces = ctx.params.battle.die_faces
        outcomes = ctx.outcomes["roll"] = tuple(
            (DieRoll(v), Fraction(1, faces)) for v in range(1, faces + 1)
        )
    return outcomes


def apply_roll(ctx: Ctx, state: ClassicState, action: DieRoll, events: Events) -> ClassicState:
    """Record a roll; once the group has rolled, order it and re-roll remaining ties (X-C-02)."""
    phase = state.phase
    assert isinstance(phase, RollingOff)
    group = phase.groups[0]
    rolls = (*phase.rolls, action.value)
    events.append(DieRolled(group[len(rolls) - 1], action.value))
    if len(rolls) < len(group):
        return replace_state(state, phase=RollingOff(phase.groups, rolls, phase.ranked))
    split = tuple(
        tuple(s for s, r in zip(group, rolls, strict=True) if r == value)
        for value in sorted(set(rolls), reverse=True)
    )
    return _rank(ctx, state, split + phase.groups[1:], phase.ranked, events, {})


# --- phase 1: positions ----------------------------------------------------------


@rule("C-BID-5", "C-BID-7")
def _choose(
    ctx: Ctx,
    state: ClassicState,
    queue: tuple[int, ...],
    slots: tuple[int | None, ...],
    events: Events,
    changes: dict[str, Any],
) -> ClassicState:
    """Let the next seat pick, filling positions by itself where there is no choice.

    ``changes`` are fields of the next state not yet in ``state`` (the revealed bids).
    """
    automatic = state.options.zero_bid_order == "automatic"
    bids = changes.get("bids", state.bids)
    while queue:
        seat = queue[0]
        free = [i for i, s in enumerate(slots) if s is None]
        zero = bids[seat] == 0
        if len(free) > 1 and not (zero and automatic):
            return replace_state(state, phase=Choosing(queue, slots), to_act=seat, **changes)
        # C-BID-5 (X-C-01): zero bidders take the earliest free place in roll order.
        slots = _take(slots, free[0], seat, events)
        queue = queue[1:]
    order = tuple(s for s in slots if s is not None)  # C-BID-7
    return start_turns(ctx, state, events, order=order, **changes)


def _take(
    slots: tuple[int | None, ...], index: int, seat: int, events: Events
) -> tuple[int | None, ...]:
    events.append(PositionTaken(seat, index + 1))
    return (*slots[:index], seat, *slots[index + 1 :])


@rule("C-BID-3")
def position_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-3: any free position (X-C-03: positions 1..players)."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    key = ("position", phase.slots)
    found = ctx.memo.get(key)
    if found is None:
        found = ctx.memo[key] = tuple(
            TakePosition(i + 1) for i, s in enumerate(phase.slots) if s is None
        )
    return found


def apply_position(
    ctx: Ctx, state: ClassicState, action: TakePosition, events: Events
) -> ClassicState:
    """Take a position; the next seat in bid order picks next."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    slots = _take(phase.slots, action.position - 1, phase.queue[0], events)
    return _choose(ctx, state, phase.queue[1:], slots, events, {})
