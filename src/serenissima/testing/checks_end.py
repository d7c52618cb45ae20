"""The checks at the end of a game: standings, scores, the record, and playing it again.

When a game under check is over, :class:`EndChecks` checks that its standings
are final and list every seat once, that the heuristic's estimate of each seat
is its final score, that the game's record reads back from JSON and replays to
the identical final state (also through
:meth:`serenissima.records.game.Game.from_record`), and that the same seed
plays the same game again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from serenissima.engine.core import Action, State
from serenissima.records.game import Game
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay
from serenissima.testing.checked_game import CheckedGame, choose
from serenissima.testing.report import ConformanceError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__: list[str] = []  # a part of check_ruleset; nothing here is public API


def _playout(
    rules: Ruleset, players: int, options: Mapping[str, object], seed: int, limit: int
) -> tuple[list[Action], State]:
    """Play a game with the random player only, as the checked game does."""
    rng = random.Random(seed)
    state = rules.new_game(players, options)
    actions: list[Action] = []
    while not rules.is_over(state) and len(actions) < limit:
        action = choose(rules, state, rng)
        state = rules.apply(state, action)
        actions.append(action)
    return actions, state


class EndChecks(CheckedGame):
    """The checks on a finished game."""

    def check_end(self, final: State) -> None:
        rules = self.rules
        standings = rules.standings(final)
        if not standings.final:
            raise self.fail("standings", "the standings of a finished game are not final")
        if sorted(s.seat for s in standings.entries) != list(range(self.players)):
            raise self.fail("standings", "the standings do not list every seat once")
        for entry in standings.entries:
            value = rules.evaluate(final, entry.seat)
            if value != entry.score:
                raise self.fail(
                    "evaluate",
                    f"at the end, evaluate gives {value!r} for seat {entry.seat}, "
                    f"whose score is {entry.score}",
                )
        self.check_record(final, standings)
        actions, again = _playout(rules, self.players, self.options, self.seed, len(self.actions))
        if actions != self.actions or again != final:
            raise self.fail(
                "deterministic", "the same seed played again gives another game or final state"
            )

    def check_record(self, final: State, standings: Any) -> None:
        rules = self.rules
        try:
            record = GameRecord.create(rules, self.players, self.options, self.actions, standings)
            back = GameRecord.from_json(record.to_json())
            if back != record:
                raise self.fail("record-json", "the record reads back from JSON changed")
            replayed = replay(back, rules)
            rebuilt = Game.from_record(back, rules).state
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.fail("record-replay", f"the game's record does not replay: {exc}") from exc
        if replayed != final or rebuilt != final:
            raise self.fail("record-replay", "the record replays to another final state")
