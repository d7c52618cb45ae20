"""The rule catalogue of a ruleset: its rules by ID, and the decisions on unclear points.

Every rule of an edition has a stable ID (``M-LOAD-6``, ``C-MOVE-3``,
``C-P2-1``). A ruleset lists them in its ``catalogue.toml``: one ``[[rule]]``
table per ID with its section, a short title and a plain summary, and one
``[[decision]]`` table per interpretation the engine chose where the rule
texts are unclear (``X-M-05``, ``X-C-14``, or ``X-002-16`` for a claim of a
secondary source), naming the rule option that switches it, if any::

    [[rule]]
    id = "M-LOAD-6"
    section = "Loading"
    title = "One free cube at home"
    summary = "At his own port the first cube loaded in the step is free..."

    [[decision]]
    id = "X-M-05"
    title = "Blockades in the starting space"
    choice = "Only a sale can be blockaded there..."
    option = "start_space_blockade"

Tests name the rules they check (in a ``pytest.mark.rules(...)`` marker, a
docstring or a comment); :mod:`~serenissima.reference.coverage` finds them and
lists the rules no test names.

Example:
    >>> from serenissima.reference.catalogue import load_catalogue
    >>> catalogue = load_catalogue("modern")
    >>> catalogue.rule("M-LOAD-6").section
    'Loading'
    >>> len(catalogue) > 100, catalogue.decision("X-M-05").options
    (True, ('start_space_blockade',))

:func:`read_catalogue` reads the file of a ruleset folder directly, which
needs no installed plug-in.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Final

import attrs

from serenissima.engine.errors import RulesetError
from serenissima.engine.loader import RulesetFiles, check_member, check_unique, structure

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from serenissima.engine.ruleset import Ruleset

__all__ = [
    "CATALOGUE_FILE",
    "RULE_ID",
    "Catalogue",
    "DecisionEntry",
    "RuleEntry",
    "load_catalogue",
    "read_catalogue",
]

CATALOGUE_FILE: Final = "catalogue.toml"
"""The file of a ruleset folder that holds its rule catalogue."""

RULE_ID: Final = re.compile(r"\b[MC]-[A-Z][A-Z0-9]*-\d+\b")
"""How a rule ID is spelled in source text: edition letter, area, number (``M-LOAD-6``).

An area starts with a letter and may hold digits (``C-P2-1``).
"""

_DECISION_ID: Final = re.compile(r"X-(?:[MC]|\d{3})-\d+")
"""A decision on an edition's rules (``X-M-05``) or on a source's claim (``X-002-16``)."""


@attrs.frozen(slots=True)
class RuleEntry:
    """One rule of an edition.

    Attributes:
        id: The rule's stable ID, such as ``"M-LOAD-6"``.
        section: The part of the rules it belongs to, such as ``"Loading"``.
        title: A short name.
        summary: What the rule says, in a sentence or two.
        reason: Why no handler of the edition's code carries it out and no
            other file of the edition declares it (a rule of absence, say);
            empty for every other rule.

    Examples:
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> rule = load_catalogue("classic").rule("C-P2-1")
        >>> rule.id, bool(rule.title), bool(rule.summary)
        ('C-P2-1', True, True)
    """

    id: str
    section: str
    title: str
    summary: str
    reason: str = ""


@attrs.frozen(slots=True)
class DecisionEntry:
    """An interpretation the engine chose where the rule texts are unclear.

    Attributes:
        id: The decision's ID in the specification, such as ``"X-M-05"``.
        title: A short name.
        choice: What the engine does.
        options: The rule options that switch to another reading (often
            none, sometimes several).
        evidence: What outside the rule texts the reading rests on, when
            something does (an account of play, another printing); else empty.

    Examples:
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> decision = load_catalogue("modern").decision("X-M-01")
        >>> decision.title, decision.options
        ('Shared galley capacity', ('galley_capacity',))
    """

    id: str
    title: str
    choice: str
    options: tuple[str, ...] = ()
    evidence: str = ""


@attrs.frozen(slots=True)
class Catalogue:
    """The rules and decisions of one ruleset, in file order.

    Attributes:
        ruleset: The ruleset's registry name.
        rules: Every rule.
        decisions: Every decision on an unclear point.

    Examples:
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> catalogue = load_catalogue("modern")
        >>> "M-LOAD-6" in catalogue, "M-LOAD-999" in catalogue
        (True, False)
        >>> catalogue.in_section("Loading")[0].section
        'Loading'
    """

    ruleset: str
    rules: tuple[RuleEntry, ...]
    decisions: tuple[DecisionEntry, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule IDs, in file order."""
        return tuple(entry.id for entry in self.rules)

    @property
    def sections(self) -> tuple[str, ...]:
        """The sections, in the order they first appear."""
        return tuple(dict.fromkeys(entry.section for entry in self.rules))

    @property
    def prefixes(self) -> frozenset[str]:
        """The edition letters of the rule IDs (``{"M"}`` for the modern edition)."""
        return frozenset(rule_id.split("-", 1)[0] for rule_id in self.ids)

    def __contains__(self, rule_id: object) -> bool:
        return any(entry.id == rule_id for entry in self.rules)

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def rule(self, rule_id: str) -> RuleEntry:
        """Return the rule ``rule_id``.

        Raises:
            KeyError: The catalogue has no such rule.
        """
        for entry in self.rules:
            if entry.id == rule_id:
                return entry
        raise KeyError(rule_id)

    def decision(self, decision_id: str) -> DecisionEntry:
        """Return the decision ``decision_id``.

        Raises:
            KeyError: The catalogue has no such decision.
        """
        for entry in self.decisions:
            if entry.id == decision_id:
                return entry
        raise KeyError(decision_id)

    def in_section(self, section: str) -> tuple[RuleEntry, ...]:
        """Return the rules of ``section``, in file order."""
        return tuple(entry for entry in self.rules if entry.section == section)


