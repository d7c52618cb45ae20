"""Set-up and phase 1: the starting crews, the secret bids and the turn order (C-SETUP, C-BID)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from serenissima.engine.core import Action
from serenissima.engine.ruleset import OptionValue

from .actions import Bid, Crew, DieRoll, TakePosition
from .events import BidsRevealed, DieRolled, PositionTaken, StartingCrews
from .helpers import Ctx, Events
from .state import (
    Choosing,
    ClassicOptions,
    ClassicState,
    Crewing,
    Galley,
    Port,
    Purchasing,
    RollingOff,
)

__all__ = [
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

_INT_OPTIONS = ("money_unit", "max_forts_per_port", "goods_per_type")


def options_of(options: Mapping[str, OptionValue]) -> ClassicOptions:
    """Turn resolved option values into :class:`ClassicOptions`."""
    values: dict[str, Any] = dict(options)
    for name in _INT_OPTIONS:
        values[name] = int(str(values[name]))
    return ClassicOptions(**values)


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
    actions: list[Action] = []
    for first in range(most, least - 1, -1):
        for second in range(min(first, most), least - 1, -1):
            garrison = total - first - second
            if garrison < 0 or (cap is not None and garrison > cap):
                continue
            actions.append(Crew(first, second))
    return tuple(actions)


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
    port = attrs.evolve(state.ports[capital], garrison=garrison)
    box = None if state.sailors_box is None else state.sailors_box - total
    state = attrs.evolve(state, galleys=galleys, next_galley=number + 2, sailors_box=box)
    state = ctx.put_port(state, capital, port)
    events.append(StartingCrews(seat, action.first, action.second, garrison))
    if seat + 1 < state.players:
        return attrs.evolve(state, phase=Crewing(seat + 1), to_act=seat + 1)
    return ctx.start_round(state, events)


# --- phase 1: secret bids --------------------------------------------------------


def bid_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-2, X-C-04: any multiple of the money unit up to the ducats one has."""
    unit = state.options.money_unit
    ducats = state.ducats[state.to_act]
    return tuple(Bid(amount) for amount in range(0, ducats + 1, unit))


def apply_bid(ctx: Ctx, state: ClassicState, action: Bid, events: Events) -> ClassicState:
    """Record a secret bid; once every seat has bid, reveal them all and rank the bidders."""
    seat = state.to_act
    bids = tuple(action.amount if s == seat else b for s, b in enumerate(state.bids))
    state = attrs.evolve(state, bids=bids)
    waiting = [s for s, b in enumerate(bids) if b is None]
    if waiting:
        return attrs.evolve(state, to_act=waiting[0])
    amounts = tuple(b or 0 for b in bids)
    for s, amount in enumerate(amounts):
        state = ctx.pay(state, s, amount)  # C-BID-6: every bid goes to the treasury
    events.append(BidsRevealed(amounts))
    # C-BID-3, C-BID-4: higher bids pick first; equal bids roll off. C-BID-5: zero bids last.
    positive = sorted({a for a in amounts if a > 0}, reverse=True)
    groups = [tuple(s for s in range(state.players) if amounts[s] == a) for a in positive]
    zero = tuple(s for s in range(state.players) if amounts[s] == 0)
    if zero:
        groups.append(zero)
    return _rank(ctx, state, tuple(groups), (), events)


def _rank(
    ctx: Ctx,
    state: ClassicState,
    groups: tuple[tuple[int, ...], ...],
    ranked: tuple[int, ...],
    events: Events,
) -> ClassicState:
    while groups and len(groups[0]) == 1:
        ranked, groups = ranked + groups[0], groups[1:]
    if groups:
        return ctx.to_chance(state, RollingOff(groups, (), ranked))
    return _choose(ctx, state, ranked, (None,) * state.players, events)


def roll_outcomes(ctx: Ctx, state: ClassicState) -> tuple[tuple[Action, Fraction], ...]:
    """The die of the next seat of the tied group."""
    faces = ctx.params.battle.die_faces
    return tuple((DieRoll(v), Fraction(1, faces)) for v in range(1, faces + 1))


def apply_roll(ctx: Ctx, state: ClassicState, action: DieRoll, events: Events) -> ClassicState:
    """Record a roll; once the group has rolled, order it and re-roll remaining ties (X-C-02)."""
    phase = state.phase
    assert isinstance(phase, RollingOff)
    group = phase.groups[0]
    rolls = (*phase.rolls, action.value)
    events.append(DieRolled(group[len(rolls) - 1], action.value))
    if len(rolls) < len(group):
        return attrs.evolve(state, phase=attrs.evolve(phase, rolls=rolls))
    split = tuple(
        tuple(s for s, r in zip(group, rolls, strict=True) if r == value)
        for value in sorted(set(rolls), reverse=True)
    )
    return _rank(ctx, state, split + phase.groups[1:], phase.ranked, events)


# --- phase 1: positions ----------------------------------------------------------


def _choose(
    ctx: Ctx,
    state: ClassicState,
    queue: tuple[int, ...],
    slots: tuple[int | None, ...],
    events: Events,
) -> ClassicState:
    """Let the next seat pick, filling positions by itself where there is no choice."""
    automatic = state.options.zero_bid_order == "automatic"
    while queue:
        seat = queue[0]
        free = [i for i, s in enumerate(slots) if s is None]
        zero = state.bids[seat] == 0
        if len(free) > 1 and not (zero and automatic):
            return attrs.evolve(state, phase=Choosing(queue, slots), to_act=seat)
        # C-BID-5 (X-C-01): zero bidders take the earliest free place in roll order.
        slots = _take(slots, free[0], seat, events)
        queue = queue[1:]
    order = tuple(s for s in slots if s is not None)
    state = attrs.evolve(state, order=order)  # C-BID-7
    return ctx.start_phase(state, Purchasing, events)


def _take(
    slots: tuple[int | None, ...], index: int, seat: int, events: Events
) -> tuple[int | None, ...]:
    events.append(PositionTaken(seat, index + 1))
    return (*slots[:index], seat, *slots[index + 1 :])


def position_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BID-3: any free position (X-C-03: positions 1..players)."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    return tuple(TakePosition(i + 1) for i, s in enumerate(phase.slots) if s is None)


def apply_position(
    ctx: Ctx, state: ClassicState, action: TakePosition, events: Events
) -> ClassicState:
    """Take a position; the next seat in bid order picks next."""
    phase = state.phase
    assert isinstance(phase, Choosing)
    slots = _take(phase.slots, action.position - 1, phase.queue[0], events)
    return _choose(ctx, state, phase.queue[1:], slots, events)
