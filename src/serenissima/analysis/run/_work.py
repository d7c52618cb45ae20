"""What the worker backends share: the cores, what a worker runs, and chunks of tasks.

Shared by :mod:`serenissima.analysis.run.runner` (worker processes) and
:mod:`serenissima.analysis.run.ray_backend` (Ray tasks). A chunk's size follows
the time the chunks before it took: about :data:`CHUNK_SECONDS` of work,
never more than a fair share of what is left, so that every worker has
something to do until the end.
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
R = TypeVar("R")

CHUNK_SECONDS: Final = 0.25
"""The time a chunk of tasks should take in a worker."""

MAX_CHUNK: Final = 512
"""The most tasks sent in one chunk."""


def default_jobs() -> int:
    """Return the number of cores this process may use.

    The process's CPU affinity where the system has one, else the number of
    cores of the machine.

    Example:
        >>> from serenissima.analysis.run.runner import default_jobs
        >>> default_jobs() >= 1
        True
    """
    counter: Callable[[], int | None] | None = getattr(os, "process_cpu_count", None)
    if counter is not None:  # Python 3.13 and later
        return counter() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


PARENT_CHECK_SECONDS: Final = 1.0
"""How often a worker process checks that the process it works for is still there."""


def start_worker(parent: int) -> None:
    """Set up a worker process of ``parent``: Ctrl-C is the parent's, and orphans exit.

    The parent stops its workers in order on Ctrl-C, so a worker ignores it. A
    worker started by a fork server is not the parent's child, and waits for
    tasks on a queue it holds both ends of: killed outright, the parent would
    leave it waiting for ever. A thread of the worker looks for the parent every
    :data:`PARENT_CHECK_SECONDS` and ends the worker once it is gone.

    Args:
        parent: The process id of the process that started the pool.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.name != "posix":  # elsewhere os.kill(pid, 0) would end the parent
        return

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # a process of another user took its id
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def run_chunk(function: Callable[[T], R], chunk: Sequence[T]) -> tuple[list[R], float]:
    """Call ``function`` on each argument of a chunk; what a worker runs.

    Args:
        function: A top-level function.
        chunk: Its arguments.

    Returns:
        The results in the order of the arguments, and the seconds they took.

    Example:
        >>> from serenissima.analysis.run._work import run_chunk
        >>> run_chunk(abs, [-1, -2])[0]
        [1, 2]
    """
    start = time.perf_counter()
    results = [function(item) for item in chunk]
    return results, time.perf_counter() - start


class Chunks:
    """Hands out the positions of ``total`` tasks in chunks for ``jobs`` workers.

    Args:
        total: The number of tasks.
        jobs: The number of workers.

    Example:
        >>> from serenissima.analysis.run._work import Chunks
        >>> chunks = Chunks(100, jobs=2)
        >>> chunks.take()  # the first chunk is one task, to time it
        range(0, 1)
        >>> chunks.timed(1, 0.001)  # a task of a millisecond: 250 make a chunk
        >>> chunks.take()  # but no more than a fair share of the 99 left
        range(1, 51)
    """

    __slots__ = ("_jobs", "_next", "_size", "_total")

    def __init__(self, total: int, jobs: int) -> None:
        self._total = total
        self._jobs = max(1, jobs)
        self._next = 0
        self._size = 1

    def __bool__(self) -> bool:
        return self._next < self._total

    def take(self) -> range:
        """Return the positions of the next chunk (empty when none is left)."""
        left = self._total - self._next
        size = max(1, min(self._size, math.ceil(left / self._jobs)))
        start, self._next = self._next, self._next + min(size, left)
        return range(start, self._next)

    def timed(self, count: int, seconds: float) -> None:
        """Learn from a chunk of ``count`` tasks that took ``seconds`` in its worker."""
        if count <= 0:
            return
        if seconds * MAX_CHUNK <= CHUNK_SECONDS * count:  # so fast that any chunk is short
            self._size = MAX_CHUNK
            return
        self._size = max(1, int(CHUNK_SECONDS * count / seconds))
