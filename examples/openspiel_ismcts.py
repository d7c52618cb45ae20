"""OpenSpiel's IS-MCTS bot plays seat 0 of a Serenissima game against random seats.

    python examples/openspiel_ismcts.py                      # modern, 2 players
    python examples/openspiel_ismcts.py --ruleset classic --players 3 --simulations 20

Needs the ``spiel`` extra: ``pip install "serenissima[spiel]"``. Importing
``serenissima.spiel`` registers every installed ruleset with OpenSpiel; the bot
samples what its seat cannot see through the game's ``resample_from_infostate``.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import serenissima.spiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=10, help="searches per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    name = serenissima.spiel.game_name(args.ruleset)
    game = pyspiel.load_game(name, {"players": args.players, "rewards": "rank"})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng
    )
    print(game)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
        elif state.current_player() == 0:
            action = bot.step(state)
            if searched < 3:
                print("IS-MCTS plays", state.action_to_string(action))
            searched += 1
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = ", ".join(f"{r:+.2f}" for r in state.returns())
    moves = len(state.history())
    print(f"game over after {moves} moves ({searched} by IS-MCTS): returns {returns}")


if __name__ == "__main__":
    main()
