"""Why the server refuses a request: one error body, one status per kind of error.

Every refusal answers ``{"error", "message", "rule_id", "detail"}``
(:class:`~serenissima.server._models.ErrorBody`) with a 4xx status and
changes nothing: the engine's typed errors by their kind, a request refused
before it reaches a game (:class:`RefusedError`: no token, a wrong one, a
flood), a request too large or too slow (:class:`Guard`), and a body that
is not what the route expects.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from serenissima.engine.errors import (
    ActionParseError,
    ArgumentTypeError,
    ArgumentValueError,
    IllegalActionError,
    OptionError,
    SerenissimaError,
)
from serenissima.server._host import OutOfTurnError, SeatError, UnknownGameError
from serenissima.server._models import ErrorBody
from serenissima.server._setup import BotBudgetError
from serenissima.server._store import VersionConflictError

__all__ = ["Guard", "RefusedError", "bearer", "install"]

_STATUS: Final[tuple[tuple[type[Exception], int], ...]] = (
    (UnknownGameError, 404),
    (VersionConflictError, 409),
    (SeatError, 409),
    (OutOfTurnError, 422),
    (BotBudgetError, 422),
    (IllegalActionError, 422),
    (ActionParseError, 422),
    (OptionError, 422),
    (ArgumentTypeError, 422),
    (ArgumentValueError, 422),
)


class RefusedError(Exception):
    """A request refused before it reaches a game: a token missing or wrong, a flood.

    Args:
        status: The HTTP status.
        error: The error's name in the body.
        message: Why.
        retry_after: For a 429, the seconds after which to try again (``Retry-After``).
    """

    def __init__(self, status: int, error: str, message: str, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.retry_after = retry_after


def _body(error: str, message: str, **more: Any) -> dict[str, Any]:
    return ErrorBody(error=error, message=message, **more).model_dump()


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header; ``None`` without one; 401 else."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RefusedError(401, "Unauthorized", "send the seat's token as 'Bearer TOKEN'")
    return token.strip()


def install(app: FastAPI) -> None:
    """Answer every refusal of ``app`` with its status and the error body."""

    @app.exception_handler(SerenissimaError)
    async def refused_by_engine(_: Request, exc: SerenissimaError) -> JSONResponse:
        status = next((code for cls, code in _STATUS if isinstance(exc, cls)), 400)
        rule = exc.rule_id if isinstance(exc, IllegalActionError) else None
        text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
        return JSONResponse(_body(type(exc).__name__, text, rule_id=rule), status_code=status)

    @app.exception_handler(RefusedError)
    async def refused(_: Request, exc: RefusedError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        if exc.status == 429:
            headers = {"Retry-After": str(max(1, math.ceil(exc.retry_after)))}
        return JSONResponse(_body(exc.error, str(exc)), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()
        ]
        first = problems[0] if problems else {"loc": [], "msg": "malformed request"}
        where = ".".join(str(part) for part in first["loc"])
        message = f"malformed request: {where}: {first['msg']}"
        body = _body("MalformedRequest", message, detail=problems)
        return JSONResponse(body, status_code=422)


class Guard:
    """Refuse a request whose headers or body are too large, or whose body comes too slowly.

    Before the route sees it: headers over ``max_headers`` bytes are refused
    with 431, a body over ``max_body`` bytes with 413 (on its declared length,
    or counted as it comes), and a body not received whole within
    ``body_seconds`` with 408. The body is read here and handed on whole.
    """

    def __init__(
        self, app: ASGIApp, *, max_body: int, max_headers: int, body_seconds: float
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.max_headers = max_headers
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers", ())
        size = sum(len(name) + len(value) + 4 for name, value in headers)
        size += len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        if size > self.max_headers:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1009, "reason": "headers too large"})
                return
            message = f"request headers are at most {self.max_headers} bytes"
            await _refuse(431, "RequestHeaderFieldsTooLarge", message, scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        declared = dict(headers).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            await self._too_large(scope, receive, send)
            return
        try:
            async with asyncio.timeout(self.body_seconds):
                body = await self._body(receive)
        except TimeoutError:
            message = f"the request's body did not arrive within {self.body_seconds:g} s"
            await _refuse(408, "RequestTimeout", message, scope, receive, send)
            return
        if body is None:
            await self._too_large(scope, receive, send)
            return
        whole: list[Message] = [{"type": "http.request", "body": body}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)

    async def _body(self, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` once it passes the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_body:
                return None
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"bodies are at most {self.max_body} bytes"
        await _refuse(413, "PayloadTooLarge", message, scope, receive, send)


async def _refuse(
    status: int, error: str, message: str, scope: Scope, receive: Receive, send: Send
) -> None:
    headers = {"Connection": "close"} if status in (408, 431) else None
    response = JSONResponse(_body(error, message), status_code=status, headers=headers)
    await response(scope, receive, send)
