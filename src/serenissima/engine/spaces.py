"""Fixed index spaces of actions and chance outcomes, for learning and search libraries.

Learning libraries (PettingZoo, Gymnasium, OpenSpiel) want every decision to
be a choice among the integers ``0..n-1``, with the same ``n`` for the whole
game. An :class:`IndexSpace` gives each action a ruleset can produce one
index, worked out from the ruleset's data for a player count and its options:

- each action class is a :class:`Family` of consecutive indexes;
- within a family, each field of the action takes its values from a
  :class:`Domain`, and the index is the mixed-radix number of the field values'
  positions in their domains, the last field varying fastest.

A domain is a fixed tuple of values (:class:`Values`: the board's sea areas,
the goods), a range of amounts in steps (:class:`Amounts`: bids up to a bound
the ruleset derives from its data), or the pieces in play
(:class:`Slots`: "the third galley in play, by number"), whose meaning follows
the state, as the observation's galley slots do.

The spaces of the shipped editions are tabulated on the docs page "Action
index space"; :meth:`IndexSpace.rows` gives the same table for any ruleset.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.core import Action, State

__all__ = ["Amounts", "Domain", "Family", "IndexSpace", "Outside", "Slots", "Values"]


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

    @property
    def size(self) -> int:  # type: ignore[override]
        """See :attr:`Domain.size`."""
        return len(self.fixed) + self.slots

    def _labels(
        self, state: Any, memo: dict[Hashable, Any]
    ) -> tuple[list[Hashable], dict[Hashable, int]]:
        key = ("slots", id(self))
        found: tuple[list[Hashable], dict[Hashable, int]] | None = memo.get(key)
        if found is None:
            labels = [self.label(piece) for piece in self.pieces(state)]
            found = memo[key] = (labels, {v: i for i, v in enumerate(labels)})
        return found

    def position(self, value: object, state: Any, memo: dict[Hashable, Any]) -> int:
        """See :meth:`Domain.position`."""
        if value in self.fixed:
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


@attrs.frozen(slots=True)
class Family:
    """One action class and the domains of its fields, in the order of its ``attrs`` fields.

    Attributes:
        action_type: The action class.
        fields: Each field's name and domain.

    Example:
        >>> import serenissima as ser
        >>> family = ser.load_ruleset("modern").action_space(2).families[0]
        >>> family.action_type.__name__, family.size
        ('PickGalley', 15)
    """

    action_type: type[Action]
    fields: tuple[tuple[str, Domain], ...] = ()

    @property
    def size(self) -> int:
        """How many indexes the family takes: the product of its domains' sizes."""
        size = 1
        for _, domain in self.fields:
            size *= domain.size
        return size


class IndexSpace:
    """Every action of a ruleset (or every chance outcome) at one index of ``0..size-1``.

    Args:
        families: The action classes with their fields' domains, in index order.
        what: What the indexes stand for, for error messages: ``"action"`` or
            ``"chance outcome"``.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(players=3)
        >>> space = rules.action_space(3)
        >>> action = rules.legal_actions(state)[0]
        >>> space.action(state, space.index(state, action)) == action
        True
    """

    __slots__ = ("_by_type", "_offsets", "_strides", "families", "size", "what")

    def __init__(self, families: Sequence[Family], what: str = "action") -> None:
        self.families = tuple(families)
        self.what = what
        self._offsets: list[int] = []
        self._strides: list[tuple[int, ...]] = []
        self._by_type: dict[type[Action], int] = {}
        offset = 0
        for number, family in enumerate(self.families):
            if family.action_type in self._by_type:
                raise ArgumentValueError(f"{family.action_type.__name__} has two families")
            self._by_type[family.action_type] = number
            self._offsets.append(offset)
            strides = []
            stride = 1
            for _, domain in reversed(family.fields):
                strides.append(stride)
                stride *= domain.size
            self._strides.append(tuple(reversed(strides)))
            offset += family.size
        self.size = offset

    def __repr__(self) -> str:
        return f"<IndexSpace of {self.size} {self.what}s in {len(self.families)} families>"

    def __len__(self) -> int:
        return self.size

    def index(self, state: State, action: Action, memo: dict[Hashable, Any] | None = None) -> int:
        """The index of ``action`` in ``state``.

        Raises:
            ArgumentValueError: The action is not in the space; the message names the
                field and the bound it breaks.
        """
        number = self._by_type.get(type(action))
        if number is None:
            raise ArgumentValueError(
                f"{action!r} is not an {self.what} of this space "
                f"(its {len(self.families)} families are the ruleset's {self.what} classes)"
            )
        family = self.families[number]
        memo = {} if memo is None else memo
        index = self._offsets[number]
        for (name, domain), stride in zip(family.fields, self._strides[number], strict=True):
            try:
                position = domain.position(getattr(action, name), state, memo)
            except Outside as why:
                why_not = f"{self.what} {action} is outside the space: {why}"
                raise ArgumentValueError(why_not) from None
            index += position * stride
        return index

    def indices(self, state: State, actions: Sequence[Action]) -> tuple[int, ...]:
        """The index of each of ``actions`` in ``state`` (the pieces in play looked up once)."""
        memo: dict[Hashable, Any] = {}
        return tuple([self.index(state, action, memo) for action in actions])

    def action(self, state: State, index: int) -> Action:
        """The action at ``index`` in ``state``.

        Raises:
            ArgumentTypeError: ``index`` is not an int.
            ArgumentValueError: ``index`` is outside ``0..size-1``, or names a
                slot that holds no piece in ``state``.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise ArgumentTypeError("index", f"an {self.what} index, an int", index)
        if not 0 <= index < self.size:
            raise ArgumentValueError(
                f"{self.what} index {index} is outside the space 0..{self.size - 1}"
            )
        number = bisect.bisect_right(self._offsets, index) - 1
        family = self.families[number]
        rest = index - self._offsets[number]
        memo: dict[Hashable, Any] = {}
        values: dict[str, object] = {}
        for (name, domain), stride in zip(family.fields, self._strides[number], strict=True):
            position, rest = divmod(rest, stride)
            try:
                values[name] = domain.value(position, state, memo)
            except Outside as why:
                raise ArgumentValueError(f"{self.what} index {index}: {why}") from None
        return family.action_type(**values)

    def family_of(self, index: int) -> Family:
        """The family ``index`` belongs to."""
        return self.families[bisect.bisect_right(self._offsets, index) - 1]

    def rows(self) -> list[tuple[str, int, int, str]]:
        """One row per family: its class name, first index, size and fields' domains."""
        return [
            (
                family.action_type.__name__,
                offset,
                family.size,
                "; ".join(f"{name}: {domain.describe()}" for name, domain in family.fields)
                or "no field",
            )
            for family, offset in zip(self.families, self._offsets, strict=True)
        ]
