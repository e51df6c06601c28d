// Popote's browser client: the lobby, the table creation form, the replay (replay.js), and the
// table (table.js). Every text comes from the server (the games' presenters and the page's
// words) and is inserted as text, never as markup. See docs/web.md.

import {
  api, chatLine, element, fill, focusFirst, identity, lang, learnIdentityId, needIdentity,
  page, say, showIdentity, socketUrl, TOKEN_GONE, typing, watchChat, words,
} from "./common.js";
import { backToSeat, gamesPage, myGames } from "./games.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";
import { showWaiting, watchWaiting } from "./waiting.js";

// The language is remembered per identity (PATCH /me) and in a cookie for the pages.
function watchLanguageSwitch() {
  const form = document.getElementById("lang-form");
  form.addEventListener("submit", async (event) => {
    if (!identity.token) return;
    event.preventDefault();
    const chosen = form.querySelector("input[name=lang]").value;
    await api("PATCH", "/me", { lang: chosen }).catch(() => null);
    form.submit();
  });
}

async function followRememberedLanguage() {
  if (!identity.token || document.cookie.includes("popote_lang=")) return;
  const me = await api("GET", "/me").catch(() => null);
  if (me && me.lang !== lang) {
    document.cookie = `popote_lang=${me.lang}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  }
}

// --- lobby ---------------------------------------------------------------------------------

async function lobbyPage() {
  if (!identity.token) {
    needIdentity().then(() => {
      say(fill(words.welcome, { name: identity.name }));
      openLobbySocket();
    });
  }
  watchChat((text) => lobbySocket && lobbySocket.send(JSON.stringify({ type: "chat", text })));
  watchLobbyKeys();
  watchCode();
  await listTables();
  if (identity.token) openLobbySocket();
}

// A table's short code, read aloud by whoever invites: it opens that table (a private one
// through its code, never its invitation: docs/protocol.md).
function watchCode() {
  const form = document.getElementById("code-form");
  const error = document.getElementById("code-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const code = document.getElementById("table-code").value.trim();
    try {
      const found = await api("GET", `/codes/${encodeURIComponent(code)}`);
      location.href = found.link;
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

// Digits open the game of that number (its table creation form); `t` goes to the chat and
// Escape comes back to the games.
function watchLobbyKeys() {
  const games = [...document.querySelectorAll("[data-game-key]")];
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target.id === "chat-input") return focusFirst("games-heading");
    if (typing(event)) return;
    const game = games.find((link) => link.dataset.gameKey === event.key);
    if (game) {
      event.preventDefault();
      location.href = game.getAttribute("href");
    } else if (event.key === "t") {
      event.preventDefault();
      focusFirst("chat-input");
    }
  });
}

let lobbySocket = null;

function openLobbySocket() {
  if (lobbySocket) return;
  const socket = new WebSocket(socketUrl("/ws/lobby"));
  lobbySocket = socket;
  // The list once, then only what changes (protocol 1.4): nobody fetches it all again.
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: identity.token, lang, deltas: true }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "chat") chatLine(message);
    if (message.type === "lobby") showTables(message.tables);
    if (message.type === "table_listed") showTable(message.table);
    if (message.type === "table_unlisted") dropTable(message.table);
    if (message.type === "waiting") showWaiting(message.count);
    if (message.type === "error") say(message.message, true);
    if (message.type === "error" && TOKEN_GONE.includes(message.code)) {
      identity.forget();
      showIdentity();
    }
  });
  socket.addEventListener("close", () => {
    lobbySocket = null;
    setTimeout(() => identity.token && openLobbySocket(), 2000);
  });
}

// Your running tables (private ones too) come first, each with "Back to your seat".
const mine = new Map();

async function listTables() {
  const [tables, yours] = await Promise.all([api("GET", "/tables").catch(() => []), myGames()]);
  mine.clear();
  for (const entry of yours ? yours.playing : []) mine.set(entry.id, entry);
  showTables(tables);
}

function showTables(tables) {
  const others = tables.filter((table) => !mine.has(table.id));
  const items = [...[...mine.values()].map(tableItem), ...others.map(tableItem)];
  document.getElementById("tables").replaceChildren(...items);
  noTables();
}

// A table that changed is redrawn in its place; a new one comes last.
function showTable(table) {
  const drawn = tableItem(table);
  const shown = document.querySelector(`#tables [data-table="${CSS.escape(table.id)}"]`);
  if (shown) shown.replaceWith(drawn);
  else document.getElementById("tables").append(drawn);
  noTables();
}

function dropTable(id) {
  mine.delete(id); // over: it goes to "Your games"
  const shown = document.querySelector(`#tables [data-table="${CSS.escape(id)}"]`);
  if (shown) shown.remove();
  noTables();
}

function noTables() {
  document.getElementById("no-tables").hidden = document.getElementById("tables").childElementCount > 0;
}

// A guest's name already says "(invité)": a person, no need to add "(joueur)".
function seatWords(seat) {
  if (seat.kind !== "human" || (seat.guest && !seat.away)) return seat.name;
  return `${seat.name} (${seat.away ? words.away : words.human})`;
}

function tableItem(table) {
  const item = element("li", null, { class: "table-item", "data-table": table.id });
  const describedId = `table-${table.id}`;
  const state = words[`state_${table.state}`] || table.state;
  const seats = table.seats.map(seatWords).join(", ");
  const title = table.turn_based ? `${table.title}, ${words.turn_based}` : table.title;
  item.append(element("p", fill(words.table_line, { title, state, terms: table.terms, seats }), { id: describedId }));
  const actions = element("p", null, { class: "links" });
  item.append(actions);
  const yours = mine.get(table.id);
  if (yours) {
    actions.append(backToSeat(yours, describedId));
    return item;
  }
  if (table.state === "lobby" && table.seats.some((seat) => seat.kind === "free")) {
    const sit = element("button", words.sit, { type: "button", "aria-describedby": describedId });
    sit.addEventListener("click", async () => {
      await needIdentity();
      try {
        await api("POST", `/tables/${table.id}/join`, {});
        location.href = `/tables/${table.id}`;
      } catch (error) {
        say(error.message, true);
      }
    });
    actions.append(sit);
  }
  const label = table.state === "lobby" ? words.open : words.watch;
  actions.append(element("a", label, { href: `/tables/${table.id}`, "aria-describedby": describedId }));
  return item;
}

// --- creating a table ----------------------------------------------------------------------

// Real time (a clock in seconds) or turn-based (days per move): only the chosen kind's
// clock shows, right under its radio button.
function watchPlayKind() {
  const turns = document.getElementById("kind-turns");
  const show = () => {
    document.getElementById("live-clock").hidden = turns.checked;
    document.getElementById("turns-clock").hidden = !turns.checked;
  };
  for (const radio of document.querySelectorAll("input[name=kind]")) radio.addEventListener("change", show);
  show(); // a page brought back from the history keeps its radio
}

function chosenClock() {
  const turns = document.getElementById("kind-turns").checked;
  return document.getElementById(turns ? "days" : "clock").value;
}

function gamePage() {
  const form = document.getElementById("create-form");
  watchPlayKind();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await needIdentity();
    const options = {};
    for (const field of form.querySelectorAll("[data-option]")) {
      const kind = field.dataset.kind;
      options[field.dataset.option] = kind === "bool" ? field.checked : kind === "int" ? Number(field.value) : field.value;
    }
    const botLevel = document.getElementById("bot-level").value;
    const body = {
      game: form.dataset.game,
      players: Number(document.getElementById("players").value),
      options,
      public: document.getElementById("public").checked,
      rated: document.getElementById("rated").checked,
      clock: chosenClock(),
      bots: Array(Number(document.getElementById("bots").value)).fill(botLevel),
      bot_level: document.getElementById("stand-in").value,
      sit: true,
    };
    const error = document.getElementById("create-error");
    try {
      const table = await api("POST", "/tables", body);
      location.href = table.invite_link || `/tables/${table.id}`;
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

// --- start ---------------------------------------------------------------------------------

showIdentity();
learnIdentityId();
watchLanguageSwitch();
followRememberedLanguage();
watchWaiting();
const start = { lobby: lobbyPage, game: gamePage, replay: replayPage, games: gamesPage }[page.page];
if (start) start();
else if (page.table) tablePage();
