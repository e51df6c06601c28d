// The replay page (/replay/<id>): each position is a page of its own, drawn by the server
// with the same picture the table page draws (picture.js), seen as a spectator, every hand
// face up once "reveal" is on. The step's lines stay in the page (read on arrival); the text
// table and the hands stay for screen readers, and show behind the "text view" switch.
// `v` and `l` read the table and the last events, as at a table; `r` the move's review
// (review.js). See docs/web.md, "The replay drawn" and "The game review".

import { page, say, typing, words } from "./common.js";
import { PictureView } from "./picture.js";
import { showReview } from "./review.js";

const KEYS = { n: "next", ArrowRight: "next", p: "previous", ArrowLeft: "previous" };

// The drawn table: nothing in it plays, nobody is asked anything, no clock runs.
function drawTable() {
  const panel = document.getElementById("picture-panel");
  if (!panel || !page.picture) return false;
  const seats = page.people.map(([name, link]) => ({ name, kind: link ? "human" : "bot" }));
  new PictureView(panel, () => {}).draw(page.picture, {
    table: { seats }, seat: null, turn: page.turn || [], clock: {}, asked: false, menu: null,
  });
  return true;
}

// The text table and the hands: visually hidden while the drawing shows the same, read by
// screen readers all the same; the switch shows them.
function textView() {
  const switcher = document.getElementById("replay-text-switch");
  const panels = [...document.querySelectorAll(".replay-text")];
  const show = (shown) => {
    switcher.setAttribute("aria-pressed", String(shown));
    for (const panel of panels) panel.classList.toggle("sr-only", !shown);
  };
  switcher.setAttribute("aria-controls", panels.map((panel) => panel.id).join(" "));
  switcher.addEventListener("click", () => show(switcher.getAttribute("aria-pressed") !== "true"));
  switcher.hidden = false;
  show(false);
}

// The text table of this position, read in one go.
function tableText() {
  const lines = [...document.querySelectorAll("#table-panel .felt p")].map((line) => line.textContent);
  return lines.join(" ").trim() || words.no_table;
}

export function replayPage() {
  const nav = document.querySelector(".replay-nav");
  if (!nav) return;
  if (drawTable()) textView();
  const readReview = showReview(page.review, page.people);
  const reading = {
    v: () => say(tableText()),
    l: () => say(page.recent.length ? page.recent.join(" ") : words.no_events),
    r: readReview,
  };
  if (new URLSearchParams(location.search).has("at")) {
    const lines = document.getElementById("replay-lines");
    lines.setAttribute("tabindex", "-1");
    lines.focus();
  }
  document.addEventListener("keydown", (event) => {
    if (typing(event)) return;
    const go = KEYS[event.key];
    if (go) {
      event.preventDefault();
      document.getElementById(go).click();
    } else if (event.key === "m") {
      event.preventDefault();
      location.href = nav.dataset.nextRound;
    } else if (reading[event.key]) {
      event.preventDefault();
      reading[event.key]();
    }
  });
}
