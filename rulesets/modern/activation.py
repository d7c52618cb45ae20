"""An Action of the active galley (M-ACT): loading, movement, blockades, sale, claims."""

from __future__ import annotations

import attrs

from serenissima.engine.core import Action
from serenissima.engine.pieces import can_sell_to

from .actions import (
    Attack,
    AttackPort,
    Blockade,
    ChooseAction,
    ChooseInvestment,
    Claim,
    Done,
    End,
    Jettison,
    LoadGood,
    Move,
    Pass,
    Sell,
    ShiftGood,
    ShiftSailor,
)
from .events import (
    BattleStarted,
    BlockadeDeclared,
    GalleyMoved,
    GoodsJettisoned,
    GoodsLoaded,
    GoodsShifted,
    GoodsSold,
    ModeChosen,
    PortClaimed,
    SailorsMoved,
)
from .helpers import (
    Ctx,
    Events,
    bump,
    end_activation,
    enter,
    remove_one,
    replace_galley,
    replace_port,
    sink,
    with_cargo,
)
from .state import (
    Activation,
    Asking,
    Galley,
    Investing,
    Loading,
    ModernState,
    Moving,
    Rolling,
    Trading,
    Volley,
)

__all__ = [
    "apply_blockade",
    "apply_claim",
    "apply_jettison",
    "apply_load",
    "apply_mode",
    "apply_move",
    "apply_pass",
    "apply_sell",
    "apply_shift_good",
    "apply_shift_sailor",
    "battle_cap",
    "do_claim",
    "loading_actions",
    "moving_actions",
    "to_trading",
    "trading_actions",
]


def _act(state: ModernState) -> Activation:
    assert state.act is not None
    return state.act


# --- choosing -----------------------------------------------------------------


def apply_mode(
    ctx: Ctx, state: ModernState, action: ChooseAction | ChooseInvestment, ev: Events
) -> ModernState:
    """M-TURN-3: Action or Investment."""
    galley = ctx.active(state)
    if isinstance(action, ChooseInvestment):
        ev.append(ModeChosen(galley.owner, "investment"))
        return enter(state, Investing())
    ev.append(ModeChosen(galley.owner, "action"))
    return enter(state, Loading())


# --- loading ------------------------------------------------------------------


def _flow(kind: str, source: object, target: object) -> str:
    return f"{kind}:{source}>{target}"


def _load_price(ctx: Ctx, state: ModernState, owner: int | None, seat: int) -> int:
    costs = ctx.params.costs
    if owner == seat and _act(state).loaded < costs.free_cubes_in_own_port:
        return 0  # M-LOAD-6
    return costs.cube  # M-LOAD-6/7/8


def loading_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-LOAD-1..10: transfers and loads in the active galley's space; each involves it."""
    act = _act(state)
    galley = ctx.active(state)
    seat, area, name = galley.owner, galley.area, str(galley.number)
    flows = act.flows
    room_sailor, room_cube = ctx.room(state, galley)
    out: list[Action] = [Done()]
    for index in ctx.board.ports_in(area):
        port = state.ports[index]
        spec = ctx.board.ports[index]
        if port.owner == seat:  # M-LOAD-2
            if port.sailors > 1 and room_sailor and _flow("s", name, spec.id) not in flows:
                out.append(ShiftSailor(spec.id, name))  # M-PORT-3 keeps one sailor home
            if port.sailors < spec.warehouse and _flow("s", spec.id, name) not in flows:
                out.append(ShiftSailor(name, spec.id))  # M-PORT-2
        if (
            room_cube
            and not port.closed  # M-SETUP-8
            and spec.good not in act.jettisoned
            and (state.supply[ctx.good_index[spec.good]] > 0 or not state.options.limited_goods)
            and state.ducats[seat] >= _load_price(ctx, state, port.owner, seat)
        ):
            out.append(LoadGood(spec.id))
    for other in state.galleys:
        if other.area != area or other.owner != seat or other.number == galley.number:
            continue
        key = str(other.number)
        other_sailor, other_cube = ctx.room(state, other)
        if other.sailors and room_sailor and _flow("s", name, key) not in flows:
            out.append(ShiftSailor(key, name))  # M-LOAD-2/3
        if other_sailor and _flow("s", key, name) not in flows:
            out.append(ShiftSailor(name, key))
        if other_cube and _flow("g", key, name) not in flows:
            for good in sorted(set(galley.cargo)):
                out.append(ShiftGood(good, galley.number, other.number))  # M-LOAD-9
        if room_cube and _flow("g", name, key) not in flows:
            for good in sorted(set(other.cargo)):
                out.append(ShiftGood(good, other.number, galley.number))
    for good in sorted(set(galley.cargo)):
        if good not in act.loaded_goods:
            out.append(Jettison(good))  # M-LOAD-10
    return tuple(out)


