"""Turn structure as data: the phase table both editions declare.

An edition's state holds a *phase* value (a small frozen class such as
"the bidding of round 3" or "a galley battle's dice"). The edition declares,
in a table keyed by phase class, how each phase is decided: who sees which
prompt, how the legal actions or chance outcomes are listed, and which
function applies each kind of action. The kernel dispatches through that
table, so an edition's turn structure is a declaration that tools can read
(:func:`describe_phases`, and :func:`serenissima.compare_rulesets`), not a
chain of branches.

Example:
    A table with one chance phase::

        TABLE = {
            Rolling: PhaseRules(
                "dice", "C-BAT-3", "Both sides roll.", None, dice_outcomes, {Dice: apply_dice}
            ),
        }
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from serenissima.engine.core import Action, Event, PhaseInfo

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "ContextCache",
    "Dispatch",
    "Legal",
    "Outcomes",
    "PhaseInfo",
    "PhaseRules",
    "PhaseTable",
    "Step",
    "describe_phases",
    "table_legal",
    "table_outcomes",
    "table_step",
]

Legal = Callable[[Any, Any], tuple[Action, ...]]
"""``legal(ctx, state)``: the actions of the seat to act."""

Outcomes = Callable[[Any, Any], tuple[tuple[Action, Fraction], ...]]
"""``outcomes(ctx, state)``: a chance node's outcomes with exact probabilities."""

Step = Callable[[Any, Any, Any, list[Event]], Any]
"""``step(ctx, state, action, events)``: the new state; events are appended."""


class PhaseRules(NamedTuple):
    """How one phase is played.

    Attributes:
        kind: The decision kind shown to front ends, e.g. ``"bid"``.
        rule_id: The rule that gives the decision.
        prompt: What the actor decides, in one sentence.
        legal: Lists the legal actions (``None`` at chance nodes).
        outcomes: Lists the chance outcomes (``None`` at decisions).
        steps: For each action class, the function that applies it.

    Examples:
        >>> import attrs
        >>> from serenissima.engine.core import Action
        >>> from serenissima.engine.phases import PhaseRules
        >>> @attrs.frozen
        ... class Flip(Action):
        ...     def text(self) -> str:
        ...         return "flip"
        >>> @attrs.frozen
        ... class Waiting:
        ...     pass
        >>> @attrs.frozen
        ... class Toy:
        ...     phase: Waiting
        ...     flips: int = 0
        >>> def flip(ctx, state, action, events):
        ...     return Toy(state.phase, state.flips + 1)
        >>> rules = PhaseRules("flip", "T-1", "Flip.", lambda ctx, s: (Flip(),), None, {Flip: flip})
        >>> table = {Waiting: rules}
        >>> table[Waiting].kind, table[Waiting].legal(None, Toy(Waiting()))
        ('flip', (Flip(),))
    """

    kind: str
    rule_id: str
    prompt: str
    legal: Legal | None
    outcomes: Outcomes | None
    steps: Mapping[type[Action], Step]


PhaseTable = Mapping[type, PhaseRules]
"""An edition's phase table: phase class to :class:`PhaseRules`, in playing order."""

C = TypeVar("C")


class ContextCache(Generic[C]):
    """An engine's per-ruleset context (board indexes, parameters), built once per ruleset.

    One engine object serves every ruleset that names it (an installed
    edition and any variant folder), so the context is keyed by the ruleset.

    Args:
        build: Makes the context of a ruleset.

    Attributes:
        last: The last ruleset asked for and its context, ``(None, None)`` before
            the first: an engine may read it to answer the ruleset of the game it
            plays without calling :meth:`get` at every step.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.engine.phases import ContextCache
        >>> cache = ContextCache(lambda rules: len(rules.board.ports))
        >>> rules = load_ruleset("modern")
        >>> cache.get(rules), cache.get(rules) is cache.get(rules), cache.last == (rules, 19)
        (19, True, True)
    """

    __slots__ = ("_build", "_entries", "last")

    def __init__(self, build: Callable[[Ruleset], C]) -> None:
        self._build = build
        self._entries: dict[int, tuple[Ruleset, C]] = {}
        self.last: tuple[Ruleset | None, Any] = (None, None)

    def get(self, rules: Ruleset) -> C:
        """Return the context of ``rules``, building it the first time.

        The last ruleset asked for is answered without a look-up: a game asks
        for its context at every step, almost always for the same ruleset.
        """
        last = self.last
        if last[0] is rules:
            context: C = last[1]
            return context
        entry = self._entries.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = (rules, self._build(rules))
            self._entries[id(rules)] = entry
        self.last = entry
        return entry[1]


