/**
 * The client's errors. Every one derives from {@link SerenissimaError}:
 *
 * - {@link ServerError}: the server refused a request (its status and error body), one
 *   subclass for each kind of refusal the server names;
 * - {@link ValidationError}: the client refused to send something malformed;
 * - {@link ProtocolError}: the server answered something the client cannot read;
 * - {@link NetworkError}: the server could not be reached, or its answer did not arrive;
 * - {@link SubscriptionError}: a WebSocket closed for good (refused, or lost past the retries).
 */
import type { ErrorBody } from "./types.js";

/** The base of every error this package throws or reports. */
export class SerenissimaError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** One problem of a malformed request, as the server lists it. */
export interface Problem {
  loc: unknown[];
  msg: string;
}

/** A request the server refused: nothing was changed. */
export class ServerError extends SerenissimaError {
  /** The HTTP status. */
  readonly status: number;
  /** The error's name in the body, such as `IllegalActionError`. */
  readonly error: string;
  /** The rule an illegal action breaks, or null. */
  readonly ruleId: string | null;
  /** For a malformed body, each problem found; else null. */
  readonly detail: Problem[] | null;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.status = status;
    this.error = body.error;
    this.ruleId = body.rule_id ?? null;
    this.detail = body.detail == null ? null : body.detail.map(toProblem);
  }
}

function toProblem(item: Record<string, unknown>): Problem {
  const loc = Array.isArray(item["loc"]) ? (item["loc"] as unknown[]) : [];
  return { loc, msg: typeof item["msg"] === "string" ? item["msg"] : "" };
}

/** 401: acting without a token, or with a creation token missing. */
export class UnauthorizedError extends ServerError {}
/** 403: a token that holds no seat of this game, or a wrong creation token. */
export class ForbiddenError extends ServerError {}
/** 403: the server draws every seed and refuses a given one. */
export class SeededGamesRefusedError extends ServerError {}
/** 404: no such game. */
export class UnknownGameError extends ServerError {}
/** 404: no such seat in the game. */
export class UnknownSeatError extends ServerError {}
/** 409: the version sent is not the game's (the seat saw an older position). */
export class VersionConflictError extends ServerError {}
/** 409: the seat is taken, or a bot's. */
export class SeatError extends ServerError {}
/** 422: the action breaks a rule, named in {@link ServerError.ruleId}. */
export class IllegalActionError extends ServerError {
  declare readonly ruleId: string;
}
/** 422: the text spells no action. */
export class ActionParseError extends ServerError {}
/** 422: another seat decides. */
export class OutOfTurnError extends ServerError {}
/** 422: a body not of the expected shape ({@link ServerError.detail} lists each problem). */
export class MalformedRequestError extends ServerError {}
/** 422: a set-up the ruleset refuses (an option, an argument, a bot's budget). */
export class SetupError extends ServerError {}
/** 429: too many requests; {@link TooManyRequestsError.retryAfter} says when to try again. */
export class TooManyRequestsError extends ServerError {
  /** The seconds to wait (the `Retry-After` header), or null when it was not sent. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody, retryAfter: number | null) {
    super(status, body);
    this.retryAfter = retryAfter;
  }
}

type Refusal = new (status: number, body: ErrorBody) => ServerError;

const BY_NAME: Readonly<Record<string, Refusal>> = {
  Unauthorized: UnauthorizedError,
  Forbidden: ForbiddenError,
  SeededGamesRefused: SeededGamesRefusedError,
  UnknownGameError,
  UnknownSeat: UnknownSeatError,
  VersionConflictError,
  SeatError,
  IllegalActionError,
  ActionParseError,
  OutOfTurnError,
  MalformedRequest: MalformedRequestError,
  OptionError: SetupError,
  ArgumentValueError: SetupError,
  ArgumentTypeError: SetupError,
  BotBudgetError: SetupError,
};

/** The typed error of a refusal: its class from the body's `error`, else a plain ServerError. */
export function serverError(
  status: number,
  body: ErrorBody,
  retryAfter: number | null = null,
): ServerError {
  if (status === 429) return new TooManyRequestsError(status, body, retryAfter);
  const known = Object.hasOwn(BY_NAME, body.error) ? BY_NAME[body.error] : undefined;
  if (known === IllegalActionError && typeof body.rule_id !== "string") {
    throw new ProtocolError(`an IllegalActionError without a rule_id (status ${status})`);
  }
  return new (known ?? ServerError)(status, body);
}

/** Something the client refused to send: nothing was sent. */
export class ValidationError extends SerenissimaError {
  /** The argument at fault, such as `version`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** The server answered something the client cannot read (never silently ignored). */
export class ProtocolError extends SerenissimaError {}

/** The server could not be reached, or its answer did not arrive whole (`cause` says why). */
export class NetworkError extends SerenissimaError {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** Why a subscription ended for good. */
export class SubscriptionError extends SerenissimaError {
  /** The WebSocket close code (4403, 4404, 4422...), or null when the connection was lost. */
  readonly code: number | null;
  /** The reason the server gave, if any. */
  readonly reason: string;

  constructor(message: string, code: number | null, reason: string) {
    super(message);
    this.code = code;
    this.reason = reason;
  }
}
