"""Agents that choose actions for a seat, and the fast loop that plays a game with them.

The floor above the records: an agent sees a ruleset and a state and returns a
legal action. Search bots will live here too, beside the random and greedy ones.
"""

from serenissima.agents.base import (
    AGENT_KINDS,
    DEFAULT_MAX_DECISIONS,
    DEFAULT_MAX_OUTCOMES,
    Agent,
    GameResult,
    GreedyAgent,
    RandomAgent,
    make_agent,
    play_game,
)

__all__ = [
    "AGENT_KINDS",
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_MAX_OUTCOMES",
    "Agent",
    "GameResult",
    "GreedyAgent",
    "RandomAgent",
    "make_agent",
    "play_game",
]
