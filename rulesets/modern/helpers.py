"""Shared pieces of the modern logic: building the next state, and small updates of its parts.

A step builds its new state once. It computes the new parts (a galley
tuple, the ducats...) with the small functions here, gathers them as keyword
changes, and hands them to the function that ends the step (:func:`enter`,
:func:`~.flow.next_activation`...), which builds the state with one constructor call.
A helper that stands for several changes at once, such as :func:`sink`, writes
them into the step's ``changes`` dict, a local value that no state holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from serenissima.engine.core import CHANCE, TERMINAL, Event
from serenissima.engine.values import replacer

from .common import GalleySunk
from .phases import (
    Asking,
    Choosing,
    Drawing,
    GameOver,
    Investing,
    Loading,
    Moving,
    Phase,
    PickingClosed,
    PickingFirst,
    PickingGalley,
    PickingPort,
    Plundering,
    Rolling,
    SpecialInvesting,
    Trading,
    Volley,
)
from .state import Activation, Galley, ModernState, Port

if TYPE_CHECKING:
    from .context import Ctx

__all__ = [
    "CHOOSING",
    "DRAWING",
    "GAME_OVER",
    "INVESTING",
    "LOADING",
    "MOVING",
    "TRADING",
    "Changes",
    "Events",
    "add_galley",
    "bump",
    "enter",
    "find",
    "new_act",
    "new_state",
    "remove_one",
    "returned",
    "seat_to_act",
    "sink",
    "to_phase",
    "with_cargo",
    "with_galley",
    "with_port",
]


Events = list[Event]

Changes = dict[str, Any]
"""The fields of the state a step has changed so far, by name."""

new_state = replacer(ModernState)
"""``new_state(state, **changes)``: a copy of ``state`` with the given fields changed."""

new_act = replacer(Activation)
"""``new_act(act, **changes)``: a copy of an activation with the given fields changed."""

to_phase = replacer(ModernState, "phase", "to_act")
"""``to_phase(state, phase, to_act)``: ``state`` in ``phase``, ``to_act`` deciding.

:func:`new_state` with just those changes, without its keyword arguments (a
step's most common new state: half the cost).

Example:
    >>> import serenissima as ser
    >>> state = ser.load_ruleset("modern").new_game(2)
    >>> to_phase(state, CHOOSING, 1) == new_state(state, phase=CHOOSING, to_act=1)
    True
"""

CHOOSING = Choosing()

LOADING = Loading()

MOVING = Moving()

TRADING = Trading()

INVESTING = Investing()

DRAWING = Drawing()

GAME_OVER = GameOver()

_CHANCE = frozenset({PickingClosed, PickingFirst, Rolling, Volley, Drawing})

_BY_ORDER = frozenset({PickingGalley, PickingPort, SpecialInvesting})


def find(galleys: tuple[Galley, ...], number: int) -> Galley:
    """Galley ``number`` among ``galleys`` (it must be there)."""
    for galley in galleys:
        if galley.number == number:
            return galley
    raise AssertionError(f"galley {number} is not in play")


def seat_to_act(phase: Phase, act: Activation | None, galleys: tuple[Galley, ...]) -> int:
    """Who decides in ``phase``; in an activation's own phases, the active galley's owner."""
    kind = type(phase)
    if kind in _CHANCE:
        return CHANCE
    if kind is GameOver:
        return TERMINAL
    if isinstance(phase, PickingGalley | PickingPort | SpecialInvesting):
        return phase.order[phase.index]
    if isinstance(phase, Asking):
        return phase.candidates[0]
    if isinstance(phase, Plundering):
        return phase.seat
    assert act is not None
    return find(galleys, act.galley).owner


def enter(state: ModernState, phase: Phase, **changes: Any) -> ModernState:
    """Return ``state`` in ``phase``, with ``changes`` applied and ``to_act`` derived."""
    if not changes:
        return to_phase(state, phase, seat_to_act(phase, state.act, state.galleys))
    act = changes.get("act", state.act)
    galleys = changes.get("galleys", state.galleys)
    return new_state(state, phase=phase, to_act=seat_to_act(phase, act, galleys), **changes)


def with_galley(galleys: tuple[Galley, ...], galley: Galley) -> tuple[Galley, ...]:
    """``galleys`` with the galley of the same number replaced by ``galley``."""
    number = galley.number
    for index, old in enumerate(galleys):
        if old.number == number:
            return (*galleys[:index], galley, *galleys[index + 1 :])
    return galleys


def with_port(ports: tuple[Port, ...], index: int, port: Port) -> tuple[Port, ...]:
    """``ports`` with the port at ``index`` replaced by ``port``."""
    out = list(ports)
    out[index] = port
    return tuple(out)


def add_galley(galleys: tuple[Galley, ...], galley: Galley) -> tuple[Galley, ...]:
    """``galleys`` with ``galley`` added, in number order."""
    return tuple(sorted((*galleys, galley), key=lambda g: g.number))


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``delta`` added to the one at ``index``."""
    out = list(values)
    out[index] += delta
    return tuple(out)


def returned(ctx: Ctx, supply: tuple[int, ...], goods: Iterable[str]) -> tuple[int, ...]:
    """The box's cubes once ``goods`` are put back (X-M-14, X-M-26)."""
    out = list(supply)
    for good in goods:
        out[ctx.good_index[good]] += 1
    return tuple(out)


def sink(
    ctx: Ctx,
    state: ModernState,
    changes: Changes,
    galley: Galley,
    ev: Events,
    *,
    keep_cargo: bool = False,
) -> None:
    """Remove a galley with no sailors left (M-GAL-4); its cargo returns to the box.

    The removal is written into ``changes``. With ``keep_cargo`` the cargo
    stays out of the box, because a survivor is about to choose what to take
    from it (M-BAT-8).
    """
    ev.append(GalleySunk(galley.owner, galley.number, galley.cargo))
    galleys = changes.get("galleys", state.galleys)
    reserve = changes.get("reserve", state.reserve)
    changes["galleys"] = tuple(g for g in galleys if g.number != galley.number)
    changes["reserve"] = bump(reserve, galley.owner, galley.sailors)
    if not keep_cargo:
        supply = changes.get("supply", state.supply)
        changes["supply"] = returned(ctx, supply, galley.cargo)


def with_cargo(galley: Galley, cargo: Iterable[str]) -> Galley:
    """``galley`` carrying ``cargo``, sorted."""
    return Galley(galley.number, galley.owner, galley.area, galley.sailors, tuple(sorted(cargo)))


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` without the first ``item``."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]
