"""Why a purchase of an Investment is refused (M-INV)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import has_goods

from ..common import Reason, unknown_port
from ..context import Ctx
from ..phases import SpecialInvesting
from ..state import ModernState
from .actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit
from .investing import galley_price

__all__ = ["CHECKS"]


def _seat(ctx: Ctx, state: ModernState) -> int:
    return state.to_act


def _recruit(ctx: Ctx, state: ModernState, action: Recruit) -> Reason:
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    seat = _seat(ctx, state)
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    if port.owner != seat:
        return "M-INV-2", f"you do not own {action.port}"
    if port.sailors >= spec.warehouse:
        return "M-PORT-2", f"{action.port} holds at most {spec.warehouse} sailors"
    return _money_or_reserve(ctx, state, seat, ctx.params.costs.recruit)


def _money_or_reserve(ctx: Ctx, state: ModernState, seat: int, cost: int) -> Reason:
    if state.reserve[seat] < 1:
        return "M-COMP-2", "you have no sailors left in your reserve"
    if state.ducats[seat] < cost:
        return "M-INV-6", f"that costs {cost} ducats and you have {state.ducats[seat]}"
    return None


def _crew(ctx: Ctx, state: ModernState, action: Crew) -> Reason:
    seat = _seat(ctx, state)
    galley = state.galley(action.galley)
    if galley is None or galley.owner != seat:
        return "M-INV-2", f"galley {action.galley} is not yours"
    if not ctx.own_port_in(state, galley.area, seat):
        return "M-INV-2", "recruits may board only galleys in the space of a port you own"
    if not ctx.room(state, galley)[0]:
        return "M-GAL-2", f"galley {action.galley} has no room for another sailor"
    return _money_or_reserve(ctx, state, seat, ctx.params.costs.recruit)


def _buy(ctx: Ctx, state: ModernState, action: BuyGalley) -> Reason:
    if (r := unknown_port(ctx, action.port)) is not None:
        return r
    seat = _seat(ctx, state)
    if ctx.port(state, action.port).owner != seat:
        return "M-INV-3", f"a new galley must be placed at a port you own, not {action.port}"
    if state.galley(action.galley) is not None:
        return "M-INV-3", f"galley {action.galley} is already in play"
    if not 1 <= action.galley <= ctx.params.setup_for(state.players).galleys_in_use:
        return "M-SETUP-1", f"galley {action.galley} is not used in this game"
    if ctx.owned_galleys(state, seat) >= ctx.params.components.galley_cubes_per_player:
        return "M-COMP-3", "you have no galley cube left"
    cost = galley_price(ctx, state, seat) + ctx.params.costs.recruit
    if (r := _money_or_reserve(ctx, state, seat, cost)) is not None:
        return r
    if isinstance(state.phase, SpecialInvesting):
        below = ctx.params.special_investment_below
        if ctx.owned_galleys(state, seat) >= below:
            return "M-END-7", f"a special investment only brings you back to {below} galleys"
        return "M-INV-3", "only one galley may be bought in a special investment (X-M-23)"
    if state.options.galley_purchase_limit == "per_game_turn":
        return "M-INV-3", "you have already bought a galley this game turn (X-M-37)"
    return "M-INV-3", "only one galley may be bought per investment"


def _building(kind: str, rule: str) -> Callable[[Ctx, ModernState, Any], Reason]:
    def check(ctx: Ctx, state: ModernState, action: BuildFort | BuildBasilica) -> Reason:
        if (r := unknown_port(ctx, action.port)) is not None:
            return r
        seat = _seat(ctx, state)
        spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
        building = ctx.params.fort if kind == "fort" else ctx.params.basilica
        if port.owner != seat:
            return rule, f"you do not own {action.port}"
        if getattr(port, kind):
            return rule, f"{action.port} already has a {kind}"
        if not has_goods(building.requires, spec.good, port.warehouse):
            needs = " and ".join(building.requires)
            return rule, f"a {kind} needs {needs}, produced or stored in the port"
        cost = ctx.params.costs.fort if kind == "fort" else ctx.params.costs.basilica
        if state.ducats[seat] < cost:
            return "M-INV-6", f"a {kind} costs {cost} ducats"
        return "M-COMP-6", f"all {kind} tokens are in play"

    return check


CHECKS: dict[type[Action], Callable[[Ctx, ModernState, Any], Reason]] = {
    Recruit: _recruit,
    Crew: _crew,
    BuyGalley: _buy,
    BuildFort: _building("fort", "M-INV-4"),
    BuildBasilica: _building("basilica", "M-INV-5"),
}
"""Why an action of an Investment is refused, by action class."""
