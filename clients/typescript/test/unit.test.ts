// The client without a server: what it refuses to send, and what it refuses to read (an
// answer or a WebSocket message that is malformed is a ProtocolError, never ignored).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  IllegalActionError,
  NetworkError,
  ProtocolError,
  SerenissimaClient,
  ServerError,
  SubscriptionError,
  ValidationError,
  retryAfter,
  serverError,
  type FetchLike,
  type ResponseLike,
  type SocketLike,
  type SubscribeOptions,
  type Subscription,
} from "@serenissima/client";

/** A fetch that answers `status` and `body` to every request, and counts them. */
function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const calls: string[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push(`${init.method} ${url}`);
    const response: ResponseLike = {
      status,
      headers: { get: (name) => headers[name] ?? null },
      text: () => Promise.resolve(body),
    };
    return Promise.resolve(response);
  };
  return { calls, fetch };
}

const VIEW = {
  game: "g",
  ruleset: "classic",
  version: 2,
  seat: 0,
  to_act: 0,
  waiting_for: 0,
  over: false,
  decision: { actor: 0, kind: "crew", rule_id: "C-SETUP-4", prompt: "Crew." },
  observation: {},
  text: "",
  legal: [{ text: "crew 5 5", index: 35 }],
  standings: null,
  seats: [],
  seeded: false,
};

test("what the client will not send: a ValidationError naming the field, no request", async () => {
  const { calls, fetch } = answering(200, JSON.stringify(VIEW));
  const client = new SerenissimaClient({ baseUrl: "http://127.0.0.1:9", fetch });
  const cases: [() => Promise<unknown>, string][] = [
    [() => client.act("g", "t", "crew 5 5", -1), "version"],
    [() => client.act("g", "t", "crew 5 5", 1.5), "version"],
    [() => client.act("g", "t", "crew 5 5", "3" as unknown as number), "version"],
    [() => client.act("g", "t", "", 0), "action"],
    [() => client.act("g", "t", "   ", 0), "action"],
    [() => client.act("g", "t", "x".repeat(401), 0), "action"],
    [() => client.act("g", "", "crew 5 5", 0), "token"],
    [() => client.act("g", "a token", "crew 5 5", 0), "token"],
    [() => client.act("", "t", "crew 5 5", 0), "game"],
    [() => client.act("g", "t", "crew 5 5", 0, { retryOnConflict: -1 }), "retryOnConflict"],
    [() => client.join("g", -1), "seat"],
    [() => client.join("g", 0.5), "seat"],
    [() => client.view("x".repeat(65)), "game"],
    [() => client.createGame({ ruleset: "" }), "setup.ruleset"],
    [() => client.createGame({ ruleset: "classic", players: 0 }), "setup.players"],
    [
      () => client.createGame({ ruleset: "classic", players: 2, seats: [{ kind: "human" }] }),
      "setup.seats",
    ],
    [() => client.createGame(null as never), "setup"],
    [() => client.play("g", "t", () => "crew 5 5", -2), "attempts"],
  ];
  for (const [call, field] of cases) {
    const error: unknown = await call().then(
      () => assert.fail(`sent: ${field}`),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ValidationError, String(error));
    assert.equal(error.field, field);
  }
  assert.throws(() => client.subscribe("g", { since: -1 }), ValidationError);
  assert.throws(() => new SerenissimaClient({ baseUrl: "nowhere" }), ValidationError);
  assert.throws(() => new SerenissimaClient({ baseUrl: "ftp://host" }), ValidationError);
  assert.deepEqual(calls, []);
  await client.act("g", "t", "crew 5 5", 2); // a good one is sent
  assert.deepEqual(calls, ["POST http://127.0.0.1:9/games/g/actions"]);
});

