"""What a quality report must say about its data: reconstructed boards, and the agents.

The boards of both editions are partly reconstructed (the rule books do not
print them), and every area, port and sea link says where it comes from in
its ``source`` field. A figure that depends on where things are, such as the
balance between seats or nations, is then a figure of the reconstructed board.
:func:`board_note` says so from the board's own provenance, and
:func:`capital_reach` measures what most shapes a nation's start on a board
with capitals: the ports near its capital that no other capital is as near to.
:func:`agent_note` says whose play the figures measure.

Example:
    >>> import serenissima as ser
    >>> print(board_note(ser.load_ruleset("classic")))  # doctest: +ELLIPSIS
    The classic board is partly reconstructed (its `source` fields mark 47 of 47 sea links, ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from serenissima.engine.spec import Source

if TYPE_CHECKING:
    from serenissima.engine.board import Board
    from serenissima.engine.ruleset import Ruleset

__all__ = ["REACH", "agent_note", "board_note", "capital_reach", "reach_note"]

REACH: Final[int] = 2
"""How many sea areas away from a capital :func:`capital_reach` looks."""

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(number: int) -> str:
    return _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)


def board_note(rules: Ruleset) -> str | None:
    """Return a sentence on how much of the ruleset's board is reconstructed, if any is.

    Args:
        rules: A ruleset.

    Returns:
        The sentence, or ``None`` when nothing on the board is reconstructed.

    Example:
        >>> import serenissima as ser
        >>> note = board_note(ser.load_ruleset("modern"))
        >>> print(note)  # doctest: +ELLIPSIS
        The modern board is partly reconstructed (its `source` fields mark 33 of 34 sea links, ...
    """
    spec = rules.board.spec
    parts = [
        (sum(e.source is Source.RECONSTRUCTED for e in spec.edges), len(spec.edges), "sea links"),
        (sum(p.source is Source.RECONSTRUCTED for p in spec.ports), len(spec.ports), "ports"),
        (sum(a.source is Source.RECONSTRUCTED for a in spec.areas), len(spec.areas), "sea areas"),
    ]
    if not any(count for count, _, _ in parts):
        return None
    counted = [f"{count} of {total} {what}" for count, total, what in parts if count]
    listed = ", ".join(counted[:-1]) + " and " + counted[-1] if len(counted) > 1 else counted[0]
    return (
        f"The {rules.id} board is partly reconstructed (its `source` fields mark {listed} as "
        "reconstructed), so the figures that depend on where things are, the balance between "
        "seats first, are those of the reconstructed board; the printed board may differ."
    )


def capital_reach(board: Board, reach: int = REACH) -> dict[str, tuple[str, ...]]:
    """Return, for each nation with a capital, the ports near it that no other capital is as near.

    A port counts for a nation when it is within ``reach`` sea areas of the
    nation's capital and strictly nearer to it than to every other capital;
    capitals themselves do not count.

    Args:
        board: A board; only its ports with a ``capital_of`` are capitals.
        reach: How many sea areas away to look.

    Returns:
        The ports by nation, in board order (empty for a board without capitals).

    Example:
        >>> import serenissima as ser
        >>> reach = capital_reach(ser.load_ruleset("classic").board)
        >>> reach["turkey"], reach["spain"]
        (('modon', 'smyrna', 'salonica', 'rhodes'), ('algiers',))
    """
    capitals = [port for port in board.ports if port.capital_of]
    out: dict[str, tuple[str, ...]] = {}
    for capital in capitals:
        near = []
        for port in board.ports:
            if port.capital_of:
                continue
            mine = board.distance(capital.area, port.area)
            if mine is None or mine > reach:
                continue
            theirs = [board.distance(c.area, port.area) for c in capitals if c is not capital]
            if all(d is None or d > mine for d in theirs):
                near.append(port.id)
        out[str(capital.capital_of)] = tuple(near)
    return out


def reach_note(rules: Ruleset) -> str | None:
    """Return a sentence on the capitals' reach when the board's sea links are reconstructed.

    Args:
        rules: A ruleset.

    Returns:
        The sentence, or ``None`` for a board with fewer than two capitals, or
        whose sea links are all sourced.

    Example:
        >>> import serenissima as ser
        >>> print(reach_note(ser.load_ruleset("classic")))  # doctest: +ELLIPSIS
        On the reconstructed sea links of the classic board, ... (turkey four, ..., spain one): ...
        >>> reach_note(ser.load_ruleset("modern")) is None
        True
    """
    reach = capital_reach(rules.board)
    links = rules.board.spec.edges
    if len(reach) < 2 or not any(e.source is Source.RECONSTRUCTED for e in links):
        return None
    ranked = sorted(reach.items(), key=lambda item: (-len(item[1]), item[0]))
    counts = ", ".join(f"{nation} {_count(len(ports))}" for nation, ports in ranked)
    return (
        f"On the reconstructed sea links of the {rules.id} board, the capitals reach "
        f"different numbers of ports within {_count(REACH)} sea areas that no other capital "
        f"is as near to ({counts}): a nation's win share measures that reconstruction as much "
        "as the rules."
    )


def agent_note(agents: str, versus: str | None) -> str:
    """Return a sentence on whose play the figures measure.

    Args:
        agents: The agent kind of every seat of the main games.
        versus: The weaker kind of the skill games, or ``None`` when none were played.

    Returns:
        The sentence.

    Example:
        >>> print(agent_note("greedy", "random"))  # doctest: +ELLIPSIS
        Every seat is played by the greedy agent: ...
    """
    text = (
        f"Every seat is played by the {agents} agent: the figures measure the editions as "
        "that agent plays them, and a stronger player may find a different game."
    )
    if agents == "random":
        text += " Random seats spend and waste their money, so balance and scores say little."
    if versus is None:
        return text + " The skill gradient was not measured (no weaker agent to play against)."
    return (
        text + f" The skill gradient seats one {agents} agent against {versus} agents, "
        "the stronger seat moving round the table game by game."
    )
