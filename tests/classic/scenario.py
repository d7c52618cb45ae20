"""Build classic-edition positions for rule tests, and play text actions on them.

Rule tests start from a position the rule book describes rather than from a
long game: :func:`position` lays out galleys and ports on an otherwise empty
board and puts a given phase of round 1 on turn, keeping the sailor box and
the goods box conserved (the box holds every piece not on the board).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import attrs
import pytest

from serenissima.engine.core import Event
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.classic.phases import (
    Fighting,
    Landing,
    Moving,
    Phase,
    Purchasing,
    Selling,
)
from serenissima_rulesets.classic.state import ClassicState, Galley, Port

__all__ = [
    "G",
    "P",
    "classic",
    "galley",
    "legal",
    "phase_for",
    "play",
    "port",
    "position",
    "refused",
    "step",
    "supply_of",
]

_PHASES: dict[int, type[Purchasing | Moving | Fighting | Landing | Selling]] = {
    2: Purchasing,
    3: Moving,
    4: Fighting,
    5: Landing,
    6: Selling,
}


@cache
def classic() -> Ruleset:
    """The shipped classic ruleset."""
    return load_ruleset("classic")


def G(number: int, owner: int, area: str, sailors: int, *cargo: str) -> Galley:  # noqa: N802
    """A galley for :func:`position`."""
    return Galley(number, owner, area, sailors, tuple(sorted(cargo)))


def P(owner: int | None, garrison: int = 0, *warehouse: str, forts: int = 0) -> Port:  # noqa: N802
    """A port's pieces for :func:`position`."""
    return Port(owner, garrison, tuple(warehouse), forts)


def phase_for(number: int, index: int = 0) -> Phase:
    """The phase value of round phase ``number`` (2..6) with ``order[index]`` on turn."""
    return _PHASES[number](index)


def position(
    players: int = 4,
    *,
    phase: int | Phase = 2,
    turn_index: int = 0,
    order: Iterable[int] | None = None,
    galleys: Iterable[Galley] = (),
    ports: Mapping[str, Port] | None = None,
    ducats: Iterable[int] | None = None,
    options: Mapping[str, Any] | None = None,
    round_: int = 1,
) -> ClassicState:
    """A position in round ``round_``: the given pieces, every other port neutral and empty.

    Each seat's capital is its own with no garrison unless ``ports`` says
    otherwise. ``phase`` is a phase number (2 to 6, played by
    ``order[turn_index]``) or a phase value; ``order`` defaults to seat order.
    """
    rules = classic()
    start = rules.new_game(players, options or {})
    assert isinstance(start, ClassicState)
    board = rules.board
    port_states = list(start.ports)
    for port_id, port in (ports or {}).items():
        port_states[board.port_index(port_id)] = port
    galley_list = tuple(sorted(galleys, key=lambda g: g.id))
    on_board = sum(g.sailors for g in galley_list) + sum(p.garrison for p in port_states)
    supply = list(start.supply)
    goods = [g.id for g in rules.params.goods]
    for galley in galley_list:
        for good in galley.cargo:
            supply[goods.index(good)] -= 1
    for port in port_states:
        for good in port.warehouse:
            supply[goods.index(good)] -= 1
    forts = sum(p.forts for p in port_states)
    box = None if start.sailors_box is None else start.sailors_box - on_board
    turn_order = tuple(order) if order is not None else tuple(range(players))
    phase_value = phase_for(phase, turn_index) if isinstance(phase, int) else phase
    actor = turn_order[turn_index]
    return attrs.evolve(
        start,
        turn=round_,
        to_act=actor,
        galleys=galley_list,
        next_galley=max((g.id for g in galley_list), default=0) + 1,
        ports=tuple(port_states),
        ducats=tuple(ducats) if ducats is not None else start.ducats,
        reckoned=tuple(ducats) if ducats is not None else start.ducats,
        sailors_box=box,
        forts_box=start.forts_box - forts,
        supply=tuple(supply),
        bids=tuple(0 for _ in range(players)),
        order=turn_order,
        phase=phase_value,
    )


def step(state: ClassicState, text: str) -> tuple[ClassicState, tuple[Event, ...]]:
    """Apply one action given by its text form; return the new state and its events."""
    rules = classic()
    new, events = rules.step(state, rules.parse_action(state, text))
    assert isinstance(new, ClassicState)
    return new, events


def play(state: ClassicState, *texts: str) -> ClassicState:
    """Apply actions given by their text forms, in order."""
    for text in texts:
        state, _ = step(state, text)
    return state


def legal(state: ClassicState) -> set[str]:
    """The text forms of every legal action in ``state``."""
    return {action.text() for action in classic().legal_actions(state)}


def refused(state: ClassicState, text: str, rule_id: str) -> IllegalActionError:
    """Apply ``text`` expecting a refusal citing ``rule_id``; the state must be unchanged."""
    rules = classic()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as caught:
        rules.apply(state, rules.parse_action(state, text))
    assert caught.value.rule_id == rule_id, caught.value
    assert state == before
    return caught.value


def galley(state: ClassicState, number: int) -> Galley:
    """Galley ``number``, which must still be in play."""
    found = state.galley(number)
    assert found is not None, f"galley {number} is not in play"
    return found


def port(state: ClassicState, port_id: str) -> Port:
    """The pieces on port ``port_id``."""
    return state.ports[classic().board.port_index(port_id)]


def supply_of(state: ClassicState, good: str) -> int:
    """Pieces of ``good`` in the box."""
    goods = [g.id for g in classic().params.goods]
    return state.supply[goods.index(good)]
