"""A game's rule options: the values they take, checked against the ruleset's declarations.

:func:`resolve_options` turns the options a user gives a new game into every
declared option mapped to a value it accepts, defaults filled in. Both are
re-exported by :mod:`serenissima.engine.ruleset`, where a game starts.
"""

from __future__ import annotations

from collections.abc import Mapping

from serenissima.engine.errors import OptionError
from serenissima.engine.spec import OptionKind, OptionSpec

__all__ = ["OptionValue", "resolve_options"]

OptionValue = str | bool | tuple[str, ...]
"""The value of a rule option: a choice, a flag or a list of identifiers."""


def resolve_options(
    specs: tuple[OptionSpec, ...], players: int, given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Check user options against their declarations and fill in defaults.

    Args:
        specs: The options the ruleset declares.
        players: The player count of the game.
        given: The options passed by the user (name to value).

    Returns:
        Every declared option mapped to its value.

    Raises:
        OptionError: An unknown option, or a value the option does not accept.

    Examples:
        >>> import serenissima as ser
        >>> from serenissima.engine.option_values import resolve_options
        >>> rules = ser.load_ruleset("modern")
        >>> resolve_options(rules.options, 4, {"galley_capacity": "separate"})["galley_capacity"]
        'separate'
    """
    by_name = {spec.name: spec for spec in specs}
    for name in given or {}:
        if name not in by_name:
            known = ", ".join(sorted(by_name))
            raise OptionError(name, f"unknown option; this ruleset knows {known}")
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        value: object = (given or {}).get(spec.name, spec.default)
        resolved[spec.name] = _check_option(spec, value)
    return resolved


def _check_option(spec: OptionSpec, value: object) -> OptionValue:
    if spec.kind is OptionKind.BOOL:
        if isinstance(value, bool):
            return value
        if value in ("true", "false"):
            return value == "true"
        raise OptionError(spec.name, f"expected true or false, got {value!r}")
    if isinstance(value, str):
        if value in spec.values:
            return value
        raise OptionError(spec.name, f"expected one of {', '.join(spec.values)}, got {value!r}")
    if spec.kind is OptionKind.PORTS and isinstance(value, list | tuple):
        if all(isinstance(v, str) for v in value):
            return tuple(str(v) for v in value)
        raise OptionError(spec.name, f"expected a list of port identifiers, got {value!r}")
    raise OptionError(spec.name, f"expected one of {', '.join(spec.values)}, got {value!r}")