class Dispatch:
    """A phase table compiled for play: one look-up from a state to its lister or step.

    :func:`table_legal` and :func:`table_step` read the table on every call;
    an engine that plays many games builds a ``Dispatch`` once and calls it
    instead, with the same results.

    Args:
        table: The edition's phase table.

    Attributes:
        listers: Each phase class's lister: what :meth:`legal` looks up.
        steps: Each phase class's step functions by action class: what :meth:`step`
            looks up. An engine that lists and applies many actions in a row may
            read both tables itself and spare a call each time.

    Examples:
        >>> from serenissima import load_ruleset
        >>> from serenissima.engine.phases import Dispatch, table_legal
        >>> rules = load_ruleset("modern")
        >>> state, ctx = rules.new_game(players=4), rules.engine.ctx(rules)
        >>> Dispatch(ctx.flow.table).legal(ctx, state) == table_legal(ctx.flow.table, ctx, state)
        True
    """

    __slots__ = ("listers", "steps")

    def __init__(self, table: PhaseTable) -> None:
        self.listers: dict[type, Legal] = {phase: _lister(rules) for phase, rules in table.items()}
        self.steps: dict[type, Mapping[type[Action], Step]] = {
            phase: rules.steps for phase, rules in table.items()
        }

    def legal(self, ctx: Any, state: Any) -> tuple[Action, ...]:
        """The legal actions of ``state.phase`` (the outcomes at a chance node)."""
        return self.listers[type(state.phase)](ctx, state)

    def step(self, ctx: Any, state: Any, action: Action, events: list[Event]) -> Any:
        """Apply ``action`` through its phase's step function; events are appended."""
        return self.steps[type(state.phase)][type(action)](ctx, state, action, events)


def _lister(rules: PhaseRules) -> Legal:
    """The phase's legal actions; at a chance node, the actions of its outcomes."""
    if rules.legal is not None:
        return rules.legal
    outcomes = rules.outcomes
    assert outcomes is not None, "a phase lists either actions or outcomes"

    def legal(ctx: Any, state: Any) -> tuple[Action, ...]:
        return tuple(action for action, _ in outcomes(ctx, state))

    return legal


def table_legal(table: PhaseTable, ctx: Any, state: Any) -> tuple[Action, ...]:
    """Return the legal actions of ``state.phase`` (the outcomes at a chance node).

    Examples:
        >>> import attrs
        >>> from serenissima.engine.core import Action
        >>> from serenissima.engine.phases import PhaseRules
        >>> @attrs.frozen
        ... class Flip(Action):
        ...     def text(self) -> str:
        ...         return "flip"
        >>> @attrs.frozen
        ... class Waiting:
        ...     pass
        >>> @attrs.frozen
        ... class Toy:
        ...     phase: Waiting
        ...     flips: int = 0
        >>> def flip(ctx, state, action, events):
        ...     return Toy(state.phase, state.flips + 1)
        >>> rules = PhaseRules("flip", "T-1", "Flip.", lambda ctx, s: (Flip(),), None, {Flip: flip})
        >>> table = {Waiting: rules}
        >>> from serenissima.engine.phases import table_legal
        >>> table_legal(table, None, Toy(Waiting()))
        (Flip(),)
    """
    rules = table[type(state.phase)]
    if rules.legal is None:
        assert rules.outcomes is not None, "a phase lists either actions or outcomes"
        return tuple(action for action, _ in rules.outcomes(ctx, state))
    return rules.legal(ctx, state)


