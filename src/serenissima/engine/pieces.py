"""Small pure rules shared by both editions: warehouses, sales, galley room, dice, seating, purses.

Each function takes plain values so that either edition can call it with
numbers read from its own declaration.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from fractions import Fraction
from math import comb

__all__ = [
    "binomial_outcomes",
    "can_sell_to",
    "clockwise",
    "galley_room",
    "has_goods",
    "matched_sales",
    "own_purse",
    "reckoning_after",
]


def can_sell_to(good: str, produces: str, warehouse: Iterable[str], size: int) -> bool:
    """Return whether a cube of ``good`` may be sold into a port's warehouse.

    The port must not produce the good, must not hold it yet and must have a
    free space (modern M-SALE-2, classic C-SALE-3).

    Examples:
        >>> can_sell_to("wine", "wood", ("gold",), 3)
        True
        >>> can_sell_to("gold", "wood", ("gold",), 3)
        False
    """
    stored = tuple(warehouse)
    return good != produces and good not in stored and len(stored) < size


def matched_sales(sales: Iterable[tuple[float, Hashable, Hashable]], pieces: int) -> float:
    """Return what ``pieces`` pieces of one kind earn, each sold to a different buyer.

    A port takes one piece of a kind (modern M-SALE-2, classic C-SALE-3), so
    two pieces of wine earn the best buyer's price and the second best's, not
    the best's twice. ``sales`` are the candidate sales ``(worth, piece,
    buyer)``; they are matched greedily, the best sale first, each piece and
    each buyer used at most once.

    Examples:
        >>> matched_sales([(5.0, 0, "Ragusa"), (4.0, 1, "Ragusa"), (1.0, 1, "Bari")], 2)
        6.0
    """
    total = 0.0
    sold: set[Hashable] = set()
    bought: set[Hashable] = set()
    for worth, piece, buyer in sorted(sales, key=lambda sale: -sale[0]):
        if piece in sold or buyer in bought:
            continue
        sold.add(piece)
        bought.add(buyer)
        total += worth
        if len(sold) == pieces:
            break
    return total


def has_goods(required: Iterable[str], produces: str, warehouse: Iterable[str]) -> bool:
    """Return whether a port has every required good, produced there or stored.

    Used for forts, basilicas (modern) and galley and fortress builds (classic).

    Examples:
        >>> has_goods(("wood", "stone"), "wood", ("stone",))
        True
    """
    present = {produces, *warehouse}
    return all(good in present for good in required)


def galley_room(
    sailors: int,
    goods: int,
    *,
    spaces: int,
    max_sailors: int,
    max_goods: int,
    shared: bool,
) -> tuple[bool, bool]:
    """Return whether a galley can take one more sailor, and one more cube.

    Args:
        sailors: Sailors aboard.
        goods: Cubes aboard.
        spaces: Spaces shared between sailors and cubes (when ``shared``).
        max_sailors: Most sailors a galley holds.
        max_goods: Most cubes a galley holds.
        shared: Whether sailors and cubes share ``spaces``.

    Examples:
        >>> galley_room(3, 2, spaces=5, max_sailors=5, max_goods=4, shared=True)
        (False, False)
    """
    full = shared and sailors + goods >= spaces
    return (not full and sailors < max_sailors, not full and goods < max_goods)


def binomial_outcomes(dice: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    """Return the distribution of hits when rolling ``dice`` dice that hit with probability ``p``.

    Examples:
        >>> binomial_outcomes(2, Fraction(1, 2))
        ((0, Fraction(1, 4)), (1, Fraction(1, 2)), (2, Fraction(1, 4)))
    """
    q = 1 - p
    return tuple((k, comb(dice, k) * p**k * q ** (dice - k)) for k in range(dice + 1))


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """Return the seats in playing order starting from ``first``.

    Examples:
        >>> clockwise(2, 4)
        (2, 3, 0, 1)
    """
    return tuple((first + i) % players for i in range(players))


def own_purse(
    shown: tuple[int | None, ...], reckoned: tuple[int, ...], seat: int | None
) -> tuple[int, ...]:
    """Return every seat's purse as ``seat`` knows it: its own as shown, the others reckoned.

    A spectator (``seat=None``) knows every purse as reckoned.

    For rebuilding a full state from an observation: ``shown`` is what the
    seat is shown of the purses (``None`` where hidden), ``reckoned`` what the
    public record says of them.

    Examples:
        >>> own_purse((None, 12, None), (7, 11, 3), 1)
        (7, 12, 3)
    """
    return tuple(
        [
            given if s == seat and given is not None else r
            for s, (given, r) in enumerate(zip(shown, reckoned, strict=True))
        ]
    )


def reckoning_after(
    reckoned: tuple[int, ...], before: tuple[int, ...], after: tuple[int, ...]
) -> tuple[int, ...]:
    """Return the public reckoning of the purses, moved by what a step paid.

    Every payment being public, each seat's reckoning changes by what its
    purse changed from ``before`` to ``after``.

    Examples:
        >>> reckoning_after((10, 5), (10, 5), (7, 9))
        (7, 9)
    """
    return tuple([r + a - b for r, a, b in zip(reckoned, after, before, strict=True)])
