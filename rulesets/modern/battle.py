"""Battles against galleys and ports (M-BAT, M-CONQ): dice, forts, spoils, landings."""

from __future__ import annotations

from fractions import Fraction

import attrs

from serenissima.engine.core import Action
from serenissima.engine.pieces import binomial_outcomes

from .actions import AttackPort, Claim, Continue, Dice, Done, End, Stop, Take, VolleyOutcome
from .activation import do_claim, start_battle, to_trading
from .events import DiceRolled, PortNeutralised, SpoilsTaken
from .helpers import (
    Ctx,
    Events,
    bump,
    end_activation,
    enter,
    remove_one,
    replace_galley,
    replace_port,
    return_goods,
    sink,
    with_cargo,
)
from .state import Galley, Landing, ModernState, Plundering, Pressing, Rolling, Volley

__all__ = [
    "apply_dice",
    "apply_plunder",
    "apply_press",
    "apply_volley",
    "dice_outcomes",
    "landing_actions",
    "plunder_actions",
    "volley_outcomes",
]


def _dice(ctx: Ctx, state: ModernState) -> tuple[int, int]:
    phase = state.phase
    assert isinstance(phase, Rolling) and state.act is not None
    galley = ctx.active(state)
    attacker = min(galley.sailors, state.act.cap)  # M-BAT-5
    if phase.port:
        return attacker, ctx.port(state, phase.port).sailors  # M-CONQ-5
    defender = state.galley(phase.galley)
    assert defender is not None
    return attacker, defender.sailors


def dice_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-BAT-3: both sides roll at once, each skull kills one opposing sailor."""
    attacker, defender = _dice(ctx, state)
    hits_a = binomial_outcomes(attacker, ctx.hit)
    hits_d = binomial_outcomes(defender, ctx.hit)
    return tuple((Dice(a, d), pa * pd) for a, pa in hits_a for d, pd in hits_d)


def apply_dice(ctx: Ctx, state: ModernState, action: Dice, ev: Events) -> ModernState:
    """M-BAT-3..9, M-CONQ-5..7: remove the dead, sink the emptied, go on or stop."""
    phase = state.phase
    assert isinstance(phase, Rolling)
    attacker_dice, defender_dice = _dice(ctx, state)
    ev.append(DiceRolled(attacker_dice, defender_dice, action.attacker, action.defender))
    galley = ctx.active(state)
    lost = min(action.defender, galley.sailors)
    galley = attrs.evolve(galley, sailors=galley.sailors - lost)
    state = replace_galley(state, galley)
    state = attrs.evolve(state, reserve=bump(state.reserve, galley.owner, lost))
    if phase.port:
        return _port_round(ctx, state, galley, phase.port, action.attacker, lost, ev)
    defender = state.galley(phase.galley)
    assert defender is not None
    killed = min(action.attacker, defender.sailors)
    defender = attrs.evolve(defender, sailors=defender.sailors - killed)
    state = replace_galley(state, defender)
    state = attrs.evolve(state, reserve=bump(state.reserve, defender.owner, killed))
    if galley.sailors and defender.sailors:
        return enter(state, _after_round(phase, lost + killed))
    if not galley.sailors and not defender.sailors:  # X-M-13
        state = sink(ctx, state, defender, ev)
        state = sink(ctx, state, galley, ev)
        return end_activation(ctx, state, ev)
    if not defender.sailors:
        assert state.act is not None
        act = state.act
        state = attrs.evolve(
            state,
            act=attrs.evolve(
                act, fought=act.fought + 1, fights_since_block=act.fights_since_block + 1
            ),
        )
        state = sink(ctx, state, defender, ev, keep_cargo=True)
        return _plunder(ctx, state, galley.owner, galley, defender.cargo, False, ev)
    state = sink(ctx, state, galley, ev, keep_cargo=True)  # M-BAT-7
    return _plunder(ctx, state, defender.owner, defender, galley.cargo, True, ev)


def _after_round(rolling: Rolling, casualties: int) -> Rolling | Pressing:
    """M-BAT-4: the attacker may stop after a round; a round that killed nobody is rolled again.

    A round without casualties leaves the battle exactly as it was, so the
    attacker's choice to fight on stands and no decision repeats itself.
    """
    if casualties:
        return Pressing(galley=rolling.galley, port=rolling.port)
    return rolling


def _port_round(
    ctx: Ctx, state: ModernState, galley: Galley, port_id: str, hits: int, lost: int, ev: Events
) -> ModernState:
    index = ctx.board.port_index(port_id)
    port = state.ports[index]
    owner = port.owner
    assert owner is not None
    killed = min(hits, port.sailors)
    port = attrs.evolve(port, sailors=port.sailors - killed)
    state = attrs.evolve(state, reserve=bump(state.reserve, owner, killed))
    if port.sailors and galley.sailors:
        return enter(
            replace_port(state, index, port), _after_round(Rolling(port=port_id), lost + killed)
        )
    if port.sailors:
        state = replace_port(state, index, port)
        state = sink(ctx, state, galley, ev)  # X-M-14: the cargo returns to the box
        return end_activation(ctx, state, ev)
    last = ctx.owned_ports(state, owner) == 1
    state = replace_port(state, index, attrs.evolve(port, owner=None))  # M-PORT-4
    ev.append(PortNeutralised(port_id, owner))
    if not galley.sailors:  # M-CONQ-7
        state = sink(ctx, state, galley, ev)
        return end_activation(ctx, state, ev)
    if last and state.options.last_port_protection == "no_landing":  # X-M-17
        return end_activation(ctx, state, ev)
    return enter(state, Landing(port_id))


def volley_outcomes(ctx: Ctx, state: ModernState) -> tuple[tuple[Action, Fraction], ...]:
    """M-CONQ-4: the fort rolls its dice once, before the port battle."""
    dice = ctx.params.fort.volley_dice
    return tuple((VolleyOutcome(k), p) for k, p in binomial_outcomes(dice, ctx.hit))


def apply_volley(ctx: Ctx, state: ModernState, action: VolleyOutcome, ev: Events) -> ModernState:
    """M-CONQ-4, X-M-04: the fort's skulls kill first; the combat value is fixed after."""
    phase = state.phase
    assert isinstance(phase, Volley) and state.act is not None
    galley = ctx.active(state)
    ev.append(DiceRolled(0, ctx.params.fort.volley_dice, 0, action.hits))
    lost = min(action.hits, galley.sailors)
    galley = attrs.evolve(galley, sailors=galley.sailors - lost)
    state = replace_galley(state, galley)
    state = attrs.evolve(state, reserve=bump(state.reserve, galley.owner, lost))
    if not galley.sailors:
        state = sink(ctx, state, galley, ev)
        return end_activation(ctx, state, ev)
    assert state.act is not None
    return start_battle(ctx, state, galley, AttackPort(phase.port), ev, state.act)


