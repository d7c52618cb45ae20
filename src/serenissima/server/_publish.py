"""What the server publishes of each ruleset: the board (SVG and JSON) and the JSON Schemas.

Each is built once per ruleset and kept. The schema bundle defines, under
``$defs``, ``Action``, ``Event``, ``Observation``, ``Standings``, ``View``
and ``MoveMessage`` (the last two as the server sends them, their engine
values typed by the edition's schemas), so that a client in another
language can generate its types from one document.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from serenissima.engine.core import Action, Event, Standings
from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.records.schema import DIALECT, json_schema
from serenissima.reference.draw import board_svg
from serenissima.server._errors import RefusedError
from serenissima.server._models import MoveMessage, View

__all__ = ["board_json", "board_picture", "engine_schemas", "rulesets", "schemas"]

rulesets = APIRouter(prefix="/rulesets", tags=["rulesets"])
"""The routes that publish the installed rulesets: their list, boards and schemas."""


@functools.cache
def board_picture(ruleset: str) -> str:
    """The board's sea graph as SVG text."""
    rules = load_ruleset(ruleset)
    return board_svg(rules.board, title=rules.info.name)


@functools.cache
def board_json(ruleset: str) -> dict[str, Any]:
    """The board's areas and ports, ports in the order an observation lists them."""
    board = load_ruleset(ruleset).board
    return {
        "areas": [{"id": area.id, "name": area.name} for area in board.spec.areas],
        "ports": [
            {
                "id": port.id,
                "name": port.name,
                "area": port.area,
                "good": port.good,
                "warehouse": port.warehouse,
                "capital_of": port.capital_of,
            }
            for port in board.ports
        ],
    }


@functools.cache
def engine_schemas(ruleset: str) -> dict[str, Any]:
    """The JSON Schemas of the edition's values, by name, each ``$ref`` to ``#/$defs/NAME``.

    ``Action``, ``Event``, ``Observation`` and ``Standings`` are among the
    names, beside the types they are made of. The dictionary is shared: copy
    it before changing it.
    """
    rules = load_ruleset(ruleset)
    defs: dict[str, Any] = {}
    named = {
        "Action": Action,
        "Event": Event,
        "Observation": rules.engine.observation_type,
        "Standings": Standings,
    }
    for name, cls in named.items():
        schema = json_schema(rules, cls)
        defs.update(schema.pop("$defs"))
        schema.pop("$schema")
        if name not in defs:
            defs[name] = schema
    return defs


@functools.cache
def schemas(ruleset: str) -> dict[str, Any]:
    """The JSON Schemas of the ruleset's values and of the server's messages, in one bundle.

    Example:
        >>> bundle = schemas("modern")
        >>> bundle["$defs"]["View"]["properties"]["observation"]
        {'$ref': '#/$defs/Observation'}
    """
    defs = copy.deepcopy(engine_schemas(ruleset))
    template = "#/$defs/{model}"
    for model in (View, MoveMessage):
        schema = model.model_json_schema(ref_template=template)
        defs.update(schema.pop("$defs", {}))
        defs[model.__name__] = schema
    view = defs["View"]["properties"]
    view["observation"] = {"$ref": "#/$defs/Observation"}
    view["standings"] = {"anyOf": [{"$ref": "#/$defs/Standings"}, {"type": "null"}]}
    event = defs["EventItem"]["properties"]
    event["data"] = {"$ref": "#/$defs/Event"}
    return {
        "$schema": DIALECT,
        "$id": f"/rulesets/{ruleset}/schema.json",
        "title": f"The JSON of the {ruleset} ruleset and of the server's messages",
        "$defs": defs,
    }


@rulesets.get("")
async def list_rulesets() -> list[dict[str, Any]]:
    """The installed rulesets: id, name, player counts and options."""
    out = []
    for name in available_rulesets():
        rules = load_ruleset(name)
        out.append(
            {
                "id": rules.id,
                "name": rules.info.name,
                "players": list(rules.info.players),
                "options": {o.name: o.default for o in rules.options},
            }
        )
    return out


def _installed(ruleset: str) -> str:
    """``ruleset`` if it is installed; 404 otherwise (never a folder)."""
    if ruleset not in available_rulesets():
        raise RefusedError(404, "UnknownRuleset", f"no installed ruleset {ruleset!r}")
    return ruleset


@rulesets.get(
    "/{ruleset}/board.svg",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}, "description": "The board as SVG."}},
)
async def board_picture_svg(ruleset: str) -> Response:
    """The board's sea graph as SVG (every area a circle with ``data-area``)."""
    return Response(board_picture(_installed(ruleset)), media_type="image/svg+xml")


@rulesets.get("/{ruleset}/board.json")
async def board(ruleset: str) -> dict[str, Any]:
    """The board's areas and ports, in the order observations list ports."""
    return board_json(_installed(ruleset))


@rulesets.get("/{ruleset}/schema.json")
async def schema(ruleset: str) -> dict[str, Any]:
    """JSON Schemas of the edition's actions, events, observations and standings."""
    return schemas(_installed(ruleset))
