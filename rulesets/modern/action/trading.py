"""Step 3 of an Action (M-ACT-2): a sale, or battles and the claim of neutral ports.

The battles themselves (dice, spoils, landings) are in :mod:`.battle`; this
module offers them and fixes the attacker's combat value when one starts.
"""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import can_sell_to
from serenissima.engine.rule_index import rule

from ..common import END, End, PortClaimed
from ..context import Ctx, blockaders, owned_ports
from ..flow import end_activation
from ..helpers import (
    TRADING,
    Changes,
    Events,
    bump,
    enter,
    find,
    new_act,
    new_state,
    remove_one,
    sink,
    to_phase,
    with_cargo,
    with_galley,
    with_port,
)
from ..phases import Asking, Rolling, Volley
from ..state import Activation, Galley, ModernOptions, ModernState, Port
from .actions import Attack, AttackPort, Claim, Sell
from .events import BattleStarted, GoodsSold
from .tables import action_tables

__all__ = [
    "apply_attack",
    "apply_claim",
    "apply_end",
    "apply_sell",
    "battle_cap",
    "do_claim",
    "do_sale",
    "start_battle",
    "to_trading",
    "trading_actions",
]


def _act(state: ModernState) -> Activation:
    assert state.act is not None
    return state.act


def battle_cap(options: ModernOptions, act: Activation, galley: Galley) -> int:
    """The attacker's combat value for a new battle (M-BAT-2/5/6, X-M-03)."""
    fresh = max(0, galley.sailors - act.moves)
    if act.cv0 is None or options.cv_between_battles == "recompute":
        return fresh
    return min(galley.sailors, act.cv0)


def _may_sell(options: ModernOptions, act: Activation) -> bool:
    if act.sold:
        return True
    if act.fought or act.claim_blocked:
        return bool(
            options.sale_after_blockade_battle
            and act.sale_blocked
            and not act.claim_blocked
            and act.fights_since_block
        )
    return not act.sale_blocked


