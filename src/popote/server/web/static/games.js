// Your own tables, from GET /api/v1/me/games (the token is this browser's, so the page is
// drawn here): the lobby lists your running tables first, and "Your games" lists them all,
// running ones first with "Back to your seat", then your finished games with their replays.
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

function runningItem(entry) {
  const item = element("li", null, { class: "table-item mine" });
  const id = `running-${entry.id}`;
  item.append(element("p", myTableWords(entry), { id }), element("p", null, { class: "links" }));
  item.lastChild.append(backToSeat(entry, id));
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
  const running = games ? games.playing : [];
  const finished = games ? games.finished : [];
  document.getElementById("running").replaceChildren(...running.map(runningItem));
  document.getElementById("finished").replaceChildren(...finished.map(finishedItem));
  document.getElementById("no-running").hidden = running.length > 0;
  document.getElementById("no-finished").hidden = finished.length > 0;
  // The page others see of you (only public games, and only once you finished one).
  const publicPage = document.getElementById("public-page");
  publicPage.hidden = !finished.some((game) => game.public) || !identity.id;
  publicPage.querySelector("a").href = `/players/${identity.id}`;
}
