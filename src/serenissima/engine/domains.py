"""The domains of an index space's fields: where each field of an action takes its values.

See :mod:`serenissima.engine.spaces` for how a space is laid out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import attrs

__all__ = ["Amounts", "Domain", "Outside", "Slots", "Values"]


class Outside(Exception):  # noqa: N818 - a domain's signal, turned into ArgumentValueError
    """Why a value has no position in a domain, or a position no value (names the bound).

    :class:`IndexSpace` turns it into an ``ArgumentValueError`` naming the action.

    Example:
        >>> try:
        ...     Amounts("sailors", 1, 5).position(9, None, {})
        ... except Outside as why:
        ...     print(why)
        sailors 9 is above the bound 5
    """


class Domain:
    """The values one field of an action may take, each at a fixed position.

    Attributes:
        name: What the values are, e.g. ``"sea areas"``; shown in the docs.
        size: How many positions the domain has.

    Example:
        >>> goods = Values("goods", ("wine", "iron"))
        >>> isinstance(goods, Domain), goods.describe()
        (True, 'goods (wine, iron)')
    """

    __slots__ = ()
    name: str
    size: int

    def position(self, value: object, state: Any, memo: dict[Hashable, Any]) -> int:
        """The position of ``value``; :class:`Outside` says why it has none."""
        raise NotImplementedError

    def value(self, position: int, state: Any, memo: dict[Hashable, Any]) -> object:
        """The value at ``position`` in ``state``; :class:`Outside` says why there is none."""
        raise NotImplementedError

    def positions(self, state: Any, memo: dict[Hashable, Any]) -> Mapping[Hashable, int] | None:
        """Every value's position in ``state`` as a table, where the domain keeps one.

        ``None`` (the default) when positions are worked out one by one by
        :meth:`position`. A value missing from the table has no position.
        """
        return None

    def describe(self) -> str:
        """The domain in a few words, for the docs."""
        raise NotImplementedError


@attrs.frozen(slots=True)
class Values(Domain):
    """A fixed tuple of values, in order: the sea areas of the board, the goods, the seats.

    Example:
        >>> areas = Values("sea areas", ("adriatic", "ionian"))
        >>> areas.size, areas.position("ionian", None, {})
        (2, 1)
    """

    name: str
    values: tuple[Hashable, ...]
    _at: dict[Hashable, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", {v: i for i, v in enumerate(self.values)})

    @property
    def size(self) -> int:  # type: ignore[override]
        """See :attr:`Domain.size`."""
        return len(self.values)

    def position(self, value: object, state: Any, memo: dict[Hashable, Any]) -> int:
        """See :meth:`Domain.position`."""
        try:
            return self._at[value]
        except (KeyError, TypeError):
            raise Outside(f"{value!r} is not one of the {len(self.values)} {self.name}") from None

    def value(self, position: int, state: Any, memo: dict[Hashable, Any]) -> object:
        """See :meth:`Domain.value`."""
        return self.values[position]

    def positions(self, state: Any, memo: dict[Hashable, Any]) -> Mapping[Hashable, int]:
        """See :meth:`Domain.positions`: the same table in every state."""
        return self._at

    def describe(self) -> str:
        """See :meth:`Domain.describe`."""
        shown = ", ".join(str(v) for v in self.values[:6])
        more = ", ..." if len(self.values) > 6 else ""
        return f"{self.name} ({shown}{more})"


@attrs.frozen(slots=True)
class Amounts(Domain):
    """The multiples of ``step`` from ``low`` to ``high``: ducats, sailors, quantities.

    Example:
        >>> bids = Amounts("ducats", 0, 1000, 100)
        >>> bids.size, bids.position(300, None, {})
        (11, 3)
    """

    name: str
    low: int
    high: int
    step: int = 1

    @property
    def size(self) -> int:  # type: ignore[override]
        """See :attr:`Domain.size`."""
        return (self.high - self.low) // self.step + 1

    def position(self, value: object, state: Any, memo: dict[Hashable, Any]) -> int:
        """See :meth:`Domain.position`."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise Outside(f"{value!r} is not a whole number of {self.name}")
        if value > self.high:
            raise Outside(f"{self.name} {value} is above the bound {self.high}")
        if value < self.low:
            raise Outside(f"{self.name} {value} is below the bound {self.low}")
        if (value - self.low) % self.step:
            raise Outside(f"{self.name} {value} is not {self.low} plus a multiple of {self.step}")
        return (value - self.low) // self.step

    def value(self, position: int, state: Any, memo: dict[Hashable, Any]) -> object:
        """See :meth:`Domain.value`."""
        return self.low + position * self.step

    def describe(self) -> str:
        """See :meth:`Domain.describe`."""
        steps = f" in steps of {self.step}" if self.step != 1 else ""
        return f"{self.name} {self.low} to {self.high}{steps}"


