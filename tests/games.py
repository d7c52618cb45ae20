"""Whole or partial games the editions' tests share: random positions and bot strength."""

from __future__ import annotations

import random
from collections.abc import Mapping

from serenissima.agents import Agent, GreedyAgent, RandomAgent, play_game
from serenissima.engine.core import CHANCE, TERMINAL, State
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import Game, sample_outcome


def random_state(
    rules: Ruleset,
    players: int,
    decisions: int,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> State:
    """The state after up to ``decisions`` random decisions, chance resolved, from ``seed``."""
    game = Game(rules, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.advance()
        if game.is_over():
            break
        actions = game.legal_actions()
        game.play(actions[rng.randrange(len(actions))])
    game.advance()
    return game.state


def random_walk(rules: Ruleset, players: int, seed: int, steps: int) -> list[State]:
    """The states of ``steps`` random actions (chance outcomes included), the first included."""
    rng = random.Random(seed)
    states = [rules.new_game(players)]
    for _ in range(steps):
        state = states[-1]
        if state.to_act == TERMINAL:
            break
        if state.to_act == CHANCE:
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        states.append(rules.apply(state, action))
    return states


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
