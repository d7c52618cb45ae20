"""Set-up of a modern game (M-SETUP): closed ports, first player, galley and port picks."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from serenissima.engine.core import Action
from serenissima.engine.errors import OptionError
from serenissima.engine.pieces import clockwise
from serenissima.engine.ruleset import OptionValue

from .actions import CloseOutcome, FirstOutcome, PickGalley, PickPort
from .events import FirstPlayerChosen, GalleyPlaced, PortClaimed, PortClosed
from .helpers import Ctx, Events, add_galley, bump, enter, next_activation, replace_port
from .state import (
    Galley,
    ModernOptions,
    ModernState,
    PickingClosed,
    PickingFirst,
    PickingGalley,
    PickingPort,
    Port,
)

__all__ = ["new_game"]


def _options(ctx: Ctx, players: int, given: Mapping[str, OptionValue]) -> ModernOptions:
    options = ModernOptions(**given)  # type: ignore[arg-type]
    closed = options.closed_ports
    if isinstance(closed, tuple):
        wanted = ctx.params.setup_for(players).closed_goods
        if not wanted:
            raise OptionError("closed_ports", f"no ports are closed with {players} players")
        goods = []
        for port in closed:
            if not ctx.board.has_port(port):
                raise OptionError("closed_ports", f"unknown port {port!r}")
            goods.append(ctx.board.port(port).good)
        if sorted(goods) != sorted(wanted):
            raise OptionError(
                "closed_ports",
                f"expected one port producing each of {', '.join(wanted)}, got {', '.join(closed)}",
            )
    return options


def new_game(ctx: Ctx, players: int, given: Mapping[str, OptionValue]) -> ModernState:
    """The state before the first set-up decision (M-SETUP-1..6)."""
    params = ctx.params
    setup = params.setup_for(players)
    options = _options(ctx, players, given)
    ports = [Port() for _ in ctx.board.ports]
    closed_goods = setup.closed_goods
    if closed_goods and isinstance(options.closed_ports, tuple):
        for port in options.closed_ports:
            ports[ctx.board.port_index(port)] = Port(closed=True)
        closed_goods = ()
    state = ModernState(
        players=players,
        to_act=0,
        options=options,
        phase=PickingFirst(),
        turn=0,
        first_player=-1,
        ducats=(params.components.starting_ducats,) * players,
        reserve=(setup.sailors,) * players,
        ports=tuple(ports),
        galleys=(),
        supply=tuple(g.supply or 0 for g in params.goods),
        track=setup.track_start,
        scorings=0,
        doge_pile=tuple(c.count for c in params.doge_cards),
        doge_discard=tuple(0 for _ in params.doge_cards),
    )
    if closed_goods:
        return enter(state, PickingClosed(closed_goods))
    return enter(state, PickingFirst())


# --- chance -----------------------------------------------------------------


def close_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-SETUP-7, X-M-18: one port producing the good is closed, uniformly at random."""
    assert isinstance(state.phase, PickingClosed)
    good = state.phase.goods[0]
    ids = [
        p.id
        for p, s in zip(ctx.board.ports, state.ports, strict=True)
        if p.good == good and not s.closed
    ]
    return tuple((CloseOutcome(port), Fraction(1, len(ids))) for port in ids)


def apply_close(ctx: Ctx, state: ModernState, action: CloseOutcome, ev: Events) -> ModernState:
    assert isinstance(state.phase, PickingClosed)
    index = ctx.board.port_index(action.port)
    state = replace_port(state, index, attrs.evolve(state.ports[index], closed=True))
    ev.append(PortClosed(action.port))
    rest = state.phase.goods[1:]  # type: ignore[union-attr]
    return enter(state, PickingClosed(rest) if rest else PickingFirst())


