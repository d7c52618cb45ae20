"""``python -m serenissima``: the command line."""

from serenissima.cli import main

raise SystemExit(main())
