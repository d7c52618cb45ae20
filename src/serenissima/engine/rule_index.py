"""The rule ID as an index into the code: handlers register the rules they implement.

An edition marks each function that carries out a rule of its catalogue with
:func:`rule`, naming the rule IDs (``@rule("C-BID-2")``). The decorator
returns the function itself, so it costs nothing when the function runs; it
only records where the function is. :func:`rule_handlers` then answers, for a
rule ID, which functions implement it and where (file and line), and
:func:`declarations` which lines of an edition's TOML files name it, so that
the catalogue, the declarations and the code are joined by the ID
(``serenissima rules rule C-BID-2`` shows all three, with the tests that
name it).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

import attrs

from serenissima.engine.errors import ArgumentTypeError, ArgumentValueError

__all__ = [
    "RULE_ID",
    "Declaration",
    "RuleHandler",
    "declarations",
    "expand_rule_ids",
    "rule",
    "rule_handlers",
]

RULE_ID: Final = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+")
"""The shape of a rule or decision ID: ``C-BID-2``, ``M-TURN-2``, ``X-C-36``, ``X-002-17``."""

_IDS_IN_TEXT: Final = re.compile(r"\b([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-)(\d+)((?:(?:\.\.|/)\d+)*)")

F = TypeVar("F", bound=Callable[..., object])


@attrs.frozen(slots=True)
class RuleHandler:
    """A function that carries out one or more rules.

    Attributes:
        rule_ids: The rules it implements, as its decorator names them.
        module: The module it is defined in.
        qualname: Its qualified name in that module.
        file: The file of its source.
        line: The line its ``def`` starts on.

    Example:
        >>> from serenissima.engine.rule_index import rule_handlers
        >>> handler = rule_handlers("C-BID-2", package="serenissima_rulesets.classic")[0]
        >>> handler.module, handler.qualname
        ('serenissima_rulesets.classic.bids.bidding', 'bid_actions')
    """

    rule_ids: tuple[str, ...]
    module: str
    qualname: str
    file: str
    line: int


@attrs.frozen(slots=True)
class Declaration:
    """A line of an edition's TOML files that names a rule ID.

    Attributes:
        file: The file's name in the ruleset folder.
        line: The line number, from 1.
        text: The line, stripped.

    Example:
        >>> Declaration("rules.toml", 207, "port_not_full = 1  # C-SCORE-2").file
        'rules.toml'
    """

    file: str
    line: int
    text: str


_HANDLERS: list[RuleHandler] = []


def rule(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as carrying out the rules ``rule_ids``; it is returned unchanged.

    Raises:
        ArgumentTypeError: A rule ID that is not a string.
        ArgumentValueError: No rule ID, or one not shaped as :data:`RULE_ID`.

    Example:
        >>> @rule("C-BID-2")
        ... def bid(): ...
        >>> bid.__name__, rule_handlers("C-BID-2", package=__name__)[0].qualname
        ('bid', 'bid')
    """
    if not rule_ids:
        raise ArgumentValueError("rule: name at least one rule ID")
    for rule_id in rule_ids:
        if not isinstance(rule_id, str):
            raise ArgumentTypeError("rule_ids", "strings", rule_id)
        if not RULE_ID.fullmatch(rule_id):
            raise ArgumentValueError(f"rule: {rule_id!r} is not a rule ID such as 'C-BID-2'")

    def register(function: F) -> F:
        code = inspect.unwrap(function).__code__
        _HANDLERS.append(
            RuleHandler(
                tuple(rule_ids),
                function.__module__,
                function.__qualname__,
                code.co_filename,
                code.co_firstlineno,
            )
        )
        return function

    return register


def rule_handlers(
    rule_id: str | None = None, *, package: str | None = None
) -> tuple[RuleHandler, ...]:
    """The functions registered for ``rule_id`` (every one when ``None``), in source order.

    With ``package``, only those defined in it, after importing each of its
    modules so that every handler of the package has registered.

    Example:
        >>> [h.qualname for h in rule_handlers("M-TURN-2", package="serenissima_rulesets.modern")]
        ['next_activation']
    """
    if package is not None:
        _import_all(package)
    found = [
        handler
        for handler in _HANDLERS
        if (rule_id is None or rule_id in handler.rule_ids)
        and (
            package is None or handler.module == package or handler.module.startswith(package + ".")
        )
    ]
    return tuple(sorted(found, key=lambda h: (h.file, h.line)))


def declarations(folder: Path, rule_id: str) -> tuple[Declaration, ...]:
    """The lines of the TOML files in ``folder`` that name ``rule_id`` (ranges included).

    ``C-BONUS-1..4`` names ``C-BONUS-3``, as ``M-SCORE-2/3`` names ``M-SCORE-3``.

    Example:
        >>> from serenissima.engine.registry import get_plugin
        >>> sorted({d.file for d in declarations(get_plugin("classic").folder, "C-SALE-4")})
        ['catalogue.toml', 'rules.toml']
    """
    found = []
    for path in sorted(folder.glob("*.toml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if rule_id in expand_rule_ids(line):
                found.append(Declaration(path.name, number, line.strip()))
    return tuple(found)


def expand_rule_ids(text: str) -> tuple[str, ...]:
    """Every rule ID ``text`` names, with ranges (``..``) and alternatives (``/``) spelt out.

    Example:
        >>> expand_rule_ids("C-SALE-1, C-BONUS-1..3 and M-SCORE-2/3")
        ('C-SALE-1', 'C-BONUS-1', 'C-BONUS-2', 'C-BONUS-3', 'M-SCORE-2', 'M-SCORE-3')
        >>> expand_rule_ids("X-C-04/06")
        ('X-C-04', 'X-C-06')
    """
    out: list[str] = []
    for stem, first, rest in _IDS_IN_TEXT.findall(text):
        numbers = [int(first)]
        for part in re.findall(r"(\.\.|/)(\d+)", rest):
            sign, value = part[0], int(part[1])
            if sign == "..":
                numbers.extend(range(numbers[-1] + 1, value + 1))
            else:
                numbers.append(value)
        width = len(first)  # X-C-04/06 keeps the catalogue's two digits
        out.extend(f"{stem}{n:0{width}d}" for n in numbers)
    return tuple(dict.fromkeys(out))


def _import_all(package: str) -> None:
    """Import every module of ``package``, so that all its handlers have registered."""
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(getattr(root, "__path__", []), prefix=package + "."):
        importlib.import_module(info.name)
