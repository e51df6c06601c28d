// The replay page (/replay/<id>): each position is a page of its own, drawn by the server
// with the same picture the table page draws (picture.js), seen as a spectator, every hand
// face up once "reveal" is on. The step's lines stay in the page (read on arrival); the text
// table and the hands stay for screen readers, and show behind the "text view" switch.
// See docs/web.md, "Replay".

import { page, typing } from "./common.js";
import { PictureView } from "./picture.js";

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

export function replayPage() {
  const nav = document.querySelector(".replay-nav");
  if (!nav) return;
  if (drawTable()) textView();
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
    }
  });
}
