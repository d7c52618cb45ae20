"""The games a server process holds in memory, who listens to each, and who thinks for its bots.

A :class:`Hub` loads a stored game on demand and keeps the most recently
used ones (at most ``Limits.games_in_memory``; the others are read again from
the store when next needed). Everything that touches a game (a move, a
refresh from the store) runs in a worker thread under that game's lock, so a
slow disk holds up its own game only, never the event loop or another game.

A bot never thinks on the request path: when a game owes a bot's move, the
hub asks its :class:`~serenissima.server._bots.BotPool` (worker processes, a
cap on each decision, the quick bots in a lane of their own) and commits the
answer when it comes, unless the game moved on meanwhile. A request that
hands the turn to a bot is answered as soon as its move is stored; the bot's
move reaches the watchers over their WebSockets. Games that owed a bot's
move when a server stopped are taken up when the next one starts, in the
same way.

After each change the hub tells the game's listeners (the open WebSockets)
the new version; each listener then sends its viewer the moves it has not
sent yet, so none is lost or sent twice. Several server processes may share
one store (PostgreSQL): every move is made on a game brought up to date from
the store (:meth:`HostedGame.refresh`, the store refusing a second move of the
same version), and a game with listeners is polled for moves another process made.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from serenissima.server._bots import QUICK, SEARCH, BotPool, lane
from serenissima.server._host import HostedGame
from serenissima.server._limits import Limits
from serenissima.server._store import Store
from serenissima.server._turns import BotTurn

__all__ = ["Hub"]

T = TypeVar("T")

_LOG = logging.getLogger("serenissima.server")


def _commit(turn: BotTurn, text: str, game: HostedGame) -> None:
    """Play a bot's answer, unless the game moved on meanwhile (another process answered)."""
    if game.version == turn.version:
        game.answer(turn, text)


class _Slot:
    """A game's lock, and how many callers hold or wait for it (the slot goes at none)."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class Hub:
    """The games of one server process (see the module's description).

    Args:
        store: Where the games are kept.
        poll: How often a watched game is read again from the store (``None``: never).
        limits: The server's limits (games kept in memory, the bots' caps).
        bots: Where the bots think (default: a pool of ``limits.bot_workers`` processes).
    """

    def __init__(
        self,
        store: Store,
        *,
        poll: float | None = 1.0,
        limits: Limits | None = None,
        bots: BotPool | None = None,
    ) -> None:
        self.store = store
        self.poll = poll
        self.limits = limits or Limits()
        self.bots = bots or BotPool(self.limits.bot_workers, self.limits.max_bot_seconds)
        self.games: OrderedDict[str, HostedGame] = OrderedDict()
        """The games in memory, the least recently used first."""
        self.slots: dict[str, _Slot] = {}
        self.listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self.thinking: dict[str, asyncio.Task[None]] = {}
        """The games a bot thinks for (or waits to), by id."""
        self._turns = {  # a few games at a time hold a decision in memory, in each lane
            SEARCH: asyncio.Semaphore(2 * self.limits.bot_workers),
            QUICK: asyncio.Semaphore(4),
        }
        self._pollers: dict[str, asyncio.Task[None]] = {}

    # --- games ------------------------------------------------------------------

    async def run(self, game_id: str, work: Callable[[HostedGame], T]) -> T:
        """Run ``work`` on the game, up to date with the store, in a thread, under its lock.

        Afterwards the listeners hear of any change, and a bot owed a move is set thinking.

        Raises:
            UnknownGameError: No game of that id is stored.
        """
        slot = self.slots.setdefault(game_id, _Slot())
        slot.users += 1
        try:
            async with slot.lock:
                known = self.games.get(game_id)
                if known is not None:
                    self.games.move_to_end(game_id)
                result, game, before = await asyncio.to_thread(self._fresh, game_id, known, work)
                self._keep(game)
                if game.version != before:
                    self.notify(game_id, game.version)
                if game.owed() is not None:
                    self._think(game_id)
                return result
        finally:
            slot.users -= 1
            if not slot.users:
                del self.slots[game_id]

    def _fresh(
        self, game_id: str, game: HostedGame | None, work: Callable[[HostedGame], T]
    ) -> tuple[T, HostedGame, int]:
        """In a worker thread: the game loaded or refreshed, then ``work`` on it."""
        if game is None:
            game = HostedGame.load(self.store, game_id, inline=False)
            before = game.version
        else:
            before = game.version
            game.refresh()  # moves another process made
        game.resume()  # dice owed when a server died (bots are never played here)
        return work(game), game, before

    def _keep(self, game: HostedGame) -> None:
        """Remember ``game`` as the most recently used; forget the idle ones beyond the limit."""
        self.games[game.id] = game
        self.games.move_to_end(game.id)
        excess = len(self.games) - self.limits.games_in_memory
        if excess <= 0:
            return
        for game_id in list(self.games):
            if excess <= 0:
                break
            if game_id in self.slots or game_id in self.thinking:
                continue  # in use: it stays for now
            del self.games[game_id]
            excess -= 1

    async def game(self, game_id: str) -> HostedGame:
        """The game, up to date with the store."""
        return await self.run(game_id, lambda game: game)

    async def create(self, setup: dict[str, object]) -> HostedGame:
        """Create and store a game; chance makes its first moves, and a bot seat starts thinking."""
        game = await asyncio.to_thread(HostedGame.create, self.store, setup, inline=False)
        self._keep(game)
        if game.owed() is not None:
            self._think(game.id)
        return game

    # --- bots -------------------------------------------------------------------

    def _think(self, game_id: str) -> None:
        """Set a bot thinking for the game, unless one is already."""
        if game_id not in self.thinking:
            self.thinking[game_id] = asyncio.create_task(self._answer(game_id))

    async def _answer(self, game_id: str) -> None:
        """Have the game's bots make the moves they owe, one decision at a time, in turn."""
        try:
            while True:
                owed = await self.run(game_id, lambda game: game.owed())
                if owed is None:
                    return
                async with self._turns[lane(owed.kind)]:
                    turn = await self.run(game_id, lambda game: game.owed())
                    if turn is None:
                        return
                    answer = await self.bots.decide(turn)
                    await self.run(game_id, functools.partial(_commit, turn, answer.text))
                await asyncio.sleep(0)  # the games waiting for a turn go first
        except asyncio.CancelledError:
            raise
        except Exception:
            _LOG.exception("game %s: the bot's move could not be made", game_id)
        finally:
            self.thinking.pop(game_id, None)

    async def start(self) -> None:
        """Describe the games stored before the lobby's summaries; take up the bots' owed moves."""
        old = await asyncio.to_thread(self.store.undescribed)
        if old:
            _LOG.warning("describing %d games stored before the lobby's summaries", len(old))
            await asyncio.to_thread(self._describe, old)
        for game_id in await asyncio.to_thread(self.store.owed):
            self._think(game_id)

    def _describe(self, games: list[str]) -> None:
        for game_id in games:
            game = HostedGame.load(self.store, game_id, inline=False)
            self.store.describe(game_id, game.summary())

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
        """Stop polling and thinking."""
        for task in [*self._pollers.values(), *self.thinking.values()]:
            task.cancel()
        self._pollers.clear()
        self.bots.close()
