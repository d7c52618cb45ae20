"""The search bot: single-observer information-set Monte Carlo tree search.

:class:`ISMCTSAgent` decides from what its seat may see (Cowling, Powley and
Whitehouse, 2012). Each iteration draws a full state from the seat's
observation (``Ruleset.sample_state``), walks down one tree whose edges are
actions, adds one node, plays a short rollout and scores its end with the
edition's heuristic (``Ruleset.evaluate``) for every seat; each seat picks
its own best edges on the way down. The action played is the root's most
visited one.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING, Final

from serenissima.agents._checks import (
    check_choice,
    check_int,
    check_kinds,
    check_kinds_asked,
    check_number,
    check_share,
)
from serenissima.agents._lines import LineTreeSearch
from serenissima.agents._rollouts import RolloutSearch
from serenissima.agents._settings import Defaults, hints_for, search_settings
from serenissima.agents._tree import DEFAULT_WIDTH, DENIAL, Search
from serenissima.agents.greedy import GreedyAgent
from serenissima.engine.core import Action, State
from serenissima.engine.errors import ArgumentTypeError, StateError
from serenissima.engine.spec import SEARCH_HORIZONS, SEARCH_ROLLOUTS, SEARCH_SCALES

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "DEFAULT_DEPTH",
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "DEFAULT_MINIMAX",
    "DEFAULT_PRIOR",
    "DEFAULT_RIVAL",
    "DEFAULT_WIDTH",
    "DENIAL",
    "EVALUATORS",
    "HORIZONS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "ROLLOUTS",
    "SCALES",
    "ISMCTSAgent",
]

DEFAULT_ITERATIONS: Final[int] = 1000
"""The iterations of one decision when neither ``iterations`` nor ``seconds`` is given."""

MAX_ITERATIONS: Final[int] = 1_000_000
"""The most iterations one decision may be given."""

MAX_SECONDS: Final[float] = 3600.0
"""The most seconds one decision may be given."""

EVALUATORS: Final[tuple[str, ...]] = ("heuristic", "learned")
"""What scores the states a search reaches: the edition's heuristic estimate of each
seat's final score, or the ruleset's learned chances of winning
(:mod:`serenissima.engine.value_model`)."""

DEFAULT_EXPLORATION: Final[float] = 0.7
"""The exploration constant of UCB1, for values scaled to 0..1."""

DEFAULT_DEPTH: Final[int] = 0
"""The actions a rollout plays before a leaf is scored (chance included): none, at every count.

The node an iteration adds is scored as it stands. Random actions before a leaf add
noise that more iterations do not remove: in two-seat modern games with three of them (the
two-seat default until then), 400 iterations won 47.9% against 100 with the learned
evaluation, and without them 72.9% with it and 81.2% with the heuristic, whose games
they did not make stronger at the same seconds either (see the bots page). With more seats
they cost more still: in 48 four-seat modern games, one search seat among three greedy ones
(300 iterations a decision) scored 33.9 points a game with three random actions and 70.6
without, where a greedy bot in its place scored 35.0 on the same seeds.
"""

ROLLOUTS: Final[tuple[str, ...]] = SEARCH_ROLLOUTS
"""How a rollout picks actions: uniformly, the best of a few by the heuristic, or as the
greedy bot would, to the end of the stage or turn (the root's best actions compared, with
no tree below them, or with a tree over the searched decisions: ``"greedy-tree"``)."""

HORIZONS: Final[tuple[str, ...]] = SEARCH_HORIZONS
"""Where greedy rollouts end: with the stage of the game the decision belongs to, or its turn."""

SCALES: Final[tuple[str, ...]] = SEARCH_SCALES
"""How UCB1 scales an edge's value to 0..1: by the range of every seat's values in the
whole search, or by the range of the edges it is compared with."""

DEFAULT_MINIMAX: Final[float] = 0.5
"""The share of an edge's implicit minimax value in the value UCB1 reads, at every seat count.

With the mean alone, a branch that opens a long chain of the seat's own decisions (a
modern activation: the mode, then five or more loads, the moves, the sale) is averaged
over the poor choices the search tries in that chain, so the more iterations go down it,
the worse it looks beside a branch that ends at once (an investment). One modern seat of
100 iterations among three of 25 then won 6 of 48 four-seat games, against 25 of 48 with
half the implicit minimax value (see the bots page).
"""

DEFAULT_PRIOR: Final[int] = 10
"""The visits the heuristic's value of each root action counts for before the search."""

