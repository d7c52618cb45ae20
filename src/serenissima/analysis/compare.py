"""Comparing two rulesets: a typed diff of their declarations.

:func:`compare_rulesets` lines two rulesets up key by key: identity, board,
ports, goods, the edition's own numbers, options and turn structure. Each key
becomes a :class:`DiffEntry` that says whether the key exists on one side only,
or on both with the same or a different value. Values are plain data (numbers,
strings, booleans, tuples, ``None``), ready to print or to turn into JSON.

The entries fall into these sections, in this order (:data:`SECTIONS`):

``info``
    The ruleset's identity: ``id``, ``name``, ``edition``, ``version``,
    ``year``, ``players``.
``board``
    Shape of the board: ``name``, counts of ``areas``, ``ports`` and ``edges``,
    ``high_seas`` (areas with no port), ``start_ports``, ``warehouse_spaces``
    (all ports together), ``ports[good=G]`` and ``ports[warehouse=N]`` (how
    many ports produce ``G`` or have ``N`` spaces), ``capitals`` and
    ``capital[NATION]`` (the port that is the nation's capital).
``ports``
    One entry per port id, valued by its display name; when both sides have
    the port, also ``ID.area``, ``ID.good``, ``ID.warehouse``, ``ID.start`` and
    ``ID.capital_of``.
``goods``
    One entry per goods id, valued by its supply (``None``: unlimited); when
    both sides have the good, also ``ID.name`` and ``ID.colour``.
``params``
    The edition's own parameters flattened into dotted keys such as
    ``costs.fort``. Nested classes add a level (``galley.max_goods``); a tuple
    of entries that carry an ``id`` is keyed by it (``doge_cards[wine].count``);
    one whose entries carry ``players``, ``warehouse`` or ``good`` is keyed by
    that field (``setup[players=4].galleys_each``), and the keying field is not
    repeated among the entry's keys; other tuples of entries are keyed by
    position (``x[0]``); a mapping is keyed by its keys. A tuple of plain
    values is one value (``scoring.payout``). Goods are left to their own
    section, provenance to ``provenance``.
``options``
    One entry per option name, valued by its default; when both sides declare
    the option, also ``NAME.kind``, ``NAME.values``, ``NAME.players`` and
    ``NAME.rule_id``.
``phases``
    One entry per phase kind (such as ``"bid"``), valued by the phase's name;
    when both sides have the kind, also ``KIND.rule_id``, ``KIND.prompt``,
    ``KIND.chance`` and ``KIND.actions``. ``order`` is every kind in playing
    order, and ``order.shared`` the kinds both sides have, in each side's
    order: it is the same when the shared phases come in the same order. A kind
    that a ruleset uses for several phases is keyed ``KIND[Name]``.
``provenance``
    Where the numbers come from: the ``source`` of every parameter table
    (``components.source``, ``setup[players=2].source``...), of every good
    (``goods[wood].source``), and the number of areas, ports and edges of each
    provenance (``ports[reconstructed]``). It is kept apart so that a change
    of provenance does not hide among the changes of rules.

The ruleset's description is not compared: it is prose.

Example:
    >>> diff = compare_rulesets("modern", "modern")
    >>> diff.identical
    True
    >>> diff["params", "costs.fort"]
    DiffEntry(section='params', key='costs.fort', left=2, right=2, status=DiffStatus.SAME)
"""

from __future__ import annotations

import enum
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from serenissima.engine.spec import GoodSpec, Source

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "SECTIONS",
    "DiffEntry",
    "DiffStatus",
    "DiffValue",
    "RulesetDiff",
    "compare_rulesets",
    "format_diff",
    "format_summary",
]

DiffValue = int | float | str | bool | None | tuple["DiffValue", ...]
"""A compared value as shown: a number, a string, a flag, ``None`` or a tuple of them."""

SECTIONS = ("info", "board", "ports", "goods", "params", "options", "phases", "provenance")
"""The sections of a diff, in the order its entries come."""


