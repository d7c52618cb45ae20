"""Checks of the search bot's settings, with typed errors."""

from __future__ import annotations

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

__all__ = ["check_int", "check_share"]


def check_share(name: str, value: object, optional: bool = True) -> None:
    """Refuse a setting that is not a number from 0 to 1 (nor ``None``, if ``optional``)."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(name, "a number from 0 to 1", value)
    if not 0 <= value <= 1:
        raise ArgumentValueError(f"{name} must be from 0 to 1, got {value!r}")


def check_int(name: str, value: object, least: int) -> None:
    """Refuse a setting that is not an int of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(name, "an int", value)
    if value < least:
        raise ArgumentValueError(f"{name} must be at least {least}, got {value!r}")
