"""Why a classic phase-2 action is refused: the rule it breaks, in a sentence.

Legality itself is decided by the legal-action generators of
:mod:`.purchase`, :mod:`.negotiation` and :mod:`.reorganise`; these
functions only look for the most telling reason once an action has been
refused. Refused requests for a price, trades and steps of a deal are
explained in :mod:`.negotiation_explain`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action, is_number
from serenissima.engine.pieces import has_goods

from ..common import ShiftGood
from ..context import Ctx
from ..phases import Negotiating, Purchasing
from ..state import ClassicState
from .actions import BuildFort, BuildGalley, Buy, DiscardGood, DiscardSailor, Hire, ShiftSailor
from .negotiation_explain import DEAL_CHECKS, TRADE_CHECKS
from .purchase import builds_left, hire_allowance
from .reorganise import dismissal_port
from .turn import (
    Reason,
    cargo_room,
    garrison_takes,
    has_port,
    in_box,
    on_turn,
    port_named,
    your_galley,
)

__all__ = ["explain_purchase"]


def _purse(state: ClassicState, seat: int, cost: int, rule: str, what: str) -> Reason:
    if state.ducats[seat] < cost:
        return rule, f"{what} costs {cost} ducats and you have {state.ducats[seat]}"
    return None


def _why_buy(ctx: Ctx, state: ClassicState, action: Buy) -> Reason:
    seat = on_turn(state)
    if (r := port_named(ctx, action.port, "C-BUY-1")) is not None:
        return r
    galley, r = your_galley(ctx, state, seat, action.galley, "C-BUY-1")
    if galley is None:
        return r
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    if spec.area != galley.area:
        return "C-BUY-1", f"galley {galley.id} is not at {spec.id}"
    if port.owner is not None and port.owner != seat:
        return "C-BUY-4", f"{spec.id} belongs to seat {port.owner}: ask its owner for a price"
    if in_box(ctx, state, spec.good) < 1:
        return "C-BUY-8", f"no {spec.good} is left in the box"
    if (r := cargo_room(ctx, galley, "C-BUY-7")) is not None:
        return r
    return _purse(state, seat, ctx.params.costs.cube, "C-BUY-3", "a piece")


def _why_build_galley(ctx: Ctx, state: ClassicState, action: BuildGalley) -> Reason:
    seat = on_turn(state)
    if (r := port_named(ctx, action.port, "C-BUILD-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    params, costs = ctx.params, ctx.params.costs
    if port.owner != seat:
        return "C-BUILD-1", f"you can build only at ports you control, not at {spec.id}"
    if not builds_left(ctx, state, spec.id):
        return "C-BUILD-2", f"{spec.id} has already had its build this round"
    if not has_goods(params.builds.galley_requires, spec.good, port.warehouse):
        needs = " and ".join(params.builds.galley_requires)
        return "C-BUILD-3", f"a galley needs {needs}, produced at {spec.id} or in its warehouse"
    if len(state.galleys) >= params.components.galleys:
        return "C-COMP-1", f"all {params.components.galleys} galleys are in play"
    if action.crew not in ("hire", "garrison"):
        return "C-BUILD-5", "the new galley's crew is either hired or taken from the garrison"
    if action.crew == "garrison":
        if port.garrison < 1:
            return "C-BUILD-5", f"{spec.id} has no garrison sailor to crew the galley"
        return _purse(state, seat, costs.galley, "C-BUILD-1", "a galley")
    if (r := _why_no_recruit(ctx, state, index)) is not None:
        return r
    return _purse(
        state, seat, costs.galley + costs.recruit, "C-BUILD-1", "a galley with a hired sailor"
    )


def _why_no_recruit(ctx: Ctx, state: ClassicState, index: int) -> Reason:
    allowance = hire_allowance(ctx, state, index)
    name = ctx.board.ports[index].id
    if allowance is not None and state.hired[index] >= allowance:
        return "C-HIRE-2", (
            f"{name} can recruit {allowance} sailor(s) this round, one per good in its "
            f"warehouse, and {state.hired[index]} have been hired"
        )
    if state.sailors_box is not None and state.sailors_box < 1:
        return "C-COMP-4", "no sailors are left in the box"
    return None


def _why_build_fort(ctx: Ctx, state: ClassicState, action: BuildFort) -> Reason:
    seat = on_turn(state)
    if (r := port_named(ctx, action.port, "C-BUILD-1")) is not None:
        return r
    spec, port = ctx.board.port(action.port), ctx.port(state, action.port)
    requires = ctx.params.builds.fort_requires
    if port.owner != seat:
        return "C-BUILD-1", f"you can build only at ports you control, not at {spec.id}"
    if not builds_left(ctx, state, spec.id):
        return "C-BUILD-2", f"{spec.id} has already had its build this round"
    if not has_goods(requires, spec.good, port.warehouse):
        needs = " and ".join(requires)
        return "C-BUILD-4", f"a fortress needs {needs}, produced at {spec.id} or in its warehouse"
    most = state.options.max_forts_per_port
    if port.forts >= most:
        return "C-BUILD-4", f"{spec.id} already has {port.forts} fortress(es), the most allowed"
    if state.forts_box < 1:
        return "C-COMP-2", "no fortresses are left in the box"
    return _purse(state, seat, ctx.params.costs.fort, "C-BUILD-1", "a fortress")


def _why_hire(ctx: Ctx, state: ClassicState, action: Hire) -> Reason:
    seat = on_turn(state)
    if (r := port_named(ctx, action.port, "C-HIRE-1")) is not None:
        return r
    index = ctx.board.port_index(action.port)
    spec, port = ctx.board.ports[index], state.ports[index]
    if port.owner != seat:
        return "C-HIRE-1", f"sailors are hired only at ports you control, not at {spec.id}"
    if (r := _why_no_recruit(ctx, state, index)) is not None:
        return r
    if action.galley == 0:
        if not garrison_takes(ctx, state, index):
            return "C-HIRE-3", (
                f"the garrison of {spec.id} is full (at most {spec.warehouse} sailors, "
                "option classic_garrison_cap)"
            )
    else:
        galley, r = your_galley(ctx, state, seat, action.galley, "C-HIRE-3")
        if galley is None:
            return r
        if galley.area != spec.area:
            return "C-HIRE-3", f"galley {galley.id} is not at {spec.id}"
        if not ctx.room(galley)[0]:
            return "C-ORG-2", f"galley {galley.id} has no room for another sailor"
    return _purse(state, seat, ctx.params.costs.recruit, "C-HIRE-1", "a sailor")


def _end(ctx: Ctx, state: ClassicState, seat: int, end: str) -> tuple[str | None, Reason]:
    """The sea area of a transfer's end (a galley number or a port id), or why it is no end."""
    if is_number(end):
        galley = ctx.own_galley(state, int(end), seat)
        if galley is None:
            return None, ("C-ORG-1", f"galley {end} is not one of your galleys")
        return galley.area, None
    if not ctx.board.has_port(end):
        return None, ("C-ORG-1", f"there is no port or galley called {end!r}")
    if ctx.port(state, end).owner != seat:
        return None, ("C-ORG-1", f"sailors move into or out of ports you control, not {end}")
    return ctx.board.port(end).area, None


