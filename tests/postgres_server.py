"""A PostgreSQL server of the tests' own, started from the machine's binaries.

``initdb`` and ``pg_ctl`` into a temporary folder, as the unprivileged
``postgres`` user when the tests run as root, since ``initdb`` refuses root.
Import it as ``postgres_server`` (the ``tests`` folder is on the test path).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from serenissima.server.process import free_port

__all__ = ["postgres_server"]


def _pg_bin(name: str) -> str:
    """A PostgreSQL program: on the path, or where Debian's package puts it."""
    packaged = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True)
    found = shutil.which(name) or (str(packaged[0]) if packaged else None)
    if found is None:
        pytest.fail(
            f"PostgreSQL's {name} is not installed: install Debian's postgresql package "
            "(.ci/run does) to run the PostgreSQL tests"
        )
    return found


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server of its own on localhost; its URL.

    Its folder is made under the system's temporary folder, which the
    ``postgres`` user can reach (pytest's own are private to their owner).
    """
    folder = Path(tempfile.mkdtemp(prefix="pg-"))
    data = folder / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    run = lambda *args: subprocess.run(  # noqa: E731 - the same call four times
        [*as_user, *args], check=True, capture_output=True, timeout=120
    )
    run(_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "serenissima")
    options = f"-k {folder} -p {port} -c listen_addresses=127.0.0.1"
    run(_pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start")
    url = f"postgresql://serenissima@127.0.0.1:{port}/postgres"
    try:
        yield url
    finally:
        run(_pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)
