"""Agents that choose actions for a seat, and the fast loop that plays a game with them.

The floor above the records: an agent sees a ruleset and a state and returns a
legal action. The :class:`~serenissima.agents.base.Agent` protocol and the
baseline random agent are in :mod:`~serenissima.agents.base`; each other agent
has a module of its own (:mod:`~serenissima.agents.greedy`, the search bot in
:mod:`~serenissima.agents.ismcts`), and :mod:`~serenissima.agents.kinds` makes
them by name.
:mod:`~serenissima.agents.play` plays a whole game with them.
"""

from serenissima.agents.base import Agent, RandomAgent
from serenissima.agents.greedy import DEFAULT_MAX_OUTCOMES, DEFAULT_SAMPLES, GreedyAgent
from serenissima.agents.ismcts import ISMCTSAgent
from serenissima.agents.kinds import (
    AGENT_KINDS,
    SEARCH_KINDS,
    STRONGEST_KIND,
    check_kind_for,
    is_agent_kind,
    make_agent,
    split_kind,
    strongest_kind,
    weaker_kind,
)
from serenissima.agents.play import DEFAULT_MAX_DECISIONS, GameResult, choice_states, play_game

__all__ = [
    "AGENT_KINDS",
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_MAX_OUTCOMES",
    "DEFAULT_SAMPLES",
    "SEARCH_KINDS",
    "STRONGEST_KIND",
    "Agent",
    "GameResult",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "check_kind_for",
    "choice_states",
    "is_agent_kind",
    "make_agent",
    "play_game",
    "split_kind",
    "strongest_kind",
    "weaker_kind",
]
