// The table drawn for sighted players from the state's `picture` (protocol 1.5): seats
// around a felt seen from above, the centre's piles and tracks, the seat's own hand face up
// along the bottom. Every card carries its name as its accessible name; a card that plays
// is a button sending that action; nothing here is read by the live regions (the text
// table and the `v` key say the same). Every text is inserted as text, never as markup.

import { element, fill, words } from "./common.js";

const MOTION_MS = 260; // every motion is shorter than 300 ms, and only cosmetic
const MANY = 6; // from this many seats on, the seats are drawn smaller
const FEW = 4; // up to this many seats, the seats are drawn wider
const SMALLEST = 0.3; // the felt's content is scaled down to this at most
const HALVINGS = 7; // fit() finds its scale to within 1 %
const BACKS_SHOWN = 3; // a stack shows at most this many backs, its count written beside
const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// One card face: a corner mark and a sign, in its tone, and its caption when it has one;
// face down, a back.
function face(card, interactive) {
  const tag = interactive ? "button" : "div";
  const node = element(tag, null, { class: `pc tone-${card.tone}${card.down ? " down" : ""}` });
  node.dataset.flip = card.name;
  if (interactive) {
    node.type = "button";
    node.setAttribute("aria-label", card.name);
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", card.name);
  }
  const wide = [...card.sign].length > 2; // a word for a sign ("pli"): the card widens
  if (wide) node.classList.add("wide");
  if (!card.down) {
    node.title = card.name; // the name on hover, as the accessible name says it
    const top = element("span", null, { class: "pc-corner", "aria-hidden": "true" });
    top.append(element("span", card.corner));
    if (!wide) top.append(element("span", card.sign));
    const middle = element("span", card.sign || card.corner, { class: "pc-sign", "aria-hidden": "true" });
    node.append(top, middle);
    // A word or two printed at the bottom ("Chaleur"): part of the name, so not read again.
    if (card.title) {
      node.classList.add("titled");
      node.append(element("span", card.title, { class: "pc-title", "aria-hidden": "true" }));
    }
  }
  return node;
}

// A pile: its cards spread or stacked; a stack with more cards than it shows draws a few
// backs and its count.
function pile(part, play) {
  const box = element("div", null, { class: `pile${part.spread ? " spread" : " stack"}`, role: "group" });
  if (part.label) box.setAttribute("aria-label", part.label);
  // The manche's rule: a plaque with its ribbon, not a card in play (its label says it too).
  if (part.role === "rule") {
    box.classList.add("rule");
    box.append(element("p", words.rule_ribbon, { class: "rule-ribbon", "aria-hidden": "true" }));
  }
  const cards = element("div", null, { class: "pile-cards" });
  const hidden = part.count - part.cards.length;
  // The backs first: a stack's shown card (a discard pile's top) lies on them.
  for (let n = 0; n < Math.min(Math.max(hidden, 0), BACKS_SHOWN); n += 1) {
    cards.append(element("div", null, { class: "pc down mini", "aria-hidden": "true" }));
  }
  for (const card of part.cards) cards.append(play ? play(card) : face(card, false));
  // Cards to click lie side by side: none hides another.
  if (cards.querySelector(".playable")) box.classList.replace("stack", "spread");
  if (hidden > 0) cards.append(element("span", String(part.count), { class: "pile-count", "aria-hidden": "true" }));
  // An empty pile is its place on the table, outlined.
  if (!part.cards.length && hidden <= 0) cards.append(element("div", null, { class: "slot", "aria-hidden": "true" }));
  box.append(cards);
  if (part.label) box.append(element("p", part.label, { class: "pile-label", "aria-hidden": "true" }));
  return box;
}

// A scale from low to high: zones as bands, tokens as discs, every mark written below.
function track(part) {
  const box = element("div", null, { class: "track", role: "group", "aria-label": part.label });
  const scale = element("div", null, { class: "track-scale", "aria-hidden": "true" });
  const span = Math.max(1, part.high - part.low);
  const at = (value) => `${(100 * (Math.min(part.high, Math.max(part.low, value)) - part.low)) / span}%`;
  part.marks.forEach((mark, place) => {
    if (mark.upto !== null && mark.upto !== undefined) {
      const zone = element("span", null, { class: `track-zone tone-${mark.tone}` });
      zone.style.left = at(mark.value);
      zone.style.width = `calc(${at(mark.upto)} - ${at(mark.value)})`;
      scale.append(zone);
    } else {
      const token = element("span", String(mark.value), { class: `track-token tone-${mark.tone}` });
      token.style.left = at(mark.value);
      token.dataset.flip = `track:${part.label}:${place}`; // it slides along its track
      scale.append(token);
    }
  });
  const ends = element("div", null, { class: "track-ends", "aria-hidden": "true" });
  ends.append(element("span", String(part.low)), element("span", String(part.high)));
  const legend = element("ul", null, { class: "track-legend" });
  for (const mark of part.marks) legend.append(element("li", mark.label));
  box.append(element("p", part.label, { class: "pile-label" }), scale, ends, legend);
  return box;
}

