"""``serenissima serve``: the game server, with its reference web page."""

from __future__ import annotations

import argparse
import copy
import logging
import os
import re
from typing import Any, Final, TextIO

from serenissima.engine.errors import ArgumentValueError
from serenissima.server._limits import Limits

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class HideTokens(logging.Filter):
    """Write ``token=***`` in the server's log lines: a seat's token in a URL is a secret.

    Example:
        >>> record = logging.LogRecord("uvicorn", 20, "", 0, "%s", ("/ws?token=abc&since=2",), None)
        >>> HideTokens().filter(record), record.args
        (True, ('/ws?token=***&since=2',))
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Hide the tokens of ``record``; keep the record."""
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1***", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1***", record.msg)
        return True


DEFAULT_DATABASE = "sqlite:///serenissima.db"
"""Where games are kept unless ``--database`` says otherwise: a file in the working folder."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser."""
    parser = commands.add_parser(
        "serve",
        help="hold games for front ends over HTTP and WebSocket",
        description="Start the game server: an HTTP and WebSocket API (its OpenAPI schema at "
        "/openapi.json, its documentation at /docs) and a web page that plays a game at "
        "/play/. Every move is committed to the database before it is acknowledged, so a "
        "server stopped at any moment resumes every game at its last acknowledged move. "
        "Needs the server extra: pip install 'serenissima[server]'.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        metavar="URL",
        help=f"sqlite:///FILE or postgresql://USER@HOST:PORT/DB (default: {DEFAULT_DATABASE})",
    )
    parser.add_argument(
        "--poll",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how often a watched game is read again for moves other server processes made "
        "(0: never; default: 1)",
    )
    limits = parser.add_argument_group(
        "limits", "what anyone may do, and how much (the documentation's server page lists them)"
    )
    for flag, kind, default, text in _LIMITS:
        limits.add_argument(flag, type=kind, default=default, metavar="N", help=text)
    limits.add_argument(
        "--create-token",
        metavar="SECRET",
        default=os.environ.get("SERENISSIMA_CREATE_TOKEN"),
        help="a secret that creating a game needs (Authorization: Bearer SECRET), for a "
        "public server; also read from SERENISSIMA_CREATE_TOKEN (default: anyone may create)",
    )
    limits.add_argument(
        "--allow-seeded-games",
        action="store_true",
        help="let clients give a game's seed (such games are marked seeded); by default the "
        "server draws every seed itself and refuses a given one with 403",
    )
    limits.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="proxies trusted to name the client in X-Forwarded-For, whose address the "
        "per-address limits then count (comma-separated, or *)",
    )
    parser.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="how much the server logs (default: info)",
    )
    parser.set_defaults(run=run)


_DEFAULTS = Limits()

_LIMITS: Final[tuple[tuple[str, type, float | int, str], ...]] = (
    ("--max-bot-seconds", float, _DEFAULTS.max_bot_seconds,
     "the longest a bot thinks a decision; a set-up asking more is refused (default: %(default)s)"),
    ("--max-bot-iterations", int, _DEFAULTS.max_bot_iterations,
     "the most iterations a search bot takes a decision (default: %(default)s)"),
    ("--bot-workers", int, _DEFAULTS.bot_workers,
     "processes in which the bots think (default: %(default)s)"),
    ("--games-in-memory", int, _DEFAULTS.games_in_memory,
     "games kept in memory; the idle ones are read again from the database (default: %(default)s)"),
    ("--actions-per-second", float, _DEFAULTS.actions_per_second,
     "actions a seat may send a second before 429 (default: %(default)s)"),
    ("--action-burst", int, _DEFAULTS.action_burst,
     "actions a seat may send at once (default: %(default)s)"),
    ("--games-per-minute", float, _DEFAULTS.games_per_minute,
     "games an address may create a minute before 429 (default: %(default)s)"),
    ("--game-burst", int, _DEFAULTS.game_burst,
     "games an address may create at once (default: %(default)s)"),
    ("--sockets-per-client", int, _DEFAULTS.sockets_per_client,
     "WebSockets an address may hold open; close code 4429 beyond (default: %(default)s)"),
    ("--max-connections", int, _DEFAULTS.max_connections,
     "connections open at once; 503 beyond (default: %(default)s)"),
    ("--max-body", int, _DEFAULTS.max_body,
     "the largest request body in bytes; 413 beyond (default: %(default)s)"),
    ("--max-headers", int, _DEFAULTS.max_headers,
     "the most bytes of request headers; 431 beyond (default: %(default)s)"),
    ("--body-seconds", float, _DEFAULTS.body_seconds,
     "how long a request's body may take to arrive; 408 beyond (default: %(default)s)"),
    ("--head-seconds", float, _DEFAULTS.head_seconds,
     "how long a request's line and headers may take to arrive (default: %(default)s)"),
)  # fmt: skip
"""The limits ``serve`` takes as options: flag, type, default, help."""


def limits_of(args: argparse.Namespace) -> Limits:
    """The :class:`Limits` the options give (``ArgumentValueError`` for a bad one)."""
    given = {flag[2:].replace("-", "_"): getattr(args, flag[2:].replace("-", "_"))
             for flag, *_ in _LIMITS}  # fmt: skip
    return Limits(
        **given,
        create_token=args.create_token or None,
        allow_seeded_games=args.allow_seeded_games,
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Open the database and serve until interrupted."""
    try:
        import uvicorn

        from serenissima.server.app import create_app
        from serenissima.server.serving import config
    except ImportError as exc:
        raise ArgumentValueError(
            f"serve needs the server extra ({exc.name} is missing): "
            "pip install 'serenissima[server]'"
        ) from exc
    from serenissima.server import open_store

    if not 0 < args.port < 65536:
        raise ArgumentValueError(f"--port must be 1 to 65535, not {args.port}")
    limits = limits_of(args)
    store = open_store(args.database)
    app = create_app(store, poll=args.poll or None, limits=limits)
    print(f"serenissima: serving on http://{args.host}:{args.port}/play/", file=out, flush=True)
    served = config(
        app,
        host=args.host,
        port=args.port,
        limits=limits,
        log_level=args.log_level,
        log_config=_log_config(),
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    uvicorn.Server(served).run()
    return 0


def _log_config() -> dict[str, Any]:
    """Uvicorn's logging, with every line passed through :class:`HideTokens`."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("tokens")
    return config
