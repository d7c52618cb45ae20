/**
 * The WebSocket the client uses: the one it is given, else the platform's global one
 * (browsers, Node 22 and later), else the `ws` package's (an optional peer, for Node 20).
 */
import { SerenissimaError } from "./errors.js";

// Handlers typed as methods, so that both the DOM's WebSocket and the `ws` package's,
// whose events carry more than these fields, are accepted.
type Handler<E> = { handle(event: E): void }["handle"];

/** What the client needs of a WebSocket: the DOM's interface, in part. */
export interface SocketLike {
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  close(code?: number, reason?: string): void;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type SocketConstructor = new (url: string) => SocketLike;

function isConstructor(value: unknown): value is SocketConstructor {
  return typeof value === "function";
}

/** The WebSocket class to use (see the module's description). */
export async function socketClass(given?: SocketConstructor): Promise<SocketConstructor> {
  if (given !== undefined) return given;
  const global: unknown = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (isConstructor(global)) return global;
  const name = "ws"; // not a literal, so that bundlers for the browser leave it alone
  try {
    const module = (await import(name)) as { WebSocket?: unknown; default?: unknown };
    const found = module.WebSocket ?? module.default;
    if (isConstructor(found)) return found;
  } catch {
    // not installed: said below
  }
  throw new SerenissimaError(
    "no WebSocket here: install the 'ws' package, run Node with --experimental-websocket, " +
      "or pass a WebSocket class to the client",
  );
}

/** A message's text, whether the WebSocket gives a string or bytes. */
export function messageText(data: unknown): string | null {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(data);
  }
  return null;
}