def _location(ctx: Ctx, state: ModernState, token: str) -> tuple[Galley | None, int]:
    if token.isdigit():
        return state.galley(int(token)), -1
    return None, ctx.board.port_index(token)


def apply_shift_sailor(
    ctx: Ctx, state: ModernState, action: ShiftSailor, ev: Events
) -> ModernState:
    """Move one sailor; a galley left without sailors sinks (M-GAL-4/5)."""
    act = _act(state)
    seat = ctx.active(state).owner
    source, source_port = _location(ctx, state, action.source)
    target, target_port = _location(ctx, state, action.target)
    if target is not None:
        state = replace_galley(state, attrs.evolve(target, sailors=target.sailors + 1))
    else:
        port = state.ports[target_port]
        state = replace_port(state, target_port, attrs.evolve(port, sailors=port.sailors + 1))
    state = attrs.evolve(
        state, act=attrs.evolve(act, flows=(*act.flows, _flow("s", action.source, action.target)))
    )
    ev.append(SailorsMoved(seat, action.source, action.target, 1))
    if source is None:
        port = state.ports[source_port]
        return replace_port(state, source_port, attrs.evolve(port, sailors=port.sailors - 1))
    source = attrs.evolve(source, sailors=source.sailors - 1)
    if source.sailors:
        return replace_galley(state, source)
    state = replace_galley(state, source)
    state = sink(ctx, state, source, ev)
    if source.number == act.galley:
        return end_activation(ctx, state, ev)
    return state


def apply_load(ctx: Ctx, state: ModernState, action: LoadGood, ev: Events) -> ModernState:
    """M-LOAD-5..8: one cube of the port's good, paid to the bank or the port's owner."""
    act = _act(state)
    galley = ctx.active(state)
    seat = galley.owner
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    good = ctx.board.ports[index].good
    price = _load_price(ctx, state, port.owner, seat)
    ducats = bump(state.ducats, seat, -price)
    paid_to = -1
    if port.owner is not None and port.owner != seat:
        ducats = bump(ducats, port.owner, price)  # M-LOAD-8
        paid_to = port.owner
    ev.append(GoodsLoaded(seat, galley.number, good, action.port, price, paid_to))
    state = replace_galley(state, with_cargo(galley, (*galley.cargo, good)))
    loaded = act.loaded + (1 if port.owner == seat else 0)
    return attrs.evolve(
        state,
        ducats=ducats,
        supply=bump(state.supply, ctx.good_index[good], -1),
        act=attrs.evolve(act, loaded=loaded, loaded_goods=tuple(sorted({*act.loaded_goods, good}))),
    )


def apply_shift_good(ctx: Ctx, state: ModernState, action: ShiftGood, ev: Events) -> ModernState:
    """M-LOAD-9: free transfer of one cube between the active galley and another own galley."""
    act = _act(state)
    source = state.galley(action.source)
    target = state.galley(action.target)
    assert source is not None and target is not None
    state = replace_galley(state, with_cargo(source, remove_one(source.cargo, action.good)))
    state = replace_galley(state, with_cargo(target, (*target.cargo, action.good)))
    ev.append(GoodsShifted(action.good, action.source, action.target))
    flow = _flow("g", action.source, action.target)
    return attrs.evolve(state, act=attrs.evolve(act, flows=(*act.flows, flow)))


def apply_jettison(ctx: Ctx, state: ModernState, action: Jettison, ev: Events) -> ModernState:
    """M-LOAD-10: the cube returns to the box."""
    act = _act(state)
    galley = ctx.active(state)
    state = replace_galley(state, with_cargo(galley, remove_one(galley.cargo, action.good)))
    ev.append(GoodsJettisoned(galley.number, action.good))
    jettisoned = tuple(sorted({*act.jettisoned, action.good}))
    return attrs.evolve(
        state,
        supply=bump(state.supply, ctx.good_index[action.good], 1),
        act=attrs.evolve(act, jettisoned=jettisoned),
    )


def apply_loading_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    """End of loading: the movement allowance is the sailors aboard now (M-MOVE-1)."""
    galley = ctx.active(state)
    act = attrs.evolve(_act(state), allowance=galley.sailors, flows=())
    return enter(state, Moving(), act=act)


# --- movement -----------------------------------------------------------------