// A card's several ways to be played (protocol 1.5 servers before "choices" send none).
const ways = (card) => card.choices || [];

// An action as a key that does not depend on the order of its fields.
const key = (action) => JSON.stringify(Object.keys(action).sort().map((name) => [name, action[name]]));

// Every action of a menu, through its steps, with its label (a step's label before it).
function labelled(menu, path = [], found = new Map()) {
  if (!menu) return found;
  for (const entry of menu.entries) {
    if (entry.menu) labelled(entry.menu, [...path, entry.label], found);
    else if (entry.action) found.set(key(entry.action), [...path, entry.label].join(" › "));
  }
  return found;
}

function partNode(part, play) {
  return part.kind === "track" ? track(part) : pile(part, play);
}

// Whether two boxes share more than a pixel.
function meet(one, two) {
  return one.left < two.right - 1 && two.left < one.right - 1 && one.top < two.bottom - 1 && two.top < one.bottom - 1;
}

// Whether anything on the ring covers anything else (a seat, a card before a seat, the
// centre) or leaves the felt.
function crowded(inner) {
  const whole = inner.getBoundingClientRect();
  const boxes = [...inner.querySelectorAll(".seat-box, .by-seat, .centre")].map((node) => node.getBoundingClientRect());
  const out = boxes.some((box) => box.left < whole.left - 1 || box.right > whole.right + 1
    || box.top < whole.top - 1 || box.bottom > whole.bottom + 1);
  return out || boxes.some((box, at) => boxes.slice(at + 1).some((other) => meet(box, other)));
}

// The felt keeps the height the screen leaves it; what lies on it is laid out on a larger
// sheet scaled down, as little as can be, until nothing covers anything (the ring) or all
// of it fits (a phone's rows): the largest scale that does, found by halving.
function fit(felt) {
  const inner = felt && felt.querySelector(".felt-inner");
  if (!inner || !felt.clientWidth || !felt.clientHeight) return;
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const ring = getComputedStyle(inner.querySelector(".centre")).position === "absolute";
  const fits = (scale) => {
    inner.style.width = `${width / scale}px`;
    inner.style.height = ring ? `${height / scale}px` : "";
    inner.style.transform = scale < 1 ? `scale(${scale})` : "";
    return ring ? !crowded(inner) : inner.offsetHeight <= height / scale + 1;
  };
  if (fits(1)) return;
  let [low, high] = [SMALLEST, 1];
  for (let step = 0; step < HALVINGS; step += 1) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  fits(low);
}

// The game screen's height: the window less what stands above the play area (the site's
// header, the table's title line, an invitation).
export function fitScreen() {
  const play = document.getElementById("play");
  if (!play) return;
  const top = play.getBoundingClientRect().top + window.scrollY;
  document.documentElement.style.setProperty("--play-top", `${Math.round(top)}px`);
}

// Every action a card of the drawing plays (its one action or its several ways), as keys:
// the menu's entries for them need no button of their own on screen.
export function cardActions(picture) {
  const found = new Set();
  if (!picture) return found;
  const parts = [...picture.centre, ...picture.hand, ...picture.seats.flatMap((seat) => seat.parts)];
  for (const part of parts) {
    for (const card of part.cards || []) {
      if (card.plays) found.add(key(card.plays));
      for (const action of ways(card)) found.add(key(action));
    }
  }
  return found;
}

export { key as actionKey };

