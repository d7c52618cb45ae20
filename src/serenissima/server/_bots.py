"""Where the server's bots think: worker processes, off the request path, within a cap.

A :class:`BotPool` runs each decision a bot owes (a
:class:`~serenissima.server._host.BotTurn`) in one of a few worker
processes, so that a bot's search neither holds a request open nor takes
the interpreter from the threads that answer people. A search bot is given
the server's seconds cap as its deadline (with its own budget, whichever
comes first); should one decision still run past twice the cap, a timer in
the worker stops it and the seat plays a legal action drawn from its seed,
so no bot can hold its game, or a worker, for long. The workers run at a
lower scheduling priority than the server, so that people's requests go
first when the cores are busy, and end as soon as their server is gone.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from types import FrameType
from typing import Final

import attrs

from serenissima.agents.kinds import SEARCH_KINDS, split_kind
from serenissima.engine.registry import available_rulesets, load_ruleset
from serenissima.server._turns import BotTurn

__all__ = ["QUICK", "SEARCH", "BotAnswer", "BotPool", "lane", "think"]

_LOG = logging.getLogger("serenissima.server")

GRACE: Final = 1.0
"""Seconds past twice the cap after which a worker stops a decision whatever it is doing."""


@attrs.frozen(slots=True)
class BotAnswer:
    """What a bot answered: its action's text form, and whether it was stopped at the cap.

    Attributes:
        text: The action's text form.
        stopped: Whether the decision ran past twice the cap and a drawn legal action
            was played instead.
    """

    text: str
    stopped: bool = False


class _OverrunError(Exception):
    """Raised in a worker by its timer when a decision runs past its hard limit."""


def _overrun(signum: int, frame: FrameType | None) -> None:
    raise _OverrunError


NICENESS: Final = 10
"""How much lower than the server's the workers' scheduling priority is: people go first."""


ORPHAN_CHECK: Final = 0.5
"""How often, in seconds, a worker looks whether its server is still alive."""


def _orphaned(parent: int) -> None:
    """End the worker once its server is gone (killed with ``kill -9``, say): never linger."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def _warm() -> None:
    """Set a new worker up: lower priority, end with the server, every ruleset loaded."""
    threading.Thread(target=_orphaned, args=(os.getppid(),), daemon=True).start()
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    for name in available_rulesets():
        load_ruleset(name)


def think(turn: BotTurn, max_seconds: float, grace: float = GRACE) -> BotAnswer:
    """Decide ``turn`` within ``max_seconds``; past twice that and ``grace``, a drawn legal action.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(2)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> turn = BotTurn("g", 3, state.to_act, "ismcts:10", 7, "modern", state)
        >>> answer = think(turn, max_seconds=1.0)
        >>> rules.parse_action(state, answer.text) in rules.legal_actions(state), answer.stopped
        (True, False)
    """
    timer = hasattr(signal, "setitimer") and _main_thread()
    if timer:
        signal.signal(signal.SIGALRM, _overrun)
        signal.setitimer(signal.ITIMER_REAL, 2 * max_seconds + grace)
    try:
        return BotAnswer(turn.decide(max_seconds))
    except _OverrunError:
        return _drawn(turn)
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _drawn(turn: BotTurn) -> BotAnswer:
    """A legal action drawn from the turn's seed: the answer of a bot stopped at its limit."""
    rules = load_ruleset(turn.ruleset)
    drawn = random.Random(turn.seed).choice(rules.legal_actions(turn.state))
    return BotAnswer(str(drawn), stopped=True)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


SEARCH: Final = "search"
"""The lane of the search bots' decisions, which may take the whole cap."""
QUICK: Final = "quick"
"""The lane of the quick bots' decisions (random, greedy): never queued behind a search."""


def lane(kind: str) -> str:
    """The lane a bot's decisions take: :data:`SEARCH` or :data:`QUICK`.

    Example:
        >>> lane("ismcts:2s"), lane("ismcts"), lane("greedy"), lane("random")
        ('search', 'search', 'quick', 'quick')
    """
    return SEARCH if split_kind(kind)[0] in SEARCH_KINDS else QUICK


class BotPool:
    """Worker processes that think over the bots' decisions (see the module's description).

    Decisions go in two lanes, each with processes of its own: the search bots'
    (``workers`` processes), which may think for the whole cap, and the quick
    bots' (one process), whose decisions take milliseconds and so never wait
    behind a search.

    Args:
        workers: How many processes think for the search bots.
        max_seconds: The cap of one decision.
    """

    def __init__(self, workers: int, max_seconds: float) -> None:
        self.workers = workers
        self.max_seconds = max_seconds
        self.stopped = 0
        """Decisions stopped at their hard limit since the pool started."""
        self._pools: dict[str, concurrent.futures.ProcessPoolExecutor] = {}

    def _executor(self, lane: str) -> concurrent.futures.ProcessPoolExecutor:
        pool = self._pools.get(lane)
        if pool is None:
            context = multiprocessing.get_context("spawn")  # never fork a threaded server
            size = self.workers if lane == SEARCH else 1
            pool = self._pools[lane] = concurrent.futures.ProcessPoolExecutor(
                size, mp_context=context, initializer=_warm
            )
        return pool

    async def decide(self, turn: BotTurn) -> BotAnswer:
        """Think over ``turn`` in its lane; a worker that died is replaced and asked again."""
        loop = asyncio.get_running_loop()
        where = lane(turn.kind)
        for attempt in (1, 2):
            try:
                answer = await loop.run_in_executor(
                    self._executor(where), think, turn, self.max_seconds
                )
            except concurrent.futures.process.BrokenProcessPool:
                _LOG.warning("a bot worker died (attempt %d); starting new workers", attempt)
                self._close(where)
                continue
            if answer.stopped:
                self.stopped += 1
                _LOG.warning(
                    "game %s: the %s bot ran past its cap; it played a drawn action",
                    turn.game,
                    turn.kind,
                )
            return answer
        return _drawn(turn)

    def _close(self, lane: str) -> None:
        pool = self._pools.pop(lane, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers, dropping the decisions not yet started."""
        for name in list(self._pools):
            self._close(name)
