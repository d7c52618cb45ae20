/**
 * A live subscription to a game: the WebSocket `/games/{id}/ws`, reconnected from the last
 * version received whenever the connection drops, so that no move is missed or seen twice.
 */
import { ProtocolError, SubscriptionError } from "./errors.js";
import { messageText, socketClass, type SocketConstructor, type SocketLike } from "./socket.js";
import type { MoveMessage, View } from "./types.js";
import { readMessage } from "./validate.js";

/** The close codes after which the server will refuse again: the subscription ends. */
const REFUSALS: Readonly<Record<number, string>> = {
  4403: "this token holds no seat of this game",
  4404: "no such game",
  4422: "the game has not reached that version",
};

/** How a dropped connection is retried: doubling delays, up to a bound, a bounded number. */
export interface Reconnect {
  /** Attempts after a drop, counted since the last message received (default 8). */
  attempts?: number;
  /** The first delay, in milliseconds (default 250). */
  baseDelayMs?: number;
  /** The longest delay, in milliseconds (default 5000). */
  maxDelayMs?: number;
}

/** What to do with a game's live messages. */
export interface SubscribeOptions {
  /** The seat's token, to see its secrets; without one, a spectator's messages. */
  token?: string;
  /** The last version already known: the moves after it are sent (default 0). */
  since?: number;
  /** Each move, in order, as this viewer may see it. */
  onMove?: (move: MoveMessage) => unknown;
  /** The view, after the moves that led to it. */
  onView?: (view: View) => unknown;
  /** The error that ended the subscription (a refusal, a lost connection, a bad message). */
  onError?: (error: Error) => unknown;
  reconnect?: Reconnect;
}

/** A running subscription. */
export interface Subscription {
  /** Stop: no handler is called after this. */
  close(): void;
  /** The last version received. */
  readonly version: number;
  /** How many connections were opened (1, plus one for each reconnection). */
  readonly connections: number;
  /** Settles when the subscription ends: null once closed, else the error that ended it. */
  readonly closed: Promise<Error | null>;
}

/** Open a subscription (see {@link SerenissimaClient.subscribe}). */
export function subscribe(
  address: (since: number) => string,
  options: SubscribeOptions,
  given?: SocketConstructor,
): Subscription {
  return new Live(address, options, given);
}

class Live implements Subscription {
  version: number;
  connections = 0;
  readonly closed: Promise<Error | null>;
  private finished = false;
  private failures = 0;
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private settle: (result: Error | null) => void = () => undefined;

  constructor(
    private readonly address: (since: number) => string,
    private readonly options: SubscribeOptions,
    given?: SocketConstructor,
  ) {
    this.version = options.since ?? 0;
    this.closed = new Promise((resolve) => {
      this.settle = resolve;
    });
    socketClass(given).then(
      (socket) => this.connect(socket),
      (error: unknown) => this.end(error instanceof Error ? error : new Error(String(error))),
    );
  }

  close(): void {
    this.end(null);
  }

  private connect(Socket: SocketConstructor): void {
    if (this.finished) return;
    this.timer = null;
    let socket: SocketLike;
    try {
      socket = new Socket(this.address(this.version));
    } catch (error) {
      this.end(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.socket = socket;
    this.connections += 1;
    socket.onopen = null;
    socket.onerror = () => undefined; // a close follows, which says what to do
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.dropped(Socket, event.code, event.reason);
    };
  }

  private receive(data: unknown): void {
    if (this.finished) return;
    try {
      const text = messageText(data);
      if (text === null) throw new ProtocolError("a WebSocket message that is not text");
      const message = readMessage(text);
      if (message.type === "move") {
        if (message.version !== this.version + 1) {
          throw new ProtocolError(
            `move ${message.version} after version ${this.version}: a move missed or repeated`,
          );
        }
        this.version = message.version;
        this.failures = 0;
        this.call(this.options.onMove, message);
      } else {
        if (message.version !== this.version) {
          throw new ProtocolError(`a view at ${message.version} after moves to ${this.version}`);
        }
        this.failures = 0;
        this.call(this.options.onView, message.view);
      }
    } catch (error) {
      this.end(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Call a handler; what it throws, or rejects with, ends the subscription. */
  private call<T>(handler: ((value: T) => unknown) | undefined, value: T): void {
    if (handler === undefined) return;
    const result = handler(value);
    if (result instanceof Promise) {
      result.catch((error: unknown) =>
        this.end(error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  private dropped(Socket: SocketConstructor, code: number, reason: string): void {
    this.socket = null;
    if (this.finished) return;
    const refusal = REFUSALS[code];
    if (refusal !== undefined) {
      this.end(new SubscriptionError(`refused (${code}): ${reason || refusal}`, code, reason));
      return;
    }
    const retry = this.options.reconnect ?? {};
    this.failures += 1;
    if (this.failures > (retry.attempts ?? 8)) {
      const message = `the connection was lost (${code}) and could not be made again`;
      this.end(new SubscriptionError(message, null, reason));
      return;
    }
    const delay = Math.min(
      retry.maxDelayMs ?? 5000,
      (retry.baseDelayMs ?? 250) * 2 ** (this.failures - 1),
    );
    this.timer = setTimeout(() => this.connect(Socket), delay);
  }

  private end(error: Error | null): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer !== null) clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) {
      try {
        socket.close(1000);
      } catch {
        // closing a socket that never opened: nothing to do
      }
    }
    if (error !== null && this.options.onError !== undefined) {
      try {
        this.options.onError(error);
      } catch {
        // the subscription has ended either way; the error is in `closed` too
      }
    }
    this.settle(error);
  }
}
