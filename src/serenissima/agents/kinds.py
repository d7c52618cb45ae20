"""The agents by name, for command lines and configuration files.

:data:`AGENT_KINDS` lists the names and :func:`make_agent` makes a new agent
from one of them: ``"random"`` (:class:`~serenissima.agents.base.RandomAgent`),
``"greedy"`` and ``"greedy-omniscient"``
(:class:`~serenissima.agents.greedy.GreedyAgent`, deciding from its seat's
view or from the true state) or ``"ismcts"``
(:class:`~serenissima.agents.ismcts.ISMCTSAgent`). A search bot's kind may
carry its budget per decision after a colon: ``"ismcts:200"`` searches 200
iterations, ``"ismcts:0.5s"`` half a second. :func:`is_agent_kind` says
whether a text names an agent. A new kind of agent lives in a module of its
own under :mod:`serenissima.agents` and gets its name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from serenissima.agents.base import Agent, RandomAgent
from serenissima.agents.greedy import GreedyAgent
from serenissima.agents.ismcts import MAX_ITERATIONS, MAX_SECONDS, ISMCTSAgent
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, SerenissimaError

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "AGENT_KINDS",
    "SEARCH_KINDS",
    "STRONGEST_KIND",
    "check_kind_for",
    "is_agent_kind",
    "make_agent",
    "split_kind",
    "strongest_kind",
    "weaker_kind",
]

AGENT_KINDS: Final[tuple[str, ...]] = (
    "random",
    "greedy",
    "greedy-omniscient",
    "ismcts",
    "ismcts-learned",
)
"""The names :func:`make_agent` knows, for command lines and configuration files.

``"ismcts"`` searches with the edition's heuristic at the leaves,
``"ismcts-learned"`` with the ruleset's learned evaluation; either may also be
written with a budget per decision: ``"ismcts:N"`` for ``N`` iterations,
``"ismcts:Xs"`` for ``X`` seconds."""

SEARCH_KINDS: Final[tuple[str, ...]] = ("ismcts", "ismcts-learned")
"""The kinds of search bot: those that take a budget.

Example:
    >>> "ismcts-learned" in SEARCH_KINDS, "greedy" in SEARCH_KINDS
    (True, False)
"""


STRONGEST_KIND: Final[str] = "ismcts-learned:100"
"""The strongest honest bot behind the comparisons of editions, when both ship a learned evaluation.

The search bot with the learned evaluation, which beats the same search with
the heuristic in the classic edition, at the 100 iterations a decision that a
four-seat report of both editions can afford on two cores; the bots page's
budget ladder measures each step of four times the budget. ``serenissima
compare --report`` and ``scripts/edition_report.py`` seat it by default (see
:func:`strongest_kind`).

Example:
    >>> split_kind(STRONGEST_KIND)
    ('ismcts-learned', 100, None)
