// Write the server's OpenAPI document to openapi.json, as the Python application builds it
// (`create_app(...).openapi()`, what GET /openapi.json serves), or with --check fail when
// the committed file differs. Needs Python with serenissima installed: the interpreter is
// $SERENISSIMA_PYTHON, or python3.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const target = fileURLToPath(new URL("../openapi.json", import.meta.url));
const python = process.env.SERENISSIMA_PYTHON ?? "python3";
const program = `
import json, sys, tempfile
from pathlib import Path
from serenissima.server import SQLiteStore
from serenissima.server.app import create_app
with tempfile.TemporaryDirectory() as folder:
    app = create_app(SQLiteStore(Path(folder) / "games.db"), poll=None)
    sys.stdout.write(json.dumps(app.openapi(), indent=2) + "\\n")
`;
const document = execFileSync(python, ["-c", program], { encoding: "utf8" });

if (process.argv.includes("--check")) {
  if (readFileSync(target, "utf8") !== document) {
    console.error("openapi.json differs from the server's document: run `npm run openapi`");
    process.exit(1);
  }
  console.log("openapi.json is the server's document");
} else {
  writeFileSync(target, document);
  console.log(`wrote ${target}`);
}
