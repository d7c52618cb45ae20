"""A conformance check that every ruleset must pass.

:func:`check_ruleset` plays random games of a ruleset for every player count
it supports and checks, at every step, the promises of the
:class:`~serenissima.engine.ruleset.Ruleset` contract that front ends, records and
bots rely on. It uses the public API only, so a third-party ruleset (or a
new edition) can run it in its own test suite::

    from serenissima.testing import check_ruleset

    def test_my_ruleset_conforms():
        report = check_ruleset("my-ruleset", games=20)
        assert report.games == 20 * len(report.players)

What is checked, at every state of every game:

- ``is_over`` agrees with ``to_act``; the seat to act has at least one legal
  action, and a finished game has none; legal actions are distinct;
- ``rules.decision(state).actor == state.to_act``;
- at a chance node, every outcome has a positive probability, the
  probabilities add up to exactly 1, and the outcomes are the legal actions;
  elsewhere there are no chance outcomes;
- every legal action's text form reads back to the same action, its JSON
  form reads back to the same action, ``is_legal`` accepts it, and it
  applies; ``apply_unchecked`` agrees with ``step`` on the action played;
- actions that are legal elsewhere but not here, and a few malformed texts,
  are refused with :class:`~serenissima.engine.errors.IllegalActionError` (the
  state left equal to a copy taken before) or
  :class:`~serenissima.engine.errors.ActionParseError`, never another exception;
- states, events and every seat's observation round-trip through JSON;
- at every tenth state (these are slower), ``render`` draws the state as
  text for everyone and for each seat, ``evaluate`` gives each seat a
  finite number, and a state drawn from each seat's observation with
  ``sample_state`` gives that seat the same observation;
- when money is hidden (by the edition itself, which says so with an engine
  attribute ``money_hidden = True``, or by a ``money_visibility`` option set
  to ``"hidden"``), a seat's observation shows ``None`` for every other seat's ducats, and
  neither it nor the seat's drawing of the state changes when only other seats' ducats change;
- a spectator's observation (``observe(state, None)``) round-trips through
  JSON and shows nothing that some seat is not shown, and at every tenth
  state ``render(state, spectator=True)`` draws it; two actions of the seat
  to act that leave the other seats and a spectator the same views and the
  same events (the states after them differing) are both secret by ``is_secret``;

and for every game: it ends within ``max_decisions`` actions, its final
standings are final, ``evaluate`` equals each seat's final score, its
record read back from JSON replays to the identical final state (also through
:meth:`serenissima.records.game.Game.from_record`), and playing it again from the
same seed gives the same actions and final state.

Chance outcomes are drawn with their exact probabilities and seats choose
uniformly among their legal actions, both from a seeded generator: game ``i``
of a run with seed ``s`` uses seed ``s + i``. When the ruleset offers hidden
money, games with an odd seed are played with it (unless the caller fixes
``money_visibility``).

The checks are grouped by job: the actions of a state
(:mod:`~serenissima.testing.checks_actions`), what the seats see
(:mod:`~serenissima.testing.checks_views`) and the end of a game
(:mod:`~serenissima.testing.checks_end`), on the shared context of
:mod:`~serenissima.testing.checked_game`; this module plays the games and
runs them in order. The report and the error are in
:mod:`~serenissima.testing.report`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Final

from serenissima.engine.core import CHANCE, TERMINAL, Action, Event, State
from serenissima.engine.ruleset import Ruleset
from serenissima.testing.checked_game import Totals, choose
from serenissima.testing.checks_actions import ActionChecks
from serenissima.testing.checks_end import EndChecks
from serenissima.testing.checks_views import ViewChecks
from serenissima.testing.report import ConformanceReport

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_MAX_DECISIONS",
    "check_ruleset",
]

DEFAULT_GAMES: Final = 10
"""Games played per player count when the caller does not say."""

DEFAULT_MAX_DECISIONS: Final = 20_000
"""Actions (chance outcomes included) after which a game counts as endless."""


def check_ruleset(
    rules_or_name: Ruleset | str,
    *,
    players: Iterable[int] | None = None,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    options: Mapping[str, object] | None = None,
) -> ConformanceReport:
    """Play random games of a ruleset and check the ruleset contract at every step.

    Args:
        rules_or_name: A loaded ruleset, or the name or folder of one.
        players: The player counts to play (default: every count the ruleset supports).
        games: Games per player count.
        seed: Seed of the first game; game ``i`` uses ``seed + i``.
        max_decisions: Actions (chance outcomes included) after which a game
            counts as endless.
        options: Rule options of every game (missing ones take their defaults).

    Returns:
        What was played.

    Raises:
        ConformanceError: A check failed; the message says which, and how to
            play the faulty game again.
        OptionError: A player count or an option the ruleset does not accept.

    Example:
        >>> report = check_ruleset("modern", players=[2], games=2)
        >>> report.games, report.players
        (2, (2,))
    """
    if isinstance(rules_or_name, Ruleset):
        rules = rules_or_name
    else:
        from serenissima.engine.registry import load_ruleset

        rules = load_ruleset(rules_or_name)
    counts = tuple(rules.info.players if players is None else players)
    totals = Totals()
    for count in counts:
        for index in range(games):
            _GameCheck(rules, count, seed + index, dict(options or {}), max_decisions, totals).run()
    return ConformanceReport(
        ruleset=rules.id,
        players=counts,
        games=totals.games,
        decisions=totals.decisions,
        chance_nodes=totals.chance_nodes,
        longest_game=totals.longest_game,
        illegal_rejected=totals.illegal_rejected,
    )


class _GameCheck(ActionChecks, ViewChecks, EndChecks):
    """One random game, checked step by step."""

    def run(self) -> None:
        rules = self.rules
        rng = random.Random(self.seed)
        state = rules.new_game(self.players, self.options)
        self.check_flow_start(state)
        while True:
            self.check_state(state)
            if rules.is_over(state):
                break
            if len(self.actions) >= self.max_decisions:
                raise self.fail(
                    "termination", f"the game is not over after {self.max_decisions} actions"
                )
            chance = state.to_act == CHANCE
            action = choose(rules, state, rng)
            state = self.play(state, action)
            if chance:
                self.totals.chance_nodes += 1
            else:
                self.totals.decisions += 1
        self.check_end(state)
        self.totals.games += 1
        self.totals.longest_game = max(self.totals.longest_game, len(self.actions))

    def play(self, state: State, action: Action) -> State:
        rules = self.rules
        new, events = rules.step(state, action)
        unchecked = rules.apply_unchecked(state, action)
        if unchecked != new:
            raise self.fail(
                "unchecked-path", f"apply_unchecked and step disagree on {action.text()!r}"
            )
        self.check_flow_step(state, new, action)
        self.actions.append(action)
        for event in events:
            self.round_trip("event-json", event, Event)
        return new

    # --- checks at every state ------------------------------------------------

    def check_state(self, state: State) -> None:
        rules = self.rules
        over = rules.is_over(state)
        if over != (state.to_act == TERMINAL):
            raise self.fail("is-over", f"is_over is {over} but to_act is {state.to_act}")
        if not (0 <= state.to_act < self.players or state.to_act in (CHANCE, TERMINAL)):
            raise self.fail("to-act", f"to_act is {state.to_act}, not a seat, CHANCE or TERMINAL")
        actor = rules.decision(state).actor
        if actor != state.to_act:
            raise self.fail("decision-actor", f"decision().actor is {actor}, to_act {state.to_act}")
        legal = rules.legal_actions(state)
        self.check_legal_list(state, legal, over)
        self.check_chance(state, legal)
        for action in legal:
            self.check_legal(state, action)
        if not over:
            self.check_illegal(state, legal)
        self.round_trip("state-json", state, type(state))
        self.check_observations(state)
        self.remember(legal)