def moving_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-MOVE-1: one adjacent space at a time, up to the allowance; or stop."""
    act = _act(state)
    galley = ctx.active(state)
    if act.moves >= act.allowance:
        return (Done(),)
    return (Done(), *(Move(area) for area in ctx.board.neighbours(galley.area)))


def apply_move(ctx: Ctx, state: ModernState, action: Move, ev: Events) -> ModernState:
    """M-MOVE-1/2 and M-BLOCK-2/3: enter the next space; eligible players may blockade."""
    act = _act(state)
    galley = ctx.active(state)
    ev.append(GalleyMoved(galley.number, galley.area, action.area))
    galley = attrs.evolve(galley, area=action.area)
    state = replace_galley(state, galley)
    act = attrs.evolve(act, moves=act.moves + 1)
    state = attrs.evolve(state, act=act)
    if action.area != act.start_area:  # M-BLOCK-3
        candidates = ctx.blockaders(state, galley)
        if candidates:
            return enter(state, Asking("move", candidates))
    if act.moves >= act.allowance:
        return to_trading(ctx, state, ev)
    return enter(state, Moving())


def apply_moving_done(ctx: Ctx, state: ModernState, action: Done, ev: Events) -> ModernState:
    return to_trading(ctx, state, ev)


# --- blockades ------------------------------------------------------------------


def apply_blockade(ctx: Ctx, state: ModernState, action: Blockade, ev: Events) -> ModernState:
    """M-BLOCK-2/6/7: the movement stops, or the sale or claim is prevented."""
    phase = state.phase
    assert isinstance(phase, Asking)
    act = _act(state)
    ev.append(BlockadeDeclared(phase.candidates[0], act.galley, phase.purpose))
    if phase.purpose == "sale":
        act = attrs.evolve(act, sale_blocked=True, fights_since_block=0)
    elif phase.purpose == "claim":
        act = attrs.evolve(act, claim_blocked=True, fights_since_block=0)
    return to_trading(ctx, attrs.evolve(state, act=act), ev)


def apply_pass(ctx: Ctx, state: ModernState, action: Pass, ev: Events) -> ModernState:
    """M-BLOCK-4: the next eligible player is asked; when nobody blockades, play goes on."""
    phase = state.phase
    assert isinstance(phase, Asking)
    if len(phase.candidates) > 1:
        return enter(state, attrs.evolve(phase, candidates=phase.candidates[1:]))
    if phase.purpose == "sale":
        return _do_sale(ctx, state, phase.good, phase.port, ev)
    if phase.purpose == "claim":
        return do_claim(ctx, state, phase.port, phase.sailors, ev)
    act = _act(state)
    if act.moves >= act.allowance:
        return to_trading(ctx, state, ev)
    return enter(state, Moving())


# --- step 3: sale or battle ---------------------------------------------------------


def battle_cap(state: ModernState, galley: Galley) -> int:
    """The attacker's combat value for a new battle (M-BAT-2/5/6, X-M-03)."""
    act = _act(state)
    fresh = max(0, galley.sailors - act.moves)
    if act.cv0 is None or state.options.cv_between_battles == "recompute":
        return fresh
    return min(galley.sailors, act.cv0)


def _may_sell(state: ModernState, act: Activation) -> bool:
    if act.sold:
        return True
    if act.fought or act.claim_blocked:
        return bool(
            state.options.sale_after_blockade_battle
            and act.sale_blocked
            and not act.claim_blocked
            and act.fights_since_block
        )
    return not act.sale_blocked


def _closed_for(state: ModernState, closed: bool) -> bool:
    return closed and not state.options.closed_ports_conquerable


