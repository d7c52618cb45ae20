"""The order of play as data: an edition's ``flow.toml``, read, checked and compiled.

An edition's ``flow.toml`` declares its *stages* (one per kind of decision:
who is asked what, under which rule, which function lists the choices and
which applies each kind of action) and its *sequences* (stages played one
after another, such as the classic round's five turn phases or the modern
action's loading, movement and sale). The engine builds its dispatch from
the declaration, so a variant folder that reorders a sequence, drops a stage
or withholds an action from one is TOML alone::

    start = "crew"

    [[sequence]]
    name = "round"
    rule = "C-ROUND-2"
    stages = ["purchases", "movement", "battles", "landing", "sales"]
    then = "flow.start_round"          # what follows the last stage
    leads_to = ["bid", "game-over"]

    [[stage]]
    kind = "bid"
    phase = "Bidding"
    rule = "C-BID-2"
    prompt = "Bid in secret for the turn order."
    legal = "bids.bidding.bid_actions"
    next = ["roll-off", "position"]
    apply = { Bid = "bids.bidding.apply_bid" }

Handlers are named ``module.function`` inside the edition's own package, the
module's path dotted where it lies in a stage's package (``purchases.deals.apply_ask``); a
name from anywhere else is refused. ``load_flow`` checks the file when
the ruleset loads (:mod:`.flow_load`): unknown keys, phases, actions and handlers, stages no
sequence or ``next`` can reach, and stages with no way on to the end of the
game are each a :class:`~serenissima.engine.errors.RulesetError` naming
``flow.toml`` and the key.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib.resources import files
from typing import TypeVar

import attrs

from serenissima.engine.core import PhaseInfo
from serenissima.engine.loader import structure

__all__ = [
    "FLOW_FILE",
    "FlowSpec",
    "FlowVocabulary",
    "SequenceSpec",
    "StageSpec",
    "describe_stages",
    "shipped_flow",
]

FLOW_FILE = "flow.toml"
"""The file that declares an edition's order of play."""


@attrs.frozen
class StageSpec:
    """One stage of play, as ``flow.toml`` declares it (a ``[[stage]]`` table).

    Attributes:
        kind: The decision kind front ends see, e.g. ``"bid"``; unique.
        phase: The name of the edition's phase class the state holds, e.g. ``"Bidding"``.
        rule: The rule that gives the decision.
        prompt: What the actor decides, in one sentence.
        legal: The handler listing the legal actions (a decision).
        outcomes: The handler listing the outcomes and their chances (a chance node).
        apply: For each action class's name, the handler that applies it.
        enter: The handler that begins the stage when its sequence reaches it.
        next: The stages its own actions may lead to, beyond its sequence.
        passed_over: Whether a seat with nothing to choose here is passed over unasked.
        turn_end: A handler run as each seat's turn of the stage ends.

    Example:
        >>> from serenissima import load_ruleset
        >>> stage = load_ruleset("classic").flow.stage_named("bid")
        >>> stage.phase, stage.apply
        ('Bidding', {'Bid': 'bids.bidding.apply_bid'})
    """

    kind: str
    phase: str
    rule: str
    prompt: str
    legal: str | None
    outcomes: str | None
    apply: dict[str, str] = attrs.field(factory=dict)
    enter: str | None = None
    next: tuple[str, ...] = ()
    passed_over: bool = False
    turn_end: str | None = None


@attrs.frozen
class SequenceSpec:
    """Stages played one after another (a ``[[sequence]]`` table).

    Attributes:
        name: The name the edition's code asks for, e.g. ``"round"``.
        rule: The rule that orders the stages.
        stages: The stages' kinds, in playing order.
        then: The handler called when the last stage is left.
        leads_to: The stages ``then`` may lead to.

    Example:
        >>> from serenissima import load_ruleset
        >>> load_ruleset("classic").flow.sequence_named("round").stages
        ('purchases', 'movement', 'battles', 'landing', 'sales')
    """

    name: str
    rule: str
    stages: tuple[str, ...]
    then: str
    leads_to: tuple[str, ...]


