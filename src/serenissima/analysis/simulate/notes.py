"""What the figures of a simulation mean, where they would surprise: one sentence per case.

A table of means says nothing about why a figure is what it is. Random seats,
for instance, spend their money on whatever they happen to pick, so the modern
edition's mean score (ducats at the end) comes out below one ducat: a reader
who does not know it takes it for a fault. :func:`summary_notes` looks at a
:class:`~serenissima.analysis.simulate.summary.SimulationSummary` and returns a
:class:`~serenissima.analysis.simulate.summary.Note` for each of these cases that holds
(:func:`~serenissima.analysis.simulate.batch.simulate` attaches them to the summary);
:func:`comparison_notes` does the same for two summaries side by side.

The cases, by key:

``random_seats``
    Some seats are played by the ``random`` agent: their scores and win rates
    measure that bot, not the seat (or its nation); ``greedy`` seats play
    better.
``mixed_agents``
    The seats are played by different agents: the win rates compare the
    agents as much as the seats.
``beside_score``
    Some figures of the standings are not parts of the score but shown beside
    it (the modern edition's ports and galleys, the classic one's ducats held).
    Which parts add up to the score is read from the means: the longest run
    of leading parts whose means add up to every seat's mean score.
``shared_wins``
    Some games were won by several seats together: each of the ``k`` winners
    counts ``1/k`` of a win, and the game's winner margin is 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from serenissima.analysis.simulate.summary import Note, SimulationSummary

__all__ = ["NOTE_KEYS", "comparison_notes", "score_parts", "summary_notes"]

NOTE_KEYS: Final[tuple[str, ...]] = ("random_seats", "mixed_agents", "beside_score", "shared_wins")
"""Every note's key, in the order the notes come."""

_RANDOM: Final = "random"


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _seats(seats: Sequence[int]) -> str:
    """``seat 2`` or ``seats 1 and 3``."""
    return ("seat " if len(seats) == 1 else "seats ") + _and([str(s) for s in seats])


def _random_note(kinds: Sequence[str], nations: bool) -> Note | None:
    randoms = [seat for seat, kind in enumerate(kinds) if kind == _RANDOM]
    if not randoms:
        return None
    one, many = (" or its nation", " or their nations") if nations else ("", "")
    if len(randoms) == len(kinds):
        who = "Every seat is played by the random agent"
        what = f"the scores and win rates measure that bot, not the seats{many}"
    elif len(randoms) == 1:
        who = f"Seat {randoms[0]} is played by the random agent"
        what = f"its score and win rate measure that bot, not the seat{one}"
    else:
        who = f"{_seats(randoms).capitalize()} are played by the random agent"
        what = f"their scores and win rates measure that bot, not the seats{many}"
    return Note(
        "random_seats",
        f"{who}, which picks legal actions at random and so spends or wastes its money: "
        f"{what}; greedy seats (--seats greedy) play far better.",
    )


def _mixed_note(kinds: Sequence[str]) -> Note | None:
    by_kind: dict[str, list[int]] = {}
    for seat, kind in enumerate(kinds):
        by_kind.setdefault(kind, []).append(seat)
    if len(by_kind) < 2:
        return None
    who = _and([f"{kind} at {_seats(seats)}" for kind, seats in by_kind.items()])
    return Note(
        "mixed_agents",
        f"The seats are played by different agents ({who}), so the win rates compare the "
        "agents as much as the seats.",
    )


def score_parts(summary: SimulationSummary) -> int | None:
    """Return how many of the leading parts add up to the score, or ``None`` if none do.

    The parts after them are figures the standings show beside the score. The
    count is read from the means: the most leading parts whose means add up
    to every seat's mean score.

    Args:
        summary: The summary.

    Returns:
        A count between 1 and ``len(summary.parts)``, or ``None`` when the
        summary has no parts or no run of them adds up to the score.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> summary = simulate(ser.load_ruleset("modern"), 2, games=2, seed=1)
        >>> summary.parts, score_parts(summary)
        (('ducats', 'ports', 'galleys'), 1)
    """
    if not summary.parts or not summary.mean_parts:
        return None
    for count in range(len(summary.parts), 0, -1):
        if all(
            math.isclose(sum(parts[:count]), score, rel_tol=1e-9, abs_tol=1e-9)
            for parts, score in zip(summary.mean_parts, summary.mean_score, strict=True)
        ):
            return count
    return None


