"""Why an action is refused: the order in which every edition looks for the reason.

An action that is not among the legal ones is explained first by what holds
in every game (the game is over; the action is not one of the current
stage's; at a chance node, it is not one of its outcomes), then by the
edition's checks for the action's class, and last by the stage's own prompt.
Each edition hands :func:`explain_refusal` its checks; the rule named is the
most telling one found.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from serenissima.engine.core import CHANCE, TERMINAL, Action
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.phases import PhaseRules

__all__ = ["Check", "Reason", "explain_refusal"]

Reason = tuple[str, str] | None
"""A rule ID and a sentence saying why an action is refused, or ``None`` (no reason found)."""

Check = Callable[[Any, Any, Any], Reason]
"""``check(ctx, state, action)``: why the action is refused, or ``None``."""


def explain_refusal(
    ctx: Any,
    state: Any,
    action: Action,
    rules: PhaseRules,
    *,
    over: str,
    checks: Mapping[type[Action], Check],
    late: Callable[[Any, Action], Reason] | None = None,
    further: Check | None = None,
) -> IllegalActionError:
    """The error for ``action``, refused in ``state`` whose stage ``rules`` describes.

    Args:
        ctx: The edition's context.
        state: The state in which the action was refused.
        action: The refused action.
        rules: The current stage's row of the phase table.
        over: The rule that ends the game, named when the game is over.
        checks: The edition's check of each action class.
        late: Asked first for an action of another stage: why it comes out of turn.
        further: Asked when the action's check finds nothing.

    Example:
        >>> import serenissima as ser
        >>> from serenissima_rulesets.modern.action.actions import Move
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=2)
        >>> ctx = rules.engine.ctx(rules)
        >>> row = ctx.flow.table[type(state.phase)]
        >>> error = explain_refusal(ctx, state, Move("venice"), row, over="M-GAME-1", checks={})
        >>> error.rule_id, error.reason
        ('M-SETUP-7', "'move venice' is not possible now; chance decides: Which port is closed?")
    """
    if state.to_act == TERMINAL:
        return IllegalActionError(action, over, "the game is over")
    if type(action) not in rules.steps:
        reason = None if late is None else late(state, action)
        if reason is not None:
            return IllegalActionError(action, *reason)
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
    check = checks.get(type(action))
    reason = check(ctx, state, action) if check is not None else None
    if reason is None and further is not None:
        reason = further(ctx, state, action)
    if reason is None:
        reason = (
            rules.rule_id,
            f"{action.text()!r} is not one of the choices now ({rules.prompt})",
        )
    return IllegalActionError(action, *reason)
