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
from collections.abc import Hashable, Sequence

import attrs

from serenissima.engine.core import CHANCE

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

    Example:
        >>> writer = Writer()
        >>> writer.one_hot("colour", ("red", "blue"), "blue", "the colour")
        >>> writer.numbers("purse", (0.5,), "ducats over 1,000")
        >>> writer.vector(), [b.name for b in writer.layout().blocks]
        ((0.0, 1.0, 0.5), ['colour', 'purse'])
    """

    __slots__ = ("_blocks", "_values")

    def __init__(self) -> None:
        self._values: list[float] = []
        self._blocks: list[Block] = []

    def _block(self, name: str, size: int, meaning: str) -> None:
        self._blocks.append(Block(name, len(self._values) - size, size, meaning))

    def numbers(self, name: str, values: Sequence[float], meaning: str) -> None:
        """Write ``values`` as they are (scaled by the caller)."""
        self._values.extend(float(v) for v in values)
        self._block(name, len(values), meaning)

    def flags(self, name: str, values: Sequence[bool], meaning: str) -> None:
        """Write 1.0 for each true value and 0.0 for each false one."""
        self.numbers(name, [1.0 if v else 0.0 for v in values], meaning)

    def one_hot(
        self, name: str, choices: Sequence[Hashable], value: Hashable | None, meaning: str
    ) -> None:
        """Write 1.0 at the position of ``value`` among ``choices``, 0.0 elsewhere.

        A ``value`` among none of them (``None``, say) writes only zeros.
        """
        self.flags(name, [choice == value for choice in choices], meaning)

    def actor(self, name: str, players: int, to_act: int, meaning: str) -> None:
        """Write who decides, one-hot over the seats, then chance, then the game's end."""
        at = to_act if to_act >= 0 else players + (to_act != CHANCE)
        self.flags(name, [i == at for i in range(players + 2)], meaning)

    def vector(self) -> tuple[float, ...]:
        """The numbers written so far."""
        return tuple(self._values)

    def layout(self) -> Layout:
        """The blocks written so far."""
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
