/**
 * {@link SerenissimaClient}: the HTTP API of `serenissima serve`, with typed errors, version
 * handling, bounded waits on 429, and live subscriptions over the WebSocket.
 */
import {
  NetworkError,
  ProtocolError,
  ServerError,
  TooManyRequestsError,
  ValidationError,
  VersionConflictError,
  serverError,
} from "./errors.js";
import type { SocketConstructor } from "./socket.js";
import { subscribe, type SubscribeOptions, type Subscription } from "./subscribe.js";
import type { Board, CreateGame, LobbyEntry, RulesetInfo, View } from "./types.js";
import {
  checkAction,
  checkGame,
  checkSeat,
  checkSetup,
  checkToken,
  checkVersion,
  readCreated,
  readErrorBody,
  readJoined,
  readRulesets,
  readView,
} from "./validate.js";

/** What the client needs of an HTTP answer: the Fetch API's `Response`, in part. */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** What the client needs of `fetch`. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<ResponseLike>;

/** How the client waits when the server answers 429 Too Many Requests. */
export interface RetryPolicy {
  /** How many times a request is sent again after a 429 (default 3; 0: never). */
  attempts?: number;
  /** The longest `Retry-After` waited, in seconds; a longer one is thrown (default 10). */
  maxWaitSeconds?: number;
}

/** A client's settings. */
export interface ClientOptions {
  /** The server's address, such as `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** The `fetch` to use (default: the global one). */
  fetch?: FetchLike;
  /** The WebSocket class to use (default: the global one, else the `ws` package's). */
  WebSocket?: SocketConstructor;
  /** The server's creation token, when it needs one to create a game. */
  createToken?: string;
  retry?: RetryPolicy;
}

/** Options of {@link SerenissimaClient.act}. */
export interface ActOptions {
  /**
   * On a 409 version conflict, read the view again and, if the action is still legal there,
   * send it again at the new version: at most this many times (default 0: throw the conflict).
   */
  retryOnConflict?: number;
}

/** Chooses a seat's action from its view, or null to make none (not this seat's turn). */
export type Chooser = (view: View) => string | null | Promise<string | null>;

/** A joined seat: the game, the seat, and its token (which the server shows once). */
export class Seat {
  constructor(
    readonly client: SerenissimaClient,
    readonly game: string,
    readonly seat: number,
    readonly token: string,
  ) {}

  /** This seat's view. */
  view(): Promise<View> {
    return this.client.view(this.game, this.token);
  }

  /** Play `action`, chosen from the view at `version`. */
  act(action: string, version: number, options?: ActOptions): Promise<View> {
    return this.client.act(this.game, this.token, action, version, options);
  }

  /** Read the view, choose, act; again on a version conflict (see {@link SerenissimaClient.play}). */
  play(choose: Chooser, attempts?: number): Promise<View> {
    return this.client.play(this.game, this.token, choose, attempts);
  }

  /** This seat's live messages (see {@link SerenissimaClient.subscribe}). */
  subscribe(options: Omit<SubscribeOptions, "token"> = {}): Subscription {
    return this.client.subscribe(this.game, { ...options, token: this.token });
  }
}

/** A client of one server (see the module's description). */
export class SerenissimaClient {
  private readonly base: string;
  private readonly fetcher: FetchLike;