def apply_press(ctx: Ctx, state: ModernState, action: Continue | Stop, ev: Events) -> ModernState:
    """M-BAT-4/5: another round, or the battle and the activation end."""
    phase = state.phase
    assert isinstance(phase, Pressing)
    if isinstance(action, Stop):
        return end_activation(ctx, state, ev)
    return enter(state, Rolling(galley=phase.galley, port=phase.port))


# --- spoils ---------------------------------------------------------------------


def _plunder(
    ctx: Ctx,
    state: ModernState,
    seat: int,
    galley: Galley,
    loot: tuple[str, ...],
    then_end: bool,
    ev: Events,
) -> ModernState:
    """M-BAT-8: the survivor may take what fits; the rest goes back to the box."""
    if loot and ctx.free_cargo(state, galley):
        return enter(state, Plundering(seat, galley.number, loot, then_end))
    return _after_plunder(ctx, return_goods(ctx, state, loot), then_end, ev)


def _after_plunder(ctx: Ctx, state: ModernState, then_end: bool, ev: Events) -> ModernState:
    if then_end:
        return end_activation(ctx, state, ev)
    return to_trading(ctx, state, ev)


def plunder_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-BAT-8: take one cube of each kind still in the wreck, or stop."""
    phase = state.phase
    assert isinstance(phase, Plundering)
    return (Done(), *(Take(good) for good in sorted(set(phase.loot))))


def apply_plunder(ctx: Ctx, state: ModernState, action: Take | Done, ev: Events) -> ModernState:
    """M-BAT-8, X-M-15: move one cube onto the survivor, or leave the rest to the box."""
    phase = state.phase
    assert isinstance(phase, Plundering)
    if isinstance(action, Done):
        state = return_goods(ctx, state, phase.loot)
        return _after_plunder(ctx, state, phase.then_end, ev)
    galley = state.galley(phase.galley)
    assert galley is not None
    galley = with_cargo(galley, (*galley.cargo, action.good))
    state = replace_galley(state, galley)
    ev.append(SpoilsTaken(phase.seat, galley.number, action.good))
    loot = remove_one(phase.loot, action.good)
    return _plunder(ctx, state, phase.seat, galley, loot, phase.then_end, ev)


# --- landing --------------------------------------------------------------------------


def landing_actions(ctx: Ctx, state: ModernState) -> tuple[Action, ...]:
    """M-CONQ-6: unload one or more sailors into the emptied port, or leave it neutral."""
    phase = state.phase
    assert isinstance(phase, Landing)
    galley = ctx.active(state)
    size = ctx.board.port(phase.port).warehouse
    return (End(), *(Claim(phase.port, n) for n in range(1, min(galley.sailors, size) + 1)))


def apply_landing(ctx: Ctx, state: ModernState, action: Claim | End, ev: Events) -> ModernState:
    if isinstance(action, End):
        return end_activation(ctx, state, ev)
    return do_claim(ctx, state, action.port, action.sailors, ev)
