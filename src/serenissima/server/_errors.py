"""Why the server refuses a request: one error body, one status per kind of error.

Every refusal answers ``{"error", "message", "rule_id", "detail"}``
(:class:`~serenissima.server._models.ErrorBody`) with a 4xx status and
changes nothing: the engine's typed errors by their kind, a request refused
before it reaches a game (:class:`RefusedError`: no token, a wrong one, a
flood), a body too large (:class:`BodyLimit`), and a body that is not what
the route expects.
"""

from __future__ import annotations

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
from serenissima.server._store import VersionConflictError

__all__ = ["BodyLimit", "RefusedError", "bearer", "install"]

_STATUS: Final[tuple[tuple[type[Exception], int], ...]] = (
    (UnknownGameError, 404),
    (VersionConflictError, 409),
    (SeatError, 409),
    (OutOfTurnError, 422),
    (IllegalActionError, 422),
    (ActionParseError, 422),
    (OptionError, 422),
    (ArgumentTypeError, 422),
    (ArgumentValueError, 422),
)


class RefusedError(Exception):
    """A request refused before it reaches a game: a token missing or wrong, a flood."""

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.error = error


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
        headers = {"Retry-After": "1"} if exc.status == 429 else headers
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


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413, before the route reads it.

    A body whose length is declared is refused on that length; one streamed
    without it is read here, up to the limit, and handed on whole.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and declared.isdigit():
            if int(declared) > self.limit:
                await self._refuse(scope, receive, send)
            else:
                await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks)}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"bodies are at most {self.limit} bytes"
        response = JSONResponse(_body("PayloadTooLarge", message), status_code=413)
        await response(scope, receive, send)
