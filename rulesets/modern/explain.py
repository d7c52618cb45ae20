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

from serenissima.engine.core import Action
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.refusals import explain_refusal

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
    return explain_refusal(
        ctx, state, action, rules, over="M-GAME-1", checks=_CHECKS, late=out_of_order
    )


_CHECKS: dict[type[Action], Callable[[Ctx, ModernState, Any], Reason]] = {
    **SETUP_CHECKS,
    **ACTION_CHECKS,
    **INVESTMENT_CHECKS,
}
"""Each stage's explanations, by action class."""
