"""The checks on what the seats see: observations, drawings, estimates and hidden money.

At every state of a game under check, :class:`ViewChecks` checks each seat's
observation (its seat, its JSON round trip) and, at every tenth state (these
cost more), the drawings of the state for everyone and for each seat and the
heuristic's finite estimates and the states drawn from each seat's view
(``sample_state``), which that seat must see as it saw the true one. When
money is hidden, a seat must see no other seat's ducats, and neither its
observation nor its drawing may change when only other seats' ducats do.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final, cast

import attrs

from serenissima.engine.core import State
from serenissima.testing.checked_game import CheckedGame

__all__: list[str] = []  # a part of check_ruleset; nothing here is public API

_DRAWING_EVERY: Final = 10
"""Drawings and estimates are checked at every this many-th state (they cost more)."""


class ViewChecks(CheckedGame):
    """The checks on the observations, drawings and estimates of each state."""

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
                self.check_sample(seen, seat)
            if self.hidden:
                self.check_hidden(state, seat, seen, sampled)

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