@rule("M-ACT-2")
def trading_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-ACT-2: sell, or fight galleys and ports and claim neutral ports; or end."""
    last = ctx.last_legal  # mostly worked out by the step that made the state (to_trading)
    if last[1] is state and last[0] is trading_actions:
        return last[2]
    act = _act(state)
    return _trades(ctx, state.options, state.ports, state.galleys, act, ctx.active(state))


@rule("M-BAT-1", "M-CONQ-3", "M-CONQ-8", "M-SALE-2", "M-SETUP-8")
def _trades(
    ctx: Ctx,
    options: ModernOptions,
    ports: tuple[Port, ...],
    galleys: tuple[Galley, ...],
    act: Activation,
    galley: Galley,
) -> tuple[Action, ...]:
    tables = action_tables(ctx)
    seat, area = galley.owner, galley.area
    out: list[Action] = [END]
    indexes = ctx.area_ports[area]
    if galley.cargo and _may_sell(options, act):
        goods = sorted(set(galley.cargo))
        for index in indexes:
            port = ports[index]
            if port.closed:
                continue  # M-SETUP-8
            produces, size, sells = ctx.port_goods[index], ctx.sizes[index], tables.sells[index]
            for good in goods:
                if can_sell_to(good, produces, port.warehouse, size):  # M-SALE-2
                    out.append(sells[good])
    if act.sold:
        return tuple(out)
    can_attack = options.allow_attack_with_zero_cv or battle_cap(options, act, galley) > 0
    if can_attack:
        for other in galleys:
            if other.area == area and other.owner != seat:
                out.append(tables.attack(other.number))  # M-BAT-1
    for index in indexes:
        port = ports[index]
        if port.closed and not options.closed_ports_conquerable:
            continue  # X-M-18
        if port.owner is None:
            if not act.claim_blocked or act.fights_since_block:  # X-M-10
                most = min(galley.sailors, ctx.sizes[index])
                if most > 0:
                    out.extend(tables.claims[index][:most])  # M-CONQ-1
        elif port.owner != seat and can_attack:
            owner = port.owner
            defended = any(g.area == area and g.owner == owner for g in galleys)
            last = owned_ports(ports, owner) == 1
            protected = last and options.last_port_protection == "no_attack"
            if not defended and not protected:  # M-CONQ-3, M-CONQ-8
                out.append(tables.attack_ports[index])
    return tuple(out)


def to_trading(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """Go to step 3, or end the activation when step 3 offers nothing but ending it.

    ``changes`` are the step's other changes; the new state is built once.
    """
    act = changes.get("act", state.act)
    galleys = changes.get("galleys", state.galleys)
    ports = changes.get("ports", state.ports)
    assert act is not None
    galley = find(galleys, act.galley)
    trades = _trades(ctx, state.options, ports, galleys, act, galley)
    if len(trades) == 1:
        return end_activation(ctx, state, ev, **changes)
    if changes:
        changes["phase"] = TRADING
        changes["to_act"] = galley.owner
        trading = new_state(state, **changes)
    else:
        trading = to_phase(state, TRADING, galley.owner)
    ctx.last_legal = (trading_actions, trading, trades)  # its legal actions, for the lister
    return trading


@rule("M-BLOCK-3", "X-M-05")
def _blockade_allowed(state: ModernState, galley: Galley, purpose: str) -> bool:
    """M-BLOCK-3, X-M-05: which blockades the starting space allows."""
    if galley.area != _act(state).start_area:
        return True
    rule = state.options.start_space_blockade
    return rule == "sale_and_conquest" or (rule == "sale_only" and purpose == "sale")


@rule("M-SALE-1", "M-BLOCK-6", "M-SALE-8")
def apply_sell(ctx: Ctx, state: ModernState, action: Sell, ev: Events) -> ModernState:
    """M-SALE-1 and M-BLOCK-6: a new sale may be blockaded; later cubes of it may not."""
    act = _act(state)
    galley = ctx.active(state)
    if not act.sold and _blockade_allowed(state, galley, "sale"):
        candidates = blockaders(state.galleys, galley)
        if candidates:
            asking = Asking("sale", candidates, good=action.good, port=action.port)
            return new_state(state, phase=asking, to_act=candidates[0])
    return do_sale(ctx, state, action.good, action.port, ev)


@rule("M-SALE-3", "M-SALE-4", "M-SALE-5")
def do_sale(ctx: Ctx, state: ModernState, good: str, port_id: str, ev: Events) -> ModernState:
    """M-SALE-3..5: the cube fills the lowest free space; the bank pays."""
    act = _act(state)
    galley = ctx.active(state)
    seat = galley.owner
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    value = ctx.space_values[index][len(port.warehouse)]
    ducats = 0 if port.owner == seat else value  # M-SALE-4
    ducats += sum(b.ducats for b in ctx.params.sale.bonuses if b.good == good)  # M-SALE-5
    ev.append(GoodsSold(seat, galley.number, good, port_id, value, ducats))
    stored = Port(
        port.owner, port.sailors, (*port.warehouse, good), port.fort, port.basilica, port.closed
    )
    return to_trading(
        ctx,
        state,
        ev,
        ports=with_port(state.ports, index, stored),
        galleys=with_galley(state.galleys, with_cargo(galley, remove_one(galley.cargo, good))),
        ducats=bump(state.ducats, seat, ducats),
        act=new_act(act, sold=act.sold + 1),
    )


@rule("M-CONQ-1", "M-CONQ-2", "M-BLOCK-7")
def apply_claim(ctx: Ctx, state: ModernState, action: Claim, ev: Events) -> ModernState:
    """M-CONQ-1/2 and M-BLOCK-7: claiming a neutral port may be blockaded."""
    galley = ctx.active(state)
    if _blockade_allowed(state, galley, "claim"):
        candidates = blockaders(state.galleys, galley)
        if candidates:
            asking = Asking("claim", candidates, port=action.port, sailors=action.sailors)
            return new_state(state, phase=asking, to_act=candidates[0])
    return do_claim(ctx, state, action.port, action.sailors, ev)


@rule("M-CONQ-1", "M-CONQ-6", "M-PORT-1")
def do_claim(ctx: Ctx, state: ModernState, port_id: str, sailors: int, ev: Events) -> ModernState:
    """M-CONQ-1/6: unload sailors into the port; the activation ends."""
    galley = ctx.active(state)
    seat = galley.owner
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    taken = Port(seat, sailors, port.warehouse, port.fort, port.basilica, port.closed)
    ev.append(PortClaimed(seat, port_id, sailors))
    galley = Galley(galley.number, seat, galley.area, galley.sailors - sailors, galley.cargo)
    changes: Changes = {
        "ports": with_port(state.ports, index, taken),
        "galleys": with_galley(state.galleys, galley),
    }
    if not galley.sailors:
        sink(ctx, state, changes, galley, ev)  # M-GAL-4
    return end_activation(ctx, state, ev, **changes)


@rule("M-BAT-2", "M-CONQ-4")
def apply_attack(
    ctx: Ctx, state: ModernState, action: Attack | AttackPort, ev: Events
) -> ModernState:
    """M-BAT-2, M-CONQ-4: fix the combat value, or let the fort fire first."""
    act = _act(state)
    galley = ctx.active(state)
    if isinstance(action, AttackPort):
        port = ctx.port(state, action.port)
        if port.fort and port.owner is not None:
            return enter(state, Volley(action.port))
    return start_battle(ctx, state, galley, action, ev, act)


@rule("M-BAT-2", "M-BAT-6")
def start_battle(
    ctx: Ctx,
    state: ModernState,
    galley: Galley,
    action: Attack | AttackPort,
    ev: Events,
    act: Activation,
    **changes: Any,
) -> ModernState:
    """M-BAT-2/6: the attacker's combat value is fixed, and the dice roll.

    ``changes`` are the step's other changes; the new state is built once.
    """
    cap = battle_cap(state.options, act, galley)
    cv0 = cap if act.cv0 is None else act.cv0
    changes["act"] = new_act(act, cv0=cv0, cap=cap)
    if isinstance(action, Attack):
        ev.append(BattleStarted(galley.owner, galley.number, str(action.galley), cap))
        return enter(state, Rolling(galley=action.galley), **changes)
    ev.append(BattleStarted(galley.owner, galley.number, action.port, cap))
    return enter(state, Rolling(port=action.port), **changes)


@rule("M-ACT-1")
def apply_end(ctx: Ctx, state: ModernState, action: End, ev: Events) -> ModernState:
    """M-ACT-1: every step is optional; the action's next step follows, or its end."""
    return ctx.flow.leave("sale-or-battle", ctx, state, ev)
