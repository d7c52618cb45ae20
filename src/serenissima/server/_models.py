"""The request and response bodies of the HTTP API, as pydantic models (they make the OpenAPI).

The engine's own values inside a view (an observation, the standings, an
event's data) are JSON objects written by the edition's converter; their
JSON Schemas (:func:`~serenissima.records.schema.json_schema`) are served at
``/rulesets/{ruleset}/schema.json`` and embedded, one set per ruleset, in the
OpenAPI and AsyncAPI documents (:mod:`serenissima.server._contract`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ActionRequest",
    "CreateGame",
    "Created",
    "Decision",
    "ErrorBody",
    "EventItem",
    "Joined",
    "LegalAction",
    "LobbyEntry",
    "MoveMessage",
    "SeatInfo",
    "SeatSpec",
    "View",
    "ViewMessage",
]


class _Strict(BaseModel):
    """A request body: no unknown field, and no value of another type taken for one of its own.

    In strict mode ``"2"`` is not a number, ``true`` not a version and ``2.0``
    not a count: each is refused with 422 rather than coerced.
    """

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatSpec(_Strict):
    """Who plays a seat: ``human`` (a person, who joins it), or a bot kind."""

    kind: str = Field(examples=["human", "random", "greedy", "ismcts:200"], max_length=40)


class CreateGame(_Strict):
    """A new game's set-up."""

    ruleset: str = Field(examples=["classic"], max_length=80)
    players: int | None = Field(default=None, description="Default: the most the ruleset allows.")
    options: dict[str, Any] = Field(default_factory=dict, description="Rule options by name.")
    seats: list[SeatSpec] | None = Field(
        default=None, max_length=8, description="One per seat; default: every seat a person's."
    )
    seed: int | None = Field(
        default=None,
        description="Seeds the dice and the bots; refused unless the server allows seeded "
        "games (the game is then marked seeded). Default: drawn by the server. Never shown.",
    )
    chance_by: int | None = Field(
        default=None,
        description="A person's seat that enters every chance outcome (physical dice); "
        "default: the server rolls.",
    )


class Created(BaseModel):
    """The id of a new game."""

    id: str


class Joined(BaseModel):
    """A seat's secret token: shown once, needed to see the seat's view and to act for it."""

    seat: int
    token: str


class ActionRequest(_Strict):
    """A seat's move, in its text form, with the version of the view it was chosen from."""

    action: str = Field(examples=["bid 300"], max_length=400)
    version: int = Field(ge=0)


class SeatInfo(BaseModel):
    """A seat: who plays it, and whether a person has joined it (bots always have)."""

    seat: int
    kind: str
    joined: bool


class Decision(BaseModel):
    """The decision point: who decides, what kind of decision, the rule that gives it."""

    actor: int = Field(
        description="A seat, or -2 once the game is over; -1 (chance) only where a seat "
        "enters the dice (chance_by): otherwise the server rolls before anyone looks."
    )
    kind: str
    rule_id: str
    prompt: str


class LegalAction(BaseModel):
    """A legal action: its text form (what to send) and its index in the ruleset's space."""

    text: str
    label: str = Field(description="The action in plain English, for people.")
    index: int
    probability: str | None = Field(
        default=None, description="At a chance node entered by a seat: the outcome's odds, p/q."
    )


class View(BaseModel):
    """What one seat, or a spectator (``seat`` null), may see of a game as it stands."""

    game: str
    ruleset: str
    version: int = Field(
        description="Moves made so far, the server's dice and the bots' included (so a "
        "game's first view need not be at 0); send it back with an action."
    )
    seat: int | None
    to_act: int = Field(
        description="A seat, or -2 once the game is over; -1 (chance) only where a seat "
        "enters the dice (chance_by): otherwise the server rolls before anyone looks."
    )
    waiting_for: int | None = Field(description="The person's seat whose move the game awaits.")
    over: bool
    decision: Decision
    observation: dict[str, Any] = Field(
        description="The engine's observation for this seat (schema: /rulesets/{id}/schema.json)."
    )
    text: str = Field(description="The state drawn as text, as this seat sees it.")
    legal: list[LegalAction] = Field(description="This seat's legal actions, when it decides.")
    standings: dict[str, Any] | None = Field(description="The final standings, once over.")
    seats: list[SeatInfo]
    seeded: bool = Field(
        description="Whether a client chose the seed, and so may know the dice in advance."
    )


class EventItem(BaseModel):
    """Something that happened: a sentence, and the event's JSON."""

    text: str
    data: dict[str, Any]


class MoveMessage(BaseModel):
    """A move as one viewer may see it (a WebSocket message of type ``move``)."""

    type: Literal["move"] = "move"
    version: int = Field(description="The version this move made.")
    actor: int
    action: str | None = Field(description="The text form; null when secret from this viewer.")
    hidden: bool
    events: list[EventItem]


class ViewMessage(BaseModel):
    """A viewer's view as it stands (a WebSocket message of type ``view``)."""

    type: Literal["view"] = "view"
    version: int = Field(description="The version the view shows.")
    view: View


class LobbyEntry(BaseModel):
    """A game in the lobby."""

    id: str
    ruleset: str
    players: int
    options: dict[str, Any]
    chance_by: int | None
    seats: list[SeatInfo]
    version: int
    to_act: int
    waiting_for: int | None
    over: bool
    status: str = Field(
        description="person (a person's move is awaited), owed (a bot or the server's dice "
        "move next) or over."
    )
    seeded: bool = Field(
        description="Whether a client chose the seed, and so may know the dice in advance."
    )
    created: str = Field(description="When the game was created (ISO 8601, UTC).")


class ErrorBody(BaseModel):
    """Why a request was refused; nothing was changed."""

    error: str = Field(description="The error's type, such as IllegalActionError.")
    message: str
    rule_id: str | None = Field(default=None, description="The rule an illegal action breaks.")
    detail: list[dict[str, Any]] | None = Field(
        default=None, description="For a malformed body: each problem found."
    )
