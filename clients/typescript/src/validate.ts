/**
 * Checks at the edges: what the client sends (a {@link ValidationError} before anything is
 * sent) and what the server answers (a {@link ProtocolError} for anything malformed).
 *
 * The server's answers are checked for the fields the client relies on, not deeply: the
 * types come from the server's own OpenAPI document.
 */
import { ProtocolError, ValidationError } from "./errors.js";
import type {
  Created,
  ErrorBody,
  Joined,
  LiveMessage,
  MoveMessage,
  RulesetInfo,
  View,
} from "./types.js";

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A count of moves (or a seat): an integer from 0. */
function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

// --- what the client sends ---------------------------------------------------------------

/** A game's id: a non-empty string of at most 64 characters. */
export function checkGame(game: unknown): string {
  if (typeof game !== "string" || game.length === 0 || game.length > 64) {
    throw new ValidationError("game", "a game's id is a string of 1 to 64 characters");
  }
  return game;
}

/** A seat: an integer from 0. */
export function checkSeat(seat: unknown): number {
  if (!isCount(seat))
    throw new ValidationError("seat", `a seat is an integer from 0, not ${show(seat)}`);
  return seat;
}

/** A version: an integer from 0. */
export function checkVersion(version: unknown, field = "version"): number {
  if (!isCount(version)) {
    throw new ValidationError(field, `a version is an integer from 0, not ${show(version)}`);
  }
  return version;
}

/** An action's text form: a non-empty string of at most 400 characters. */
export function checkAction(action: unknown): string {
  if (typeof action !== "string" || action.trim().length === 0 || action.length > 400) {
    throw new ValidationError(
      "action",
      `an action is a text of 1 to 400 characters, not ${show(action)}`,
    );
  }
  return action;
}

/** A seat's token: a non-empty string with no whitespace. */
export function checkToken(token: unknown): string {
  if (typeof token !== "string" || token.length === 0 || /\s/.test(token)) {
    throw new ValidationError("token", "a token is a non-empty string without spaces");
  }
  return token;
}

/** A set-up: a ruleset's name, and seats of a kind each, as many as the players. */
export function checkSetup(setup: unknown): void {
  if (!isObject(setup)) throw new ValidationError("setup", "a set-up is an object");
  if (typeof setup["ruleset"] !== "string" || setup["ruleset"].length === 0) {
    throw new ValidationError("setup.ruleset", "a ruleset's name is a non-empty string");
  }
  const players = setup["players"];
  if (players !== undefined && players !== null && !(isCount(players) && players > 0)) {
    throw new ValidationError(
      "setup.players",
      `players is a positive integer, not ${show(players)}`,
    );
  }
  const seats = setup["seats"];
  if (seats === undefined || seats === null) return;
  if (!Array.isArray(seats) || seats.some((s) => !isObject(s) || typeof s["kind"] !== "string")) {
    throw new ValidationError("setup.seats", 'seats is a list of {"kind": KIND}');
  }
  if (typeof players === "number" && seats.length !== players) {
    throw new ValidationError("setup.seats", `${seats.length} seats for ${players} players`);
  }
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value == null)
    return String(value);
  return typeof value;
}

// --- what the server answers -------------------------------------------------------------

function fail(what: string, value: unknown): never {
  const text = JSON.stringify(value);
  const shown = text === undefined ? String(value) : text.slice(0, 200);
  throw new ProtocolError(`malformed ${what} from the server: ${shown}`);
}

/** A view: the fields a client relies on, each of its type. */
export function readView(value: unknown): View {
  if (
    !isObject(value) ||
    typeof value["game"] !== "string" ||
    typeof value["ruleset"] !== "string" ||
    !isCount(value["version"]) ||
    typeof value["to_act"] !== "number" ||
    typeof value["over"] !== "boolean" ||
    !isObject(value["decision"]) ||
    !isObject(value["observation"]) ||
    !Array.isArray(value["seats"]) ||
    !Array.isArray(value["legal"]) ||
    !value["legal"].every(
      (a) => isObject(a) && typeof a["text"] === "string" && isCount(a["index"]),
    )
  ) {
    fail("view", value);
  }
  return value as unknown as View;
}

/** An error body: an error's name and a message. */
export function readErrorBody(value: unknown): ErrorBody {
  if (
    !isObject(value) ||
    typeof value["error"] !== "string" ||
    typeof value["message"] !== "string" ||
    !(value["rule_id"] == null || typeof value["rule_id"] === "string") ||
    !(
      value["detail"] == null ||
      (Array.isArray(value["detail"]) && value["detail"].every(isObject))
    )
  ) {
    fail("error body", value);
  }
  return value as unknown as ErrorBody;
}

/** The answer to a creation. */
export function readCreated(value: unknown): Created {
  if (!isObject(value) || typeof value["id"] !== "string" || value["id"].length === 0) {
    fail("creation answer", value);
  }
  return value as unknown as Created;
}

/** The answer to a join. */
export function readJoined(value: unknown): Joined {
  if (!isObject(value) || !isCount(value["seat"]) || typeof value["token"] !== "string") {
    fail("join answer", value);
  }
  return value as unknown as Joined;
}

/** The list of rulesets: each with its id, name and player counts. */
export function readRulesets(value: unknown): RulesetInfo[] {
  if (
    !Array.isArray(value) ||
    !value.every(
      (r) =>
        isObject(r) &&
        typeof r["id"] === "string" &&
        typeof r["name"] === "string" &&
        Array.isArray(r["players"]) &&
        r["players"].every(isCount),
    )
  ) {
    fail("list of rulesets", value);
  }
  return value as RulesetInfo[];
}

function readMove(value: Fields): MoveMessage {
  if (
    !isCount(value["version"]) ||
    value["version"] === 0 ||
    typeof value["actor"] !== "number" ||
    !(value["action"] === null || typeof value["action"] === "string") ||
    typeof value["hidden"] !== "boolean" ||
    !Array.isArray(value["events"]) ||
    !value["events"].every(
      (e) => isObject(e) && typeof e["text"] === "string" && isObject(e["data"]),
    )
  ) {
    fail("move message", value);
  }
  return value as unknown as MoveMessage;
}

/** A WebSocket message's text: a move, or a view whose version is its view's. */
export function readMessage(text: string): LiveMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail("message (not JSON)", text);
  }
  if (!isObject(value)) fail("message", value);
  if (value["type"] === "move") return readMove(value);
  if (value["type"] === "view") {
    const view = readView(value["view"]);
    if (value["version"] !== view.version) fail("view message (two versions)", value);
    return { type: "view", version: view.version, view };
  }
  fail("message (unknown type)", value);
}
