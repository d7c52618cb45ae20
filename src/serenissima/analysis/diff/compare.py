"""Comparing two rulesets: their declarations lined up key by key, section by section.

:func:`compare_rulesets` lines two rulesets up key by key: identity, board,
ports, goods, the edition's own numbers, options and turn structure. Each key
becomes a :class:`~serenissima.analysis.diff.entries.DiffEntry` that says whether the
key exists on one side only, or on both with the same or a different value,
and together they make a :class:`~serenissima.analysis.diff.entries.RulesetDiff`
(see :mod:`serenissima.analysis.diff.entries`; :mod:`serenissima.analysis.diff.text`
prints it). Values are plain data (numbers, strings, booleans, tuples,
``None``), ready to print or to turn into JSON.

The entries fall into these sections, in this order
(:data:`~serenissima.analysis.diff.entries.SECTIONS`):

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
``flow``
    The order of play that ``flow.toml`` declares (a ruleset whose engine
    declares none has no entries): ``start``; one entry per sequence,
    ``sequence[NAME]``, valued by its rule, with ``.stages``, ``.then`` and
    ``.leads_to``; one per stage, ``stage[KIND]``, valued by its phase, with
    ``.rule``, ``.legal``, ``.outcomes``, ``.enter``, ``.next``,
    ``.passed_over``, ``.turn_end`` and ``.apply`` (``Action=module.function``
    pairs).
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

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from serenissima.analysis.diff._keys import Side, collect
from serenissima.analysis.diff.entries import (
    SECTIONS,
    DiffEntry,
    DiffStatus,
    DiffValue,
    RulesetDiff,
)

if TYPE_CHECKING:
    from serenissima.engine.ruleset import Ruleset

__all__ = ["compare_rulesets"]


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


def _entries(section: str, left: Side, right: Side) -> Iterator[DiffEntry]:
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


def _shared_order(left: Side, right: Side) -> DiffEntry:
    def kinds(side: Side) -> tuple[DiffValue, ...]:
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
        The diff. Its entries come section by section in
        :data:`~serenissima.analysis.diff.entries.SECTIONS` order; inside a section
        they follow the left ruleset's declaration order, and the keys only
        the right one has are placed among them so that the keys of one thing
        (``setup[players=2].*``) and of one family (``ports[warehouse=N]``)
        stay together.

    Raises:
        RulesetError: A name that is not installed, or a folder that does not load.

    Example:
        >>> diff = compare_rulesets("modern", "modern")
        >>> len(diff.changed), diff["options", "galley_capacity"].left
        (0, 'shared5')
    """
    left_rules, right_rules = _as_ruleset(left), _as_ruleset(right)
    lhs, rhs = collect(left_rules), collect(right_rules)
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
