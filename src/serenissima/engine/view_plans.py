"""Observation vectors written from the state and the seat directly, part by part.

A :class:`~serenissima.engine.slates.Plan` writes a vector from a seat's
observation, block by named block, so that the layout can be read off it. A
:class:`ViewPlan` is the same vector declared for speed: each part reads
fields of the *state* (and the seat that looks) and gives all its numbers in
one sequence, written with one ``struct.pack_into`` at the part's place;
no observation is built and no block is kept. A :class:`ViewWriter` keeps the
last vector of one game and writes again only the parts whose fields are
not the objects they were in the last view. An edition that offers one
(``view_plan`` on its engine) has its tests check, view by view, that the
vector equals the one written from the observation.
"""

from __future__ import annotations

import array
import itertools
import operator
import struct
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, final

from serenissima.engine.core import CHANCE, State
from serenissima.engine.errors import ArgumentValueError

__all__ = ["HEAD_PARTS", "SEAT", "Counts", "SeatTables", "ViewPlan", "ViewWriter", "one_hot"]

_UNKNOWN: Final = object()
"""What a piece's last key is while it is not known to be written."""

SEAT: Final = "seat"
"""The name a part lists among its reads when its numbers depend on the seat that looks."""

Numbers = Callable[..., Sequence[float]]
"""A part's numbers: ``numbers(state, seat, ctx)``, or ``numbers(index, key, state, ctx)``
for each piece of a keyed part."""
Keys = Callable[[Any, Any, Any], Sequence[Hashable]]
"""A keyed part's keys: ``keys(state, seat, ctx)``, one per piece the part writes."""
Part = tuple[Sequence[str], Numbers] | tuple[Sequence[str], Numbers, Keys]
"""A part: the fields it reads, its numbers, and (for pieces of one size) its keys."""


def one_hot(choices: Sequence[Hashable]) -> dict[Hashable, tuple[float, ...]]:
    """Each choice's one-hot numbers; any other value (``None``, say) gives only zeros.

    The first of equal choices wins, as ``Writer.one_hot`` finds it.

    Example:
        >>> colours = one_hot(("red", "blue"))
        >>> colours["blue"], colours[None]
        ((0.0, 1.0), (0.0, 0.0))
    """
    table = _OneHot((0.0,) * len(choices))
    for position, choice in enumerate(choices):
        numbers = [0.0] * len(choices)
        numbers[position] = 1.0
        table.setdefault(choice, tuple(numbers))
    table.setdefault(None, table.zeros)  # the value most often missing, found without a call
    return table


class _OneHot(dict[Hashable, tuple[float, ...]]):
    """A table of one-hot numbers that gives zeros for a value it does not hold."""

    __slots__ = ("zeros",)

    def __init__(self, zeros: tuple[float, ...]) -> None:
        super().__init__()
        self.zeros = zeros

    def __missing__(self, key: Hashable) -> tuple[float, ...]:
        return self.zeros


@final
class Counts(dict[tuple[tuple[Hashable, ...], float], tuple[float, ...]]):
    """How many of each kind a tuple of pieces holds, over a bound: worked out once per tuple.

    ``counts[pieces, bound]`` is ``pieces.count(kind) / bound`` for each kind,
    in order: a warehouse's or a cargo's goods. The tuples met are few (a
    cargo is sorted, a warehouse small), so the table keeps them, up to
    ``most`` (then it starts again).

    Args:
        kinds: The kinds counted, in order.
        most: How many tuples to keep at most.

    Example:
        >>> counts = Counts(("wine", "salt"))
        >>> counts[("salt", "salt", "wine"), 4]
        (0.25, 0.5)
    """

    __slots__ = ("kinds", "most")

    def __init__(self, kinds: Sequence[Hashable], most: int = 4096) -> None:
        super().__init__()
        self.kinds = tuple(kinds)
        self.most = most

    def __missing__(self, key: tuple[tuple[Hashable, ...], float]) -> tuple[float, ...]:
        pieces, bound = key
        counts = tuple(pieces.count(kind) / bound for kind in self.kinds)
        if len(self) >= self.most:
            self.clear()
        self[key] = counts
        return counts


class SeatTables:
    """The one-hot tables of the parts every edition's vector opens with (:data:`HEAD_PARTS`).

    An edition's own tables derive from it and add what its other parts read.

    Args:
        players: The seats of the game.
        phases: The names of the edition's phase classes, in the vector's order.

    Example:
        >>> tables = SeatTables(2, ("Bidding", "Moving"))
        >>> tables.seats[1], tables.actor[3], tables.phases["Moving"]
        ((0.0, 1.0), (0.0, 0.0, 0.0, 1.0), (0.0, 1.0))
    """

    __slots__ = ("actor", "phases", "players", "seats")

    def __init__(self, players: int, phases: Sequence[str]) -> None:
        self.players = players
        self.seats = one_hot(range(players))
        """The seat that looks (all 0 for a spectator)."""
        self.actor = one_hot(range(players + 2))
        """The seat to act, then chance, then the end of the game."""
        self.phases = one_hot(phases)
        """The phase the game is in, by its class's name."""


