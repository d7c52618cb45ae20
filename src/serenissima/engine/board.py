"""The board at run time: a sea graph with ports, indexed for fast look-ups.

:class:`Board` is built once from a :class:`~serenissima.engine.spec.BoardSpec` and
shared by every state of a game. It assumes nothing beyond what the file
declares: an area may hold no port (open sea), one port, or several.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from serenissima.engine.spec import BoardSpec, PortSpec

__all__ = ["Board"]

_NEAREST_SIZE = 1 << 16
"""Answers :meth:`Board.nearest` keeps before it starts again."""


class Board:
    """A sea graph with ports.

    Args:
        spec: The declarative board.

    Attributes:
        spec: The declarative board.
        areas: Area identifiers in file order.
        ports: Port specs in file order; a state's port tuple follows this order.

    Examples:
        >>> import serenissima as ser
        >>> board = ser.load_ruleset("modern").board
        >>> board.neighbours("valencia")
        ('marseille', 'algiers', 'cagliari')
        >>> board.distance("valencia", "tripoli"), board.port("valencia").warehouse
        (3, 5)
    """

    __slots__ = (
        "_distance",
        "_names",
        "_nearest",
        "_neighbours",
        "_port_index",
        "_ports_in",
        "areas",
        "ports",
        "spec",
    )

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.areas: tuple[str, ...] = tuple(a.id for a in spec.areas)
        self.ports: tuple[PortSpec, ...] = spec.ports
        neighbours: dict[str, set[str]] = {a: set() for a in self.areas}
        for edge in spec.edges:
            neighbours[edge.a].add(edge.b)
            neighbours[edge.b].add(edge.a)
        self._neighbours: Mapping[str, tuple[str, ...]] = {
            a: tuple(sorted(n, key=self.areas.index)) for a, n in neighbours.items()
        }
        self._port_index: Mapping[str, int] = {p.id: i for i, p in enumerate(spec.ports)}
        ports_in: dict[str, list[int]] = {a: [] for a in self.areas}
        for i, port in enumerate(spec.ports):
            ports_in[port.area].append(i)
        self._ports_in: Mapping[str, tuple[int, ...]] = {a: tuple(v) for a, v in ports_in.items()}
        self._distance: Mapping[str, Mapping[str, int]] = {a: self._bfs(a) for a in self.areas}
        self._nearest: dict[tuple[str, tuple[str, ...]], int | None] = {}
        self._names: Mapping[str, str] = {
            **{a.id: a.name for a in spec.areas},
            **{p.id: p.name for p in spec.ports},
        }

    def _bfs(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self._neighbours[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def neighbours(self, area: str) -> tuple[str, ...]:
        """Return the areas adjacent to ``area``, in file order."""
        return self._neighbours[area]

    def adjacent(self, a: str, b: str) -> bool:
        """Return whether areas ``a`` and ``b`` share an edge."""
        return b in self._neighbours[a]

    def distance(self, a: str, b: str) -> int | None:
        """Return the fewest moves from ``a`` to ``b``, or ``None`` if unreachable."""
        return self._distance[a].get(b)

    def nearest(self, a: str, areas: tuple[str, ...]) -> int | None:
        """Return the fewest moves from ``a`` to the nearest of ``areas``.

        ``None`` if none of them can be reached (or ``areas`` is empty). The
        answers are remembered, so that a bot asking the same question of many
        states pays for it once.

        Example:
            >>> import serenissima as ser
            >>> board = ser.load_ruleset("modern").board
            >>> board.nearest("valencia", ("tripoli", "algiers")), board.nearest("valencia", ())
            (1, None)
        """
        key = (a, areas)
        try:
            return self._nearest[key]
        except KeyError:
            pass
        row = self._distance[a]
        found = min((row[b] for b in areas if b in row), default=None)
        if len(self._nearest) >= _NEAREST_SIZE:
            self._nearest.clear()
        self._nearest[key] = found
        return found

    def port_index(self, port: str) -> int:
        """Return the position of port ``port`` in :attr:`ports` (``KeyError`` if unknown)."""
        return self._port_index[port]

    def port(self, port: str) -> PortSpec:
        """Return the spec of port ``port`` (``KeyError`` if unknown)."""
        return self.ports[self._port_index[port]]

    def has_port(self, port: str) -> bool:
        """Return whether ``port`` names a port of this board."""
        return port in self._port_index

    def has_area(self, area: str) -> bool:
        """Return whether ``area`` names a sea area of this board."""
        return area in self._neighbours

    def name(self, place: str) -> str:
        """The printed name of the port or sea area ``place``; an unknown id as it is.

        Example:
            >>> import serenissima as ser
            >>> board = ser.load_ruleset("classic").board
            >>> board.name("venice"), board.name(board.areas[0]) != board.areas[0], board.name("x")
            ('Venice', True, 'x')
        """
        return self._names.get(place, place)

    def ports_in(self, area: str) -> tuple[int, ...]:
        """Return the indexes of the ports that open onto ``area`` (possibly none)."""
        return self._ports_in[area]

    def __repr__(self) -> str:
        return f"<Board {self.spec.name!r}: {len(self.areas)} areas, {len(self.ports)} ports>"
