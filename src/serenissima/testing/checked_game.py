"""The game under check: what every check shares, and how a failure is reported.

:class:`CheckedGame` holds the context of one random game of a conformance
run: the ruleset, the player count, the seed, the options (hidden money added
to the games of odd seed when the ruleset offers it, unless the caller fixes
it), the actions played so far, the generator that picks the probes, and the
:class:`Totals` of the whole run. Its ``fail`` makes the
:class:`~serenissima.testing.report.ConformanceError` that names the game and
the check, and ``round_trip`` checks a value through JSON. :func:`choose` is
the random player: chance by its exact probabilities, seats uniformly.

The checks are mixins on :class:`CheckedGame`, one module per job
(:mod:`~serenissima.testing.checks_actions`,
:mod:`~serenissima.testing.checks_views`,
:mod:`~serenissima.testing.checks_end`), put together and played by
:mod:`~serenissima.testing.conformance`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

import attrs

from serenissima.engine.chance import sample_outcome
from serenissima.engine.core import CHANCE, Action, State
from serenissima.records.serialize import from_json, to_json
from serenissima.testing.report import ConformanceError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__: list[str] = []  # the checks' shared base; the kit's API is check_ruleset

_HIDDEN_OPTION: Final = "money_visibility"
_HIDDEN_VALUE: Final = "hidden"


@attrs.define
class Totals:
    """The counts of a whole run, over every game, for its report."""

    games: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    longest_game: int = 0
    illegal_rejected: int = 0


def _hides_money(rules: Ruleset) -> bool:
    return any(
        spec.name == _HIDDEN_OPTION and _HIDDEN_VALUE in spec.values for spec in rules.options
    )


def choose(rules: Ruleset, state: State, rng: random.Random) -> Action:
    """The random player: chance by its exact probabilities, seats uniformly."""
    if state.to_act == CHANCE:
        return sample_outcome(rules.chance_outcomes(state), rng)
    return rng.choice(rules.legal_actions(state))


class CheckedGame:
    """One random game under check: its context, shared by every check."""

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        seed: int,
        base_options: dict[str, object],
        max_decisions: int,
        totals: Totals,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.base_options = base_options
        self.options = dict(base_options)
        if _hides_money(rules) and _HIDDEN_OPTION not in self.options and seed % 2:
            self.options[_HIDDEN_OPTION] = _HIDDEN_VALUE
        always = getattr(rules.engine, "money_hidden", False) is True
        self.hidden = always or self.options.get(_HIDDEN_OPTION) == _HIDDEN_VALUE
        self.max_decisions = max_decisions
        self.totals = totals
        self.probe = random.Random(seed ^ 0x5EED5)
        self.pool: list[Action] = []
        self.pooled: set[Action] = set()
        self.actions: list[Action] = []
        self.successors: dict[str, frozenset[str]] = {}

    # --- reporting ---------------------------------------------------------

    def fail(self, check: str, detail: str) -> ConformanceError:
        return ConformanceError(
            check,
            detail,
            ruleset=self.rules.id,
            players=self.players,
            seed=self.seed,
            options=self.options,
            actions=[a.text() if _has_text(a) else repr(a) for a in self.actions],
            base_options=self.base_options,
        )

    def round_trip(self, check: str, obj: Any, cls: Any) -> None:
        rules = self.rules
        try:
            back = from_json(rules, cls, to_json(rules, obj))
        except Exception as exc:
            raise self.fail(check, f"{obj!r} does not round-trip through JSON: {exc}") from exc
        if back != obj:
            raise self.fail(check, f"{obj!r} reads back from JSON as {back!r}")


def _has_text(action: Action) -> bool:
    try:
        action.text()
    except Exception:
        return False
    return True
