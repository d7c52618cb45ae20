"""The server's contract in two machine-readable documents: OpenAPI for HTTP, AsyncAPI for live.

:func:`typed_openapi` takes the OpenAPI document FastAPI writes from the
routes and types what it leaves open: each installed ruleset's values
(actions, events, observations, standings) join ``components/schemas`` under
the ruleset's id (``classic.Observation``), each ruleset has its own view
(``classic.View``), and ``View`` is one of them, told apart by its
``ruleset``. The WebSocket's messages (``MoveMessage``, ``ViewMessage``) are
there too, so a generator gets every type from ``/openapi.json`` alone.

:func:`asyncapi` describes the WebSocket in an AsyncAPI 3.0 document: its
address and query, the messages the server sends, the codes it closes with,
and the same component schemas, written in the JSON Schema draft that
AsyncAPI's schema format reads.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Iterable
from typing import Any, Final

from serenissima.engine.registry import load_ruleset
from serenissima.server._models import EventItem, LegalAction, MoveMessage, ViewMessage
from serenissima.server._publish import engine_schemas

__all__ = ["CLOSE_CODES", "asyncapi", "component", "typed_openapi"]

CLOSE_CODES: Final[dict[int, str]] = {
    1009: "a message from the client, or the request's headers, too large",
    4403: "the token holds no seat of this game",
    4404: "no game has this id",
    4422: "since is a version the game has not reached",
    4429: "this address holds its most WebSockets open already",
}
"""The codes the server closes a WebSocket with, and why."""

_SCHEMAS: Final = "#/components/schemas/"


def component(ruleset: str, name: str) -> str:
    """The name under ``components/schemas`` of a ruleset's type.

    Example:
        >>> component("classic", "Observation")
        'classic.Observation'
    """
    return re.sub(r"[^A-Za-z0-9_-]", "_", ruleset) + "." + name


def _refs(node: Any, rename: Callable[[str], str]) -> Any:
    """A copy of ``node`` with each ``$ref`` to ``#/$defs/NAME`` pointing at ``rename(NAME)``."""
    if isinstance(node, dict):
        out = {key: _refs(value, rename) for key, value in node.items()}
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            out["$ref"] = _SCHEMAS + rename(ref.removeprefix("#/$defs/"))
        return out
    if isinstance(node, list):
        return [_refs(value, rename) for value in node]
    return node


def _model(cls: Any) -> dict[str, Any]:
    """A message model's schema, its nested models referred to in ``components``.

    Every field is required: the server always sends each of them.
    """
    schema: dict[str, Any] = cls.model_json_schema(ref_template=_SCHEMAS + "{model}")
    schema.pop("$defs", None)
    schema["required"] = list(schema["properties"])
    return schema


