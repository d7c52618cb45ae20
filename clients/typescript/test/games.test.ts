// Whole games through the client against a real server: a 2-seat classic game, a 3-seat
// modern game with two people, and reconnections (a dropped socket, a server killed and
// started again) after which no move is missed or repeated.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { WebSocket } from "ws";
import {
  SerenissimaClient,
  ServerError,
  ValidationError,
  type MoveMessage,
} from "@serenissima/client";
import { playSeat, upTo } from "./play.js";
import { random, startServer, type Server } from "./server.js";

/** The fields of the client's MoveMessage type: all of them, and only them (checked below). */
const MOVE_FIELDS = ["action", "actor", "events", "hidden", "type", "version"] as const;
type Unlisted = Exclude<keyof MoveMessage, (typeof MOVE_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : false = true;

let server: Server;
let client: SerenissimaClient;

before(async () => {
  server = await startServer(["--actions-per-second", "1000", "--action-burst", "1000"]);
  client = new SerenissimaClient({ baseUrl: server.url, WebSocket });
});

after(async () => {
  await server?.close();
});

test("the rulesets, and each one's board as data and as a drawing", async () => {
  const rulesets = await client.rulesets();
  const ids = rulesets.map((ruleset) => ruleset.id);
  assert.ok(ids.includes("classic") && ids.includes("modern"), ids.join(", "));
  for (const ruleset of rulesets) {
    assert.ok(ruleset.name.length > 0);
    assert.ok(ruleset.players.includes(2), `${ruleset.id}: ${ruleset.players.join(", ")}`);
  }
  const board = await client.board("classic");
  assert.ok(Array.isArray(board["ports"]), Object.keys(board).join(", "));
  const svg = await client.boardSvg("classic");
  assert.match(svg, /^<svg[\s\S]*<\/svg>\s*$/);
  assert.match(svg, /<circle class="area/);
  await assert.rejects(client.board("nowhere"), (error) => error instanceof ServerError);
  await assert.rejects(client.boardSvg("nowhere"), (error) => error instanceof ServerError);
  await assert.rejects(client.board("../games"), ValidationError);
});

test(
  "a 2-seat classic game against the random bot, played to the end",
  { timeout: 120_000 },
  async () => {
    const game = await client.createGame({
      ruleset: "classic",
      players: 2,
      seats: [{ kind: "human" }, { kind: "random" }],
    });
    const seat = await client.join(game, 0);
    const played = await playSeat(seat, random(1));
    const { view } = played;
    assert.equal(view.over, true);
    assert.equal(view.to_act, -2);
    assert.notEqual(view.standings, null);
    assert.equal(view.legal.length, 0);
    assert.deepEqual(played.versions, upTo(view.version)); // every move, once, in order
    assert.ok(played.actions > 5, `seat 0 acted ${played.actions} times`);
    // the bot's moves came too, and seat 0 saw its own actions' text
    assert.ok(played.moves.some((move) => move.actor === 1));
    assert.ok(played.moves.some((move) => move.actor === 0 && move.action !== null));
    // the final view over HTTP is the same one, for the seat and for a spectator
    const again = await seat.view();
    assert.equal(again.version, view.version);
    assert.deepEqual(again.standings, view.standings);
    // the client's type of a move message has the fields of the server's schema of it, and
    // every move received has those fields
    assert.ok(everyFieldListed);
    const bundle = (await (await fetch(`${server.url}/rulesets/classic/schema.json`)).json()) as {
      $defs: { MoveMessage: { properties: Record<string, unknown>; required: string[] } };
    };
    const schema = bundle.$defs.MoveMessage;
    assert.deepEqual(Object.keys(schema.properties).sort(), [...MOVE_FIELDS]);
    for (const move of played.moves) assert.deepEqual(Object.keys(move).sort(), [...MOVE_FIELDS]);
    const spectator = await client.view(game);
    assert.equal(spectator.seat, null);
    assert.equal(spectator.version, view.version);
  },
);

test(
  "a 3-seat modern game, two people and the greedy bot, played to the end",
  { timeout: 120_000 },
  async () => {
    const game = await client.createGame({
      ruleset: "modern",
      players: 3,
      seats: [{ kind: "human" }, { kind: "greedy" }, { kind: "human" }],
    });
    const first = await client.join(game, 0);
    const second = await client.join(game, 2);
    const [zero, two] = await Promise.all([
      playSeat(first, random(2)),
      playSeat(second, random(3)),
    ]);
    assert.equal(zero.view.version, two.view.version);
    assert.equal(zero.view.over && two.view.over, true);
    assert.deepEqual(zero.view.standings, two.view.standings);
    for (const played of [zero, two]) {
      assert.deepEqual(played.versions, upTo(played.view.version));
      assert.ok(played.actions > 5);
    }
    const actors = new Set(zero.moves.map((move) => move.actor));
    assert.ok(actors.has(0) && actors.has(1) && actors.has(2), `actors ${[...actors].join(",")}`);
    const lobby = await client.lobby();
    const entry = lobby.find((listed) => listed.id === game);
    assert.equal(entry?.status, "over");
  },
);

test(
  "a dropped socket is reconnected from the last version: no move missed or repeated",
  { timeout: 120_000 },
  async () => {
    const sockets: WebSocket[] = [];
    const received: number[] = []; // the last version received when each socket was opened
    let last = 0;
    class Tracked extends WebSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
        received.push(last);
      }
    }
    const dropping = new SerenissimaClient({ baseUrl: server.url, WebSocket: Tracked });
    const game = await dropping.createGame({
      ruleset: "classic",
      players: 2,
      seats: [{ kind: "human" }, { kind: "random" }],
    });
    const seat = await dropping.join(game, 0);
    const dropAt = new Set([3, 12, 25]);
    const onMove = (move: MoveMessage): void => {
      last = move.version;
      if (dropAt.delete(move.version)) sockets.at(-1)?.terminate(); // as a network failure would
    };
    const played = await playSeat(seat, random(4), { onMove, reconnect: { baseDelayMs: 50 } });
    assert.equal(dropAt.size, 0);
    assert.equal(played.subscription.connections, 4);
    assert.equal(sockets.length, 4);
    assert.deepEqual(played.versions, upTo(played.view.version));
    // each new connection asked for the moves after the last version received
    const since = sockets.map((socket) => new URL(socket.url).searchParams.get("since"));
    assert.deepEqual(since, received.map(String));
    assert.equal(received[0], 0);
    assert.ok(
      received.slice(1).every((version, i) => version >= [3, 12, 25][i]!),
      `${received}`,
    );
  },
);

test(
  "a server killed mid-game and started again: the subscription resumes",
  { timeout: 120_000 },
  async () => {
    const game = await client.createGame({
      ruleset: "modern",
      players: 2,
      seats: [{ kind: "human" }, { kind: "random" }],
    });
    const seat = await client.join(game, 0);
    let killed = false;
    let restarted: Promise<void> = Promise.resolve();
    const onMove = (move: MoveMessage): void => {
      if (!killed && move.version >= 10) {
        killed = true;
        restarted = server.stop(true).then(() => server.start());
      }
    };
    const played = await playSeat(seat, random(5), {
      onMove,
      unreachable: true,
      reconnect: { baseDelayMs: 100, maxDelayMs: 1000, attempts: 40 },
    });
    await restarted;
    assert.equal(killed, true);
    assert.ok(played.subscription.connections >= 2);
    assert.deepEqual(played.versions, upTo(played.view.version));
  },
);