def first_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-SETUP-5: the first player is chosen at random."""
    return tuple((FirstOutcome(seat), Fraction(1, state.players)) for seat in range(state.players))


def pick_order(state: ModernState, first: int, galleys_each: int) -> tuple[int, ...]:
    """The order of galley picks (M-SETUP-9/10/11, X-M-19)."""
    seats = clockwise(first, state.players)
    if state.players == 2:
        a, b = seats
        pattern = state.options.two_player_pick_order
        order = tuple(a if c == "A" else b for c in pattern)
        return order[: 2 * galleys_each]
    order = seats
    for i in range(1, galleys_each):
        order += tuple(reversed(seats)) if i % 2 else seats
    return order


def apply_first(ctx: Ctx, state: ModernState, action: FirstOutcome, ev: Events) -> ModernState:
    ev.append(FirstPlayerChosen(action.seat))
    setup = ctx.params.setup_for(state.players)
    state = attrs.evolve(state, first_player=action.seat)
    order = pick_order(state, action.seat, setup.galleys_each)
    return enter(state, PickingGalley(order, 0))


# --- picks --------------------------------------------------------------------


def _free_numbers(ctx: Ctx, state: ModernState) -> tuple[int, ...]:
    in_use = ctx.params.setup_for(state.players).galleys_in_use
    taken = {g.number for g in state.galleys}
    if isinstance(state.phase, PickingPort):
        taken.add(state.phase.galley)
    return tuple(n for n in range(1, in_use + 1) if n not in taken)


def galley_picks(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-SETUP-9/10: any galley number not yet taken."""
    return tuple(PickGalley(n) for n in _free_numbers(ctx, state))


def _home(ctx: Ctx, state: ModernState, seat: int) -> str | None:
    for spec, port in zip(ctx.board.ports, state.ports, strict=True):
        if port.owner == seat:
            return spec.area
    return None


def apply_pick_galley(ctx: Ctx, state: ModernState, action: PickGalley, ev: Events) -> ModernState:
    phase = state.phase
    assert isinstance(phase, PickingGalley)
    seat = phase.order[phase.index]
    home = _home(ctx, state, seat)
    if home is None:
        return enter(state, PickingPort(phase.order, phase.index, action.galley))
    state = _place(ctx, state, seat, action.galley, home, ev)
    return _next_pick(ctx, state, phase.order, phase.index + 1, ev)


def port_picks(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-SETUP-9, X-M-18/20: a starting port that is neither taken nor closed."""
    return tuple(
        PickPort(spec.id)
        for spec, port in zip(ctx.board.ports, state.ports, strict=True)
        if spec.start and port.owner is None and not port.closed
    )


def apply_pick_port(ctx: Ctx, state: ModernState, action: PickPort, ev: Events) -> ModernState:
    phase = state.phase
    assert isinstance(phase, PickingPort)
    seat = phase.order[phase.index]
    setup = ctx.params.setup_for(state.players)
    index = ctx.board.port_index(action.port)
    sailors = setup.port_sailors
    state = replace_port(
        state, index, attrs.evolve(state.ports[index], owner=seat, sailors=sailors)
    )
    state = attrs.evolve(state, reserve=bump(state.reserve, seat, -sailors))
    ev.append(PortClaimed(seat, action.port, sailors))
    state = _place(ctx, state, seat, phase.galley, ctx.board.port(action.port).area, ev)
    return _next_pick(ctx, state, phase.order, phase.index + 1, ev)


def _place(
    ctx: Ctx, state: ModernState, seat: int, number: int, area: str, ev: Events
) -> ModernState:
    sailors = ctx.params.setup_for(state.players).sailors_per_galley
    state = add_galley(state, Galley(number, seat, area, sailors))
    ev.append(GalleyPlaced(seat, number, area, sailors))
    return attrs.evolve(state, reserve=bump(state.reserve, seat, -sailors))


def _next_pick(
    ctx: Ctx, state: ModernState, order: tuple[int, ...], index: int, ev: Events
) -> ModernState:
    if index < len(order):
        return enter(state, PickingGalley(order, index))
    state = attrs.evolve(state, turn=1, wheel=0)
    return next_activation(ctx, state, ev)
