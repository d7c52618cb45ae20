"""The layout of an observation vector: which numbers mean what, and their bounds.

An edition's encoder (see :mod:`serenissima.engine.encoding`) writes named
blocks; the blocks of one game always have the same names and sizes, so a
:class:`Layout` says which slice of the vector means what, and how large
each number can grow. The docs page "Observation encoding" lists the
layouts of the shipped editions.
"""

from __future__ import annotations

import attrs

__all__ = ["Block", "Layout"]


@attrs.frozen(slots=True)
class Block:
    """One named slice of an observation vector.

    Attributes:
        name: The block's name, e.g. ``"ducats"``.
        start: Its first position in the vector.
        size: How many numbers it holds.
        meaning: What the numbers are, in a few words.
        high: A bound on its numbers: every number of the block lies from 0
            to ``high`` (one-hot blocks and flags: 1), by the ruleset's data;
            where the rules set no bound (a modern purse), the edition gives a
            cap instead, and says so in its encoder. A flattened view divides
            by it and clips (see :meth:`Layout.highs`).

    Example:
        >>> Block("round", 4, 1, "the round over the rounds of the game").stop
        5
    """

    name: str
    start: int
    size: int
    meaning: str
    high: float = 1.0

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
    size: int = attrs.field(init=False, eq=False, repr=False)
    """The length of every vector of the layout (worked out once: every view asks it)."""

    @size.default
    def _size(self) -> int:
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

    def highs(self) -> tuple[float, ...]:
        """The bound of each number of the vectors, position by position (see :attr:`Block.high`).

        Example:
            >>> import serenissima as ser
            >>> layout = ser.load_ruleset("classic").observation_layout(2)
            >>> highs = layout.highs()
            >>> len(highs) == layout.size, highs[layout.block("seat").start]
            (True, 1.0)
            >>> highs[layout.block("ducats").start] > 1
            True
        """
        highs: list[float] = []
        for block in self.blocks:
            highs.extend([block.high] * block.size)
        return tuple(highs)
