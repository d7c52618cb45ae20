"""What one game of a batch leaves: its statistics and the figures of its standings.

A worker that plays a game of a batch (see :mod:`serenissima.analysis.run.games`)
returns a :class:`GameOutcome`: the game's :class:`GameStats` (its length,
the scores, the winners and the winner's margin) with each figure of its
standings by seat. A batch adds them up into its summary (see
:mod:`serenissima.analysis.simulate.summary`), a ladder into its ratings, and a
journal keeps them to resume a run.
"""

from __future__ import annotations

import attrs

__all__ = ["GameOutcome", "GameStats"]


@attrs.frozen(slots=True)
class GameStats:
    """What happened in one game of a batch.

    Attributes:
        index: The game's index in the batch, from 0.
        seed: The game's seed
            (:attr:`~serenissima.analysis.simulate.batch.GameSeeds.game`).
        decisions: The number of seat decisions.
        chance: The number of chance nodes.
        turns: The turn (or round) reached at the end.
        scores: The final score of each seat, by seat.
        winners: The seats ranked first (several on a shared win).
        margin: The winner's score minus the best score of the other seats;
            0 on a shared win (and with a single seat).

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> summary = simulate(ser.load_ruleset("modern"), 2, games=1, seed=1, keep_games=True)
        >>> row = summary.rows[0]
        >>> row.index, len(row.scores), row.margin >= 0, row.shared == (len(row.winners) > 1)
        (0, 2, True, True)
    """

    index: int
    seed: int
    decisions: int
    chance: int
    turns: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    margin: int

    @property
    def shared(self) -> bool:
        """True when several seats share the win."""
        return len(self.winners) > 1


@attrs.frozen
class GameOutcome:
    """What a batch keeps of one game: its statistics and the figures of its standings.

    Attributes:
        stats: The game's statistics.
        parts: Each figure of the standings' breakdown (see
            :attr:`~serenissima.analysis.simulate.summary.SimulationSummary.parts`), in
            the order they appear, with its value by seat.
        seat_names: Each seat's nation, when the edition names them; else empty.

    Example:
        >>> from serenissima.analysis.run.games import GameTask, RulesetRef, play_task
        >>> task = GameTask(RulesetRef.of("modern"), 2, ("random", "random"), seed=1, index=0)
        >>> names = [name for name, _ in play_task(task).parts]
        >>> names[0]
        'ducats'
    """

    stats: GameStats
    parts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    seat_names: tuple[str, ...] = ()
