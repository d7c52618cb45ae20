"""What lets an observation vector be rewritten only where it changed.

A :class:`Slate` keeps the last vector written and the keys of its parts; a
:class:`Plan` declares an encoder as parts, each with the fields of the
observation it reads, so that a writer on a slate compares those fields
with the ones of the slate's last view (by identity, at C speed) and calls
only the parts that read a changed one. :class:`~serenissima.engine.encoding.Writer`
does the writing (``Writer.plan``, ``Writer.cached``, ``Writer.each``).
"""

from __future__ import annotations

import array
import itertools
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final, final

from serenissima.engine.errors import ArgumentValueError

__all__ = ["Plan", "Slate"]

_TYPECODES: Final = ("d", "f")


@final
class Slate:
    """The numbers of one observation vector, kept from one vector to the next.

    A :class:`~serenissima.engine.encoding.Writer` made on a slate leaves
    alone every part whose key (or, in a :class:`Plan`, whose fields) is the
    one it had last time, and records which ranges of numbers it did write
    (``dirty``), so that a copy of the vector elsewhere needs only those
    ranges. Keep one slate per game: its consecutive views share most of
    their parts, whichever seat looks.

    The numbers are a typed :class:`array.array`, so NumPy can read them in
    place (``numpy.frombuffer(slate.values, numpy.float32)`` with
    ``typecode="f"``): such a view is the vector, with no copy at all.

    Args:
        size: The length of the vectors (the layout's ``size``).
        typecode: ``"d"`` (the default) keeps Python's double floats;
            ``"f"`` keeps single floats, what learning libraries take.

    Raises:
        ArgumentValueError: Another type code.

    Example:
        >>> from serenissima.engine.encoding import Writer
        >>> slate = Slate(3)
        >>> writer = Writer(3, slate)
        >>> writer.one_hot("colour", ("red", "blue"), "blue", "the colour")
        >>> writer.numbers("purse", (0.5,), "ducats over 1,000")
        >>> slate.values.tolist(), slate.dirty
        ([0.0, 1.0, 0.5], [[0, 3]])
    """

    __slots__ = ("__weakref__", "dirty", "keys", "values")

    def __init__(self, size: int, typecode: str = "d") -> None:
        if typecode not in _TYPECODES:
            raise ArgumentValueError(f"typecode must be one of {_TYPECODES}, not {typecode!r}")
        width = 8 if typecode == "d" else 4
        self.values: array.array[float] = array.array(typecode, bytes(size * width))
        """The numbers of the last vector written."""
        self.keys: dict[int, tuple[Any, Any]] = {}
        """Each part's key and extent, by the position it starts at and its depth."""
        self.dirty: list[list[int]] = []
        """The ``[start, stop)`` ranges written since the list was last cleared."""


Write = Callable[..., None]
"""A part's writer: ``write(writer, seen, *args)``."""


@final
class Plan:
    """An encoder declared as parts, in the order of the vector, each with the fields it reads.

    A part is ``(reads, write)``: the names of the observation's attributes
    its numbers depend on (besides the game's fixed data) and the function
    that writes it, ``write(writer, seen, *args)``. ``Writer.plan`` then
    writes every part the first time, and afterwards only the parts that
    read a field whose value is not the very object it was in the slate's
    last view: observations of immutable states share what an action left
    alone, so one C-level pass over the fields finds the few parts to write.

    A field that a part reads but does not name makes that part stale: the
    editions' tests compare every view with the vector written whole.

    Args:
        parts: The parts.

    Raises:
        ArgumentValueError: No parts, or a part that reads nothing.

    Example:
        >>> from serenissima.engine.encoding import Writer
        >>> from types import SimpleNamespace as Seen
        >>> plan = Plan(
        ...     (
        ...         (("turn",), lambda w, seen: w.numbers("turn", (seen.turn / 9,), "turn / 9")),
        ...         (("seat",), lambda w, seen: w.one_hot("seat", (0, 1), seen.seat, "the seat")),
        ...     )
        ... )
        >>> plan.fields
        ('turn', 'seat')
        >>> slate = Slate(3)
        >>> for seen in (Seen(turn=3, seat=0), Seen(turn=3, seat=1)):
        ...     slate.dirty.clear()
        ...     Writer(3, slate).plan(plan, seen)
        ...     print(slate.values.tolist()[1:], slate.dirty)
        [1.0, 0.0] [[0, 3]]
        [0.0, 1.0] [[1, 3]]
    """

    __slots__ = ("_positions", "fields", "get", "readers", "writes")

    def __init__(self, parts: Sequence[tuple[Sequence[str], Write]]) -> None:
        if not parts:
            raise ArgumentValueError("a plan needs at least one part")
        fields: list[str] = []
        for reads, _ in parts:
            if not reads:
                raise ArgumentValueError("every part of a plan must read at least one field")
            fields.extend(f for f in reads if f not in fields)
        self.fields: tuple[str, ...] = tuple(fields)
        """Every field read, in the order first read."""
        self.get: Callable[[object], tuple[object, ...]] = _getter(self.fields)
        """The fields of an observation, as one tuple."""
        self.writes: tuple[Write, ...] = tuple(write for _, write in parts)
        """Each part's writer."""
        self.readers: tuple[int, ...] = tuple(
            sum(1 << p for p, (reads, _) in enumerate(parts) if field in reads)
            for field in self.fields
        )
        """For each field, the parts that read it, as bits (part ``p``: ``1 << p``)."""
        self._positions = range(len(self.fields))

    def __repr__(self) -> str:
        return f"<Plan of {len(self.writes)} parts reading {len(self.fields)} fields>"

    def stale(self, fields: tuple[object, ...], old: tuple[object, ...]) -> int:
        """The parts to write again, as bits, when the fields ``old`` became ``fields``."""
        todo = 0
        readers = self.readers
        for index in itertools.compress(self._positions, map(operator.is_not, fields, old)):
            todo |= readers[index]
        return todo


def _getter(fields: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """A function that reads ``fields`` of an object into one tuple (even for one field)."""
    get = operator.attrgetter(*fields)
    if len(fields) > 1:
        return get
    return lambda seen: (get(seen),)