test("the fetch given is called as a function, not as a method of the client", async () => {
  const bodies: (string | undefined)[] = [];
  const fetch = function (this: unknown, _url: string, init: { body?: string }) {
    assert.equal(this, undefined); // a browser's fetch throws on another `this` than the window
    bodies.push(init.body);
    return answering(201, JSON.stringify({ id: "g1" })).fetch(_url, {
      ...init,
      method: "POST",
      headers: {},
    });
  };
  const client = new SerenissimaClient({ baseUrl: "http://h/", fetch });
  assert.equal(await client.createGame({ ruleset: "classic" }), "g1");
  assert.deepEqual(bodies, ['{"ruleset":"classic"}']);
});

test("a malformed answer is a ProtocolError", async () => {
  const cases: [number, string][] = [
    [200, "not json"],
    [200, JSON.stringify({ ...VIEW, version: -1 })],
    [200, JSON.stringify({ ...VIEW, legal: [{ text: 3, index: 0 }] })],
    [200, JSON.stringify({ ...VIEW, observation: undefined })],
    [200, JSON.stringify([VIEW])],
    [422, "<html>oops</html>"],
    [422, JSON.stringify({ message: "no error's name" })],
    [422, JSON.stringify({ error: "IllegalActionError", message: "no rule" })],
  ];
  for (const [status, body] of cases) {
    const client = new SerenissimaClient({
      baseUrl: "http://h",
      fetch: answering(status, body).fetch,
    });
    await assert.rejects(client.view("g", "t"), ProtocolError, `${status} ${body}`);
  }
  const joined = answering(201, JSON.stringify({ seat: 1, token: "t" })).fetch;
  const client = new SerenissimaClient({ baseUrl: "http://h", fetch: joined });
  await assert.rejects(client.join("g", 0), ProtocolError); // another seat than asked
});

test("a server that cannot be reached: a NetworkError with the cause", async () => {
  const refused = new Error("connect ECONNREFUSED");
  const fetch: FetchLike = () => Promise.reject(refused);
  const client = new SerenissimaClient({ baseUrl: "http://h", fetch });
  const error: unknown = await client.view("g").catch((caught: unknown) => caught);
  assert.ok(error instanceof NetworkError, String(error));
  assert.equal(error.cause, refused);
  assert.match(error.message, /GET \/games\/g\/view: connect ECONNREFUSED/);
});

test("a refusal's body becomes its typed error; an unknown one a plain ServerError", () => {
  const illegal = serverError(422, { error: "IllegalActionError", message: "X: no", rule_id: "X" });
  assert.ok(illegal instanceof IllegalActionError);
  assert.equal(illegal.ruleId, "X");
  assert.equal(illegal.name, "IllegalActionError");
  const other = serverError(418, { error: "Teapot", message: "short and stout" });
  assert.equal(other.constructor, ServerError);
  assert.equal(other.error, "Teapot");
  assert.equal(serverError(404, { error: "toString", message: "m" }).constructor, ServerError);
});

test("Retry-After in seconds or as a date", () => {
  assert.equal(retryAfter("3"), 3);
  assert.equal(retryAfter(null), null);
  assert.equal(retryAfter("soon"), null);
  const inTwo = new Date(Date.now() + 2500).toUTCString();
  const seconds = retryAfter(inTwo) ?? assert.fail("a date");
  assert.ok(seconds > 0.5 && seconds <= 2.5, String(seconds));
});

test("a 429 is waited out at most as long and as often as allowed", async () => {
  const { calls, fetch } = answering(
    429,
    JSON.stringify({ error: "TooManyRequests", message: "wait" }),
    {
      "Retry-After": "60",
    },
  );
  const client = new SerenissimaClient({ baseUrl: "http://h", fetch });
  const started = Date.now();
  await assert.rejects(client.view("g"), (error: unknown) => {
    assert.ok(error instanceof ServerError && error.status === 429);
    return true;
  });
  assert.equal(calls.length, 1); // 60 s is past the longest wait: thrown at once
  assert.ok(Date.now() - started < 1000);
  const quick = answering(429, JSON.stringify({ error: "TooManyRequests", message: "wait" }), {
    "Retry-After": "0",
  });
  const patient = new SerenissimaClient({
    baseUrl: "http://h",
    fetch: quick.fetch,
    retry: { attempts: 2 },
  });
  await assert.rejects(patient.view("g"), ServerError);
  assert.equal(quick.calls.length, 3);
});

