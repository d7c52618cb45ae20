"""Reading and checking ``flow.toml``: every name known, every stage reached and left.

:func:`load_flow` structures the file into a :class:`~serenissima.engine.flow.FlowSpec`
and :func:`check_flow` checks it against the edition's
:class:`~serenissima.engine.flow.FlowVocabulary`; each problem is a
:class:`~serenissima.engine.errors.RulesetError` naming ``flow.toml`` and the key.
:func:`resolve_handler` finds a handler named ``module.function`` in the
edition's package, and nowhere else.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from serenissima.engine.errors import RulesetError
from serenissima.engine.flow import FLOW_FILE, FlowSpec, FlowVocabulary, StageSpec, shipped_flow
from serenissima.engine.loader import check_member, check_unique, structure

if TYPE_CHECKING:
    from serenissima.engine.loader import RulesetFiles

__all__ = ["check_flow", "load_flow", "resolve_handler"]

_HANDLER = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+")


def load_flow(files: RulesetFiles, vocabulary: FlowVocabulary) -> FlowSpec:
    """Read and check a ruleset's ``flow.toml`` (see :func:`check_flow`).

    Raises:
        RulesetError: A malformed file, or a flow that cannot be played.

    Example:
        >>> from serenissima import load_ruleset
        >>> [s.kind for s in load_ruleset("classic").flow.stage][:3]
        ['crew', 'bid', 'roll-off']
    """
    flow = structure(files.toml(FLOW_FILE), FlowSpec, file=FLOW_FILE)
    check_flow(flow, vocabulary)
    return flow


def check_flow(flow: FlowSpec, vocabulary: FlowVocabulary) -> None:
    """Check that every name of ``flow`` is known and that every stage can be reached and left.

    Raises:
        RulesetError: Naming ``flow.toml`` and the key at fault.

    Example:
        >>> import attrs
        >>> from serenissima import load_ruleset
        >>> rules = load_ruleset("classic")
        >>> lost = attrs.evolve(rules.flow, start="auction")
        >>> check_flow(lost, rules.engine.flow_vocabulary)
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: flow.toml: start: expected one of crew, ...
    """
    kinds = [stage.kind for stage in flow.stage]
    check_unique(kinds, file=FLOW_FILE, key="stage[{}].kind", what="kind")
    check_unique([s.phase for s in flow.stage], file=FLOW_FILE, key="stage[{}].phase", what="phase")
    check_member(flow.start, kinds, file=FLOW_FILE, key="start")
    for index, stage in enumerate(flow.stage):
        _check_stage(stage, f"stage[{index}]", kinds, vocabulary)
    names = [sequence.name for sequence in flow.sequence]
    check_unique(names, file=FLOW_FILE, key="sequence[{}].name", what="name")
    for name in vocabulary.sequences:
        if name not in names:
            expected = f"a sequence named {name!r}, which the edition's code plays"
            raise RulesetError(FLOW_FILE, "sequence", f"expected {expected}")
    placed: dict[str, str] = {}
    for index, sequence in enumerate(flow.sequence):
        key = f"sequence[{index}]"
        check_member(sequence.name, vocabulary.sequences, file=FLOW_FILE, key=f"{key}.name")
        if not sequence.stages:
            raise RulesetError(FLOW_FILE, f"{key}.stages", "expected at least one stage")
        for at, kind in enumerate(sequence.stages):
            check_member(kind, kinds, file=FLOW_FILE, key=f"{key}.stages[{at}]")
            if sequence.name in vocabulary.entered and flow.stage_named(kind).enter is None:
                where = f"stage[{kinds.index(kind)}].enter"
                expected = f"the handler that begins {kind!r}, as sequence {sequence.name!r} needs"
                raise RulesetError(FLOW_FILE, where, f"expected {expected}")
            if kind in placed:
                again = f"{kind!r} is already in sequence {placed[kind]!r}"
                raise RulesetError(FLOW_FILE, f"{key}.stages[{at}]", f"expected {again} only")
            placed[kind] = sequence.name
        for at, kind in enumerate(sequence.leads_to):
            check_member(kind, kinds, file=FLOW_FILE, key=f"{key}.leads_to[{at}]")
        resolve_handler(vocabulary, sequence.then, key=f"{key}.then")
    _check_paths(flow)


def _check_stage(stage: StageSpec, key: str, kinds: list[str], vocabulary: FlowVocabulary) -> None:
    check_member(stage.phase, sorted(vocabulary.phases), file=FLOW_FILE, key=f"{key}.phase")
    if stage.legal is not None and stage.outcomes is not None:
        expected = "either legal (a decision) or outcomes (a chance node), not both"
        raise RulesetError(FLOW_FILE, key, f"expected {expected}")
    if stage.legal is None and stage.outcomes is None:
        expected = "legal (a decision) or outcomes (a chance node)"
        raise RulesetError(FLOW_FILE, key, f"expected {expected}")
    for field in ("legal", "outcomes", "enter", "turn_end"):
        name = getattr(stage, field)
        if name is not None:
            resolve_handler(vocabulary, name, key=f"{key}.{field}")
    for action, handler in stage.apply.items():
        check_member(action, sorted(vocabulary.actions), file=FLOW_FILE, key=f"{key}.apply")
        resolve_handler(vocabulary, handler, key=f"{key}.apply.{action}")
    for at, kind in enumerate(stage.next):
        check_member(kind, kinds, file=FLOW_FILE, key=f"{key}.next[{at}]")
    _check_bindings(stage, key, vocabulary)


def _check_bindings(stage: StageSpec, key: str, vocabulary: FlowVocabulary) -> None:
    """The functions bound to a phase are the edition's own for that phase.

    A lister or an action's function is written for one phase of the edition; a
    flow may reorder stages and withhold actions, not bind them to another phase.
    """
    shipped = shipped_flow(vocabulary.package)
    if shipped is None:
        return
    try:
        own = shipped.stage_of(stage.phase)
    except KeyError:
        return
    for field in ("legal", "outcomes"):
        if getattr(stage, field) != getattr(own, field):
            expected = f"{getattr(own, field)!r}, the edition's {field} of phase {stage.phase}"
            raise RulesetError(FLOW_FILE, f"{key}.{field}", f"expected {expected}")
    for action, handler in stage.apply.items():
        if action not in own.apply:
            known = ", ".join(own.apply) or "none"
            expected = f"an action the edition takes in phase {stage.phase} ({known})"
            raise RulesetError(FLOW_FILE, f"{key}.apply", f"expected {expected}, got {action!r}")
        if handler != own.apply[action]:
            expected = f"{own.apply[action]!r}, the edition's function for {action} here"
            raise RulesetError(FLOW_FILE, f"{key}.apply.{action}", f"expected {expected}")


def _check_paths(flow: FlowSpec) -> None:
    """Every stage reachable from the start, and every stage with a way on to an end."""
    edges = flow.edges()
    reached = _reach(edges, [flow.start])
    for index, stage in enumerate(flow.stage):
        if stage.kind not in reached:
            expected = f"a stage that play can reach from {flow.start!r} (by next or a sequence)"
            raise RulesetError(FLOW_FILE, f"stage[{index}].kind", f"expected {expected}")
    ends = {stage.kind for stage in flow.stage if not stage.apply}
    if not ends:
        raise RulesetError(FLOW_FILE, "stage", "expected a stage that ends the game (no apply)")
    for index, stage in enumerate(flow.stage):
        if stage.kind in ends:
            if edges[stage.kind]:
                raise RulesetError(
                    FLOW_FILE, f"stage[{index}]", "expected no way on from a stage with no apply"
                )
            continue
        if not _reach(edges, [stage.kind]) & ends:
            expected = f"a way on to the end of the game ({', '.join(sorted(ends))})"
            raise RulesetError(FLOW_FILE, f"stage[{index}].next", f"expected {expected}")


def _reach(edges: Mapping[str, list[str]], start: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(start)
    while todo:
        kind = todo.pop()
        if kind not in seen:
            seen.add(kind)
            todo.extend(edges.get(kind, ()))
    return seen


def resolve_handler(vocabulary: FlowVocabulary, name: str, *, key: str) -> Callable[..., Any]:
    """The function ``name`` (``module.function``, the module, maybe dotted, in the edition).

    Raises:
        RulesetError: A name of another shape, a module the package lacks, or
            no public function of that name in it.

    Example:
        >>> from serenissima import load_ruleset
        >>> vocabulary = load_ruleset("classic").engine.flow_vocabulary
        >>> resolve_handler(vocabulary, "bids.bidding.apply_bid", key="stage[1].apply.Bid").__name__
        'apply_bid'
        >>> resolve_handler(vocabulary, "os.system", key="stage[1].legal")
        Traceback (most recent call last):
        ...
        serenissima.engine.errors.RulesetError: flow.toml: stage[1].legal: expected a function ...
    """
    package = vocabulary.package
    expected = f"a function of {package} named module.function, such as 'bids.bidding.apply_bid'"
    if not isinstance(name, str) or not _HANDLER.fullmatch(name):
        raise RulesetError(FLOW_FILE, key, f"expected {expected}, got {name!r}")
    module_name, _, function_name = name.rpartition(".")
    full = f"{package}.{module_name}"
    try:
        found = importlib.util.find_spec(full) is not None
    except ModuleNotFoundError:
        found = False
    if not found:
        raise RulesetError(FLOW_FILE, key, f"expected {expected}; {package} has no {module_name!r}")
    function = getattr(importlib.import_module(full), function_name, None)
    if not inspect.isfunction(function) or not function.__module__.startswith(package + "."):
        # a name the module imported from elsewhere is not one of the edition's functions
        got = f"{full} has no function {function_name!r} of its own package"
        raise RulesetError(FLOW_FILE, key, f"expected {expected}; {got}")
    return function
