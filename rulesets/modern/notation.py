"""The text forms of the modern edition's actions, read back into actions.

Each action writes its own text form (``Action.text()``, in :mod:`.actions`),
like chess's UCI: ``move algiers``, ``sailor 6>4``, ``sell wood algiers``.
:func:`parse` is its inverse. A number is written in ASCII digits 0-9 only
(:func:`~serenissima.engine.core.read_number`): ``crew +6``, ``crew ⁶``, or
``crew 6`` in fullwidth digits, is no action.
"""

from __future__ import annotations

from collections.abc import Callable

from serenissima.engine.core import Action, is_number, read_number, read_number_or_name
from serenissima.engine.errors import ActionParseError

from .action.actions import (
    Attack,
    AttackPort,
    Blockade,
    Claim,
    Continue,
    Dice,
    Jettison,
    LoadGood,
    Move,
    Pass,
    Sell,
    ShiftGood,
    ShiftSailor,
    Stop,
    Take,
    VolleyOutcome,
)
from .common import Done, End
from .endturn.actions import DogeOutcome
from .investment.actions import BuildBasilica, BuildFort, BuyGalley, Crew, Recruit
from .setup.actions import CloseOutcome, FirstOutcome, PickGalley, PickPort
from .wheel.actions import ChooseAction, ChooseInvestment

__all__ = ["parse"]


def _int(text: str, token: str, word: str) -> int:
    return read_number(text, token, f"{word} needs a number")


def _number_or_port(text: str, token: str, word: str) -> str:
    return read_number_or_name(text, token, f"{word} needs a port or a number")


def _pair(text: str, token: str) -> tuple[str, str]:
    source, sep, target = token.partition(">")
    if not sep or not source or not target:
        raise ActionParseError(text, f"expected SOURCE>TARGET, got {token!r}")
    return source, target


def _attack(text: str, args: list[str]) -> Action:
    target = _number_or_port(text, args[0], "attack")
    return Attack(int(target)) if is_number(target) else AttackPort(target)


def _shift_sailor(text: str, args: list[str]) -> Action:
    source, target = _pair(text, args[0])
    return ShiftSailor(
        _number_or_port(text, source, "sailor"), _number_or_port(text, target, "sailor")
    )


def _shift_good(text: str, args: list[str]) -> Action:
    source, target = _pair(text, args[1])
    return ShiftGood(args[0], _int(text, source, "cube"), _int(text, target, "cube"))


_NO_ARGS: dict[str, Action] = {
    a.text(): a
    for a in (
        ChooseAction(),
        ChooseInvestment(),
        Done(),
        Blockade(),
        Pass(),
        Continue(),
        Stop(),
        End(),
    )
}

_PARSERS: dict[str, tuple[int, Callable[[str, list[str]], Action]]] = {
    "close": (1, lambda t, a: CloseOutcome(a[0])),
    "first": (1, lambda t, a: FirstOutcome(_int(t, a[0], "first"))),
    "dice": (2, lambda t, a: Dice(_int(t, a[0], "dice"), _int(t, a[1], "dice"))),
    "volley": (1, lambda t, a: VolleyOutcome(_int(t, a[0], "volley"))),
    "doge": (1, lambda t, a: DogeOutcome(a[0])),
    "galley": (1, lambda t, a: PickGalley(_int(t, a[0], "galley"))),
    "start": (1, lambda t, a: PickPort(a[0])),
    "sailor": (1, _shift_sailor),
    "load": (1, lambda t, a: LoadGood(a[0])),
    "cube": (2, _shift_good),
    "jettison": (1, lambda t, a: Jettison(a[0])),
    "move": (1, lambda t, a: Move(a[0])),
    "sell": (2, lambda t, a: Sell(a[0], a[1])),
    "attack": (1, _attack),
    "claim": (2, lambda t, a: Claim(a[0], _int(t, a[1], "claim"))),
    "take": (1, lambda t, a: Take(a[0])),
    "recruit": (1, lambda t, a: Recruit(a[0])),
    "crew": (1, lambda t, a: Crew(_int(t, a[0], "crew"))),
    "buy": (2, lambda t, a: BuyGalley(_int(t, a[0], "buy"), a[1])),
    "fort": (1, lambda t, a: BuildFort(a[0])),
    "basilica": (1, lambda t, a: BuildBasilica(a[0])),
}


def parse(text: str) -> Action:
    """Read the text form of a modern action.

    >>> parse("sell wood algiers")
    Sell(good='wood', port='algiers')

    Raises:
        ActionParseError: The text spells no modern action.
    """
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError(text, "empty action")
    head, args = words[0], words[1:]
    if head in _NO_ARGS and not args:
        return _NO_ARGS[head]
    if head not in _PARSERS:
        known = ", ".join(sorted([*_NO_ARGS, *_PARSERS]))
        raise ActionParseError(text, f"unknown action {head!r}; actions are {known}")
    arity, build = _PARSERS[head]
    if len(args) != arity:
        raise ActionParseError(text, f"{head!r} takes {arity} argument(s), got {len(args)}")
    return build(text, args)
