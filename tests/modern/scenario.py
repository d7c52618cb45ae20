"""Build modern-edition positions for rule tests, and play text actions on them.

Rule tests start from a position the rule book describes rather than from a
long game: :func:`position` lays out galleys and ports on an otherwise empty
board after set-up, keeping every seat's sailors conserved (the reserve is
what the seat has not placed), and :func:`activate` makes one galley active.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import attrs

from serenissima.engine.core import Event
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima_rulesets.modern.phases import Choosing, Drawing
from serenissima_rulesets.modern.state import Activation, Galley, ModernOptions, ModernState, Port

__all__ = ["G", "P", "activate", "modern", "play", "position", "step"]


@cache
def modern() -> Ruleset:
    """The shipped modern ruleset."""
    return load_ruleset("modern")


def G(number: int, owner: int, area: str, sailors: int, *cargo: str) -> Galley:  # noqa: N802
    """A galley for :func:`position`."""
    return Galley(number, owner, area, sailors, tuple(sorted(cargo)))


def P(  # noqa: N802
    owner: int | None,
    sailors: int = 0,
    *warehouse: str,
    fort: bool = False,
    basilica: bool = False,
    closed: bool = False,
) -> Port:
    """A port's pieces for :func:`position`."""
    return Port(owner, sailors, tuple(warehouse), fort, basilica, closed)


def position(
    players: int = 4,
    *,
    galleys: Iterable[Galley] = (),
    ports: Mapping[str, Port] | None = None,
    ducats: Iterable[int] | None = None,
    options: Mapping[str, Any] | None = None,
    track: int | None = None,
    scorings: int = 0,
    first_player: int = 0,
) -> ModernState:
    """A position after set-up: the given pieces, everything else neutral and empty.

    Reserves are what each seat has not placed; the box holds every cube not
    on a galley or in a warehouse. The state waits for the Doge card draw
    until :func:`activate` makes a galley active.
    """
    rules = modern()
    start = rules.new_game(players, options or {})
    assert isinstance(start, ModernState)
    board = rules.board
    port_states = list(start.ports)
    for port_id, port in (ports or {}).items():
        index = board.port_index(port_id)
        port_states[index] = attrs.evolve(port, closed=port.closed or port_states[index].closed)
    galley_list = tuple(sorted(galleys, key=lambda g: g.number))
    setup = rules.params.setup_for(players)
    reserve = [setup.sailors] * players
    for galley in galley_list:
        reserve[galley.owner] -= galley.sailors
    for port in port_states:
        if port.owner is not None:
            reserve[port.owner] -= port.sailors
    supply = {good.id: good.supply or 0 for good in rules.params.goods}
    for galley in galley_list:
        for good in galley.cargo:
            supply[good] -= 1
    for port in port_states:
        for good in port.warehouse:
            supply[good] -= 1
    state = attrs.evolve(
        start,
        to_act=-1,
        phase=Drawing(),
        turn=1,
        first_player=first_player,
        ducats=tuple(ducats) if ducats is not None else start.ducats,
        reckoned=tuple(ducats) if ducats is not None else start.ducats,
        reserve=tuple(reserve),
        ports=tuple(port_states),
        galleys=galley_list,
        supply=tuple(supply[good.id] for good in rules.params.goods),
        track=setup.track_start if track is None else track,
        scorings=scorings,
    )
    assert isinstance(state.options, ModernOptions)
    return state


def activate(state: ModernState, number: int) -> ModernState:
    """Make galley ``number`` the active galley, its owner choosing Action or Investment."""
    galley = state.galley(number)
    assert galley is not None, f"galley {number} is not in play"
    return attrs.evolve(
        state,
        phase=Choosing(),
        to_act=galley.owner,
        wheel=number,
        act=Activation(galley=number, start_area=galley.area),
    )


def step(state: ModernState, text: str) -> tuple[ModernState, tuple[Event, ...]]:
    """Apply one action given in its text form; return the state and its events."""
    rules = modern()
    new, events = rules.step(state, rules.parse_action(state, text))
    assert isinstance(new, ModernState)
    return new, events


def play(state: ModernState, *texts: str) -> ModernState:
    """Apply actions given in their text forms, one after the other."""
    for text in texts:
        state, _ = step(state, text)
    return state
