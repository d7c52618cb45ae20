"""Observations as fixed-length vectors and as text, for learning and search libraries.

An edition writes what a seat sees (its :class:`~serenissima.engine.core.Observation`,
nothing else) into a :class:`Writer`, block by named block: one-hot choices,
flags and numbers scaled to about 0..1 by bounds from the ruleset's data.
The blocks of one game always have the same names and sizes, so a
:class:`Layout` says which slice of the vector means what; the docs page
"Observation encoding" lists the layouts of the shipped editions.

:func:`observation_text` gives the information-state text: the observation
as compact JSON, each ``attrs`` value tagged with its class, so that two
observations have the same text exactly when they are equal.
"""

from __future__ import annotations

import array
import json
import struct
from collections.abc import Callable, Hashable, MutableSequence, Sequence
from typing import Any

import attrs

from serenissima.engine.core import CHANCE
from serenissima.engine.errors import ArgumentValueError, StateError
from serenissima.engine.layouts import Block, Layout
from serenissima.engine.slates import Plan, Slate

__all__ = ["Writer", "observation_text"]


_DEEPEST = 7
"""How deep parts may hold parts: a part's key is kept by its position and depth, in one int."""


def _zeros(typecode: str) -> list[array.array[float]]:
    """``_zeros(code)[n]``: n zeros (n below 64), to clear a block of a slate in one assignment."""
    return [array.array(typecode, [0.0]) * size for size in range(64)]


_ZEROS: dict[str, list[array.array[float]]] = {code: _zeros(code) for code in ("d", "f")}
_PACKS: dict[str, list[Callable[..., None]]] = {
    code: [struct.Struct(f"{size}{code}").pack_into for size in range(64)] for code in ("d", "f")
}
"""``_PACKS[code][n](values, offset, *numbers)`` writes n numbers into a slate's array in place."""


