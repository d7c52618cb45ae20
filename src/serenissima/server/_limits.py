"""What the server lets anyone do, and how much of it: every limit in one place.

:class:`Limits` holds the settings (``serenissima serve`` takes each as an
option, the server page lists them) and :class:`Buckets` counts what one key
(a seat, a client's address) has done lately, in a bounded amount of memory:
keys are hashed to a fixed size, and the table never holds more than its cap,
forgetting the keys idle longest first.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

import attrs

from serenissima.engine.errors import ArgumentValueError

__all__ = ["Buckets", "Limits"]


def _positive(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ArgumentValueError(f"{attribute.name} must be a number above 0, not {value!r}")


def _count(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ArgumentValueError(f"{attribute.name} must be a whole number of at least 1")


@attrs.frozen(kw_only=True)
class Limits:
    """The server's limits; each is an option of ``serenissima serve`` (``--max-bot-seconds``...).

    Attributes:
        max_bot_seconds: The longest a bot may think over one decision; a
            search bot is stopped there, and a set-up asking for more is refused.
        max_bot_iterations: The most iterations a search bot may take a decision.
        bot_workers: The processes in which the bots think, off the request path.
        games_in_memory: How many games the server keeps in memory; the games
            idle longest leave first and are read again from the store on demand.
        actions_per_second: The actions a seat may send a second, on average (429 beyond).
        action_burst: The actions a seat may send at once.
        games_per_minute: The games one client address may create a minute (429 beyond).
        game_burst: The games one client address may create at once.
        sockets_per_client: The WebSockets one client address may hold open (close code 4429).
        max_connections: The most connections open at once (503 beyond).
        max_body: The largest request body, in bytes (413 beyond).
        max_headers: The most bytes of request headers (431 beyond).
        body_seconds: How long a client may take to send a request's body (408 beyond).
        head_seconds: How long a client may take to send a request's line and headers
            (the connection is closed beyond).
        keys: The most keys each rate limiter remembers.
        create_token: A secret that creating a game needs (``Authorization:
            Bearer``), for a public server; ``None``: anyone may create.
        allow_seeded_games: Whether a client may give a game's seed (the game is
            then marked ``seeded``); otherwise the server draws every seed itself.

    Example:
        >>> Limits().max_bot_seconds, Limits(max_bot_seconds=1).max_bot_seconds
        (5.0, 1)
        >>> try:
        ...     Limits(games_per_minute=0)
        ... except ArgumentValueError as error:
        ...     print(error)
        games_per_minute must be a number above 0, not 0
    """

    max_bot_seconds: float = attrs.field(default=5.0, validator=_positive)
    max_bot_iterations: int = attrs.field(default=5000, validator=_count)
    bot_workers: int = attrs.field(default=1, validator=_count)
    games_in_memory: int = attrs.field(default=256, validator=_count)
    actions_per_second: float = attrs.field(default=20.0, validator=_positive)
    action_burst: int = attrs.field(default=40, validator=_count)
    games_per_minute: float = attrs.field(default=10.0, validator=_positive)
    game_burst: int = attrs.field(default=10, validator=_count)
    sockets_per_client: int = attrs.field(default=32, validator=_count)
    max_connections: int = attrs.field(default=1000, validator=_count)
    max_body: int = attrs.field(default=64 * 1024, validator=_count)
    max_headers: int = attrs.field(default=8 * 1024, validator=_count)
    body_seconds: float = attrs.field(default=10.0, validator=_positive)
    head_seconds: float = attrs.field(default=10.0, validator=_positive)
    keys: int = attrs.field(default=10_000, validator=_count)
    create_token: str | None = None
    allow_seeded_games: bool = False


_KEY_BYTES: Final = 16
"""The size of a hashed key: what one remembered key costs, whatever the client sent."""


class Buckets:
    """A token bucket per key, at most ``keys`` of them: ``burst`` at once, ``rate`` a second.

    Keys are hashed (a client's long key costs no more than a short one), and
    the table forgets the key idle longest when it is full: a forgotten key
    starts again with a full bucket, which only errs on the side of the client.

    Example:
        >>> clock = iter([0.0, 0.0, 0.0, 1.0])
        >>> buckets = Buckets(rate=1.0, burst=2, clock=lambda: next(clock))
        >>> [buckets.take("k") for _ in range(4)]
        [0.0, 0.0, 1.0, 0.0]
    """

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self.clock = clock
        self.table: OrderedDict[bytes, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float:
        """Take one token for ``key``: 0 when one was left, else the seconds until one is."""
        digest = hashlib.blake2b(key.encode(), digest_size=_KEY_BYTES).digest()
        now = self.clock()
        tokens, then = self.table.pop(digest, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens < 1.0:
            wait = (1.0 - tokens) / self.rate
        else:
            tokens -= 1.0
        self.table[digest] = (tokens, now)  # the newest last
        while len(self.table) > self.keys:
            self.table.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self.table)