@attrs.frozen(slots=True)
class _DecisionTable:
    """A ``[[decision]]`` table as written (``option``: one name or a list)."""

    id: str
    title: str
    choice: str
    option: tuple[str, ...] = ()
    evidence: str = ""


@attrs.frozen(slots=True)
class _CatalogueFile:
    rule: tuple[RuleEntry, ...]
    decision: tuple[_DecisionTable, ...] = ()


def _folder_of(rules: Ruleset) -> RulesetFiles:
    """Find the folder of an installed ruleset, or of the plug-in whose engine it runs."""
    from serenissima.engine.registry import available_rulesets, get_plugin

    installed = available_rulesets()
    if rules.id in installed:
        plugin = get_plugin(rules.id)
        if plugin.engine is rules.engine:
            return RulesetFiles(plugin.folder)
    # A ruleset loaded from a folder plays the rules of the plug-in whose engine it uses.
    for name in installed:
        plugin = get_plugin(name)
        if plugin.engine is rules.engine:
            return RulesetFiles(plugin.folder)
    raise RulesetError(
        CATALOGUE_FILE, "", f"no installed ruleset provides the rules of {rules.id!r}"
    )


def load_catalogue(ruleset: Ruleset | str) -> Catalogue:
    """Read the rule catalogue of a ruleset.

    The catalogue is the ``catalogue.toml`` of the installed plug-in that
    provides the ruleset's logic: a ruleset loaded from a folder of one's own
    (a variant board) shares the catalogue of the edition it plays.

    Args:
        ruleset: A loaded ruleset, or the name of an installed one.

    Returns:
        The catalogue, checked: unique IDs spelled like rule IDs, and every
        option a decision names declared by the ruleset.

    Raises:
        RulesetError: The file is missing or malformed (the message gives the
            key path), or no installed plug-in provides the ruleset.

    Example:
        >>> from serenissima.reference.catalogue import load_catalogue
        >>> load_catalogue("modern").rule("M-PORT-3").section
        'Ports'
    """
    if isinstance(ruleset, str):
        from serenissima.engine.registry import load_ruleset

        ruleset = load_ruleset(ruleset)
    return _read(_folder_of(ruleset), ruleset.id, [spec.name for spec in ruleset.options])


def read_catalogue(
    folder: Traversable | os.PathLike[str] | str,
    ruleset: str,
    options: Iterable[str] | None = None,
) -> Catalogue:
    """Read the ``catalogue.toml`` of a ruleset folder, installed or not.

    Args:
        folder: The ruleset folder.
        ruleset: The name to give the catalogue (and to use in messages).
        options: The names of the ruleset's rule options; the options the
            decisions name must be among them. ``None`` skips that check.

    Returns:
        The catalogue, checked as :func:`load_catalogue` checks it.

    Raises:
        RulesetError: The file is missing or malformed.

    Example:
        >>> from serenissima.reference.catalogue import read_catalogue
        >>> from serenissima.engine.registry import get_plugin
        >>> catalogue = read_catalogue(get_plugin("classic").folder, "classic")
        >>> catalogue.rule("C-P2-1").id, catalogue.prefixes
        ('C-P2-1', frozenset({'C'}))
    """
    return _read(RulesetFiles(folder), ruleset, None if options is None else list(options))


def _read(files: RulesetFiles, ruleset: str, options: list[str] | None) -> Catalogue:
    data = files.toml(CATALOGUE_FILE)
    decisions = data.get("decision")
    if isinstance(decisions, list):
        for table in decisions:
            if isinstance(table, dict) and isinstance(table.get("option"), str):
                table["option"] = [table["option"]]
    parsed = structure(data, _CatalogueFile, file=CATALOGUE_FILE)
    _check(parsed, ruleset, options)
    return Catalogue(
        ruleset=ruleset,
        rules=parsed.rule,
        decisions=tuple(
            DecisionEntry(d.id, d.title, d.choice, d.option, d.evidence) for d in parsed.decision
        ),
    )


def _check(parsed: _CatalogueFile, ruleset: str, declared: list[str] | None) -> None:
    rule_ids = [entry.id for entry in parsed.rule]
    check_unique(rule_ids, file=CATALOGUE_FILE, key="rule[{}].id")
    for index, rule_id in enumerate(rule_ids):
        if not RULE_ID.fullmatch(rule_id):
            raise RulesetError(
                CATALOGUE_FILE,
                f"rule[{index}].id",
                f"expected a rule ID such as M-LOAD-6, got {rule_id!r}",
            )
    decision_ids = [entry.id for entry in parsed.decision]
    check_unique(decision_ids, file=CATALOGUE_FILE, key="decision[{}].id")
    for index, entry in enumerate(parsed.decision):
        if not _DECISION_ID.fullmatch(entry.id):
            raise RulesetError(
                CATALOGUE_FILE,
                f"decision[{index}].id",
                f"expected a decision ID such as X-M-05, got {entry.id!r}",
            )
        if declared is None:
            continue
        for number, option in enumerate(entry.option):
            check_member(
                option,
                declared,
                file=CATALOGUE_FILE,
                key=f"decision[{index}].option[{number}]",
                what=f"rule option of {ruleset!r}",
            )
