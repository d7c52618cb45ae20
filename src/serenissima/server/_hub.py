"""The games a server process holds in memory, and who listens to each.

A :class:`Hub` loads a stored game on first use and keeps it. Everything
that touches a game (a move, a refresh from the store, the bots' moves) runs
in a worker thread under that game's lock, so a slow bot or a slow disk
holds up its own game only, never the event loop or another game.

After each change the hub tells the game's listeners (the open WebSockets)
the new version; each listener then sends its viewer the moves it has not
sent yet, so none is lost or sent twice. Several server processes may share
one store (PostgreSQL): every move is made on a fresh copy of the game
(:meth:`HostedGame.refresh`, the store refusing a second move of the same
version), and a game with listeners is polled for moves another process made.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from serenissima.server._host import HostedGame
from serenissima.server._store import Store

__all__ = ["Hub", "RateLimiter"]

T = TypeVar("T")


class RateLimiter:
    """A token bucket per key: at most ``burst`` at once, refilled at ``rate`` a second.

    Example:
        >>> clock = iter([0.0, 0.0, 0.0, 1.0])
        >>> limiter = RateLimiter(rate=1.0, burst=2, clock=lambda: next(clock))
        >>> [limiter.allow("k") for _ in range(4)]
        [True, True, False, True]
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Take one token for ``key``; ``False`` when none is left."""
        now = self.clock()
        tokens, then = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > 10_000:  # forget the idle keys now and then
            full = [k for k, (t, at) in self.buckets.items() if t + (now - at) * self.rate >= 1]
            for k in full:
                del self.buckets[k]
        return True


class Hub:
    """The games of one server process (see the module's description)."""

    def __init__(self, store: Store, *, poll: float | None = 1.0) -> None:
        self.store = store
        self.poll = poll
        self.games: dict[str, HostedGame] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self._pollers: dict[str, asyncio.Task[None]] = {}

    def _lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    async def run(self, game_id: str, work: Callable[[HostedGame], T]) -> T:
        """Run ``work`` on the game, up to date with the store, in a thread, under its lock.

        Raises:
            UnknownGameError: No game of that id is stored.
        """
        async with self._lock(game_id):
            before = after = None  # the versions around the work, once the game is at hand

            def fresh_then_work() -> T:
                nonlocal before, after
                game = self.games.get(game_id)
                if game is None:
                    game = self.games[game_id] = HostedGame.load(self.store, game_id)
                    before = game.version
                else:
                    before = game.version
                    game.refresh()  # moves another process made
                game.resume()  # moves the bots owed when a server died
                try:
                    return work(game)
                finally:
                    after = game.version

            try:
                return await asyncio.to_thread(fresh_then_work)  # one trip to a worker thread
            finally:
                if after is not None and after != before:
                    self.notify(game_id, after)

    async def game(self, game_id: str) -> HostedGame:
        """The game, up to date with the store."""
        return await self.run(game_id, lambda game: game)

    async def create(self, setup: dict[str, object]) -> HostedGame:
        """Create and store a game; chance and bots make their first moves."""
        game = await asyncio.to_thread(HostedGame.create, self.store, setup)
        self.games[game.id] = game
        return game

    # --- listeners --------------------------------------------------------------

    def listen(self, game_id: str) -> asyncio.Queue[int]:
        """A queue that receives the game's version after each change."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.listeners.setdefault(game_id, set()).add(queue)
        if self.poll and game_id not in self._pollers:
            self._pollers[game_id] = asyncio.create_task(self._poll(game_id))
        return queue

    def leave(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        """Stop telling ``queue`` of the game's changes."""
        queues = self.listeners.get(game_id, set())
        queues.discard(queue)
        if not queues:
            self.listeners.pop(game_id, None)
            poller = self._pollers.pop(game_id, None)
            if poller is not None:
                poller.cancel()

    def notify(self, game_id: str, version: int) -> None:
        """Tell every listener of the game its new version."""
        for queue in self.listeners.get(game_id, ()):
            queue.put_nowait(version)

    async def _poll(self, game_id: str) -> None:
        """Look for moves made by other processes while anyone listens."""
        assert self.poll
        while True:
            await asyncio.sleep(self.poll)
            try:
                await self.game(game_id)  # refreshes and notifies when it changed
            except Exception:  # a store hiccup: try again at the next tick
                continue

    async def close(self) -> None:
        """Stop polling."""
        for poller in self._pollers.values():
            poller.cancel()
        self._pollers.clear()