  constructor(private readonly options: ClientOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new ValidationError("baseUrl", `not a URL: ${JSON.stringify(options.baseUrl)}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new ValidationError("baseUrl", "the server's address starts with http: or https:");
    }
    this.base = url.href.replace(/\/+$/, "");
    const global = (globalThis as { fetch?: FetchLike }).fetch;
    // a browser's fetch called on another object than the window throws: bind it
    const fetcher = options.fetch ?? global?.bind(globalThis);
    if (fetcher === undefined) throw new ValidationError("fetch", "no fetch here: pass one");
    this.fetcher = fetcher;
  }

  /** Create a game; answers its id. */
  async createGame(setup: CreateGame): Promise<string> {
    checkSetup(setup);
    const token = this.options.createToken;
    return readCreated(await this.request("POST", "/games", { body: setup, token })).id;
  }

  /** Join a person's seat: the seat's handle, holding its token. */
  async join(game: string, seat: number): Promise<Seat> {
    const path = `/games/${encodeURIComponent(checkGame(game))}/seats/${checkSeat(seat)}/join`;
    const joined = readJoined(await this.request("POST", path, {}));
    if (joined.seat !== seat) throw new ProtocolError(`joined seat ${joined.seat}, not ${seat}`);
    return new Seat(this, game, seat, joined.token);
  }

  /** The view of the token's seat, or a spectator's without a token. */
  async view(game: string, token?: string): Promise<View> {
    const path = `/games/${encodeURIComponent(checkGame(game))}/view`;
    const bearer = token === undefined ? undefined : checkToken(token);
    return readView(await this.request("GET", path, { token: bearer }));
  }

  /** The lobby: the newest games first. */
  async lobby(): Promise<LobbyEntry[]> {
    const answer = await this.request("GET", "/games", {});
    if (!Array.isArray(answer)) throw new ProtocolError("the lobby is not a list");
    return answer as LobbyEntry[];
  }

  /** The installed rulesets: each one's id, name, player counts and options. */
  async rulesets(): Promise<RulesetInfo[]> {
    return readRulesets(await this.request("GET", "/rulesets", {}));
  }

  /** A ruleset's board as data: its areas, ports and sea graph. */
  async board(ruleset: string): Promise<Board> {
    const answer = await this.request("GET", `${rulesetPath(ruleset)}/board.json`, {});
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new ProtocolError("the board is not an object");
    }
    return answer as Board;
  }

  /** A ruleset's board drawn as SVG (the text of the drawing). */
  async boardSvg(ruleset: string): Promise<string> {
    const path = `${rulesetPath(ruleset)}/board.svg`;
    return (await this.request("GET", path, { svg: true })) as string;
  }

  /**
   * Play the token's seat's `action`, chosen from the view at `version`; answers the seat's
   * new view. A {@link VersionConflictError} is thrown unless `retryOnConflict` is set.
   */
  async act(
    game: string,
    token: string,
    action: string,
    version: number,
    options: ActOptions = {},
  ): Promise<View> {
    const path = `/games/${encodeURIComponent(checkGame(game))}/actions`;
    checkToken(token);
    checkAction(action);
    let at = checkVersion(version);
    let conflicts = options.retryOnConflict ?? 0;
    checkVersion(conflicts, "retryOnConflict");
    for (;;) {
      try {
        const body = { action, version: at };
        return readView(await this.request("POST", path, { body, token }));
      } catch (error) {
        if (!(error instanceof VersionConflictError) || conflicts <= 0) throw error;
        conflicts -= 1;
        const now = await this.view(game, token);
        if (!now.legal.some((legal) => legal.text === action)) throw error;
        at = now.version;
      }
    }
  }

  /**
   * Read the seat's view and play what `choose` picks from it; on a version conflict, read
   * the view again and choose again, at most `attempts` times in all (default 3). Answers the
   * view after the move, or the view read when `choose` answers null.
   */
  async play(game: string, token: string, choose: Chooser, attempts = 3): Promise<View> {
    checkVersion(attempts, "attempts");
    for (let attempt = 1; ; attempt++) {
      const view = await this.view(game, token);
      const action = await choose(view);
      if (action === null) return view;
      try {
        return await this.act(game, token, action, view.version);
      } catch (error) {
        if (!(error instanceof VersionConflictError) || attempt >= attempts) throw error;
      }
    }
  }

  /**
   * The game's live messages over its WebSocket: every move after `since`, the view, then each
   * new move and view; reconnected from the last version received when the connection drops.
   */
  subscribe(game: string, options: SubscribeOptions = {}): Subscription {
    const path = `/games/${encodeURIComponent(checkGame(game))}/ws`;
    const token = options.token === undefined ? undefined : checkToken(options.token);
    checkVersion(options.since ?? 0, "since");
    const socketBase = this.base.replace(/^http/, "ws");
    const address = (since: number): string => {
      const query = new URLSearchParams({ since: String(since) });
      if (token !== undefined) query.set("token", token);
      return `${socketBase}${path}?${query.toString()}`;
    };
    return subscribe(address, options, this.options.WebSocket);
  }

  /**
   * Send a request; its answer's JSON (its text, for an SVG drawing), or the refusal as a
   * typed error.
   */
  private async request(
    method: string,
    path: string,
    { body, token, svg }: { body?: unknown; token?: string | undefined; svg?: boolean },
  ): Promise<unknown> {
    const retry = this.options.retry ?? {};
    const accept = svg === true ? "image/svg+xml, application/json" : "application/json";
    const headers: Record<string, string> = { Accept: accept };
    if (token !== undefined) headers["Authorization"] = `Bearer ${token}`;
    const init: { method: string; headers: Record<string, string>; body?: string } = {
      method,
      headers,
    };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    for (let attempt = 0; ; attempt++) {
      let response: ResponseLike;
      let text: string;
      try {
        const fetcher = this.fetcher; // called alone, not as a method of the client
        response = await fetcher(this.base + path, init);
        text = await response.text();
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new NetworkError(`${method} ${path}: ${why}`, error);
      }
      const ok = response.status >= 200 && response.status < 300;
      if (ok && svg === true) return text;
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        if (response.status >= 500) {
          const message = text.slice(0, 200) || `HTTP ${response.status}`;
          throw new ServerError(response.status, { error: `HTTP${response.status}`, message });
        }
        throw new ProtocolError(
          `${method} ${path}: ${response.status}, not JSON: ${text.slice(0, 200)}`,
        );
      }
      if (ok) return answer;
      const wait = retryAfter(response.headers.get("Retry-After"));
      const error = serverError(response.status, readErrorBody(answer), wait);
      const longest = retry.maxWaitSeconds ?? 10;
      if (
        error instanceof TooManyRequestsError &&
        attempt < (retry.attempts ?? 3) &&
        (wait ?? 1) <= longest
      ) {
        await new Promise((resolve) => setTimeout(resolve, (wait ?? 1) * 1000));
        continue;
      }
      throw error;
    }
  }
}

/** The path of a ruleset's resources. */
function rulesetPath(ruleset: string): string {
  if (typeof ruleset !== "string" || !/^[A-Za-z0-9_.-]{1,64}$/.test(ruleset)) {
    throw new ValidationError("ruleset", `not a ruleset's name: ${JSON.stringify(ruleset)}`);
  }
  return `/rulesets/${encodeURIComponent(ruleset)}`;
}

/** The seconds of a `Retry-After` header (a number of seconds, or a date), or null. */
export function retryAfter(header: string | null): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}
