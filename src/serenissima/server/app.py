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
- ``GET /openapi.json`` and ``GET /asyncapi.json``: the contract, the HTTP API
  as OpenAPI 3.1 (each ruleset's values typed) and the WebSocket as AsyncAPI 3.0;
- ``/play/``: the reference web page.

Every refusal is a 4xx whose body names the error, says why, and gives the
rule an illegal action breaks; nothing is changed by a refused request. What
anyone may do is bounded (:class:`~serenissima.server.Limits`): bots think
off the request path within a cap, the lobby reads only the store's
summaries, and creations, actions and WebSockets are counted per address or
seat in tables of a bounded size.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import importlib.resources
from collections.abc import AsyncIterator
from typing import Annotated, Any, Final

from fastapi import FastAPI, Header, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from serenissima.engine.registry import available_rulesets
from serenissima.server._contract import asyncapi, typed_openapi
from serenissima.server._errors import Guard, RefusedError, bearer, install
from serenissima.server._host import HostedGame, UnknownGameError
from serenissima.server._hub import Hub
from serenissima.server._limits import Buckets, Limits
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
from serenissima.server._setup import check_budgets
from serenissima.server._store import Store
from serenissima.server._views import lobby_entry, move_message, view

__all__ = ["create_app"]

_Auth = Annotated[
    str | None, Header(description="Bearer TOKEN of a joined seat (or the creation token)")
]
"""The ``Authorization`` header: a seat's token, or none for a spectator."""

_GameId = Annotated[str, Path(max_length=64, description="The game's id.")]
"""A game's id in a path: at most 64 characters."""

# each close code is described in the AsyncAPI document (_contract.CLOSE_CODES)
_WS_UNAUTHORIZED: Final = 4403
"""The WebSocket close code for a token that holds no seat of the game."""
_WS_UNKNOWN: Final = 4404
"""The WebSocket close code for an unknown game."""
_WS_BAD_VERSION: Final = 4422
"""The WebSocket close code for a ``since`` the game has not reached."""
_WS_TOO_MANY: Final = 4429
"""The WebSocket close code for an address that holds its most WebSockets open already."""


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
    limits: Limits | None = None,
) -> FastAPI:
    """The server's application over ``store``.

    Args:
        store: Where games are kept (:func:`~serenissima.server.open_store`).
        poll: How often, in seconds, a game someone watches is read again
            from the store, for moves other server processes made (``None``: never).
        limits: What anyone may do, and how much (:class:`Limits`; default: its defaults).

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> app = create_app(open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db"))
        >>> sorted(app.openapi()["paths"])[:3]
        ['/games', '/games/{game_id}', '/games/{game_id}/actions']

    Serve it with uvicorn (``serenissima serve`` does, with the connection
    limits of :func:`~serenissima.server.serve`), or run it as a child process
    with :class:`~serenissima.server.process.ServerProcess`.
    """
    limits = limits or Limits()
    hub = Hub(store, poll=poll, limits=limits)
    actions = Buckets(limits.actions_per_second, limits.action_burst, keys=limits.keys)
    creations = Buckets(limits.games_per_minute / 60, limits.game_burst, keys=limits.keys)
    sockets: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        await asyncio.to_thread(app.openapi)  # made once, before any request waits for it
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
    app.state.limits = limits
    install(app)

    def seat_of(game: HostedGame, token: str | None) -> int | None:
        """The seat of a bearer token; ``None`` without one; 403 for a wrong one."""
        if token is None:
            return None
        seat = game.seat_of(token)
        if seat is None:
            raise RefusedError(403, "Forbidden", "this token holds no seat of this game")
        return seat

    def seat_in_store(game_id: str, token: str) -> int:
        """The seat a token holds, read from the store (the game is not loaded): 404, 403."""
        if store.game(game_id) is None:
            raise UnknownGameError(f"no game {game_id!r}")
        digest = hashlib.sha256(token.encode()).hexdigest()
        for seat, stored in store.tokens(game_id).items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise RefusedError(403, "Forbidden", "this token holds no seat of this game")

    @app.get("/", include_in_schema=False)
    async def home() -> RedirectResponse:
        return RedirectResponse("/play/")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> RedirectResponse:
        return RedirectResponse("/play/favicon.svg")

    @app.post("/games", status_code=201)
    async def create_game(
        body: CreateGame, request: Request, authorization: _Auth = None
    ) -> Created:
        """Create a game: chance makes its first moves, and a bot seat starts thinking."""
        if limits.create_token is not None:
            token = bearer(authorization)
            if token is None or not hmac.compare_digest(
                token.encode(), limits.create_token.encode()
            ):
                raise RefusedError(
                    401 if token is None else 403,
                    "Unauthorized" if token is None else "Forbidden",
                    "creating a game on this server needs its creation token (Bearer)",
                )
        if body.seed is not None and not limits.allow_seeded_games:
            raise RefusedError(
                403,
                "SeededGamesRefused",
                "this server draws every game's seed itself, so that nobody knows the dice "
                "in advance; leave seed out (or run the server with --allow-seeded-games)",
            )
        setup = body.model_dump(exclude_none=True)
        check_budgets(
            setup, max_seconds=limits.max_bot_seconds, max_iterations=limits.max_bot_iterations
        )
        wait = creations.take(_address(request.client))
        if wait:
            raise RefusedError(
                429,
                "TooManyRequests",
                f"this address may create {limits.games_per_minute:g} games a minute",
                retry_after=wait,
            )
        game = await hub.create(setup)
        return Created(id=game.id)

    @app.get("/games")
    async def list_games(
        limit: Annotated[int, Query(ge=1, le=200)] = 50, offset: Annotated[int, Query(ge=0)] = 0
    ) -> list[LobbyEntry]:
        """The lobby: the newest games first, from the store's summaries (no game is loaded)."""
        listed = await asyncio.to_thread(store.listing, limit, offset)
        return [LobbyEntry(**lobby_entry(entry)) for entry in listed]

    @app.get("/games/{game_id}")
    async def inspect_game(game_id: _GameId) -> LobbyEntry:
        """One game of the lobby."""
        listed = await asyncio.to_thread(store.listed, game_id)
        if listed is None:
            raise UnknownGameError(f"no game {game_id!r}")
        return LobbyEntry(**lobby_entry(listed))

    @app.post("/games/{game_id}/seats/{seat}/join", status_code=201)
    async def join(game_id: _GameId, seat: int) -> Joined:
        """Claim a person's seat: its token is shown this once."""
        stored = await asyncio.to_thread(store.game, game_id)
        if stored is None:
            raise UnknownGameError(f"no game {game_id!r}")
        if not 0 <= seat < len(stored.setup["seats"]):
            raise RefusedError(404, "UnknownSeat", f"seat {seat} is not in this game")
        token = await hub.run(game_id, lambda game: game.join(seat))
        hub.notify(game_id, (await hub.game(game_id)).version)  # the watchers see it joined
        return Joined(seat=seat, token=token)

    # A view is built as the engine's JSON and sent as it is (its shape is View's, which
    # the OpenAPI document shows): validating it again through the model would only cost.

    @app.get("/games/{game_id}/view", response_model=View)
    async def get_view(game_id: _GameId, authorization: _Auth = None) -> JSONResponse:
        """The view of the token's seat, or a spectator's without a token."""
        token = bearer(authorization)
        return JSONResponse(await hub.run(game_id, lambda g: view(g, seat_of(g, token))))

    @app.post("/games/{game_id}/actions", response_model=View)
    async def act(
        game_id: _GameId, body: ActionRequest, authorization: _Auth = None
    ) -> JSONResponse:
        """Play the token's seat's move; answers the seat's new view once the move is stored.

        A bot whose turn comes next thinks in the background: its move comes
        over the WebSocket, and in the next view.
        """
        token = bearer(authorization)
        if token is None:
            raise RefusedError(401, "Unauthorized", "acting needs the seat's token")
        seat = await asyncio.to_thread(seat_in_store, game_id, token)  # before any counting
        wait = actions.take(f"{game_id}:{seat}")
        if wait:
            raise RefusedError(
                429, "TooManyRequests", "too many actions: wait a second", retry_after=wait
            )

        def play(game: HostedGame) -> dict[str, Any]:
            game.act(seat, body.action, body.version)
            return view(game, seat)

        return JSONResponse(await hub.run(game_id, play))

    @app.websocket("/games/{game_id}/ws")
    async def live(
        websocket: WebSocket, game_id: str, token: str | None = None, since: int = 0
    ) -> None:
        """Every move after ``since`` as this viewer may see it, the view, then live."""
        address = _address(websocket.client)
        if sockets.get(address, 0) >= limits.sockets_per_client:
            await websocket.accept()
            await websocket.close(
                _WS_TOO_MANY,
                f"at most {limits.sockets_per_client} WebSockets an address: close one",
            )
            return
        sockets[address] = sockets.get(address, 0) + 1
        try:
            await _live(hub, websocket, game_id, token, since)
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    app.include_router(rulesets)

    def openapi() -> dict[str, Any]:
        """The OpenAPI document, each installed ruleset's values typed in it (made once)."""
        if app.openapi_schema is None:
            app.openapi_schema = typed_openapi(FastAPI.openapi(app), available_rulesets())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/asyncapi.json", include_in_schema=False)
    async def live_contract() -> dict[str, Any]:
        """The AsyncAPI 3.0 document of the WebSocket."""
        return asyncapi(app.openapi())

    page = importlib.resources.files("serenissima.server") / "static"
    app.mount("/play", StaticFiles(directory=str(page), html=True), name="play")
    app.add_middleware(
        Guard,
        max_body=limits.max_body,
        max_headers=limits.max_headers,
        body_seconds=limits.body_seconds,
    )
    return app


def _address(client: Any) -> str:
    """A client's address (``Address(host, port)`` from the server), or ``"unknown"``."""
    return str(client.host) if client is not None else "unknown"


def _version() -> str:
    from serenissima import __version__

    return __version__
