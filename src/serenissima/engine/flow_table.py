"""A declared flow compiled for play: the phase table, the sequences and their handlers.

:func:`serenissima.engine.flow_load.load_flow` reads and checks ``flow.toml``;
:class:`CompiledFlow` turns the checked declaration into what the engine runs:
the phase table (:class:`~serenissima.engine.phases.PhaseRules` per phase
class) and its :class:`~serenissima.engine.phases.Dispatch`, and the moves
between stages that the edition's handlers ask for by name: :meth:`begin
<CompiledFlow.begin>` a sequence, :meth:`leave <CompiledFlow.leave>` a
stage for the next one of its sequence, or what follows the sequence.

A stage that declares fewer actions than the edition's own flow gives the same
phase *withholds* the others: they are dropped from its legal actions, and
refused if played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from serenissima.engine.core import Action
from serenissima.engine.errors import RulesetError
from serenissima.engine.flow import FLOW_FILE, FlowSpec, FlowVocabulary, shipped_flow
from serenissima.engine.flow_load import resolve_handler
from serenissima.engine.phases import Dispatch, Legal, PhaseRules

__all__ = ["CompiledFlow"]

S = TypeVar("S")

Enter = Callable[..., Any]
"""``enter(ctx, state, events, **changes)``: the state as a stage (or what follows) begins."""


class CompiledFlow(Generic[S]):
    """A checked flow, ready for play.

    Args:
        spec: The declaration (``rules.flow``).
        vocabulary: The edition's names (``engine.flow_vocabulary``).

    Attributes:
        table: The phase table, phase class to :class:`~serenissima.engine.phases.PhaseRules`.
        dispatch: The table compiled for play.
        passed_over: The phase classes of stages whose seat may be passed over unasked.
        accepted: For each stage that withholds actions, the action classes it accepts
            (see :meth:`admit`).

    Example:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("classic")
        >>> flow = CompiledFlow(rules.flow, rules.engine.flow_vocabulary)
        >>> [phase.__name__ for phase in flow.sequence("round")]
        ['Purchasing', 'Moving', 'Fighting', 'Landing', 'Selling']
        >>> flow.kind(flow.sequence("round")[0])
        'purchases'
    """

    __slots__ = (
        "_after",
        "_enter",
        "_kind",
        "_phase",
        "_sequences",
        "_then",
        "_withheld_at",
        "accepted",
        "dispatch",
        "passed_over",
        "table",
        "turn_end",
    )

    def __init__(self, spec: FlowSpec, vocabulary: FlowVocabulary) -> None:
        def handler(name: str, key: str) -> Any:
            return resolve_handler(vocabulary, name, key=key)

        shipped = shipped_flow(vocabulary.package)
        table: dict[type, PhaseRules] = {}
        self._enter: dict[str, Enter] = {}
        self.accepted: dict[type, frozenset[type[Action]]] = {}
        self._withheld_at: dict[type, tuple[str, str]] = {}
        self.turn_end: dict[type, Any] = {}
        for index, stage in enumerate(spec.stage):
            key = f"stage[{index}]"
            phase = vocabulary.phases[stage.phase]
            steps = {
                vocabulary.actions[name]: handler(h, f"{key}.apply.{name}")
                for name, h in stage.apply.items()
            }
            legal = None if stage.legal is None else handler(stage.legal, f"{key}.legal")
            outcomes = (
                None if stage.outcomes is None else handler(stage.outcomes, f"{key}.outcomes")
            )
            own = _own_actions(shipped, stage.phase)
            if legal is not None and own - set(stage.apply):
                self.accepted[phase] = frozenset(steps)
                self._withheld_at[phase] = (f"{key}.apply", stage.kind)
                legal = _withholding(legal, self, phase)
            table[phase] = PhaseRules(stage.kind, stage.rule, stage.prompt, legal, outcomes, steps)
            if stage.enter is not None:
                self._enter[stage.kind] = handler(stage.enter, f"{key}.enter")
            if stage.turn_end is not None:
                self.turn_end[phase] = handler(stage.turn_end, f"{key}.turn_end")
        self.table = table
        self.dispatch = Dispatch(table)
        self._kind = {vocabulary.phases[s.phase]: s.kind for s in spec.stage}
        self._phase = {kind: phase for phase, kind in self._kind.items()}
        self.passed_over = frozenset(
            vocabulary.phases[s.phase] for s in spec.stage if s.passed_over
        )
        self._sequences = {
            sequence.name: tuple(self._phase[kind] for kind in sequence.stages)
            for sequence in spec.sequence
        }
        self._then: dict[str, Enter] = {}
        self._after: dict[str, tuple[str, str | None]] = {}
        for index, sequence in enumerate(spec.sequence):
            self._then[sequence.name] = handler(sequence.then, f"sequence[{index}].then")
            following = (*sequence.stages[1:], None)
            for kind, after in zip(sequence.stages, following, strict=True):
                self._after[kind] = (sequence.name, after)

    def admit(self, phase: type, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """``legal`` without the actions the stage of ``phase`` withholds.

        Raises:
            RulesetError: The stage withholds every action the edition offers the seat
                here, so the seat could never leave it (naming ``flow.toml`` and the
                stage's ``apply``); the state is unchanged.
        """
        accepted = self.accepted.get(phase)
        if accepted is None:
            return legal
        kept = tuple(action for action in legal if type(action) in accepted)
        if legal and not kept:
            key, kind = self._withheld_at[phase]
            offered = ", ".join(sorted({type(action).__name__ for action in legal}))
            raise RulesetError(
                FLOW_FILE,
                key,
                f"an action that lets the seat leave stage {kind!r}: it withholds every one "
                f"the edition offers here ({offered})",
            )
        return kept

    def kind(self, phase: type) -> str:
        """The decision kind of the stage played in phase class ``phase``."""
        return self._kind[phase]

    def phase(self, kind: str) -> type:
        """The phase class of the stage of decision kind ``kind``."""
        return self._phase[kind]

    def sequence(self, name: str) -> tuple[type, ...]:
        """The phase classes of sequence ``name``, in playing order."""
        return self._sequences[name]

    def begin(self, name: str, ctx: Any, state: S, events: Any, **changes: Any) -> S:
        """Begin sequence ``name`` with its first stage's ``enter`` handler."""
        first = self._kind[self._sequences[name][0]]
        return cast("S", self._enter[first](ctx, state, events, **changes))

    def leave(self, kind: str, ctx: Any, state: S, events: Any, **changes: Any) -> S:
        """Leave stage ``kind``: begin the next stage of its sequence, or what follows it."""
        name, after = self._after[kind]
        if after is None:
            return cast("S", self._then[name](ctx, state, events, **changes))
        return cast("S", self._enter[after](ctx, state, events, **changes))

    def finish(self, name: str, ctx: Any, state: S, events: Any, **changes: Any) -> S:
        """End sequence ``name`` at once (its ``then`` handler), wherever it is."""
        return cast("S", self._then[name](ctx, state, events, **changes))


def _withholding(legal: Legal, flow: CompiledFlow[Any], phase: type) -> Legal:
    """``legal`` without the actions its stage does not accept (see :meth:`CompiledFlow.admit`)."""

    def withheld(ctx: Any, state: Any) -> tuple[Action, ...]:
        return flow.admit(phase, legal(ctx, state))

    return withheld


def _own_actions(shipped: FlowSpec | None, phase: str) -> set[str]:
    if shipped is None:
        return set()
    try:
        return set(shipped.stage_of(phase).apply)
    except KeyError:
        return set()
