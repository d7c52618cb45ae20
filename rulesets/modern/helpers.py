"""Shared pieces of the modern logic: the game context and small state updates."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.core import CHANCE, TERMINAL, Event
from serenissima.engine.pieces import galley_room

from .events import GalleyActivated, GalleySunk
from .state import (
    Activation,
    Asking,
    Choosing,
    Drawing,
    Galley,
    GameOver,
    ModernState,
    Phase,
    PickingClosed,
    PickingFirst,
    PickingGalley,
    PickingPort,
    Plundering,
    Port,
    Rolling,
    SpecialInvesting,
    Volley,
)

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.ruleset import Ruleset

    from .params import ModernParams

__all__ = ["Ctx", "Events"]

Events = list[Event]


class Ctx:
    """Everything the logic reads besides the state: board, numbers, indexes."""

    __slots__ = (
        "board",
        "card_index",
        "good_index",
        "hit",
        "params",
        "rules",
        "sizes",
        "space_values",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.board: Board = rules.board
        self.params: ModernParams = rules.params
        self.good_index = {g.id: i for i, g in enumerate(self.params.goods)}
        self.card_index = {c.id: i for i, c in enumerate(self.params.doge_cards)}
        self.sizes = tuple(p.warehouse for p in self.board.ports)
        first = self.params.sale.first_space_value
        self.space_values = tuple(
            tuple(first + i for i in range(p.warehouse)) for p in self.board.ports
        )
        dice = self.params.dice
        self.hit = Fraction(dice.faces.count(dice.hit), len(dice.faces))

    # --- galleys -------------------------------------------------------

    def room(self, state: ModernState, galley: Galley) -> tuple[bool, bool]:
        """Whether ``galley`` can take one more sailor, and one more cube (M-GAL-1..3)."""
        spec = self.params.galley
        return galley_room(
            galley.sailors,
            len(galley.cargo),
            spaces=spec.spaces,
            max_sailors=spec.max_sailors,
            max_goods=spec.max_goods,
            shared=state.options.galley_capacity == "shared5",
        )

    def free_cargo(self, state: ModernState, galley: Galley) -> int:
        """How many more cubes ``galley`` can take."""
        spec = self.params.galley
        free = spec.max_goods - len(galley.cargo)
        if state.options.galley_capacity == "shared5":
            free = min(free, spec.spaces - galley.sailors - len(galley.cargo))
        return max(0, free)

    def owned_galleys(self, state: ModernState, seat: int) -> int:
        """How many galleys ``seat`` has in play."""
        return sum(1 for g in state.galleys if g.owner == seat)

    def owned_ports(self, state: ModernState, seat: int) -> int:
        """How many ports ``seat`` holds (its Port cards)."""
        return sum(1 for p in state.ports if p.owner == seat)

    def port(self, state: ModernState, port_id: str) -> Port:
        """The pieces on port ``port_id``."""
        return state.ports[self.board.port_index(port_id)]

    def own_port_in(self, state: ModernState, area: str, seat: int) -> bool:
        """Whether ``seat`` holds a port that opens onto ``area``."""
        return any(state.ports[i].owner == seat for i in self.board.ports_in(area))

    def active(self, state: ModernState) -> Galley:
        """The active galley (only during an activation)."""
        assert state.act is not None
        galley = state.galley(state.act.galley)
        assert galley is not None
        return galley

    # --- blockades ------------------------------------------------------

    def blockaders(self, state: ModernState, galley: Galley) -> tuple[int, ...]:
        """Seats that may blockade ``galley`` where it is, in priority order (M-BLOCK-1/4)."""
        strength: dict[int, int] = {}
        lowest: dict[int, int] = {}
        for other in state.galleys:
            if other.area == galley.area and other.owner != galley.owner:
                strength[other.owner] = strength.get(other.owner, 0) + other.sailors
                lowest[other.owner] = min(lowest.get(other.owner, other.number), other.number)
        eligible = [seat for seat, n in strength.items() if n > galley.sailors]
        eligible.sort(key=lambda seat: (-strength[seat], lowest[seat]))  # X-M-07
        return tuple(eligible)


def to_act(phase: Phase, state: ModernState) -> int:
    """Who decides in ``phase``."""
    if isinstance(phase, PickingClosed | PickingFirst | Rolling | Volley | Drawing):
        return CHANCE
    if isinstance(phase, GameOver):
        return TERMINAL
    if isinstance(phase, PickingGalley | PickingPort | SpecialInvesting):
        return phase.order[phase.index]
    if isinstance(phase, Asking):
        return phase.candidates[0]
    if isinstance(phase, Plundering):
        return phase.seat
    assert state.act is not None
    galley = state.galley(state.act.galley)
    assert galley is not None
    return galley.owner


def enter(state: ModernState, phase: Phase, **changes: Any) -> ModernState:
    """Return ``state`` in ``phase``, with ``changes`` applied and ``to_act`` derived."""
    new = attrs.evolve(state, phase=phase, **changes)
    return attrs.evolve(new, to_act=to_act(phase, new))


def replace_galley(state: ModernState, galley: Galley) -> ModernState:
    return attrs.evolve(
        state,
        galleys=tuple(galley if g.number == galley.number else g for g in state.galleys),
    )


def replace_port(state: ModernState, index: int, port: Port) -> ModernState:
    ports = list(state.ports)
    ports[index] = port
    return attrs.evolve(state, ports=tuple(ports))


def add_galley(state: ModernState, galley: Galley) -> ModernState:
    return attrs.evolve(
        state, galleys=tuple(sorted((*state.galleys, galley), key=lambda g: g.number))
    )


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def return_goods(ctx: Ctx, state: ModernState, goods: Iterable[str]) -> ModernState:
    """Put cubes back in the box (X-M-14, X-M-26)."""
    supply = list(state.supply)
    for good in goods:
        supply[ctx.good_index[good]] += 1
    return attrs.evolve(state, supply=tuple(supply))


def sink(
    ctx: Ctx, state: ModernState, galley: Galley, ev: Events, *, keep_cargo: bool = False
) -> ModernState:
    """Remove a galley with no sailors left (M-GAL-4); its cargo returns to the box.

    With ``keep_cargo`` the cargo stays out of the box, because a survivor is
    about to choose what to take from it (M-BAT-8).
    """
    ev.append(GalleySunk(galley.owner, galley.number, galley.cargo))
    state = attrs.evolve(
        state,
        galleys=tuple(g for g in state.galleys if g.number != galley.number),
        reserve=bump(state.reserve, galley.owner, galley.sailors),
    )
    return state if keep_cargo else return_goods(ctx, state, galley.cargo)


def with_cargo(galley: Galley, cargo: Iterable[str]) -> Galley:
    return attrs.evolve(galley, cargo=tuple(sorted(cargo)))


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def next_activation(ctx: Ctx, state: ModernState, ev: Events) -> ModernState:
    """Move the black token to the next galley to activate, or end the turn (M-TURN-2/4)."""
    for galley in state.galleys:
        if galley.number > state.wheel and galley.number not in state.skip:
            ev.append(GalleyActivated(galley.owner, galley.number))
            act = Activation(galley=galley.number, start_area=galley.area)
            return enter(state, Choosing(), wheel=galley.number, act=act)
    return enter(state, Drawing(), wheel=0, act=None)


def end_activation(ctx: Ctx, state: ModernState, ev: Events) -> ModernState:
    """Finish the current activation and activate the next galley."""
    return next_activation(ctx, attrs.evolve(state, act=None), ev)
