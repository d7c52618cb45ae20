"""Draw the package's floors for the architecture page, from the code itself.

The floors are read from the layers contract in ``pyproject.toml`` (the one
``lint-imports`` checks), the rooms of each floor from the package's folders,
and the arrows from the imports in the source (every import, at any depth of
a module, ``TYPE_CHECKING`` blocks included). The drawing therefore shows the
package as it is, and changes when the code does.
"""

from __future__ import annotations

import ast
import tomllib
from collections import Counter
from html import escape
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "serenissima"
EDITIONS = ROOT / "rulesets"
CHART = "architecture.svg"
EDITIONS_ROOM = "editions"

_WIDTH = 940.0
_MAIN = 700.0  # the width of the package's floors; the editions stand to their right
_LINE = 15.0


def floors() -> list[list[tuple[str, bool]]]:
    """The layers contract's floors, top first: each a list of (room, optional)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers" and contract.get("containers") == ["serenissima"]:
            layers: list[str] = contract["layers"]
            break
    else:
        raise LookupError("pyproject.toml declares no layers contract for the package")
    out = []
    for layer in layers:
        rooms = []
        for part in layer.replace(":", "|").split("|"):
            name = part.strip()
            optional = name.startswith("(")
            rooms.append((name.strip("()"), optional))
        out.append(rooms)
    return out


def modules(room: str) -> list[str]:
    """The modules of one room (a subpackage), ``__init__`` left out; a package within as one."""
    folder = PACKAGE / room
    names = {
        path.stem if path.is_file() else f"{path.name}/"
        for path in folder.iterdir()
        if (path.suffix == ".py" and path.name != "__init__.py") or (path / "__init__.py").is_file()
    }
    return sorted(names)


def _room_of(module: str, rooms: set[str]) -> str | None:
    parts = module.split(".")
    if parts[0] == "serenissima_rulesets":
        return EDITIONS_ROOM
    if parts[0] == "serenissima" and len(parts) > 1 and parts[1] in rooms:
        return parts[1]
    return None


def imports(rooms: set[str]) -> Counter[tuple[str, str]]:
    """Imports from room to room, counted by importing module and imported module."""
    found: Counter[tuple[str, str]] = Counter()
    sources = [(path, "serenissima") for path in PACKAGE.rglob("*.py")]
    sources += [(path, "serenissima_rulesets") for path in EDITIONS.rglob("*.py")]
    for path, top in sources:
        base = PACKAGE if top == "serenissima" else EDITIONS
        name = ".".join((top, *path.relative_to(base).with_suffix("").parts))
        source = _room_of(name, rooms)
        if source is None:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            for target in targets:
                room = _room_of(target, rooms)
                if room is not None and room != source:
                    found[(source, room)] += 1
    return found


def _wrap(names: list[str], chars: int) -> list[str]:
    lines, line = [], ""
    for name in names:
        piece = name if not line else f"{line}  {name}"
        if len(piece) > chars and line:
            lines.append(line)
            piece = name
        line = piece
    return [*lines, line] if line else lines


def architecture_svg() -> str:
    """Return the floors as an SVG drawing: rooms, their modules, and the imports between them."""
    layout = floors()
    rooms = {name for floor in layout for name, _ in floor}
    edges = imports(rooms)
    boxes: dict[str, tuple[float, float, float, float]] = {}
    parts: list[str] = []
    y = 20.0
    for level, floor in enumerate(layout):
        width = (_MAIN - 20.0 * (len(floor) - 1)) / len(floor)
        texts = {
            name: _wrap(modules(name), int((width - 20) / 6.4)) if (PACKAGE / name).is_dir() else []
            for name, _ in floor
        }
        height = 34.0 + _LINE * max([len(t) for t in texts.values()] + [1])
        for i, (name, optional) in enumerate(floor):
            x = 10.0 + i * (width + 20.0)
            boxes[name] = (x, y, width, height)
            present = (PACKAGE / name).is_dir()
            style = (
                'fill="#e8eaf6" stroke="#3949ab"'
                if present
                else 'fill="#fafafa" stroke="#9e9e9e" stroke-dasharray="6 4"'
            )
            parts.append(
                f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="6" {style}/>'
            )
            title = f"serenissima.{name}" + ("" if present else " (to come)")
            colour = "#1a237e" if present else "#757575"
            parts.append(
                f'<text x="{x + 10}" y="{y + 20}" font-weight="bold" fill="{colour}">'
                f"{escape(title)}</text>"
            )
            for j, line in enumerate(texts[name]):
                parts.append(
                    f'<text x="{x + 10}" y="{y + 38 + j * _LINE}" font-size="11">'
                    f"{escape(line)}</text>"
                )
            if not present and optional:
                parts.append(
                    f'<text x="{x + 10}" y="{y + 38}" font-size="11" fill="#757575">'
                    "a place kept in the layers contract</text>"
                )
        if level == len(layout) - 1:  # the editions stand beside the bottom floor
            names = sorted(p.name for p in EDITIONS.iterdir() if (p / "__init__.py").is_file())
            x = _MAIN + 40.0
            boxes[EDITIONS_ROOM] = (x, y, _WIDTH - x - 10.0, height)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{_WIDTH - x - 10.0}" height="{height}" rx="6" '
                'fill="#fff8e1" stroke="#f9a825"/>'
                f'<text x="{x + 10}" y="{y + 20}" font-weight="bold" fill="#e65100">'
                "serenissima_rulesets</text>"
                f'<text x="{x + 10}" y="{y + 38}" font-size="11">'
                f"{escape('  '.join(names))} (plug-ins)</text>"
            )
        y += height + 46.0
    arrows = _arrows(edges, boxes)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH:.0f} {y:.0f}" '
        f'width="{_WIDTH:.0f}" height="{y:.0f}" font-family="sans-serif" font-size="13">'
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" '
        'markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#455a64"/></marker></defs>'
    )
    return "\n".join([head, *arrows, *parts, "</svg>"])  # the rooms hide the lines behind them


def _arrows(
    edges: Counter[tuple[str, str]], boxes: dict[str, tuple[float, float, float, float]]
) -> list[str]:
    """One line per pair of rooms that import each other, spread along the rooms' edges."""
    pairs = [pair for pair in sorted(edges) if pair[0] in boxes and pair[1] in boxes]

    def centre(room: str) -> float:
        x, _, w, _ = boxes[room]
        return x + w / 2

    def spread(room: str, others: list[str]) -> dict[str, float]:
        x, _, w, _ = boxes[room]
        ordered = sorted(others, key=centre)
        return {other: x + w * (k + 1) / (len(ordered) + 1) for k, other in enumerate(ordered)}

    leaving = {r: spread(r, [t for s, t in pairs if s == r]) for r in boxes}
    arriving = {r: spread(r, [s for s, t in pairs if t == r]) for r in boxes}
    out = []
    for source, target in pairs:
        sx, sy, _, sh = boxes[source]
        tx, ty, tw, th = boxes[target]
        if source == EDITIONS_ROOM:  # sideways, into the engine
            x1, y1, x2, y2 = sx, sy + sh / 2, tx + tw, ty + th / 2
        elif ty > sy:
            x1, y1, x2, y2 = leaving[source][target], sy + sh, arriving[target][source], ty
        else:  # only a broken contract draws an arrow upwards
            x1, y1, x2, y2 = leaving[source][target], sy, arriving[target][source], ty + th
        count = edges[(source, target)]
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#455a64" '
            f'stroke-width="{1 + min(count, 20) / 10:.1f}" marker-end="url(#arrow)">'
            f"<title>{source} imports {target} ({count} imports)</title></line>"
        )
    return out


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the drawing of the floors to the site."""
    files.append(File.generated(config, CHART, content=architecture_svg() + "\n"))
    return files
