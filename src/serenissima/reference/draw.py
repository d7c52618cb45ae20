"""A picture of a board's sea graph, as SVG text, drawn without any dependency.

:func:`board_svg` draws every sea area as a node (coastal areas and high seas
look different), every adjacency as a line (dashed when the edge is
reconstructed, dotted when it comes from public descriptions, solid when a rule
text gives it), and labels each port with its name, its good, its warehouse
size and whether it is a starting port or a capital. A legend explains the
marks.

Areas are placed by :func:`~serenissima.reference.layout.layout`: at their
``position`` (longitude and latitude, read from ``board.toml``) when the board
gives them, otherwise by a deterministic force-directed layout. The output is
the same on every run.

Example:
    >>> import serenissima as ser
    >>> svg = board_svg(ser.load_ruleset("modern").board)
    >>> svg.startswith("<svg")
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final
from xml.sax.saxutils import escape, quoteattr

from serenissima.engine.spec import Source
from serenissima.reference.layout import MARGIN, WIDTH, layout

if TYPE_CHECKING:
    from serenissima.engine.board import Board

__all__ = ["board_svg"]

_FONT: Final = 11.0
"""Label font size in pixels."""
_CHAR: Final = 6.4
"""Approximate width of a label character at :data:`_FONT`."""
_LINE: Final = 13.0
"""Height of a label line."""
_COASTAL_R: Final = 6.0
_HIGH_SEA_R: Final = 11.0
_TITLE_BAND: Final = 36.0
_LEGEND_BAND: Final = 70.0

_EDGE_STYLE: Final[Mapping[Source, str]] = {
    Source.STATED: 'stroke="#1d3557" stroke-width="2.2"',
    Source.PUBLIC: 'stroke="#1d3557" stroke-width="1.8" stroke-dasharray="1.5 3"',
    Source.RECONSTRUCTED: 'stroke="#6c7a89" stroke-width="1.4" stroke-dasharray="6 4"',
}
_EDGE_WORDS: Final[Mapping[Source, str]] = {
    Source.STATED: "edge stated by the rules",
    Source.PUBLIC: "edge from public descriptions",
    Source.RECONSTRUCTED: "edge reconstructed",
}
_COASTAL_STYLE: Final = 'fill="#f1dfb8" stroke="#7a5c2e" stroke-width="1.5"'
_HIGH_SEA_STYLE: Final = 'fill="#cfe4f5" stroke="#2e6f9e" stroke-width="1.5"'
_MARK_STYLE: Final = 'fill="none" stroke="#c9302c" stroke-width="2"'


# --- labels ---------------------------------------------------------------------------------

_Box = tuple[float, float, float, float]
"""Left, top, right, bottom."""

_OFFSETS: Final = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
)
"""Label positions tried around a node: right, left, below, above, then the corners."""


def _overlap(a: _Box, b: _Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _crosses(box: _Box, p: tuple[float, float], q: tuple[float, float]) -> bool:
    """Whether segment ``p``-``q`` passes through ``box`` (sampled)."""
    for k in range(1, 20):
        t = k / 20
        x = p[0] + (q[0] - p[0]) * t
        y = p[1] + (q[1] - p[1]) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def _label_box(
    centre: tuple[float, float], size: tuple[float, float], offset: tuple[int, int], gap: float
) -> _Box:
    w, h = size
    dx, dy = offset
    x = centre[0] + dx * gap - (w if dx < 0 else 0 if dx > 0 else w / 2)
    y = centre[1] + dy * gap - (h if dy < 0 else 0 if dy > 0 else h / 2)
    return (x, y, x + w, y + h)


def _place_labels(
    places: Mapping[str, tuple[float, float]],
    labels: Mapping[str, list[str]],
    radius: Mapping[str, float],
    segments: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    bounds: _Box,
) -> dict[str, _Box]:
    """Greedily give each label the place around its node that hides least."""
    nodes: list[_Box] = [
        (x - radius[a] - 2, y - radius[a] - 2, x + radius[a] + 2, y + radius[a] + 2)
        for a, (x, y) in places.items()
    ]
    placed: dict[str, _Box] = {}
    order = sorted(labels, key=lambda a: (-len(labels[a]), list(places).index(a)))
    for area in order:
        lines = labels[area]
        size = (max(len(line) for line in lines) * _CHAR + 4, len(lines) * _LINE + 2)
        best: tuple[float, int, _Box] | None = None
        for rank, offset in enumerate(_OFFSETS):
            box = _label_box(places[area], size, offset, radius[area] + 4)
            cost = sum(_overlap(box, other) for other in placed.values()) * 4
            cost += sum(_overlap(box, node) for node in nodes) * 4
            cost += sum(30 for p, q in segments if _crosses(box, p, q))
            outside = (
                max(0.0, bounds[0] - box[0])
                + max(0.0, box[2] - bounds[2])
                + max(0.0, bounds[1] - box[1])
                + max(0.0, box[3] - bounds[3])
            )
            cost += outside * 100 + rank
            if best is None or cost < best[0]:
                best = (cost, rank, box)
        assert best is not None
        placed[area] = best[2]
    return placed


# --- drawing --------------------------------------------------------------------------------


def _f(value: float) -> str:
    return f"{value:.1f}"


def _port_lines(board: Board, area: str) -> list[str]:
    lines: list[str] = []
    for index in board.ports_in(area):
        port = board.ports[index]
        mark = ""
        if port.capital_of is not None:
            mark = f", capital of {port.capital_of}"
        elif port.start:
            mark = ", start"
        lines.append(port.name)
        lines.append(f"{port.good}, {port.warehouse}{mark}")
    return lines


def _text(x: float, y: float, lines: Sequence[str], css: str, bold_first: bool) -> str:
    spans = []
    for i, line in enumerate(lines):
        weight = ' font-weight="bold"' if bold_first and i % 2 == 0 else ""
        spans.append(
            f'<tspan x="{_f(x)}" dy="{_f(_LINE if i else 0)}"{weight}>{escape(line)}</tspan>'
        )
    return f'<text class="{css}" x="{_f(x)}" y="{_f(y)}">{"".join(spans)}</text>'


def _legend(top: float) -> list[str]:
    out = [f'<g class="legend" font-size="{_f(_FONT)}">']
    x, y = MARGIN, top + 18
    out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(_COASTAL_R)}" {_COASTAL_STYLE}/>')
    out.append(f'<text x="{_f(x + 14)}" y="{_f(y + 4)}">coastal area (its ports labelled)</text>')
    x2 = x + 250
    out.append(f'<circle cx="{_f(x2)}" cy="{_f(y)}" r="{_f(_HIGH_SEA_R)}" {_HIGH_SEA_STYLE}/>')
    out.append(f'<text x="{_f(x2 + 18)}" y="{_f(y + 4)}">high sea (no port)</text>')
    x3 = x2 + 180
    out.append(f'<circle cx="{_f(x3)}" cy="{_f(y)}" r="{_f(_COASTAL_R)}" {_COASTAL_STYLE}/>')
    out.append(f'<circle cx="{_f(x3)}" cy="{_f(y)}" r="{_f(_COASTAL_R + 4)}" {_MARK_STYLE}/>')
    out.append(
        f'<text x="{_f(x3 + 18)}" y="{_f(y + 4)}">starting port or capital; '
        "label: name, then good and warehouse spaces</text>"
    )
    y += 30
    for i, source in enumerate(Source):
        sx = MARGIN + i * 250
        out.append(
            f'<line x1="{_f(sx - 8)}" y1="{_f(y)}" x2="{_f(sx + 32)}" y2="{_f(y)}" '
            f"{_EDGE_STYLE[source]}/>"
        )
        out.append(f'<text x="{_f(sx + 40)}" y="{_f(y + 4)}">{_EDGE_WORDS[source]}</text>')
    out.append("</g>")
    return out


def board_svg(board: Board, *, title: str | None = None) -> str:
    """Draw a board's sea graph as an SVG document.

    Every area is a ``<circle>`` of class ``area coastal`` or ``area high-sea``
    (with ``data-area`` naming it); every edge is a ``<line>`` of class ``edge``
    and of its provenance (``stated``, ``public`` or ``reconstructed``;
    reconstructed edges are dashed); starting ports and capitals get a ring of
    class ``mark``. Labels are placed where they hide the fewest other labels,
    nodes and edges. The same board always gives the same text.

    Args:
        board: The board to draw.
        title: A title written above the map (the board's name when ``None``).

    Returns:
        The SVG document, ending with a newline.

    Example:
        >>> import serenissima as ser
        >>> svg = board_svg(ser.load_ruleset("classic").board, title="Classic")
        >>> svg.count('class="area high-sea"')
        4
    """
    spec = board.spec
    places = layout(board)
    map_height = max(y for _, y in places.values()) + MARGIN
    top = _TITLE_BAND
    places = {a: (x, y + top) for a, (x, y) in places.items()}
    height = top + map_height + _LEGEND_BAND
    coastal = {a for a in board.areas if board.ports_in(a)}
    radius = {a: _COASTAL_R if a in coastal else _HIGH_SEA_R for a in board.areas}
    names = {a.id: a.name for a in spec.areas}
    labels = {a: _port_lines(board, a) if a in coastal else [names[a]] for a in board.areas}
    segments = [(places[e.a], places[e.b]) for e in spec.edges]
    bounds = (4.0, top, WIDTH - 4, top + map_height)
    boxes = _place_labels(places, labels, radius, segments, bounds)
    heading = spec.name if title is None else title
    size = f'width="{_f(WIDTH)}" height="{_f(height)}"'
    box = f'viewBox="0 0 {_f(WIDTH)} {_f(height)}"'
    bold = 'font-size="18" font-weight="bold"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} {box} font-family="sans-serif">',
        f"<title>{escape(heading)}</title>",
        f'<rect class="background" x="0" y="0" {size} fill="#f7fbfe"/>',
        f'<text class="title" x="{_f(MARGIN)}" y="24" {bold}>{escape(heading)}</text>',
        '<g class="edges">',
    ]
    for edge in spec.edges:
        (x1, y1), (x2, y2) = places[edge.a], places[edge.b]
        out.append(
            f'<line class="edge {edge.source.value}" data-a={quoteattr(edge.a)} '
            f'data-b={quoteattr(edge.b)} x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" '
            f'y2="{_f(y2)}" {_EDGE_STYLE[edge.source]}/>'
        )
    out.append("</g>")
    out.append('<g class="areas">')
    for area in board.areas:
        x, y = places[area]
        kind = "coastal" if area in coastal else "high-sea"
        style = _COASTAL_STYLE if area in coastal else _HIGH_SEA_STYLE
        out.append(
            f'<circle class="area {kind}" data-area={quoteattr(area)} cx="{_f(x)}" '
            f'cy="{_f(y)}" r="{_f(radius[area])}" {style}/>'
        )
        ports = [board.ports[i] for i in board.ports_in(area)]
        if any(p.start or p.capital_of is not None for p in ports):
            out.append(
                f'<circle class="mark" cx="{_f(x)}" cy="{_f(y)}" '
                f'r="{_f(radius[area] + 4)}" {_MARK_STYLE}/>'
            )
    out.append("</g>")
    out.append(f'<g class="labels" font-size="{_f(_FONT)}" fill="#222">')
    for area in board.areas:
        left, top_edge, _, _ = boxes[area]
        css = "label port" if area in coastal else "label sea"
        lines = labels[area]
        text = _text(left + 2, top_edge + _LINE - 2, lines, css, area in coastal)
        if area not in coastal:
            text = text.replace("<text ", '<text font-style="italic" fill="#2e6f9e" ', 1)
        out.append(text)
    out.append("</g>")
    out.extend(_legend(top + map_height))
    out.append("</svg>")
    return "\n".join(out) + "\n"
