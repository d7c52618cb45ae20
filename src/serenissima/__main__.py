"""``python -m serenissima``: the command line.

The call is guarded: a worker process of ``simulate`` or ``compare`` imports
the main module again, and must not run the command a second time.
"""

from serenissima.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
