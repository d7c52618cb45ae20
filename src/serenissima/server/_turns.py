"""A decision a bot owes a hosted game, and the bot's answer to it, within a cap of seconds."""

from __future__ import annotations

import attrs

from serenissima.agents import make_agent
from serenissima.agents.ismcts import DEFAULT_ITERATIONS
from serenissima.agents.kinds import SEARCH_KINDS, split_kind
from serenissima.engine.core import Action, State
from serenissima.engine.registry import load_ruleset
from serenissima.engine.ruleset import Ruleset

__all__ = ["BotTurn", "bot_action"]


@attrs.frozen(slots=True)
class BotTurn:
    """A decision a bot owes a game: everything needed to think it over in another process.

    Attributes:
        game: The game's id.
        version: The game's version when the bot decides (its move makes the next).
        seat: The bot's seat.
        kind: The bot's kind, such as ``"ismcts:200"``.
        seed: The seed of the bot's generator for this decision.
        ruleset: The installed ruleset's name.
        state: The state to decide in (the bot sees only its seat's view of it).
    """

    game: str
    version: int
    seat: int
    kind: str
    seed: int
    ruleset: str
    state: State

    def decide(self, max_seconds: float | None = None) -> str:
        """The bot's action's text form, thought over for at most about ``max_seconds``."""
        rules = load_ruleset(self.ruleset)
        return str(bot_action(rules, self.kind, self.seed, self.state, max_seconds))


def bot_action(
    rules: Ruleset, kind: str, seed: int, state: State, max_seconds: float | None = None
) -> Action:
    """The action of a bot of ``kind`` seeded with ``seed``; a search stops at ``max_seconds``.

    A search bot's own budget stands when it is smaller: ``ismcts:200`` searches
    200 iterations, or until ``max_seconds``, whichever comes first.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> bot_action(rules, "ismcts:20", 1, state, max_seconds=0.5) in rules.legal_actions(state)
        True
    """
    name, iterations, seconds = split_kind(kind)
    if max_seconds is None or name not in SEARCH_KINDS:
        return make_agent(kind, seed).act(rules, state)
    if seconds is None and iterations is None:
        iterations = DEFAULT_ITERATIONS
    seconds = max_seconds if seconds is None else min(seconds, max_seconds)
    return make_agent(name, seed, iterations=iterations, seconds=seconds).act(rules, state)
