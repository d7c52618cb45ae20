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
  text for everyone and for each seat, and ``evaluate`` gives each seat a
  finite number;
- when money is hidden (by the edition itself, which says so with an engine
  attribute ``money_hidden = True``, or by a ``money_visibility`` option set
  to ``"hidden"``), a seat's observation shows ``None`` for every other seat's ducats, and
  neither it nor the seat's drawing of the state changes when only other seats' ducats change;

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
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, cast

import attrs

from serenissima.engine.core import CHANCE, TERMINAL, Action, Event, State
from serenissima.engine.errors import (
    ActionParseError,
    IllegalActionError,
    SerenissimaError,
)
from serenissima.engine.ruleset import Ruleset
from serenissima.records.game import Game, sample_outcome
from serenissima.records.record import GameRecord
from serenissima.records.replay import replay
from serenissima.records.serialize import from_json, to_json

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_MAX_DECISIONS",
    "ConformanceError",
    "ConformanceReport",
    "check_ruleset",
]

DEFAULT_GAMES: Final = 10
"""Games played per player count when the caller does not say."""

DEFAULT_MAX_DECISIONS: Final = 20_000
"""Actions (chance outcomes included) after which a game counts as endless."""

_ILLEGAL_PER_STATE: Final = 3
"""Actions legal elsewhere tried against each state."""

_MALFORMED_PER_STATE: Final = 2
"""Malformed texts tried against each state."""

_POOL_SIZE: Final = 400
"""Actions remembered from earlier states, to try as illegal ones."""

_DRAWING_EVERY: Final = 10
"""Drawings and estimates are checked at every this many-th state (they cost more)."""

_MALFORMED: Final = ("", "   ", "?", "no such action", "42", "\t\n", "move move move move")

_HIDDEN_OPTION: Final = "money_visibility"
_HIDDEN_VALUE: Final = "hidden"


class ConformanceError(SerenissimaError):
    """A ruleset broke a promise of the ruleset contract during a random game.

    The message names the check, the ruleset, the player count, the options,
    the game's seed (with a call to :func:`check_ruleset` that plays that game
    again) and the actions that lead to the faulty state. ``base_options``,
    when given, are the options passed to :func:`check_ruleset` (the game may
    add hidden money to them), shown in that call.

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
    """What :func:`check_ruleset` played.

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
    totals = _Totals()
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


@attrs.define
class _Totals:
    games: int = 0
    decisions: int = 0
    chance_nodes: int = 0
    longest_game: int = 0
    illegal_rejected: int = 0


def _hides_money(rules: Ruleset) -> bool:
    return any(
        spec.name == _HIDDEN_OPTION and _HIDDEN_VALUE in spec.values for spec in rules.options
    )


def _choose(rules: Ruleset, state: State, rng: random.Random) -> Action:
    """The random player: chance by its exact probabilities, seats uniformly."""
    if state.to_act == CHANCE:
        return sample_outcome(rules.chance_outcomes(state), rng)
    return rng.choice(rules.legal_actions(state))


def _playout(
    rules: Ruleset, players: int, options: Mapping[str, object], seed: int, limit: int
) -> tuple[list[Action], State]:
    """Play a game with the random player only, as the checked game does."""
    rng = random.Random(seed)
    state = rules.new_game(players, options)
    actions: list[Action] = []
    while not rules.is_over(state) and len(actions) < limit:
        action = _choose(rules, state, rng)
        state = rules.apply(state, action)
        actions.append(action)
    return actions, state


