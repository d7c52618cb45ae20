"""Serenissima as OpenSpiel games: importing this module registers every installed ruleset.

Install the extra first: ``pip install "serenissima[spiel]"``. Each ruleset
becomes the pyspiel game ``python_serenissima_<id>`` (``python_serenissima_classic``,
``python_serenissima_modern``...), sequential, with explicit chance of exact
probabilities and imperfect information; see :class:`SerenissimaGame` for its
parameters.

Example:
    >>> import pyspiel
    >>> import serenissima.spiel
    >>> game = pyspiel.load_game("python_serenissima_modern", {"players": 3})
    >>> game.num_players(), game.new_initial_state().is_chance_node()
    (3, True)
"""

from __future__ import annotations

from collections.abc import Mapping

try:
    import numpy  # noqa: F401
    import pyspiel
except ImportError as missing:  # pragma: no cover - the extra is installed in CI
    raise ImportError(
        f"serenissima.spiel needs the spiel extra ({missing.name} is missing): "
        'pip install "serenissima[spiel]"'
    ) from missing

from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.engine.ruleset import Ruleset
from serenissima.spiel._game import SerenissimaGame
from serenissima.spiel._params import DEFAULT_MAX_GAME_LENGTH, SPIEL_REWARDS, game_type
from serenissima.spiel._state import RULESETS, SerenissimaObserver, SerenissimaState

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "RULESETS",
    "SPIEL_REWARDS",
    "SerenissimaGame",
    "SerenissimaObserver",
    "SerenissimaState",
    "game_name",
    "game_type",
    "load_game",
    "register",
]


_CREATORS: dict[str, type[SerenissimaGame]] = {}


def game_name(ruleset: str) -> str:
    """The OpenSpiel name of a ruleset's game.

    Example:
        >>> game_name("classic")
        'python_serenissima_classic'
    """
    return f"python_serenissima_{ruleset}"


def register(rules: Ruleset) -> str:
    """Register ``rules`` with OpenSpiel (if not yet) and return its game's name.

    For a ruleset loaded from a folder of one's own; the installed ones are
    registered on import, and registering again changes nothing.

    Example:
        >>> import serenissima as ser
        >>> register(ser.load_ruleset("modern"))
        'python_serenissima_modern'
    """
    name = game_name(rules.id)
    RULESETS.setdefault(rules.id, rules)
    if name not in pyspiel.registered_names():
        # a class, not a closure: OpenSpiel keeps the creator until the interpreter
        # has finalized, and a closure freed then aborts the process
        creator = type(f"SerenissimaGame_{rules.id}", (SerenissimaGame,), {"RULES": rules})
        _CREATORS[rules.id] = creator
        pyspiel.register_game(game_type(rules), creator)
    return name


def load_game(
    ruleset: str | Ruleset,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    reward: str = "win",
) -> SerenissimaGame:
    """A game of ``ruleset`` through ``pyspiel.load_game``, parameters by their Python names.

    Example:
        >>> game = load_game("classic", players=2, options={"zero_bid_order": "choose"})
        >>> game.get_type().short_name, game.num_players()
        ('python_serenissima_classic', 2)
    """
    rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    params: dict[str, object] = {"rewards": reward}
    if players is not None:
        params["players"] = players
    for option, value in (options or {}).items():
        params[option] = "+".join(value) if isinstance(value, list | tuple) else value
    return pyspiel.load_game(register(rules), params)  # type: ignore[no-any-return]


for _name in available_rulesets():
    register(load_ruleset(_name))