_Labels = tuple[list[Hashable], dict[Hashable, int], dict[Hashable, int]]
"""A state's labels in slot order, the slot of each, and the position of every value."""


@attrs.frozen(slots=True)
class Slots(Domain):
    """Fixed values first, then the pieces in play of ``state``, at most ``slots`` of them.

    ``pieces(state)`` lists the pieces in play in slot order (galleys by
    number, say); ``label`` turns a piece into the field's value (the galley's
    number, or its number as text). Slot ``k`` names the ``k``-th piece in
    play, so a slot means the piece at that place of the observation.

    Example:
        >>> galleys = Slots("galleys in play", 3, lambda state: state)
        >>> galleys.position(9, (4, 9), {}), galleys.value(0, (4, 9), {})
        (1, 4)
    """

    name: str
    slots: int
    pieces: Callable[[Any], Sequence[Hashable]]
    label: Callable[[Hashable], Hashable] = attrs.field(default=lambda piece: piece)
    fixed: tuple[Hashable, ...] = ()
    source: Callable[[Any], object] | None = None
    """The part of a state the pieces come from (its tuple of galleys, say): while
    it is the same object, the slots are not worked out again."""
    _last: list[tuple[object, _Labels]] = attrs.field(
        factory=list, eq=False, repr=False, init=False
    )

    @property
    def size(self) -> int:  # type: ignore[override]
        """See :attr:`Domain.size`."""
        return len(self.fixed) + self.slots

    def _labels(self, state: Any, memo: dict[Hashable, Any]) -> _Labels:
        """The labels in slot order, each label's slot, and every value's position."""
        key = id(self)  # the memo of one state: keys of other kinds are never ints
        found: _Labels | None = memo.get(key)
        if found is not None:
            return found
        source = None if self.source is None else self.source(state)
        last = self._last
        if last and source is not None and last[0][0] is source:
            found = last[0][1]
        else:
            labels = [self.label(piece) for piece in self.pieces(state)]
            if last and last[0][1][0] == labels:  # the same pieces in play: the same tables
                found = last[0][1]
            else:
                at = {v: i for i, v in enumerate(labels)}
                fixed = len(self.fixed)
                table = {v: fixed + i for v, i in at.items() if i < self.slots}
                table.update((v, i) for i, v in reversed(list(enumerate(self.fixed))))
                found = (labels, at, table)
            if source is not None:
                last[:] = [(source, found)]
        memo[key] = found
        return found

    def positions(self, state: Any, memo: dict[Hashable, Any]) -> Mapping[Hashable, int]:
        """See :meth:`Domain.positions`: the fixed values', then each piece in play's.

        Example:
            >>> places = Slots("galleys", 2, lambda state: state, fixed=("port",))
            >>> dict(places.positions((7, 3, 9), {}))  # the third galley has no slot
            {7: 1, 3: 2, 'port': 0}
        """
        return self._labels(state, memo)[2]

    def position(self, value: object, state: Any, memo: dict[Hashable, Any]) -> int:
        """See :meth:`Domain.position`."""
        if self.fixed and value in self.fixed:
            return self.fixed.index(value)
        at = self._labels(state, memo)[1]
        try:
            slot = at[value]
        except (KeyError, TypeError):
            raise Outside(f"{value!r} is none of the {self.name} of this state") from None
        if slot >= self.slots:
            raise Outside(
                f"{value!r} is in slot {slot}, above the bound of {self.slots} {self.name}"
            )
        return len(self.fixed) + slot

    def value(self, position: int, state: Any, memo: dict[Hashable, Any]) -> object:
        """See :meth:`Domain.value`."""
        if position < len(self.fixed):
            return self.fixed[position]
        labels = self._labels(state, memo)[0]
        slot = position - len(self.fixed)
        if slot >= len(labels):
            raise Outside(f"slot {slot} of the {self.name} is empty: {len(labels)} are in play")
        return labels[slot]

    def describe(self) -> str:
        """See :meth:`Domain.describe`."""
        fixed = f"{len(self.fixed)} fixed values, then " if self.fixed else ""
        return f"{fixed}{self.slots} slots of {self.name}"
