"""The flow of a modern turn: the Doge's token going round the wheel of galleys.

:func:`next_activation` activates the next galley of the wheel, or ends the
turn (M-TURN-1, M-TURN-2, M-TURN-4); :func:`end_activation` ends the active
galley's activation, as the last stage of an Action or an Investment does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from serenissima.engine.rule_index import rule
from serenissima.engine.values import replacer

from .common import GalleyActivated
from .helpers import CHOOSING, Events, new_state
from .state import ModernState

if TYPE_CHECKING:
    from .context import Ctx

__all__ = ["end_activation", "next_activation"]

_activated = replacer(ModernState, "phase", "to_act", "wheel", "act")
"""``new_state`` for a galley's activation, when the step changed nothing else."""


@rule("M-TURN-2", "M-TURN-4", "M-TURN-1")
def next_activation(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """Move the black token to the next galley to activate, or end the turn (M-TURN-2/4).

    ``changes`` are the step's other changes; the new state is built once.
    """
    wheel = changes.get("wheel", state.wheel)
    skip = changes.get("skip", state.skip)
    galleys = changes.get("galleys", state.galleys)
    for galley in galleys:
        if galley.number > wheel and galley.number not in skip:
            ev.append(GalleyActivated(galley.owner, galley.number))
            if not changes:  # the step changed nothing else: new_state without its keywords
                act = ctx.activation(galley.number, galley.area)
                return _activated(state, CHOOSING, galley.owner, galley.number, act)
            changes["phase"] = CHOOSING
            changes["to_act"] = galley.owner
            changes["wheel"] = galley.number
            changes["act"] = ctx.activation(galley.number, galley.area)
            return new_state(state, **changes)
    return ctx.flow.begin("end", ctx, state, ev, **changes)


def end_activation(ctx: Ctx, state: ModernState, ev: Events, **changes: Any) -> ModernState:
    """Finish the current activation and activate the next galley."""
    return next_activation(ctx, state, ev, **changes)
