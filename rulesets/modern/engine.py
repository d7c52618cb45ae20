"""The modern edition's engine: the :class:`~serenissima.Engine` methods.

They dispatch through the phase table that ``flow.toml`` declares, compiled
once per ruleset (:attr:`.Ctx.flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from random import Random
from typing import Any, get_args

from serenissima.engine.core import (
    TERMINAL,
    Action,
    Decision,
    Event,
    Observation,
    Standing,
    Standings,
    State,
)
from serenissima.engine.encoding import Writer
from serenissima.engine.errors import ActionParseError, IllegalActionError
from serenissima.engine.flow import FlowVocabulary, shipped_flow
from serenissima.engine.options import OptionSchema
from serenissima.engine.phases import ContextCache, PhaseInfo, table_outcomes
from serenissima.engine.pieces import reckoning_after
from serenissima.engine.rule_index import rule
from serenissima.engine.ruleset import OptionValue, Ruleset
from serenissima.engine.spaces import Family
from serenissima.engine.view_plans import ViewPlan

from . import direct, encoding, labels, space
from .actions import ACTION_TYPES
from .context import Ctx
from .events import EVENT_TYPES
from .explain import explain
from .notation import parse
from .observation import ModernObservation, observe
from .phases import Phase
from .render import render
from .sampling import sample_state
from .scoring import standings
from .setup import start
from .state import Activation, ModernOptions, ModernState

__all__ = ["ModernEngine"]

_store_reckoning: Callable[[ModernState, tuple[int, ...]], None] = vars(ModernState)[
    "reckoned"
].__set__
"""Write the ``reckoned`` slot of a state (only :func:`_settle` does, into a state of its own)."""


def _settle(before: ModernState, after: ModernState) -> None:
    """Move the public reckoning of ``after`` as :func:`.sampling.reckon` does, in ``after`` itself.

    Only for a state a step has just built and not yet handed out: it is then
    as if the step had built it with that reckoning, and the state is not built
    a second time.
    """
    reckoned, purses = before.reckoned, before.ducats
    if reckoned == purses:  # as in play: the reckoning is the purses, before and after
        _store_reckoning(after, (*after.ducats,))
    else:
        _store_reckoning(after, reckoning_after(reckoned, purses, after.ducats))


FLOW_VOCABULARY = FlowVocabulary(
    "serenissima_rulesets.modern",
    {phase.__name__: phase for phase in get_args(Phase)},
    {action.__name__: action for action in ACTION_TYPES},
    sequences=("action", "investment", "end"),
    entered=("action", "investment", "end"),
)
"""What the modern ``flow.toml`` may name: its phases, actions and sequences (M-TURN, M-END)."""


class ModernEngine:
    """The logic of the modern edition (2nd edition, 2012)."""

    edition = "modern"
    state_type: type[State] = ModernState
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    event_types: tuple[type[Event], ...] = EVENT_TYPES
    observation_type: type[Observation] = ModernObservation
    unions: tuple[Any, ...] = (Phase, Activation | None)
    option_schema: OptionSchema[ModernOptions] = start.OPTION_SCHEMA
    """The options the code reads (see :data:`.setup.start.OPTION_SCHEMA`)."""
    flow_vocabulary: FlowVocabulary = FLOW_VOCABULARY
    """What ``flow.toml`` may name; the engine plays the flow it declares."""

    def __init__(self) -> None:
        self._contexts = ContextCache(lambda rules: Ctx(rules, FLOW_VOCABULARY))

    def ctx(self, rules: Ruleset) -> Ctx:
        """Return the cached context of ``rules``."""
        return self._contexts.get(rules)

    def load_params(self, files: Any, board: Any) -> Any:
        """Read ``rules.toml`` into :class:`~serenissima_rulesets.modern.params.ModernParams`."""
        from .loading import load_modern_params

        return load_modern_params(files, board)

    def new_game(self, rules: Ruleset, players: int, options: Mapping[str, OptionValue]) -> State:
        """Return a new game before its first set-up decision."""
        return start.new_game(self.ctx(rules), players, options)

    def legal_actions(self, rules: Ruleset, state: State) -> tuple[Action, ...]:
        """Return the legal actions of the one who acts."""
        assert isinstance(state, ModernState)
        cached = self._contexts.last  # the context of the game's ruleset, without a call
        ctx: Ctx = cached[1] if cached[0] is rules else self._contexts.get(rules)
        return ctx.listers[type(state.phase)](ctx, state)  # dispatch.legal, without its call

    def chance_outcomes(self, rules: Ruleset, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """Return the outcomes of the chance node with their probabilities."""
        assert isinstance(state, ModernState)
        ctx = self.ctx(rules)
        return table_outcomes(ctx.flow.table, ctx, state)

    def step(self, rules: Ruleset, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """Apply a legal action.

        Whatever the purses changed by, every payment being public, their
        public reckoning changes by as much (see :func:`.sampling.reckon`), written
        into the step's new state itself (:func:`_settle`).
        """
        assert isinstance(state, ModernState)
        events: list[Event] = []
        cached = self._contexts.last  # the context of the game's ruleset, without a call
        ctx: Ctx = cached[1] if cached[0] is rules else self._contexts.get(rules)
        new = ctx.steps[type(state.phase)][type(action)](ctx, state, action, events)
        if new.ducats is not state.ducats:
            _settle(state, new)  # the step's own new state, not yet handed out
        return new, tuple(events)

    def render(self, rules: Ruleset, state: State, seen: Observation | None) -> str:
        """Draw the state as text for a terminal, as ``seen`` shows it (see :mod:`.render`)."""
        assert seen is None or isinstance(seen, ModernObservation)
        assert isinstance(state, ModernState)
        return render(self.ctx(rules), state, seen)

    def evaluate(self, rules: Ruleset, state: State, seat: int) -> float:
        """Estimate the seat's ducats at the end (see :mod:`.heuristic`), from what it may know."""
        assert isinstance(state, ModernState)
        from .heuristic import estimate

        return estimate(self.ctx(rules), state, seat)

    def progress(self, rules: Ruleset, state: State) -> float:
        """The share of the game played (see :func:`.heuristic.progress`)."""
        assert isinstance(state, ModernState)
        from .heuristic import progress

        return progress(self.ctx(rules), state)

    def index_families(
        self, rules: Ruleset, state: State
    ) -> tuple[tuple[Family, ...], tuple[Family, ...]]:
        """The families of the index spaces of ``state``'s game (see :mod:`.space`)."""
        assert isinstance(state, ModernState)
        return space.index_families(self.ctx(rules), state)

    def encode_observation(self, rules: Ruleset, observation: Observation, writer: Writer) -> None:
        """Write a seat's view into ``writer`` (see :mod:`.encoding`)."""
        assert isinstance(observation, ModernObservation)
        encoding.encode(self.ctx(rules), observation, writer)

    def view_plan(self, rules: Ruleset, players: int) -> tuple[ViewPlan, direct.Tables]:
        """The vector as parts that read the state itself, and their tables (see :mod:`.direct`)."""
        return direct.VIEW_PLAN, direct.tables(self.ctx(rules), players)

    def phases(self) -> tuple[PhaseInfo, ...]:
        """Describe the edition's own flow (a ruleset's may differ: :meth:`.Ruleset.phases`)."""
        flow = shipped_flow(FLOW_VOCABULARY.package)
        assert flow is not None
        return flow.describe(FLOW_VOCABULARY)

    def explain(self, rules: Ruleset, state: State, action: Action) -> IllegalActionError:
        """Say why ``action`` is illegal in ``state``."""
        assert isinstance(state, ModernState)
        ctx = self.ctx(rules)
        return explain(ctx, state, action, ctx.flow.table[type(state.phase)])

    def label(self, rules: Ruleset, state: State, action: Action) -> str:
        """Say ``action`` in plain English (see :mod:`.labels`)."""
        assert isinstance(state, ModernState)
        return labels.label(rules, state, action)

    def decision(self, rules: Ruleset, state: State) -> Decision:
        """Describe the decision point."""
        assert isinstance(state, ModernState)
        phase = self.ctx(rules).flow.table[type(state.phase)]
        return Decision(state.to_act, phase.kind, phase.rule_id, phase.prompt)

    def observe(self, rules: Ruleset, state: State, seat: int | None) -> ModernObservation:
        """What ``seat`` may see: with hidden money, other seats' ducats are withheld."""
        assert isinstance(state, ModernState)
        return observe(state, seat)

    def is_secret(self, rules: Ruleset, state: State, action: Action) -> bool:
        """Every action of the modern game is taken in the open."""
        return False

    def sample_state(self, rules: Ruleset, observation: Observation, rng: Random) -> State:
        """A full state the seat cannot tell from the true one (see :mod:`.sampling`)."""
        assert isinstance(observation, ModernObservation)
        return sample_state(observation, rng)

    @rule("M-GAME-2")
    def standings(self, rules: Ruleset, state: State) -> Standings:
        """M-GAME-2: ducats, then ports owned; further ties share the rank."""
        assert isinstance(state, ModernState)
        _, rows = standings.ranking(self.ctx(rules), state)
        entries = []
        for seat, ducats, ports in rows:
            rank = 1 + sum(1 for _, d, p in rows if (d, p) > (ducats, ports))
            breakdown = (
                ("ducats", ducats),
                ("ports", ports),
                ("galleys", sum(1 for g in state.galleys if g.owner == seat)),
            )
            entries.append(Standing(seat, rank, ducats, breakdown))
        entries.sort(key=lambda s: (s.rank, s.seat))
        return Standings(tuple(entries), state.to_act == TERMINAL)

    def parse_action(self, rules: Ruleset, state: State, text: str) -> Action:
        """Read an action's text; ``sell GOOD`` may omit the port when the space has one."""
        assert isinstance(state, ModernState)
        words = text.split()
        if len(words) == 2 and words[0].lower() == "sell" and state.act is not None:
            galley = state.galley(state.act.galley)
            ports = self.ctx(rules).board.ports_in(galley.area) if galley else ()
            if len(ports) != 1:
                raise ActionParseError(text, "name the port to sell to: sell GOOD PORT")
            text = f"{text} {rules.board.ports[ports[0]].id}"
        return parse(text)
