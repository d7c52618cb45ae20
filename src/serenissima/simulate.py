"""Many random games, summarised: game length, win rate and score by seat, speed.

This is how the editions are compared: the same number of games, the same
seed, and a table of what happened. The table by seat gives each seat's
win rate and mean score, and the mean of every part of the score that the
edition's standings break it into (ducats, ports and galleys in the modern
edition; capital, ports, full ports and ducats in the classic one).

Example:
    >>> summary = simulate(load_ruleset("modern"), players=4, games=200, seed=1)  # doctest: +SKIP
    >>> print(format_summary(summary))  # doctest: +SKIP
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from serenissima.agents import RandomAgent, play_game
from serenissima.errors import SerenissimaError

if TYPE_CHECKING:
    from serenissima.ruleset import Ruleset

__all__ = ["Progress", "SimulationSummary", "format_summary", "simulate"]

Progress = Callable[[int, int], None]
"""A callback told ``(games done, games in all)`` after each game."""


@attrs.frozen(slots=True)
class SimulationSummary:
    """What happened in a batch of random games.

    Attributes:
        ruleset: The ruleset's registry name.
        ruleset_version: The version of the ruleset data.
        players: The number of seats.
        games: The number of games played.
        seed: The seed the games were derived from.
        options: The options given, as sorted ``(name, value)`` pairs.
        mean_decisions: Mean number of seat decisions per game.
        min_decisions: Fewest decisions in a game.
        max_decisions: Most decisions in a game.
        mean_chance: Mean number of chance nodes per game.
        mean_turns: Mean game turn (modern) or round (classic) reached at the end.
        win_rate: Share of the games won by each seat; a win shared by ``k``
            seats counts ``1/k`` for each of them.
        mean_score: Mean final score of each seat.
        decisions_per_second: Seat decisions per second of wall time (chance included in the time).
        seconds: Wall time of the whole batch.
        min_turns: Lowest turn or round reached at the end of a game.
        max_turns: Highest turn or round reached at the end of a game.
        turn_word: What the edition calls its turns, ``"turns"`` or ``"rounds"``.
        shared_wins: Share of the games won by several seats together.
        seat_names: Each seat's nation when the edition gives seats one, else empty.
        parts: The names of the parts of the score (the standings' breakdown), in order.
        mean_parts: For each seat, the mean of each part, in the order of ``parts``.
    """

    ruleset: str
    ruleset_version: str
    players: int
    games: int
    seed: int
    options: tuple[tuple[str, str], ...]
    mean_decisions: float
    min_decisions: int
    max_decisions: int
    mean_chance: float
    mean_turns: float
    win_rate: tuple[float, ...]
    mean_score: tuple[float, ...]
    decisions_per_second: float
    seconds: float
    min_turns: int = 0
    max_turns: int = 0
    turn_word: str = "turns"
    shared_wins: float = 0.0
    seat_names: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    mean_parts: tuple[tuple[float, ...], ...] = ()


_TURN_WORDS = {"classic": "rounds"}
"""What an edition calls the unit of ``State.turn``, when not ``"turns"``."""


def simulate(
    rules: Ruleset,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    progress: Progress | None = None,
) -> SimulationSummary:
    """Play ``games`` games between random agents and summarise them.

    Each game gets its own seeds for chance and for every agent, drawn from a
    generator seeded with ``seed``: the same arguments give the same games.

    Args:
        rules: The ruleset.
        players: The number of seats.
        games: How many games to play (at least 1).
        seed: The seed of the batch.
        options: Rule options by name.
        progress: Called after each game with ``(done, games)``.

    Returns:
        The summary.

    Raises:
        OptionError: An unsupported player count or a bad option.
        SerenissimaError: ``games`` is below 1, or a game did not finish.
    """
    if games < 1:
        raise SerenissimaError(f"a simulation needs at least one game, not {games}")
    seeds = random.Random(seed)
    wins = [Fraction(0)] * players
    scores = [0] * players
    parts: dict[str, list[int]] = {}  # part name -> total by seat
    decisions: list[int] = []
    turns: list[int] = []
    chance = shared = 0
    names: tuple[str, ...] = ()
    start = time.perf_counter()
    for done in range(1, games + 1):
        chance_seed = seeds.getrandbits(64)
        agents = [RandomAgent(seeds.getrandbits(64)) for _ in range(players)]
        result = play_game(rules, players, agents, chance_seed, options)
        decisions.append(result.decisions)
        chance += result.chance
        turns.append(result.turns)
        winners = result.standings.winners
        shared += len(winners) > 1
        for seat in winners:
            wins[seat] += Fraction(1, len(winners))
        for entry in result.standings.entries:
            scores[entry.seat] += entry.score
            for name, value in entry.breakdown:
                parts.setdefault(name, [0] * players)[entry.seat] += value
        names = _seat_names(result.state, players)
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - start
    return SimulationSummary(
        ruleset=rules.id,
        ruleset_version=rules.info.version,
        players=players,
        games=games,
        seed=seed,
        options=tuple(sorted((str(k), _show(v)) for k, v in (options or {}).items())),
        mean_decisions=sum(decisions) / games,
        min_decisions=min(decisions),
        max_decisions=max(decisions),
        mean_chance=chance / games,
        mean_turns=sum(turns) / games,
        win_rate=tuple(float(w / games) for w in wins),
        mean_score=tuple(s / games for s in scores),
        decisions_per_second=sum(decisions) / seconds if seconds > 0 else 0.0,
        seconds=seconds,
        min_turns=min(turns),
        max_turns=max(turns),
        turn_word=_TURN_WORDS.get(rules.info.edition, "turns"),
        shared_wins=shared / games,
        seat_names=names,
        parts=tuple(parts),
        mean_parts=tuple(
            tuple(totals[seat] / games for totals in parts.values()) for seat in range(players)
        ),
    )


def _seat_names(state: object, players: int) -> tuple[str, ...]:
    """The seats' nations, when the edition's state names them (the classic one does)."""
    nations = getattr(state, "nations", None)
    if isinstance(nations, tuple) and len(nations) == players:
        return tuple(str(n) for n in nations)
    return ()


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def format_summary(summary: SimulationSummary) -> str:
    """Return a summary as a plain-text report with a table by seat.

    The table gives each seat (and its nation, when it has one) its win
    rate, its mean score and the mean of each part of the score; its last
    row averages the seats.

    Args:
        summary: The summary.

    Returns:
        Several lines of text, without a final newline.
    """
    s = summary
    options = ", ".join(f"{k}={v}" for k, v in s.options) or "defaults"
    game_s = "game" if s.games == 1 else "games"
    lines = [
        (
            f"Ruleset {s.ruleset} {s.ruleset_version}: {s.players} players, "
            f"{s.games} random {game_s}, seed {s.seed}, options: {options}"
        ),
        "",
        f"{'per game':<18}{'mean':>10}{'min':>8}{'max':>8}",
        f"{'decisions':<18}{s.mean_decisions:>10.1f}{s.min_decisions:>8}{s.max_decisions:>8}",
        f"{'chance nodes':<18}{s.mean_chance:>10.1f}",
        f"{s.turn_word:<18}{s.mean_turns:>10.1f}{s.min_turns:>8}{s.max_turns:>8}",
        f"{'shared wins':<18}{s.shared_wins:>10.1%}",
        "",
    ]
    name_width = max((len(n) for n in s.seat_names), default=0)
    label_width = max(6, len("mean"), name_width + 3) + 1
    widths = [max(8, len(part)) + 2 for part in s.parts]
    header = f"{'seat':<{label_width}}{'win rate':>10}{'mean score':>12}"
    header += "".join(f"{part:>{w}}" for part, w in zip(s.parts, widths, strict=True))
    lines.append(header)

    def row(label: str, win: str, score: float, parts: tuple[float, ...]) -> str:
        cells = "".join(f"{v:>{w}.1f}" for v, w in zip(parts, widths, strict=True))
        return f"{label:<{label_width}}{win:>10}{score:>12.1f}{cells}"

    for seat in range(s.players):
        label = f"{seat}  {s.seat_names[seat]}" if s.seat_names else str(seat)
        parts = s.mean_parts[seat] if s.mean_parts else ()
        lines.append(row(label, f"{s.win_rate[seat]:.1%}", s.mean_score[seat], parts))
    if s.players > 1:
        every = tuple(sum(p[i] for p in s.mean_parts) / s.players for i in range(len(s.parts)))
        lines.append(row("mean", "", sum(s.mean_score) / s.players, every if s.mean_parts else ()))
    lines += [
        "",
        f"{s.decisions_per_second:,.0f} decisions/s ({s.games} {game_s} in {s.seconds:.2f} s)",
    ]
    return "\n".join(lines)
