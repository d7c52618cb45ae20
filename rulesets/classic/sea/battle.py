"""Phase 4: battles between galleys and attacks on ports (C-BAT, C-PATK).

The choices of a phase-4 turn, the dice of a battle and the spoils of a
won galley battle; the end of the turn is in :mod:`..flow`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.rule_index import rule

from ..common import DONE, Done, GoodMoved, ShiftGood, only_done
from ..context import Ctx
from ..helpers import (
    Events,
    crewed,
    flows_allow,
    replace_state,
    sailors_back,
    sunk,
    to_chance,
    with_galley,
    with_port,
)
from ..phases import Fighting, Rolling, Spoils
from ..state import ClassicState, Galley, Port
from .actions import Assault, Attack, Capture, Dice, Sink
from .events import BattleFought, GalleyCaptured

__all__ = [
    "apply_attack",
    "apply_capture",
    "apply_dice",
    "apply_sink",
    "apply_spoils_done",
    "apply_spoils_shift",
    "dice_outcomes",
    "fighting_actions",
    "fighting_legal",
    "losses",
    "spoils_actions",
]


@rule("C-BAT-3")
def losses(total: int, divisor: int) -> int:
    """C-BAT-3: the sailors a side kills, its total divided and rounded down.

    >>> losses(4 + 5, 3), losses(4 + 5, 4)
    (3, 2)
    """
    return total // divisor


def fighting_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """Attack a galley in the same area, attack a garrisoned port of another player, or end."""
    phase = state.phase
    assert isinstance(phase, Fighting)
    return fighting_legal(ctx, state, phase)


@rule("C-BAT-2", "C-PATK-1", "C-BAT-5", "C-PATK-8")
def fighting_legal(ctx: Ctx, state: ClassicState, phase: Fighting) -> tuple[Action, ...]:
    """The legal actions in ``phase``, which need not be ``state``'s phase yet."""
    seat = state.order[phase.index]
    galleys = state.galleys
    actions: list[Action] = []
    for galley in galleys:
        if galley.owner != seat:
            continue
        area = galley.area
        # C-BAT-2: any other player's galley in the same sea area, high seas included.
        for other in galleys:
            if other.area == area and other.owner != seat:
                actions.append(Attack(galley.id, other.id))
        for index in ctx.area_ports[area]:
            port = state.ports[index]
            # C-PATK-1, X-C-23: only another player's port with a garrison to fight.
            if port.owner is not None and port.owner != seat and port.garrison > 0:
                actions.append(Assault(galley.id, ctx.port_ids[index]))
    actions.append(DONE)
    return tuple(actions)


@rule("C-BAT-2", "C-PATK-1")
def apply_attack(
    ctx: Ctx, state: ClassicState, action: Attack | Assault, events: Events
) -> ClassicState:
    """Declare an attack; both sides roll next (C-BAT-2, C-PATK-1)."""
    phase = state.phase
    assert isinstance(phase, Fighting)
    if isinstance(action, Attack):
        return to_chance(state, Rolling(phase.index, action.galley, target=action.target))
    return to_chance(state, Rolling(phase.index, action.galley, port=action.port))


def dice_outcomes(ctx: Ctx, state: ClassicState) -> tuple[tuple[Action, Fraction], ...]:
    """Each side rolls one die (C-BAT-3, C-PATK-2)."""
    outcomes = ctx.outcomes.get("dice")
    if outcomes is None:
        faces = ctx.params.battle.die_faces
        p = Fraction(1, faces * faces)
        outcomes = ctx.outcomes["dice"] = tuple(
            (Dice(a, d), p) for a in range(1, faces + 1) for d in range(1, faces + 1)
        )
    return outcomes


