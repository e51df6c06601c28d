// How many games wait for you, in every page's header (a link to "Your games"), and the
// browser notifications of a new one. The count comes from GET /api/v1/me/waiting at the
// opening, when the page shows again and every 30 s, and as it changes through the lobby's
// and the table's sockets (a `waiting` message, protocol 1.8). A rise is said politely once,
// unless the only games new to the list are the one this page shows. See docs/web.md.

import { api, fill, identity, lang, page, say, words } from "./common.js";
import { myGames, timeLeft } from "./games.js";

const POLL_MS = 30_000;
const NOTIFY_KEY = "popote.notify";

let shown = null; // the count in the header, null before the first answer
let known = new Set(); // the ids of the games that waited for you at the last count
let queue = Promise.resolve(); // one count at a time, in the order they came

export function watchWaiting() {
  if (!document.getElementById("waiting")) return;
  const ask = () => {
    if (!identity.token) return showWaiting(0);
    api("GET", "/me/waiting").then((answer) => showWaiting(answer.count), () => null);
  };
  ask();
  setInterval(ask, POLL_MS);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && ask());
  watchNotifyBox();
}

export function showWaiting(count) {
  queue = queue.then(() => follow(count));
}

async function follow(count) {
  const box = document.getElementById("waiting");
  const link = box.querySelector("a");
  box.hidden = !identity.token || count === 0;
  link.textContent = count === 1 ? words.waiting_one : fill(words.waiting_many, { count });
  const before = shown;
  shown = count;
  if (count === before) return;
  const waiting = count === 0 ? [] : await waitingGames();
  const fresh = waiting.filter((entry) => !known.has(entry.id));
  known = new Set(waiting.map((entry) => entry.id));
  if (before === null) return; // the page's opening: nothing new to tell
  if (count > before && fresh.some((entry) => entry.id !== page.table)) say(link.textContent);
  if (document.visibilityState === "hidden" && notifying()) fresh.forEach(notify);
}

async function waitingGames() {
  const games = await myGames();
  return games ? games.playing.filter((entry) => entry.your_turn) : [];
}

// --- browser notifications ------------------------------------------------------------------

function notifying() {
  return "Notification" in window && Notification.permission === "granted" &&
    localStorage.getItem(NOTIFY_KEY) === "on";
}

function notify(entry) {
  const body = entry.left === null || entry.left === undefined ? "" : fill(words.left, { time: timeLeft(entry.left) });
  const note = new Notification(fill(words.notify_title, { title: entry.title }), { body, lang, tag: `popote-${entry.id}` });
  note.addEventListener("click", () => {
    window.focus();
    location.href = entry.link;
    note.close();
  });
}

// The box is off until ticked; the browser asks its permission on that click only.
function watchNotifyBox() {
  const box = document.getElementById("notify");
  if (!box) return;
  if (!("Notification" in window)) {
    box.closest(".notify").hidden = true;
    return;
  }
  box.checked = notifying();
  box.addEventListener("change", async () => {
    if (box.checked && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") {
        box.checked = false;
        say(words.notify_denied, true);
      }
    }
    localStorage.setItem(NOTIFY_KEY, box.checked ? "on" : "off");
  });
}
