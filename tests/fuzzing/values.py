"""Hostile values, and the positions they are thrown at.

Positions come from random walks cached by edition, player count and seed, so
a long campaign spends its time on the calls, not on reaching the states.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import strategies as st

from games import random_walk
from serenissima.engine.core import TERMINAL, Action, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

EDITIONS = ("classic", "modern")
WALK = 300
"""The length of the cached walks; a case picks a state along one."""
SEEDS = 40
"""How many walks per edition and player count."""


def rules_of(edition: str) -> Ruleset:
    """The installed ruleset of ``edition``."""
    return load_ruleset(edition)


def other(edition: str) -> str:
    """The other edition."""
    return next(name for name in EDITIONS if name != edition)


@functools.cache
def walk(edition: str, players: int, seed: int) -> tuple[State, ...]:
    """The states of a random walk of up to :data:`WALK` actions."""
    return tuple(random_walk(rules_of(edition), players, seed, WALK))


def legal(rules: Ruleset, state: State) -> tuple[Action, ...]:
    """What may be applied to ``state``: a seat's actions or chance's outcomes."""
    return () if state.to_act == TERMINAL else rules.legal_actions(state)


def mangle(text: str, rng: random.Random) -> str:
    """``text`` with a few characters changed, dropped, doubled or added."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        move = rng.randrange(4)
        if move == 0 or not chars:
            chars.insert(where, rng.choice(" 0123456789-,:;x\t\u00e9\u0000\U0001f40d"))
        elif where < len(chars):
            if move == 1:
                del chars[where]
            elif move == 2:
                chars[where] = chars[where] * 2
            else:
                chars[where] = rng.choice("0123456789 ")
    return "".join(chars)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Ruleset, State, tuple[State, ...], Ruleset, State]:
    """A ruleset, a state of it, its whole walk, and the other edition with one of its states."""
    edition = draw(st.sampled_from(EDITIONS))
    players = draw(st.sampled_from((2, 3, 4)))
    states = walk(edition, players, draw(st.integers(0, SEEDS - 1)))
    state = states[draw(st.integers(0, len(states) - 1))]
    strangers = walk(other(edition), players, draw(st.integers(0, SEEDS - 1)))
    stranger = strangers[draw(st.integers(0, len(strangers) - 1))]
    return rules_of(edition), state, states, rules_of(other(edition)), stranger


junk: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from((-1, 0, 1, 2, 3, 4, 5, 99)),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.text(max_size=4)),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(object()),
    st.just(Action()),
    st.just(float("inf")),
)
"""Values of every kind, most of them the wrong type for whatever receives them."""


def hostile(draw: st.DrawFn, fair: st.SearchStrategy[Any], share: int = 3) -> Any:
    """A value of ``fair`` most of the time, and junk one time in ``share``."""
    return draw(junk) if draw(st.integers(0, share - 1)) == 0 else draw(fair)
