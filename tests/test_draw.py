"""The board drawing: valid SVG, one node per area, one line per edge, deterministic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

import serenissima as ser
import toy
from serenissima.engine.board import Board
from serenissima.engine.spec import AreaSpec, BoardSpec, EdgeSpec, PortSpec, Source
from serenissima.reference.draw import board_svg
from serenissima.reference.layout import layout

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def elements(root: ET.Element, tag: str, css: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if css in classes(e)]


@pytest.fixture(scope="module", params=["modern", "classic"])
def board(request: pytest.FixtureRequest) -> Board:
    return ser.load_ruleset(request.param).board


def test_one_node_per_area_by_kind(board: Board) -> None:
    root = parse(board_svg(board))
    nodes = elements(root, "circle", "area")
    assert [n.get("data-area") for n in nodes] == list(board.areas)
    for node in nodes:
        area = node.get("data-area")
        assert area is not None
        expected = "coastal" if board.ports_in(area) else "high-sea"
        assert expected in classes(node)


def test_one_line_per_edge_dashed_when_reconstructed(board: Board) -> None:
    root = parse(board_svg(board))
    lines = elements(root, "line", "edge")
    edges = board.spec.edges
    assert len(lines) == len(edges)
    for line, edge in zip(lines, edges, strict=True):
        assert (line.get("data-a"), line.get("data-b")) == (edge.a, edge.b)
        assert edge.source.value in classes(line)
        dashed = line.get("stroke-dasharray")
        if edge.source is Source.RECONSTRUCTED:
            assert dashed is not None
            assert " " in dashed
        if edge.source is Source.STATED:
            assert dashed is None


def test_port_labels_and_marks(board: Board) -> None:
    svg = board_svg(board)
    root = parse(svg)
    text = " ".join("".join(t.itertext()) for t in root.iter(f"{NS}text"))
    for port in board.ports:
        assert port.name in text
        assert f"{port.good}, {port.warehouse}" in text
    marked = {p.area for p in board.ports if p.start or p.capital_of is not None}
    assert len(elements(root, "circle", "mark")) == len(marked)
    assert elements(root, "g", "legend")


def test_title(board: Board) -> None:
    root = parse(board_svg(board, title="A & B"))
    title = root.find(f"{NS}title")
    assert title is not None
    assert title.text == "A & B"
    default = parse(board_svg(board)).find(f"{NS}title")
    assert default is not None
    assert default.text == board.spec.name


def test_deterministic(board: Board) -> None:
    assert board_svg(board) == board_svg(board)


def test_geographic_positions_are_used(board: Board) -> None:
    places = layout(board)
    spec = {a.id: a for a in board.spec.areas}
    west = min(board.areas, key=lambda a: spec[a].position[0])  # type: ignore[index]
    north = max(board.areas, key=lambda a: spec[a].position[1])  # type: ignore[index]
    assert places[west][0] == min(x for x, _ in places.values())
    assert places[north][1] == min(y for _, y in places.values())


def _without_positions(board: Board, keep: int = 0) -> Board:
    areas = tuple(
        area if i < keep else attrs.evolve(area, position=None)
        for i, area in enumerate(board.spec.areas)
    )
    return Board(attrs.evolve(board.spec, areas=areas))


def _inside(svg: str) -> None:
    root = parse(svg)
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    for node in elements(root, "circle", "area"):
        assert 0 < float(node.get("cx", "-1")) < width
        assert 0 < float(node.get("cy", "-1")) < height


def test_fallback_layout_without_positions(board: Board) -> None:
    bare = _without_positions(board)
    svg = board_svg(bare)
    assert svg == board_svg(bare)
    _inside(svg)
    places = layout(bare)
    assert len(set(places.values())) == len(board.areas)
    assert svg != board_svg(board)


def test_fallback_keeps_the_given_positions_in_order(board: Board) -> None:
    partial = _without_positions(board, keep=3)
    places = layout(partial)
    given = board.spec.areas[:3]
    by_x = sorted(given, key=lambda a: a.position[0])  # type: ignore[index]
    assert sorted(given, key=lambda a: places[a.id][0]) == by_x
    _inside(board_svg(partial))


def test_a_custom_board_with_odd_names() -> None:
    spec = BoardSpec(
        name="<Pond & brook>",
        areas=(
            AreaSpec("a", "A <1>", Source.STATED),
            AreaSpec("b", "B", Source.PUBLIC),
            AreaSpec("c", "C", Source.RECONSTRUCTED),
        ),
        ports=(PortSpec("p", "Port & co", "a", "wood", 2, Source.STATED, start=True),),
        edges=(EdgeSpec("a", "b", Source.PUBLIC), EdgeSpec("b", "c", Source.RECONSTRUCTED)),
    )
    root = parse(board_svg(Board(spec)))
    assert len(elements(root, "circle", "high-sea")) == 2
    text = " ".join("".join(t.itertext()) for t in root.iter(f"{NS}text"))
    assert "Port & co" in text
    assert "A <1>" not in text  # a coastal area is labelled by its ports
    public = elements(root, "line", "public")
    assert len(public) == 1


def test_the_toy_board_draws() -> None:
    rules = toy.make_rules()
    root = parse(board_svg(rules.board))
    assert len(elements(root, "circle", "area")) == len(rules.board.areas)
