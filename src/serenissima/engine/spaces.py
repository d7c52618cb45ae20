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
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.domains import Amounts, Domain, Outside, Slots, Values
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

if TYPE_CHECKING:
    from serenissima.engine.core import Action, State

__all__ = ["Amounts", "Domain", "Family", "IndexSpace", "Outside", "Slots", "Values"]


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


_KNOWN_MOST = 20_000
"""How many action objects an index space remembers the indexes of, at most."""


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

    __slots__ = (
        "_by_type",
        "_known",
        "_offsets",
        "_plans",
        "_strides",
        "families",
        "size",
        "what",
    )

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
        # per action class: its first index, each field's name, position and stride, and
        # whether the index depends on the action alone (no field names a piece in play)
        self._plans: dict[
            type[Action], tuple[int, tuple[tuple[str, Domain, Any, int], ...], bool]
        ] = {
            family.action_type: (
                self._offsets[number],
                tuple(
                    (name, domain, domain.position, stride)
                    for (name, domain), stride in zip(
                        family.fields, self._strides[number], strict=True
                    )
                ),
                not any(isinstance(domain, Slots) for _, domain in family.fields),
            )
            for number, family in enumerate(self.families)
        }
        # the indexes of action objects met before, by identity (the action kept with it,
        # so that its identity stays its own): editions reuse the actions most offered
        self._known: dict[int, tuple[Action, int]] = {}

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
        plans, known = self._plans, self._known
        tables: dict[int, Mapping[Hashable, int] | None] = {}
        out = []
        for action in actions:
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:
                out.append(hit[1])
                continue
            plan = plans.get(type(action))
            if plan is None:
                out.append(self.index(state, action, memo))  # raises, naming the families
                continue
            index, fields, alone = plan
            try:
                for name, domain, position, stride in fields:
                    value = getattr(action, name)
                    key = id(domain)
                    if key in tables:
                        table = tables[key]
                    else:
                        table = tables[key] = domain.positions(state, memo)
                    if table is None:
                        index += position(value, state, memo) * stride
                    else:
                        at = table.get(value)
                        if at is None:
                            raise Outside(value)
                        index += at * stride
            except (Outside, TypeError):
                index = self.index(state, action, memo)  # raises, naming the bound
            if alone:
                if len(known) >= _KNOWN_MOST:
                    known.clear()
                known[id(action)] = (action, index)
            out.append(index)
        return tuple(out)

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
