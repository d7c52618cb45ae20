"""The TypeScript client (``clients/typescript``): its own tests, run by ``npm test``.

They build the package, check that its generated types match the server's OpenAPI
document, play whole games through it against real servers started by the tests, and run
the TypeScript tutorial. Node and npm must be installed (``.ci/run`` installs Debian's);
``npm ci`` is run here when the package's dependencies are not installed yet.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CLIENT = Path(__file__).resolve().parent.parent / "clients" / "typescript"


def _npm() -> str:
    npm = shutil.which("npm")
    assert npm is not None, "the TypeScript client's tests need Node and npm on the PATH"
    return npm


def test_the_typescript_client_passes_its_tests() -> None:
    npm = _npm()
    if not (CLIENT / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True)
    # the servers the tests start run on this interpreter, with this checkout's package
    env = {**os.environ, "SERENISSIMA_PYTHON": sys.executable}
    result = subprocess.run(
        [npm, "test"], cwd=CLIENT, env=env, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-4000:]
    assert "# fail 0" in result.stdout
    assert "# skipped 0" in result.stdout