@attrs.frozen
class FlowSpec:
    """An edition's order of play: where a game starts, its sequences and its stages.

    Attributes:
        start: The kind of the stage a new game begins in.
        sequence: The sequences, in file order.
        stage: The stages, in file order (the order the rules reference lists them).

    Example:
        >>> from serenissima import load_ruleset
        >>> flow = load_ruleset("modern").flow
        >>> flow.start, [s.name for s in flow.sequence]
        ('close-port', ['action', 'investment', 'end'])
    """

    start: str
    stage: tuple[StageSpec, ...]
    sequence: tuple[SequenceSpec, ...] = ()

    def stage_named(self, kind: str) -> StageSpec:
        """The stage of decision kind ``kind``.

        Raises:
            KeyError: No stage has that kind.
        """
        return _first(self.stage, "kind", kind)

    def stage_of(self, phase: str) -> StageSpec:
        """The stage played in the phase class named ``phase``.

        Raises:
            KeyError: No stage has that phase.
        """
        return _first(self.stage, "phase", phase)

    def sequence_named(self, name: str) -> SequenceSpec:
        """The sequence called ``name``.

        Raises:
            KeyError: No sequence has that name.
        """
        return _first(self.sequence, "name", name)

    def successors(self, kind: str) -> frozenset[str]:
        """The stages play may go to from stage ``kind``, passing over stages passed unasked.

        Example:
            >>> from serenissima import load_ruleset
            >>> sorted(load_ruleset("classic").flow.successors("landing"))
            ['bid', 'game-over', 'sales']
        """
        direct = self.edges()
        passable = {s.kind for s in self.stage if s.passed_over}
        seen: set[str] = set()
        todo = list(direct.get(kind, ()))
        while todo:
            target = todo.pop()
            if target in seen:
                continue
            seen.add(target)
            if target in passable:
                todo.extend(direct.get(target, ()))
        return frozenset(seen)

    def edges(self) -> dict[str, list[str]]:
        """Each stage's successors: its ``next``, then its sequence's next stage or ``leads_to``.

        Example:
            >>> from serenissima import load_ruleset
            >>> load_ruleset("classic").flow.edges()["position"]
            ['purchases']
        """
        edges = {stage.kind: list(stage.next) for stage in self.stage}
        for sequence in self.sequence:
            for kind, following in zip(sequence.stages, sequence.stages[1:], strict=False):
                edges[kind].append(following)
            edges[sequence.stages[-1]].extend(sequence.leads_to)
        return edges

    def describe(self, vocabulary: FlowVocabulary) -> tuple[PhaseInfo, ...]:
        """The stages as plain descriptions, in file order (see :class:`PhaseInfo`)."""
        return tuple(
            PhaseInfo(
                name=stage.phase,
                kind=stage.kind,
                rule_id=stage.rule,
                prompt=stage.prompt,
                chance=stage.legal is None,
                actions=tuple(sorted({vocabulary.keyword(name) for name in stage.apply})),
            )
            for stage in self.stage
        )


@attrs.frozen
class FlowVocabulary:
    """What a ``flow.toml`` may name: an edition's package, phase and action classes.

    Attributes:
        package: The package whose modules hold the handlers.
        phases: The phase classes by name.
        actions: The action classes by name.
        sequences: The sequences the edition's code asks for by name.
        entered: Those of them whose stages begin through their ``enter`` handler.

    Example:
        >>> from serenissima import load_ruleset
        >>> vocabulary = load_ruleset("classic").engine.flow_vocabulary
        >>> vocabulary.package, vocabulary.sequences
        ('serenissima_rulesets.classic', ('round',))
    """

    package: str
    phases: Mapping[str, type]
    actions: Mapping[str, type]
    sequences: tuple[str, ...] = ()
    entered: tuple[str, ...] = ()

    def keyword(self, action: str) -> str:
        """The text keyword of the action class named ``action``."""
        cls = self.actions[action]
        keyword = getattr(cls, "KEYWORD", None)
        return keyword if isinstance(keyword, str) else cls.__name__.lower()


@functools.cache
def shipped_flow(package: str) -> FlowSpec | None:
    """The flow that an edition's package ships (``None`` without one), as declared.

    It is the reference for withheld actions, and what ``engine.phases()`` describes.

    Example:
        >>> shipped_flow("serenissima_rulesets.classic").start
        'crew'
    """
    path = files(package) / FLOW_FILE
    if not path.is_file():
        return None
    return structure(tomllib.loads(path.read_text(encoding="utf-8")), FlowSpec, file=FLOW_FILE)


def describe_stages(flow: FlowSpec | None, engine: object) -> tuple[PhaseInfo, ...]:
    """The stages a ruleset plays, in its flow's order: ``rules.flow`` and ``rules.engine``.

    An engine without a flow vocabulary (or a ruleset without a flow) is described by its
    own ``phases()``.

    Example:
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("classic")
        >>> [phase.kind for phase in describe_stages(rules.flow, rules.engine)][:3]
        ['crew', 'bid', 'roll-off']
    """
    vocabulary = getattr(engine, "flow_vocabulary", None)
    if flow is None or not isinstance(vocabulary, FlowVocabulary):
        phases: tuple[PhaseInfo, ...] = engine.phases()  # type: ignore[attr-defined]
        return phases
    return flow.describe(vocabulary)


_Entry = TypeVar("_Entry", StageSpec, SequenceSpec)


def _first(entries: tuple[_Entry, ...], field: str, value: str) -> _Entry:
    """The first of ``entries`` whose ``field`` is ``value``; ``KeyError`` when none is."""
    for entry in entries:
        if getattr(entry, field) == value:
            return entry
    raise KeyError(value)