def table_outcomes(table: PhaseTable, ctx: Any, state: Any) -> tuple[tuple[Action, Fraction], ...]:
    """Return the chance outcomes of ``state.phase`` (empty at a decision).

    Examples:
        >>> import attrs
        >>> from serenissima.engine.core import Action
        >>> from serenissima.engine.phases import PhaseRules
        >>> @attrs.frozen
        ... class Flip(Action):
        ...     def text(self) -> str:
        ...         return "flip"
        >>> @attrs.frozen
        ... class Waiting:
        ...     pass
        >>> @attrs.frozen
        ... class Toy:
        ...     phase: Waiting
        ...     flips: int = 0
        >>> def flip(ctx, state, action, events):
        ...     return Toy(state.phase, state.flips + 1)
        >>> rules = PhaseRules("flip", "T-1", "Flip.", lambda ctx, s: (Flip(),), None, {Flip: flip})
        >>> table = {Waiting: rules}
        >>> from serenissima.engine.phases import table_outcomes
        >>> table_outcomes(table, None, Toy(Waiting()))
        ()
    """
    rules = table[type(state.phase)]
    return () if rules.outcomes is None else rules.outcomes(ctx, state)


def table_step(
    table: PhaseTable, ctx: Any, state: Any, action: Action
) -> tuple[Any, tuple[Event, ...]]:
    """Apply ``action`` through the step function its phase declares.

    Examples:
        >>> import attrs
        >>> from serenissima.engine.core import Action
        >>> from serenissima.engine.phases import PhaseRules
        >>> @attrs.frozen
        ... class Flip(Action):
        ...     def text(self) -> str:
        ...         return "flip"
        >>> @attrs.frozen
        ... class Waiting:
        ...     pass
        >>> @attrs.frozen
        ... class Toy:
        ...     phase: Waiting
        ...     flips: int = 0
        >>> def flip(ctx, state, action, events):
        ...     return Toy(state.phase, state.flips + 1)
        >>> rules = PhaseRules("flip", "T-1", "Flip.", lambda ctx, s: (Flip(),), None, {Flip: flip})
        >>> table = {Waiting: rules}
        >>> from serenissima.engine.phases import table_step
        >>> table_step(table, None, Toy(Waiting()), Flip())
        (Toy(phase=Waiting(), flips=1), ())
    """
    events: list[Event] = []
    new = table[type(state.phase)].steps[type(action)](ctx, state, action, events)
    return new, tuple(events)


def _keyword(action_type: type[Action]) -> str:
    keyword = getattr(action_type, "KEYWORD", None)
    return keyword if isinstance(keyword, str) else action_type.__name__.lower()


def describe_phases(table: PhaseTable) -> tuple[PhaseInfo, ...]:
    """Return the phases of a table as plain descriptions, in table order.

    An action class may name its text keyword in a class attribute ``KEYWORD``;
    otherwise its lower-cased class name is used.

    Examples:
        >>> import attrs
        >>> from serenissima.engine.core import Action
        >>> from serenissima.engine.phases import PhaseRules
        >>> @attrs.frozen
        ... class Flip(Action):
        ...     def text(self) -> str:
        ...         return "flip"
        >>> @attrs.frozen
        ... class Waiting:
        ...     pass
        >>> @attrs.frozen
        ... class Toy:
        ...     phase: Waiting
        ...     flips: int = 0
        >>> def flip(ctx, state, action, events):
        ...     return Toy(state.phase, state.flips + 1)
        >>> rules = PhaseRules("flip", "T-1", "Flip.", lambda ctx, s: (Flip(),), None, {Flip: flip})
        >>> table = {Waiting: rules}
        >>> from serenissima.engine.phases import describe_phases
        >>> describe_phases(table)
        (PhaseInfo(name='Waiting', kind='flip', rule_id='T-1', prompt='Flip.', chance=False,
                   actions=('flip',)),)
    """
    return tuple(
        PhaseInfo(
            name=phase.__name__,
            kind=rules.kind,
            rule_id=rules.rule_id,
            prompt=rules.prompt,
            chance=rules.legal is None,
            actions=tuple(sorted({_keyword(t) for t in rules.steps})),
        )
        for phase, rules in table.items()
    )
