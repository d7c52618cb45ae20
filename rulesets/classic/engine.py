"""The classic edition's engine: the phase table and the :class:`~serenissima.Engine` methods."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from random import Random
from typing import Any, get_args

from serenissima.engine.core import CHANCE, Action, Decision, Event, Observation, Standings, State
from serenissima.engine.encoding import Writer
from serenissima.engine.errors import IllegalActionError
from serenissima.engine.flow import FlowVocabulary, shipped_flow
from serenissima.engine.options import OptionSchema
from serenissima.engine.phases import ContextCache, PhaseInfo, table_outcomes
from serenissima.engine.ruleset import OptionValue, Ruleset
from serenissima.engine.spaces import Family
from serenissima.engine.view_plans import ViewPlan

from . import direct, encoding, heuristic, labels, pace, space
from .actions import ACTION_TYPES
from .bids.actions import Bid
from .common import DONE, Done, only_done
from .context import Ctx
from .events import EVENT_TYPES
from .explain import explain
from .helpers import Events
from .notation import parse
from .observation import ClassicObservation, observe
from .phases import Phase
from .render import render
from .sampling import sample_state, settle
from .scoring import standings
from .setup import start
from .state import ClassicOptions, ClassicState

__all__ = ["ClassicEngine"]

FLOW_VOCABULARY = FlowVocabulary(
    "serenissima_rulesets.classic",
    {phase.__name__: phase for phase in get_args(Phase)},
    {action.__name__: action for action in ACTION_TYPES},
    sequences=("round",),
)
"""What the classic ``flow.toml`` may name: its phases, actions and the round (C-ROUND-2)."""


class ClassicEngine:
    """The logic of the classic edition (1996)."""

    edition = "classic"
    state_type: type[State] = ClassicState
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    event_types: tuple[type[Event], ...] = EVENT_TYPES
    observation_type: type[Observation] = ClassicObservation
    unions: tuple[Any, ...] = (Phase,)
    option_schema: OptionSchema[ClassicOptions] = start.OPTION_SCHEMA
    """The options the code reads (see :data:`.setup.start.OPTION_SCHEMA`)."""
    flow_vocabulary: FlowVocabulary = FLOW_VOCABULARY
    """What ``flow.toml`` may name; the engine plays the flow it declares."""
    money_hidden = True
    """C-COMP-7: nobody sees another player's ducats (the conformance check tests it)."""

    def __init__(self) -> None:
        self._contexts = ContextCache(lambda rules: Ctx(rules, FLOW_VOCABULARY))

    def _legal(self, ctx: Ctx, state: ClassicState) -> tuple[Action, ...]:
        """Work out the legal actions and remember them for ``state``.

        The callers first look for those remembered (:attr:`.Ctx.last_legal`):
        the step that made ``state`` has often worked them out already.
        """
        actions = ctx.flow.dispatch.listers[type(state.phase)](ctx, state)
        ctx.last_legal = (state, actions)
        return actions

    def ctx(self, rules: Ruleset) -> Ctx:
        """Return the cached context of ``rules``."""
        return self._contexts.get(rules)

    def load_params(self, files: Any, board: Any) -> Any:
        """Read ``rules.toml`` into :class:`~serenissima_rulesets.classic.params.ClassicParams`."""
        from .loading import load_classic_params

        return load_classic_params(files, board)

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        """Return a new game before its first set-up decision."""
        return start.new_game(self.ctx(rules), players, options)

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        """Return the legal actions of the one who acts."""
        assert isinstance(state, ClassicState)
        cached = self._contexts.last  # the context of the game's ruleset, without a call
        ctx: Ctx = cached[1] if cached[0] is rules else self._contexts.get(rules)
        last = ctx.last_legal  # mostly worked out by the step that made ``state``
        return last[1] if last[0] is state else self._legal(ctx, state)

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of the chance node with their probabilities."""
        assert isinstance(state, ClassicState)
        ctx = self.ctx(rules)
        return table_outcomes(ctx.flow.table, ctx, state)

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal action, then pass over turns in which nothing can be done.

        A seat whose only choice in phases 2 to 6 would be ``done`` is not
        asked: its turn ends by itself (its phase-6 income is still paid).
        Every payment being public, so is the purses' change (:func:`.sampling.settle`).
        """
        assert isinstance(state, ClassicState)
        cached = self._contexts.last  # the context of the game's ruleset, without a call
        ctx: Ctx = cached[1] if cached[0] is rules else self._contexts.get(rules)
        events: Events = []
        flow = ctx.flow
        steps = flow.dispatch.steps  # what dispatch.step looks up, without its call
        new = steps[type(state.phase)][type(action)](ctx, state, action, events)
        while new.to_act != CHANCE and type(new.phase) in flow.passed_over:
            last = ctx.last_legal
            legal = last[1] if last[0] is new else self._legal(ctx, new)
            # not done alone (only_done, asked only when the one action is not DONE itself)
            if len(legal) != 1 or (legal[0] is not DONE and not only_done(legal)):
                break
            new = steps[type(new.phase)][Done](ctx, new, DONE, events)
        if new.ducats is not state.ducats:
            settle(state, new)  # the step's own new state, not yet handed out
        return new, tuple(events)

    def explain(self, rules: Ruleset, state: State, action: Action) -> IllegalActionError:
        """Say why ``action`` is illegal in ``state``."""
        assert isinstance(state, ClassicState)
        ctx = self.ctx(rules)
        return explain(ctx, state, action, ctx.flow.table[type(state.phase)])

    def label(self, rules: Ruleset, state: State, action: Action) -> str:
        """Say ``action`` in plain English (see :mod:`.labels`)."""
        return labels.label(rules.board, action)

    def decision(self, rules: Ruleset, state: State) -> Decision:
        """Describe the decision point."""
        assert isinstance(state, ClassicState)
        phase = self.ctx(rules).flow.table[type(state.phase)]
        return Decision(state.to_act, phase.kind, phase.rule_id, phase.prompt)

    def observe(self, rules: Ruleset, state: State, seat: int | None) -> ClassicObservation:
        """What ``seat`` may see: other seats' ducats and unrevealed bids are withheld."""
        assert isinstance(state, ClassicState)
        return observe(state, seat)

    def is_secret(self, rules: Ruleset, state: State, action: Action) -> bool:
        """A bid is made in secret (C-BID-2); every other action is taken in the open."""
        return isinstance(action, Bid)

    def sample_state(self, rules: Ruleset, observation: Observation, rng: Random) -> State:
        """A full state the seat cannot tell from the true one (see :mod:`.sampling`)."""
        assert isinstance(observation, ClassicObservation)
        return sample_state(self.ctx(rules), observation, rng)

    def standings(self, rules: Ruleset, state: State) -> Standings:
        """C-SCORE-2, C-SCORE-3: wealth points with their breakdown."""
        assert isinstance(state, ClassicState)
        return standings.standings(self.ctx(rules), state)

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        """Read an action's text form."""
        return parse(text)

    def render(self, rules: Ruleset, state: State, seen: Observation | None) -> str:
        """Draw the state as text for a terminal, as ``seen`` shows it (see :mod:`.render`)."""
        assert seen is None or isinstance(seen, ClassicObservation)
        assert isinstance(state, ClassicState)
        return render(self.ctx(rules), state, seen)

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        """Estimate the seat's wealth points at the end (see :mod:`.heuristic`)."""
        assert isinstance(state, ClassicState)
        return heuristic.estimate(self.ctx(rules), state, seat)

    def progress(self, rules: Ruleset, state: State) -> float:
        """The share of the game's rounds played (see :func:`.pace.progress`)."""
        assert isinstance(state, ClassicState)
        return pace.progress(state)

    def index_families(
        self, rules: Ruleset, state: State
    ) -> tuple[tuple[Family, ...], tuple[Family, ...]]:
        """The families of the index spaces of ``state``'s game (see :mod:`.space`)."""
        assert isinstance(state, ClassicState)
        return space.index_families(self.ctx(rules), state)

    def encode_observation(self, rules: Ruleset, observation: Observation, writer: Writer) -> None:
        """Write a seat's view into ``writer`` (see :mod:`.encoding`)."""
        assert isinstance(observation, ClassicObservation)
        encoding.encode(self.ctx(rules), observation, writer)

    def view_plan(self, rules: Ruleset, players: int) -> tuple[ViewPlan, direct.Tables]:
        """The vector as parts that read the state itself, and their tables (see :mod:`.direct`)."""
        return direct.VIEW_PLAN, direct.tables(self.ctx(rules), players)

    def phases(self) -> tuple[PhaseInfo, ...]:
        """Describe the edition's own flow (a ruleset's may differ: :meth:`.Ruleset.phases`)."""
        flow = shipped_flow(FLOW_VOCABULARY.package)
        assert flow is not None
        return flow.describe(FLOW_VOCABULARY)
