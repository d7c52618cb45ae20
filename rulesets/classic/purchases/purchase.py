"""Phase 2 of the classic edition: the turn, buying at neutral and own ports, building, hiring.

On his phase-2 turn a player buys goods at ports where he has a galley,
builds galleys and fortresses and hires sailors at his own ports, moves
sailors and goods within a sea area, throws pieces back in the box and
trades with players whose galleys share a coastal area (C-P2-1). This
module holds the turn's list of choices and its own steps; deals with
other players are in :mod:`.negotiation` (what may be asked and offered)
and :mod:`.deals` (their steps), transfers and discards in
:mod:`.reorganise`, the end of the turn in :mod:`..flow`, and the reasons
for a refusal in :mod:`.explain`.

A turn always ends: money only goes down through purchases, hires and
builds; a transfer never undoes an earlier one of the same turn
(:func:`~..helpers.flows_allow`); and each negotiation, keyed by port or by
galley pair and good, is held at most once per turn.
"""

from __future__ import annotations

from collections.abc import Callable

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from ..common import DONE
from ..context import Ctx
from ..helpers import Events, bump, replace_state, with_galley, with_port
from ..phases import Purchasing
from ..state import ClassicState, Galley, Port
from .actions import BuildFort, BuildGalley, Buy, Hire
from .events import FortBuilt, GalleyBuilt, GoodBought, SailorHired, SailorMoved
from .negotiation import ask_actions, trade_actions
from .reorganise import discard_actions, good_shift_actions, sailor_shift_actions
from .turn import add_cargo, current_turn, garrison_takes, on_turn

__all__ = [
    "apply_build_fort",
    "apply_build_galley",
    "apply_buy",
    "apply_hire",
    "builds_left",
    "hire_allowance",
    "purchase_actions",
    "purchase_legal",
]

# --- small readers ------------------------------------------------------------


@rule("C-BUILD-2")
def builds_left(ctx: Ctx, state: ClassicState, port_id: str) -> bool:
    """C-BUILD-2: one build, galley or fortress, per port per round."""
    return state.built.count(port_id) < ctx.params.builds.per_port_per_round


def hire_allowance(ctx: Ctx, state: ClassicState, index: int) -> int | None:
    """Sailors port ``index`` may recruit this round, or ``None`` without a limit.

    C-HIRE-2, X-C-05: one per good in its warehouse at the time of hiring
    (option ``recruit_limit``); every sailor hired there this round counts
    against it, also a new galley's crew (X-C-06).
    """
    limit = state.options.recruit_limit
    if limit == "unlimited":
        return None
    stored = len(state.ports[index].warehouse)
    return stored + 1 if limit == "warehouse_plus_produced" else stored


def _may_recruit(ctx: Ctx, state: ClassicState, index: int) -> bool:
    """A sailor can be hired at port ``index``: allowance and box (cost aside)."""
    return _port_hires(ctx, state, index) and _box_has_sailors(state)


def _port_hires(ctx: Ctx, state: ClassicState, index: int) -> bool:
    """Port ``index`` has not yet hired its allowance of sailors this round (C-HIRE-2)."""
    allowance = hire_allowance(ctx, state, index)
    return allowance is None or state.hired[index] < allowance


def _box_has_sailors(state: ClassicState) -> bool:
    """The box of sailors is not empty, or not counted (C-COMP-4, X-C-48)."""
    return state.sailors_box is None or state.sailors_box > 0


# --- legal actions --------------------------------------------------------------


@rule("C-BUY-1", "C-BUY-3", "C-BUY-7", "C-BUY-8")
def _buys(ctx: Ctx, state: ClassicState, seat: int, mine: list[Galley], out: list[Action]) -> None:
    """C-BUY-1, C-BUY-3, C-BUY-7, C-BUY-8: one piece at a neutral or own port."""
    if state.ducats[seat] < ctx.params.costs.cube:
        return
    ports, supply, port_supply, port_ids = state.ports, state.supply, ctx.port_supply, ctx.port_ids
    for galley in mine:
        goods = len(galley.cargo)
        if goods >= ctx.max_goods or galley.sailors + goods >= ctx.spaces:
            continue  # no room for goods (C-ORG-2)
        for index in ctx.area_ports[galley.area]:
            owner = ports[index].owner
            if (owner is None or owner == seat) and supply[port_supply[index]] > 0:
                buy = ctx.memo.get(("buy", galley.id, index))
                if buy is None:
                    buy = ctx.memo["buy", galley.id, index] = (Buy(galley.id, port_ids[index]),)
                out.extend(buy)