export class PictureView {
  constructor(panel, onPlay) {
    this.panel = panel;
    this.onPlay = onPlay; // (action) => sent as any choice, with the decision's id
    this.why = element("p", "", { id: "picture-why", class: "picture-why", "aria-live": "off" });
    this.doubled = new Set();
    this.ways = element("div", null, { id: "picture-ways", class: "picture-ways", role: "group" });
    this.ways.hidden = true;
    this.menu = null; // the decision's menu, whose labels name a card's several ways
    this.last = null; // the picture drawn last: where a trick went, which pile was drawn from
    this.taker = null; // the seat that took cards last
    // The felt's size follows the window, the prompt, the hand: its content is fitted again.
    this.watch = new ResizeObserver(() => this.refit());
    const head = document.querySelector(".screen-head");
    if (head) new ResizeObserver(() => fitScreen()).observe(head);
    const invite = document.getElementById("invite");
    if (invite) new ResizeObserver(() => fitScreen()).observe(invite);
    window.addEventListener("resize", () => fitScreen());
    fitScreen();
  }

  refit() {
    fit(this.panel.querySelector(".tabletop"));
  }

  // The seats' marks that change without a new state: a bot thinking (protocol: the table's
  // seats may say `thinking`).
  mark(table) {
    for (const node of this.panel.querySelectorAll(".seat-box")) {
      const info = table && table.seats[Number(node.dataset.seat)];
      const line = node.querySelector(".seat-thinking");
      if (Boolean(info && info.thinking) === Boolean(line)) continue;
      if (line) line.remove();
      else node.querySelector(".seat-name").after(thinking());
    }
    this.refit();
  }

  // `table`: the server's seats (names, kinds); `seat`: this page's; `turn`: seats to act;
  // `clock`: seconds left by seat; `asked`: whether this seat's decision is on screen.
  // `menu`: that decision's menu (its labels name the ways to play a card).
  draw(picture, { table, seat, turn, clock, asked, menu }) {
    this.menu = asked ? menu : null;
    this.panel.hidden = !picture;
    if (!picture) return;
    const before = this.positions();
    const mine = seat === null || seat === undefined ? 0 : seat;
    const count = picture.seats.length;
    const felt = element("div", null, { class: `tabletop${count > MANY ? " many" : ""}${count <= FEW ? " few" : ""}` });
    const inner = element("div", null, { class: "felt-inner" });
    const centre = element("div", null, { class: "centre" });
    const placed = element("div", null, { class: "placed" });
    const around = (n) => {
      const turnOf = ((n - mine + count) % count) / count;
      return (Math.PI / 2) + turnOf * 2 * Math.PI;
    };
    const play = (card) => this.tableCard(card, asked);
    for (const part of picture.centre) {
      if (part.seat === null || part.seat === undefined) {
        centre.append(partNode(part, play));
        continue;
      }
      const node = partNode(part, play);
      node.classList.add("by-seat");
      const angle = around(part.seat);
      node.style.setProperty("--x", `${50 + 24 * Math.cos(angle)}%`);
      node.style.setProperty("--y", `${50 + 17 * Math.sin(angle)}%`);
      node.dataset.seat = String(part.seat);
      placed.append(node);
    }
    const seats = element("ul", null, { class: "ring", "aria-label": words.picture_seats });
    for (const seatPicture of picture.seats) {
      const node = this.seat(seatPicture, { table, mine: seat, turn, clock, play });
      const angle = around(seatPicture.seat);
      // A seat at the top hangs from its edge, one at the bottom stands on it: tall seats
      // stay on the felt and off the centre.
      node.style.setProperty("--x", `${50 + 40 * Math.cos(angle)}%`);
      node.style.setProperty("--y", `${50 + 45 * Math.sin(angle)}%`);
      node.style.setProperty("--ty", `${-50 - 50 * Math.sin(angle)}%`);
      seats.append(node);
    }
    inner.append(seats, placed, centre);
    felt.append(inner);
    const hand = element("div", null, { class: "own-hand", role: "group", "aria-label": words.your_hand_drawn });
    for (const part of picture.hand) {
      if (!part.cards.length) continue;
      hand.append(pile(part, (card) => this.handCard(card, asked)));
    }
    this.ways.hidden = true;
    this.ways.replaceChildren();
    this.panel.querySelector(".picture").replaceChildren(felt, hand, this.why, this.ways);
    this.why.textContent = "";
    fitScreen();
    fit(felt);
    this.watch.disconnect();
    this.watch.observe(felt);
    this.move(before, picture);
    this.last = picture;
  }

