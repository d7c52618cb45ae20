"""Tasks as Ray tasks: on a local Ray instance started for the run, or on a running cluster.

Ray is an extra (``pip install 'serenissima[ray]'``), imported only when this
backend is used. :class:`RayWorkers` connects when it is made and runs the
chunks of a :class:`~serenissima.analysis.run.runner.Runner` as Ray tasks of one
CPU each:

- without an address it starts a local instance of ``jobs`` CPUs, with no
  dashboard, quiet logs and its services on the loopback address, and stops
  it when closed;
- with an address it first checks that something answers there (at most
  :data:`CONNECT_SECONDS`), then connects (at most :data:`INIT_SECONDS`), so
  that a wrong address is a one-line error before any task; closing
  disconnects and leaves the cluster running;
- when this process is already connected to Ray (a program that called
  ``ray.init`` itself), it uses that connection and leaves it open.

Every node of a cluster runs the tasks with the serenissima it has installed,
so each needs the same version (``pip install 'serenissima[ray]'``), and a
ruleset loaded from a folder needs that folder at the same path on every node.
"""

from __future__ import annotations

import importlib
import logging
import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

from serenissima.analysis.run._work import Chunks, default_jobs, run_chunk
from serenissima.engine.errors import ArgumentValueError

__all__ = ["CONNECT_SECONDS", "INIT_SECONDS", "RayWorkers", "check_address"]

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS: Final = 5.0
"""How long to wait for an answer at a cluster's address before calling it unreachable."""

INIT_SECONDS: Final = 60.0
"""How long to wait for Ray to connect to a cluster that answers."""

_LOOPBACK: Final = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""Ray's switch that keeps a local instance on the loopback address when set to 0."""


def check_address(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """Raise unless something answers at a Ray address (``auto`` is left to Ray).

    Args:
        address: ``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``.
        timeout: The seconds to wait for an answer.

    Raises:
        ArgumentValueError: An address of another form, or nothing answers.

    Example:
        >>> import socket
        >>> from serenissima.analysis.run.ray_backend import check_address
        >>> with socket.socket() as unused:  # a port of this machine where nothing listens
        ...     _ = unused.bind(("127.0.0.1", 0))
        ...     port = unused.getsockname()[1]
        >>> check_address(f"127.0.0.1:{port}")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentValueError: no Ray cluster answers at 127.0.0.1:...
    """
    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ArgumentValueError(
            f"expected a Ray address HOST:PORT, ray://HOST:PORT or auto, got {address!r}"
        )
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        reason = f"no answer within {timeout:g} s" if isinstance(exc, TimeoutError) else None
        reason = reason or exc.strerror or str(exc) or type(exc).__name__
        raise ArgumentValueError(f"no Ray cluster answers at {address} ({reason})") from None


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ArgumentValueError(
            "the ray backend needs Ray: pip install 'serenissima[ray]'"
        ) from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


class RayWorkers:
    """A connection to Ray that runs chunks of tasks; close it when done.

    Args:
        address: A running cluster's address, or ``None`` to start a local instance.
        jobs: The CPUs of a local instance, or the most tasks run at once on a
            cluster; ``None`` for every core of this machine (local) or every
            CPU of the cluster.

    Raises:
        ArgumentValueError: Ray is not installed, or the cluster does not answer.

    Example:
        >>> import socket
        >>> from serenissima.analysis.run.ray_backend import RayWorkers
        >>> with socket.socket() as unused:  # a port of this machine where nothing listens
        ...     _ = unused.bind(("127.0.0.1", 0))
        ...     port = unused.getsockname()[1]
        >>> RayWorkers(f"127.0.0.1:{port}", jobs=None)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentValueError: no Ray cluster answers at 127.0.0.1:...
    """

    def __init__(self, address: str | None, jobs: int | None) -> None:
        self._jobs = jobs
        self._owned = False
        if address is not None:
            check_address(address)
        self._ray = self._connect(address)

    def _connect(self, address: str | None) -> Any:
        if address is None:
            # before Ray is imported: the switch is read once, at import
            saved = os.environ.get(_LOOPBACK)
            os.environ.setdefault(_LOOPBACK, "0")
            try:
                ray = _import_ray()
            finally:
                if saved is None:
                    os.environ.pop(_LOOPBACK, None)
        else:
            ray = _import_ray()
        if ray.is_initialized():
            return ray
        quiet = {"logging_level": logging.ERROR, "log_to_driver": False}
        if address is None:
            ray.init(
                address="local",
                num_cpus=self._jobs or default_jobs(),
                include_dashboard=False,
                **quiet,
            )
        else:
            self._init_within(ray, address, quiet)
        self._owned = True
        return ray

    @staticmethod
    def _init_within(ray: Any, address: str, options: dict[str, Any]) -> None:
        """``ray.init(address)``, given up after :data:`INIT_SECONDS` (Ray itself retries long)."""
        failure: list[BaseException] = []

        def connect() -> None:
            try:
                ray.init(address=address, **options)
            except Exception as exc:
                failure.append(exc)

        thread = threading.Thread(target=connect, name="ray-connect", daemon=True)
        thread.start()
        thread.join(INIT_SECONDS)
        if thread.is_alive():
            raise ArgumentValueError(
                f"the Ray cluster at {address} did not answer within {INIT_SECONDS:g} s"
            )
        if failure:
            raise ArgumentValueError(
                f"cannot connect to the Ray cluster at {address}: {_first_line(failure[0])}"
            ) from None

    def close(self) -> None:
        """Stop the local instance started for the run, or disconnect from the cluster."""
        if self._owned:
            self._owned = False
            self._ray.shutdown()

    def map(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Yield ``(position, function(items[position]))`` as each Ray task finishes.

        Args:
            function: A top-level function, importable on every node.
            items: Its arguments.

        Yields:
            Each item's position and result, in the order they finish.

        Raises:
            Exception: What the function raised for an item (unwrapped from
                Ray's task error), which gives up the tasks under way.
        """
        ray = self._ray
        parallel = self._jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        chunks = Chunks(len(items), parallel)
        pending: dict[Any, range] = {}
        try:
            while chunks or pending:
                while chunks and len(pending) < 2 * parallel:
                    positions = chunks.take()
                    chunk = [items[p] for p in positions]
                    pending[remote.remote(function, chunk)] = positions
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    positions = pending.pop(ref)
                    results, seconds = self._get(ref)
                    chunks.timed(len(positions), seconds)
                    yield from zip(positions, results, strict=True)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def _get(self, ref: Any) -> tuple[list[Any], float]:
        """A task's result; its error as the function raised it, not wrapped by Ray."""
        try:
            result: tuple[list[Any], float] = self._ray.get(ref)
        except self._ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, BaseException):
                raise cause from None
            raise
        return result
