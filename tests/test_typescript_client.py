"""The TypeScript client (``clients/typescript``): its own tests, run by ``npm test``.

They build the package, check that its generated types match the server's OpenAPI
document, play whole games through it against real servers started by the tests, and run
the TypeScript tutorial. The browser bundle the reference page loads
(``src/serenissima/server/static/serenissima-client.js``) is checked against a fresh build
of the client's sources. Node and npm must be installed (``.ci/run`` installs Debian's);
``npm ci`` is run here when the package's dependencies are not installed yet.
"""

from __future__ import annotations

import importlib.resources
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

CLIENT = Path(__file__).resolve().parent.parent / "clients" / "typescript"
STATIC = importlib.resources.files("serenissima.server") / "static"
"""The reference page's files, as the installed package holds them (the server serves them)."""
BUNDLE = STATIC / "serenissima-client.js"
"""The client bundled for browsers, as the installed package holds it (the server serves it)."""
TUTORIAL = CLIENT.parent.parent / "docs" / "tutorials" / "front-end-typescript.md"


def _npm() -> str:
    npm = shutil.which("npm")
    assert npm is not None, "the TypeScript client's tests need Node and npm on the PATH"
    return npm


def _installed() -> str:
    npm = _npm()
    if not (CLIENT / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=CLIENT, check=True)
    return npm


def _check_bundle(npm: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [npm, "run", "check-bundle"],
        cwd=CLIENT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_served_bundle_is_the_clients_sources_bundled(tmp_path: Path) -> None:
    npm = _installed()
    result = _check_bundle(npm, dict(os.environ))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "matches the client's sources" in result.stdout
    text = BUNDLE.read_text(encoding="utf-8")
    assert "\nexport {\n  ActionParseError," in text  # one ESM module, the package's exports
    # nothing of Node's: no require, no node: module, no `ws` (loaded by name on Node only)
    for node in ("require(", '"node:', 'from "ws"', 'import("ws")'):
        assert node not in text
    # a bundle that differs from a fresh build, or is missing, is caught
    stale = tmp_path / "serenissima-client.js"
    stale.write_text(text.replace("SerenissimaClient", "SerenissimaClient2", 1), encoding="utf-8")
    for target in (stale, tmp_path / "missing.js"):
        result = _check_bundle(npm, {**os.environ, "SERENISSIMA_BUNDLE": str(target)})
        assert result.returncode == 1, result.stdout + result.stderr
        assert f"{target} is stale" in result.stderr


def test_the_tutorials_browser_code_is_the_reference_pages() -> None:
    """The tutorial's JavaScript is quoted from the page's app.js, which imports the bundle."""
    blocks = re.findall(r"^```js\n(.*?)^```$", TUTORIAL.read_text(encoding="utf-8"), re.M | re.S)
    assert len(blocks) == 1
    page = (STATIC / "app.js").read_text(encoding="utf-8").splitlines()
    quoted = [line for line in blocks[0].splitlines() if line.strip()]
    assert quoted
    missing = [line for line in quoted if line not in page]
    assert missing == []
    assert '} from "./serenissima-client.js";' in page
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="app.js"></script>' in html


def test_the_typescript_client_passes_its_tests() -> None:
    npm = _installed()
    # the servers the tests start run on this interpreter, with this checkout's package
    env = {**os.environ, "SERENISSIMA_PYTHON": sys.executable}
    result = subprocess.run(
        [npm, "test"], cwd=CLIENT, env=env, capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-4000:]
    assert "# fail 0" in result.stdout
    assert "# skipped 0" in result.stdout
