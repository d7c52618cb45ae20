// Each refusal of a real server surfaces as its typed error, with the server's error body:
// an illegal action with its rule, a stale version, a wrong token, no such game or seat, a
// malformed action or body, a set-up refused, a creation token missing, a flood; and the
// WebSocket's refusals (4403, 4404, 4422) end a subscription with a typed error.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { WebSocket } from "ws";
import {
  ActionParseError,
  ForbiddenError,
  IllegalActionError,
  MalformedRequestError,
  OutOfTurnError,
  SeatError,
  SeededGamesRefusedError,
  SerenissimaClient,
  ServerError,
  SetupError,
  SubscriptionError,
  TooManyRequestsError,
  UnauthorizedError,
  UnknownGameError,
  UnknownSeatError,
  VersionConflictError,
  type CreateGame,
  type Seat,
  type Subscription,
} from "@serenissima/client";
import { startServer, type Server } from "./server.js";

const SECRET = "the-creation-secret";
const TWO_PEOPLE: CreateGame = {
  ruleset: "classic",
  players: 2,
  seats: [{ kind: "human" }, { kind: "human" }],
};

let server: Server;
let client: SerenissimaClient;
let game: string;
let first: Seat;
let second: Seat;

before(async () => {
  server = await startServer([
    "--create-token",
    SECRET,
    "--games-per-minute",
    "30",
    "--game-burst",
    "6",
    "--sockets-per-client",
    "2",
  ]);
  client = new SerenissimaClient({ baseUrl: server.url, WebSocket, createToken: SECRET });
  game = await client.createGame(TWO_PEOPLE);
  first = await client.join(game, 0);
  second = await client.join(game, 1);
});

after(async () => {
  await server?.close();
});

/** Assert that `promise` rejects with an error of `kind`, and answer it. */
async function refused<E extends Error>(
  promise: Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  const error: unknown = await promise.then(
    () => assert.fail(`no ${kind.name}`),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof kind, `${String(error)} is not a ${kind.name}`);
  return error;
}

test("an illegal action: IllegalActionError with the rule it breaks; nothing changes", async () => {
  const view = await first.view();
  const error = await refused(first.act("crew 9 9", view.version), IllegalActionError);
  assert.equal(error.status, 422);
  assert.equal(error.error, "IllegalActionError");
  assert.equal(error.ruleId, "C-ORG-2");
  assert.match(error.message, /C-ORG-2: a galley holds at most 5 pieces/);
  assert.ok(error instanceof ServerError);
  assert.equal((await first.view()).version, view.version);
});

test("text that spells no action, and another seat's turn: 422 with their names", async () => {
  const view = await first.view();
  const parse = await refused(first.act("fly to the moon", view.version), ActionParseError);
  assert.equal(parse.status, 422);
  assert.equal(parse.ruleId, null);
  const turn = await refused(second.act("crew 5 5", view.version), OutOfTurnError);
  assert.equal(turn.error, "OutOfTurnError");
});

test("a stale version: VersionConflictError (409), or sent again when asked", async () => {
  const before = await first.view();
  const action = before.legal[0]?.text ?? assert.fail("seat 0 decides");
  const after = await first.act(action, before.version);
  assert.equal(after.version, before.version + 1);
  const next = (await second.view()).legal[0]?.text ?? assert.fail("seat 1 decides");
  const conflict = await refused(second.act(next, before.version), VersionConflictError);
  assert.equal(conflict.status, 409);
  assert.match(conflict.message, /look again/);
  // asked to, the client reads the view again and sends the action at the new version
  const played = await second.act(next, before.version, { retryOnConflict: 1 });
  assert.equal(played.version, before.version + 2);
  // not when the action is no longer legal there: the conflict is thrown
  await refused(second.act(next, before.version, { retryOnConflict: 3 }), VersionConflictError);
});

test("play reads the view, chooses, and chooses again after a conflict", async () => {
  const fresh = await client.createGame(TWO_PEOPLE);
  const seat = await client.join(fresh, 0);
  const seen: number[] = [];
  const view = await seat.play((current) => {
    seen.push(current.version);
    return current.legal[0]?.text ?? null;
  });
  assert.deepEqual(seen, [0]);
  assert.equal(view.version, 1);
  const none = await seat.play(() => null); // seat 1 decides now: nothing is sent
  assert.equal(none.version, 1);
  // the game moves while seat 1 chooses: its action is refused (409), it sees and chooses again
  const other = await client.join(fresh, 1);
  const chosen: number[] = [];
  const after = await other.play(async (current) => {
    chosen.push(current.version);
    if (chosen.length > 1) return null;
    const action = current.legal[0]?.text ?? assert.fail("seat 1 decides");
    await other.act(action, current.version);
    return action;
  });
  assert.deepEqual(chosen, [1, 2]);
  assert.equal(after.version, 2);
  // allowed one attempt only, the conflict is thrown
  const third = await client.join(await client.createGame(TWO_PEOPLE), 0);
  const once = third.play(async (current) => {
    const action = current.legal[0]?.text ?? assert.fail("seat 0 decides");
    await third.act(action, current.version);
    return action;
  }, 1);
  await refused(once, VersionConflictError);
});

