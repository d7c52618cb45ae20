"""The agents by name, for command lines and configuration files.

:data:`AGENT_KINDS` lists the names and :func:`make_agent` makes a new agent
from one of them: ``"random"`` (:class:`~serenissima.agents.base.RandomAgent`)
or ``"greedy"`` (:class:`~serenissima.agents.greedy.GreedyAgent`). A new kind
of agent lives in a module of its own under :mod:`serenissima.agents` and gets
its name here.
"""

from __future__ import annotations

from typing import Final

from serenissima.agents.base import Agent, RandomAgent
from serenissima.agents.greedy import GreedyAgent
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

__all__ = ["AGENT_KINDS", "make_agent"]

AGENT_KINDS: Final[tuple[str, ...]] = ("random", "greedy")
"""The names :func:`make_agent` knows, for command lines and configuration files."""


def make_agent(kind: str, seed: int | None = None) -> Agent:
    """Make an agent by name.

    Args:
        kind: One of :data:`AGENT_KINDS`: ``"random"``
            (:class:`~serenissima.agents.base.RandomAgent`) or ``"greedy"``
            (:class:`~serenissima.agents.greedy.GreedyAgent`).
        seed: Seed of the agent's own generator.

    Returns:
        A new agent.

    Raises:
        SerenissimaError: ``kind`` names no agent.

    Example:
        >>> make_agent("random", seed=2)
        RandomAgent(seed=2)
        >>> make_agent("greedy", seed=2)
        GreedyAgent(seed=2)
    """
    if not isinstance(kind, str):
        raise ArgumentTypeError("kind", f"an agent kind, one of {', '.join(AGENT_KINDS)}", kind)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ArgumentTypeError("seed", "an int or None", seed)
    if kind == "random":
        return RandomAgent(seed)
    if kind == "greedy":
        return GreedyAgent(seed)
    raise ArgumentValueError(f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}")
