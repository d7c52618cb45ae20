"""Where each sea area of a board goes on its picture, in pixels.

:func:`layout` places every area of a board on a map :data:`WIDTH` pixels
wide, with a :data:`MARGIN` around the nodes for their labels. Areas are placed
at their ``position`` (longitude and latitude, read from ``board.toml``) when
the board gives them, by an equirectangular projection true to distances at
the board's mean latitude. Areas without a position are placed by a
force-directed layout, seeded deterministically from the file order, with the
positioned areas held still: a custom board with no positions at all still
gets a picture. The places are the same on every run.

Example:
    >>> import serenissima as ser
    >>> places = layout(ser.load_ruleset("classic").board)
    >>> all(MARGIN <= x <= WIDTH - MARGIN for x, _ in places.values())
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from serenissima.engine.board import Board

__all__ = ["layout"]

WIDTH: Final = 1200.0
"""Width of the map in pixels (the legend and title bands add height)."""
TALLEST: Final = 800.0
"""Height of the map's nodes at most, for boards taller than wide."""
MARGIN: Final = 80.0
"""Room around the nodes for their labels."""


def _project(lon: float, lat: float, scale: float) -> tuple[float, float]:
    """Project to the plane, y growing southwards; ``scale`` shrinks longitudes.

    With ``scale`` the cosine of the map's mean latitude, this is an
    equirectangular projection true to distances at that latitude.
    """
    return lon * scale, -lat


def _force_layout(
    areas: Sequence[str],
    edges: Sequence[tuple[str, str]],
    fixed: Mapping[str, tuple[float, float]],
) -> dict[str, tuple[float, float]]:
    """Place the areas not in ``fixed`` by a Fruchterman-Reingold layout (deterministic).

    Free areas start on a circle in file order (or beside their placed
    neighbours), repel each other and are pulled along their edges; the areas of
    ``fixed`` attract and repel but do not move.
    """
    count = len(areas)
    if fixed:
        xs = [p[0] for p in fixed.values()]
        ys = [p[1] for p in fixed.values()]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
    else:
        span = math.sqrt(count) * 2.0
        centre = (0.0, 0.0)
    ideal = span / max(math.sqrt(count), 1.0)
    neighbours: dict[str, list[str]] = {a: [] for a in areas}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    pos: dict[str, list[float]] = {}
    for index, area in enumerate(areas):
        if area in fixed:
            pos[area] = list(fixed[area])
            continue
        angle = 2 * math.pi * index / count
        pos[area] = [
            centre[0] + span / 2 * math.cos(angle),
            centre[1] + span / 2 * math.sin(angle),
        ]
    steps = 400
    temperature = span / 8
    for step in range(steps):
        moves = {area: [0.0, 0.0] for area in areas if area not in fixed}
        for i, a in enumerate(areas):
            for b in areas[i + 1 :]:
                dx = pos[a][0] - pos[b][0]
                dy = pos[a][1] - pos[b][1]
                dist = math.hypot(dx, dy) or 1e-6
                push = ideal * ideal / dist
                if a in moves:
                    moves[a][0] += dx / dist * push
                    moves[a][1] += dy / dist * push
                if b in moves:
                    moves[b][0] -= dx / dist * push
                    moves[b][1] -= dy / dist * push
        for a, b in edges:
            dx = pos[a][0] - pos[b][0]
            dy = pos[a][1] - pos[b][1]
            dist = math.hypot(dx, dy) or 1e-6
            pull = dist * dist / ideal
            if a in moves:
                moves[a][0] -= dx / dist * pull
                moves[a][1] -= dy / dist * pull
            if b in moves:
                moves[b][0] += dx / dist * pull
                moves[b][1] += dy / dist * pull
        limit = temperature * (1 - step / steps) + 1e-3
        for area, (mx, my) in moves.items():
            length = math.hypot(mx, my)
            if length > 0:
                factor = min(length, limit) / length
                pos[area][0] += mx * factor
                pos[area][1] += my * factor
    return {area: (p[0], p[1]) for area, p in pos.items()}


def layout(board: Board) -> dict[str, tuple[float, float]]:
    """Return each area's place on the picture, in pixels from the map's top left corner.

    Areas with a ``position`` are projected from their longitude and latitude;
    the others are placed by a deterministic force-directed layout.

    Args:
        board: The board.

    Returns:
        Area id to ``(x, y)``, every area of the board, inside a
        :data:`WIDTH`-wide map with a margin for labels.

    Example:
        >>> import serenissima as ser
        >>> places = layout(ser.load_ruleset("modern").board)
        >>> places["valencia"][0] < places["alexandria"][0]
        True
    """
    spec = board.spec
    given = {a.id: a.position for a in spec.areas if a.position is not None}
    fixed: dict[str, tuple[float, float]] = {}
    if given:
        mean_lat = sum(p[1] for p in given.values()) / len(given)
        scale = math.cos(math.radians(mean_lat))
        fixed = {area: _project(lon, lat, scale) for area, (lon, lat) in given.items()}
    raw = (
        fixed
        if len(fixed) == len(spec.areas)
        else _force_layout(board.areas, [(e.a, e.b) for e in spec.edges], fixed)
    )
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    width = max(max(xs) - min(xs), 1e-9)
    height = max(max(ys) - min(ys), 1e-9)
    inner = WIDTH - 2 * MARGIN
    scale = min(inner / width, TALLEST / height)
    return {
        area: (
            MARGIN + (x - min(xs)) * scale + (inner - width * scale) / 2,
            MARGIN + (y - min(ys)) * scale,
        )
        for area, (x, y) in raw.items()
    }
