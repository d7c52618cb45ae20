"""Battles against galleys and ports (M-BAT, M-CONQ): dice, forts, spoils, landings."""

from __future__ import annotations

from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.pieces import binomial_outcomes
from serenissima.engine.rule_index import rule

from ..common import DONE, END, Done, End
from ..context import Ctx, Outcomes, owned_ports
from ..flow import end_activation
from ..helpers import (
    Changes,
    Events,
    bump,
    enter,
    find,
    new_act,
    remove_one,
    returned,
    sink,
    with_cargo,
    with_galley,
    with_port,
)
from ..phases import Landing, Plundering, Pressing, Rolling, Volley
from ..state import Galley, ModernState, Port
from .actions import AttackPort, Claim, Continue, Dice, Stop, Take, VolleyOutcome
from .events import DiceRolled, PortNeutralised, SpoilsTaken
from .tables import action_tables
from .trading import do_claim, start_battle, to_trading

__all__ = [
    "apply_dice",
    "apply_plunder",
    "apply_press",
    "apply_volley",
    "dice_outcomes",
    "landing_actions",
    "plunder_actions",
    "press_actions",
    "volley_outcomes",
]

_PRESS: tuple[Action, ...] = (Continue(), Stop())


@rule("M-BAT-4")
def press_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-BAT-4: the attacker continues the battle for another round, or stops."""
    return _PRESS


def _dice(ctx: Ctx, state: ModernState) -> tuple[int, int]:
    phase = state.phase
    assert isinstance(phase, Rolling) and state.act is not None
    galley = ctx.active(state)
    attacker = min(galley.sailors, state.act.cap)  # M-BAT-5
    if phase.port:
        return attacker, ctx.port(state, phase.port).sailors  # M-CONQ-5
    return attacker, find(state.galleys, phase.galley).sailors


@rule("M-BAT-3")
def dice_outcomes(ctx: Ctx, state: ModernState) -> Outcomes:
    """M-BAT-3: both sides roll at once, each skull kills one opposing sailor."""
    return action_tables(ctx).dice_outcomes(*_dice(ctx, state))


def _crew(galley: Galley, sailors: int) -> Galley:
    return Galley(galley.number, galley.owner, galley.area, sailors, galley.cargo)


@rule(
    "M-BAT-3",
    "M-BAT-4",
    "M-BAT-5",
    "M-BAT-6",
    "M-BAT-7",
    "M-BAT-8",
    "M-BAT-9",
    "M-CONQ-5",
    "M-CONQ-6",
    "M-CONQ-7",
)
def apply_dice(ctx: Ctx, state: ModernState, action: Dice, ev: Events) -> ModernState:
    """M-BAT-3..9, M-CONQ-5..7: remove the dead, sink the emptied, go on or stop."""
    phase = state.phase
    assert isinstance(phase, Rolling)
    attacker_dice, defender_dice = _dice(ctx, state)
    ev.append(DiceRolled(attacker_dice, defender_dice, action.attacker, action.defender))
    galley = ctx.active(state)
    lost = min(action.defender, galley.sailors)
    galley = _crew(galley, galley.sailors - lost)
    galleys = with_galley(state.galleys, galley)
    reserve = bump(state.reserve, galley.owner, lost)
    changes: Changes = {"galleys": galleys, "reserve": reserve}
    if phase.port:
        return _port_round(ctx, state, changes, galley, phase.port, action.attacker, lost, ev)
    defender = find(galleys, phase.galley)
    killed = min(action.attacker, defender.sailors)
    defender = _crew(defender, defender.sailors - killed)
    changes["galleys"] = with_galley(galleys, defender)
    changes["reserve"] = bump(reserve, defender.owner, killed)
    if galley.sailors and defender.sailors:
        return enter(state, _after_round(phase, lost + killed), **changes)
    if not galley.sailors and not defender.sailors:  # X-M-13
        sink(ctx, state, changes, defender, ev)
        sink(ctx, state, changes, galley, ev)
        return end_activation(ctx, state, ev, **changes)
    if not defender.sailors:
        act = state.act
        assert act is not None
        changes["act"] = new_act(
            act, fought=act.fought + 1, fights_since_block=act.fights_since_block + 1
        )
        sink(ctx, state, changes, defender, ev, keep_cargo=True)
        return _plunder(ctx, state, changes, galley.owner, galley, defender.cargo, False, ev)
    sink(ctx, state, changes, galley, ev, keep_cargo=True)  # M-BAT-7
    return _plunder(ctx, state, changes, defender.owner, defender, galley.cargo, True, ev)


@rule("M-BAT-4")
def _after_round(rolling: Rolling, casualties: int) -> Rolling | Pressing:
    """M-BAT-4: the attacker may stop after a round; a round that killed nobody is rolled again.

    A round without casualties leaves the battle exactly as it was, so the
    attacker's choice to fight on stands and no decision repeats itself.
    """
    if casualties:
        return Pressing(galley=rolling.galley, port=rolling.port)
    return rolling


@rule("M-PORT-4")
def _port_round(
    ctx: Ctx,
    state: ModernState,
    changes: Changes,
    galley: Galley,
    port_id: str,
    hits: int,
    lost: int,
    ev: Events,
) -> ModernState:
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    owner = port.owner
    assert owner is not None
    killed = min(hits, port.sailors)
    sailors = port.sailors - killed
    changes["reserve"] = bump(changes["reserve"], owner, killed)
    if sailors:
        port = Port(owner, sailors, port.warehouse, port.fort, port.basilica, port.closed)
        changes["ports"] = with_port(state.ports, index, port)
        if galley.sailors:
            return enter(state, _after_round(Rolling(port=port_id), lost + killed), **changes)
        sink(ctx, state, changes, galley, ev)  # X-M-14: the cargo returns to the box
        return end_activation(ctx, state, ev, **changes)
    last = owned_ports(state.ports, owner) == 1
    neutral = Port(None, sailors, port.warehouse, port.fort, port.basilica, port.closed)
    changes["ports"] = with_port(state.ports, index, neutral)  # M-PORT-4
    ev.append(PortNeutralised(port_id, owner))
    if not galley.sailors:  # M-CONQ-7
        sink(ctx, state, changes, galley, ev)
        return end_activation(ctx, state, ev, **changes)
    if last and state.options.last_port_protection == "no_landing":  # X-M-17
        return end_activation(ctx, state, ev, **changes)
    return enter(state, Landing(port_id), **changes)


@rule("M-CONQ-4")
def volley_outcomes(ctx: Ctx, state: ModernState) -> Outcomes:
    """M-CONQ-4: the fort rolls its dice once, before the port battle."""
    dice = ctx.params.fort.volley_dice
    return tuple((VolleyOutcome(k), p) for k, p in binomial_outcomes(dice, ctx.hit))


@rule("M-CONQ-4", "X-M-04")
def apply_volley(ctx: Ctx, state: ModernState, action: VolleyOutcome, ev: Events) -> ModernState:
    """M-CONQ-4, X-M-04: the fort's skulls kill first; the combat value is fixed after."""
    phase = state.phase
    assert isinstance(phase, Volley) and state.act is not None
    galley = ctx.active(state)
    ev.append(DiceRolled(0, ctx.params.fort.volley_dice, 0, action.hits))
    lost = min(action.hits, galley.sailors)
    galley = _crew(galley, galley.sailors - lost)
    changes: Changes = {
        "galleys": with_galley(state.galleys, galley),
        "reserve": bump(state.reserve, galley.owner, lost),
    }
    if not galley.sailors:
        sink(ctx, state, changes, galley, ev)
        return end_activation(ctx, state, ev, **changes)
    return start_battle(ctx, state, galley, AttackPort(phase.port), ev, state.act, **changes)


