"""What a ladder finds: each pairing's games, each agent's rating, and the ladder itself.

:func:`~serenissima.analysis.ladder.run.run_ladder` makes them; they are kept
here apart from the running so that a saved ladder's figures can be read
without playing a game. Each pairing keeps, with each game's share, the
agent that held each seat and the seats that won, so that each agent's share
of the win from each seat (and, when it sat alone among the other agent's
seats, from that seat) can be read from the ladder.

Example:
    >>> from serenissima.analysis.ladder.results import PairingResult
    >>> PairingResult(("greedy", "random"), (1.0, 1.0, 0.0)).share
    0.6666666666666666
"""

from __future__ import annotations

from typing import Any

import attrs

from serenissima.analysis.ladder.fit import ELO
from serenissima.analysis.stats.intervals import Interval, wilson_interval
from serenissima.engine.errors import ArgumentValueError

__all__ = ["Ladder", "PairingResult", "Rating", "SeatShare"]


@attrs.frozen
class SeatShare:
    """An agent's share of the win from one place at the table: a seat, or a seat alone.

    A place's share of a game's win is 1 when that seat alone won, ``1/k``
    when it is one of ``k`` winning seats and 0 otherwise; a game without a
    winner gives every seat ``1 / players``. An even game gives every seat
    :attr:`fair`.

    Attributes:
        games: The games in which the agent held the place.
        wins: The place's share of the win, summed over those games.
        fair: The share an even game gives one seat: ``1 / players``.

    Example:
        >>> from serenissima.analysis.ladder.results import SeatShare
        >>> seat = SeatShare(games=5, wins=1.0, fair=0.5)
        >>> seat.share, seat.interval.rounded(3), SeatShare(0, 0.0, 0.5).share
        (0.2, Interval(low=0.036, high=0.624), None)
    """

    games: int
    wins: float
    fair: float

    @property
    def share(self) -> float | None:
        """The share of the win taken from the place, or ``None`` without a game."""
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> Interval | None:
        """The 95% Wilson interval of :attr:`share`, or ``None`` without a game."""
        return wilson_interval(self.wins, self.games) if self.games else None

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (rounded to 6 digits; ``None`` without a game)."""
        share, interval = self.share, self.interval
        return {
            "games": self.games,
            "wins": round(self.wins, 6),
            "share": None if share is None else round(share, 6),
            "interval": None if interval is None else _ends(interval),
        }


def _ends(interval: Interval) -> list[float]:
    return [round(interval.low, 6), round(interval.high, 6)]


def _seat_wins(winners: tuple[int, ...], players: int) -> list[float]:
    """Each seat's share of one game's win."""
    if not winners:
        return [1 / players] * players
    return [winners.count(seat) / len(winners) for seat in range(players)]


@attrs.frozen
class PairingResult:
    """The games of one pairing: the first agent's share of each, and who sat where.

    Attributes:
        agents: The two agents, first and second.
        shares: The first agent's share of each game, by index (1 a win, 0 a
            loss, between for a shared win); the second agent has the rest.
        seats: Each game's seating, by index: for each seat, 0 when the first
            agent held it and 1 when the second did (see
            :func:`~serenissima.analysis.ladder.seating.seat_pattern`); empty when not kept.
        winners: Each game's winning seats, by index; empty when not kept.

    Raises:
        ArgumentValueError: Seats and winners kept for another number of
            games, a seating of fewer than two seats or of other values than 0
            and 1, or a winner that is not a seat.

    Example:
        >>> from serenissima.analysis.ladder.results import PairingResult
        >>> result = PairingResult(("greedy", "random"), (1.0, 0.5, 1.0, 0.0))
        >>> result.games, result.wins, result.share
        (4, 2.5, 0.625)
        >>> seats = ((0, 1), (1, 0), (1, 0), (0, 1))
        >>> kept = PairingResult(("greedy", "random"), (1.0, 0.0, 0.0, 1.0), seats, ((0,),) * 4)
        >>> [seat.share for seat in kept.by_seat(0)], [seat.share for seat in kept.by_seat(1)]
        ([1.0, 0.0], [1.0, 0.0])
    """

    agents: tuple[str, str]
    shares: tuple[float, ...]
    seats: tuple[tuple[int, ...], ...] = ()
    winners: tuple[tuple[int, ...], ...] = ()

    def __attrs_post_init__(self) -> None:
        if not self.seats and not self.winners:
            return
        if not len(self.seats) == len(self.winners) == len(self.shares):
            raise ArgumentValueError(
                f"expected the seats and winners of {len(self.shares)} games, got "
                f"{len(self.seats)} seatings and {len(self.winners)} winners"
            )
        players = len(self.seats[0])
        for index, (pattern, won) in enumerate(zip(self.seats, self.winners, strict=True)):
            if len(pattern) != players or players < 2 or set(pattern) - {0, 1}:
                raise ArgumentValueError(f"game {index}: {pattern} is not a seating of {players}")
            if any(not 0 <= seat < players for seat in won):
                raise ArgumentValueError(f"game {index}: winners {won} are not all seats")

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

    @property
    def players(self) -> int | None:
        """The number of seats, or ``None`` when the seats are not kept."""
        return len(self.seats[0]) if self.seats else None

    def by_seat(self, side: int) -> tuple[SeatShare, ...]:
        """Return one agent's share of the win from each seat, seat 0 first.

        Args:
            side: 0 for the first agent, 1 for the second.

        Returns:
            For each seat, over the games in which the agent held it, that
            seat's share of the win; empty when the seats are not kept.
        """
        players = self.players
        if players is None:
            return ()
        games, wins = [0] * players, [0.0] * players
        for pattern, won in zip(self.seats, self.winners, strict=True):
            for seat, share in enumerate(_seat_wins(won, players)):
                if pattern[seat] == side:
                    games[seat] += 1
                    wins[seat] += share
        return tuple(SeatShare(g, w, 1 / players) for g, w in zip(games, wins, strict=True))

    def alone(self, side: int) -> SeatShare | None:
        """Return one agent's share of the win from its seat when it held only one.

        Args:
            side: 0 for the first agent, 1 for the second.

        Returns:
            Over the games in which the agent held a single seat (and the other
            agent all the rest), that seat's share of the win; ``None`` when
            the seats are not kept.
        """
        players = self.players
        if players is None:
            return None
        games, wins = 0, 0.0
        for pattern, won in zip(self.seats, self.winners, strict=True):
            if pattern.count(side) == 1:
                games += 1
                wins += _seat_wins(won, players)[pattern.index(side)]
        return SeatShare(games, wins, 1 / players)


@attrs.frozen
class Rating:
    """An agent's Bradley-Terry rating over all the pairings, with its 95% interval.

    Attributes:
        agent: The agent kind.
        rating: The natural log of its strength, anchored (see :class:`Ladder`).
        interval: The bootstrap interval of the rating.

    Example:
        >>> from serenissima.analysis.ladder.results import Rating
        >>> from serenissima.analysis.stats.intervals import Interval
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
        pairings: Every pairing ``(agents[i], agents[j])`` played, ``i < j``, in order:
            every such pair, or with the ``chain`` of pairings ``j = i + 1`` only.
        ratings: Each agent's rating, in the order of :attr:`agents`; the
            first agent's is 0 (the anchor).
        replicates: The bootstrap's resampled ladders.
        seating: How the two agents of a pairing shared the seats: ``alternate``
            or ``one`` (see :func:`~serenissima.analysis.ladder.seating.seat_pattern`).

    Example:
        >>> from serenissima.analysis.ladder.run import run_ladder
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
    seating: str = "alternate"

    @property
    def games(self) -> int:
        """The games of each pairing."""
        return self.pairings[0].games

    def to_dict(self) -> dict[str, Any]:
        """The ladder as JSON-ready data (shares and ratings rounded to 6 digits).

        Each pairing whose seats are kept has a ``seats`` block: each agent's
        share of the win from each seat, and the fair share of a seat; with
        the ``one`` seating, an ``alone`` block too: each agent's share from
        its seat when it held only one.
        """
        return {
            "ruleset": self.ruleset,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "seating": self.seating,
            "games_per_pairing": self.games,
            "agents": list(self.agents),
            "anchor": self.agents[0],
            "bootstrap_replicates": self.replicates,
            "pairings": [self._pairing(p) for p in self.pairings],
            "ratings": [
                {
                    "agent": r.agent,
                    "rating": round(r.rating, 6),
                    "interval": _ends(r.interval),
                    "elo": round(r.elo, 1),
                    "elo_interval": [round(e, 1) for e in _ends(r.elo_interval)],
                }
                for r in self.ratings
            ],
        }

    def _pairing(self, pairing: PairingResult) -> dict[str, Any]:
        data: dict[str, Any] = {
            "agents": list(pairing.agents),
            "games": pairing.games,
            "wins": round(pairing.wins, 6),
            "share": round(pairing.share, 6),
            "interval": _ends(pairing.interval),
        }
        if pairing.players is None:
            return data
        data["seats"] = {
            "fair": round(1 / pairing.players, 6),
            **{
                side: [seat.to_dict() for seat in pairing.by_seat(n)]
                for n, side in enumerate(("first", "second"))
            },
        }
        if self.seating == "one":
            data["alone"] = {
                "fair": round(1 / pairing.players, 6),
                **{
                    side: alone.to_dict()
                    for n, side in enumerate(("first", "second"))
                    if (alone := pairing.alone(n)) is not None
                },
            }
        return data