def _typed_view(base: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """The view of one ruleset: its observation and standings typed, its ``ruleset`` fixed."""
    view = copy.deepcopy(base)
    view["title"] = f"View ({ruleset})"
    view["required"] = list(view["properties"])
    fields = view["properties"]
    fields["ruleset"] = {"type": "string", "const": ruleset, "title": "Ruleset"}
    fields["observation"] = {
        "$ref": _SCHEMAS + component(ruleset, "Observation"),
        "description": "The engine's observation for this seat.",
    }
    fields["standings"] = {
        "anyOf": [{"$ref": _SCHEMAS + component(ruleset, "Standings")}, {"type": "null"}],
        "description": "The final standings, once over.",
    }
    legal = fields["legal"]
    legal["items"] = {"$ref": _SCHEMAS + component(ruleset, "LegalAction")}
    legal["description"] = "This seat's legal actions, when it decides."
    return view


def _legal_action(ruleset: str) -> dict[str, Any]:
    """A legal action of one ruleset: its index within the ruleset's spaces."""
    rules = load_ruleset(ruleset)
    size = max(
        max(rules.num_actions(players), rules.num_outcomes(players))
        for players in rules.info.players
    )
    schema: dict[str, Any] = LegalAction.model_json_schema()
    schema["title"] = f"LegalAction ({ruleset})"
    schema["properties"]["text"]["description"] = f"The action in the {ruleset} ruleset's words."
    schema["properties"]["index"].update(
        minimum=0,
        maximum=size - 1,
        description=f"Its index in the {ruleset} ruleset's action space (at a chance node a "
        f"seat enters, its outcome space) for the game's player count.",
    )
    return schema


def _union(kind: str, rulesets: list[str], name: str, key: str | None) -> dict[str, Any]:
    """One of the rulesets' ``name`` schemas (told apart by ``key`` when given)."""
    refs = [{"$ref": _SCHEMAS + component(ruleset, name)} for ruleset in rulesets]
    schema: dict[str, Any] = {"title": name, "description": kind}
    if key is None:
        schema["anyOf"] = refs
    else:
        schema["oneOf"] = refs
        schema["discriminator"] = {
            "propertyName": key,
            "mapping": {ruleset: _SCHEMAS + component(ruleset, name) for ruleset in rulesets},
        }
    return schema


def typed_openapi(document: dict[str, Any], rulesets: Iterable[str]) -> dict[str, Any]:
    """The OpenAPI document with each ruleset's types in it; ``document`` is not changed.

    Args:
        document: The document FastAPI writes from the routes.
        rulesets: The installed rulesets' ids.

    Returns:
        A copy whose ``View`` is one of the rulesets' views (``oneOf``, told
        apart by ``ruleset``), each with its observation, legal actions and
        standings typed, and which holds the WebSocket's messages (``MoveMessage``, one of the
        rulesets' move messages, and ``ViewMessage``).

    Example:
        >>> bare = {"components": {"schemas": {"View": {"properties": {
        ...     "ruleset": {}, "observation": {}, "standings": {}, "legal": {}}}}}}
        >>> typed = typed_openapi(bare, ["classic"])
        >>> typed["components"]["schemas"]["View"]["oneOf"]
        [{'$ref': '#/components/schemas/classic.View'}]
        >>> typed["components"]["schemas"]["classic.View"]["properties"]["observation"]["$ref"]
        '#/components/schemas/classic.Observation'
    """
    out = copy.deepcopy(document)
    schemas: dict[str, Any] = out["components"]["schemas"]
    names = sorted(rulesets)
    base_view = schemas["View"]
    for ruleset in names:
        rename = functools.partial(component, ruleset)
        for name, schema in engine_schemas(ruleset).items():
            schemas[component(ruleset, name)] = _refs(schema, rename)
        schemas[component(ruleset, "View")] = _typed_view(base_view, ruleset)
        schemas[component(ruleset, "LegalAction")] = _legal_action(ruleset)
        item = _model(EventItem)
        item["title"] = f"EventItem ({ruleset})"
        item["properties"]["data"] = {"$ref": _SCHEMAS + component(ruleset, "Event")}
        schemas[component(ruleset, "EventItem")] = item
        move = _model(MoveMessage)
        move["title"] = f"MoveMessage ({ruleset})"
        move["properties"]["events"]["items"] = {"$ref": _SCHEMAS + component(ruleset, "EventItem")}
        schemas[component(ruleset, "MoveMessage")] = move
    schemas["View"] = _union(
        "What one seat, or a spectator (seat null), may see of a game as it stands: "
        "the view of the game's ruleset.",
        names,
        "View",
        "ruleset",
    )
    schemas["MoveMessage"] = _union(
        "A move as one viewer may see it (a WebSocket message of type move), its events "
        "those of the game's ruleset.",
        names,
        "MoveMessage",
        None,
    )
    schemas["ViewMessage"] = _model(ViewMessage)
    return out


def _draft7(node: Any) -> Any:
    """A copy of an OpenAPI 3.1 schema as AsyncAPI's schema format (JSON Schema draft 7) reads it.

    ``prefixItems`` becomes ``items`` as a list (what followed it,
    ``additionalItems``), and a discriminator names only its property.
    """
    if isinstance(node, list):
        return [_draft7(value) for value in node]
    if not isinstance(node, dict):
        return node
    out = {key: _draft7(value) for key, value in node.items()}
    if "prefixItems" in out:
        rest = out.pop("items", None)
        out["items"] = out.pop("prefixItems")
        if rest is not None:
            out["additionalItems"] = rest
    if isinstance(out.get("discriminator"), dict):
        out["discriminator"] = out["discriminator"]["propertyName"]
    return out


def asyncapi(openapi: dict[str, Any]) -> dict[str, Any]:
    """The AsyncAPI 3.0 document of the WebSocket, its schemas those of ``openapi``.

    Args:
        openapi: The server's OpenAPI document, as :func:`typed_openapi` makes it.

    Example:
        >>> bare = {"info": {"version": "1"}, "components": {"schemas": {}}}
        >>> document = asyncapi(bare)
        >>> document["asyncapi"], document["channels"]["game"]["address"]
        ('3.0.0', '/games/{game_id}/ws')
    """
    codes = "; ".join(f"{code}: {why}" for code, why in CLOSE_CODES.items())
    channel = "#/channels/game"
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "serenissima live games",
            "version": openapi["info"]["version"],
            "description": (
                "The WebSocket of a game held by serenissima serve: every move after a "
                "version as one viewer may see it, then the view, then each new move and "
                "view as they happen. Moves are made over HTTP (see the OpenAPI document, "
                "/openapi.json); the server reads no message from the client."
            ),
        },
        "defaultContentType": "application/json",
        "servers": {
            "server": {
                "host": "{host}",
                "protocol": "ws",
                "description": "A serenissima serve process (wss behind a TLS proxy).",
                "variables": {
                    "host": {
                        "default": "127.0.0.1:8000",
                        "description": "The server's host and port.",
                    }
                },
            }
        },
        "channels": {
            "game": {
                "address": "/games/{game_id}/ws",
                "title": "A game, live",
                "description": (
                    "Connect with ?since=V (the last version the client has; 0 to start) and, "
                    "for a seat, ?token=TOKEN (a spectator sends none). The server sends every "
                    "move after V, then the view, then each new move and view. A client that "
                    "reconnects with since set to the last version it received misses "
                    "nothing. A refused or ended connection is closed with one of these "
                    f"codes: {codes}."
                ),
                "parameters": {"game_id": {"description": "The game's id."}},
                "messages": {
                    "move": {"$ref": "#/components/messages/move"},
                    "view": {"$ref": "#/components/messages/view"},
                },
                "bindings": {
                    "ws": {
                        "method": "GET",
                        "query": {
                            "type": "object",
                            "properties": {
                                "token": {
                                    "type": "string",
                                    "description": "A joined seat's token; none for a spectator.",
                                },
                                "since": {
                                    "type": "integer",
                                    "minimum": 0,
                                    "default": 0,
                                    "description": "Send the moves after this version.",
                                },
                            },
                        },
                        "bindingVersion": "0.1.0",
                    }
                },
                "x-close-codes": {str(code): why for code, why in CLOSE_CODES.items()},
            }
        },
        "operations": {
            "sendMove": {
                "action": "send",
                "channel": {"$ref": channel},
                "summary": "A move, as this viewer may see it.",
                "messages": [{"$ref": f"{channel}/messages/move"}],
            },
            "sendView": {
                "action": "send",
                "channel": {"$ref": channel},
                "summary": "This viewer's view, after the moves it follows.",
                "messages": [{"$ref": f"{channel}/messages/view"}],
            },
        },
        "components": {
            "schemas": _draft7(openapi["components"]["schemas"]),
            "messages": {
                "move": {
                    "name": "move",
                    "title": "A move",
                    "summary": "A move as this viewer may see it (its action null when secret).",
                    "payload": {"$ref": _SCHEMAS + "MoveMessage"},
                },
                "view": {
                    "name": "view",
                    "title": "A view",
                    "summary": "This viewer's view of the game as it stands.",
                    "payload": {"$ref": _SCHEMAS + "ViewMessage"},
                },
            },
        },
    }
