"""Phase 4: battles between galleys and attacks on ports (C-BAT, C-PATK)."""

from __future__ import annotations

from fractions import Fraction

import attrs

from serenissima.engine.core import Action

from .actions import Assault, Attack, Capture, Dice, Done, ShiftGood, Sink
from .events import BattleFought, GalleyCaptured, GoodMoved
from .helpers import Ctx, Events, flows_allow
from .state import ClassicState, Fighting, Galley, Rolling, Spoils

__all__ = [
    "apply_attack",
    "apply_capture",
    "apply_dice",
    "apply_fighting_done",
    "apply_sink",
    "apply_spoils_done",
    "apply_spoils_shift",
    "dice_outcomes",
    "fighting_actions",
    "losses",
    "spoils_actions",
]


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
    seat = state.order[phase.index]
    actions: list[Action] = []
    for galley in ctx.galleys_of(state, seat):
        # C-BAT-2: any other player's galley in the same sea area, high seas included.
        actions.extend(
            Attack(galley.id, other.id)
            for other in ctx.galleys_in(state, galley.area)
            if other.owner != seat
        )
        for index in ctx.board.ports_in(galley.area):
            port = state.ports[index]
            # C-PATK-1, X-C-23: only another player's port with a garrison to fight.
            if port.owner is not None and port.owner != seat and port.garrison > 0:
                actions.append(Assault(galley.id, ctx.board.ports[index].id))
    actions.append(Done())
    return tuple(actions)


def apply_attack(
    ctx: Ctx, state: ClassicState, action: Attack | Assault, events: Events
) -> ClassicState:
    """Declare an attack; both sides roll next (C-BAT-2, C-PATK-1)."""
    phase = state.phase
    assert isinstance(phase, Fighting)
    if isinstance(action, Attack):
        return ctx.to_chance(state, Rolling(phase.index, action.galley, target=action.target))
    return ctx.to_chance(state, Rolling(phase.index, action.galley, port=action.port))


def dice_outcomes(ctx: Ctx, state: ClassicState) -> tuple[tuple[Action, Fraction], ...]:
    """Each side rolls one die (C-BAT-3, C-PATK-2)."""
    faces = ctx.params.battle.die_faces
    p = Fraction(1, faces * faces)
    return tuple((Dice(a, d), p) for a in range(1, faces + 1) for d in range(1, faces + 1))


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
        state = ctx.put_port(
            state, index, attrs.evolve(port, garrison=port.garrison - lost_garrison)
        )
        state = ctx.sailors_to_box(state, lost_garrison + lost_crew)
        # C-PATK-6: a galley beaten by a garrison sinks with its cargo; nobody captures it.
        remaining = attacker.sailors - lost_crew
        fighting = attrs.evolve(state, phase=Fighting(phase.index), to_act=seat)
        if remaining <= 0:
            fighting = attrs.evolve(
                fighting,
                galleys=tuple(
                    attrs.evolve(g, sailors=0) if g.id == attacker.id else g
                    for g in fighting.galleys
                ),
            )
            return ctx.sink(fighting, attacker.id, "beaten by a garrison", events)
        return ctx.put_galley(fighting, attrs.evolve(attacker, sailors=remaining))
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
    state = ctx.sailors_to_box(state, lost_def + lost_att)
    attacker = attrs.evolve(attacker, sailors=attacker.sailors - lost_att)
    defender = attrs.evolve(defender, sailors=defender.sailors - lost_def)
    state = ctx.put_galley(ctx.put_galley(state, attacker), defender)
    fighting = attrs.evolve(state, phase=Fighting(phase.index), to_act=seat)
    if attacker.sailors == 0 and defender.sailors == 0:
        # X-C-15: both sink with their cargo.
        fighting = ctx.sink(fighting, attacker.id, "both crews lost", events)
        return ctx.sink(fighting, defender.id, "both crews lost", events)
    if defender.sailors == 0:
        # C-BAT-6: the winner decides the beaten galley's fate.
        return attrs.evolve(
            state, phase=Spoils(phase.index, attacker.id, defender.id, True), to_act=attacker.owner
        )
    if attacker.sailors == 0:
        may = state.options.defender_may_capture  # X-C-14
        return attrs.evolve(
            state, phase=Spoils(phase.index, defender.id, attacker.id, may), to_act=defender.owner
        )
    return fighting


def _pair(state: ClassicState, phase: Spoils) -> tuple[Galley, Galley]:
    winner, loser = state.galley(phase.winner), state.galley(phase.loser)
    assert winner is not None and loser is not None
    return winner, loser


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
        actions.append(Done())
        return tuple(actions)
    if phase.may_capture:
        spec = ctx.params.galley
        most = min(winner.sailors, spec.max_sailors, spec.spaces - len(loser.cargo))
        actions.extend(Capture(n) for n in range(1, most + 1))
    actions.append(Sink())
    return tuple(actions)


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
    state = ctx.put_galley(state, attrs.evolve(source, cargo=tuple(cargo)))
    state = ctx.put_galley(
        state, attrs.evolve(target, cargo=tuple(sorted((*target.cargo, action.good))))
    )
    events.append(GoodMoved(state.to_act, action.good, action.source, action.target))
    flows = (*phase.flows, (action.good, str(action.source), str(action.target)))
    return attrs.evolve(state, phase=attrs.evolve(phase, flows=flows))


def _back(state: ClassicState, phase: Spoils) -> ClassicState:
    return attrs.evolve(state, phase=Fighting(phase.index), to_act=state.order[phase.index])


def apply_capture(ctx: Ctx, state: ClassicState, action: Capture, events: Events) -> ClassicState:
    """C-BAT-7: sailors from the winning galley only board the beaten one, which changes flag.

    If every sailor crosses, the winner's own galley sinks with the cargo left
    on it (X-C-17) and the spoils are settled; otherwise goods may still be
    shared out between the two galleys.
    """
    phase = state.phase
    assert isinstance(phase, Spoils)
    winner, loser = _pair(state, phase)
    state = ctx.put_galley(state, attrs.evolve(loser, owner=winner.owner, sailors=action.sailors))
    events.append(GalleyCaptured(loser.id, winner.owner, action.sailors))
    state = ctx.set_sailors(
        state, winner, winner.sailors - action.sailors, "its whole crew boarded the prize", events
    )
    if state.galley(winner.id) is None:
        return _back(state, phase)
    state = attrs.evolve(state, phase=attrs.evolve(phase, captured=True))
    if spoils_actions(ctx, state) == (Done(),):
        return _back(state, phase)  # no goods to share out: nothing left to decide
    return state


def apply_spoils_done(ctx: Ctx, state: ClassicState, action: Done, events: Events) -> ClassicState:
    """The goods are shared out after a capture; the phase-4 turn goes on."""
    phase = state.phase
    assert isinstance(phase, Spoils)
    return _back(state, phase)


def apply_sink(ctx: Ctx, state: ClassicState, action: Sink, events: Events) -> ClassicState:
    """C-BAT-6: the beaten galley goes down with any cargo still aboard."""
    phase = state.phase
    assert isinstance(phase, Spoils)
    return _back(ctx.sink(state, phase.loser, "beaten in battle", events), phase)


def apply_fighting_done(
    ctx: Ctx, state: ClassicState, action: Done, events: Events
) -> ClassicState:
    """C-BAT-1: the seat stops attacking; the next seat may attack."""
    phase = state.phase
    assert isinstance(phase, Fighting)
    return ctx.next_turn(state, phase.index, events)
