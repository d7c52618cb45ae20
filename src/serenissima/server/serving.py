"""Serving the application with uvicorn, with the connection limits no route can set.

:func:`config` configures uvicorn to serve
:func:`~serenissima.server.app.create_app`'s application with what is
bounded before a request reaches it: the connections open at
once (503 beyond), the size of a request's head (the connection is refused
beyond four times ``Limits.max_headers``; the application answers 431 above
``max_headers``), the time a client may take to send that head
(:func:`head_timeout`: the connection is closed), the idle time of a
kept-alive connection, and the size of a WebSocket message from a client
(the server reads none: 4 KiB).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import h11
import uvicorn
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.h11_impl import H11Protocol

from serenissima.server._limits import Limits

__all__ = ["KEEP_ALIVE_SECONDS", "WS_MAX_MESSAGE", "config", "head_timeout"]

KEEP_ALIVE_SECONDS: Final = 5
"""How long an idle kept-alive HTTP connection stays open."""
WS_MAX_MESSAGE: Final = 4096
"""The largest WebSocket message a client may send (the server reads none); 1009 beyond."""

_LOG = logging.getLogger("serenissima.server")


def head_timeout(seconds: float) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol, closing a connection that takes over ``seconds`` to send a head.

    The clock runs from the connection's opening, and again from the first
    byte of each later request on a kept-alive connection, until the request
    line and headers are in: a client that dribbles its head byte by byte
    holds a connection for at most ``seconds``.

    Example:
        >>> protocol = head_timeout(2.0)
        >>> protocol.__name__, issubclass(protocol, asyncio.Protocol)
        ('HeadTimeout', True)
    """

    class HeadTimeout(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None
        _upgraded = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._awaiting_head():
                if self._head_timer is None:
                    self._arm()
            else:
                self._disarm()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._upgraded = True
            self._disarm()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _awaiting_head(self) -> bool:
            return not self._upgraded and self.conn.their_state is h11.IDLE

        def _arm(self) -> None:
            loop = asyncio.get_running_loop()
            self._head_timer = loop.call_later(seconds, self._expire)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _expire(self) -> None:
            self._head_timer = None
            if self._awaiting_head() and not self.transport.is_closing():
                _LOG.info("closed a connection whose request head took over %g s", seconds)
                self.transport.close()

    return HeadTimeout


def config(
    app: Any,
    *,
    host: str,
    port: int,
    limits: Limits,
    log_level: str = "info",
    log_config: dict[str, Any] | None = None,
    forwarded_allow_ips: str | None = None,
) -> uvicorn.Config:
    """Uvicorn's configuration for serving ``app`` within ``limits`` (see the module).

    Args:
        app: The application.
        host: The address to listen on.
        port: The port.
        limits: The server's limits.
        log_level: Uvicorn's log level.
        log_config: Uvicorn's logging configuration (default: its own).
        forwarded_allow_ips: The addresses of proxies trusted to name the client
            (``X-Forwarded-For``), whose address the per-address limits then count;
            ``None``: the connection's own address counts.

    Example:
        >>> import tempfile
        >>> from serenissima.server import open_store
        >>> from serenissima.server.app import create_app
        >>> app = create_app(open_store(f"sqlite:///{tempfile.mkdtemp()}/games.db"))
        >>> made = config(app, host="127.0.0.1", port=8000, limits=Limits(max_connections=50))
        >>> made.limit_concurrency, made.ws_max_size, made.h11_max_incomplete_event_size
        (50, 4096, 32768)
    """
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=head_timeout(limits.head_seconds),
        ws="websockets",
        ws_max_size=WS_MAX_MESSAGE,
        h11_max_incomplete_event_size=4 * limits.max_headers,
        limit_concurrency=limits.max_connections,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        log_level=log_level,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        log_config=LOGGING_CONFIG if log_config is None else log_config,
    )
