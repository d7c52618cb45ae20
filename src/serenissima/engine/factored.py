"""The action index space as a few small heads: the family first, then its fields.

A flat :class:`~serenissima.engine.spaces.IndexSpace` asks a policy to choose
among every action at once: 172,365 indexes in a four-player classic game. A
:class:`FactoredSpace` asks the same question in steps, for a policy with one
output head per step (an autoregressive policy):

- head 0, ``"family"``, picks the action class: one value per family;
- heads 1 to K, ``"part 1"`` to ``"part K"``, pick the positions of the
  chosen family's fields, in field order. K is the most parts any family has.

A head after the family means a different field for each family (the galley
of a ``TradeSell``, the amount of a ``Bid``), so the heads are named by their
place, not by a field. A head is as wide as its widest part over the
families; the heads a family does not use take the value 0.

Each field is one part, except an amount range wider than
:data:`SPLIT_ABOVE` values, which is split in two parts: a coarse one (the
position divided by ``b``) and a fine one (the remainder), with ``b`` the
square root of the range's size, rounded up. A head of a thousand outputs,
most of them rare, is hard to learn; split, classic's bid (about 1,200
amounts) takes two heads of about 35 values, and the widest head of either
edition is a few dozen values: 51 for classic (the sources of a
``ShiftSailor``: 23 ports and 28 galley slots) and 34 for modern, at every
player count.

The masks of one decision follow the choices already made:
:meth:`FactoredSpace.choices` turns the legal flat indexes into a
:class:`FactoredChoices`, whose :meth:`~FactoredChoices.mask` gives, after a
prefix of head values, the values of the next head that lead to at least one
legal action. Following the masks head by head always ends on a legal
action, and every legal action can be reached.
"""

from __future__ import annotations

import bisect
import math
import operator
from collections.abc import Iterable
from typing import SupportsIndex

from serenissima.engine.domains import Amounts, Domain
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError
from serenissima.engine.spaces import IndexSpace

__all__ = ["SPLIT_ABOVE", "FactoredChoices", "FactoredSpace"]

SPLIT_ABOVE = 64
"""An amount range of more values than this takes two heads, a coarse and a fine one."""


def _split(domain: Domain) -> int:
    """The fine part's size of a split amount range, or 0 for a field left whole."""
    if isinstance(domain, Amounts) and domain.size > SPLIT_ABOVE:
        return math.isqrt(domain.size - 1) + 1  # the square root, rounded up
    return 0


