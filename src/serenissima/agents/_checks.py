"""Checks of the search bot's settings, with typed errors."""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import TYPE_CHECKING

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.flow import describe_stages

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "check_choice",
    "check_int",
    "check_kinds",
    "check_kinds_asked",
    "check_number",
    "check_share",
]


def check_share(name: str, value: object, optional: bool = True) -> None:
    """Refuse a setting that is not a number from 0 to 1 (nor ``None``, if ``optional``)."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(name, "a number from 0 to 1", value)
    if not 0 <= value <= 1:
        raise ArgumentValueError(f"{name} must be from 0 to 1, got {value!r}")


def check_int(name: str, value: object, least: int, most: int | None = None) -> None:
    """Refuse a setting that is not an int of at least ``least`` (and at most ``most``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(name, "an int", value)
    if value < least:
        raise ArgumentValueError(f"{name} must be at least {least}, got {value!r}")
    if most is not None and value > most:
        raise ArgumentValueError(f"{name} must be at most {most:,}, got {value:,}")


def check_number(name: str, value: object, positive: bool, most: float | None = None) -> None:
    """Refuse a setting that is not a finite number above 0 (``positive``) or of 0 or more.

    With ``most``, also one above it.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(name, "a number", value)
    if positive and not 0 < value < math.inf:
        raise ArgumentValueError(f"{name} must be above 0, got {value!r}")
    if not 0 <= value < math.inf:
        raise ArgumentValueError(f"{name} must be 0 or more, got {value!r}")
    if most is not None and value > most:
        raise ArgumentValueError(f"{name} must be at most {most:g}, got {value!r}")


def check_choice(name: str, value: object, choices: tuple[str, ...], optional: bool = True) -> None:
    """Refuse a setting that is not one of ``choices`` (nor ``None``, if ``optional``)."""
    if value is None and optional:
        return
    if value not in choices:
        raise ArgumentValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


def check_kinds(kinds: object) -> None:
    """Refuse ``kinds`` that are not a collection of decision kinds (``None`` passes)."""
    if kinds is not None and (
        isinstance(kinds, str)
        or not isinstance(kinds, Collection)
        or not all(isinstance(kind, str) for kind in kinds)
    ):
        raise ArgumentTypeError("kinds", "a collection of decision kinds", kinds)


def check_kinds_asked(kinds: Collection[str], rules: Ruleset) -> None:
    """Refuse ``kinds`` naming a decision that ``rules`` never asks a seat for."""
    asked = {phase.kind for phase in describe_stages(rules.flow, rules.engine) if phase.decides}
    unknown = set(kinds) - asked
    if unknown:
        named = ", ".join(sorted(unknown))
        raise ArgumentValueError(f"kinds: no decision of kind {named} in {rules.id}")
