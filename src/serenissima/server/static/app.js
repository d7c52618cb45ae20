// The reference web page of serenissima serve: a lobby, and a table that plays one seat.
// Plain JavaScript, no build step of its own: every request to the server and the game's
// WebSocket go through the TypeScript client @serenissima/client (clients/typescript/src),
// bundled for browsers into serenissima-client.js (`npm run bundle`), which the server
// serves beside this file. The page is the client's living example: it creates games,
// joins seats, reads views, acts with the version of the view shown, follows the game live
// (the client reconnects from the last version received) and shows the client's typed
// errors, with the rule an illegal action breaks.

import {
  SerenissimaClient,
  SerenissimaError,
  ServerError,
  Seat,
  VersionConflictError,
} from "./serenissima-client.js";

const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
const CHANCE = -1;
const client = new SerenissimaClient({ baseUrl: location.origin });

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function tokenKey(game, seat) { return `serenissima-token:${game}:${seat}`; }

function status(text) { $("#status").textContent = text; }

// An error in words: a refusal's message, with the rule an illegal action breaks.
function describe(error) {
  if (error instanceof ServerError) {
    return error.ruleId ? `${error.message} (${error.ruleId})` : error.message;
  }
  if (error instanceof SerenissimaError) return `${error.name}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

// Show an error under the actions (or none): its words, and the client's class and rule
// as data.
function showError(error) {
  const box = $("#error");
  box.textContent = error === null ? "" : describe(error);
  box.dataset.error = error instanceof Error ? error.name : "";
  box.dataset.rule = error instanceof ServerError && error.ruleId ? error.ruleId : "";
}

function seatName(seat) {
  if (seat === CHANCE) return "chance";
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  return `seat ${seat}`;
}

// --- the lobby -------------------------------------------------------------------

async function showLobby() {
  $("#lobby").hidden = false;
  $("#where").textContent = "lobby";
  const rulesets = await client.rulesets();
  const select = $("#ruleset");
  for (const ruleset of rulesets) {
    select.append(el("option", { value: ruleset.id }, `${ruleset.id}: ${ruleset.name}`));
  }
  const players = () => rulesets.find((r) => r.id === select.value).players;
  const fillPlayers = () => {
    const chosen = $("#players");
    chosen.replaceChildren(...players().map((n) => el("option", { value: n }, String(n))));
    fillSeats();
  };
  const fillSeats = () => {
    const count = Number($("#players").value);
    const kinds = ["human", "random", "greedy", "ismcts:100"];
    const rows = [];
    for (let seat = 0; seat < count; seat++) {
      const choice = el("select", { name: `seat-${seat}` },
        ...kinds.map((kind) => el("option", { value: kind }, kind)));
      if (seat > 0 && count > 2) choice.value = "greedy";
      rows.push(el("label", {}, `Seat ${seat} `, choice));
    }
    $("#seat-kinds").replaceChildren(...rows);
  };
  select.addEventListener("change", fillPlayers);
  $("#players").addEventListener("change", fillSeats);
  fillPlayers();
  $("#create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const count = Number(form.get("players"));
    const seats = [];
    for (let seat = 0; seat < count; seat++) seats.push({ kind: form.get(`seat-${seat}`) });
    const setup = { ruleset: form.get("ruleset"), players: count, seats };
    try {
      const created = await client.createGame(setup);
      status(`created game ${created}`);
      await listGames();
    } catch (error) {
      status(describe(error));
    }
  });
  await listGames();
}

async function listGames() {
  const games = await client.lobby();
  const rows = games.map((game) => {
    const seats = el("td");
    for (const seat of game.seats) {
      if (seat.kind !== "human") {
        seats.append(el("span", { class: `seat-${seat.seat}` }, `${seat.seat}: ${seat.kind} `));
      } else if (localStorage.getItem(tokenKey(game.id, seat.seat))) {
        seats.append(el("a", { href: `?game=${game.id}&seat=${seat.seat}`,
          class: `seat-${seat.seat} play`, "data-seat": seat.seat }, `play seat ${seat.seat} `));
      } else if (seat.joined) {
        seats.append(el("span", { class: `seat-${seat.seat}` }, `${seat.seat}: taken `));
      } else {
        seats.append(el("button", { class: "join", "data-game": game.id, "data-seat": seat.seat,
          onclick: () => join(game.id, seat.seat) }, `join seat ${seat.seat}`));
      }
    }
    const waiting = game.status === "owed" ? "a bot is thinking" : `waiting for ${seatName(game.waiting_for)}`;
    const state = (game.over ? "over" : waiting) + (game.seeded ? ", seeded" : "");
    return el("tr", { "data-game": game.id },
      el("td", {}, game.id), el("td", {}, `${game.ruleset}, ${game.players} players`), seats,
      el("td", {}, `${game.version} (${state})`),
      el("td", {}, el("a", { href: `?game=${game.id}` }, "watch")));
  });
  $("#games tbody").replaceChildren(...rows);
}

async function join(game, seat) {
  try {
    const joined = await client.join(game, seat);
    localStorage.setItem(tokenKey(game, seat), joined.token);
    location.search = `?game=${game}&seat=${seat}`;
  } catch (error) {
    status(describe(error));
    await listGames();
  }
}

// --- the table -------------------------------------------------------------------

// The game shown; its seat played here (the client's Seat, which holds the seat's token),
// or null for a spectator; the view shown; the board's data; the live subscription; and,
// once the subscription has ended for good, why.
const table = {
  game: null, seat: null, view: null, board: null, subscription: null, closed: null,
};

async function showTable(game, seat) {
  table.game = game;
  const token = seat === null ? null : localStorage.getItem(tokenKey(game, seat));
  if (seat !== null && !token) {
    status(`no token for seat ${seat} of this game in this browser: watching`);
  }
  table.seat = token ? new Seat(client, game, seat, token) : null;
  $("#table").hidden = false;
  $("#where").textContent = `game ${game}, ${table.seat ? `seat ${seat}` : "spectator"}`;
  const view = table.seat ? await table.seat.view() : await client.view(game);
  await loadBoard(view.ruleset);
  render(view);
  follow();
  $("#typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("#typed-action").value.trim();
    if (text) play(text);
  });
}

async function loadBoard(ruleset) {
  const [svg, board] = await Promise.all([client.boardSvg(ruleset), client.board(ruleset)]);
  $("#board").innerHTML = svg;
  table.board = board;
  dropLegend($("#board svg"));
}

// The drawing's legend says where each edge of the sea graph comes from (the rules, public
// descriptions, or a reconstruction): the documentation's business, not a player's. Cut it
// off, and draw every edge alike (style.css).
function dropLegend(svg) {
  const legend = svg && svg.querySelector("g.legend");
  if (!legend) return;
  const top = Math.floor(legend.getBBox().y) - 4;
  legend.remove();
  const [x, y, width] = svg.getAttribute("viewBox").split(" ").map(Number);
  svg.setAttribute("viewBox", `${x} ${y} ${width} ${top - y}`);
  svg.setAttribute("height", String(top - y));
  const background = svg.querySelector("rect.background");
  if (background) background.setAttribute("height", String(top - y));
}

// The game live: every move from the start, then each move and view as they happen. When
// the connection drops the client opens it again from the last version received, so the
// log misses no move and shows none twice.
function follow() {
  const handlers = {
    since: 0,
    onMove: logMove,
    onView: render,
    onError: (error) => {
      table.closed = `closed: ${describe(error)}`; // the page is no longer live: say so
      status(table.closed);
    },
    reconnect: { attempts: 20, baseDelayMs: 250, maxDelayMs: 5000 },
  };
  table.subscription = table.seat
    ? table.seat.subscribe(handlers)
    : client.subscribe(table.game, handlers);
}

function logMove(move) {
  const who = seatName(move.actor);
  const item = el("li", { value: move.version, "data-version": move.version });
  if (move.hidden) {
    item.className = "hidden-move";
    item.append(`${who} acts in secret`);
  } else {
    item.append(el("strong", { class: `seat-${move.actor}` }, who), `: ${move.action}`);
  }
  if (move.events.length) {
    item.append(el("ul", {}, ...move.events.map((event) => el("li", {}, event.text))));
  }
  $("#log").append(item);
  $("#log").scrollTop = $("#log").scrollHeight;
}

function render(view) {
  if (table.view && view.version < table.view.version) return;  // an older view, sent late
  table.view = view;
  const mine = view.legal.length > 0;
  const main = $("#table");
  main.dataset.version = view.version;
  // how many WebSockets the client has opened: 1, plus one for each reconnection
  main.dataset.connections = String(table.subscription ? table.subscription.connections : 0);
  main.dataset.myTurn = String(mine);
  main.dataset.over = String(view.over);
  const waiting = view.over ? null : view.waiting_for ?? view.to_act;
  main.dataset.waitingFor = waiting === null ? "" : String(waiting);
  renderTurn(view, mine, waiting);
  renderActions(view);
  renderSeats(view);
  renderBoard(view.observation);
  renderStandings(view);
  $("#text").textContent = view.text;
  $("#typed").hidden = !mine;
  status(table.closed ?? `version ${view.version}${mine ? " · your move" : ""}`);
}

function seatKind(view, seat) {
  const found = view.seats.find((s) => s.seat === seat);
  if (!found) return "";
  return found.kind === "human" ? (found.joined ? "a person" : "nobody yet: the seat is open") : `the ${found.kind} bot`;
}

function renderTurn(view, mine, waiting) {
  const decision = view.decision;
  const rule = el("span", { class: "rule" }, `${decision.kind} · ${decision.rule_id}`);
  let banner;
  if (view.over) {
    const entries = (view.standings && view.standings.entries) || [];
    const winners = entries.filter((entry) => entry.rank === 1)
      .map((entry) => `Seat ${entry.seat}${entry.seat === view.seat ? " (you)" : ""}`);
    banner = el("div", { class: "turn over" }, el("strong", {}, "The game is over."),
      ` ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`);
  } else if (mine) {
    banner = el("div", { class: "turn mine" }, el("strong", {}, "Your turn."), " ", decision.prompt);
  } else {
    const who = waiting === CHANCE ? "chance (the dice or the cards)" : seatName(waiting);
    const kind = waiting === CHANCE ? "" : ` (${seatKind(view, waiting)})`;
    banner = el("div", { class: "turn waiting", "data-seat": waiting },
      el("strong", {}, `Waiting for ${who}`), `${kind}: ${decision.prompt}`);
  }
  $("#decision").replaceChildren(banner, el("div", {}, rule));
}

function renderActions(view) {
  const groups = new Map();
  for (const action of view.legal) {
    const verb = action.text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  const sets = [];
  for (const [verb, actions] of groups) {
    sets.push(el("fieldset", { "data-kind": verb }, el("legend", {}, `${verb} (${actions.length})`),
      ...actions.map((action) => el("button", {
        class: "action", "data-action": action.text, "data-index": action.index,
        title: action.probability ? `odds ${action.probability}` : `index ${action.index}`,
        onclick: () => play(action.text),
      }, el("span", { class: "label" }, action.label), " ",
      el("code", { class: "notation" }, action.text)))));
  }
  $("#actions").replaceChildren(...sets);
}

function renderSeats(view) {
  const seen = view.observation;
  const rows = view.seats.map((seat) => {
    const ducats = seen.ducats ? seen.ducats[seat.seat] : null;
    const money = ducats === null || ducats === undefined ? "?" : String(ducats);
    const marks = [];
    if (seat.seat === view.seat) marks.push("you");
    if (seat.seat === view.to_act) marks.push("to act");
    return el("tr", { class: `seat-${seat.seat}` },
      el("td", {}, `seat ${seat.seat}`), el("td", {}, seat.kind + (seat.joined ? "" : " (open)")),
      el("td", {}, `ducats ${money}`), el("td", {}, marks.join(", ")));
  });
  $("#seats tbody").replaceChildren(...rows);
}

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b"];

function renderBoard(seen) {
  const svg = $("#board svg");
  if (!svg || !table.board) return;
  svg.querySelectorAll(".overlay").forEach((node) => node.remove());
  svg.querySelectorAll("circle.area").forEach((node) => node.classList.remove("owner"));
  const circle = (area) => svg.querySelector(`circle.area[data-area="${area}"]`);
  (seen.ports || []).forEach((port, index) => {
    const spec = table.board.ports[index];
    const node = spec && circle(spec.area);
    if (node && port.owner !== null && port.owner !== undefined) {
      node.classList.add("owner");
      node.setAttribute("stroke", COLOURS[port.owner % COLOURS.length]);
    }
  });
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "overlay");
  const count = new Map();
  for (const galley of seen.galleys || []) {
    const node = circle(galley.area);
    if (!node) continue;
    const n = count.get(galley.area) || 0;
    count.set(galley.area, n + 1);
    const number = galley.id ?? galley.number;
    const x = Number(node.getAttribute("cx")) + 9 + 28 * n;
    const y = Number(node.getAttribute("cy")) - 19;
    const group = document.createElementNS(SVG, "g");
    group.setAttribute("class", "galley");
    group.setAttribute("data-galley", number);
    const mark = document.createElementNS(SVG, "rect");
    mark.setAttribute("x", x);
    mark.setAttribute("y", y);
    mark.setAttribute("width", 10);
    mark.setAttribute("height", 10);
    mark.setAttribute("fill", COLOURS[galley.owner % COLOURS.length]);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("class", "galley-number");
    label.setAttribute("x", x + 12);
    label.setAttribute("y", y + 10);
    label.setAttribute("fill", COLOURS[galley.owner % COLOURS.length]);
    label.textContent = String(number);
    const title = document.createElementNS(SVG, "title");
    title.textContent = `galley ${number} of seat ${galley.owner}: ${galley.sailors} sailors, cargo ${(galley.cargo || []).join(" ") || "none"}`;
    group.append(title, mark, label);
    layer.append(group);
  }
  svg.append(layer);
}

function renderStandings(view) {
  const box = $("#standings");
  box.hidden = !view.standings;
  if (!view.standings) return;
  const entries = view.standings.entries || [];
  const parts = (entry) => (entry.breakdown || []).map(([name, value]) => `${name} ${value}`).join(", ");
  box.replaceChildren(el("h3", {}, "Final standings"),
    el("ol", {}, ...entries.map((entry) => el("li", { class: `seat-${entry.seat}`, "data-seat": entry.seat },
      el("span", { class: "standing" },
        `${entry.rank === 1 ? "Winner: " : ""}seat ${entry.seat}${entry.seat === view.seat ? " (you)" : ""}: ${entry.score} (rank ${entry.rank})`),
      parts(entry) ? el("span", { class: "breakdown" }, ` · ${parts(entry)}`) : ""))));
}

// Play an action chosen from the view shown, at its version. A refusal is shown with the
// client's words for it; after a version conflict (another move came first) the page reads
// the view again, so that the player chooses from the position as it stands.
async function play(text) {
  showError(null);
  try {
    render(await table.seat.act(text, table.view.version));
    $("#typed-action").value = "";
  } catch (error) {
    showError(error);
    if (error instanceof VersionConflictError) render(await table.seat.view());
  }
}

const game = params.get("game");
if (game) {
  const seat = params.get("seat");
  showTable(game, seat === null ? null : Number(seat)).catch((error) => status(describe(error)));
} else {
  showLobby().catch((error) => status(describe(error)));
}
