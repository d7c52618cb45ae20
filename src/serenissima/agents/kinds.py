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

from typing import Final

from serenissima.agents.base import Agent, RandomAgent
from serenissima.agents.greedy import GreedyAgent
from serenissima.agents.ismcts import MAX_ITERATIONS, MAX_SECONDS, ISMCTSAgent
from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError, SerenissimaError

__all__ = ["AGENT_KINDS", "SEARCH_KINDS", "is_agent_kind", "make_agent", "split_kind"]

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