class FactoredSpace:
    """An index space as heads: the family, then the parts of its fields.

    Args:
        space: The flat index space it factors (see :mod:`serenissima.engine.factored`).

    Attributes:
        space: The flat space.
        heads: The heads' names: ``"family"``, then ``"part 1"``, ``"part 2"``...
        sizes: How many values each head takes.

    Example:
        >>> import serenissima as ser
        >>> factored = ser.load_ruleset("classic").factored_space(4)
        >>> factored.heads
        ('family', 'part 1', 'part 2', 'part 3', 'part 4')
        >>> factored.sizes
        (30, 51, 51, 28, 20)
        >>> factored.encode(40)  # the fifth bid: family 1, coarse 0, fine 4
        (1, 0, 4, 0, 0)
        >>> factored.decode((1, 0, 4, 0, 0))
        40
    """

    __slots__ = ("_offsets", "_parts", "heads", "sizes", "space")

    def __init__(self, space: IndexSpace) -> None:
        self.space = space
        self._offsets: list[int] = []
        # per family: each field's domain size and fine size (0: not split)
        self._parts: list[tuple[tuple[str, Domain, int, int], ...]] = []
        offset = 0
        for family in space.families:
            self._offsets.append(offset)
            offset += family.size
            self._parts.append(
                tuple((name, domain, domain.size, _split(domain)) for name, domain in family.fields)
            )
        widths = [self.part_sizes(number) for number in range(len(space.families))]
        most = max((len(w) for w in widths), default=0)
        self.sizes: tuple[int, ...] = (
            max(len(space.families), 1),
            *(max([1, *(w[k] for w in widths if k < len(w))]) for k in range(most)),
        )
        self.heads: tuple[str, ...] = ("family", *(f"part {k}" for k in range(1, most + 1)))

    def __repr__(self) -> str:
        return f"<FactoredSpace of {self.space.size} {self.space.what}s in heads {self.sizes}>"

    def part_sizes(self, family: int) -> tuple[int, ...]:
        """The sizes of the parts of family number ``family``, in head order.

        Example:
            >>> import serenissima as ser
            >>> ser.load_ruleset("classic").factored_space(4).part_sizes(1)  # Bid
            (35, 35)
        """
        sizes: list[int] = []
        for _, _, size, fine in self._parts[family]:
            sizes.extend((-(-size // fine), fine) if fine else (size,))
        return tuple(sizes)

    def encode(self, index: SupportsIndex) -> tuple[int, ...]:
        """The head values of the flat ``index``.

        Raises:
            ArgumentTypeError: ``index`` is not an integer.
            ArgumentValueError: ``index`` is outside the flat space.
        """
        index = _integer("index", index)
        if not 0 <= index < self.space.size:
            raise ArgumentValueError(
                f"{self.space.what} index {index} is outside the space 0..{self.space.size - 1}"
            )
        number = bisect.bisect_right(self._offsets, index) - 1
        rest = index - self._offsets[number]
        positions: list[int] = []
        for _, _, size, _ in reversed(self._parts[number]):
            rest, position = divmod(rest, size)
            positions.append(position)
        values = [number]
        for (_, _, _, fine), position in zip(self._parts[number], reversed(positions), strict=True):
            values.extend(divmod(position, fine) if fine else (position,))
        values.extend([0] * (len(self.sizes) - len(values)))
        return tuple(values)

    def decode(self, values: Iterable[SupportsIndex]) -> int:
        """The flat index of the head values ``values`` (one per head).

        Raises:
            ArgumentTypeError: ``values`` is not a sequence of integers; the
                message names the head.
            ArgumentValueError: A wrong number of values, a value outside its
                head, a non-zero value in a head the family does not use, or
                parts that name no value of the field (a fine part past the
                last amount); the message names the head.
        """
        given = self._check(values, len(self.sizes), exact=True)
        number = given[0]
        family = self.space.families[number]
        used = len(self.part_sizes(number))
        for head in range(used + 1, len(given)):
            if given[head]:
                raise ArgumentValueError(
                    f"head {self.heads[head]!r}: {family.action_type.__name__} has "
                    f"{used} part(s), so this head must be 0, not {given[head]}"
                )
        index = 0
        head = 1
        for name, _, size, fine in self._parts[number]:
            position = given[head]
            if fine:
                position = position * fine + given[head + 1]
            if position >= size:
                raise ArgumentValueError(
                    f"head {self.heads[head + (1 if fine else 0)]!r}: "
                    f"{family.action_type.__name__}'s {name} has {size} values, "
                    f"and these parts name value {position}"
                )
            index = index * size + position
            head += 2 if fine else 1
        return self._offsets[number] + index

    def choices(self, legal: Iterable[SupportsIndex]) -> FactoredChoices:
        """The masks of one decision, from its legal flat indexes.

        Raises:
            ArgumentTypeError: An index is not an integer.
            ArgumentValueError: An index is outside the flat space.

        Example:
            >>> import serenissima as ser
            >>> rules = ser.load_ruleset("classic")
            >>> state = rules.new_game(players=2)  # the crews: family 0, two parts
            >>> choices = rules.factored_space(2).choices(rules.legal_indices(state))
            >>> choices.mask(())[:3], len(choices.legal) == len(rules.legal_actions(state))
            ((1, 0, 0), True)
        """
        return FactoredChoices(self, legal)

    def rows(self) -> list[tuple[str, int, str]]:
        """One row per family: its class name, its value in the family head, and its parts.

        Example:
            >>> import serenissima as ser
            >>> family, value, parts = ser.load_ruleset("classic").factored_space(4).rows()[1]
            >>> family, value, parts.split("; ")[1]
            ('Bid', 1, 'part 2: amount % 35 (35 values)')
        """
        rows = []
        for number, family in enumerate(self.space.families):
            parts: list[str] = []
            for name, domain, size, fine in self._parts[number]:
                if fine:
                    coarse = -(-size // fine)
                    parts.append(f"{name} // {fine}: {domain.describe()} ({coarse} values)")
                    parts.append(f"{name} % {fine} ({fine} values)")
                else:
                    parts.append(f"{name}: {domain.describe()} ({size} values)")
            text = "; ".join(f"part {k}: {part}" for k, part in enumerate(parts, 1))
            rows.append((family.action_type.__name__, number, text or "no part"))
        return rows

    def _check(self, values: Iterable[SupportsIndex], most: int, exact: bool) -> tuple[int, ...]:
        """``values`` as ints, each within its head; at most (or exactly) ``most`` of them."""
        if isinstance(values, (str, bytes)):
            raise ArgumentTypeError("values", "a sequence of head values, ints", values)
        try:
            items = tuple(values)
        except TypeError:
            raise ArgumentTypeError("values", "a sequence of head values, ints", values) from None
        if len(items) > most or (exact and len(items) != most):
            wanted = f"{most}" if exact else f"at most {most}"
            raise ArgumentValueError(
                f"{wanted} head value(s) expected ({', '.join(self.heads)}), got {len(items)}"
            )
        checked = []
        for head, item in enumerate(items):
            value = _integer(f"head {self.heads[head]!r}", item)
            if not 0 <= value < self.sizes[head]:
                raise ArgumentValueError(
                    f"head {self.heads[head]!r} takes 0..{self.sizes[head] - 1}, not {value}"
                )
            checked.append(value)
        return tuple(checked)


class FactoredChoices:
    """The legal head values of one decision, with the mask of each head after a prefix.

    Made by :meth:`FactoredSpace.choices` (or ``Ruleset.factored_choices``).

    Attributes:
        space: The factored space.
        legal: The head values of each legal action, in the order of the legal indexes.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(players=3)
        >>> choices = rules.factored_choices(state)
        >>> prefix = ()
        >>> while len(prefix) < len(choices.space.sizes):
        ...     prefix += (choices.mask(prefix).index(1),)  # the first legal value
        >>> choices.complete(prefix) in rules.legal_indices(state)
        True
    """

    __slots__ = ("_index", "_next", "legal", "space")

    def __init__(self, space: FactoredSpace, legal: Iterable[SupportsIndex]) -> None:
        self.space = space
        self.legal = tuple(space.encode(index) for index in legal)
        self._index = {values: space.decode(values) for values in self.legal}
        # after each prefix of a legal tuple: the values of the next head that stay legal
        self._next: dict[tuple[int, ...], set[int]] = {}
        for values in self.legal:
            for cut in range(len(values)):
                self._next.setdefault(values[:cut], set()).add(values[cut])

    def __repr__(self) -> str:
        return f"<FactoredChoices of {len(self.legal)} legal actions>"

    def mask(self, prefix: Iterable[SupportsIndex] = ()) -> tuple[int, ...]:
        """1 for each value of the next head that leads to a legal action, else 0.

        Args:
            prefix: The values of the heads chosen so far, from the family on.

        Raises:
            ArgumentTypeError: A value is not an integer.
            ArgumentValueError: The prefix holds every head already, has a value
                outside its head, or has left the legal actions (the message
                names the head where it did).
        """
        heads = self.space.sizes
        values = self._legal_prefix(prefix, len(heads) - 1)
        if not self.legal:
            return (0,) * heads[len(values)]
        allowed = self._next[values]
        return tuple(int(value in allowed) for value in range(heads[len(values)]))

    def complete(self, values: Iterable[SupportsIndex]) -> int:
        """The flat index of a legal action, from its value in every head.

        Raises:
            ArgumentTypeError: A value is not an integer.
            ArgumentValueError: Not one value per head, a value outside its
                head, or values that are no legal action (the message names
                the first head where they leave the legal ones).
        """
        checked = self.space._check(values, len(self.space.sizes), exact=True)
        self._legal_prefix(checked, len(checked))
        return self._index[checked]

    def _legal_prefix(self, prefix: Iterable[SupportsIndex], most: int) -> tuple[int, ...]:
        """``prefix`` checked: ints within their heads, leading to a legal action."""
        values = self.space._check(prefix, most, exact=False)
        for cut in range(len(values)):
            if values[cut] not in self._next.get(values[:cut], ()):
                raise ArgumentValueError(
                    f"head {self.space.heads[cut]!r}: value {values[cut]} leads to no legal "
                    f"action after {values[:cut]}"
                )
        return values


def _integer(argument: str, value: object) -> int:
    """``value`` as an int: ints and other integer types (numpy's), never a bool."""
    if isinstance(value, bool):
        raise ArgumentTypeError(argument, "an int", value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ArgumentTypeError(argument, "an int", value) from None