class DiffStatus(enum.Enum):
    """How a key compares between the left and the right ruleset.

    Examples:
        >>> import serenissima as ser
        >>> diff = ser.compare_rulesets("classic", "modern")
        >>> year = next(e for e in diff if e.key == "year")
        >>> year.status, year.status.mark
        (DiffStatus.DIFFERENT, '~')
    """

    ONLY_LEFT = "only_left"
    """The key exists in the left ruleset only."""
    ONLY_RIGHT = "only_right"
    """The key exists in the right ruleset only."""
    DIFFERENT = "different"
    """Both rulesets have the key, with different values."""
    SAME = "same"
    """Both rulesets have the key, with the same value."""

    def __repr__(self) -> str:
        return f"DiffStatus.{self.name}"

    @property
    def mark(self) -> str:
        """A one-character mark for tables: ``<``, ``>``, ``~`` or ``=``."""
        return _MARKS[self]


_MARKS = {
    DiffStatus.ONLY_LEFT: "<",
    DiffStatus.ONLY_RIGHT: ">",
    DiffStatus.DIFFERENT: "~",
    DiffStatus.SAME: "=",
}


@attrs.frozen(slots=True)
class DiffEntry:
    """One compared key.

    Attributes:
        section: The section, one of :data:`SECTIONS`.
        key: The key inside the section, e.g. ``"components.galleys"``.
        left: The left ruleset's value (``None`` when only the right has the key).
        right: The right ruleset's value (``None`` when only the left has the key).
        status: How the two compare. ``None`` may also be a real value (a good
            with unlimited supply), so read the status to tell absence apart.

    Example:
        >>> entry = DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT)
        >>> entry.changed
        True
    """

    section: str
    key: str
    left: DiffValue
    right: DiffValue
    status: DiffStatus

    @property
    def changed(self) -> bool:
        """Whether the key is missing on one side or differs."""
        return self.status is not DiffStatus.SAME

    def to_dict(self) -> dict[str, Any]:
        """Return the entry as JSON-ready data (tuples become lists)."""
        return {
            "section": self.section,
            "key": self.key,
            "left": _jsonable(self.left),
            "right": _jsonable(self.right),
            "status": self.status.value,
        }


