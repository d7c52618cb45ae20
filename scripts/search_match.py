r"""Play two settings of the search bot against each other, on the same dice from each seat.

Where an agent kind cannot say it (``depth=0``, ``rollout="random"``, ``kinds``...),
this script measures one setting of :class:`~serenissima.agents.ISMCTSAgent`
against another: ``--a`` and ``--b`` are keyword arguments of the agent, as
``name=value`` separated by commas (``evaluator=learned,depth=0,seconds=0.1``),
or an agent kind (``--b greedy``: the greedy bot at the other seats).
Game ``g`` seats ``--a`` at seat ``g % players`` and ``--b`` at every other
seat; the ``players`` games of one round meet the same dice (chance seeded by
``--seed`` and the round), so that each setting meets them from every seat.
Each game is appended to ``--out`` (JSON Lines) as it ends, and the same command
run again plays only the games the file lacks. At the end it prints ``--a``'s
share of the win with its 95% Wilson interval, by seat, and the games each seat won,
whichever setting held it::

    python scripts/search_match.py --ruleset modern --games 96 --out depth.jsonl \\
        --a evaluator=learned,depth=0,seconds=0.1 --b seconds=0.1
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import serenissima as ser
from serenissima.agents import Agent, ISMCTSAgent, make_agent, play_game
from serenissima.analysis.stats.intervals import wilson_interval


def settings(text: str) -> dict[str, Any]:
    """``name=value,...`` as keyword arguments: whole numbers, numbers, else text.

    Example: ``settings("depth=0,seconds=0.1,evaluator=learned")`` gives
    ``{"depth": 0, "seconds": 0.1, "evaluator": "learned"}``; a value with ``|``
    is a list of texts: ``kinds=movement|purchases`` gives ``["movement", "purchases"]``.
    A text without ``=`` is an agent kind of :func:`serenissima.agents.make_agent`
    (``greedy``, ``ismcts:100``): ``settings("greedy")`` gives ``{"kind": "greedy"}``.
    """
    if "=" not in text and text.strip():
        try:
            make_agent(text.strip())
        except ser.SerenissimaError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return {"kind": text.strip()}
    out: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        name, equals, value = part.partition("=")
        if not equals:
            raise argparse.ArgumentTypeError(f"expected name=value, got {part!r}")
        if "|" in value:  # a list, such as the decision kinds searched
            out[name.strip()] = [v.strip() for v in value.split("|") if v.strip()]
            continue
        for kind in (int, float):
            try:
                out[name.strip()] = kind(value)
                break
            except ValueError:
                continue
        else:
            out[name.strip()] = value.strip()
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="modern")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--a", type=settings, required=True, help="the first setting")
    parser.add_argument("--b", type=settings, required=True, help="the setting it meets")
    parser.add_argument("--out", type=Path, required=True)
    return parser


def run() -> int:
    """Play the games the file lacks, then print the first setting's share."""
    parser = _parser()
    args = parser.parse_args()
    rules = ser.load_ruleset(args.ruleset)
    for given in (args.a, args.b):  # a bad setting fails before any game
        try:
            _agent(given, 0)
        except TypeError as exc:  # a name the agent does not take
            parser.error(f"not a setting of the search bot: {exc}")
    rows = _rows(args.out)
    held = {row["game"] for row in rows}
    start = time.monotonic()
    for game in range(args.games):
        if game in held:
            continue
        seat = game % args.players
        agents = [
            _agent(args.a if s == seat else args.b, 1_000 * game + s) for s in range(args.players)
        ]
        winners = play_game(rules, args.players, agents, args.seed + game // args.players)
        won = winners.standings.winners
        row = {"game": game, "seat": seat, "winners": list(won)}
        row["share"] = 1 / len(won) if seat in won else 0.0
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
        rows.append(row)
        spent = time.monotonic() - start
        sys.stderr.write(f"{len(rows)}/{args.games} games, {spent:.0f} s\n")
    sys.stdout.write(summary(rows, args.players) + "\n")
    return 0


def _agent(setting: dict[str, Any], seed: int) -> Agent:
    """The agent of one setting: an agent kind, or the search bot's keyword arguments."""
    if "kind" in setting:
        return make_agent(setting["kind"], seed=seed)
    return ISMCTSAgent(seed=seed, **setting)


def _rows(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def summary(rows: list[dict[str, Any]], players: int) -> str:
    """The first setting's share of the win, with its interval, in all and by seat."""
    if not rows:
        return "no games"
    wins = sum(row["share"] for row in rows)
    interval = wilson_interval(wins, len(rows))
    seats = sorted({row["seat"] for row in rows})
    by_seat = ", ".join(
        f"seat {s}: {sum(r['share'] for r in rows if r['seat'] == s):g} of "
        f"{sum(1 for r in rows if r['seat'] == s)}"
        for s in seats
    )
    won = [0.0] * players  # by the seat that won, whichever setting sat there
    for row in rows:
        for seat in row["winners"]:
            won[seat] += 1 / len(row["winners"])
    seat_wins = ", ".join(f"{w:g}" for w in won)
    return (
        f"--a won {wins:g} of {len(rows)} games: {wins / len(rows):.1%} "
        f"({interval.low:.1%} to {interval.high:.1%}); {by_seat}; "
        f"the seats won {seat_wins}"
    )


if __name__ == "__main__":
    sys.exit(run())
