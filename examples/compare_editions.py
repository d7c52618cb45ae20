"""The two editions side by side: their declarations key by key, then random games.

First ``compare_rulesets("classic", "modern")`` lines the two rulesets up key
by key (identity, board, goods, the edition's own numbers, options, turn
structure); a few sections are printed in full and the others summarised.
Then both editions play the same number of random games with the same seed
and player count (``simulate``), and the two summaries are printed in two
columns.

Run it::

    python examples/compare_editions.py                   # 4 players, 20 games each
    python examples/compare_editions.py --players 2 --games 100 --seed 3
    python examples/compare_editions.py --sections info,params --rows 40
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

import serenissima as ser
from serenissima.compare import SECTIONS, format_diff, format_summary

Row = tuple[str, Callable[[ser.SimulationSummary], str]]
"""A line of the side-by-side table: its label and how to read it off a summary."""


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


ROWS: list[Row] = [
    ("version", lambda s: s.ruleset_version),
    ("decisions per game", lambda s: f"{s.mean_decisions:.1f}"),
    ("  fewest .. most", lambda s: f"{s.min_decisions} .. {s.max_decisions}"),
    ("chance nodes per game", lambda s: f"{s.mean_chance:.1f}"),
    ("turns or rounds", lambda s: f"{s.mean_turns:.1f} {s.turn_word}"),
    ("  fewest .. most", lambda s: f"{s.min_turns} .. {s.max_turns}"),
    ("shared wins", lambda s: f"{s.shared_wins:.0%}"),
    ("score parts", lambda s: ", ".join(s.parts)),
]


def side_by_side(summaries: Sequence[ser.SimulationSummary]) -> str:
    """Return the summaries as a table with one column per ruleset."""
    table = [("", *(s.ruleset for s in summaries))]
    table += [(label, *(read(s) for s in summaries)) for label, read in ROWS]
    for seat in range(summaries[0].players):
        nations = (s.seat_names[seat] if s.seat_names else "-" for s in summaries)
        table.append((f"seat {seat} nation", *nations))
        table.append((f"seat {seat} win rate", *(f"{s.win_rate[seat]:.0%}" for s in summaries)))
        table.append((f"seat {seat} mean score", *(f"{s.mean_score[seat]:.1f}" for s in summaries)))
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in table
    ]
    return "\n".join(lines)


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
    args = parser.parse_args(argv)
    sections = [s for s in args.sections.split(",") if s]
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")

    # 1. The declarations, key by key.
    diff = ser.compare_rulesets("classic", "modern")
    print_diff(diff, sections, args.rows)
    print()

    # 2. The same batch of random games in each edition.
    summaries = [
        ser.simulate(ser.load_ruleset(name), args.players, args.games, args.seed)
        for name in ("classic", "modern")
    ]
    print(f"{args.games} random games each, {args.players} players, seed {args.seed}:")
    print(side_by_side(summaries))
    print("Scores are in each edition's own unit: wealth points (classic), ducats (modern).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
