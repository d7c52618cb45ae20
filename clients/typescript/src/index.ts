/**
 * `@serenissima/client`: a typed client for the serenissima game server.
 *
 * ```ts
 * import { SerenissimaClient } from "@serenissima/client";
 * const client = new SerenissimaClient({ baseUrl: "http://127.0.0.1:8000" });
 * const game = await client.createGame({ ruleset: "classic", players: 2,
 *   seats: [{ kind: "human" }, { kind: "random" }] });
 * const seat = await client.join(game, 0);
 * ```
 */
export {
  SerenissimaClient,
  Seat,
  retryAfter,
  type ActOptions,
  type Chooser,
  type ClientOptions,
  type FetchLike,
  type ResponseLike,
  type RetryPolicy,
} from "./client.js";
export {
  ActionParseError,
  ForbiddenError,
  IllegalActionError,
  MalformedRequestError,
  NetworkError,
  OutOfTurnError,
  ProtocolError,
  SeatError,
  SeededGamesRefusedError,
  SerenissimaError,
  ServerError,
  SetupError,
  SubscriptionError,
  TooManyRequestsError,
  UnauthorizedError,
  UnknownGameError,
  UnknownSeatError,
  ValidationError,
  VersionConflictError,
  serverError,
  type Problem,
} from "./errors.js";
export type { SocketConstructor, SocketLike } from "./socket.js";
export type { Reconnect, SubscribeOptions, Subscription } from "./subscribe.js";
export type {
  Board,
  CreateGame,
  Created,
  ErrorBody,
  EventItem,
  Joined,
  LegalAction,
  LiveMessage,
  LobbyEntry,
  MoveMessage,
  RulesetInfo,
  View,
  ViewMessage,
} from "./types.js";
export type { components, paths } from "./generated/openapi.js";
