"""The two editions side by side: their declarations key by key, then simulated games.

First ``compare_rulesets("classic", "modern")`` lines the two rulesets up key
by key (identity, board, goods, the edition's own numbers, options, turn
structure); a few sections are printed in full and the others summarised.
Then both editions play the same number of games with the same seed, player
count and agents (``simulate(..., seats=...)``), and ``compare_simulations``
puts the two summaries side by side, with 95% intervals.

Run it::

    python examples/compare_editions.py                   # 4 players, 20 games each
    python examples/compare_editions.py --players 2 --games 100 --seed 3
    python examples/compare_editions.py --sections info,params --rows 40
    python examples/compare_editions.py --seats greedy,random,random,random --games 5
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import serenissima as ser
from serenissima.agents import AGENT_KINDS
from serenissima.analysis.diff.entries import SECTIONS
from serenissima.analysis.diff.text import format_diff, format_summary
from serenissima.analysis.simulate.compare import compare_simulations
from serenissima.analysis.simulate.report import format_comparison


def print_diff(diff: ser.RulesetDiff, sections: Sequence[str], rows: int) -> None:
    """Print the changed keys of ``sections`` (``rows`` at most each), then the counts."""
    for section in sections:
        part = diff.section(section)
        changed = part.changed
        print(f"== {section}: {len(changed)} of {len(part)} keys differ")
        if changed:
            shown = ser.RulesetDiff(diff.left, diff.right, changed.entries[:rows])
            table = format_diff(shown).split("\n\n")[0]  # the table without its summary line
            print(table)
            if len(changed) > rows:
                print(f"   ... and {len(changed) - rows} more")
        print()
    for section in SECTIONS:
        print(f"{section:<11} {format_summary(diff.section(section))}")
    print(f"{'all':<11} {format_summary(diff)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare the classic and modern editions key by key and in random games."
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--games", type=int, default=20, help="games per edition (default: 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sections",
        default="info,board,goods",
        help=f"sections to print in full, comma-separated, from {','.join(SECTIONS)}",
    )
    parser.add_argument("--rows", type=int, default=25, help="rows per section (default: 25)")
    parser.add_argument(
        "--seats",
        default="random",
        help=f"agents: one kind per seat, comma-separated, or one kind for all "
        f"({', '.join(AGENT_KINDS)}; default: random)",
    )
    args = parser.parse_args(argv)
    sections = [s for s in args.sections.split(",") if s]
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    seats = args.seats.split(",")
    if len(seats) == 1:
        seats *= args.players
    if len(seats) != args.players or not set(seats) <= set(AGENT_KINDS):
        parser.error(f"--seats: one agent kind of {', '.join(AGENT_KINDS)} per seat, or one")

    # 1. The declarations, key by key.
    diff = ser.compare_rulesets("classic", "modern")
    print_diff(diff, sections, args.rows)
    print()

    # 2. The same batch of games in each edition: same seed, player count and agents, so
    # both editions see the same seeds; then the two summaries side by side, with 95%
    # intervals and whether each quantity differs clearly.
    classic, modern = (
        ser.simulate(ser.load_ruleset(name), args.players, args.games, args.seed, seats=seats)
        for name in ("classic", "modern")
    )
    print(format_comparison(compare_simulations(classic, modern)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