DEFAULT_RIVAL: Final[float] = 1.0
"""How much of the best rival's estimate a seat's value subtracts, at two seats.

With more seats the default is 0 (a seat's own estimate, ties broken against the others:
:data:`DENIAL`). Playing against the leader pays only when a game is between two: with three
rivals, a seat that gives up its own gain to hold back the best of them helps the other two
as much as itself. Measured against three greedy bots in four-seat games, 300 iterations a
decision, the search bot with ``rival=0`` ended with a mean of 39.3 points in 16 modern
games, against 21.6 with ``rival=1``, and 18.8 against 18.2 in 24 classic games.
"""


class ISMCTSAgent:
    """An agent that searches a tree of actions over states drawn from what its seat sees.

    Before the first iteration, each legal action of the root is valued one
    decision ahead, as the greedy bot values it: applied to eight states drawn
    from the seat's view, the result expected over a chance node it leads to,
    and, when it hands another seat the answer (an offer), taken after that
    seat's best answer for itself. That value counts as ``prior`` visits of
    the action (0: no prior), so the search starts where a one-decision
    lookahead would and spends its iterations on telling the best actions
    apart. When the seat that decides next cannot tell the root's actions
    apart (a secret bid), all of them share one tree of its answers, so that
    the search does not let it answer what it cannot see. Then each iteration:

    1. **determinize**: draw a full state from the seat's observation with
       ``rules.sample_state``, so hidden values (a classic bid not yet
       revealed) take values the public record allows; the true state is
       never read beyond its observation and the seat's legal actions;
    2. **select**: from the root, while every legal action of the drawn state
       has an edge, follow the edge of highest UCB1 for the seat that acts
       there: its mean value plus ``exploration * sqrt(ln(a) / n)``, ``n`` the
       edge's visits and ``a`` the times it was available (legal) when its
       parent was visited, since the legal actions vary between drawn states.
       At a chance node the outcome is drawn with its exact probability;
    3. **expand**: add the edge of one untried legal action, drawn uniformly
       (or the chance outcome drawn, if new);
    4. **roll out**: play up to ``depth`` more actions, chance outcomes drawn
       with their probabilities, then score the state with ``rules.evaluate``
       for every seat (at the end of the game, the final scores). By
       default there is no rollout (:data:`DEFAULT_DEPTH`): the node added
       is scored as it stands;
    5. **back up**: add each seat's value to every node on the path. A seat's
       value is its estimate less ``rival`` times the best estimate of the
       other seats (by default 1 at two seats, so that it plays to win
       rather than to score, and 0 at more; with 0, its estimate less a
       thousandth of the others' mean, :data:`DENIAL`,
       which breaks ties against them as the greedy bot does).
       UCB1 reads values scaled to 0..1 (``scale``): by the lowest and
       highest value of any seat seen in the search (``"tree"``), or by the
       lowest and highest of the edges it
       compares (``"siblings"``), so that the exploration term weighs
       against the differences between one seat's actions, however far
       apart the seats' estimates lie. ``"tree"`` is the default: without
       rollouts, in 48 four-seat modern games against greedy bots, the
       search seat scored 70.6 points a game with it and 63.8 with
       ``"siblings"``.
       With ``minimax`` above 0, each node also keeps the values where play
       goes from it if every seat takes its best edge, and UCB1 reads that
       share of them mixed with the mean.

    The action played is the root's most visited one (ties: the higher mean).

    Rollouts ``"random"`` (the default) pick uniformly among the legal actions; ``"heuristic"``
    ones pick, at each decision, the best of three legal actions drawn uniformly, as the
    edition's heuristic values them for the seat that decides, at about three times the cost.
    Short random rollouts scored by the heuristic did as well in the match against the greedy
    bot and leave time for more iterations.

    ``"greedy"`` rollouts replace the tree: the root's ``width`` best actions by the prior's
    one-decision value are each played on the same drawn states, with the same chance, every
    seat then deciding as the greedy bot would on the drawn state, until play leaves the stage
    of the game the decision belongs to (its turn and its rule section: ``C-MOVE`` for the
    classic movement, passages included) or, with ``horizon="turn"``, its turn (a classic round;
    the default at two seats, where a round is short). The action whose lines score best for the
    seat is played; every line is scored at the same point of the game, so the heuristic's drift
    along a line weighs alike on each. An iteration is then one rollout, which costs a greedy
    decision a step: such rollouts pay where the others' answers decide the outcome, as in the
    classic movement and battles. ``"greedy-tree"`` keeps those root actions and those lines but
    grows a tree below the root over the decisions of the searched ``kinds`` before a line ends,
    opening a node's answers one by one as it is visited (the greedy bot's first), so that more
    iterations try more of the answers instead of the same lines on more drawn states.

    ``kinds`` limits the search to decisions of those kinds (``rules.decision(
    state).kind``); at the others the agent plays as the honest greedy bot,
    with the same seed.

    ``rollout``, ``width``, ``horizon``, ``scale`` and ``kinds`` not given come from the ruleset's
    search hints (:class:`~serenissima.engine.spec.SearchHints`, its
    ``info.search``) when they apply to the game's player count, else from the
    defaults above; ``hints=False`` ignores them. The classic edition asks
    for greedy rollouts in the ``movement``, ``passage``, ``battles`` and
    ``spoils`` decisions and the greedy bot's choice at the bids and the
    trade (see the bots page for how that plays against the tree); the modern
    edition gives no hints.

    The budget is ``iterations`` per decision, ``seconds`` of search per decision, or
    both (whichever is spent first ends it); with iterations alone the choices depend
    only on the seed.
    A decision with a single legal action costs nothing.

    Args:
        seed: Seed of the agent's generator (``None``: unpredictable).
        iterations: Iterations per decision (default :data:`DEFAULT_ITERATIONS`).
        seconds: Seconds of search per decision (with ``iterations``: their limit).
        exploration: The exploration constant of UCB1 (0 or more).
        depth: The rollout's length in actions, 0 or more (``None``:
            :data:`DEFAULT_DEPTH`).
        rollout: One of :data:`ROLLOUTS` (``None``: the ruleset's hint, else ``"random"``).
        prior: The visits the root actions' one-decision values count for.
        minimax: The share of the implicit minimax value in an edge's value,
            from 0 to 1 (``None``: :data:`DEFAULT_MINIMAX`).
        rival: How much of the best rival's estimate a seat's value subtracts,
            from 0 to 1 (``None``: :data:`DEFAULT_RIVAL` at two seats, 0 at more).
        denial: With ``rival`` 0, how much of the other seats' mean estimate
            a seat's value loses, from 0 to 1 (``None``: :data:`DENIAL`, or 0
            with the learned evaluation).
        scale: One of :data:`SCALES` (``None``: the ruleset's hint, else ``"tree"``).
        width: With ``"greedy"`` rollouts, how many of the root's best
            actions are compared (at least 1; ``None``: the ruleset's hint,
            else :data:`DEFAULT_WIDTH`).
        horizon: With ``"greedy"`` rollouts, one of :data:`HORIZONS` (``None``:
            the ruleset's hint, else ``"turn"`` at two seats, ``"stage"`` at more).
        kinds: The decision kinds searched; the greedy bot's choice at the
            others (``None``: the ruleset's hint, else every kind).
        hints: Whether settings not given come from the ruleset's search hints.
        evaluator: One of :data:`EVALUATORS`: ``"heuristic"`` scores states by
            the edition's estimate of each seat's final score; ``"learned"`` by
            each seat's chance of winning, from the model the ruleset ships
            (``rules.values``), with ``rival`` and ``denial`` 0 unless given,
            since such chances already weigh the seats against each other.

    Raises:
        ArgumentTypeError: A budget or setting of the wrong type.
        ArgumentValueError: A budget below 1 iteration or not above 0 seconds, or
            above :data:`MAX_ITERATIONS` or :data:`MAX_SECONDS`; a negative setting,
            an unknown rollout, horizon, scale or evaluator; when it acts, a kind in
            ``kinds`` that the ruleset never asks for, or the learned evaluation
            where the ruleset ships none for the game's player count.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(3)
        >>> while state.to_act == ser.CHANCE:
        ...     state = rules.apply(state, rules.chance_outcomes(state)[0][0])
        >>> agent = ISMCTSAgent(seed=1, iterations=50)
        >>> agent.act(rules, state) in rules.legal_actions(state)
        True
        >>> agent
        ISMCTSAgent(seed=1, iterations=50)
    """

    __slots__ = (
        "_greedy",
        "_known",
        "_rng",
        "denial",
        "depth",
        "evaluator",
        "exploration",
        "hints",
        "horizon",
        "iterations",
        "kinds",
        "minimax",
        "prior",
        "rival",
        "rollout",
        "scale",
        "seconds",
        "seed",
        "width",
    )

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        depth: int | None = None,
        rollout: str | None = None,
        prior: int = DEFAULT_PRIOR,
        minimax: float | None = None,
        rival: float | None = None,
        denial: float | None = None,
        scale: str | None = None,
        width: int | None = None,
        horizon: str | None = None,
        kinds: Collection[str] | None = None,
        hints: bool = True,
        evaluator: str = "heuristic",
    ) -> None:
        if iterations is not None:
            check_int("iterations", iterations, 1, MAX_ITERATIONS)
        if seconds is not None:
            check_number("seconds", seconds, positive=True, most=MAX_SECONDS)
        elif iterations is None:
            iterations = DEFAULT_ITERATIONS
        check_number("exploration", exploration, positive=False)
        if depth is not None:
            check_int("depth", depth, 0)
        check_int("prior", prior, 0)
        if width is not None:
            check_int("width", width, 1)
        if not isinstance(hints, bool):
            raise ArgumentTypeError("hints", "true or false", hints)
        check_kinds(kinds)
        check_share("minimax", minimax)
        check_share("rival", rival)
        check_share("denial", denial)
        check_choice("evaluator", evaluator, EVALUATORS, optional=False)
        check_choice("scale", scale, SCALES)
        check_choice("rollout", rollout, ROLLOUTS)
        check_choice("horizon", horizon, HORIZONS)
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.depth = depth
        self.rollout = rollout
        self.prior = prior
        self.minimax = None if minimax is None else float(minimax)
        self.rival = None if rival is None else float(rival)
        self.denial = None if denial is None else float(denial)
        self.evaluator = evaluator
        self.scale = scale
        self.width = width
        self.horizon = horizon
        self.kinds = None if kinds is None else frozenset(kinds)
        self.hints = hints
        self._rng = random.Random(seed)
        self._greedy = GreedyAgent(seed)
        self._known: set[str] = set()  # the rulesets whose decision kinds were checked

    def __repr__(self) -> str:
        given = (("iterations", self.iterations), ("seconds", self.seconds), ("hints", self.hints))
        shown = [f"{k}={v!r}" for k, v in given if v is not None and v is not True]
        if self.evaluator != "heuristic":
            shown.append(f"evaluator={self.evaluator!r}")
        return f"ISMCTSAgent(seed={self.seed!r}, {', '.join(shown)})"

    def act(self, rules: Ruleset, state: State) -> Action:
        """Search from what the seat to act may see of ``state``; return the action chosen.

        Args:
            rules: The ruleset.
            state: A state in which a seat must decide.

        Returns:
            One of ``rules.legal_actions(state)``.

        Raises:
            StateError: No seat decides in this state, or it offers no legal action.
        """
        offered = rules.legal_actions(state)
        seat = state.to_act
        if seat < 0:
            raise StateError("no seat decides in this state")
        if not offered:
            raise StateError(f"seat {seat} has no legal action to choose from")
        if len(offered) == 1:
            return offered[0]
        hints = hints_for(self, rules, state.players)
        if self.kinds is not None:
            self._check_kinds(rules)
        kinds = self.kinds if self.kinds is not None else frozenset(hints.kinds) or None
        if kinds is not None and rules.decision(state).kind not in kinds:
            return self._greedy.act(rules, state)
        settings, rollout = search_settings(self, rules, state, hints, _DEFAULTS)
        seen = rules.observe(state, seat)
        search = {"greedy": RolloutSearch, "greedy-tree": LineTreeSearch}.get(rollout, Search)
        settings = settings._replace(kinds=kinds)
        return search(settings, rules, seen, offered, state.players, self._rng).run()

    def _check_kinds(self, rules: Ruleset) -> None:
        """Refuse ``kinds`` naming a decision ``rules`` never asks for; once per ruleset."""
        if rules.id in self._known or self.kinds is None:
            return
        check_kinds_asked(self.kinds, rules)
        self._known.add(rules.id)


_DEFAULTS: Final = Defaults(DEFAULT_DEPTH, DEFAULT_MINIMAX, DEFAULT_RIVAL)