def _why_shift_sailor(ctx: Ctx, state: ClassicState, action: ShiftSailor) -> Reason:
    seat = on_turn(state)
    source, target = action.source, action.target
    if source == target:
        return "C-ORG-1", "a sailor must move somewhere else"
    source_area, r = _end(ctx, state, seat, source)
    if source_area is None:
        return r
    target_area, r = _end(ctx, state, seat, target)
    if target_area is None:
        return r
    if not is_number(source) and not is_number(target):
        return "C-ORG-1", "sailors move between a port and a galley, not between two ports"
    if source_area != target_area:
        return "C-ORG-1", "sailors move only within one sea area"
    if not is_number(source) and ctx.port(state, source).garrison < 1:
        return "C-ORG-1", f"{source} has no garrison sailor to send"
    if is_number(target):
        galley = state.galley(int(target))
        assert galley is not None
        if not ctx.room(galley)[0]:
            return "C-ORG-2", f"galley {target} has no room for another sailor"
    elif not garrison_takes(ctx, state, ctx.board.port_index(target)):
        return "C-ORG-1", (
            f"the garrison of {target} is full (at most "
            f"{ctx.board.port(target).warehouse} sailors, option classic_garrison_cap)"
        )
    return "C-ORG-1", "that would send a sailor back where one came from earlier this turn"


def _why_shift_good(ctx: Ctx, state: ClassicState, action: ShiftGood) -> Reason:
    seat = on_turn(state)
    if action.source == action.target:
        return "C-ORG-1", "goods must move to another galley"
    source, r = your_galley(ctx, state, seat, action.source, "C-ORG-1")
    if source is None:
        return r
    target, r = your_galley(ctx, state, seat, action.target, "C-ORG-1")
    if target is None:
        return r
    if source.area != target.area:
        return "C-ORG-1", "goods move only between galleys in the same sea area"
    if action.good not in source.cargo:
        return "C-ORG-1", f"galley {source.id} carries no {action.good}"
    if (r := cargo_room(ctx, target, "C-ORG-2")) is not None:
        return r
    return "C-ORG-1", "that would send goods back where they came from earlier this turn"


def _why_discard_good(ctx: Ctx, state: ClassicState, action: DiscardGood) -> Reason:
    seat = on_turn(state)
    galley, r = your_galley(ctx, state, seat, action.galley, "C-DISC-1")
    if galley is None:
        return r
    if not has_port(ctx, galley.area):
        return (
            "X-C-40",
            "nothing can be thrown back in the box on the high seas, away from any port",
        )
    return "C-DISC-1", f"galley {galley.id} carries no {action.good}"


def _why_discard_sailor(ctx: Ctx, state: ClassicState, action: DiscardSailor) -> Reason:
    seat = on_turn(state)
    galley, r = your_galley(ctx, state, seat, action.galley, "C-DISC-2")
    if galley is None:
        return r
    if galley.sailors < 2:
        return "C-DISC-2", f"galley {galley.id} must keep at least one sailor aboard"
    return dismissal_port(ctx, state, seat, galley.area)


_TURN_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Buy: _why_buy,
    BuildGalley: _why_build_galley,
    BuildFort: _why_build_fort,
    Hire: _why_hire,
    ShiftSailor: _why_shift_sailor,
    ShiftGood: _why_shift_good,
    DiscardGood: _why_discard_good,
    DiscardSailor: _why_discard_sailor,
    **TRADE_CHECKS,
}


def explain_purchase(ctx: Ctx, state: ClassicState, action: Action) -> Reason:
    """The rule and a sentence saying why a refused phase-2 action is not allowed.

    Returns ``None`` when nothing more specific than "not one of the choices
    now" can be said.
    """
    if isinstance(state.phase, Negotiating):
        check = DEAL_CHECKS.get(type(action))
    elif isinstance(state.phase, Purchasing):
        check = _TURN_CHECKS.get(type(action))
    else:
        return None
    return check(ctx, state, action) if check is not None else None
