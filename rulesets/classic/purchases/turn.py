"""Small readers and checks shared by the classic phase-2 modules.

Whose phase-2 turn it is, what the box still holds, which sea areas open
onto a port, which ports a seat holds and whether a garrison has room, the
cargo arithmetic that buying, trading and reorganising all use, and the
first checks every explanation of a refusal makes. The turn itself is in
:mod:`.purchase`, deals in :mod:`.negotiation` and :mod:`.deals`, transfers
and discards in :mod:`.reorganise`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..context import Ctx
from ..phases import Negotiating, Purchasing
from ..state import ClassicState, Galley

__all__ = [
    "Reason",
    "add_cargo",
    "cargo_room",
    "current_turn",
    "garrison_takes",
    "has_port",
    "in_box",
    "on_turn",
    "own_ports",
    "port_named",
    "price_steps",
    "remove_cargo",
    "your_galley",
]


Reason = tuple[str, str] | None
"""A rule ID and a sentence saying why an action is refused, or ``None``."""


# --- small readers ------------------------------------------------------------


def current_turn(state: ClassicState) -> Purchasing:
    """The phase-2 turn under way, also while a deal is negotiated."""
    phase = state.phase
    if type(phase) is Negotiating:
        return phase.turn
    assert isinstance(phase, Purchasing)
    return phase


def on_turn(state: ClassicState) -> int:
    """The seat whose phase-2 turn it is."""
    return state.order[current_turn(state).index]


def add_cargo(cargo: Iterable[str], good: str, count: int = 1) -> tuple[str, ...]:
    """``cargo`` with ``count`` pieces of ``good`` added, kept sorted."""
    return tuple(sorted((*cargo, *([good] * count))))


def remove_cargo(cargo: tuple[str, ...], good: str) -> tuple[str, ...]:
    """``cargo`` with one piece of ``good`` taken out."""
    index = cargo.index(good)
    return cargo[:index] + cargo[index + 1 :]


def in_box(ctx: Ctx, state: ClassicState, good: str) -> int:
    """The pieces of ``good`` left in the box (C-BUY-8)."""
    return state.supply[ctx.good_index[good]]


def has_port(ctx: Ctx, area: str) -> bool:
    """Whether a port opens onto ``area``: not one of the high seas (C-TRADE-1, X-C-40)."""
    return bool(ctx.board.ports_in(area))


def price_steps(low: int, high: int, unit: int) -> range:
    """Multiples of ``unit`` from ``low`` to ``high``, both included (X-C-04)."""
    return range(-(-low // unit) * unit, high + 1, unit)


def own_ports(ctx: Ctx, state: ClassicState, seat: int) -> list[int]:
    """The indexes of the ports ``seat`` holds."""
    return [i for i, port in enumerate(state.ports) if port.owner == seat]


def garrison_takes(ctx: Ctx, state: ClassicState, index: int) -> bool:
    """Whether port ``index``'s garrison may take one more sailor (X-C-07)."""
    room = ctx.garrison_room(state, index)
    return room is None or room > 0


# --- shared checks ------------------------------------------------------------


def port_named(ctx: Ctx, port: str, rule: str) -> Reason:
    """Why ``port`` names no port, or ``None`` if it names one."""
    if not ctx.board.has_port(port):
        return rule, f"there is no port called {port!r}"
    return None


def your_galley(
    ctx: Ctx, state: ClassicState, seat: int, number: int, rule: str
) -> tuple[Galley | None, Reason]:
    """``seat``'s galley ``number``, or ``None`` and why it is not his."""
    galley = ctx.own_galley(state, number, seat)
    if galley is None:
        return None, (rule, f"galley {number} is not one of your galleys")
    return galley, None


def cargo_room(ctx: Ctx, galley: Galley, rule: str) -> Reason:
    """Why ``galley`` can take no more goods, or ``None`` if it can."""
    if ctx.free_cargo(galley) < 1:
        spec = ctx.params.galley
        return rule, (
            f"galley {galley.id} has no room for more goods "
            f"(at most {spec.spaces} pieces with at least one sailor, C-ORG-2)"
        )
    return None
