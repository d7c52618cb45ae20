"""A ruleset diff: its entries, how each key compares, and the filters over them.

:func:`~serenissima.analysis.diff.compare.compare_rulesets` returns a
:class:`RulesetDiff`: one :class:`DiffEntry` per compared key, with the value
on each side and a :class:`DiffStatus` (on one side only, on both with the same
value, or with different ones). Values are plain data (:data:`DiffValue`:
numbers, strings, booleans, tuples, ``None``), ready to print or to turn into
JSON; the entries fall into the :data:`SECTIONS`, in that order.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

__all__ = ["SECTIONS", "DiffEntry", "DiffStatus", "DiffValue", "RulesetDiff"]

DiffValue = int | float | str | bool | None | tuple["DiffValue", ...]
"""A compared value as shown: a number, a string, a flag, ``None`` or a tuple of them."""

SECTIONS = (
    "info",
    "board",
    "ports",
    "goods",
    "params",
    "options",
    "phases",
    "flow",
    "provenance",
)
"""The sections of a diff, in the order its entries come."""


class DiffStatus(enum.Enum):
    """How a key compares between the left and the right ruleset.

    Examples:
        >>> import serenissima as ser
        >>> diff = ser.compare_rulesets("classic", "modern")
        >>> year = next(e for e in diff if e.key == "year")
        >>> year.status, year.status.mark
        (DiffStatus.DIFFERENT, '~')
    """

    ONLY_LEFT = "only_left"
    """The key exists in the left ruleset only."""
    ONLY_RIGHT = "only_right"
    """The key exists in the right ruleset only."""
    DIFFERENT = "different"
    """Both rulesets have the key, with different values."""
    SAME = "same"
    """Both rulesets have the key, with the same value."""

    def __repr__(self) -> str:
        return f"DiffStatus.{self.name}"

    @property
    def mark(self) -> str:
        """A one-character mark for tables: ``<``, ``>``, ``~`` or ``=``."""
        return _MARKS[self]


_MARKS = {
    DiffStatus.ONLY_LEFT: "<",
    DiffStatus.ONLY_RIGHT: ">",
    DiffStatus.DIFFERENT: "~",
    DiffStatus.SAME: "=",
}


@attrs.frozen(slots=True)
class DiffEntry:
    """One compared key.

    Attributes:
        section: The section, one of :data:`SECTIONS`.
        key: The key inside the section, e.g. ``"components.galleys"``.
        left: The left ruleset's value (``None`` when only the right has the key).
        right: The right ruleset's value (``None`` when only the left has the key).
        status: How the two compare. ``None`` may also be a real value (a good
            with unlimited supply), so read the status to tell absence apart.

    Example:
        >>> entry = DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT)
        >>> entry.changed
        True
    """

    section: str
    key: str
    left: DiffValue
    right: DiffValue
    status: DiffStatus

    @property
    def changed(self) -> bool:
        """Whether the key is missing on one side or differs."""
        return self.status is not DiffStatus.SAME

    def to_dict(self) -> dict[str, Any]:
        """Return the entry as JSON-ready data (tuples become lists)."""
        return {
            "section": self.section,
            "key": self.key,
            "left": _jsonable(self.left),
            "right": _jsonable(self.right),
            "status": self.status.value,
        }


@attrs.frozen(slots=True)
class RulesetDiff:
    """The comparison of two rulesets, entry by entry.

    Iterating gives every entry, the same ones included, section by section
    (see :data:`SECTIONS`); ``len`` counts them. The filters
    (:meth:`section`, :attr:`changed`, :attr:`only_left`...) return diffs
    too, so they chain: ``diff.section("params").different``. A diff with
    no entries is false, so ``if diff.changed:`` asks whether anything differs.

    Attributes:
        left: The left ruleset's id.
        right: The right ruleset's id.
        entries: Every compared key.

    Example:
        >>> diff = RulesetDiff("a", "b", (
        ...     DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT),
        ...     DiffEntry("params", "costs.cube", 1, 1, DiffStatus.SAME),
        ...     DiffEntry("options", "fog", False, None, DiffStatus.ONLY_LEFT),
        ... ))
        >>> [entry.key for entry in diff.changed]
        ['costs.fort', 'fog']
        >>> diff["params", "costs.fort"].right
        3
        >>> len(diff.section("params").same)
        1
    """

    left: str
    right: str
    entries: tuple[DiffEntry, ...]

    def __iter__(self) -> Iterator[DiffEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, item: object) -> bool:
        """Whether ``item``, an entry or a ``(section, key)`` pair, is in the diff."""
        if isinstance(item, DiffEntry):
            return item in self.entries
        if isinstance(item, tuple) and len(item) == 2:
            section, key = item
            return any(e.key == key and e.section == section for e in self.entries)
        return False

    def __getitem__(self, key: tuple[str, str]) -> DiffEntry:
        """Return the entry of ``(section, key)``.

        Raises:
            KeyError: Neither ruleset has that key.
        """
        entry = self.get(*key)
        if entry is None:
            raise KeyError(key)
        return entry

    def get(self, section: str, key: str) -> DiffEntry | None:
        """Return the entry of ``key`` in ``section``, or ``None`` if neither side has it."""
        for entry in self.entries:
            if entry.key == key and entry.section == section:
                return entry
        return None

    def _where(self, keep: Iterable[DiffEntry]) -> RulesetDiff:
        return RulesetDiff(self.left, self.right, tuple(keep))

    def section(self, *names: str) -> RulesetDiff:
        """Return the entries of one section, or of several (possibly none).

        Raises:
            KeyError: A name that is not one of :data:`SECTIONS`.
        """
        for name in names:
            if name not in SECTIONS:
                raise KeyError(f"expected a section ({', '.join(SECTIONS)}), got {name!r}")
        return self._where(e for e in self.entries if e.section in names)

    def with_status(self, *statuses: DiffStatus) -> RulesetDiff:
        """Return the entries of the given statuses."""
        return self._where(e for e in self.entries if e.status in statuses)

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections that have entries, in :data:`SECTIONS` order."""
        present = {e.section for e in self.entries}
        return tuple(name for name in SECTIONS if name in present)

    @property
    def changed(self) -> RulesetDiff:
        """The entries that exist on one side only or differ."""
        return self._where(e for e in self.entries if e.changed)

    @property
    def only_left(self) -> RulesetDiff:
        """The entries that exist in the left ruleset only."""
        return self.with_status(DiffStatus.ONLY_LEFT)

    @property
    def only_right(self) -> RulesetDiff:
        """The entries that exist in the right ruleset only."""
        return self.with_status(DiffStatus.ONLY_RIGHT)

    @property
    def different(self) -> RulesetDiff:
        """The entries that both rulesets have, with different values."""
        return self.with_status(DiffStatus.DIFFERENT)

    @property
    def same(self) -> RulesetDiff:
        """The entries that both rulesets have, with the same value."""
        return self.with_status(DiffStatus.SAME)

    @property
    def identical(self) -> bool:
        """Whether every entry is the same on both sides."""
        return not any(e.changed for e in self.entries)

    @property
    def counts(self) -> dict[DiffStatus, int]:
        """The number of entries of each status (every status is present)."""
        found = Counter(e.status for e in self.entries)
        return {status: found[status] for status in DiffStatus}

    def to_dict(self) -> dict[str, Any]:
        """Return the diff as JSON-ready data: ``left``, ``right`` and the ``entries``."""
        return {
            "left": self.left,
            "right": self.right,
            "entries": [entry.to_dict() for entry in self.entries],
        }


def _jsonable(value: DiffValue) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def value_text(value: DiffValue) -> str:
    """Return a compared value as it is written in keys and tables (``none``, ``true``, ``a,b``).

    The keys of a diff and its text share it; it is not part of the API.
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        text = ",".join(
            f"({value_text(v)})" if isinstance(v, tuple) else value_text(v) for v in value
        )
        return text or "()"
    if value == "":
        return '""'
    return str(value)