@rule("M-BAT-4", "M-BAT-5")
def apply_press(ctx: Ctx, state: ModernState, action: Continue | Stop, ev: Events) -> ModernState:
    """M-BAT-4/5: another round, or the battle and the activation end."""
    phase = state.phase
    assert isinstance(phase, Pressing)
    if isinstance(action, Stop):
        return end_activation(ctx, state, ev)
    return enter(state, Rolling(galley=phase.galley, port=phase.port))


# --- spoils ---------------------------------------------------------------------


@rule("M-BAT-8")
def _plunder(
    ctx: Ctx,
    state: ModernState,
    changes: Changes,
    seat: int,
    galley: Galley,
    loot: tuple[str, ...],
    then_end: bool,
    ev: Events,
) -> ModernState:
    """M-BAT-8: the survivor may take what fits; the rest goes back to the box."""
    if loot and ctx.free_cargo(state, galley):
        return enter(state, Plundering(seat, galley.number, loot, then_end), **changes)
    supply = changes.get("supply", state.supply)
    changes["supply"] = returned(ctx, supply, loot)
    return _after_plunder(ctx, state, then_end, ev, **changes)


def _after_plunder(
    ctx: Ctx, state: ModernState, then_end: bool, ev: Events, **changes: Any
) -> ModernState:
    if then_end:
        return end_activation(ctx, state, ev, **changes)
    return to_trading(ctx, state, ev, **changes)


@rule("M-BAT-8")
def plunder_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-BAT-8: take one cube of each kind still in the wreck, or stop."""
    phase = state.phase
    assert isinstance(phase, Plundering)
    takes = action_tables(ctx).takes
    return (DONE, *(takes.get(good) or Take(good) for good in sorted(set(phase.loot))))


@rule("M-BAT-8", "X-M-15")
def apply_plunder(ctx: Ctx, state: ModernState, action: Take | Done, ev: Events) -> ModernState:
    """M-BAT-8, X-M-15: move one cube onto the survivor, or leave the rest to the box."""
    phase = state.phase
    assert isinstance(phase, Plundering)
    if isinstance(action, Done):
        supply = returned(ctx, state.supply, phase.loot)
        return _after_plunder(ctx, state, phase.then_end, ev, supply=supply)
    galley = find(state.galleys, phase.galley)
    galley = with_cargo(galley, (*galley.cargo, action.good))
    changes: Changes = {"galleys": with_galley(state.galleys, galley)}
    ev.append(SpoilsTaken(phase.seat, galley.number, action.good))
    loot = remove_one(phase.loot, action.good)
    return _plunder(ctx, state, changes, phase.seat, galley, loot, phase.then_end, ev)


# --- landing --------------------------------------------------------------------------


@rule("M-CONQ-6")
def landing_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-CONQ-6: unload one or more sailors into the emptied port, or leave it neutral."""
    phase = state.phase
    assert isinstance(phase, Landing)
    galley = ctx.active(state)
    index = ctx.board.port_index(phase.port)
    most = min(galley.sailors, ctx.sizes[index])
    return (END, *(action_tables(ctx).claims[index][:most] if most > 0 else ()))


def apply_landing(ctx: Ctx, state: ModernState, action: Claim | End, ev: Events) -> ModernState:
    if isinstance(action, End):
        return end_activation(ctx, state, ev)
    return do_claim(ctx, state, action.port, action.sailors, ev)