def trading_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-ACT-2: sell, or fight galleys and ports and claim neutral ports; or end."""
    act = _act(state)
    galley = ctx.active(state)
    seat, area = galley.owner, galley.area
    out: list[Action] = [End()]
    goods = sorted(set(galley.cargo))
    ports = ctx.board.ports_in(area)
    if _may_sell(state, act):
        for index in ports:
            port, spec = state.ports[index], ctx.board.ports[index]
            if port.closed:
                continue  # M-SETUP-8
            for good in goods:
                if can_sell_to(good, spec.good, port.warehouse, spec.warehouse):  # M-SALE-2
                    out.append(Sell(good, spec.id))
    if act.sold:
        return tuple(out)
    can_attack = state.options.allow_attack_with_zero_cv or battle_cap(state, galley) > 0
    if can_attack:
        for other in state.galleys:
            if other.area == area and other.owner != seat:
                out.append(Attack(other.number))  # M-BAT-1
    for index in ports:
        port, spec = state.ports[index], ctx.board.ports[index]
        if _closed_for(state, port.closed):
            continue  # X-M-18
        if port.owner is None:
            if not act.claim_blocked or act.fights_since_block:  # X-M-10
                for sailors in range(1, min(galley.sailors, spec.warehouse) + 1):
                    out.append(Claim(spec.id, sailors))  # M-CONQ-1
        elif port.owner != seat and can_attack:
            defended = any(g.area == area and g.owner == port.owner for g in state.galleys)
            last = ctx.owned_ports(state, port.owner) == 1
            protected = last and state.options.last_port_protection == "no_attack"
            if not defended and not protected:  # M-CONQ-3, M-CONQ-8
                out.append(AttackPort(spec.id))
    return tuple(out)


def to_trading(ctx: Ctx, state: ModernState, ev: Events) -> ModernState:
    """Go to step 3, or end the activation when step 3 offers nothing but ending it."""
    state = enter(state, Trading())
    if len(trading_actions(ctx, state)) == 1:
        return end_activation(ctx, state, ev)
    return state


def _blockade_allowed(state: ModernState, galley: Galley, purpose: str) -> bool:
    """M-BLOCK-3, X-M-05: which blockades the starting space allows."""
    if galley.area != _act(state).start_area:
        return True
    rule = state.options.start_space_blockade
    return rule == "sale_and_conquest" or (rule == "sale_only" and purpose == "sale")


def apply_sell(ctx: Ctx, state: ModernState, action: Sell, ev: Events) -> ModernState:
    """M-SALE-1 and M-BLOCK-6: a new sale may be blockaded; later cubes of it may not."""
    act = _act(state)
    galley = ctx.active(state)
    if not act.sold and _blockade_allowed(state, galley, "sale"):
        candidates = ctx.blockaders(state, galley)
        if candidates:
            return enter(state, Asking("sale", candidates, good=action.good, port=action.port))
    return _do_sale(ctx, state, action.good, action.port, ev)


def _do_sale(ctx: Ctx, state: ModernState, good: str, port_id: str, ev: Events) -> ModernState:
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
    state = replace_port(state, index, attrs.evolve(port, warehouse=(*port.warehouse, good)))
    state = replace_galley(state, with_cargo(galley, remove_one(galley.cargo, good)))
    state = attrs.evolve(
        state, ducats=bump(state.ducats, seat, ducats), act=attrs.evolve(act, sold=act.sold + 1)
    )
    return to_trading(ctx, state, ev)


def apply_claim(ctx: Ctx, state: ModernState, action: Claim, ev: Events) -> ModernState:
    """M-CONQ-1/2 and M-BLOCK-7: claiming a neutral port may be blockaded."""
    galley = ctx.active(state)
    if _blockade_allowed(state, galley, "claim"):
        candidates = ctx.blockaders(state, galley)
        if candidates:
            return enter(
                state, Asking("claim", candidates, port=action.port, sailors=action.sailors)
            )
    return do_claim(ctx, state, action.port, action.sailors, ev)


def do_claim(ctx: Ctx, state: ModernState, port_id: str, sailors: int, ev: Events) -> ModernState:
    """M-CONQ-1/6: unload sailors into the port; the activation ends."""
    galley = ctx.active(state)
    seat = galley.owner
    index = ctx.board.port_index(port_id)
    state = replace_port(
        state, index, attrs.evolve(state.ports[index], owner=seat, sailors=sailors)
    )
    ev.append(PortClaimed(seat, port_id, sailors))
    galley = attrs.evolve(galley, sailors=galley.sailors - sailors)
    state = replace_galley(state, galley)
    if not galley.sailors:
        state = sink(ctx, state, galley, ev)  # M-GAL-4
    return end_activation(ctx, state, ev)


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


def start_battle(
    ctx: Ctx,
    state: ModernState,
    galley: Galley,
    action: Attack | AttackPort,
    ev: Events,
    act: Activation,
) -> ModernState:
    cap = battle_cap(state, galley)
    cv0 = cap if act.cv0 is None else act.cv0
    state = attrs.evolve(state, act=attrs.evolve(act, cv0=cv0, cap=cap))
    if isinstance(action, Attack):
        ev.append(BattleStarted(galley.owner, galley.number, str(action.galley), cap))
        return enter(state, Rolling(galley=action.galley))
    ev.append(BattleStarted(galley.owner, galley.number, action.port, cap))
    return enter(state, Rolling(port=action.port))


def apply_end(ctx: Ctx, state: ModernState, action: End, ev: Events) -> ModernState:
    return end_activation(ctx, state, ev)
