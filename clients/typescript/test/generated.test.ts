// The committed OpenAPI document is the server's, and the committed types are what the
// generator writes from it: `npm run openapi && npm run generate` after a change of the API.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

function run(script: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(root, "scripts", script), "--check"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
}

test("openapi.json is the server's OpenAPI document", { timeout: 60_000 }, () => {
  const result = run("openapi.mjs");
  assert.equal(result.status, 0, result.stderr);
});

test(
  "src/generated/openapi.ts is what openapi-typescript makes of openapi.json",
  { timeout: 60_000 },
  () => {
    const result = run("generate.mjs");
    assert.equal(result.status, 0, result.stderr);
  },
);

test("a document that changed is caught", { timeout: 60_000 }, () => {
  const document = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8")) as {
    components: { schemas: Record<string, unknown> };
  };
  document.components.schemas["Extra"] = { type: "object", properties: { x: { type: "integer" } } };
  const folder = mkdtempSync(join(tmpdir(), "serenissima-openapi-"));
  try {
    const changed = join(folder, "openapi.json");
    writeFileSync(changed, JSON.stringify(document));
    const result = run("generate.mjs", { SERENISSIMA_OPENAPI: changed });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /stale: run `npm run generate`/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
