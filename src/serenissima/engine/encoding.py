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

import json
from collections.abc import Callable, Hashable, Sequence

import attrs

from serenissima.engine.core import CHANCE
from serenissima.engine.errors import StateError

__all__ = ["Block", "Layout", "Writer", "observation_text"]


@attrs.frozen(slots=True)
class Block:
    """One named slice of an observation vector.

    Attributes:
        name: The block's name, e.g. ``"ducats"``.
        start: Its first position in the vector.
        size: How many numbers it holds.
        meaning: What the numbers are, in a few words.

    Example:
        >>> Block("round", 4, 1, "the round over the rounds of the game").stop
        5
    """

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The position after the block's last number."""
        return self.start + self.size


@attrs.frozen(slots=True)
class Layout:
    """The blocks of the observation vectors of one game, in order.

    Example:
        >>> import serenissima as ser
        >>> layout = ser.load_ruleset("modern").observation_layout(3)
        >>> layout.blocks[0].name, layout.size == sum(b.size for b in layout.blocks)
        ('seat', True)
    """

    blocks: tuple[Block, ...]

    @property
    def size(self) -> int:
        """The length of every vector of the layout."""
        return self.blocks[-1].stop if self.blocks else 0

    def block(self, name: str) -> Block:
        """The block called ``name``.

        Raises:
            KeyError: No block has that name.
        """
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def shape(self) -> tuple[tuple[str, int], ...]:
        """Each block's name and size: what two layouts of one game share."""
        return tuple((b.name, b.size) for b in self.blocks)


class Writer:
    """Collects the numbers of one observation vector, block by block.

    A writer made with the vector's ``size`` (known from the game's
    :class:`Layout`) writes into a vector of zeros made once, touching only
    the numbers that are not zero, and keeps no blocks: the fast way to
    encode one observation after another. A writer made without it also
    records the blocks, for :meth:`layout`.

    Such a writer may also keep, in ``cache``, the numbers of the parts an
    edition writes through :meth:`cached`, so that a part whose pieces are
    the very objects of the last vector (immutable states share unchanged
    pieces) is copied instead of written again.

    Args:
        size: The length of the vector, when its layout is known.
        cache: Where the parts written through :meth:`cached` are kept
            between vectors of the same layout (one dict per layout).

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

    __slots__ = ("_blocks", "_cache", "_values", "written")

    def __init__(
        self, size: int | None = None, cache: dict[int, tuple[object, list[float]]] | None = None
    ) -> None:
        self._values: list[float] = [] if size is None else [0.0] * size
        self._blocks: list[Block] | None = [] if size is None else None
        self._cache = cache if size is not None else None
        self.written = 0
        """How many numbers have been written so far."""

    def cached(self, key: tuple[object, ...], write: Callable[..., None], *args: object) -> None:
        """Write a part with ``write(self, *args)``, or copy it from the last vector.

        ``key`` must hold everything the part's numbers depend on besides
        the game's fixed data: when it equals the key the part had at this
        position in the last vector of the layout (the same pieces, compared
        by identity first), its numbers are copied from there.

        Example:
            >>> cache = {}
            >>> def port(w, garrison):
            ...     w.numbers("garrison", (garrison / 4,), "over the port's size")
            >>> for garrison in (2, 2, 3):
            ...     writer = Writer(1, cache)
            ...     writer.cached((garrison,), port, garrison)
            ...     print(writer.vector())
            (0.5,)
            (0.5,)
            (0.75,)
        """
        cache = self._cache
        if cache is None:
            write(self, *args)
            return
        start = self.written
        kept = cache.get(start)
        if kept is not None and kept[0] == key:
            numbers = kept[1]
            self.written = start + len(numbers)
            self._values[start : self.written] = numbers
            return
        write(self, *args)
        cache[start] = (key, self._values[start : self.written])

    def _advance(self, name: str, size: int, meaning: str) -> int:
        """Reserve the next ``size`` numbers; return where they start."""
        start = self.written
        self.written = start + size
        if self._blocks is not None:
            self._values.extend([0.0] * size)
            self._blocks.append(Block(name, start, size, meaning))
        return start

    def numbers(self, name: str, values: Sequence[float], meaning: str) -> None:
        """Write ``values`` as they are (scaled by the caller)."""
        start = self._advance(name, len(values), meaning)
        self._values[start : self.written] = [float(v) for v in values]

    def flags(self, name: str, values: Sequence[bool], meaning: str) -> None:
        """Write 1.0 for each true value and 0.0 for each false one."""
        start = self._advance(name, len(values), meaning)
        out = self._values
        for offset, value in enumerate(values):
            if value:
                out[start + offset] = 1.0

    def one_hot(
        self, name: str, choices: Sequence[Hashable], value: Hashable | None, meaning: str
    ) -> None:
        """Write 1.0 at the position of ``value`` among ``choices``, 0.0 elsewhere.

        A ``value`` among none of them (``None``, say) writes only zeros.
        """
        start = self._advance(name, len(choices), meaning)
        try:  # noqa: SIM105 - contextlib.suppress costs more on this path, taken for every block
            self._values[start + choices.index(value)] = 1.0
        except ValueError:
            pass

    def actor(self, name: str, players: int, to_act: int, meaning: str) -> None:
        """Write who decides, one-hot over the seats, then chance, then the game's end."""
        at = to_act if to_act >= 0 else players + (to_act != CHANCE)
        start = self._advance(name, players + 2, meaning)
        self._values[start + at] = 1.0

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
