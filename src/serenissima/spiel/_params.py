"""The parameters of a ruleset's OpenSpiel game: its type, rewards and options."""

from __future__ import annotations

from typing import Any, Final

import pyspiel

from serenissima.engine.option_values import OptionValue
from serenissima.engine.ruleset import Ruleset
from serenissima.engine.spec import OptionKind, OptionSpec

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "SPIEL_REWARDS",
    "UTILITY",
    "game_type",
    "option_value",
    "parameter_value",
]

SPIEL_REWARDS: Final[tuple[str, ...]] = ("win", "zero-sum", "rank")
"""The rewards an OpenSpiel game can give: those of :data:`serenissima.env.REWARDS` with bounds.

``"score"`` is left out: OpenSpiel declares each game's least and greatest
utility, and a final score has no bound worth declaring.
"""

DEFAULT_MAX_GAME_LENGTH: Final[int] = 5_000
"""The decisions after which a game ends where it stands, unless ``max_game_length`` says otherwise.

Every game of both editions ends by its own rules long before: their longest
measured games take a few hundred decisions (see the docs' tutorial). OpenSpiel
asks each game for a bound on its length, and the rules give one only through
counts too loose to be useful, so the bound is kept by the game itself.
"""

UTILITY: Final[dict[str, tuple[Any, float, float, float | None]]] = {
    # reward -> (utility kind, least, greatest, sum)
    "win": (pyspiel.GameType.Utility.CONSTANT_SUM, 0.0, 1.0, 1.0),
    "zero-sum": (pyspiel.GameType.Utility.ZERO_SUM, -1.0, 1.0, 0.0),
    "rank": (pyspiel.GameType.Utility.ZERO_SUM, -1.0, 1.0, 0.0),
}


def game_type(rules: Ruleset, reward: str = "win") -> pyspiel.GameType:
    """The OpenSpiel game type of ``rules``: its name, its parameters and their defaults."""
    parameters: dict[str, Any] = {
        "players": max(rules.info.players),
        "rewards": "win",
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    }
    for spec in rules.options:
        parameters[spec.name] = parameter_value(spec, spec.default)
    return pyspiel.GameType(
        short_name=f"python_serenissima_{rules.id}",
        long_name=f"Python Serenissima ({rules.info.name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=UTILITY[reward][0],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(rules.info.players),
        min_num_players=min(rules.info.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _numeric(spec: OptionSpec) -> bool:
    """Whether an option's parameter is an int: some of its values are written in digits.

    OpenSpiel reads ``15`` in a game's name as an int and refuses it for a
    string parameter, so such an option is an int parameter; its values that
    are words (classic's ``sailor_pool=unlimited``) are then ``-1``, ``-2``...
    in the order the option lists them.
    """
    return spec.kind is OptionKind.CHOICE and any(v.isdigit() for v in spec.values)


def _words(spec: OptionSpec) -> list[str]:
    return [v for v in spec.values if not v.isdigit()]


def parameter_value(spec: OptionSpec, value: OptionValue) -> str | bool | int:
    """An option's value as an OpenSpiel parameter: a bool, an int or a string.

    An int where :func:`_numeric` says so; port lists joined by ``+``.
    """
    if isinstance(value, tuple):
        return "+".join(value)
    if isinstance(value, str) and _numeric(spec):
        return int(value) if value.isdigit() else -1 - _words(spec).index(value)
    return value


def option_value(spec: OptionSpec, value: object) -> object:
    """An OpenSpiel parameter's value as the option's value (port lists split at + or ,)."""
    if _numeric(spec) and isinstance(value, int) and not isinstance(value, bool):
        words = _words(spec)
        if -len(words) <= value < 0:
            return words[-1 - value]
        return str(value)
    if spec.kind is OptionKind.PORTS and isinstance(value, str) and value not in spec.values:
        return tuple(part for part in value.replace(",", "+").split("+") if part)
    return value
