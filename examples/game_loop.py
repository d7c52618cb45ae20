"""The shortest complete game loop: random seats play one game to the end.

It shows the whole API a driver needs: ``new_game``, who acts (a seat or
chance), ``legal_actions``, ``chance_outcomes`` with exact probabilities,
``apply``, ``is_over`` and the final ``standings``. Both editions use the same
loop.

Run it::

    python examples/game_loop.py                      # the modern edition, 4 players
    python examples/game_loop.py --ruleset classic --players 3 --seed 7
"""

from __future__ import annotations

import argparse
import random

import serenissima as ser
from serenissima.engine.chance import sample_outcome


def play(ruleset: str, players: int, seed: int) -> ser.Standings:
    """Play one game between random seats and return the final standings."""
    rules = ser.load_ruleset(ruleset)
    rng = random.Random(seed)
    state = rules.new_game(players)
    while not rules.is_over(state):
        if state.to_act == ser.CHANCE:
            # Dice, cards and draws: every outcome with its exact Fraction probability.
            action = sample_outcome(rules.chance_outcomes(state), rng)
        else:
            # The seat state.to_act decides among its legal actions.
            action = rng.choice(rules.legal_actions(state))
        state = rules.apply(state, action)  # a new state; the old one is unchanged
    return rules.standings(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play one game between random seats and print the final standings."
    )
    parser.add_argument("--ruleset", choices=("modern", "classic"), default="modern")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    standings = play(args.ruleset, args.players, args.seed)
    print(f"Final standings ({args.ruleset}, {args.players} players, seed {args.seed}):")
    for entry in standings.entries:
        parts = ", ".join(f"{name} {value}" for name, value in entry.breakdown)
        print(f"  rank {entry.rank}: seat {entry.seat} scores {entry.score} ({parts})")
    print(f"Winner(s): {', '.join(f'seat {seat}' for seat in standings.winners)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