def _seat_part(state: State, seat: int | None, t: SeatTables) -> Sequence[float]:
    return t.seats[seat]


def _actor_part(state: State, seat: int | None, t: SeatTables) -> Sequence[float]:
    to_act = state.to_act
    return t.actor[to_act if to_act >= 0 else t.players + (to_act != CHANCE)]


def _phase_part(state: State, seat: int | None, t: SeatTables) -> Sequence[float]:
    return t.phases[type(state.phase).__name__]  # type: ignore[attr-defined]


HEAD_PARTS: Final[tuple[Part, ...]] = (
    ((SEAT,), _seat_part),
    (("to_act",), _actor_part),
    (("phase",), _phase_part),
)
"""The parts both editions' vectors open with: the seat that looks, the seat to act (or
chance, or the end), and the phase, each one-hot, read from a :class:`SeatTables`."""


@final
class ViewPlan:
    """A vector declared as parts that read the state and the seat, in the vector's order.

    A part is ``(reads, numbers)``: the names of the state's fields its numbers
    depend on besides the game's fixed data (:data:`SEAT` for the seat that
    looks), and ``numbers(state, seat, ctx)``, all the part's numbers in order.
    A keyed part is ``(reads, numbers, keys)``: ``keys(state, seat, ctx)``
    names the pieces it writes, all of one size, and ``numbers(index, key,
    state, ctx)`` gives one piece's numbers from its position and key (and the
    fixed data of the game); a piece whose key is the object it had in the
    last view (or a tuple equal to it) is not written again.

    Args:
        parts: The parts.

    Raises:
        ArgumentValueError: No parts, or a part that reads nothing.

    Example:
        >>> from types import SimpleNamespace as State
        >>> seats = one_hot(range(2))
        >>> plan = ViewPlan(
        ...     (
        ...         (("turn",), lambda state, seat, ctx: (state.turn / 9,)),
        ...         ((SEAT,), lambda state, seat, ctx: seats[seat]),
        ...     )
        ... )
        >>> plan
        <ViewPlan of 2 parts reading ('turn', 'seat')>
    """

    __slots__ = ("fields", "parts", "readers", "seat_readers")

    def __init__(self, parts: Sequence[Part]) -> None:
        if not parts:
            raise ArgumentValueError("a view plan needs at least one part")
        fields: list[str] = []
        for part in parts:
            if not part[0]:
                raise ArgumentValueError("every part of a view plan must read at least one field")
            fields.extend(f for f in part[0] if f not in fields)
        self.parts: tuple[Part, ...] = tuple(parts)
        """The parts, in order."""
        self.fields: tuple[str, ...] = tuple(fields)
        """Every field read, in the order first read (:data:`SEAT` among them)."""
        self.readers: tuple[int, ...] = tuple(
            sum(1 << p for p, part in enumerate(parts) if field in part[0])
            for field in self.fields
            if field != SEAT
        )
        """For each field of the state, the parts that read it, as bits (part ``p``: ``1 << p``)."""
        self.seat_readers: int = sum(1 << p for p, part in enumerate(parts) if SEAT in part[0])
        """The parts that read the seat, as bits."""

    def __repr__(self) -> str:
        return f"<ViewPlan of {len(self.parts)} parts reading {self.fields}>"


