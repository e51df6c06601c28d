// The end of a game (issue 45): a banner naming the winner in the game's own words (its
// presenter's headline), the score sheet round by round with each seat's total, and for a
// seated person "Revanche": a new table with the same people and bots. Every text is
// inserted as text, never as markup. See docs/web.md, "The end of a game".

import { api, element, fill, say, words } from "./common.js";

const MINUS = "\u2212";
let shown = null; // the results shown and their context, for an offer that comes after
let told = null; // the rematch table last said, so that a snapshot again does not repeat it

// A number as people write it: "−150", with the minus sign, never a hyphen.
function signed(value) {
  if (value === null || value === undefined) return "";
  return value < 0 ? MINUS + String(-value) : String(value);
}

// A person's name links to their page (ratings, last games); a bot's stays text.
function named(entry, context) {
  if (!entry || entry.kind !== "human") return document.createTextNode(entry ? entry.name : "");
  const invite = context.invite ? `?invite=${encodeURIComponent(context.invite)}` : "";
  return element("a", entry.name, { href: `/tables/${context.table}/seats/${entry.seat}${invite}` });
}

// The sheet as a table: a row per seat, best first; a column per round (none for a game
// without rounds), then the total; the names stay in view while the rounds scroll. It
// scrolls sideways inside its own box (twelve players, many rounds) rather than the page.
function sheetTable(message, context) {
  const sheet = message.sheet;
  const bySeat = new Map(message.standings.map((entry) => [entry.seat, entry]));
  const rank = (row) => bySeat.get(row.seat)?.rank ?? 0;
  const rows = [...sheet.rows].sort((a, b) => rank(a) - rank(b) || a.seat - b.seat);
  const table = element("table", null, { class: "sheet" });
  table.append(element("caption", sheet.lower_is_better ? words.sheet_lowest : words.sheet));
  const head = element("tr");
  head.append(element("th", words.sheet_player, { scope: "col" }), element("th", words.sheet_rank, { scope: "col" }));
  // A game without rounds has one, its result: its total says it all.
  const rounds = sheet.rounds.length > 1 ? sheet.rounds : [];
  for (const round of rounds) head.append(element("th", fill(words.sheet_round, { n: round }), { scope: "col" }));
  head.append(element("th", words.sheet_total, { scope: "col" }));
  const body = element("tbody");
  for (const row of rows) {
    const entry = bySeat.get(row.seat);
    const line = element("tr", null, entry?.won ? { class: "won" } : {});
    const who = element("th", null, { scope: "row" });
    who.append(named(entry, context));
    if (entry?.won) who.append(element("span", ` (${words.sheet_winner})`));
    line.append(who, element("td", String(rank(row))));
    if (rounds.length) for (const points of row.points) line.append(element("td", signed(points)));
    line.append(element("td", signed(row.total), { class: "total" }));
    body.append(line);
  }
  table.append(element("thead"), body);
  table.tHead.append(head);
  const box = element("div", null, { class: "sheet-box", tabindex: "0", role: "region", "aria-label": table.caption.textContent });
  box.append(table);
  return box;
}

// Asks the old table for its rematch (the same answer to everyone of it), then goes there.
async function rematch(button, context, note) {
  button.disabled = true;
  try {
    const answer = await api("POST", `/tables/${encodeURIComponent(context.table)}/rematch`);
    window.location.assign(answer.link);
  } catch (error) {
    button.disabled = false;
    note.textContent = error.message;
    say(error.message, true);
  }
}

function rematchButton(text, context, note) {
  const button = element("button", text, { type: "button", class: "rematch" });
  button.addEventListener("click", () => rematch(button, context, note));
  return button;
}

// `message`: the server's `results`; `context`: the table's id, its invitation, this page's seat.
export function showEnding(box, message, context) {
  const banner = element("h2", message.headline || words.results, { id: "result-heading", tabindex: "-1", class: "banner" });
  // Revanche under the banner, before the sheet: a long sheet (twelve seats) scrolls in
  // its box and must not take the button out of the window.
  const actions = element("p", null, { class: "ending-actions" });
  const note = element("span", null, { class: "ending-note" });
  const seated = context.seat !== null && context.seat !== undefined;
  if (seated) actions.append(rematchButton(words.rematch, context, note));
  actions.append(note);
  const parts = [banner, actions];
  if (message.sheet) parts.push(sheetTable(message, context));
  box.replaceChildren(...parts);
  box.hidden = false;
  shown = { message, context, actions, note };
  // Opened before this page came (a reload, a return): offered all the same.
  if (message.rematch) offerRematch(message.rematch);
}

// Another player asked for a rematch (a `rematch` message on this table's socket, or the
// results' `rematch`): a seated person gets a button that sits them at the new table (the
// same request, answered with the same table); spectators get nothing.
export function offerRematch(message) {
  if (!shown) return;
  const { context, actions, note } = shown;
  if (context.seat === null || context.seat === undefined || message.by === context.seat) return;
  const by = shown.message.standings.find((entry) => entry.seat === message.by);
  const text = fill(words.rematch_offered, { name: by ? by.name : String(message.by + 1) });
  for (const old of actions.querySelectorAll("button.rematch")) old.remove();
  actions.prepend(rematchButton(text, context, note));
  if (told !== message.table) say(text);
  told = message.table;
}
