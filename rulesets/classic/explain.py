"""Why an action is illegal: the rule it breaks, in a sentence a player understands.

Legality itself is decided by the legal-action generators; the explanations
only look for the most telling reason once an action has been refused. Each
stage explains its own actions (the ``explain`` module of its package); this
module asks the stage whose action was refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.phases import PhaseRules

from .bids.explain import CHECKS as BID_CHECKS
from .common import Reason
from .context import Ctx
from .purchases.explain import explain_purchase
from .sales.explain import CHECKS as SALE_CHECKS
from .sea.explain import CHECKS as SEA_CHECKS
from .setup.explain import CHECKS as CREW_CHECKS
from .state import ClassicState

__all__ = ["explain"]


def explain(ctx: Ctx, state: ClassicState, action: Action, rules: PhaseRules) -> IllegalActionError:
    """Return the error for an action the legal-action generator refused."""
    if state.to_act == TERMINAL:
        return IllegalActionError(action, "C-SCORE-1", "the game is over")
    if type(action) not in rules.steps:
        who = "chance" if state.to_act == CHANCE else f"seat {state.to_act}"
        return IllegalActionError(
            action,
            rules.rule_id,
            f"{action.text()!r} is not possible now; {who} decides: {rules.prompt}",
        )
    if state.to_act == CHANCE:
        return IllegalActionError(
            action, rules.rule_id, f"{action.text()!r} is not an outcome of this chance node"
        )
    check = _CHECKS.get(type(action))
    reason = check(ctx, state, action) if check is not None else None
    if reason is None:
        reason = explain_purchase(ctx, state, action)
    if reason is None:
        reason = (
            rules.rule_id,
            f"{action.text()!r} is not one of the choices now ({rules.prompt})",
        )
    return IllegalActionError(action, *reason)


_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    **CREW_CHECKS,
    **BID_CHECKS,
    **SEA_CHECKS,
    **SALE_CHECKS,
}
"""Each stage's explanations, by action class; phase 2's are asked by :func:`explain_purchase`."""