/** A WebSocket the test drives: each one made is kept, and the test sends its events. */
class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1005;
  }

  send(message: unknown): void {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

async function fakeSubscription(options: SubscribeOptions = {}) {
  FakeSocket.made = [];
  const moves: number[] = [];
  const views: number[] = [];
  const client = new SerenissimaClient({
    baseUrl: "http://h",
    fetch: answering(200, "{}").fetch,
    WebSocket: FakeSocket,
  });
  const subscription: Subscription = client.subscribe("g", {
    onMove: (move) => moves.push(move.version),
    onView: (view) => views.push(view.version),
    reconnect: { baseDelayMs: 1, attempts: 2 },
    ...options,
  });
  await tick();
  const socket = FakeSocket.made[0] ?? assert.fail("no socket");
  return { moves, views, subscription, socket };
}

const move = (version: number) => ({
  type: "move",
  version,
  actor: 0,
  action: "crew 5 5",
  hidden: false,
  events: [],
});
const view = (version: number) => ({ type: "view", version, view: { ...VIEW, version } });

test("a subscription reads moves and views in order, and ends on a malformed message", async () => {
  const bad: unknown[] = [
    "not json",
    { type: "chat", version: 1 },
    { type: "move", version: "1" },
    { ...move(1), events: [{ text: "no data" }] },
    move(2), // a move missed
    view(3), // a view ahead of its moves
    { type: "view", version: 0, view: { ...VIEW, version: 1 } },
  ];
  for (const message of bad) {
    const { moves, subscription, socket } = await fakeSubscription();
    socket.send(message);
    const error = await subscription.closed;
    assert.ok(error instanceof ProtocolError, `${JSON.stringify(message)}: ${String(error)}`);
    assert.deepEqual(moves, []);
    assert.equal(socket.closedWith, 1000);
  }
  const { moves, views, subscription, socket } = await fakeSubscription();
  socket.send(move(1));
  socket.send(move(2));
  socket.send(view(2));
  socket.onmessage?.({ data: new TextEncoder().encode(JSON.stringify(move(3))) });
  socket.send(move(3)); // the same move twice
  assert.ok((await subscription.closed) instanceof ProtocolError);
  assert.deepEqual(moves, [1, 2, 3]);
  assert.deepEqual(views, [2]);
});

test("a handler's error ends the subscription and is reported", async () => {
  const errors: Error[] = [];
  const { subscription, socket } = await fakeSubscription({
    onMove: () => {
      throw new Error("the handler failed");
    },
    onError: (error) => errors.push(error),
  });
  socket.send(move(1));
  const error = await subscription.closed;
  assert.equal(error?.message, "the handler failed");
  assert.deepEqual(errors, [error]);
});

test("a dropped connection is opened again from the last version, a bounded number of times", async () => {
  const { subscription, socket } = await fakeSubscription({ since: 4 });
  assert.equal(new URL(socket.url).searchParams.get("since"), "4");
  socket.send(move(5));
  socket.onclose?.({ code: 1006, reason: "" });
  await tick();
  const again = FakeSocket.made[1] ?? assert.fail("not reconnected");
  assert.equal(new URL(again.url).searchParams.get("since"), "5");
  again.onclose?.({ code: 1006, reason: "" });
  await tick();
  FakeSocket.made[2]?.onclose?.({ code: 1006, reason: "" }); // the third failure in a row: enough
  const error = await subscription.closed;
  assert.ok(error instanceof SubscriptionError, String(error));
  assert.equal(error.code, null);
  assert.equal(subscription.connections, 3);
  assert.equal(subscription.version, 5);
});

test("close() stops everything: no handler is called after it", async () => {
  const { moves, subscription, socket } = await fakeSubscription();
  subscription.close();
  socket.send(move(1));
  socket.onclose?.({ code: 1006, reason: "" });
  await tick();
  assert.equal(await subscription.closed, null);
  assert.deepEqual(moves, []);
  assert.equal(FakeSocket.made.length, 1);
});
