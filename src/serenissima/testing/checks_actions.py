"""The checks on the actions of a state: the legal ones, the chance outcomes, the refused ones.

At every state of a game under check, :class:`ActionChecks` checks that the
list of legal actions fits the state (none when the game is over, at least one
otherwise, no repeats), that a chance node's outcomes have positive exact
probabilities adding up to 1 and are its legal actions, that every legal
action's text and JSON forms read back to it and that it applies; and that
actions legal elsewhere (remembered from earlier states) and malformed texts
are refused with the right error, leaving the state as it was. For a ruleset
that declares its flow (``flow.toml``), every move from one stage to another
is one the flow declares (:meth:`~serenissima.engine.flow.FlowSpec.successors`).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Final

from serenissima.engine.core import CHANCE, Action, State
from serenissima.engine.errors import (
    ActionParseError,
    IllegalActionError,
    SerenissimaError,
)
from serenissima.testing.checked_game import CheckedGame

__all__: list[str] = []  # a part of check_ruleset; nothing here is public API

_ILLEGAL_PER_STATE: Final = 3
"""Actions legal elsewhere tried against each state."""

_MALFORMED_PER_STATE: Final = 2
"""Malformed texts tried against each state."""

_POOL_SIZE: Final = 400
"""Actions remembered from earlier states, to try as illegal ones."""

_MALFORMED: Final = ("", "   ", "?", "no such action", "42", "\t\n", "move move move move")


class ActionChecks(CheckedGame):
    """The checks on the legal, chance and refused actions of each state."""

    def check_flow_start(self, state: State) -> None:
        flow = self.rules.flow
        if flow is None:
            return
        kind = self.rules.decision(state).kind
        starts = {flow.start} | (flow.successors(flow.start) if kind != flow.start else set())
        passable = {stage.kind for stage in flow.stage if stage.passed_over}
        if kind != flow.start and not (flow.start in passable and kind in starts):
            raise self.fail(
                "flow", f"a new game begins in stage {kind!r}, not flow.toml's start {flow.start!r}"
            )

    def check_flow_step(self, before: State, after: State, action: Action) -> None:
        flow = self.rules.flow
        if flow is None:
            return
        old, new = self.rules.decision(before).kind, self.rules.decision(after).kind
        if new == old:
            return
        successors = self.successors.get(old)
        if successors is None:
            successors = self.successors[old] = flow.successors(old)
        if new not in successors:
            raise self.fail(
                "flow",
                f"{action.text()!r} led from stage {old!r} to {new!r}, which flow.toml does not "
                f"declare (it declares {', '.join(sorted(successors)) or 'none'})",
            )

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
