"""The checks that a schema cannot express: ranges, list lengths, members, unique values.

Each ``check_*`` function raises a :class:`~serenissima.engine.errors.RulesetError`
naming the file, the key path and what was expected, so the cross-checks of
the shared files and of each edition's own files read alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence, Sized

from serenissima.engine.errors import RulesetError

__all__ = ["check_entries", "check_member", "check_offered", "check_range", "check_unique"]


def check_range(
    value: int,
    low: int | None = None,
    high: int | None = None,
    *,
    file: str,
    key: str,
    why: str = "",
) -> None:
    """Check that ``low <= value <= high`` (either bound may be ``None``).

    Args:
        value: The number to check.
        low: The smallest accepted value.
        high: The largest accepted value.
        file: The file the number comes from.
        key: Its key path.
        why: A reason appended to the message, e.g. ``"(components.galleys)"``.

    Raises:
        RulesetError: e.g. ``expected 1..15 (components.galleys), got 16``.

    Examples:
        >>> from serenissima.engine.loader import check_range
        >>> check_range(5, 1, 15, file="rules.toml", key="components.galleys")
        >>> check_range(16, 1, 15, file="rules.toml", key="galleys")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: rules.toml: galleys: expected 1..15, got 16
    """
    if (low is None or value >= low) and (high is None or value <= high):
        return
    if low is not None and high is not None:
        bounds = f"{low}..{high}"
    elif low is not None:
        bounds = f"at least {low}"
    else:
        bounds = f"at most {high}"
    reason = f" {why}" if why else ""
    raise RulesetError(file, key, f"expected {bounds}{reason}, got {value}")


def check_entries(
    items: Sized,
    low: int | None = None,
    high: int | None = None,
    *,
    file: str,
    key: str,
    why: str = "",
) -> None:
    """Check the number of entries of a list, like :func:`check_range`.

    Args:
        items: The list to check.
        low: The fewest entries accepted.
        high: The most entries accepted.
        file: The file the list comes from.
        key: Its key path.
        why: A reason appended to the message.

    Raises:
        RulesetError: e.g. ``expected 2..6 entries, got 0``.

    Examples:
        >>> from serenissima.engine.loader import check_entries
        >>> check_entries([], 2, 6, file="board.toml", key="ports")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports: expected 2..6 entries, got 0
    """
    count = len(items)
    if (low is None or count >= low) and (high is None or count <= high):
        return
    if low is not None and high is not None:
        bounds = f"{low}" if low == high else f"{low}..{high}"
    elif low is not None:
        bounds = f"at least {low}"
    else:
        bounds = f"at most {high}"
    noun = "entry" if bounds.endswith(" 1") or bounds == "1" else "entries"
    reason = f" {why}" if why else ""
    raise RulesetError(file, key, f"expected {bounds} {noun}{reason}, got {count}")


def check_member(
    value: object, allowed: Iterable[object], *, file: str, key: str, what: str = ""
) -> None:
    """Check that ``value`` is one of ``allowed``.

    Args:
        value: The identifier (or number) to check.
        allowed: The accepted values, in the order the message lists them.
        file: The file the value comes from.
        key: Its key path.
        what: What the values are (``"declared area"``); when given, the
            message names it instead of listing every accepted value.

    Raises:
        RulesetError: e.g. ``expected one of wood, wine, got 'salt'``.

    Examples:
        >>> from serenissima.engine.loader import check_member
        >>> check_member("wine", ["wood", "wine"], file="board.toml", key="ports[3].good")
        >>> check_member("salt", ["wood", "wine"], file="board.toml", key="ports[3].good")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports[3].good: expected one of ...
    """
    accepted = tuple(allowed)
    if value in accepted:
        return
    listed = ", ".join(str(v) for v in dict.fromkeys(accepted))
    expected = f"a {what}" if what else f"one of {listed}"
    raise RulesetError(file, key, f"expected {expected}, got {value!r}")


def check_unique(values: Sequence[Hashable], *, file: str, key: str, what: str = "id") -> None:
    """Check that no value appears twice.

    Args:
        values: Values in file order.
        file: The file they come from.
        key: A key-path template with ``{}`` for the index, e.g. ``"ports[{}].id"``.
        what: What the values are, for the message.

    Raises:
        RulesetError: At the second occurrence, e.g. ``ports[4].id: expected a
            unique id, got 'genoa' again (first at ports[1].id)``.

    Examples:
        >>> from serenissima.engine.loader import check_unique
        >>> check_unique(["venice", "genoa", "genoa"], file="board.toml", key="ports[{}].id")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: board.toml: ports[2].id: expected a unique id, ...
    """
    first: dict[Hashable, int] = {}
    for index, value in enumerate(values):
        if value in first:
            again = f"got {value!r} again (first at {key.format(first[value])})"
            raise RulesetError(file, key.format(index), f"expected a unique {what}, {again}")
        first[value] = index


def check_offered(offered: Sequence[int], set_up: Sequence[int], *, file: str, key: str) -> None:
    """Check that every player count a ruleset offers has its set-up.

    The counts come from ``ruleset.toml``; the set-ups from an edition's own
    file, which may also set up counts the ruleset does not offer (a variant
    for fewer players keeps its base's tables).

    Args:
        offered: The player counts of ``ruleset.toml``.
        set_up: The player count of each set-up entry, in file order (checked
            to be at least 1 and unique).
        file: The file of the set-up entries, e.g. ``"rules.toml"``.
        key: A key-path template of their player counts, e.g. ``"setup[{}].players"``.

    Raises:
        RulesetError: A set-up count below 1 or repeated (an error of ``file``),
            or an offered count without a set-up (an error of ``ruleset.toml``).

    Examples:
        >>> from serenissima.engine.loader import check_offered
        >>> check_offered([2, 5], [2, 3, 4], file="rules.toml", key="setup[{}].players")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: ruleset.toml: ruleset.players[1]: expected a \
player count that rules.toml sets up (2, 3, 4), got 5
    """
    for index, count in enumerate(set_up):
        check_range(count, 1, file=file, key=key.format(index))
    check_unique(list(set_up), file=file, key=key, what="player count")
    counts = ", ".join(str(n) for n in set_up) or "none"
    for index, count in enumerate(offered):
        if count not in set_up:
            raise RulesetError(
                "ruleset.toml",
                f"ruleset.players[{index}]",
                f"expected a player count that {file} sets up ({counts}), got {count}",
            )
