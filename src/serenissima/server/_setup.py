"""A hosted game's set-up, checked before anything is stored, and the caps on its bots.

:func:`check_setup` checks and completes what a client asks for (the ruleset,
players, options, who sits where, the seed, who rolls the dice);
:func:`check_budgets` refuses a bot seat that asks for more thought than the
server allows a decision.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, Final

from serenissima.agents.kinds import SEARCH_KINDS, is_agent_kind, split_kind
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.registry import available_rulesets, load_ruleset

__all__ = ["HUMAN", "BotBudgetError", "check_budgets", "check_setup"]

HUMAN: Final[str] = "human"
"""The seat kind of a person, who joins the seat and acts with its token."""

_PEEKING: Final[frozenset[str]] = frozenset({"greedy-omniscient"})
"""Bot kinds that look at every seat's secrets: never seated at a hosted game."""


class BotBudgetError(ArgumentValueError):
    """A bot seat asks for more thought than the server allows a decision."""


def check_budgets(setup: Mapping[str, Any], *, max_seconds: float, max_iterations: int) -> None:
    """Refuse a set-up whose bots ask for more than ``max_seconds`` or ``max_iterations``.

    A search bot with no budget of its own (``"ismcts"``) searches its default
    iterations, stopped at ``max_seconds`` like every bot.

    Raises:
        BotBudgetError: A seat over a cap; the message names the cap.

    Example:
        >>> setup = {"seats": [{"kind": "human"}, {"kind": "ismcts:9999"}]}
        >>> try:
        ...     check_budgets(setup, max_seconds=5, max_iterations=500)
        ... except BotBudgetError as error:
        ...     print(error)
        seat 1: ismcts:9999 asks for 9999 iterations a decision; this server allows at most 500
        (--max-bot-iterations)
    """
    seats = setup.get("seats") or ()
    for number, seat in enumerate(seats if isinstance(seats, list | tuple) else ()):
        kind = seat.get("kind") if isinstance(seat, Mapping) else None
        if not isinstance(kind, str) or kind == HUMAN or not is_agent_kind(kind):
            continue  # check_setup says what is wrong with it
        _, iterations, seconds = split_kind(kind)
        if iterations is not None and iterations > max_iterations:
            raise BotBudgetError(
                f"seat {number}: {kind} asks for {iterations} iterations a decision; this "
                f"server allows at most {max_iterations} (--max-bot-iterations)"
            )
        if seconds is not None and seconds > max_seconds:
            raise BotBudgetError(
                f"seat {number}: {kind} asks for {seconds:g} seconds a decision; this "
                f"server allows at most {max_seconds:g} (--max-bot-seconds)"
            )


def check_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """A game's set-up, checked and completed: what :meth:`HostedGame.create` stores.

    ``ruleset`` (an installed ruleset's name), ``players``, ``options`` (by
    name; default none), ``seats`` (one ``{"kind": ...}`` per seat: ``"human"``
    or a bot kind such as ``"random"``, ``"greedy"`` or ``"ismcts:200"``;
    default all human), ``seed`` (default drawn from the system's source of
    randomness; a game whose seed was given is marked ``seeded``) and
    ``chance_by`` (default ``None``: the server rolls; a person's seat: that
    seat enters every roll and draw, as at a table with physical dice).

    Raises:
        ArgumentTypeError: A field of the wrong type.
        ArgumentValueError: An unknown field, seat kind or a wrong seat count.
        OptionError: Players or options the ruleset refuses.

    Example:
        >>> setup = check_setup({"ruleset": "modern", "players": 2, "seed": 7})
        >>> setup["seats"], setup["options"], setup["seeded"]
        ([{'kind': 'human'}, {'kind': 'human'}], {}, True)
    """
    if not isinstance(setup, Mapping):
        raise ArgumentTypeError("setup", "a mapping of set-up fields", setup)
    known = {"ruleset", "players", "options", "seats", "seed", "chance_by"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise ArgumentValueError(f"unknown set-up fields {unknown}; known: {sorted(known)}")
    ruleset = setup.get("ruleset")
    if not isinstance(ruleset, str):
        raise ArgumentTypeError("ruleset", "an installed ruleset's name", ruleset)
    installed = available_rulesets()
    if ruleset not in installed:  # never a folder: a client names no path of the server's
        raise ArgumentValueError(f"no installed ruleset {ruleset!r}; installed: {installed}")
    rules = load_ruleset(ruleset)
    players = setup.get("players", max(rules.info.players))
    options = setup.get("options") or {}
    if not isinstance(options, Mapping):
        raise ArgumentTypeError("options", "a mapping of option names to values", options)
    rules.new_game(players, options)  # OptionError: players or options refused
    seats = setup.get("seats") or [{"kind": HUMAN}] * players
    if not isinstance(seats, list | tuple) or len(seats) != players:
        raise ArgumentValueError(f"seats must list {players} seats, one per player")
    kinds = []
    for number, seat in enumerate(seats):
        kind = seat.get("kind") if isinstance(seat, Mapping) else None
        if isinstance(kind, str) and kind.partition(":")[0] in SEARCH_KINDS:
            try:
                split_kind(kind)
            except ArgumentValueError as error:
                raise ArgumentValueError(f"seat {number}: {error}") from None
        if kind != HUMAN and (not is_agent_kind(kind) or kind in _PEEKING):
            raise ArgumentValueError(
                f"seat {number}: kind {kind!r} is neither {HUMAN!r} nor a bot that decides "
                "from its seat's view (random, greedy, ismcts, ismcts:N, ismcts-learned:N)"
            )
        kinds.append({"kind": kind})
    seed = setup.get("seed")
    seeded = seed is not None
    if seed is None:
        seed = secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError("seed", "an int", seed)
    chance_by = setup.get("chance_by")
    if chance_by is not None and (
        isinstance(chance_by, bool)
        or not isinstance(chance_by, int)
        or not 0 <= chance_by < players
        or kinds[chance_by]["kind"] != HUMAN
    ):
        raise ArgumentValueError(f"chance_by must be a person's seat or null, not {chance_by!r}")
    return {
        "ruleset": ruleset,
        "players": players,
        "options": dict(options),
        "seats": kinds,
        "seed": seed,
        "seeded": seeded,
        "chance_by": chance_by,
    }