@attrs.frozen(slots=True)
class RulesetDiff:
    """The comparison of two rulesets, entry by entry.

    Iterating gives every entry, the same ones included, section by section
    (see :data:`SECTIONS`); ``len`` counts them. The filters
    (:meth:`section`, :attr:`changed`, :attr:`only_left`...) return diffs
    too, so they chain: ``diff.section("params").different``. A diff with
    no entries is false, so ``if diff.changed:`` asks whether anything differs.

    Attributes:
        left: The left ruleset's id.
        right: The right ruleset's id.
        entries: Every compared key.

    Example:
        >>> diff = RulesetDiff("a", "b", (
        ...     DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT),
        ...     DiffEntry("params", "costs.cube", 1, 1, DiffStatus.SAME),
        ...     DiffEntry("options", "fog", False, None, DiffStatus.ONLY_LEFT),
        ... ))
        >>> [entry.key for entry in diff.changed]
        ['costs.fort', 'fog']
        >>> diff["params", "costs.fort"].right
        3
        >>> len(diff.section("params").same)
        1
    """

    left: str
    right: str
    entries: tuple[DiffEntry, ...]

    def __iter__(self) -> Iterator[DiffEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, item: object) -> bool:
        """Whether ``item``, an entry or a ``(section, key)`` pair, is in the diff."""
        if isinstance(item, DiffEntry):
            return item in self.entries
        if isinstance(item, tuple) and len(item) == 2:
            section, key = item
            return any(e.key == key and e.section == section for e in self.entries)
        return False

    def __getitem__(self, key: tuple[str, str]) -> DiffEntry:
        """Return the entry of ``(section, key)``.

        Raises:
            KeyError: Neither ruleset has that key.
        """
        entry = self.get(*key)
        if entry is None:
            raise KeyError(key)
        return entry

    def get(self, section: str, key: str) -> DiffEntry | None:
        """Return the entry of ``key`` in ``section``, or ``None`` if neither side has it."""
        for entry in self.entries:
            if entry.key == key and entry.section == section:
                return entry
        return None

    def _where(self, keep: Iterable[DiffEntry]) -> RulesetDiff:
        return RulesetDiff(self.left, self.right, tuple(keep))

    def section(self, *names: str) -> RulesetDiff:
        """Return the entries of one section, or of several (possibly none).

        Raises:
            KeyError: A name that is not one of :data:`SECTIONS`.
        """
        for name in names:
            if name not in SECTIONS:
                raise KeyError(f"expected a section ({', '.join(SECTIONS)}), got {name!r}")
        return self._where(e for e in self.entries if e.section in names)

    def with_status(self, *statuses: DiffStatus) -> RulesetDiff:
        """Return the entries of the given statuses."""
        return self._where(e for e in self.entries if e.status in statuses)

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections that have entries, in :data:`SECTIONS` order."""
        present = {e.section for e in self.entries}
        return tuple(name for name in SECTIONS if name in present)

    @property
    def changed(self) -> RulesetDiff:
        """The entries that exist on one side only or differ."""
        return self._where(e for e in self.entries if e.changed)

    @property
    def only_left(self) -> RulesetDiff:
        """The entries that exist in the left ruleset only."""
        return self.with_status(DiffStatus.ONLY_LEFT)

    @property
    def only_right(self) -> RulesetDiff:
        """The entries that exist in the right ruleset only."""
        return self.with_status(DiffStatus.ONLY_RIGHT)

    @property
    def different(self) -> RulesetDiff:
        """The entries that both rulesets have, with different values."""
        return self.with_status(DiffStatus.DIFFERENT)

    @property
    def same(self) -> RulesetDiff:
        """The entries that both rulesets have, with the same value."""
        return self.with_status(DiffStatus.SAME)

    @property
    def identical(self) -> bool:
        """Whether every entry is the same on both sides."""
        return not any(e.changed for e in self.entries)

    @property
    def counts(self) -> dict[DiffStatus, int]:
        """The number of entries of each status (every status is present)."""
        found = Counter(e.status for e in self.entries)
        return {status: found[status] for status in DiffStatus}

    def to_dict(self) -> dict[str, Any]:
        """Return the diff as JSON-ready data: ``left``, ``right`` and the ``entries``."""
        return {
            "left": self.left,
            "right": self.right,
            "entries": [entry.to_dict() for entry in self.entries],
        }


def _jsonable(value: DiffValue) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


# --- collecting one side --------------------------------------------------------------------

_Side = dict[str, dict[str, tuple[DiffValue, str | None]]]
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
        self.side: _Side = {name: {} for name in SECTIONS}

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
                self.params(item, f"{path}[{_cell(_display(name))}]")
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
        phases = rules.engine.phases()
        kinds = Counter(p.kind for p in phases)
        for phase in phases:
            key = phase.kind if kinds[phase.kind] == 1 else f"{phase.kind}[{phase.name}]"
            self.add("phases", key, phase.name)
            for detail in ("rule_id", "prompt", "chance", "actions"):
                self.add("phases", f"{key}.{detail}", getattr(phase, detail), parent=key)
        self.add("phases", "order", tuple(p.kind for p in phases))


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
        text = [_cell(_display(getattr(item, name))) for item in items]
        if len(set(text)) == len(text):
            return name, text if name == "id" else [f"{name}={t}" for t in text]
    return None, [str(i) for i in range(len(items))]


def _collect(rules: Ruleset) -> _Side:
    collector = _Collector()
    collector.info(rules)
    collector.board(rules)
    if rules.params is not None:
        collector.params(rules.params, "")
    collector.options(rules)
    collector.phases(rules)
    return collector.side


# --- lining two sides up --------------------------------------------------------------------


def _equal(a: DiffValue, b: DiffValue) -> bool:
    """Compare values, telling ``True`` from ``1`` and ``1`` from ``1.0``."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _family(item: str) -> tuple[str, str]:
    """Split ``ports[warehouse=4]`` into its family ``ports[warehouse=`` and label ``4``."""
    base, bracket, label = item.partition("[")
    if not bracket or not label.endswith("]"):
        return item, ""
    field, equals, value = label[:-1].rpartition("=")
    return f"{base}[{field}{equals}", value


def _natural(label: str) -> tuple[int, int, str]:
    return (0, int(label), "") if label.lstrip("-").isdigit() else (1, 0, label)


def _sorted_families(items: list[str]) -> set[str]:
    """Return the families whose labels come in natural order among ``items``."""
    labels: dict[str, list[tuple[int, int, str]]] = {}
    for item in items:
        family, label = _family(item)
        if label:
            labels.setdefault(family, []).append(_natural(label))
    return {family for family, seq in labels.items() if seq == sorted(seq)}