@rule("C-HIRE-1", "C-HIRE-2", "C-HIRE-3")
def _hires(
    ctx: Ctx,
    state: ClassicState,
    seat: int,
    mine: list[Galley],
    owned: list[int],
    out: list[Action],
) -> None:
    """C-HIRE-1..3: a sailor at an own port, into its garrison or onto a galley there."""
    if state.ducats[seat] < ctx.params.costs.recruit:
        return
    if not _box_has_sailors(state):
        return
    for index in owned:
        if not _port_hires(ctx, state, index):
            continue
        port_id, area = ctx.port_ids[index], ctx.port_areas[index]
        if garrison_takes(ctx, state, index):
            out.append(Hire(port_id, 0))
        for galley in mine:
            if galley.area == area and ctx.takes_sailor(galley):
                out.append(Hire(port_id, galley.id))


@rule(
    "C-BUILD-1", "C-BUILD-2", "C-BUILD-3", "C-BUILD-4", "C-BUILD-5", "C-BUILD-6", "X-C-28", "X-C-30"
)
def _builds(ctx: Ctx, state: ClassicState, seat: int, owned: list[int], out: list[Action]) -> None:
    """C-BUILD-1..6, X-C-28, X-C-30: one galley or fortress per own port per round."""
    params, costs = ctx.params, ctx.params.costs
    purse = state.ducats[seat]
    galley = purse >= costs.galley and len(state.galleys) < params.components.galleys
    most = state.options.max_forts_per_port
    fort = purse >= costs.fort and state.forts_box > 0 and most > 0
    if not (galley or fort) or params.builds.per_port_per_round < 1:
        return
    ports, port_ids = state.ports, ctx.port_ids
    for index in owned:
        port_id, port = port_ids[index], ports[index]
        if state.built and not builds_left(ctx, state, port_id):
            continue
        stored = port.warehouse
        # C-BUILD-3: the goods a galley needs, produced at the port or in its warehouse
        if galley and _stores(stored, ctx.galley_needs[index]):
            if purse >= costs.galley + costs.recruit and _may_recruit(ctx, state, index):
                out.append(BuildGalley(port_id, "hire"))
            if port.garrison >= 1:
                out.append(BuildGalley(port_id, "garrison"))
        # C-BUILD-4: likewise for a fortress
        if fort and port.forts < most and _stores(stored, ctx.fort_needs[index]):
            out.append(BuildFort(port_id))


def _stores(warehouse: tuple[str, ...], needs: tuple[str, ...]) -> bool:
    """Whether ``warehouse`` holds each of ``needs`` (see serenissima.engine.pieces.has_goods)."""
    # a loop, not all() over a generator: cheaper for these tuples of one or two goods
    for good in needs:  # noqa: SIM110
        if good not in warehouse:
            return False
    return True


@rule("C-P2-1")
def purchase_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-P2-1: everything the seat on turn may do in his phase-2 turn, ending with ``done``.

    In this order: done, purchases, requests for a price, hires, builds,
    sailor and goods transfers, discards and trades.
    """
    phase = state.phase
    return purchase_legal(ctx, state, phase if type(phase) is Purchasing else current_turn(state))


def purchase_legal(ctx: Ctx, state: ClassicState, turn: Purchasing) -> tuple[Action, ...]:
    """The legal actions in the turn ``turn``, which need not be ``state``'s phase yet."""
    seat = state.order[turn.index]
    mine = [g for g in state.galleys if g.owner == seat]
    held = ctx.holdings(state.ports)
    owned = held.by_owner.get(seat, [])
    out: list[Action] = [DONE]
    if mine:
        _buys(ctx, state, seat, mine, out)
        ask_actions(ctx, state, seat, turn.talks, mine, held.holders, out)
    if owned:
        _hires(ctx, state, seat, mine, owned, out)
        _builds(ctx, state, seat, owned, out)
    if mine:
        flows = turn.flows
        sailor_shift_actions(ctx, state, flows, mine, owned, out)
        if len(mine) > 1:
            good_shift_actions(ctx, flows, mine, out)
        discard_actions(ctx, state, seat, mine, out)
        if len(state.galleys) > len(mine):  # another player's galley to trade with
            trade_actions(ctx, state, seat, turn.talks, mine, out)
    return tuple(out)


# --- steps ----------------------------------------------------------------------

