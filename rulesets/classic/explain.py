"""Why an action is illegal: the rule it breaks, in a sentence a player understands.

Legality itself is decided by the legal-action generators; the explanations
only look for the most telling reason once an action has been refused. Each
stage explains its own actions (the ``explain`` module of its package); this
module asks the stage whose action was refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from serenissima.engine.core import Action
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.phases import PhaseRules
from serenissima.engine.refusals import explain_refusal

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
    return explain_refusal(
        ctx, state, action, rules, over="C-SCORE-1", checks=_CHECKS, further=explain_purchase
    )


_CHECKS: dict[type[Action], Callable[[Ctx, ClassicState, Any], Reason]] = {
    **CREW_CHECKS,
    **BID_CHECKS,
    **SEA_CHECKS,
    **SALE_CHECKS,
}
"""Each stage's explanations, by action class; phase 2's are asked by :func:`explain_purchase`."""