  seat(seatPicture, { table, mine, turn, clock, play }) {
    const info = table && table.seats[seatPicture.seat];
    const name = info ? info.name : String(seatPicture.seat + 1);
    const facts = [];
    if (info && info.kind !== "bot") facts.push(words[info.kind] || info.kind);
    if (info && info.away) facts.push(words.away);
    if (seatPicture.seat === mine) facts.push(words.you);
    const playing = turn.includes(seatPicture.seat);
    const node = element("li", null, { class: `seat-box${playing ? " turn" : ""}${seatPicture.seat === mine ? " me" : ""}` });
    node.dataset.seat = String(seatPicture.seat);
    node.append(element("p", name, { class: "seat-name" }));
    if (info && info.thinking) node.append(thinking());
    if (facts.length) node.append(element("p", facts.join(", "), { class: "seat-kind" }));
    if (playing) {
      const left = clock[String(seatPicture.seat)];
      const turnLine = element("p", `▶ ${words.to_act}`, { class: "seat-turn" });
      const shown = left === undefined ? "" : ` · ${fill(words.seconds, { seconds: left })}`;
      turnLine.append(element("span", shown, { class: "seat-clock", "data-seat": String(seatPicture.seat) }));
      node.append(turnLine);
    }
    const parts = element("div", null, { class: "seat-parts" });
    for (const part of seatPicture.parts) parts.append(partNode(part, play));
    node.append(parts);
    for (const note of seatPicture.notes) node.append(element("p", note, { class: "seat-note" }));
    return node;
  }

  // A card on the table (the centre, before a seat): a button when it plays now (an
  // ingredient to take, a card to steal), else only drawn.
  tableCard(card, asked) {
    if (!asked || !(card.plays || ways(card).length)) return face(card, false);
    return this.playable(card);
  }

  // A card that plays now: a click sends its one action, or lists its several ways.
  playable(card) {
    const node = face(card, true);
    node.classList.add("playable");
    if (card.plays) {
      node.addEventListener("click", () => this.onPlay(card.plays));
      return node;
    }
    node.setAttribute("aria-haspopup", "true");
    node.setAttribute("aria-expanded", "false");
    node.setAttribute("aria-controls", "picture-ways");
    node.addEventListener("click", () => this.offer(card, node));
    return node;
  }