def _beside_note(summary: SimulationSummary) -> Note | None:
    count = score_parts(summary)
    if count is None or count == len(summary.parts):
        return None
    inside, beside = summary.parts[:count], summary.parts[count:]
    if count == 1:
        score = f"The mean score is the {inside[0]} alone"
    else:
        score = f"The mean score adds up {_and(inside)} (all in {summary.score_unit})"
    verb = "is" if len(beside) == 1 else "are"
    pronoun = "it" if len(beside) == 1 else "them"
    return Note(
        "beside_score",
        f"{score}; {_and(beside)} {verb} shown beside it, not added to it (the standings "
        f"list {pronoun} for ties and for information).",
    )


_SHARED: Final = (
    "each of the k winners of such a game counts 1/k of a win in the win rates, and its "
    "winner margin is 0."
)


def _shared_note(summary: SimulationSummary) -> Note | None:
    if summary.shared_wins <= 0:
        return None
    return Note(
        "shared_wins",
        f"Several seats shared the win in {summary.shared_wins:.1%} of the games: {_SHARED}",
    )


def summary_notes(summary: SimulationSummary) -> tuple[Note, ...]:
    """Return the notes of the cases that hold for a summary, in :data:`NOTE_KEYS` order.

    Args:
        summary: The summary (its own ``notes`` are not read).

    Returns:
        One note per case that holds; none for a batch of greedy seats that
        shared no win and whose standings show nothing beside the score.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> rules = ser.load_ruleset("modern")
        >>> summary = simulate(rules, 2, games=2, seed=1)
        >>> [note.key for note in summary_notes(summary)]
        ['random_seats', 'beside_score', 'shared_wins']
        >>> summary_notes(summary) == summary.notes
        True
    """
    found = (
        _random_note(summary.seats, bool(summary.seat_names)),
        _mixed_note(summary.seats),
        _beside_note(summary),
        _shared_note(summary),
    )
    return tuple(note for note in found if note is not None)


def comparison_notes(left: SimulationSummary, right: SimulationSummary) -> tuple[Note, ...]:
    """Return the notes that concern two summaries side by side.

    The table of a comparison shows the game length, the winner's margin, the
    shared wins and the win rates, not the parts of the score: its notes are
    those on the seats' agents (once when both sides have the same agents,
    else each side's, named by its ruleset) and, when either side has shared
    wins, how they are counted.

    Args:
        left: A summary.
        right: Another.

    Returns:
        The notes, in :data:`NOTE_KEYS` order.

    Example:
        >>> import serenissima as ser
        >>> from serenissima.analysis.simulate.batch import simulate
        >>> a = simulate(ser.load_ruleset("modern"), 2, games=2, seed=1, seats=["greedy"] * 2)
        >>> comparison_notes(a, a)
        ()
    """
    notes: list[Note] = []
    names = (left.ruleset, right.ruleset)
    if names[0] == names[1]:
        names = ("left", "right")
    nations = bool(left.seat_names or right.seat_names)
    for a, b in (
        (_random_note(left.seats, nations), _random_note(right.seats, nations)),
        (_mixed_note(left.seats), _mixed_note(right.seats)),
    ):
        if a == b:
            notes.extend([a] if a is not None else [])
            continue
        for name, note in zip(names, (a, b), strict=True):
            if note is not None:
                notes.append(Note(note.key, f"{name}: {note.text}"))
    if left.shared_wins > 0 or right.shared_wins > 0:
        notes.append(Note("shared_wins", f"Where seats shared the win, {_SHARED}"))
    return tuple(notes)
