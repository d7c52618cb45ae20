"""Many independent tasks, run in this process, in worker processes or on a Ray cluster.

A task is a top-level function and one picklable argument: the function is
sent by reference (its module and name), so every worker must be able to
import it. :class:`Workers` says where the tasks run and on how many cores;
:class:`Runner` runs them, and :meth:`Runner.map` yields each result with
the position of its argument as soon as it is ready, so that a progress bar
moves and a journal grows while the rest run. Results arrive in any order:
collect them by position.

Backends:
    ``local`` calls the function in this process, one argument after the
    other, in order. ``processes`` runs it in ``jobs`` worker processes of
    this machine (:class:`concurrent.futures.ProcessPoolExecutor`, started by
    a fork server where the system has one). ``ray`` runs it as Ray tasks, on
    a local Ray instance started for the run or on a running cluster (see
    :mod:`serenissima.analysis.run.ray_backend`).

Chunks:
    The worker backends send arguments in chunks, whose size the runner
    adapts to the time a chunk takes (about a quarter of a second), so that
    a task of a few milliseconds does not pay for a round trip of its own
    and a task of a second still shows its progress.

Example:
    >>> from serenissima.analysis.run.runner import Runner, Workers
    >>> with Runner(Workers()) as runner:
    ...     sorted(runner.map(abs, [-2, 3, -5]))
    [(0, 2), (1, 3), (2, 5)]
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import TracebackType
from typing import Any, Final, Literal, TypeVar, get_args

import attrs

from serenissima.analysis.run._work import Chunks, default_jobs, run_chunk, start_worker
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

__all__ = ["BACKENDS", "Backend", "Progress", "Runner", "Workers", "default_jobs", "in_order"]

T = TypeVar("T")
R = TypeVar("R")

Backend = Literal["local", "processes", "ray"]
"""Where tasks run: in this process, in worker processes, or on Ray."""

BACKENDS: Final[tuple[str, ...]] = get_args(Backend)
"""The names of the backends."""

Progress = Callable[[int, int], None]
"""A callback told ``(games done, games in all)``: once before the first game
(with the games a journal already holds, or 0), then after each finished game."""


@attrs.frozen
class Workers:
    """Where tasks run, and on how many cores.

    Attributes:
        backend: ``"local"``, ``"processes"`` or ``"ray"`` (see above).
        jobs: Worker processes (``processes``), the CPUs of a local Ray
            instance, or the most tasks run at once on a Ray cluster;
            ``None`` for every core this process may use (on a cluster: every
            CPU of the cluster). Always 1 for ``local``.
        address: With ``ray``, the address of a running cluster (``HOST:PORT``
            of its head, ``auto`` or ``ray://HOST:PORT``); ``None`` starts a
            local instance for the run.

    Raises:
        ArgumentValueError: An unknown backend, fewer than one job, several
            jobs in this process, or an address without the ``ray`` backend.

    Example:
        >>> from serenissima.analysis.run.runner import Workers
        >>> Workers("processes", jobs=2)
        Workers(backend='processes', jobs=2, address=None)
        >>> Workers("local", jobs=3)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentValueError: the local backend runs one task at a time...
    """

    backend: str = "local"
    jobs: int | None = 1
    address: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise ArgumentValueError(
                f"unknown backend {self.backend!r}; expected one of {', '.join(BACKENDS)}"
            )
        if self.jobs is not None:
            if not isinstance(self.jobs, int) or isinstance(self.jobs, bool):
                raise ArgumentTypeError("jobs", "a whole number or None", self.jobs)
            if self.jobs < 1:
                raise ArgumentValueError(f"expected at least 1 job, got {self.jobs}")
        if self.backend == "local" and self.jobs != 1:
            raise ArgumentValueError(
                "the local backend runs one task at a time; use --jobs 1, or the processes "
                f"or ray backend for {self.jobs or 'several'} jobs"
            )
        if self.address is not None and self.backend != "ray":
            raise ArgumentValueError("--address goes with --backend ray")

    @classmethod
    def choose(
        cls, jobs: int | None = None, backend: str | None = None, address: str | None = None
    ) -> Workers:
        """Return the workers a command asks for, with the defaults filled in.

        Args:
            jobs: How many at once; ``None`` for every core (or every CPU of a cluster).
            backend: ``None`` runs in this process for one job (or on a machine
                of one core), else in worker processes.
            address: A Ray cluster's address (with the ``ray`` backend only).

        Returns:
            The workers.

        Example:
            >>> from serenissima.analysis.run.runner import Workers
            >>> Workers.choose(jobs=1), Workers.choose(jobs=4).backend
            (Workers(backend='local', jobs=1, address=None), 'processes')
        """
        if jobs is None and backend == "local":
            jobs = 1
        if jobs is None and not (backend == "ray" and address is not None):
            jobs = default_jobs()
        if backend is None:
            backend = "local" if jobs == 1 else "processes"
        return cls(backend, jobs, address)


def _context(module: str) -> Any:
    """A fork server that has imported ``module``, or fresh interpreters where there is none."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([module])
        return context
    return multiprocessing.get_context("spawn")


class Runner:
    """Runs tasks on :class:`Workers`; a context manager that starts and stops them.

    Entering starts what the backend needs (a pool of processes is started
    on the first :meth:`map`; Ray is started or reached at once, so a Ray
    address that does not answer fails here, before any task); leaving
    stops it.

    Args:
        workers: Where the tasks run.

    Example:
        >>> from serenissima.analysis.run.runner import Runner, Workers
        >>> with Runner(Workers("processes", jobs=2)) as runner:
        ...     sorted(runner.map(abs, [-1, -2, -3]))
        [(0, 1), (1, 2), (2, 3)]
    """

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._ray: Any = None

    def __enter__(self) -> Runner:
        if self.workers.backend == "ray":
            from serenissima.analysis.run.ray_backend import RayWorkers

            self._ray = RayWorkers(self.workers.address, self.workers.jobs)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (and a Ray instance started for the run)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._ray is not None:
            self._ray.close()
            self._ray = None

    def ordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield ``function(item)`` for each item, in the items' order: a ``map`` on the workers.

        Each result is yielded once every result before it is in (see
        :func:`in_order`), so the runner can stand wherever code takes a
        ``map``-like callable.

        Example:
            >>> from serenissima.analysis.run.runner import Runner, Workers
            >>> with Runner(Workers.choose(jobs=1)) as runner:
            ...     list(runner.ordered(abs, (-2, 1, -3)))
            [2, 1, 3]
        """
        return in_order(self.map(function, list(items)))

    def map(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        """Yield ``(position, function(items[position]))`` for each item, as each is ready.

        Args:
            function: A top-level function (the worker backends send it by name).
            items: Its arguments; the worker backends pickle them.

        Yields:
            Each item's position and result, in the order they finish.

        Raises:
            Exception: What the function raised for an item: the first error
                stops the run (the tasks under way are given up).
        """
        backend = self.workers.backend
        if backend == "local" or not items:
            for position, item in enumerate(items):
                yield position, function(item)
        elif backend == "processes":
            yield from self._processes(function, items)
        else:
            yield from self._ray.map(function, items)

    def _processes(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        jobs = self.workers.jobs or default_jobs()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=jobs,
                mp_context=_context(function.__module__),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
        chunks = Chunks(len(items), jobs)
        pending: dict[Future[tuple[list[R], float]], range] = {}
        try:
            while chunks or pending:
                while chunks and len(pending) < 2 * jobs:
                    positions = chunks.take()
                    chunk = [items[p] for p in positions]
                    pending[self._pool.submit(run_chunk, function, chunk)] = positions
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: pending[f].start):
                    positions = pending.pop(future)
                    results, seconds = future.result()
                    chunks.timed(len(positions), seconds)
                    yield from zip(positions, results, strict=True)
        finally:
            for future in pending:
                future.cancel()


def in_order(results: Iterable[tuple[int, R]]) -> Iterator[R]:
    """The results of :meth:`Runner.map` in the order of their arguments.

    Each result is yielded as soon as every result before it is in, so a
    progress bar still moves while later ones run; this makes a runner a
    ``map``-like callable for code that wants its results in order.

    Example:
        >>> list(in_order([(1, "b"), (0, "a"), (2, "c")]))
        ['a', 'b', 'c']
    """
    waiting: dict[int, R] = {}
    following = 0
    for position, result in results:
        waiting[position] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1
