"""The vocabulary shared by every ruleset: seats, actions, events, decisions.

A state says who acts next through :attr:`State.to_act`: a seat number
(0-based, in seating order), :data:`CHANCE` when dice or cards decide, or
:data:`TERMINAL` once the game is over.
"""

from __future__ import annotations

from typing import Final

import attrs

from serenissima.engine.errors import ActionParseError

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Decision",
    "Event",
    "Observation",
    "PhaseInfo",
    "Standing",
    "Standings",
    "State",
    "is_number",
    "read_number",
    "read_number_or_name",
]

CHANCE: Final[int] = -1
"""The value of :attr:`State.to_act` at a chance node."""

TERMINAL: Final[int] = -2
"""The value of :attr:`State.to_act` once the game is over."""


@attrs.frozen(slots=True)
class Action:
    """Base class of every action, chance outcomes included.

    Each action has a stable short text form, returned by :meth:`text` and by
    ``str(action)``, that the ruleset's ``parse_action`` reads back.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> first = rules.legal_actions(state)[0]
        >>> str(first), rules.parse_action(state, str(first)) == first
        ('first 0', True)
    """

    def text(self) -> str:
        """Return the action's text form."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


_NUMBER_FORM: Final[str] = "written in ASCII digits 0-9"
"""How an action's text writes a number, as its parse errors say."""


def is_number(word: str) -> bool:
    r"""Return whether ``word`` is a number as an action's text writes it: ASCII digits 0-9.

    ``str.isdigit`` and ``int`` take more: the digits of other scripts
    (Arabic-Indic, Devanagari...), fullwidth digits, and, for ``isdigit``,
    superscripts (``"¹"``); ``int`` also takes a sign and underscores
    (``"+1_00"``). An action's text takes none of them.

    Args:
        word: A word of an action's text.

    Returns:
        Whether ``word`` is a non-empty run of the ASCII digits 0 to 9.

    Examples:
        >>> from serenissima.engine.core import is_number
        >>> arabic_indic, fullwidth = "\u0661\u0660\u0660", "\uff11\uff10\uff10"
        >>> [is_number(word) for word in ("100", arabic_indic, fullwidth, "¹", "+100", "1_00", "")]
        [True, False, False, False, False, False, False]
    """
    return word.isascii() and word.isdigit()


def read_number(text: str, word: str, expected: str) -> int:
    """Read the number ``word`` of the action text ``text``: a run of ASCII digits 0-9.

    Args:
        text: The whole text of the action, for the error.
        word: The word that must be a number.
        expected: The start of the error's reason, in the edition's words
            (``"expected ducats as a whole number"``).

    Returns:
        The number.

    Raises:
        ActionParseError: ``word`` is not a run of ASCII digits; the reason
            says that numbers are written in ASCII digits 0-9.

    Examples:
        >>> from serenissima.engine.core import read_number
        >>> read_number("bid 100", "100", "expected ducats as a whole number")
        100
        >>> import serenissima as ser
        >>> try:
        ...     read_number("bid ¹⁰⁰", "¹⁰⁰", "expected ducats as a whole number")
        ... except ser.ActionParseError as error:
        ...     print(error.reason)
        expected ducats as a whole number written in ASCII digits 0-9, got '¹⁰⁰'
    """
    if not is_number(word):
        raise ActionParseError(text, f"{expected} {_NUMBER_FORM}, got {word!r}")
    return int(word)


def read_number_or_name(text: str, word: str, expected: str) -> str:
    """Check the word ``word`` of the action text ``text`` that is a number or a name.

    Where either a number (a galley) or a name (a port) may stand, a word is
    read as a number when it starts with a digit of any script or a sign,
    or holds a digit other than ASCII 0-9: it must then be a run of ASCII
    digits. Any other word is a name, which the rules check later.

    Args:
        text: The whole text of the action, for the error.
        word: The word to check.
        expected: The start of the error's reason, in the edition's words
            (``"expected a port, or a galley as a whole number"``).

    Returns:
        ``word``, unchanged.

    Raises:
        ActionParseError: ``word`` is a number not written in ASCII digits 0-9.

    Examples:
        >>> from serenissima.engine.core import read_number_or_name
        >>> read_number_or_name("attack 12", "12", "attack needs a port or a number")
        '12'
        >>> read_number_or_name("attack venice", "venice", "attack needs a port or a number")
        'venice'
        >>> import serenissima as ser
        >>> try:
        ...     read_number_or_name("attack +12", "+12", "attack needs a port or a number")
        ... except ser.ActionParseError as error:
        ...     print(error.reason)
        attack needs a port or a number written in ASCII digits 0-9, got '+12'
    """
    numeric = word[:1].isdigit() or word[:1] in ("+", "-")
    if is_number(word) or not (numeric or any(c.isdigit() and not c.isascii() for c in word)):
        return word
    raise ActionParseError(text, f"{expected} {_NUMBER_FORM}, got {word!r}")


