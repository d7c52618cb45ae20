"""Reading a person's input line by line, for the interactive commands (``play``)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import TextIO

__all__ = ["Reader", "read_line"]

Reader = Callable[[str, TextIO], str | None]
"""Reads one line of input after a prompt; ``None`` at the end of input."""


def read_line(prompt: str, out: TextIO) -> str | None:
    """Read one line of input after showing ``prompt``.

    On a terminal this is :func:`input`, with line editing; otherwise the
    line is read from ``sys.stdin`` and echoed after the prompt, so that a
    transcript reads like a session.

    Args:
        prompt: What to show before the input.
        out: Where to show it.

    Returns:
        The line without its end, or ``None`` at the end of input.
    """
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # platforms without readline
            import readline  # noqa: F401  (gives input() line editing and history)
        out.flush()
        try:
            return input(prompt)
        except EOFError:
            return None
    out.write(prompt)
    line = sys.stdin.readline()
    if not line:
        out.write("\n")
        return None
    out.write(line if line.endswith("\n") else line + "\n")
    return line.rstrip("\r\n")
