"""How often one greedy seat wins against random seats: the editions' bot-strength tests."""

from __future__ import annotations

from serenissima.agents import Agent, GreedyAgent, RandomAgent, play_game
from serenissima.ruleset import Ruleset


def greedy_share(rules: Ruleset, players: int, games: int) -> float:
    """The greedy seat's share of the wins over ``games`` games, rotating its seat.

    Game ``i`` seats the greedy bot at seat ``i % players`` and random bots
    elsewhere, all seeded from ``i``; a win shared by ``k`` seats counts ``1/k``.
    A seat no better than the others would have ``1 / players``.
    """
    share = 0.0
    for i in range(games):
        greedy = i % players
        agents: list[Agent] = [
            GreedyAgent(i) if seat == greedy else RandomAgent(1000 + i * players + seat)
            for seat in range(players)
        ]
        winners = play_game(rules, players, agents, seed=i).standings.winners
        share += (greedy in winners) / len(winners)
    return share / games