@attrs.frozen(slots=True)
class Event:
    """Base class of every event: something that happened, for animation and logs.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> state, events = rules.step(state, rules.parse_action(state, "first 2"))
        >>> [event.describe() for event in events]
        ['seat 2 is the first player']
    """

    def describe(self) -> str:
        """Return one English sentence saying what happened."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()


@attrs.frozen(slots=True)
class State:
    """Base class of every game state.

    States are immutable values: applying an action returns a new state.

    Attributes:
        players: The number of seats.
        to_act: The seat that decides next, :data:`CHANCE` or :data:`TERMINAL`.
        turn: The game turn (modern) or round (classic); 0 during set-up.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> state = rules.new_game(players=4)
        >>> state.players, state.to_act == ser.CHANCE, state.turn
        (4, True, 0)
    """

    players: int
    to_act: int
    turn: int


@attrs.frozen(slots=True)
class Observation:
    """Base class of what one seat, or a spectator, may see of a state.

    Attributes:
        seat: The seat that observes; ``None`` for a spectator, who is shown
            only what every seat is shown.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> seen = rules.observe(rules.new_game(players=3), seat=1)
        >>> seen.seat, seen.ducats[1] is not None, seen.ducats[0]
        (1, True, None)
        >>> rules.observe(rules.new_game(players=3), seat=None).ducats
        (None, None, None)
    """

    seat: int | None


@attrs.frozen(slots=True)
class Decision:
    """A decision point: who decides, and what kind of decision it is.

    Attributes:
        actor: The seat that decides, :data:`CHANCE` or :data:`TERMINAL`.
        kind: A short stable name for the kind of decision, such as ``"loading"``.
        rule_id: The rule that gives this decision.
        prompt: One sentence that tells the actor what to decide.

    Examples:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("modern")
        >>> decision = rules.decision(rules.new_game(players=4))
        >>> decision.actor == ser.CHANCE, decision.kind, decision.rule_id
        (True, 'first-player', 'M-SETUP-5')
    """

    actor: int
    kind: str
    rule_id: str
    prompt: str


@attrs.frozen(slots=True)
class Standing:
    """One seat's place in the standings.

    Attributes:
        seat: The seat.
        rank: 1 for the winner(s); tied seats share a rank.
        score: The score the edition ranks by (ducats, or wealth points).
        breakdown: Named parts of the score and tie-breaks, in display order.

    Examples:
        >>> from serenissima.engine.core import Standing
        >>> entry = Standing(seat=2, rank=1, score=31, breakdown=(("ducats", 31),))
        >>> entry.rank, dict(entry.breakdown)
        (1, {'ducats': 31})
    """

    seat: int
    rank: int
    score: int
    breakdown: tuple[tuple[str, int], ...]


@attrs.frozen(slots=True)
class Standings:
    """The ranking of every seat, best first.

    Attributes:
        entries: One :class:`Standing` per seat, sorted by rank then seat.
        final: True once the game is over; before that a provisional ranking.

    Examples:
        >>> from serenissima.engine.core import Standing, Standings
        >>> standings = Standings(
        ...     (Standing(0, 1, 20, ()), Standing(2, 1, 20, ()), Standing(1, 3, 12, ())), final=True
        ... )
        >>> standings.winners
        (0, 2)
    """

    entries: tuple[Standing, ...]
    final: bool

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first (several on a shared victory)."""
        return tuple(s.seat for s in self.entries if s.rank == 1)


@attrs.frozen(slots=True)
class PhaseInfo:
    """A phase as a reader sees it: what is decided, by whom, under which rule.

    Attributes:
        name: The phase class's name, e.g. ``"Bidding"``.
        kind: The decision kind.
        rule_id: The rule that gives the decision.
        prompt: What the actor decides.
        chance: True when dice or cards decide rather than a player.
        actions: The text keywords of the actions taken in this phase, sorted.

    Examples:
        >>> from serenissima import load_ruleset
        >>> phase = load_ruleset("classic").engine.phases()[0]
        >>> phase.kind, phase.chance, phase.decides
        ('crew', False, True)
    """

    name: str
    kind: str
    rule_id: str
    prompt: str
    chance: bool
    actions: tuple[str, ...]

    @property
    def decides(self) -> bool:
        """Whether a seat decides in this phase: not chance, and some action is taken."""
        return not self.chance and bool(self.actions)
