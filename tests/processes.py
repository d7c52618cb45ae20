"""The processes below a process, from /proc: to check that a run leaves none behind.

Import it as ``processes`` (the ``tests`` folder is on the test path).
"""

from __future__ import annotations

import time
from pathlib import Path

__all__ = ["below", "wait_gone"]


def below(root: int) -> set[int]:
    """Return the live processes (zombies left out) whose ancestry leads to ``root``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, parent = stat.rpartition(")")[2].split()[:2]
        if state != "Z":
            parents[int(entry.name)] = int(parent)
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """Return those of ``pids`` that are still running (zombies count as gone)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_gone(pids: set[int], seconds: float = 30) -> set[int]:
    """Wait until none of ``pids`` runs, at most ``seconds``; return those still running."""
    deadline = time.monotonic() + seconds
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive(pids)
