"""The settings of one decision's search: the agent's, else the ruleset's hints, else defaults.

:func:`search_settings` joins what an
:class:`~serenissima.agents.ismcts.ISMCTSAgent` was given with the ruleset's
search hints (:class:`~serenissima.engine.spec.SearchHints`) and the defaults
that depend on the player count, for the game of one state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

from serenissima.agents._tree import DEFAULT_WIDTH, DENIAL, Settings
from serenissima.engine.core import State
from serenissima.engine.errors import ArgumentValueError
from serenissima.engine.spec import SearchHints

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["NO_HINTS", "Defaults", "Given", "hints_for", "search_settings"]


class Given(Protocol):
    """What the agent was given: its settings, ``None`` where it was not."""

    iterations: int | None
    seconds: float | None
    exploration: float
    depth: int | None
    rollout: str | None
    prior: int
    minimax: float | None
    rival: float | None
    denial: float | None
    scale: str | None
    width: int | None
    horizon: str | None
    hints: bool
    evaluator: str


class Defaults(NamedTuple):
    """The agent's defaults (``rival`` at two seats only; at more it is 0)."""

    depth: int
    minimax: float
    rival: float


NO_HINTS: Final = SearchHints()
"""The hints of a ruleset that gives none."""


def hints_for(agent: Given, rules: Ruleset, players: int) -> SearchHints:
    """The ruleset's hints for a game of ``players`` seats, unless the agent ignores them."""
    hints = rules.info.search if agent.hints else NO_HINTS
    return hints.at(players) if hints.applies(players) else NO_HINTS


def search_settings(
    agent: Given, rules: Ruleset, state: State, hints: SearchHints, defaults: Defaults
) -> tuple[Settings, str]:
    """The settings of a search from ``state``, and the rollout kind.

    Raises:
        ArgumentValueError: The learned evaluation asked for, and the ruleset
            ships none for the game's player count.
    """
    players = state.players
    model = None
    two = players == 2
    rival, denial = agent.rival, agent.denial
    if agent.evaluator == "learned":
        model = rules.values
        if model is None or not model.applies(players):
            raise ArgumentValueError(
                f"evaluator 'learned': the {rules.id!r} ruleset ships no value model "
                f"for {players} seats"
            )
        # Chances of winning are already relative to the other seats.
        rival = 0.0 if rival is None else rival
        denial = 0.0 if denial is None else denial
    rollout = agent.rollout or hints.rollout or "random"
    depth = agent.depth if agent.depth is not None else defaults.depth
    minimax = agent.minimax if agent.minimax is not None else defaults.minimax
    horizon = agent.horizon or hints.horizon or ("turn" if two else "stage")
    scale = agent.scale or hints.scale or "tree"
    settings = Settings(
        agent.iterations,
        agent.seconds,
        agent.exploration,
        depth,
        rollout == "heuristic",
        agent.prior,
        minimax,
        rival if rival is not None else (defaults.rival if two else 0.0),
        denial if denial is not None else DENIAL,
        scale == "siblings",
        agent.width or hints.width or DEFAULT_WIDTH,
        horizon == "turn",
        model,
    )
    return settings, rollout
