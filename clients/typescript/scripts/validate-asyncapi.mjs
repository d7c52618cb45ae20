// Validate an AsyncAPI document with the official parser.
//
// Usage: node scripts/validate-asyncapi.mjs FILE (or - for standard input).
// Prints each problem the parser finds; exits 1 if any is an error (or a warning, with
// --strict), 2 on a usage error, 0 otherwise.
import { readFileSync } from "node:fs";
import { Parser, DiagnosticSeverity } from "@asyncapi/parser";

const args = process.argv.slice(2);
const strict = args.includes("--strict");
const files = args.filter((arg) => arg !== "--strict");
if (files.length !== 1) {
  console.error("usage: validate-asyncapi.mjs [--strict] FILE|-");
  process.exit(2);
}
const text = readFileSync(files[0] === "-" ? 0 : files[0], "utf8");
const { document, diagnostics } = await new Parser().parse(text);
const names = { 0: "error", 1: "warning", 2: "information", 3: "hint" };
let failed = document === undefined;
for (const found of diagnostics) {
  const where = found.path.join("/") || "(document)";
  console.log(
    `${names[found.severity] ?? found.severity}: ${where}: ${found.message} [${found.code}]`,
  );
  if (found.severity === DiagnosticSeverity.Error) failed = true;
  if (strict && found.severity === DiagnosticSeverity.Warning) failed = true;
}
if (failed) {
  console.log("the AsyncAPI document is not valid");
  process.exit(1);
}
console.log(`valid AsyncAPI ${document.version()} document: ${document.info().title()}`);
