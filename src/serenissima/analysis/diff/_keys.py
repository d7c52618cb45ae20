"""One side of a ruleset diff: a ruleset's declarations as keys, section by section.

:func:`collect` reads a ruleset's identity, board, ports, goods, parameters,
options, phases and flow into ``section -> key -> (value, parent key)``, in
declaration order, keyed as :mod:`serenissima.analysis.diff.compare` describes;
:func:`~serenissima.analysis.diff.compare.compare_rulesets` lines two sides up.
Internal to the comparison: not part of the API.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.analysis.diff.entries import SECTIONS, DiffValue, value_text
from serenissima.engine.flow import describe_stages
from serenissima.engine.spec import GoodSpec, Source

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["Side", "collect"]

Side = dict[str, dict[str, tuple[DiffValue, str | None]]]
"""Section to key to (value, parent key): a detail entry is compared only when both sides
have its parent."""

_KEY_FIELDS = ("players", "warehouse", "good")
"""Fields that key the entries of a parameter tuple when they have no ``id``."""


def _display(value: object) -> DiffValue:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _display(value.value)
    if isinstance(value, tuple | list):
        return tuple(_display(v) for v in value)
    if isinstance(value, frozenset | set):
        return tuple(sorted((_display(v) for v in value), key=repr))
    return str(value)


class _Collector:
    """Gathers one ruleset's keys, section by section, in declaration order."""

    def __init__(self) -> None:
        self.side: Side = {name: {} for name in SECTIONS}

    def add(self, section: str, key: str, value: object, parent: str | None = None) -> None:
        self.side[section][key] = (_display(value), parent)

    def info(self, rules: Ruleset) -> None:
        info = rules.info
        for name in ("id", "name", "edition", "version", "year", "players"):
            self.add("info", name, getattr(info, name))

    def board(self, rules: Ruleset) -> None:
        spec = rules.board.spec
        ports = spec.ports
        with_port = {p.area for p in ports}
        self.add("board", "name", spec.name)
        self.add("board", "areas", len(spec.areas))
        self.add("board", "ports", len(ports))
        self.add("board", "edges", len(spec.edges))
        self.add("board", "high_seas", sum(a.id not in with_port for a in spec.areas))
        self.add("board", "start_ports", sum(p.start for p in ports))
        self.add("board", "warehouse_spaces", sum(p.warehouse for p in ports))
        for good, count in sorted(Counter(p.good for p in ports).items()):
            self.add("board", f"ports[good={good}]", count)
        for size, count in sorted(Counter(p.warehouse for p in ports).items()):
            self.add("board", f"ports[warehouse={size}]", count)
        capitals = [p for p in ports if p.capital_of is not None]
        self.add("board", "capitals", len(capitals))
        for port in capitals:
            self.add("board", f"capital[{port.capital_of}]", port.id)
        for port in ports:
            self.add("ports", port.id, port.name)
            for name in ("area", "good", "warehouse", "start", "capital_of"):
                self.add("ports", f"{port.id}.{name}", getattr(port, name), parent=port.id)
        for kind, items in (("areas", spec.areas), ("ports", ports), ("edges", spec.edges)):
            found = Counter(item.source for item in items)
            for source in Source:
                if found[source]:
                    self.add("provenance", f"{kind}[{source.value}]", found[source])

    def goods(self, goods: tuple[GoodSpec, ...]) -> None:
        for good in goods:
            self.add("goods", good.id, good.supply)
            self.add("goods", f"{good.id}.name", good.name, parent=good.id)
            self.add("goods", f"{good.id}.colour", good.colour, parent=good.id)
            self.add("provenance", f"goods[{good.id}].source", good.source)

    def params(self, value: object, path: str, label: str | None = None) -> None:
        """Add a parameter value; ``label`` is the field already spelled in ``path``."""
        cls = type(value)
        if attrs.has(cls):
            for field in attrs.fields(cls):
                if field.name == label:
                    continue
                item = getattr(value, field.name)
                key = f"{path}.{field.name}" if path else field.name
                if field.name == "source":
                    self.add("provenance", key, item)
                elif _is_goods(item):
                    self.goods(item)
                else:
                    self.params(item, key)
        elif isinstance(value, Mapping):
            for name, item in value.items():
                self.params(item, f"{path}[{value_text(_display(name))}]")
        elif isinstance(value, tuple | list) and value and all(attrs.has(type(v)) for v in value):
            field, labels = _labels(value)
            for text, item in zip(labels, value, strict=True):
                before = len(self.side["params"])
                self.params(item, f"{path}[{text}]", field)
                if len(self.side["params"]) == before:  # an entry that is only its label
                    self.add("params", f"{path}[{text}]", True)
        else:
            self.add("params", path, value)

    def options(self, rules: Ruleset) -> None:
        for option in rules.options:
            name = option.name
            self.add("options", name, option.default)
            for detail in ("kind", "values", "players", "rule_id"):
                self.add("options", f"{name}.{detail}", getattr(option, detail), parent=name)

    def phases(self, rules: Ruleset) -> None:
        phases = describe_stages(rules.flow, rules.engine)
        kinds = Counter(p.kind for p in phases)
        for phase in phases:
            key = phase.kind if kinds[phase.kind] == 1 else f"{phase.kind}[{phase.name}]"
            self.add("phases", key, phase.name)
            for detail in ("rule_id", "prompt", "chance", "actions"):
                self.add("phases", f"{key}.{detail}", getattr(phase, detail), parent=key)
        self.add("phases", "order", tuple(p.kind for p in phases))

    def flow(self, rules: Ruleset) -> None:
        flow = rules.flow
        if flow is None:
            return
        self.add("flow", "start", flow.start)
        for sequence in flow.sequence:
            key = f"sequence[{sequence.name}]"
            self.add("flow", key, sequence.rule)
            for name in ("stages", "then", "leads_to"):
                self.add("flow", f"{key}.{name}", getattr(sequence, name), parent=key)
        for stage in flow.stage:
            key = f"stage[{stage.kind}]"
            self.add("flow", key, stage.phase)
            for name in ("rule", "legal", "outcomes", "enter", "next", "passed_over", "turn_end"):
                self.add("flow", f"{key}.{name}", getattr(stage, name), parent=key)
            apply = tuple(f"{action}={handler}" for action, handler in stage.apply.items())
            self.add("flow", f"{key}.apply", apply, parent=key)


def _is_goods(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(v, GoodSpec) for v in value)


def _labels(items: tuple[Any, ...] | list[Any]) -> tuple[str | None, list[str]]:
    """Return the field that keys a tuple of parameter entries, and each entry's label.

    The field is ``id`` or one of :data:`_KEY_FIELDS`, the first that every entry has
    with no two entries alike; without one, entries are labelled by position.
    """
    for name in ("id", *_KEY_FIELDS):
        if not all(hasattr(item, name) for item in items):
            continue
        text = [value_text(_display(getattr(item, name))) for item in items]
        if len(set(text)) == len(text):
            return name, text if name == "id" else [f"{name}={t}" for t in text]
    return None, [str(i) for i in range(len(items))]


def collect(rules: Ruleset) -> Side:
    """Return one ruleset's keys, section by section, in declaration order."""
    collector = _Collector()
    collector.info(rules)
    collector.board(rules)
    if rules.params is not None:
        collector.params(rules.params, "")
    collector.options(rules)
    collector.phases(rules)
    collector.flow(rules)
    return collector.side
