"""Phase 6: sales to warehouses, the new-market bonus and income (C-SALE, C-BONUS, C-INC).

The choices of a phase-6 turn, the sales and the income paid when the
turn ends; the end of the turn itself is in :mod:`..flow`.
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import can_sell_to
from serenissima.engine.rule_index import rule

from ..common import DONE
from ..context import Ctx
from ..helpers import Events, bump, paid, replace_state, with_galley, with_port
from ..phases import Selling
from ..state import ClassicState, Galley, Port
from .actions import Sell
from .events import GoodSold, IncomePaid

__all__ = [
    "apply_sell",
    "income",
    "new_market_bonus",
    "sale_value",
    "selling_actions",
    "selling_legal",
]


@rule("C-SALE-1", "C-SALE-3")
def selling_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-SALE-1, C-SALE-3: any piece aboard to any port of its sea area that may take it."""
    phase = state.phase
    assert isinstance(phase, Selling)
    return selling_legal(ctx, state, phase)


@rule("C-SALE-5")
def selling_legal(ctx: Ctx, state: ClassicState, phase: Selling) -> tuple[Action, ...]:
    """The legal actions in ``phase``, which need not be ``state``'s phase yet."""
    seat = state.order[phase.index]
    actions: list[Action] = []
    for galley in state.galleys:
        if galley.owner != seat or not galley.cargo:
            continue
        for index in ctx.area_ports[galley.area]:
            spec = ctx.board.ports[index]
            stored = state.ports[index].warehouse
            actions.extend(
                Sell(galley.id, good, spec.id)
                for good in sorted(set(galley.cargo))
                if can_sell_to(good, spec.good, stored, spec.warehouse)
            )
    actions.append(DONE)
    return tuple(actions)


@rule("C-SALE-4", "X-C-31")
def sale_value(ctx: Ctx, state: ClassicState, index: int, seat: int) -> tuple[int, int]:
    """The space the next piece ``seat`` sells to port ``index`` fills, and what it pays.

    C-SALE-4: the space's number times the price of a space; nothing in the
    seller's own port when the option ``own_port_sales_pay`` is off (X-C-31).
    """
    space = ctx.params.sale.first_space + len(state.ports[index].warehouse)
    if state.ports[index].owner == seat and not state.options.own_port_sales_pay:
        return space, 0
    return space, space * ctx.params.sale.ducats_per_space


@rule("C-BONUS-1", "C-BONUS-2", "C-BONUS-3", "C-BONUS-4")
def new_market_bonus(ctx: Ctx, state: ClassicState, seat: int, good: str, index: int) -> int:
    """C-BONUS-1..4: the bonus for selling ``good`` to port ``index``, checked before it is placed.

    Only a port of another player qualifies, and only when none of that
    player's ports stores or produces the good; galleys never count.
    """
    owner = state.ports[index].owner
    if owner is None or owner == seat:
        return 0  # C-BONUS-4
    for i, port in enumerate(state.ports):
        if port.owner == owner and (good in port.warehouse or ctx.board.ports[i].good == good):
            return 0
    bonus = ctx.params.bonus
    if index in ctx.capitals:
        # X-C-34: any capital, or only the owner's own, by option.
        own_capital = ctx.capital_of.get(state.nations[owner]) == index
        if state.options.capital_bonus_scope == "any_capital" or own_capital:
            return bonus.capital
    return bonus.new_market


@rule("C-SALE-2", "C-SALE-4", "X-C-31")
def apply_sell(ctx: Ctx, state: ClassicState, action: Sell, events: Events) -> ClassicState:
    """C-SALE-2, C-SALE-4, X-C-31: the sale always goes through; the treasury pays for the space."""
    phase = state.phase
    assert isinstance(phase, Selling)
    seat = state.order[phase.index]
    index = ctx.board.port_index(action.port)
    galley = state.galley(action.galley)
    assert galley is not None
    bonus = new_market_bonus(ctx, state, seat, action.good, index)
    space, ducats = sale_value(ctx, state, index, seat)
    port = state.ports[index]
    stored = Port(port.owner, port.garrison, (*port.warehouse, action.good), port.forts)
    cargo = list(galley.cargo)
    cargo.remove(action.good)
    sold = Galley(galley.id, galley.owner, galley.area, galley.sailors, tuple(cargo))
    events.append(GoodSold(seat, galley.id, action.good, action.port, space, ducats, bonus))
    return replace_state(
        state,
        ports=with_port(state.ports, index, stored),
        galleys=with_galley(state.galleys, sold),
        **paid(state, seat, -(ducats + bonus)),
    )


@rule("C-INC-1", "X-C-27")
def income(
    ctx: Ctx, state: ClassicState, seat: int, events: Events, changes: dict[str, Any]
) -> dict[str, Any]:
    """C-INC-1, X-C-27: income for one's own capital at the end of one's phase-6 turn.

    ``changes`` are ducats and treasury not yet in ``state`` (earlier seats'
    income). Returns them with ``seat``'s income added (unchanged when
    ``seat`` does not hold its capital).
    """
    if not ctx.holds_capital(state, seat):
        return changes
    earned = ctx.params.income.own_capital
    events.append(IncomePaid(seat, earned))
    if not changes:
        return paid(state, seat, -earned)
    return {
        "ducats": bump(changes["ducats"], seat, earned),
        "treasury": changes["treasury"] - earned,
    }
