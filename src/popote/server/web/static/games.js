// Your own tables, from GET /api/v1/me/games (the token is this browser's, so the page is
// drawn here): the lobby lists your running tables first, and "Your games" lists them all:
// those waiting for you first, with the time you have left and "Play", then the other
// running ones with "Back to your seat", then your finished games with their replays.
// Every text is inserted as text, never as markup. See docs/web.md.

import { api, element, fill, identity, lang, page, words } from "./common.js";

export async function myGames() {
  if (!identity.token) return null;
  return api("GET", "/me/games").catch(() => null);
}

// Where a running table of yours stands, in words: the game, its state, your seat, and
// whether it waits for you.
export function myTableWords(entry) {
  const parts = [entry.title, words[`state_${entry.state}`] || entry.state];
  parts.push(fill(words.seat_number, { seat: entry.seat + 1 }));
  if (entry.state === "playing" && entry.your_turn !== null) {
    parts.push(entry.your_turn ? words.your_move : words.their_move);
  }
  return parts.join(", ");
}

export function backToSeat(entry, describedBy) {
  return element("a", words.back_to_seat, { href: entry.link, "aria-describedby": describedBy });
}

// Seconds as days and hours, hours and minutes, or minutes: "1 j 4 h", "5 h 12 min".
export function timeLeft(seconds) {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return fill(words.time_days, { days, hours: hours % 24 });
  if (hours > 0) return fill(words.time_hours, { hours, minutes: minutes % 60 });
  if (minutes > 0) return fill(words.time_minutes, { minutes });
  return words.time_soon;
}

// A game waiting for you says how long you have (or that your holiday stopped its clock).
function leftWords(entry) {
  if (typeof entry.left === "number") return fill(words.left, { time: timeLeft(entry.left) });
  return entry.turn_based ? words.left_none : null;
}

// A turn-based game waits for you (as the header counts them): a real-time one at your
// turn is played now, on its page.
function waitsForYou(entry) {
  return entry.turn_based === true && entry.state === "playing" && entry.your_turn === true;
}

function runningItem(entry) {
  const item = element("li", null, { class: "table-item mine", "data-table": entry.id });
  const id = `running-${entry.id}`;
  const waits = waitsForYou(entry);
  const said = [myTableWords(entry), waits ? leftWords(entry) : null].filter(Boolean).join(", ");
  item.append(element("p", said, { id }), element("p", null, { class: "links" }));
  const link = waits
    ? element("a", words.play, { href: entry.link, "aria-describedby": id })
    : backToSeat(entry, id);
  item.lastChild.append(link);
  return item;
}

const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

function finishedItem(game, index) {
  const item = element("li", null, { class: "recent-game" });
  const id = `finished-${index}`;
  const outcome = `${game.won ? page.won : page.not_won}, ${fill(page.place, { rank: game.rank, players: game.players })}`;
  item.append(element("h3", game.title, { id }), element("p", outcome));
  const line = element("p", fill(page.when, { when: when.format(new Date(game.finished)) }));
  if (game.replay) line.append(" · ", element("a", page.replay, { href: game.replay, "aria-describedby": id }));
  item.append(line);
  return item;
}

export async function gamesPage() {
  const games = await myGames();
  document.getElementById("games-none").hidden = Boolean(games);
  const playing = games ? games.playing : [];
  const finished = games ? games.finished : [];
  const waiting = playing.filter(waitsForYou);
  const running = playing.filter((entry) => !waitsForYou(entry));
  document.getElementById("waiting-games").replaceChildren(...waiting.map(runningItem));
  document.getElementById("running").replaceChildren(...running.map(runningItem));
  document.getElementById("finished").replaceChildren(...finished.map(finishedItem));
  document.getElementById("waiting-panel").hidden = waiting.length === 0;
  document.getElementById("no-running").hidden = running.length > 0;
  document.getElementById("no-finished").hidden = finished.length > 0;
  // The page others see of you (only public games, and only once you finished one).
  const publicPage = document.getElementById("public-page");
  publicPage.hidden = !finished.some((game) => game.public) || !identity.id;
  publicPage.querySelector("a").href = `/players/${identity.id}`;
}
