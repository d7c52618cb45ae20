"""Pieces for drawing a state as plain text, shared by the editions' ``render``.

An edition's ``Engine.render`` decides what to say about its own state; the
layout every edition shares lives here: the line width, wrapping, a
warehouse drawn as slots, and the walk over the board that lists each sea
area with its ports and the galleys in it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol, TypeVar

from serenissima.engine.board import Board

__all__ = ["HIDDEN", "WIDTH", "Placed", "board_lines", "slots", "wrap"]

WIDTH: Final[int] = 100
"""The longest line of a drawing, in characters."""

HIDDEN: Final[str] = "?"
"""What a drawing shows in place of a value the viewing seat may not see."""


class Placed(Protocol):
    """Anything that lies in a sea area, as a galley does.

    Examples:
        >>> from types import SimpleNamespace
        >>> galley = SimpleNamespace(area="ionian_sea", sailors=3)
        >>> galley.area  # all that board_lines asks of a piece
        'ionian_sea'
    """

    @property
    def area(self) -> str:
        """The sea area it lies in."""
        ...


P = TypeVar("P", bound=Placed)


def wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    """Break ``text`` into lines of at most ``width`` characters, never inside a word.

    Args:
        text: One paragraph.
        indent: What begins every line after the first.
        width: The longest line.

    Returns:
        The lines (one empty line for empty text).

    Examples:
        >>> wrap("galley 3 of seat 1: 4 sailors, cargo wine, wood", "  ", width=24)
        ['galley 3 of seat 1: 4', '  sailors, cargo wine,', '  wood']
    """
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def slots(goods: Iterable[str], spaces: int) -> str:
    """Draw a warehouse: its goods, a dot per empty space, and how full it is.

    Args:
        goods: The goods in it.
        spaces: Its spaces.

    Returns:
        One short piece of a line.

    Examples:
        >>> slots(["wine", "wood"], 4)
        '[wine wood . .] 2/4'
    """
    items = list(goods)
    return "[" + " ".join(items + ["."] * max(0, spaces - len(items))) + f"] {len(items)}/{spaces}"


def board_lines(
    board: Board,
    pieces: Sequence[P],
    port_lines: Callable[[int], list[str]],
    piece_line: Callable[[P], str],
) -> list[str]:
    """List the board area by area: each area's ports, then the pieces in it.

    Areas with neither a port nor a piece are left out. An area is named on
    a line of its own unless its ports bear its name already (a coastal area
    named after its one port); an area without a port is marked open sea.

    Args:
        board: The board.
        pieces: The pieces on the board (galleys), each with its ``area``.
        port_lines: Draws the port of that index in the board's port order.
        piece_line: Draws one piece.

    Returns:
        The lines, in the board file's area order.

    Examples:
        >>> import serenissima as ser
        >>> from types import SimpleNamespace
        >>> board = ser.load_ruleset("modern").board
        >>> galleys = [SimpleNamespace(area="ionian_sea", id=7)]
        >>> lines = board_lines(
        ...     board,
        ...     galleys,
        ...     lambda index: [f"  {board.ports[index].name}"],
        ...     lambda galley: f"    galley {galley.id}",
        ... )
        >>> lines[:2]
        ['  Valencia', '  Marseille']
        >>> lines[lines.index("  Ionian Sea (open sea)") + 1]
        '    galley 7'
    """
    lines: list[str] = []
    for spec in board.spec.areas:
        ports = board.ports_in(spec.id)
        here = [piece for piece in pieces if piece.area == spec.id]
        if not ports and not here:
            continue
        if [board.ports[index].name for index in ports] != [spec.name]:
            lines.append(f"  {spec.name}" + ("" if ports else " (open sea)"))
        for index in ports:
            lines += port_lines(index)
        lines += [piece_line(piece) for piece in here]
    return lines
