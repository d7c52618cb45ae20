"""What a conformance run reports: the report of a run that passed, the error of one that failed.

:class:`ConformanceReport` counts what
:func:`~serenissima.testing.conformance.check_ruleset` played: games, decisions,
chance outcomes, the longest game and the illegal actions refused.
:class:`ConformanceError` says which check failed, in which game, and how to
play that game again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from serenissima.engine.errors import SerenissimaError

__all__ = ["ConformanceError", "ConformanceReport"]


class ConformanceError(SerenissimaError):
    """A ruleset broke a promise of the ruleset contract during a random game.

    The message names the check, the ruleset, the player count, the options,
    the game's seed (with a call to
    :func:`~serenissima.testing.conformance.check_ruleset` that plays that game
    again) and the actions that lead to the faulty state. ``base_options``,
    when given, are the options passed to
    :func:`~serenissima.testing.conformance.check_ruleset` (the game may add
    hidden money to them), shown in that call.

    Attributes:
        check: The name of the check that failed, such as ``"chance-sum"``.
        detail: What was wrong.
        ruleset: The ruleset's name.
        players: The player count of the game.
        seed: The game's seed.
        options: The options the game was created with.
        actions: The text forms of the actions applied before the failure.

    Examples:
        >>> from serenissima.testing import ConformanceError
        >>> error = ConformanceError(
        ...     "chance-sum", "probabilities add up to 5/6", ruleset="mine", players=2, seed=7,
        ...     options={}, actions=["roll"],
        ... )
        >>> error.check, error.seed
        ('chance-sum', 7)
    """

    def __init__(
        self,
        check: str,
        detail: str,
        *,
        ruleset: str,
        players: int,
        seed: int,
        options: Mapping[str, object],
        actions: Sequence[str],
        base_options: Mapping[str, object] | None = None,
    ) -> None:
        self.check = check
        self.detail = detail
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.actions = tuple(actions)
        again = dict(options if base_options is None else base_options)
        shown = ", ".join(self.actions) if self.actions else "(none)"
        super().__init__(
            f"conformance check {check!r} failed: {detail}\n"
            f"  ruleset {ruleset!r}, {players} players, options {self.options!r}, seed {seed}\n"
            f"  play it again: check_ruleset({ruleset!r}, players=[{players}], games=1, "
            f"seed={seed}, options={again!r})\n"
            f"  after {len(self.actions)} action(s): {shown}"
        )


@attrs.frozen(slots=True)
class ConformanceReport:
    """What :func:`~serenissima.testing.conformance.check_ruleset` played.

    Attributes:
        ruleset: The ruleset's name.
        players: The player counts played.
        games: Games played, over every player count.
        decisions: Decisions the seats made, over every game.
        chance_nodes: Chance outcomes drawn, over every game.
        longest_game: The most actions (chance outcomes included) of one game.
        illegal_rejected: Illegal actions and malformed texts refused.

    Examples:
        >>> from serenissima.testing import check_ruleset
        >>> report = check_ruleset("classic", players=[3], games=1, seed=4)
        >>> report.games, report.decisions > 0, report.illegal_rejected > 0
        (1, True, True)
    """

    ruleset: str
    players: tuple[int, ...]
    games: int
    decisions: int
    chance_nodes: int
    longest_game: int
    illegal_rejected: int

    def __str__(self) -> str:
        counts = ", ".join(str(n) for n in self.players)
        return (
            f"{self.ruleset}: {self.games} games ({counts} players), {self.decisions} decisions, "
            f"{self.chance_nodes} chance outcomes, longest game {self.longest_game} actions, "
            f"{self.illegal_rejected} illegal actions refused"
        )
