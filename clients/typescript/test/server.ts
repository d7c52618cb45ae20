// A real `serenissima serve` for the tests: a free localhost port, a fresh SQLite database,
// started and awaited like the Python side's ServerProcess. The interpreter is
// $SERENISSIMA_PYTHON, or python3 (with serenissima installed).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PYTHON = process.env["SERENISSIMA_PYTHON"] ?? "python3";

/** A TCP port of localhost that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

export class Server {
  readonly folder = mkdtempSync(join(tmpdir(), "serenissima-client-"));
  private process: ChildProcess | null = null;
  private output = "";

  constructor(
    readonly port: number,
    readonly extra: string[] = [],
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Start the server (on the same port and database as before) and wait until it answers. */
  async start(timeoutMs = 60_000): Promise<void> {
    const command = [
      "-m",
      "serenissima",
      "serve",
      "--host",
      "127.0.0.1",
      "--port",
      String(this.port),
      "--database",
      `sqlite:///${join(this.folder, "games.db")}`,
      "--log-level",
      "warning",
      ...this.extra,
    ];
    const child = spawn(PYTHON, command, {
      env: { ...process.env, PYTHONUNBUFFERED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.process = child;
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`the server exited (${child.exitCode}): ${this.output}`);
      }
      try {
        const answer = await fetch(`${this.url}/rulesets`);
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(`the server did not answer within ${timeoutMs} ms: ${this.output}`);
  }

  /** Stop it: SIGINT, then SIGKILL if it will not stop; `kill` at once as a crash would. */
  async stop(kill = false): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill(kill ? "SIGKILL" : "SIGINT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stop it for good and remove its database. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** A started server with these extra options. */
export async function startServer(extra: string[] = []): Promise<Server> {
  const server = new Server(await freePort(), extra);
  await server.start();
  return server;
}

/** A generator of numbers in [0, 1) from a seed (mulberry32): the tests' choices repeat. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