class _GameCheck:
    """One random game, checked step by step."""

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        seed: int,
        base_options: dict[str, object],
        max_decisions: int,
        totals: _Totals,
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

    # --- the game ------------------------------------------------------------

    def run(self) -> None:
        rules = self.rules
        rng = random.Random(self.seed)
        state = rules.new_game(self.players, self.options)
        while True:
            self.check_state(state)
            if rules.is_over(state):
                break
            if len(self.actions) >= self.max_decisions:
                raise self.fail(
                    "termination", f"the game is not over after {self.max_decisions} actions"
                )
            chance = state.to_act == CHANCE
            action = _choose(rules, state, rng)
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

    def check_legal_list(self, state: State, legal: tuple[Action, ...], over: bool) -> None:
        if over and legal:
            raise self.fail(
                "terminal-actions", f"the game is over but {len(legal)} actions are legal"
            )
        if not over and not legal:
            raise self.fail("no-legal-action", f"seat {state.to_act} has no legal action")
        if len(set(legal)) != len(legal):
            repeated = sorted({a.text() for a in legal if legal.count(a) > 1})
            raise self.fail("distinct-actions", f"legal actions listed twice: {repeated}")

    def check_chance(self, state: State, legal: tuple[Action, ...]) -> None:
        outcomes = self.rules.chance_outcomes(state)
        if state.to_act != CHANCE:
            if outcomes:
                raise self.fail(
                    "chance-outcomes", "chance outcomes at a state that is no chance node"
                )
            return
        bad = [(a.text(), p) for a, p in outcomes if not (isinstance(p, Fraction) and p > 0)]
        if bad:
            raise self.fail("chance-positive", f"outcomes without a positive Fraction: {bad}")
        total = sum((p for _, p in outcomes), Fraction(0))
        if total != 1:
            raise self.fail("chance-sum", f"the probabilities add up to {total}, not 1")
        actions = [a for a, _ in outcomes]
        if len(set(actions)) != len(actions) or set(actions) != set(legal):
            raise self.fail(
                "chance-legal",
                f"chance outcomes {sorted(a.text() for a in actions)} are not the legal "
                f"actions {sorted(a.text() for a in legal)}",
            )

    def check_legal(self, state: State, action: Action) -> None:
        rules = self.rules
        text = action.text()
        try:
            parsed = rules.parse_action(state, text)
        except SerenissimaError as exc:
            raise self.fail("text-round-trip", f"{text!r} does not parse: {exc}") from exc
        if parsed != action:
            raise self.fail("text-round-trip", f"{text!r} parses to {parsed!r}, not {action!r}")
        self.round_trip("action-json", action, Action)
        if not rules.is_legal(state, action):
            raise self.fail("is-legal", f"is_legal refuses the legal action {text!r}")
        try:
            new, _ = rules.step(state, action)
        except Exception as exc:
            raise self.fail("apply-legal", f"the legal action {text!r} raised {exc!r}") from exc
        if not isinstance(new, rules.engine.state_type):
            raise self.fail("apply-legal", f"{text!r} returned a {type(new).__name__}")

    def check_illegal(self, state: State, legal: tuple[Action, ...]) -> None:
        allowed = set(legal)
        before = copy.deepcopy(state)
        candidates = [a for a in self.pool if a not in allowed]
        for action in self.probe.sample(candidates, min(_ILLEGAL_PER_STATE, len(candidates))):
            self.reject(state, before, action, f"{action.text()!r} (legal elsewhere)")
        for text in self.malformed(legal):
            try:
                action = self.rules.parse_action(state, text)
            except ActionParseError:
                self.totals.illegal_rejected += 1
                continue
            except Exception as exc:
                raise self.fail(
                    "parse-malformed", f"reading {text!r} raised {exc!r}, not ActionParseError"
                ) from exc
            if action not in allowed:
                self.reject(state, before, action, f"{text!r} (read as {action!r})")

    def malformed(self, legal: tuple[Action, ...]) -> list[str]:
        probe = self.probe
        texts = probe.sample(_MALFORMED, _MALFORMED_PER_STATE)
        text = probe.choice(legal).text()
        words = text.split()
        mutations = [
            text + " 7",
            words[0] if words else "x",
            "".join("9" if c.isdigit() else c for c in text) + "9",
            " ".join(reversed(words)),
            f"{words[0]} nowhere" if words else "nowhere",
        ]
        texts.append(probe.choice(mutations))
        return texts

    def reject(self, state: State, before: State, action: Action, shown: str) -> None:
        try:
            self.rules.step(state, action)
        except IllegalActionError as exc:
            if not (isinstance(exc.rule_id, str) and exc.rule_id and exc.reason):
                raise self.fail(
                    "illegal-error", f"the error for {shown} lacks a rule ID or a reason"
                ) from exc
        except Exception as exc:
            raise self.fail(
                "reject-illegal", f"{shown} raised {exc!r}, not IllegalActionError"
            ) from exc
        else:
            raise self.fail("reject-illegal", f"{shown} was accepted but is not a legal action")
        if state != before:
            raise self.fail("unchanged", f"refusing {shown} changed the state")
        if self.rules.is_legal(state, action):
            raise self.fail("is-legal", f"is_legal accepts {shown}, which step refuses")
        self.totals.illegal_rejected += 1

    def check_observations(self, state: State) -> None:
        rules = self.rules
        sampled = len(self.actions) % _DRAWING_EVERY == 0
        if sampled:
            self.check_drawing(state, None)
        for seat in range(self.players):
            seen = rules.observe(state, seat)
            if seen.seat != seat:
                raise self.fail("observe", f"the observation of seat {seat} says seat {seen.seat}")
            self.round_trip("observation-json", seen, type(seen))
            if sampled:
                self.check_drawing(state, seat)
                value = rules.evaluate(state, seat)
                if not (isinstance(value, int | float) and math.isfinite(value)):
                    raise self.fail("evaluate", f"evaluate gives {value!r} for seat {seat}")
            if self.hidden:
                self.check_hidden(state, seat, seen, sampled)

    def check_drawing(self, state: State, seat: int | None) -> None:
        drawn = self.rules.render(state, seat)
        if not isinstance(drawn, str) or not drawn.strip():
            raise self.fail("render", f"render for seat {seat} gives {drawn!r}, not text")

    def check_hidden(self, state: State, seat: int, seen: Any, drawn: bool) -> None:
        ducats = getattr(seen, "ducats", None)
        if ducats is None:
            return
        leaked = [
            other for other in range(self.players) if other != seat and ducats[other] is not None
        ]
        if leaked:
            raise self.fail(
                "hidden-money", f"seat {seat} sees the ducats of seat(s) {leaked} with hidden money"
            )
        own = getattr(state, "ducats", None)
        if not (attrs.has(type(state)) and isinstance(own, tuple)):
            return
        if ducats[seat] != own[seat]:
            raise self.fail("hidden-money", f"seat {seat} does not see its own ducats")
        richer = tuple(d if s == seat else d + 7 + s for s, d in enumerate(own))
        changed: State = attrs.evolve(cast(Any, state), ducats=richer)
        if self.rules.observe(changed, seat) != seen:
            raise self.fail(
                "hidden-money", f"seat {seat}'s observation changes with other seats' ducats"
            )
        if drawn and self.rules.render(changed, seat) != self.rules.render(state, seat):
            raise self.fail(
                "hidden-money", f"seat {seat}'s drawing of the state shows other seats' ducats"
            )

    def round_trip(self, check: str, obj: Any, cls: Any) -> None:
        rules = self.rules
        try:
            back = from_json(rules, cls, to_json(rules, obj))
        except Exception as exc:
            raise self.fail(check, f"{obj!r} does not round-trip through JSON: {exc}") from exc
        if back != obj:
            raise self.fail(check, f"{obj!r} reads back from JSON as {back!r}")

    def remember(self, legal: tuple[Action, ...]) -> None:
        for action in legal:
            if action in self.pooled:
                continue
            if len(self.pool) < _POOL_SIZE:
                self.pool.append(action)
            else:
                slot = self.probe.randrange(_POOL_SIZE)
                self.pooled.discard(self.pool[slot])
                self.pool[slot] = action
            self.pooled.add(action)

    # --- checks at the end of a game --------------------------------------------

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


def _has_text(action: Action) -> bool:
    try:
        action.text()
    except Exception:
        return False
    return True
