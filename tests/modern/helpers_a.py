"""Small checks shared by the modern set-up, loading, movement and sale tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from modern.scenario import modern, play
from serenissima.engine.errors import IllegalActionError
from serenissima_rulesets.modern.state import ModernState, Port

__all__ = ["dice_counts", "legal", "new_game", "owner_of", "port", "rejects"]


def legal(state: ModernState) -> set[str]:
    """The text forms of every legal action (or chance outcome) in ``state``."""
    return {action.text() for action in modern().legal_actions(state)}


def rejects(state: ModernState, text: str, rule_id: str) -> IllegalActionError:
    """Check that ``text`` is refused in ``state`` for the rule ``rule_id``.

    States are immutable, so the refused action leaves ``state`` as it was;
    the caller can go on using it.
    """
    rules = modern()
    action = rules.parse_action(state, text)
    assert not rules.is_legal(state, action), f"{text!r} is legal"
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, action)
    assert info.value.rule_id == rule_id, info.value
    return info.value


def new_game(players: int, *texts: str, options: Mapping[str, Any] | None = None) -> ModernState:
    """A new game driven through its set-up decisions and chance outcomes."""
    state = modern().new_game(players, options or {})
    assert isinstance(state, ModernState)
    return play(state, *texts)


def port(state: ModernState, port_id: str) -> Port:
    """The pieces on port ``port_id``."""
    return state.ports[modern().board.port_index(port_id)]


def owner_of(state: ModernState, port_id: str) -> int | None:
    """Who holds port ``port_id`` (and its Port card); ``None`` when neutral."""
    return port(state, port_id).owner


def dice_counts(state: ModernState) -> tuple[int, int]:
    """How many dice the attacker and the defender roll at this battle chance node."""
    outcomes = [action for action, _ in modern().chance_outcomes(state)]
    assert outcomes, "not a chance node"
    return max(a.attacker for a in outcomes), max(a.defender for a in outcomes)