@rule("C-BAT-4", "C-PATK-5", "C-PATK-6", "C-PATK-7")
def apply_dice(ctx: Ctx, state: ClassicState, action: Dice, events: Events) -> ClassicState:
    """Both sides lose sailors at once (C-BAT-3, C-BAT-4).

    A round in which neither side kills a sailor leaves the battle exactly as
    it was, so it is rolled again without a new decision.
    """
    phase = state.phase
    assert isinstance(phase, Rolling)
    battle = ctx.params.battle
    attacker = state.galley(phase.galley)
    assert attacker is not None
    seat = state.order[phase.index]
    if phase.port:
        index = ctx.board.port_index(phase.port)
        port = state.ports[index]
        # C-PATK-3: a fortress divides the attacker's total by 4 instead of 3.
        divisor = battle.fort_divisor if port.forts else battle.divisor
        kill = losses(action.attacker + attacker.sailors, divisor)
        killed = losses(action.defender + port.garrison, battle.divisor)
        lost_garrison, lost_crew = min(kill, port.garrison), min(killed, attacker.sailors)
        events.append(
            BattleFought(
                attacker.id,
                0,
                phase.port,
                action.attacker,
                action.defender,
                lost_crew,
                lost_garrison,
            )
        )
        if kill == 0 and killed == 0:
            return state
        # C-PATK-5, C-PATK-7: the port keeps its owner, fortress and warehouse.
        kept = Port(port.owner, port.garrison - lost_garrison, port.warehouse, port.forts)
        fighting = replace_state(
            state,
            ports=with_port(state.ports, index, kept),
            sailors_box=sailors_back(state.sailors_box, lost_garrison + lost_crew),
            phase=Fighting(phase.index),
            to_act=seat,
        )
        # C-PATK-6: a galley beaten by a garrison sinks with its cargo; nobody captures it.
        remaining = attacker.sailors - lost_crew
        if remaining <= 0:
            beaten = Galley(attacker.id, attacker.owner, attacker.area, 0, attacker.cargo)
            reason = "beaten by a garrison"
            changes = sunk(ctx, fighting, fighting.galleys, beaten, reason, events)
            return replace_state(fighting, **changes)
        left = Galley(attacker.id, attacker.owner, attacker.area, remaining, attacker.cargo)
        return replace_state(fighting, galleys=with_galley(fighting.galleys, left))
    defender = state.galley(phase.target)
    assert defender is not None
    kill = losses(action.attacker + attacker.sailors, battle.divisor)
    killed = losses(action.defender + defender.sailors, battle.divisor)
    # C-BAT-4, X-C-16: losses stay on the two galleys; any excess is wasted.
    lost_def, lost_att = min(kill, defender.sailors), min(killed, attacker.sailors)
    events.append(
        BattleFought(
            attacker.id, defender.id, "", action.attacker, action.defender, lost_att, lost_def
        )
    )
    if kill == 0 and killed == 0:
        return state
    box = sailors_back(state.sailors_box, lost_def + lost_att)
    attacker = _crew(attacker, attacker.sailors - lost_att)
    defender = _crew(defender, defender.sailors - lost_def)
    galleys = with_galley(with_galley(state.galleys, attacker), defender)
    if attacker.sailors == 0 and defender.sailors == 0:
        # X-C-15: both sink with their cargo.
        fighting = replace_state(
            state, galleys=galleys, sailors_box=box, phase=Fighting(phase.index), to_act=seat
        )
        for beaten in (attacker, defender):
            changes = sunk(ctx, fighting, fighting.galleys, beaten, "both crews lost", events)
            fighting = replace_state(fighting, **changes)
        return fighting
    if defender.sailors == 0:
        # C-BAT-6: the winner decides the beaten galley's fate.
        spoils = Spoils(phase.index, attacker.id, defender.id, True)
        return replace_state(
            state, galleys=galleys, sailors_box=box, phase=spoils, to_act=attacker.owner
        )
    if attacker.sailors == 0:
        may = state.options.defender_may_capture  # X-C-14
        spoils = Spoils(phase.index, defender.id, attacker.id, may)
        return replace_state(
            state, galleys=galleys, sailors_box=box, phase=spoils, to_act=defender.owner
        )
    return replace_state(
        state, galleys=galleys, sailors_box=box, phase=Fighting(phase.index), to_act=seat
    )


def _crew(galley: Galley, sailors: int) -> Galley:
    return Galley(galley.id, galley.owner, galley.area, sailors, galley.cargo)


def _pair(state: ClassicState, phase: Spoils) -> tuple[Galley, Galley]:
    winner, loser = state.galley(phase.winner), state.galley(phase.loser)
    assert winner is not None and loser is not None
    return winner, loser