def _merged_run(left: list[str], right: list[str]) -> list[str]:
    """Return the left items in order, with the right-only items placed among them.

    A right-only item joins its family (``cards[...]``): in order if both sides list
    the family in order, else at its end. Without a family it follows the item before
    it on the right or, when it comes first there, goes before the next shared item.
    """
    items = list(left)
    shared = set(left) & set(right)
    in_order = _sorted_families(left) & _sorted_families(right)
    previous: str | None = None
    for i, item in enumerate(right):
        if item not in shared:
            family, label = _family(item)
            kin = [j for j, other in enumerate(items) if label and _family(other)[0] == family]
            if kin:
                at = kin[-1] + 1
                if family in in_order:
                    after = (j for j in kin if _natural(_family(items[j])[1]) > _natural(label))
                    at = next(after, at)
            elif previous is not None:
                at = items.index(previous) + 1
            else:
                later = next((x for x in right[i + 1 :] if x in shared), None)
                at = len(items) if later is None else items.index(later)
            items.insert(at, item)
        previous = item
    return items


def _split(key: str) -> tuple[str, str | None]:
    """Split a key at its first dot outside brackets: ``a[x.y].b.c`` -> ``a[x.y]``, ``b.c``."""
    depth = 0
    for i, char in enumerate(key):
        depth += (char == "[") - (char == "]")
        if char == "." and depth == 0:
            return key[:i], key[i + 1 :]
    return key, None


def _merged_keys(left: Iterable[str], right: Iterable[str]) -> list[str]:
    """Line up two sides' keys: the left order, with the right-only keys placed among them.

    Keys are merged level by level (at dots), so that the keys of one thing, such as
    ``setup[players=2].*``, stay together.
    """

    def group(keys: Iterable[str]) -> dict[str, list[str | None]]:
        groups: dict[str, list[str | None]] = {}
        for key in keys:
            head, rest = _split(key)
            groups.setdefault(head, []).append(rest)
        return groups

    lhs, rhs = group(left), group(right)
    merged: list[str] = []
    for head in _merged_run(list(lhs), list(rhs)):
        rests = lhs.get(head, []) + rhs.get(head, [])
        if None in rests:
            merged.append(head)
        inner = _merged_keys(
            (r for r in lhs.get(head, []) if r is not None),
            (r for r in rhs.get(head, []) if r is not None),
        )
        merged.extend(f"{head}.{rest}" for rest in inner)
    return merged


def _entries(section: str, left: _Side, right: _Side) -> Iterator[DiffEntry]:
    lhs, rhs = left[section], right[section]
    for key in _merged_keys(lhs, rhs):
        if key in lhs and key in rhs:
            a, b = lhs[key][0], rhs[key][0]
            status = DiffStatus.SAME if _equal(a, b) else DiffStatus.DIFFERENT
            yield DiffEntry(section, key, a, b, status)
        elif key in lhs:
            value, parent = lhs[key]
            if parent is None:  # details of what one side alone has are left out
                yield DiffEntry(section, key, value, None, DiffStatus.ONLY_LEFT)
        else:
            value, parent = rhs[key]
            if parent is None:
                yield DiffEntry(section, key, None, value, DiffStatus.ONLY_RIGHT)


def _shared_order(left: _Side, right: _Side) -> DiffEntry:
    def kinds(side: _Side) -> tuple[DiffValue, ...]:
        order = side["phases"]["order"][0]
        assert isinstance(order, tuple)
        return order

    lhs, rhs = kinds(left), kinds(right)
    a = tuple(k for k in lhs if k in rhs)
    b = tuple(k for k in rhs if k in lhs)
    status = DiffStatus.SAME if _equal(a, b) else DiffStatus.DIFFERENT
    return DiffEntry("phases", "order.shared", a, b, status)


