/**
 * The values the client sends and receives, taken from the types generated from the server's
 * OpenAPI document (`src/generated/openapi.ts`). Each is read from the operation that carries
 * it, so a change of the document's schema names needs no change here.
 */
import type { components, paths } from "./generated/openapi.js";

type Json<R> = R extends { content: { "application/json": infer T } } ? T : never;

/** A new game's set-up: ruleset, players, options, one entry per seat. */
export type CreateGame = Json<NonNullable<paths["/games"]["post"]["requestBody"]>>;
/** The answer to a creation: the game's id. */
export type Created = Json<paths["/games"]["post"]["responses"][201]>;
/** A seat joined: its number, and its token (shown once). */
export type Joined = Json<paths["/games/{game_id}/seats/{seat}/join"]["post"]["responses"][201]>;
/** What one seat, or a spectator, may see of a game as it stands. */
export type View = Json<paths["/games/{game_id}/view"]["get"]["responses"][200]>;
/** A game in the lobby. */
export type LobbyEntry = Json<paths["/games/{game_id}"]["get"]["responses"][200]>;
/** A legal action of the view's seat: its text form (what to send) and its index. */
export type LegalAction = View["legal"][number];
/** An installed ruleset, as `GET /rulesets` lists it. */
export interface RulesetInfo {
  /** The name to create a game with, such as `classic`. */
  id: string;
  /** Its title. */
  name: string;
  /** The player counts it allows. */
  players: number[];
  [field: string]: unknown;
}
/** A ruleset's board as data (`GET /rulesets/{id}/board.json`): areas, ports, sea graph. */
export type Board = Record<string, unknown>;
/** The body of every refusal. */
export type ErrorBody = components["schemas"]["ErrorBody"];

/** A WebSocket message: a move as the connected viewer may see it (its version, actor, text form
 * or null when secret from this viewer, and its events), typed by the game's ruleset. */
export type MoveMessage = components["schemas"]["MoveMessage"];
/** Something that happened in a move: a sentence, and the event's JSON. */
export type EventItem = MoveMessage["events"][number];
/** A WebSocket message: the viewer's view at a version. */
export type ViewMessage = components["schemas"]["ViewMessage"];

/** Any message of the game's WebSocket. */
export type LiveMessage = MoveMessage | ViewMessage;