"""


def split_kind(kind: str) -> tuple[str, int | None, float | None]:
    """Split ``kind`` into its name and its budget: iterations or seconds, checked.

    Raises:
        ArgumentValueError: A budget that is bad or given to an agent that takes none.

    Example:
        >>> split_kind("ismcts:200"), split_kind("ismcts:0.5s"), split_kind("greedy")
        (('ismcts', 200, None), ('ismcts', None, 0.5), ('greedy', None, None))
    """
    name, colon, budget = kind.partition(":")
    if not colon:
        return name, None, None
    if name not in SEARCH_KINDS:
        if name in AGENT_KINDS:
            raise ArgumentValueError(f"agent {name!r} takes no budget, got {kind!r}")
        raise ArgumentValueError(
            f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}"
        )
    text = budget.strip()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= MAX_SECONDS:
                raise ValueError(text)
            return name, None, seconds
        iterations = int(text)
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(text)
    except ValueError:
        raise ArgumentValueError(
            f"bad budget in agent kind {kind!r}; expected {name}:N (N iterations, 1 to "
            f"{MAX_ITERATIONS:,}) or {name}:Xs (X seconds, above 0, at most {MAX_SECONDS:g})"
        ) from None
    return name, iterations, None


def is_agent_kind(kind: object) -> bool:
    """Return whether ``kind`` names an agent :func:`make_agent` can make, budget included.

    Examples:
        >>> is_agent_kind("greedy"), is_agent_kind("ismcts:0.5s"), is_agent_kind("ismcts:0")
        (True, True, False)
    """
    if not isinstance(kind, str):
        return False
    try:
        name, _, _ = split_kind(kind)
    except SerenissimaError:
        return False
    return name in AGENT_KINDS


def make_agent(
    kind: str,
    seed: int | None = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
) -> Agent:
    """Make an agent by name.

    Args:
        kind: One of :data:`AGENT_KINDS`: ``"random"``
            (:class:`~serenissima.agents.base.RandomAgent`), ``"greedy"``
            (:class:`~serenissima.agents.greedy.GreedyAgent`, deciding from
            what its seat may see), ``"greedy-omniscient"`` (the same bot
            looking ahead on the true state) or ``"ismcts"``
            (:class:`~serenissima.agents.ismcts.ISMCTSAgent`) or
            ``"ismcts-learned"`` (the same with the learned evaluation), the
            last two optionally with their budget: ``"ismcts:200"``
            (iterations) or ``"ismcts:0.5s"`` (seconds).
        seed: Seed of the agent's own generator.
        iterations: The search bot's iterations per decision.
        seconds: The search bot's seconds per decision, instead.

    Returns:
        A new agent.

    Raises:
        ArgumentTypeError: ``kind`` is not a string, or ``seed`` not an int.
        ArgumentValueError: ``kind`` names no agent, a budget is bad, given
            twice or given to an agent that takes none.

    Example:
        >>> make_agent("random", seed=2)
        RandomAgent(seed=2)
        >>> make_agent("greedy", seed=2), make_agent("greedy-omniscient", seed=2)
        (GreedyAgent(seed=2), GreedyAgent(seed=2, omniscient=True))
        >>> make_agent("ismcts:200", seed=2)
        ISMCTSAgent(seed=2, iterations=200)
        >>> make_agent("ismcts", seed=2, seconds=0.5)
        ISMCTSAgent(seed=2, seconds=0.5)
        >>> make_agent("ismcts-learned:0.1s", seed=2)
        ISMCTSAgent(seed=2, seconds=0.1, evaluator='learned')
    """
    if not isinstance(kind, str):
        raise ArgumentTypeError("kind", f"an agent kind, one of {', '.join(AGENT_KINDS)}", kind)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ArgumentTypeError("seed", "an int or None", seed)
    name, kind_iterations, kind_seconds = split_kind(kind)
    if name not in AGENT_KINDS:
        raise ArgumentValueError(
            f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}"
        )
    given = iterations is not None or seconds is not None
    if name not in SEARCH_KINDS:
        if given:
            raise ArgumentValueError(f"agent {name!r} takes no budget")
        if name == "random":
            return RandomAgent(seed)
        return GreedyAgent(seed, omniscient=name == "greedy-omniscient")
    if given and (kind_iterations is not None or kind_seconds is not None):
        raise ArgumentValueError(f"the agent kind {kind!r} has a budget already")
    if not given:
        iterations, seconds = kind_iterations, kind_seconds
    evaluator = "learned" if name == "ismcts-learned" else "heuristic"
    return ISMCTSAgent(seed, iterations=iterations, seconds=seconds, evaluator=evaluator)


def check_kind_for(kind: str, rulesets: Sequence[Ruleset], players: int) -> None:
    """Check that ``kind`` can play games of ``players`` seats in every one of ``rulesets``.

    Beyond :func:`split_kind`'s checks, a search with the learned evaluation
    needs a model for that player count in each ruleset: asking for one that
    a ruleset does not ship is refused here, before any game is played.

    Raises:
        ArgumentValueError: An unknown kind or a bad budget, or the learned
            evaluation asked of a ruleset that ships none for ``players`` seats.

    Example:
        >>> import serenissima as ser
        >>> check_kind_for("ismcts-learned:50", [ser.load_ruleset("modern")], 4)
        >>> check_kind_for("ismcts-learned:50", [ser.load_ruleset("modern")], 7)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.ArgumentValueError: agent 'ismcts-learned:50': the 'modern' ...
    """
    name, _, _ = split_kind(kind)
    if name not in AGENT_KINDS:
        raise ArgumentValueError(
            f"unknown agent {kind!r}; expected one of {', '.join(AGENT_KINDS)}"
        )
    if name != "ismcts-learned":
        return
    for rules in rulesets:
        model = rules.values
        if model is None or not model.applies(players):
            raise ArgumentValueError(
                f"agent {kind!r}: the {rules.id!r} ruleset ships no learned evaluation "
                f"for {players} seats"
            )


def strongest_kind(rulesets: Sequence[Ruleset], players: int) -> str:
    """The agent kind to compare ``rulesets`` with at ``players`` seats: the strongest honest bot.

    :data:`STRONGEST_KIND` when every ruleset ships a learned evaluation for
    that player count; otherwise the same search, at the same budget, with
    each edition's heuristic.

    Example:
        >>> import serenissima as ser
        >>> strongest_kind([ser.load_ruleset("classic"), ser.load_ruleset("modern")], 4)
        'ismcts-learned:100'
    """
    try:
        check_kind_for(STRONGEST_KIND, rulesets, players)
    except ArgumentValueError:
        return "ismcts" + STRONGEST_KIND.removeprefix("ismcts-learned")
    return STRONGEST_KIND


def weaker_kind(kind: str) -> str:
    """The honest bot one step weaker than ``kind``, to measure a skill gradient against.

    The greedy bot for a search bot, the random bot for any other.

    Example:
        >>> weaker_kind("ismcts-learned:100"), weaker_kind("greedy"), weaker_kind("random")
        ('greedy', 'random', 'random')
    """
    name, _, _ = split_kind(kind)
    return "greedy" if name in SEARCH_KINDS else "random"
