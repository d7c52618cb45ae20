"""Text shared by ``play`` and ``replay``: numbered actions, one-line steps, standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from serenissima.engine.core import Action, Event, Standings

WIDTH: Final = 100
"""The longest line of a list of actions."""


def numbered(actions: Sequence[Action]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Group actions by the first word of their text, numbered from 1 in group order.

    Args:
        actions: The legal actions, in the ruleset's order.

    Returns:
        ``(first word, [(number, text), ...])`` per group, in order of first appearance.

    Example:
        >>> import serenissima as ser
        >>> rules = ser.load_ruleset("classic")
        >>> state = rules.new_game(2)
        >>> numbered(rules.legal_actions(state))[0][1][:2]
        [(1, 'crew 5 5'), (2, 'crew 5 4')]
    """
    groups: dict[str, list[str]] = {}
    for action in actions:
        text = action.text()
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    out: list[tuple[str, list[tuple[int, str]]]] = []
    number = 1
    for word, texts in groups.items():
        items = []
        for text in texts:
            items.append((number, text))
            number += 1
        out.append((word, items))
    return out


def in_number_order(actions: Sequence[Action]) -> list[Action]:
    """The actions in the order :func:`numbered` numbers them (number ``n`` is item ``n-1``)."""
    order: dict[str, list[Action]] = {}
    for action in actions:
        order.setdefault(action.text().split(" ", 1)[0], []).append(action)
    return [action for group in order.values() for action in group]


def action_lines(actions: Sequence[Action], suffix: Mapping[str, str] | None = None) -> list[str]:
    """The actions, one group per line (wrapped at :data:`WIDTH`), each item numbered.

    Args:
        actions: The legal actions.
        suffix: Text to show after some actions, by action text (probabilities of dice).

    Returns:
        The lines.
    """
    lines: list[str] = []
    extra = suffix or {}
    groups = numbered(actions)
    label = max((len(word) for word, _ in groups), default=0)
    for word, items in groups:
        line = f"  {word:<{label}} "
        indent = " " * len(line)
        for number, text in items:
            item = f"  [{number}] {text}{extra.get(text, '')}"
            if len(line) + len(item) > WIDTH and line.strip() != word:
                lines.append(line.rstrip())
                line = indent
            line += item
        lines.append(line.rstrip())
    return lines


def step_line(who: str, action: Action | str, events: Sequence[Event]) -> str:
    """One line for an applied action: who, the action's text, and what happened.

    Example:
        >>> step_line("seat 1 (random)", "done", ())
        'seat 1 (random): done'
    """
    text = f"{who}: {action}"
    if events:
        text += " -- " + "; ".join(event.describe() for event in events)
    return text


def standings_lines(standings: Standings, names: Mapping[int, str] | None = None) -> list[str]:
    """The standings, one seat per line with the breakdown of its score.

    Args:
        standings: The standings.
        names: A label per seat (``"seat 2"`` when missing).

    Returns:
        A title line and one line per seat, best first.
    """
    title = "Final standings:" if standings.final else "Standings so far (provisional):"
    lines = [title]
    for entry in standings.entries:
        name = (names or {}).get(entry.seat, f"seat {entry.seat}")
        parts = ", ".join(f"{part} {value}" for part, value in entry.breakdown)
        lines.append(f"  {entry.rank}. {name:<18} score {entry.score:>5}   ({parts})")
    if standings.final:
        winners = ", ".join(f"seat {seat}" for seat in standings.winners)
        shared = len(standings.winners) > 1
        lines.append(f"Winners (shared victory): {winners}" if shared else f"Winner: {winners}")
    return lines