def compare_rulesets(
    left: Ruleset | str | os.PathLike[str], right: Ruleset | str | os.PathLike[str]
) -> RulesetDiff:
    """Compare two rulesets' declarations key by key.

    Args:
        left: A ruleset, the name of an installed one, or the path of a ruleset folder.
        right: Likewise.

    Returns:
        The diff. Its entries come section by section in :data:`SECTIONS`
        order; inside a section they follow the left ruleset's declaration
        order, and the keys only the right one has are placed among them so
        that the keys of one thing (``setup[players=2].*``) and of one family
        (``ports[warehouse=N]``) stay together.

    Raises:
        RulesetError: A name that is not installed, or a folder that does not load.

    Example:
        >>> diff = compare_rulesets("modern", "modern")
        >>> len(diff.changed), diff["options", "galley_capacity"].left
        (0, 'shared5')
    """
    left_rules, right_rules = _as_ruleset(left), _as_ruleset(right)
    lhs, rhs = _collect(left_rules), _collect(right_rules)
    entries: list[DiffEntry] = []
    for section in SECTIONS:
        entries.extend(_entries(section, lhs, rhs))
        if section == "phases":
            entries.append(_shared_order(lhs, rhs))
    return RulesetDiff(left_rules.id, right_rules.id, tuple(entries))


def _as_ruleset(value: Ruleset | str | os.PathLike[str]) -> Ruleset:
    if isinstance(value, str | os.PathLike):
        from serenissima.engine.registry import load_ruleset

        return load_ruleset(value)
    return value


# --- text ------------------------------------------------------------------------------------

_WIDEST_ALIGNED = 40
"""Longer cells are printed whole but do not widen their column."""


def _cell(value: DiffValue) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        text = ",".join(f"({_cell(v)})" if isinstance(v, tuple) else _cell(v) for v in value)
        return text or "()"
    if value == "":
        return '""'
    return str(value)


def _side_cell(entry: DiffEntry, left: bool) -> str:
    absent = DiffStatus.ONLY_RIGHT if left else DiffStatus.ONLY_LEFT
    if entry.status is absent:
        return "-"
    return _cell(entry.left if left else entry.right)


def format_summary(diff: RulesetDiff) -> str:
    """Return one line counting the entries of each status.

    Example:
        >>> diff = RulesetDiff("a", "b", (
        ...     DiffEntry("params", "costs.fort", 2, 3, DiffStatus.DIFFERENT),
        ...     DiffEntry("params", "costs.cube", 1, 1, DiffStatus.SAME),
        ... ))
        >>> format_summary(diff)
        'a vs b: 1 different (~), 0 only in a (<), 0 only in b (>), 1 the same'
    """
    counts = diff.counts
    return (
        f"{diff.left} vs {diff.right}: {counts[DiffStatus.DIFFERENT]} different (~), "
        f"{counts[DiffStatus.ONLY_LEFT]} only in {diff.left} (<), "
        f"{counts[DiffStatus.ONLY_RIGHT]} only in {diff.right} (>), "
        f"{counts[DiffStatus.SAME]} the same"
    )


def format_diff(diff: RulesetDiff, *, show_same: bool = False) -> str:
    """Return a diff as an aligned text table followed by a summary line.

    Each row is a status mark (see :attr:`DiffStatus.mark`), the section, the
    key and the two values; ``-`` stands for a key a side does not have, and
    tuples are written with commas. The summary counts every entry of ``diff``.

    Args:
        diff: The diff.
        show_same: Also list the entries that are the same on both sides.

    Returns:
        Several lines of text, without a final newline.

    Examples:
        >>> import serenissima as ser
        >>> diff = ser.compare_rulesets("classic", "modern").section("info")
        >>> print(format_diff(diff))  # doctest: +NORMALIZE_WHITESPACE
           section  key      classic                     modern
        ~  info     id       classic                     modern
        ~  info     name     Serenissima, first edition  Serenissima, second edition
        ~  info     edition  classic                     modern
        ~  info     year     1996                        2012
        <BLANKLINE>
        classic vs modern: 4 different (~), 0 only in classic (<), 0 only in modern (>), 2 the same
    """
    shown = diff if show_same else diff.changed
    summary = format_summary(diff)
    if not shown.entries:
        return f"no differences\n{summary}" if not show_same else summary
    header = ("", "section", "key", diff.left, diff.right)
    rows = [header] + [
        (e.status.mark, e.section, e.key, _side_cell(e, True), _side_cell(e, False)) for e in shown
    ]
    widths = [min(max(len(row[i]) for row in rows), _WIDEST_ALIGNED) for i in range(len(header))]
    lines = []
    for row in rows:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(cells).rstrip())
    return "\n".join([*lines, "", summary])
