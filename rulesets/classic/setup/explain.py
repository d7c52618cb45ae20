"""Why a crewing of the set-up is refused (C-SETUP-4, C-ORG-2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action

from ..common import Reason
from ..context import Ctx
from ..state import ClassicState
from .actions import Crew

__all__ = ["CHECKS"]


def _crew(ctx: Ctx, state: ClassicState, action: Crew) -> Reason:
    spec = ctx.params.galley
    total = ctx.params.setup_for(state.players).sailors_each
    for n in (action.first, action.second):
        if n < spec.min_sailors:
            return "C-ORG-2", "every galley needs at least one sailor aboard"
        if n > min(spec.max_sailors, spec.spaces):
            return "C-ORG-2", f"a galley holds at most {spec.spaces} pieces, not {n} sailors"
    if action.first + action.second > total:
        return "C-SETUP-4", f"there are only {total} sailors to place"
    return None


CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    Crew: _crew,
}
"""Why an action of the crewing is refused, by action class."""
