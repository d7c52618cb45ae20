"""The HTTP and WebSocket API of ``serenissima serve``, a FastAPI application.

:func:`create_app` builds the application over a store. Its routes:

- ``POST /games``, ``GET /games`` (the lobby), ``GET /games/{id}``;
- ``POST /games/{id}/seats/{seat}/join``: a person's seat, its token given once;
- ``GET /games/{id}/view``: the view of the seat whose token is sent as
  ``Authorization: Bearer TOKEN``, or a spectator's without one;
- ``POST /games/{id}/actions``: a seat's move, with the version it was chosen from;
- ``WS /games/{id}/ws?token=TOKEN&since=V``: every move after version ``V``
  as the viewer may see it, then the view, then each new move and view live;
- ``GET /rulesets``, ``/rulesets/{id}/board.svg``, ``/board.json`` and
  ``/schema.json`` (the JSON Schemas of the edition's values);
- ``/play/``: the reference web page.

Every refusal is a 4xx whose body names the error, says why, and gives the
rule an illegal action breaks; nothing is changed by a refused request.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
from collections.abc import AsyncIterator
from typing import Annotated, Any, Final

from fastapi import FastAPI, Header, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from serenissima.server._errors import BodyLimit, RefusedError, bearer, install
from serenissima.server._host import HostedGame, UnknownGameError
from serenissima.server._hub import Hub, RateLimiter
from serenissima.server._models import (
    ActionRequest,
    Created,
    CreateGame,
    ErrorBody,
    Joined,
    LobbyEntry,
    View,
)
from serenissima.server._publish import rulesets
from serenissima.server._store import Store
from serenissima.server._views import lobby_entry, move_message, view

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY: Final = 64 * 1024
"""The largest request body accepted, in bytes (413 beyond)."""

_Auth = Annotated[str | None, Header(description="Bearer TOKEN of a joined seat")]
"""The ``Authorization`` header: a seat's token, or none for a spectator."""

_WS_UNAUTHORIZED: Final = 4403
"""The WebSocket close code for a token that holds no seat of the game."""
_WS_UNKNOWN: Final = 4404
"""The WebSocket close code for an unknown game."""
_WS_BAD_VERSION: Final = 4422
"""The WebSocket close code for a ``since`` the game has not reached."""


async def _live(
    hub: Hub, websocket: WebSocket, game_id: str, token: str | None, since: int
) -> None:
    """Send the moves after ``since`` and the view, then each change as it comes."""
    await websocket.accept()
    try:
        game = await hub.game(game_id)
    except UnknownGameError as exc:
        await websocket.close(_WS_UNKNOWN, str(exc.args[0]))
        return
    seat = None if token is None else game.seat_of(token)
    if token is not None and seat is None:
        await websocket.close(_WS_UNAUTHORIZED, "this token holds no seat of this game")
        return
    if not 0 <= since <= game.version:
        await websocket.close(_WS_BAD_VERSION, f"since must be 0 to {game.version}")
        return
    queue = hub.listen(game_id)  # listening first: nothing made meanwhile is missed
    sent = since

    async def catch_up() -> None:
        nonlocal sent
        messages, sent = await hub.run(game_id, lambda g: _since(g, sent, seat))
        for message in messages:
            await websocket.send_json(message)

    async def closed() -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return

    watcher = asyncio.create_task(closed())
    try:
        await catch_up()
        while not watcher.done():
            change = asyncio.create_task(queue.get())
            await asyncio.wait({change, watcher}, return_when=asyncio.FIRST_COMPLETED)
            if not change.done():
                change.cancel()
                break
            while not queue.empty():
                queue.get_nowait()
            await catch_up()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        watcher.cancel()
        hub.leave(game_id, queue)


def _since(game: HostedGame, sent: int, seat: int | None) -> tuple[list[dict[str, Any]], int]:
    """The moves after ``sent`` as ``seat`` may see them, and its view; the version reached."""
    messages = [move_message(game, version, seat) for version in range(sent + 1, game.version + 1)]
    messages.append({"type": "view", "version": game.version, "view": view(game, seat)})
    return messages, game.version


