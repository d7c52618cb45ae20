// The tutorial "Write a front end in TypeScript" (docs/tutorials/front-end-typescript.md):
// its TypeScript blocks, one module, type-check under the package's strict settings and run
// against a real server, with nothing but the package (Node 20 takes `ws` by itself).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { startServer, type Server } from "./server.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const page = join(root, "..", "..", "docs", "tutorials", "front-end-typescript.md");
const ADDRESS = "http://127.0.0.1:8000";

/** The page's ```ts blocks, in order, as one module. */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "");
}

let server: Server;

before(async () => {
  server = await startServer();
});

after(async () => {
  await server?.close();
});

test("the tutorial's blocks are found", () => {
  assert.deepEqual(tsBlocks("a\n```ts\nx;\n```\n```sh\nls\n```\n```ts\ny;\n```\n"), [
    "x;\n",
    "y;\n",
  ]);
});

test("the tutorial type-checks and plays its game to the end", { timeout: 120_000 }, () => {
  const blocks = tsBlocks(readFileSync(page, "utf8"));
  assert.ok(blocks.length >= 5, `${blocks.length} blocks`);
  const source = blocks.join("\n");
  assert.ok(source.includes(ADDRESS));
  const folder = join(root, "test-build", "tutorial"); // inside the package: it imports itself
  mkdirSync(folder, { recursive: true });
  const file = join(folder, "tutorial.ts");
  writeFileSync(file, source);

  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        assert.fail(String(diagnostic.messageText)),
    },
  );
  assert.ok(config !== undefined);
  const options = { ...config.options, noEmit: true, rootDir: folder, types: ["node"] };
  const program = ts.createProgram([file], options);
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  assert.deepEqual(problems, []);

  const script = ts.transpileModule(source.replaceAll(ADDRESS, server.url), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const runnable = join(folder, "tutorial.mjs");
  writeFileSync(runnable, script.outputText);
  const run = spawnSync(process.execPath, [runnable], { encoding: "utf8", timeout: 100_000 });
  assert.equal(run.status, 0, run.stderr);
  const output = run.stdout;
  assert.match(output, /^0 crew C-SETUP-4$/m);
  assert.match(output, /^422 C-ORG-2 - C-ORG-2: a galley holds at most 5 pieces/m);
  assert.match(output, /^409 the game is at version \d+, not 0/m);
  assert.match(output, /^over at version \d+$/m);
  assert.match(output, /^SubscriptionError refused \(4404\)/m);
  const standings = /^(\{.*"entries".*\})$/m.exec(output);
  assert.ok(standings !== null, output);
});
