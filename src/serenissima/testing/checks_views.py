"""The checks on what the seats see: observations, drawings, estimates and hidden money.

At every state of a game under check, :class:`ViewChecks` checks each seat's
observation (its seat, its JSON round trip) and, at every tenth state (these
cost more), the drawings of the state for everyone and for each seat and the
heuristic's finite estimates and the states drawn from each seat's view
(``sample_state``), which that seat must see as it saw the true one. When
money is hidden, a seat must see no other seat's ducats, and neither its
observation nor its drawing may change when only other seats' ducats do.

A spectator's observation (``observe(state, None)``) must show nothing that
some seat is not shown, and two actions of the seat to act that the other
seats cannot tell apart (the same views and events after either, the
states differing) must both be declared secret (``is_secret``), so that a
server showing the others every open action tells them nothing more.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final, cast

import attrs

from serenissima.engine.core import Action, State
from serenissima.testing.checked_game import CheckedGame

__all__: list[str] = []  # a part of check_ruleset; nothing here is public API

_DRAWING_EVERY: Final = 10
"""Drawings and estimates are checked at every this many-th state (they cost more)."""

_SECRECY_ACTIONS: Final = 48
"""At most this many legal actions are compared for the secrecy check."""


def _shows_more(spectator: object, seen: object) -> bool:
    """Whether a spectator's value shows something a seat's does not (``None`` shows nothing)."""
    if spectator is None or spectator == seen:
        return False
    if isinstance(spectator, tuple) and isinstance(seen, tuple) and len(spectator) == len(seen):
        return any(_shows_more(a, b) for a, b in zip(spectator, seen, strict=True))
    return True


class ViewChecks(CheckedGame):
    """The checks on the observations, drawings and estimates of each state."""

    def check_observations(self, state: State) -> None:
        rules = self.rules
        sampled = len(self.actions) % _DRAWING_EVERY == 0
        if sampled:
            self.check_drawing(state, None)
            self.check_secret_actions(state)
        public = rules.observe(state, None)
        if public.seat is not None:
            raise self.fail("observe", f"the spectator's observation says seat {public.seat}")
        self.round_trip("observation-json", public, type(public))
        if sampled:
            drawn = rules.render(state, spectator=True)
            if not isinstance(drawn, str) or not drawn.strip():
                raise self.fail("render", f"render for a spectator gives {drawn!r}, not text")
        for seat in range(self.players):
            seen = rules.observe(state, seat)
            self.check_spectator(public, seen, seat)
            if seen.seat != seat:
                raise self.fail("observe", f"the observation of seat {seat} says seat {seen.seat}")
            self.round_trip("observation-json", seen, type(seen))
            if sampled:
                self.check_drawing(state, seat)
                value = rules.evaluate(state, seat)
                if not (isinstance(value, int | float) and math.isfinite(value)):
                    raise self.fail("evaluate", f"evaluate gives {value!r} for seat {seat}")
                self.check_sample(seen, seat)
            if self.hidden:
                self.check_hidden(state, seat, seen, sampled)

    def check_spectator(self, public: Any, seen: Any, seat: int) -> None:
        for field in attrs.fields(type(public)):
            if field.name != "seat" and _shows_more(
                getattr(public, field.name), getattr(seen, field.name)
            ):
                raise self.fail(
                    "spectator",
                    f"a spectator is shown {field.name} = {getattr(public, field.name)!r}, "
                    f"which seat {seat} is not",
                )

    def check_secret_actions(self, state: State) -> None:
        actor = state.to_act
        if actor < 0:
            return
        rules = self.rules
        others = [s for s in range(self.players) if s != actor]
        seen: dict[Any, tuple[Action, State]] = {}
        for action in rules.legal_actions(state)[:_SECRECY_ACTIONS]:
            after, events = rules.step(state, action)
            views = (
                tuple(rules.observe(after, s) for s in [*others, None]),
                tuple(event.describe() for event in events),
            )
            twin = seen.setdefault(views, (action, after))
            if twin[0] == action or twin[1] == after:
                continue
            shown = [a.text() for a in (twin[0], action) if not rules.is_secret(state, a)]
            if shown:
                raise self.fail(
                    "secret-action",
                    f"the other seats cannot tell {twin[0].text()!r} from {action.text()!r}, "
                    f"yet is_secret shows them {shown}",
                )

    def check_sample(self, seen: Any, seat: int) -> None:
        sample = self.rules.sample_state(seen, random.Random(len(self.actions)))
        if self.rules.observe(sample, seat) != seen:
            raise self.fail(
                "sample-state", f"seat {seat} sees a state drawn from its view unlike the true one"
            )

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
