"""Why an action is illegal: the rule it breaks, in a sentence a player understands.

Legality itself is decided by the legal-action generators; the explanations
only look for the most telling reason once an action has been refused. Each
stage explains its own actions (the ``explain`` module of its package); this
module asks the stage whose action was refused, after the refusals of an
action out of its turn's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.errors import IllegalActionError

from .action.explain import CHECKS as ACTION_CHECKS
from .action.explain import out_of_order
from .common import Reason
from .context import Ctx
from .investment.explain import CHECKS as INVESTMENT_CHECKS
from .setup.explain import CHECKS as SETUP_CHECKS
from .state import ModernState

if TYPE_CHECKING:
    from serenissima.engine.phases import PhaseRules

__all__ = ["explain"]


def explain(ctx: Ctx, state: ModernState, action: Action, rules: PhaseRules) -> IllegalActionError:
    """Return the error for an action the legal-action generator refused."""
    if state.to_act == TERMINAL:
        return IllegalActionError(action, "M-GAME-1", "the game is over")
    if type(action) not in rules.steps:
        late = out_of_order(state, action)
        if late is not None:
            return IllegalActionError(action, *late)
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
        reason = (
            rules.rule_id,
            f"{action.text()!r} is not one of the choices now ({rules.prompt})",
        )
    return IllegalActionError(action, *reason)


_CHECKS: dict[type[Action], Callable[[Ctx, ModernState, Any], Reason]] = {
    **SETUP_CHECKS,
    **ACTION_CHECKS,
    **INVESTMENT_CHECKS,
}
"""Each stage's explanations, by action class."""
