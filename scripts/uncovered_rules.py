"""List the rule IDs of the rulesets' catalogues that no test names.

Usage::

    python scripts/uncovered_rules.py [--ruleset NAME] [--tests tests]

Without ``--ruleset`` every installed ruleset that has a catalogue is checked
(the modern and classic editions), one after another in name order. For each
ruleset it prints one uncovered ID a line with its title (and a count on
standard error), or says that every rule is covered. Exits with status 1 when
any ruleset has an uncovered rule, otherwise 0.
"""

from __future__ import annotations

import argparse
import sys

from serenissima.engine.registry import available_rulesets, get_plugin
from serenissima.reference.catalogue import CATALOGUE_FILE, load_catalogue
from serenissima.reference.coverage import uncovered


def catalogued_rulesets() -> list[str]:
    """Return the installed rulesets whose plug-in folder holds a catalogue, sorted."""
    return [
        name
        for name in available_rulesets()
        if (get_plugin(name).folder / CATALOGUE_FILE).is_file()
    ]


def report(ruleset: str, tests: str) -> bool:
    """Print the uncovered rule IDs of ``ruleset``; return whether there are none."""
    catalogue = load_catalogue(ruleset)
    missing = uncovered(catalogue, tests)
    if not missing:
        sys.stdout.write(f"every rule ID of {catalogue.ruleset} is named by a test\n")
        return True
    for rule_id in missing:
        sys.stdout.write(f"{rule_id}\t{catalogue.rule(rule_id).title}\n")
    sys.stderr.write(
        f"{len(missing)} of {len(catalogue)} rule IDs of {catalogue.ruleset} are named by no test\n"
    )
    return False


def main(argv: list[str] | None = None) -> int:
    """Run the script; return its exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--ruleset", help="one installed ruleset (default: every one that has a catalogue)"
    )
    parser.add_argument("--tests", default="tests", help="the folder of tests (default: tests)")
    args = parser.parse_args(argv)
    rulesets = [args.ruleset] if args.ruleset else catalogued_rulesets()
    results = [report(ruleset, args.tests) for ruleset in rulesets]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
