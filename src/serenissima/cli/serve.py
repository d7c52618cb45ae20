"""``serenissima serve``: the game server, with its reference web page."""

from __future__ import annotations

import argparse
import copy
import logging
import re
from typing import Any, TextIO

from serenissima.engine.errors import ArgumentValueError

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
    parser.add_argument(
        "--actions-per-second",
        type=float,
        default=20.0,
        metavar="N",
        help="actions a seat may send a second before it is refused with 429 (default: 20)",
    )
    parser.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="how much the server logs (default: info)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Open the database and serve until interrupted."""
    try:
        import uvicorn

        from serenissima.server.app import create_app
    except ImportError as exc:
        raise ArgumentValueError(
            f"serve needs the server extra ({exc.name} is missing): "
            "pip install 'serenissima[server]'"
        ) from exc
    from serenissima.server import open_store

    if not 0 < args.port < 65536:
        raise ArgumentValueError(f"--port must be 1 to 65535, not {args.port}")
    store = open_store(args.database)
    app = create_app(store, poll=args.poll or None, actions_per_second=args.actions_per_second)
    print(f"serenissima: serving on http://{args.host}:{args.port}/play/", file=out, flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, log_config=_log_config()
    )
    return 0


def _log_config() -> dict[str, Any]:
    """Uvicorn's logging, with every line passed through :class:`HideTokens`."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("tokens")
    return config
