"""Set-up of a modern game (M-SETUP): closed ports, first player, galley and port picks."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.errors import OptionError
from serenissima.engine.options import option_schema
from serenissima.engine.pieces import clockwise
from serenissima.engine.rule_index import rule
from serenissima.engine.ruleset import OptionValue

from ..common import GalleyPlaced, PortClaimed
from ..context import Ctx
from ..flow import next_activation
from ..helpers import Changes, Events, add_galley, bump, enter, with_port
from ..phases import PickingClosed, PickingFirst, PickingGalley, PickingPort
from ..state import Galley, ModernOptions, ModernState, Port
from .actions import CloseOutcome, FirstOutcome, PickGalley, PickPort
from .events import FirstPlayerChosen, PortClosed
from .tables import setup_tables

__all__ = ["OPTION_SCHEMA", "new_game"]

OPTION_SCHEMA = option_schema(
    ModernOptions,
    galley_capacity=("shared5", "separate"),
    cv_between_battles=("carry_over", "recompute"),
    start_space_blockade=("sale_only", "none", "sale_and_conquest"),
    last_port_protection=("no_attack", "no_landing"),
    closed_ports=("random_per_type",),
    two_player_pick_order=("ABABAB", "ABBAAB"),
    special_investment_galleys=("up_to_two", "one"),
    scoring_per_space_passed=("each", "once_per_card"),
    final_tiebreak=("shared",),
    galley_purchase_limit=("per_investment", "per_game_turn"),
    money_visibility=("visible", "hidden"),
)
"""The options the modern code reads (:class:`ModernOptions`) and the values it understands.

The ``bool`` fields take true or false; ``closed_ports`` is
``"random_per_type"`` or a list of port ids (checked against the board and the
player count when a game starts).
"""


def _options(ctx: Ctx, players: int, given: Mapping[str, OptionValue]) -> ModernOptions:
    options = OPTION_SCHEMA.read(given)
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


@rule("M-SETUP-3", "M-SETUP-4", "M-SETUP-12")
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
        reckoned=(params.components.starting_ducats,) * players,
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


@rule("M-SETUP-7", "X-M-18")
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
    port = state.ports[index]
    closed = Port(port.owner, port.sailors, port.warehouse, port.fort, port.basilica, True)
    ev.append(PortClosed(action.port))
    rest = state.phase.goods[1:]
    phase = PickingClosed(rest) if rest else PickingFirst()
    return enter(state, phase, ports=with_port(state.ports, index, closed))


@rule("M-SETUP-5")
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
    order = pick_order(state, action.seat, setup.galleys_each)
    return enter(state, PickingGalley(order, 0), first_player=action.seat)


# --- picks --------------------------------------------------------------------


def _free_numbers(ctx: Ctx, state: ModernState) -> tuple[int, ...]:
    in_use = ctx.params.setup_for(state.players).galleys_in_use
    taken = {g.number for g in state.galleys}
    if isinstance(state.phase, PickingPort):
        taken.add(state.phase.galley)
    return tuple(n for n in range(1, in_use + 1) if n not in taken)


@rule("M-SETUP-9", "M-SETUP-10")
def galley_picks(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-SETUP-9/10: any galley number not yet taken."""
    picks = setup_tables(ctx).pick_galleys
    return tuple(picks.get(n) or PickGalley(n) for n in _free_numbers(ctx, state))


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
    changes: Changes = {}
    _place(ctx, state, changes, seat, action.galley, home, ev)
    return _next_pick(ctx, state, phase.order, phase.index + 1, ev, **changes)


@rule("M-SETUP-9", "X-M-18", "X-M-20")
def port_picks(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-SETUP-9, X-M-18/20: a starting port that is neither taken nor closed."""
    return tuple(
        pick
        for spec, port, pick in zip(
            ctx.board.ports, state.ports, setup_tables(ctx).pick_ports, strict=True
        )
        if spec.start and port.owner is None and not port.closed
    )


def apply_pick_port(ctx: Ctx, state: ModernState, action: PickPort, ev: Events) -> ModernState:
    phase = state.phase
    assert isinstance(phase, PickingPort)
    seat = phase.order[phase.index]
    setup = ctx.params.setup_for(state.players)
    index = ctx.board.port_index(action.port)
    sailors = setup.port_sailors
    port = state.ports[index]
    port = Port(seat, sailors, port.warehouse, port.fort, port.basilica, port.closed)
    changes: Changes = {
        "ports": with_port(state.ports, index, port),
        "reserve": bump(state.reserve, seat, -sailors),
    }
    ev.append(PortClaimed(seat, action.port, sailors))
    _place(ctx, state, changes, seat, phase.galley, ctx.board.port(action.port).area, ev)
    return _next_pick(ctx, state, phase.order, phase.index + 1, ev, **changes)


def _place(
    ctx: Ctx,
    state: ModernState,
    changes: Changes,
    seat: int,
    number: int,
    area: str,
    ev: Events,
) -> None:
    """Put galley ``number`` into play in ``area`` (written into ``changes``)."""
    sailors = ctx.params.setup_for(state.players).sailors_per_galley
    changes["galleys"] = add_galley(state.galleys, Galley(number, seat, area, sailors))
    ev.append(GalleyPlaced(seat, number, area, sailors))
    reserve = changes.get("reserve", state.reserve)
    changes["reserve"] = bump(reserve, seat, -sailors)


def _next_pick(
    ctx: Ctx, state: ModernState, order: tuple[int, ...], index: int, ev: Events, **changes: Any
) -> ModernState:
    if index < len(order):
        return enter(state, PickingGalley(order, index), **changes)
    changes.update(turn=1, wheel=0)
    return next_activation(ctx, state, ev, **changes)