_bought: Callable[
    [ClassicState, tuple[int, ...], int, tuple[int, ...], tuple[Galley, ...]], ClassicState
] = replacer(ClassicState, "ducats", "treasury", "supply", "galleys")
"""A copy of a state after a purchase: other ducats, treasury, box and galleys."""


@rule("C-BUY-3")
def apply_buy(ctx: Ctx, state: ClassicState, action: Buy, events: Events) -> ClassicState:
    """C-BUY-3: one piece for 100 ducats to the treasury, straight onto the galley."""
    seat = on_turn(state)
    spec = ctx.board.port(action.port)
    galley = state.galley(action.galley)
    assert galley is not None
    cost = ctx.params.costs.cube
    cargo = add_cargo(galley.cargo, spec.good)
    loaded = Galley(galley.id, galley.owner, galley.area, galley.sailors, cargo)
    events.append(GoodBought(seat, spec.id, spec.good, 1, cost, None))
    return _bought(
        state,
        bump(state.ducats, seat, -cost),
        state.treasury + cost,
        bump(state.supply, ctx.good_index[spec.good], -1),
        with_galley(state.galleys, loaded),
    )


@rule("C-BUILD-1", "C-BUILD-5", "X-C-06")
def apply_build_galley(
    ctx: Ctx, state: ClassicState, action: BuildGalley, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-5, X-C-06: a galley beside the port with one sailor aboard.

    The sailor is hired at the port (counting against its recruits this
    round) or taken from its garrison.
    """
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    number = state.next_galley
    cost = ctx.params.costs.galley
    changes = {
        "galleys": with_galley(state.galleys, Galley(number, seat, spec.area, 1)),
        "next_galley": number + 1,
        "built": (*state.built, spec.id),
    }
    events.append(GalleyBuilt(seat, spec.id, number))
    if action.crew == "hire":
        cost += ctx.params.costs.recruit
        changes.update(_recruited(state, index))
        events.append(SailorHired(seat, spec.id, number))
    else:
        left = Port(port.owner, port.garrison - 1, port.warehouse, port.forts)
        changes["ports"] = with_port(state.ports, index, left)
        events.append(SailorMoved(seat, spec.id, str(number)))
    return replace_state(
        state,
        ducats=bump(state.ducats, seat, -cost),
        treasury=state.treasury + cost,
        **changes,
    )


def _recruited(state: ClassicState, index: int) -> dict[str, object]:
    """A sailor leaves the box at port ``index`` and counts there (C-HIRE-1, C-HIRE-2)."""
    box = None if state.sailors_box is None else state.sailors_box - 1
    return {"sailors_box": box, "hired": bump(state.hired, index, 1)}


@rule("C-BUILD-1", "C-BUILD-4", "C-BUILD-6")
def apply_build_fort(
    ctx: Ctx, state: ClassicState, action: BuildFort, events: Events
) -> ClassicState:
    """C-BUILD-1, C-BUILD-4, C-BUILD-6: a fortress beside the port, for whoever holds it."""
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    port = state.ports[index]
    cost = ctx.params.costs.fort
    fortified = Port(port.owner, port.garrison, port.warehouse, port.forts + 1)
    events.append(FortBuilt(seat, action.port))
    return replace_state(
        state,
        ducats=bump(state.ducats, seat, -cost),
        treasury=state.treasury + cost,
        ports=with_port(state.ports, index, fortified),
        forts_box=state.forts_box - 1,
        built=(*state.built, action.port),
    )


@rule("C-HIRE-1", "C-HIRE-3")
def apply_hire(ctx: Ctx, state: ClassicState, action: Hire, events: Events) -> ClassicState:
    """C-HIRE-1, C-HIRE-3: a sailor for 100 ducats, into the garrison or onto a galley there."""
    seat = on_turn(state)
    index = ctx.board.port_index(action.port)
    cost = ctx.params.costs.recruit
    changes = _recruited(state, index)
    if action.galley == 0:
        port = state.ports[index]
        manned = Port(port.owner, port.garrison + 1, port.warehouse, port.forts)
        changes["ports"] = with_port(state.ports, index, manned)
    else:
        galley = state.galley(action.galley)
        assert galley is not None
        crewed = Galley(galley.id, galley.owner, galley.area, galley.sailors + 1, galley.cargo)
        changes["galleys"] = with_galley(state.galleys, crewed)
    events.append(SailorHired(seat, action.port, action.galley))
    return replace_state(
        state,
        ducats=bump(state.ducats, seat, -cost),
        treasury=state.treasury + cost,
        **changes,
    )