def create_app(
    store: Store,
    *,
    poll: float | None = 1.0,
    actions_per_second: float = 20.0,
    burst: int = 40,
    max_body: int = MAX_BODY,
) -> FastAPI:
    """The server's application over ``store``.

    Args:
        store: Where games are kept (:func:`~serenissima.server.open_store`).
        poll: How often, in seconds, a game someone watches is read again
            from the store, for moves other server processes made (``None``: never).
        actions_per_second: How many actions a seat may send a second, on
            average, before it is refused with 429 (a flood).
        burst: How many it may send at once.
        max_body: The largest request body, in bytes.

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> app = create_app(open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db"))
        >>> sorted(app.openapi()["paths"])[:3]
        ['/games', '/games/{game_id}', '/games/{game_id}/actions']

    Serve it with uvicorn (``serenissima serve`` does), or run it as a child
    process with :class:`~serenissima.server.process.ServerProcess`.
    """
    hub = Hub(store, poll=poll)
    limiter = RateLimiter(actions_per_second, burst)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        await hub.close()

    app = FastAPI(
        title="serenissima",
        summary="Games of Serenissima held by a server: seats, secrets, moves and live events.",
        version=_version(),
        lifespan=lifespan,
        responses={"4XX": {"model": ErrorBody, "description": "Refused; nothing was changed."}},
    )
    app.state.hub = hub
    install(app)

    def seat_of(game: HostedGame, token: str | None) -> int | None:
        """The seat of a bearer token; ``None`` without one; 403 for a wrong one."""
        if token is None:
            return None
        seat = game.seat_of(token)
        if seat is None:
            raise RefusedError(403, "Forbidden", "this token holds no seat of this game")
        return seat

    @app.get("/", include_in_schema=False)
    async def home() -> RedirectResponse:
        return RedirectResponse("/play/")

    @app.post("/games", status_code=201)
    async def create_game(body: CreateGame) -> Created:
        """Create a game: chance and the seated bots make their first moves."""
        game = await hub.create(body.model_dump(exclude_none=True))
        return Created(id=game.id)

    @app.get("/games")
    async def list_games(
        limit: Annotated[int, Query(ge=1, le=200)] = 50, offset: Annotated[int, Query(ge=0)] = 0
    ) -> list[LobbyEntry]:
        """The lobby: the newest games first."""
        stored = sorted(store.games(), key=lambda g: g.created, reverse=True)
        entries = []
        for entry in stored[offset : offset + limit]:
            game = await hub.game(entry.id)
            entries.append(LobbyEntry(**lobby_entry(game)))
        return entries

    @app.get("/games/{game_id}")
    async def inspect_game(game_id: str) -> LobbyEntry:
        """One game of the lobby."""
        return LobbyEntry(**lobby_entry(await hub.game(game_id)))

    @app.post("/games/{game_id}/seats/{seat}/join", status_code=201)
    async def join(game_id: str, seat: int) -> Joined:
        """Claim a person's seat: its token is shown this once."""
        game = await hub.game(game_id)
        if not 0 <= seat < len(game.kinds):
            raise RefusedError(404, "UnknownSeat", f"seat {seat} is not in this game")
        token = await hub.run(game_id, lambda game: game.join(seat))
        hub.notify(game_id, game.version)  # the watchers' views now show the seat joined
        return Joined(seat=seat, token=token)

    # A view is built as the engine's JSON and sent as it is (its shape is View's, which
    # the OpenAPI document shows): validating it again through the model would only cost.

    @app.get("/games/{game_id}/view", response_model=View)
    async def get_view(game_id: str, authorization: _Auth = None) -> JSONResponse:
        """The view of the token's seat, or a spectator's without a token."""
        token = bearer(authorization)
        return JSONResponse(await hub.run(game_id, lambda g: view(g, seat_of(g, token))))

    @app.post("/games/{game_id}/actions", response_model=View)
    async def act(game_id: str, body: ActionRequest, authorization: _Auth = None) -> JSONResponse:
        """Play the token's seat's move; answers the seat's new view."""
        token = bearer(authorization)
        if token is None:
            raise RefusedError(401, "Unauthorized", "acting needs the seat's token")
        if not limiter.allow(f"{game_id}:{token}"):
            raise RefusedError(429, "TooManyRequests", "too many actions: wait a second")

        def play(game: HostedGame) -> dict[str, Any]:
            seat = seat_of(game, token)
            assert seat is not None
            game.act(seat, body.action, body.version)
            return view(game, seat)

        return JSONResponse(await hub.run(game_id, play))

    @app.websocket("/games/{game_id}/ws")
    async def live(
        websocket: WebSocket, game_id: str, token: str | None = None, since: int = 0
    ) -> None:
        """Every move after ``since`` as this viewer may see it, the view, then live."""
        await _live(hub, websocket, game_id, token, since)

    app.include_router(rulesets)
    page = importlib.resources.files("serenissima.server") / "static"
    app.mount("/play", StaticFiles(directory=str(page), html=True), name="play")
    app.add_middleware(BodyLimit, limit=max_body)
    return app


def _version() -> str:
    from serenissima import __version__

    return __version__