@rule("C-BAT-7", "C-BAT-8")
def spoils_actions(ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
    """C-BAT-7, C-BAT-8: share out the goods of the two galleys, and capture or sink the beaten one.

    Goods may move before and after a capture, never undoing an earlier move;
    after a capture, ``done`` closes the spoils.
    """
    phase = state.phase
    assert isinstance(phase, Spoils)
    winner, loser = _pair(state, phase)
    actions: list[Action] = []
    for source, target in ((loser, winner), (winner, loser)):
        if ctx.free_cargo(target) > 0:
            actions.extend(
                ShiftGood(good, source.id, target.id)
                for good in sorted(set(source.cargo))
                if flows_allow(phase.flows, good, str(source.id), str(target.id))
            )
    if phase.captured:
        actions.append(DONE)
        return tuple(actions)
    if phase.may_capture:
        spec = ctx.params.galley
        most = min(winner.sailors, spec.max_sailors, spec.spaces - len(loser.cargo))
        actions.extend(Capture(n) for n in range(1, most + 1))
    actions.append(Sink())
    return tuple(actions)


@rule("C-BAT-8")
def apply_spoils_shift(
    ctx: Ctx, state: ClassicState, action: ShiftGood, events: Events
) -> ClassicState:
    """C-BAT-8: one piece of cargo changes galley before the beaten one's fate is settled."""
    phase = state.phase
    assert isinstance(phase, Spoils)
    source, target = state.galley(action.source), state.galley(action.target)
    assert source is not None and target is not None
    cargo = list(source.cargo)
    cargo.remove(action.good)
    galleys = with_galley(
        state.galleys, Galley(source.id, source.owner, source.area, source.sailors, tuple(cargo))
    )
    into = tuple(sorted((*target.cargo, action.good)))
    galleys = with_galley(
        galleys, Galley(target.id, target.owner, target.area, target.sailors, into)
    )
    events.append(GoodMoved(state.to_act, action.good, action.source, action.target))
    flows = (*phase.flows, (action.good, str(action.source), str(action.target)))
    spoils = Spoils(
        phase.index, phase.winner, phase.loser, phase.may_capture, flows, phase.captured
    )
    return replace_state(state, galleys=galleys, phase=spoils)


def _back(state: ClassicState, phase: Spoils, **changes: Any) -> ClassicState:
    return replace_state(
        state, phase=Fighting(phase.index), to_act=state.order[phase.index], **changes
    )


@rule("C-BAT-7")
def apply_capture(ctx: Ctx, state: ClassicState, action: Capture, events: Events) -> ClassicState:
    """C-BAT-7: sailors from the winning galley only board the beaten one, which changes flag.

    If every sailor crosses, the winner's own galley sinks with the cargo left
    on it (X-C-17) and the spoils are settled; otherwise goods may still be
    shared out between the two galleys.
    """
    phase = state.phase
    assert isinstance(phase, Spoils)
    winner, loser = _pair(state, phase)
    prize = Galley(loser.id, winner.owner, loser.area, action.sailors, loser.cargo)
    galleys = with_galley(state.galleys, prize)
    events.append(GalleyCaptured(loser.id, winner.owner, action.sailors))
    reason = "its whole crew boarded the prize"
    changes = crewed(ctx, state, galleys, winner, winner.sailors - action.sailors, reason, events)
    if all(g.id != winner.id for g in changes["galleys"]):
        return _back(state, phase, **changes)
    captured = Spoils(phase.index, phase.winner, phase.loser, phase.may_capture, phase.flows, True)
    state = replace_state(state, phase=captured, **changes)
    if only_done(spoils_actions(ctx, state)):
        return _back(state, phase)  # no goods to share out: nothing left to decide
    return state


def apply_spoils_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """The goods are shared out after a capture; the phase-4 turn goes on."""
    phase = state.phase
    assert isinstance(phase, Spoils)
    return _back(state, phase)


@rule("C-BAT-6")
def apply_sink(ctx: Ctx, state: ClassicState, action: Sink, events: Events) -> ClassicState:
    """C-BAT-6: the beaten galley goes down with any cargo still aboard."""
    phase = state.phase
    assert isinstance(phase, Spoils)
    loser = state.galley(phase.loser)
    assert loser is not None
    return _back(state, phase, **sunk(ctx, state, state.galleys, loser, "beaten in battle", events))