class Writer:
    """Collects the numbers of one observation vector, block by block.

    A writer made without a size records the blocks, for :meth:`layout`.
    A writer made with the vector's ``size`` (known from the game's
    :class:`Layout`) keeps no blocks and writes into a :class:`Slate`
    (a new one by default): every block it writes overwrites its numbers
    there, and a part written through :meth:`plan`, :meth:`cached` or
    :meth:`each` that has not changed since the slate's last vector is not
    written at all.

    Args:
        size: The length of the vector, when its layout is known.
        slate: The slate to write into (with a ``size``); one per game makes
            the most of the parts that did not change.

    Raises:
        ArgumentValueError: The slate is not ``size`` long.

    Example:
        >>> writer = Writer()
        >>> writer.one_hot("colour", ("red", "blue"), "blue", "the colour")
        >>> writer.numbers("purse", (0.5,), "ducats over 1,000")
        >>> writer.vector(), [b.name for b in writer.layout().blocks]
        ((0.0, 1.0, 0.5), ['colour', 'purse'])
        >>> fast = Writer(3)
        >>> fast.one_hot("colour", ("red", "blue"), "blue", "the colour")
        >>> fast.numbers("purse", (0.5,), "ducats over 1,000")
        >>> fast.vector(), fast.written
        ((0.0, 1.0, 0.5), 3)
    """

    __slots__ = (
        "_blocks",
        "_code",
        "_depth",
        "_dirty",
        "_keys",
        "_packs",
        "_values",
        "_width",
        "_zeros",
        "written",
    )

    def __init__(self, size: int | None = None, slate: Slate | None = None) -> None:
        if size is None:
            self._values: MutableSequence[float] = []
            self._blocks: list[Block] | None = []
            self._keys: dict[int, tuple[Any, Any]] | None = None
            self._dirty: list[list[int]] = []
            self._code = "d"
        else:
            slate = Slate(size) if slate is None else slate
            if len(slate.values) != size:
                raise ArgumentValueError(
                    f"the slate holds {len(slate.values)} numbers, not the layout's {size}"
                )
            self._values = slate.values
            self._blocks = None
            self._keys = slate.keys
            self._dirty = slate.dirty
            self._code = slate.values.typecode
        self._zeros = _ZEROS[self._code]
        self._packs = _PACKS[self._code]
        self._width = 8 if self._code == "d" else 4
        self._depth = 0  # how many parts hold the one being written
        self.written = 0
        """How many numbers have been written so far."""

    def plan(self, plan: Plan, seen: object, *args: object) -> None:
        """Write the parts of ``plan`` for ``seen``, each as ``write(self, seen, *args)``.

        With a slate, only the parts that read a field of ``seen`` that is
        not the object it was in the slate's last view at this position are
        written; the others are left as they are (see :class:`Plan`).

        Raises:
            ArgumentValueError: A part wrote another number of numbers than
                the first time (an edition's bug), or parts nest too deep.
        """
        writes = plan.writes
        keys = self._keys
        if keys is None:
            for write in writes:
                write(self, seen, *args)
            return
        fields = plan.get(seen)
        start = self.written
        slot = start << 3 | self._depth
        kept = keys.pop(slot, None)  # until every part it names is written again
        self._depth += 1
        try:
            if self._depth > _DEEPEST:
                raise ArgumentValueError(f"parts may hold parts {_DEEPEST} deep at most")
            if kept is None:
                starts = [start]
                for write in writes:
                    write(self, seen, *args)
                    starts.append(self.written)
                bounds = tuple(starts)
            else:
                bounds = kept[1]
                todo = plan.stale(fields, kept[0])
                while todo:
                    low = todo & -todo
                    part = low.bit_length() - 1
                    todo ^= low
                    begin, end = bounds[part], bounds[part + 1]
                    self.written = begin
                    writes[part](self, seen, *args)
                    if self.written != end:  # pragma: no cover - an edition's bug
                        raise ArgumentValueError(f"part {part} of {plan} changed its size")
                self.written = bounds[-1]
        finally:
            self._depth -= 1
        keys[slot] = (fields, bounds)

    def cached(self, key: tuple[object, ...], write: Callable[..., None], *args: object) -> None:
        """Write a part with ``write(self, *args)``, unless the slate holds it already.

        ``key`` must hold everything the part's numbers depend on besides
        the game's fixed data: when it equals the key the part had at this
        position in the slate's last vector (the same pieces, compared by
        identity first), the numbers there are left as they are. Parts may
        hold parts, seven deep at most (deeper, an ``ArgumentValueError``).

        Example:
            >>> slate = Slate(1)
            >>> def port(w, garrison):
            ...     w.numbers("garrison", (garrison / 4,), "over the port's size")
            >>> for garrison in (2, 2, 3):
            ...     slate.dirty.clear()
            ...     writer = Writer(1, slate)
            ...     writer.cached((garrison,), port, garrison)
            ...     print(writer.vector(), slate.dirty)
            (0.5,) [[0, 1]]
            (0.5,) []
            (0.75,) [[0, 1]]
        """
        keys = self._keys
        if keys is None:
            write(self, *args)
            return
        start = self.written
        slot = start << 3 | self._depth  # a part and the first part inside it start together
        kept = keys.get(slot)
        if kept is not None:
            if kept[0] == key:
                self.written = start + kept[1]
                return
            del keys[slot]  # until the part is written again whole
        self._depth += 1
        try:
            if self._depth > _DEEPEST:
                raise ArgumentValueError(f"parts may hold parts {_DEEPEST} deep at most")
            write(self, *args)
        finally:
            self._depth -= 1
        keys[slot] = (key, self.written - start)

    def each(self, keys: Sequence[object], write: Callable[..., None], *args: object) -> None:
        """Write one part per key with ``write(self, i, *args)``, unless the slate holds it.

        The parts follow each other and are all the same size. With a
        slate, part ``i`` is written again only when ``keys[i]`` is neither
        the object it was in the slate's last vector nor equal to it: the
        cheap way to keep many pieces (the galleys, the ports) of which an
        action changes one or two.

        Example:
            >>> slate = Slate(3)
            >>> def port(w, i, garrisons):
            ...     w.numbers(f"port {i}", (garrisons[i] / 4,), "its garrison over its size")
            >>> for garrisons in ((2, 2, 4), (2, 3, 4)):
            ...     slate.dirty.clear()
            ...     writer = Writer(3, slate)
            ...     writer.each(garrisons, port, garrisons)
            ...     print(writer.vector(), slate.dirty)
            (0.5, 0.5, 1.0) [[0, 3]]
            (0.5, 0.75, 1.0) [[1, 2]]
        """
        store = self._keys
        count = len(keys)
        if store is None:
            for index in range(count):
                write(self, index, *args)
            return
        start = self.written
        slot = start << 3 | self._depth
        kept = store.pop(slot, None)
        self._depth += 1
        try:
            if self._depth > _DEEPEST:
                raise ArgumentValueError(f"parts may hold parts {_DEEPEST} deep at most")
            if kept is None or len(kept[0]) != count:
                for index in range(count):
                    write(self, index, *args)
                size = self.written - start
                if count and size % count:  # pragma: no cover - an edition's bug
                    raise ArgumentValueError("the parts of one each() must be the same size")
            else:
                old: tuple[object, ...] = kept[0]
                size = kept[1]
                part = size // count if count else 0
                for index, new in enumerate(keys):
                    was = old[index]
                    if new is was or new == was:
                        continue
                    self.written = start + index * part
                    write(self, index, *args)
                self.written = start + size
        finally:
            self._depth -= 1
        store[slot] = (tuple(keys), size)

    def _advance(self, name: str, size: int, meaning: str, high: float = 1.0) -> int:
        """Reserve the next ``size`` numbers of a writer that records blocks; return the first."""
        start = self.written
        self.written = start + size
        self._values.extend([0.0] * size)
        assert self._blocks is not None
        self._blocks.append(Block(name, start, size, meaning, float(high)))
        return start

    # The writing methods below are the hot path of every observation: each reserves its
    # block inline (as _advance does) rather than through a call.

    def numbers(self, name: str, values: Sequence[float], meaning: str, high: float = 1.0) -> None:
        """Write ``values`` as they are (scaled by the caller), each from 0 to ``high``."""
        if self._blocks is not None:
            start = self._advance(name, len(values), meaning, high)
            self._values[start : self.written] = [float(v) for v in values]
            return
        start = self.written
        stop = self.written = start + len(values)
        dirty = self._dirty
        if dirty and dirty[-1][1] == start:
            dirty[-1][1] = stop
        else:
            dirty.append([start, stop])
        if stop - start < 64:
            self._packs[stop - start](self._values, start * self._width, *values)
        else:
            self._values[start:stop] = array.array(self._code, values)

    def flags(self, name: str, values: Sequence[bool], meaning: str) -> None:
        """Write 1.0 for each true value and 0.0 for each false one."""
        self.numbers(name, [1.0 if value else 0.0 for value in values], meaning)

    def one_hot(
        self, name: str, choices: Sequence[Hashable], value: Hashable | None, meaning: str
    ) -> None:
        """Write 1.0 at the position of ``value`` among ``choices``, 0.0 elsewhere.

        A ``value`` among none of them (``None``, say) writes only zeros.
        """
        size = len(choices)
        if self._blocks is not None:
            start = self._advance(name, size, meaning)
        else:
            start = self.written
            stop = self.written = start + size
            dirty = self._dirty
            if dirty and dirty[-1][1] == start:
                dirty[-1][1] = stop
            else:
                dirty.append([start, stop])
            self._values[start:stop] = (
                self._zeros[size] if size < 64 else array.array(self._code, [0.0]) * size
            )
        try:  # noqa: SIM105 - contextlib.suppress costs more on this path, taken for every block
            self._values[start + choices.index(value)] = 1.0
        except ValueError:
            pass

    def actor(self, name: str, players: int, to_act: int, meaning: str) -> None:
        """Write who decides, one-hot over the seats, then chance, then the game's end."""
        at = to_act if to_act >= 0 else players + (to_act != CHANCE)
        self.one_hot(name, range(players + 2), at, meaning)

    def vector(self) -> tuple[float, ...]:
        """The numbers written so far (with a ``size``: the whole vector)."""
        return tuple(self._values)

    def layout(self) -> Layout:
        """The blocks written so far.

        Raises:
            StateError: The writer was made with a ``size``, and keeps no blocks.
        """
        if self._blocks is None:
            raise StateError("a writer made with a size keeps no blocks: make one without")
        return Layout(tuple(self._blocks))


def observation_text(observation: object) -> str:
    """The observation as compact JSON, each ``attrs`` value tagged with its class name.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> text = observation_text(rules.observe(rules.new_game(2), 0))
        >>> text.startswith('{"class":"ClassicObservation","seat":0,')
        True
    """
    return json.dumps(_plain(observation), separators=(",", ":"), ensure_ascii=False)


def _plain(value: object) -> object:
    kind = type(value)
    if attrs.has(kind):
        out: dict[str, object] = {"class": kind.__name__}
        for field in attrs.fields(kind):
            out[field.name] = _plain(getattr(value, field.name))
        return out
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