@final
class ViewWriter:
    """The last vector of one game, written from states and seats by a :class:`ViewPlan`.

    Made from a first state of the game, whose parts give the sizes; every
    later state must be of a game of the same size and options.

    Args:
        plan: The plan.
        ctx: What the parts read besides the state (the edition's context).
        state: A state of the game, to learn each part's size.
        size: The length of the vectors (the layout's).
        typecode: ``"f"`` (single floats, the default) or ``"d"``.

    Raises:
        ArgumentValueError: The parts do not fill ``size`` numbers, or a keyed
            part's pieces differ in size.

    Example:
        >>> from types import SimpleNamespace as State
        >>> seats = one_hot(range(2))
        >>> plan = ViewPlan(
        ...     (
        ...         (("turn",), lambda state, seat, ctx: (state.turn / 8,)),
        ...         ((SEAT,), lambda state, seat, ctx: seats[seat]),
        ...     )
        ... )
        >>> writer = ViewWriter(plan, None, State(turn=1), 3)
        >>> writer.write(State(turn=2), 1)
        >>> writer.values.tolist(), writer.dirty
        ([0.25, 0.0, 1.0], [(0, 1), (1, 3)])
    """

    __slots__ = (
        "_all",
        "_ctx",
        "_fields",
        "_get",
        "_positions",
        "_readers",
        "_seat",
        "_seat_readers",
        "_writes",
        "dirty",
        "values",
    )

    def __init__(
        self, plan: ViewPlan, ctx: object, state: object, size: int, typecode: str = "f"
    ) -> None:
        if typecode not in ("d", "f"):
            raise ArgumentValueError(f"typecode must be d or f, not {typecode!r}")
        width = 8 if typecode == "d" else 4
        self.values: array.array[float] = array.array(typecode, bytes(size * width))
        """The numbers of the last vector written."""
        self.dirty: list[tuple[int, int]] = []
        """The ``(start, stop)`` ranges written since the list was last cleared."""
        self._ctx = ctx
        fields = tuple(f for f in plan.fields if f != SEAT)
        get = operator.attrgetter(*fields) if fields else (lambda _: ())
        self._get: Callable[[object], Any] = (
            get if len(fields) != 1 else (lambda state: (get(state),))
        )
        self._positions = range(len(fields))
        self._fields: tuple[object, ...] | None = None  # the last view's, while it is whole
        self._seat: int | None = None
        start = 0
        writes: list[Callable[[Any, Any, Any], None]] = []
        for part in plan.parts:
            if len(part) == 2:
                numbers = part[1](state, None, ctx)
                writes.append(self._whole(part[1], start, len(numbers), typecode))
                start += len(numbers)
            else:
                keys = part[2](state, None, ctx)
                sizes = {len(part[1](i, key, state, ctx)) for i, key in enumerate(keys)}
                if len(sizes) > 1:
                    raise ArgumentValueError("the pieces of a keyed part must be the same size")
                piece = sizes.pop() if sizes else 0
                writes.append(self._keyed(part[1], part[2], start, piece, len(keys), typecode))
                start += piece * len(keys)
        if start != size:
            raise ArgumentValueError(f"the plan's parts hold {start} numbers, not {size}")
        self._writes = tuple(writes)
        self._all = (1 << len(writes)) - 1
        self._readers = plan.readers
        self._seat_readers = plan.seat_readers

    def _whole(
        self, numbers: Numbers, start: int, size: int, typecode: str
    ) -> Callable[[Any, Any, Any], None]:
        """The writer of a part written whole."""
        pack = struct.Struct(f"{size}{typecode}").pack_into
        values, dirty = self.values, self.dirty
        offset, span = start * values.itemsize, (start, start + size)

        def write(state: Any, seat: Any, ctx: Any) -> None:
            pack(values, offset, *numbers(state, seat, ctx))
            dirty.append(span)

        return write

    def _keyed(
        self, numbers: Numbers, keys: Keys, start: int, piece: int, count: int, typecode: str
    ) -> Callable[[Any, Any, Any], None]:
        """The writer of a keyed part: the pieces whose key changed."""
        pack = struct.Struct(f"{piece}{typecode}").pack_into
        values, dirty = self.values, self.dirty
        width = values.itemsize
        offsets = [(start + i * piece) * width for i in range(count)]
        spans = [(start + i * piece, start + (i + 1) * piece) for i in range(count)]
        kept: list[Sequence[Hashable] | None] = [None]
        positions = range(count)
        if count == 1:  # one piece (what a decision is about): one key to compare
            offset, span = offsets[0], spans[0]
            last: list[object] = [_UNKNOWN]

            def write_one(state: Any, seat: Any, ctx: Any) -> None:
                new = keys(state, seat, ctx)
                if len(new) != 1:
                    raise ArgumentValueError(f"a keyed part has {len(new)} pieces, not 1")
                key, old = new[0], last[0]
                if key is old or (type(key) is tuple and key == old):
                    return
                last[0] = _UNKNOWN  # until the piece is written
                pack(values, offset, *numbers(0, key, state, ctx))
                dirty.append(span)
                last[0] = key

            return write_one

        def write(state: Any, seat: Any, ctx: Any) -> None:
            new = keys(state, seat, ctx)
            old, kept[0] = kept[0], None  # until every piece is written
            if old is None or len(old) != count or len(new) != count:
                if len(new) != count:
                    raise ArgumentValueError(f"a keyed part has {len(new)} pieces, not {count}")
                for index, key in enumerate(new):
                    pack(values, offsets[index], *numbers(index, key, state, ctx))
                    dirty.append(spans[index])
            else:
                for index in itertools.compress(positions, map(operator.is_not, new, old)):
                    key = new[index]
                    if type(key) is tuple and key == old[index]:
                        continue
                    pack(values, offsets[index], *numbers(index, key, state, ctx))
                    dirty.append(spans[index])
            kept[0] = new

        return write

    def write(self, state: State, seat: int | None) -> None:
        """Write ``seat``'s view of ``state`` (``None``: a spectator's): the parts that changed."""
        fields = self._get(state)
        old = self._fields
        self._fields = None  # until every stale part is written
        if old is None:
            todo = self._all
        else:
            todo = 0
            readers = self._readers
            for index in itertools.compress(self._positions, map(operator.is_not, fields, old)):
                todo |= readers[index]
            if seat != self._seat:
                todo |= self._seat_readers
        writes, ctx = self._writes, self._ctx
        while todo:
            low = todo & -todo
            todo ^= low
            writes[low.bit_length() - 1](state, seat, ctx)
        self._fields = fields
        self._seat = seat