test("a token of no seat: ForbiddenError (403) for views and actions", async () => {
  const error = await refused(client.view(game, "not-a-token"), ForbiddenError);
  assert.equal(error.status, 403);
  await refused(client.act(game, "not-a-token", "crew 5 5", 0), ForbiddenError);
  // the token of another game's seat is no better
  const other = await client.createGame(TWO_PEOPLE);
  await refused(client.view(other, first.token), ForbiddenError);
});

test("no such game, no such seat, a seat taken: 404 and 409", async () => {
  const unknown = await refused(client.view("no-such-game"), UnknownGameError);
  assert.equal(unknown.status, 404);
  await refused(client.join("no-such-game", 0), UnknownGameError);
  const seat = await refused(client.join(game, 7), UnknownSeatError);
  assert.equal(seat.error, "UnknownSeat");
  const taken = await refused(client.join(game, 0), SeatError);
  assert.equal(taken.status, 409);
});

test("a malformed body and a refused set-up: 422 with the server's detail", async () => {
  const extra = { ...TWO_PEOPLE, colour: "red" } as CreateGame; // a field the server does not know
  const malformed = await refused(client.createGame(extra), MalformedRequestError);
  assert.equal(malformed.status, 422);
  assert.ok(malformed.detail !== null && malformed.detail.length > 0);
  assert.deepEqual(malformed.detail[0]?.loc, ["body", "colour"]);
  const option = await refused(
    client.createGame({ ...TWO_PEOPLE, options: { no_such_option: 1 } }),
    SetupError,
  );
  assert.equal(option.error, "OptionError");
  const budget = await refused(
    client.createGame({ ...TWO_PEOPLE, seats: [{ kind: "human" }, { kind: "ismcts:999999" }] }),
    SetupError,
  );
  assert.equal(budget.error, "BotBudgetError");
  const seeded = await refused(
    client.createGame({ ...TWO_PEOPLE, seed: 7 }),
    SeededGamesRefusedError,
  );
  assert.equal(seeded.status, 403);
});

test("creating without the creation token, or with a wrong one: 401 and 403", async () => {
  const anonymous = new SerenissimaClient({ baseUrl: server.url });
  const missing = await refused(anonymous.createGame(TWO_PEOPLE), UnauthorizedError);
  assert.equal(missing.status, 401);
  const wrong = new SerenissimaClient({ baseUrl: server.url, createToken: "guess" });
  await refused(wrong.createGame(TWO_PEOPLE), ForbiddenError);
  const acting = await refused(
    anonymous.act(game, "x", "crew 5 5", 0).then(() => undefined),
    ForbiddenError,
  );
  assert.equal(acting.status, 403);
});

test("the WebSocket's refusals end a subscription with their codes", async () => {
  const cases: [string, { token?: string; since?: number }, number][] = [
    ["no-such-game", {}, 4404],
    [game, { token: "not-a-token" }, 4403],
    [game, { since: 10_000 }, 4422],
  ];
  for (const [id, options, code] of cases) {
    const errors: Error[] = [];
    const subscription = client.subscribe(id, {
      ...options,
      onError: (error) => errors.push(error),
      onView: () => assert.fail("no view after a refusal"),
    });
    const ended = await subscription.closed;
    assert.ok(ended instanceof SubscriptionError, String(ended));
    assert.equal(ended.code, code);
    assert.deepEqual(errors, [ended]);
    assert.equal(subscription.connections, 1); // refused for good: not tried again
  }
});

test("a socket beyond the server's limit (4429) is tried again until one is free", async () => {
  const open = (): Promise<Subscription> =>
    new Promise((resolve, reject) => {
      const subscription = client.subscribe(game, {
        onView: () => resolve(subscription),
        onError: reject,
        reconnect: { baseDelayMs: 50, maxDelayMs: 200, attempts: 50 },
      });
    });
  const [a, b] = await Promise.all([open(), open()]); // the two sockets this address may hold
  const third = open();
  await new Promise((resolve) => setTimeout(resolve, 500));
  a.close();
  const c = await third;
  assert.ok(c.connections >= 2, `${c.connections} connections`); // refused, then let in
  assert.equal(a.connections + b.connections, 2);
  b.close();
  c.close();
  assert.equal(await c.closed, null);
});

test(
  "a flood of creations: TooManyRequestsError with Retry-After, or waited out",
  { timeout: 60_000 },
  async () => {
    const impatient = new SerenissimaClient({
      baseUrl: server.url,
      createToken: SECRET,
      retry: { attempts: 0 },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => impatient.createGame(TWO_PEOPLE)),
    );
    const floods = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason as unknown] : [],
    );
    assert.ok(floods.length > 0, "no 429 in a burst of 8 creations");
    for (const error of floods) {
      assert.ok(error instanceof TooManyRequestsError, String(error));
      assert.equal(error.status, 429);
      assert.ok(error.retryAfter !== null && error.retryAfter >= 1, String(error.retryAfter));
    }
    // the patient client waits out Retry-After (30 a minute: one every 2 s) and gets its game
    const started = Date.now();
    const id = await client.createGame(TWO_PEOPLE);
    assert.equal(typeof id, "string");
    assert.ok(Date.now() - started >= 900, "created without waiting");
  },
);