  // The several ways to play a card, as buttons named as in the decision's menu; Escape
  // or the last button closes the list and gives the focus back to the card.
  offer(card, node) {
    const labels = labelled(this.menu);
    const buttons = ways(card)
      .map((action) => [action, labels.get(key(action))])
      .filter(([, label]) => label)
      .map(([action, label]) => {
        const button = element("button", label, { type: "button", class: "choice way" });
        button.addEventListener("click", () => this.onPlay(action));
        return button;
      });
    const close = () => {
      this.ways.hidden = true;
      this.ways.replaceChildren();
      node.setAttribute("aria-expanded", "false");
      node.focus();
    };
    const closing = element("button", words.card_ways_close, { type: "button", class: "choice back" });
    closing.addEventListener("click", close);
    const title = fill(words.card_ways, { card: card.name });
    this.ways.setAttribute("aria-label", title);
    this.ways.replaceChildren(element("p", title, { class: "step-title" }), ...buttons, closing);
    this.ways.onkeydown = (event) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close();
    };
    this.ways.hidden = false;
    for (const other of this.panel.querySelectorAll("[aria-expanded='true']")) other.setAttribute("aria-expanded", "false");
    node.setAttribute("aria-expanded", "true");
    (buttons[0] || closing).focus();
  }

  // A card of the hand: a button when it plays now, else dimmed, saying why on focus.
  handCard(card, asked) {
    if (asked && (card.plays || ways(card).length)) return this.playable(card);
    const node = face(card, true);
    node.setAttribute("aria-disabled", "true");
    node.classList.add("dimmed");
    if (card.why) {
      node.setAttribute("aria-describedby", "picture-why");
      node.title = card.why;
      const tell = () => { this.why.textContent = card.why; };
      node.addEventListener("focus", tell);
      node.addEventListener("mouseenter", tell);
    }
    return node;
  }

  // Where each card (by name), seat and pile lay before a redraw, for the motion after it,
  // and the cards on the table as they looked (a trick taken flies to its winner).
  positions() {
    const seen = new Map();
    this.doubled = new Set(); // names on several cards: no telling which went where
    for (const node of this.panel.querySelectorAll("[data-flip]")) {
      if (seen.has(node.dataset.flip)) this.doubled.add(node.dataset.flip);
      else seen.set(node.dataset.flip, node.getBoundingClientRect());
    }
    for (const node of this.panel.querySelectorAll(".seat-box")) {
      seen.set(`seat:${node.dataset.seat}`, node.getBoundingClientRect());
    }
    for (const node of this.panel.querySelectorAll(".centre > .pile.stack")) {
      seen.set(`pile:${node.getAttribute("aria-label")}`, node.getBoundingClientRect());
    }
    this.onTable = [...this.panel.querySelectorAll(".centre .pc[data-flip], .placed .pc[data-flip]")]
      .map((node) => ({ node, box: node.getBoundingClientRect() }));
    return seen;
  }

  // FLIP: a card that was elsewhere glides from there; a card played before a seat comes
  // from that seat; a new card in the hand comes from the pile drawn from; the cards gone
  // from the table fly to the seat that took them. The page is already drawn: the motion
  // only shows it, never waits. No motion for whoever asks for none.
  move(before, picture) {
    if (still() || !before.size) return;
    const now = [...this.panel.querySelectorAll("[data-flip]")];
    const twice = new Set(now.map((node) => node.dataset.flip).filter((name, at, all) => all.indexOf(name) !== at));
    const drawnFrom = this.drawnFrom(picture);
    for (const node of now) {
      if (twice.has(node.dataset.flip) || this.doubled.has(node.dataset.flip)) continue;
      const here = node.getBoundingClientRect();
      const by = node.closest(".by-seat");
      const mine = node.closest(".own-hand");
      const was = before.get(node.dataset.flip) || (by && before.get(`seat:${by.dataset.seat}`))
        || (mine && drawnFrom && before.get(`pile:${drawnFrom}`));
      if (!was) continue;
      const dx = was.left - here.left;
      const dy = was.top - here.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: MOTION_MS, easing: "ease-out" },
      );
    }
    this.taken(before, picture);
  }

  // The centre's stack that has fewer cards than before (the one a card was drawn from).
  drawnFrom(picture) {
    if (!this.last) return null;
    const counts = new Map(this.last.centre.map((part) => [part.label, part.count]));
    const fewer = picture.centre.find((part) => counts.has(part.label) && part.count < counts.get(part.label));
    return fewer ? fewer.label : null;
  }

  // The seat one of whose piles grew (its tricks) while cards left the table: the winner.
  // Piles are matched by place, their labels saying their counts.
  winner(picture) {
    if (!this.last) return null;
    const was = new Map(this.last.seats.map((seat) => [seat.seat, seat.parts.map((part) => part.count)]));
    const grew = picture.seats.find((seat) => was.has(seat.seat)
      && seat.parts.some((part, place) => part.count > (was.get(seat.seat)[place] ?? Infinity)));
    return grew ? grew.seat : null;
  }

  // The cards gone from the table fly, as copies nobody reads, to the seat that took them:
  // the one whose tricks grew now, or the last one that took any (a game that shows the
  // last trick in the centre until the next card).
  taken(before, picture) {
    const gone = (this.onTable || []).filter(({ node }) =>
      !this.panel.querySelector(`[data-flip="${CSS.escape(node.dataset.flip)}"]`));
    const now = this.winner(picture);
    if (now !== null) this.taker = now;
    const seat = gone.length ? this.taker ?? null : null;
    const to = seat === null ? null : this.panel.querySelector(`.seat-box[data-seat="${seat}"]`);
    if (!to) return;
    const target = to.getBoundingClientRect();
    for (const { node, box } of gone) {
      const ghost = node.cloneNode(true);
      ghost.removeAttribute("data-flip");
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      ghost.style.setProperty("left", `${box.left}px`);
      ghost.style.setProperty("top", `${box.top}px`);
      ghost.style.setProperty("width", `${box.width}px`);
      ghost.style.setProperty("height", `${box.height}px`);
      document.body.append(ghost);
      const dx = target.left + target.width / 2 - (box.left + box.width / 2);
      const dy = target.top + target.height / 2 - (box.top + box.height / 2);
      const flight = ghost.animate(
        [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.2 }],
        { duration: MOTION_MS, easing: "ease-in" },
      );
      flight.onfinish = () => ghost.remove();
      flight.oncancel = () => ghost.remove();
    }
  }
}

// A bot computing its move: a ring that turns (still under reduced motion) and the word.
function thinking() {
  const line = element("p", null, { class: "seat-thinking" });
  line.append(element("span", null, { class: "spinner", "aria-hidden": "true" }), element("span", words.thinking));
  return line;
}
