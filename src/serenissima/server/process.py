"""``serenissima serve`` as a child process: for integration tests, benchmarks and demos.

:class:`ServerProcess` starts the server on a free localhost port over a
database URL, waits until it answers, and stops it, gently or with
``kill -9`` (to show that no acknowledged move is lost). Restarting it over
the same database brings every game back.

Example:
    >>> import tempfile, urllib.request, json
    >>> with ServerProcess(f"sqlite:///{tempfile.mkdtemp()}/games.db") as server:
    ...     with urllib.request.urlopen(f"{server.url}/rulesets") as answer:
    ...         sorted(r["id"] for r in json.load(answer))[:2]
    ['classic', 'modern']
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

from serenissima.engine.errors import StateError

__all__ = ["ServerProcess", "free_port"]


def free_port() -> int:
    """A TCP port of localhost that nothing listens on now.

    Example:
        >>> 0 < free_port() < 65536
        True
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """One ``serenissima serve`` process on localhost (see the module's description).

    Args:
        database: The database URL (``sqlite:///FILE`` or ``postgresql://...``).
        port: The port (default: a free one, kept across restarts).
        log: A file for the server's output (default: discarded).
        extra: More command-line arguments of ``serve``.

    Example:
        >>> import tempfile, urllib.request
        >>> server = ServerProcess(f"sqlite:///{tempfile.mkdtemp()}/games.db")
        >>> server.start()
        >>> server.kill()  # as a crash would
        >>> server.start()  # the same port and database: every game comes back
        >>> urllib.request.urlopen(f"{server.url}/games").status
        200
        >>> server.stop()
    """

    def __init__(
        self,
        database: str,
        *,
        port: int | None = None,
        log: Path | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        self.database = database
        self.port = port or free_port()
        self.log = log
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL, such as ``http://127.0.0.1:8000``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        """Start the server and wait until it answers.

        Raises:
            StateError: It exited, or did not answer within ``timeout`` seconds.
        """
        command = [
            sys.executable, "-m", "serenissima", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--database", self.database, "--log-level", "warning",
            *self.extra,
        ]  # fmt: skip
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if self.log is None:
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, env=env
            )
        else:
            with self.log.open("ab") as output:  # the child keeps its own copy of the file
                self.process = subprocess.Popen(command, stdout=output, stderr=output, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise StateError(f"the server exited with status {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/rulesets", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.stop()
        raise StateError(f"the server did not answer within {timeout} s")

    def kill(self) -> None:
        """Kill the server at once (``SIGKILL``): nothing is flushed or closed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """Stop the server gently (``SIGINT``), or kill it if it will not stop."""
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
