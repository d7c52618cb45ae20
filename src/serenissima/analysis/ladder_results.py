"""What a ladder finds: each pairing's games, each agent's rating, and the ladder itself.

:func:`~serenissima.analysis.ladder.run_ladder` makes them; they are kept
here apart from the running so that a saved ladder's figures can be read
without playing a game.

Example:
    >>> from serenissima.analysis.ladder_results import PairingResult
    >>> PairingResult(("greedy", "random"), (1.0, 1.0, 0.0)).share
    0.6666666666666666
"""

from __future__ import annotations

from typing import Any

import attrs

from serenissima.analysis.ladder_fit import ELO
from serenissima.analysis.stats import Interval, wilson_interval

__all__ = ["Ladder", "PairingResult", "Rating"]


@attrs.frozen
class PairingResult:
    """The games of one pairing: the first agent's share of each.

    Attributes:
        agents: The two agents, first and second.
        shares: The first agent's share of each game, by index (1 a win, 0 a
            loss, between for a shared win); the second agent has the rest.

    Example:
        >>> from serenissima.analysis.ladder_results import PairingResult
        >>> result = PairingResult(("greedy", "random"), (1.0, 0.5, 1.0, 0.0))
        >>> result.games, result.wins, result.share
        (4, 2.5, 0.625)
    """

    agents: tuple[str, str]
    shares: tuple[float, ...]

    @property
    def games(self) -> int:
        """The number of games."""
        return len(self.shares)

    @property
    def wins(self) -> float:
        """The first agent's wins (shared wins counted ``1/k``)."""
        return float(sum(self.shares))

    @property
    def share(self) -> float:
        """The first agent's share of the games won."""
        return self.wins / self.games

    @property
    def interval(self) -> Interval:
        """The 95% Wilson interval of :attr:`share`."""
        return wilson_interval(self.wins, self.games)


@attrs.frozen
class Rating:
    """An agent's Bradley-Terry rating over all the pairings, with its 95% interval.

    Attributes:
        agent: The agent kind.
        rating: The natural log of its strength, anchored (see :class:`Ladder`).
        interval: The bootstrap interval of the rating.

    Example:
        >>> from serenissima.analysis.ladder_results import Rating
        >>> from serenissima.analysis.stats import Interval
        >>> Rating("greedy", 1.0, Interval(0.5, 1.5)).elo_interval.rounded(1)
        Interval(low=86.9, high=260.6)
    """

    agent: str
    rating: float
    interval: Interval

    @property
    def elo(self) -> float:
        """The rating on an Elo-like scale (400 points are odds of ten to one)."""
        return self.rating * ELO

    @property
    def elo_interval(self) -> Interval:
        """The interval on the Elo-like scale."""
        return Interval(self.interval.low * ELO, self.interval.high * ELO)


@attrs.frozen
class Ladder:
    """The ladder of one ruleset and player count.

    Attributes:
        ruleset: The ruleset's id.
        version: The ruleset's version.
        players: The number of seats.
        seed: The batch seed.
        agents: The agents, in the order given.
        pairings: Every pairing ``(agents[i], agents[j])`` with ``i < j``, in order.
        ratings: Each agent's rating, in the order of :attr:`agents`; the
            first agent's is 0 (the anchor).
        replicates: The bootstrap's resampled ladders.

    Example:
        >>> from serenissima.analysis.ladder import run_ladder
        >>> (ladder,) = run_ladder(["classic"], ["random", "greedy"], [3], games=2, seed=2)
        >>> ladder.to_dict()["pairings"][0]["agents"]
        ['random', 'greedy']
    """

    ruleset: str
    version: str
    players: int
    seed: int
    agents: tuple[str, ...]
    pairings: tuple[PairingResult, ...]
    ratings: tuple[Rating, ...]
    replicates: int

    @property
    def games(self) -> int:
        """The games of each pairing."""
        return self.pairings[0].games

    def to_dict(self) -> dict[str, Any]:
        """The ladder as JSON-ready data (shares and ratings rounded to 6 digits)."""

        def ends(interval: Interval) -> list[float]:
            return [round(interval.low, 6), round(interval.high, 6)]

        return {
            "ruleset": self.ruleset,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "games_per_pairing": self.games,
            "agents": list(self.agents),
            "anchor": self.agents[0],
            "bootstrap_replicates": self.replicates,
            "pairings": [
                {
                    "agents": list(p.agents),
                    "games": p.games,
                    "wins": round(p.wins, 6),
                    "share": round(p.share, 6),
                    "interval": ends(p.interval),
                }
                for p in self.pairings
            ],
            "ratings": [
                {
                    "agent": r.agent,
                    "rating": round(r.rating, 6),
                    "interval": ends(r.interval),
                    "elo": round(r.elo, 1),
                    "elo_interval": [round(e, 1) for e in ends(r.elo_interval)],
                }
                for r in self.ratings
            ],
        }
