"""List the rule IDs of a ruleset's catalogue that no test names.

Usage::

    python scripts/uncovered_rules.py [--ruleset modern] [--tests tests]

Prints one uncovered ID a line with its title (and a count on standard
error), and exits with status 1 when there is any; otherwise says that every
rule is covered and exits with 0.
"""

from __future__ import annotations

import argparse
import sys

from serenissima.catalogue import load_catalogue, uncovered


def main(argv: list[str] | None = None) -> int:
    """Run the script; return its exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--ruleset", default="modern", help="the installed ruleset (default: modern)"
    )
    parser.add_argument("--tests", default="tests", help="the folder of tests (default: tests)")
    args = parser.parse_args(argv)
    catalogue = load_catalogue(args.ruleset)
    missing = uncovered(catalogue, args.tests)
    out = sys.stdout
    if not missing:
        out.write(f"every rule ID of {catalogue.ruleset} is named by a test\n")
        return 0
    for rule_id in missing:
        out.write(f"{rule_id}\t{catalogue.rule(rule_id).title}\n")
    sys.stderr.write(
        f"{len(missing)} of {len(catalogue)} rule IDs of {catalogue.ruleset} are named by no test\n"
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
