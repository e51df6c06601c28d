// The game review on the replay page (docs/web.md, "The game review"): asked for one seat
// (`POST /api/v1/tables/<id>/review`), waited for (`GET …/review?seat=N`, every few
// seconds, each change of status said once, politely), then shown: the summary, and at
// each move that is one of the seat's decisions, its verdict (said with the move's lines),
// the move played, the best, every possible move's expected points and the reason.
// The replay's pages are drawn once for everyone: who reads this one, and so which seats
// they may ask for, is known here only. Every value is inserted as text.

import { api, element, fill, identity, lang, needIdentity, say, words } from "./common.js";
import { actionKey } from "./picture.js";

const POLL_MS = 3000;
const LABELS = ["good", "inaccuracy", "mistake", "blunder"];

// Points with `digits` decimals, the page's decimal sign and the true minus sign.
function points(value, digits) {
  const text = (Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value).toFixed(digits);
  return (lang === "fr" ? text.replace(".", ",") : text).replace("-", "−");
}

// A number of points with its noun (`points` or `points_lost`), by the language's plural
// rule (CLDR, as popote.core.wording.singular): French is singular below 2 ("0,81 point
// perdu"); English is plural whenever decimals are shown ("1.0 points").
function counted(value, digits, noun) {
  const one = lang === "fr" && Math.abs(Number(value.toFixed(digits))) < 2;
  return fill(words[`${noun}_${one ? "one" : "many"}`], { n: points(value, digits) });
}

// Decimals enough to tell the game's thresholds apart (points below one in some games), as
// the terminal's report writes them.
function decimals(review) {
  return Math.min(...review.thresholds) < 1 ? 2 : 1;
}

// What the live region says of a decision, and its first line on screen.
function markText(decision, digits) {
  const [low, high] = decision.interval;
  return fill(words.review_mark, {
    label: decision.label_text[lang], lost: counted(decision.lost, digits, "points_lost"), low: points(low, digits), high: points(high, digits),
  });
}

function actionText(decision, action) {
  const wanted = actionKey(action);
  const found = decision.alternatives.find((alternative) => actionKey(alternative.action) === wanted);
  return found ? found.text[lang] : "";
}

// The decision in words, whole: what `r` reads.
// The caption of the moves' expected points: where fewer points win, it says so.
function choicesCaption(review) {
  return review.lower_is_better ? words.review_choices_fewer : words.review_choices;
}

function fullText(decision, digits, caption) {
  const parts = [markText(decision, digits), fill(words.review_played, { action: actionText(decision, decision.chosen) })];
  if (actionKey(decision.best) !== actionKey(decision.chosen)) {
    parts.push(fill(words.review_best, { action: actionText(decision, decision.best) }));
  }
  if (decision.reason) parts.push(fill(words.review_why, { reason: decision.reason[lang] }));
  parts.push(`${caption}.`);
  for (const alternative of decision.alternatives) {
    parts.push(fill(words.review_alternative, { action: alternative.text[lang], points: counted(alternative.points, digits, "points") }));
  }
  return parts.join(" ");
}

function alternativesTable(decision, digits, caption) {
  const table = element("table", null, { class: "review-choices" });
  table.append(element("caption", caption));
  const head = element("tr");
  head.append(element("th", words.review_move, { scope: "col" }), element("th", words.review_points, { scope: "col" }));
  table.append(element("thead"), element("tbody"));
  table.tHead.append(head);
  for (const alternative of decision.alternatives) {
    const row = element("tr");
    const notes = [];
    if (actionKey(alternative.action) === actionKey(decision.chosen)) notes.push(words.review_is_played);
    if (actionKey(alternative.action) === actionKey(decision.best)) notes.push(words.review_is_best);
    const name = element("th", alternative.text[lang], { scope: "row" });
    if (notes.length) {
      name.append(" ", element("span", `(${notes.join(", ")})`, { class: "review-note" }));
      row.className = notes.includes(words.review_is_played) ? "played" : "best";
    }
    row.append(name, element("td", points(alternative.points, digits)));
    table.tBodies[0].append(row);
  }
  return table;
}

class Review {
  constructor(config, people) {
    this.config = config;
    this.people = people;
    this.seat = null;
    this.review = null;
    this.status = null;
    this.timer = null;
    this.section = document.getElementById("review");
    this.ask = element("button", words.review_ask, { type: "button", id: "review-ask-button" });
    this.ask.addEventListener("click", () => this.askFor());
  }

  get storeKey() {
    return `popote.review.${this.config.table}`;
  }

  // Who reads the page: the seat whose person's page is theirs, if any.
  get mine() {
    const me = identity.id && `/players/${identity.id}`;
    const seat = this.people.findIndex(([, link]) => me && link === me);
    return seat < 0 ? null : seat;
  }

  // A seated player may ask for their seat's review; anyone for any seat of a public game.
  allowed() {
    if (this.config.public) return this.people.map((_, seat) => seat);
    return this.mine === null ? [] : [this.mine];
  }

  start() {
    this.section.hidden = false;
    const seats = this.allowed();
    if (!seats.length) {
      this.setStatus(words.review_players_only, false);
      return;
    }
    const chosen = Number(sessionStorage.getItem(`${this.storeKey}.seat`));
    const kept = sessionStorage.getItem(`${this.storeKey}.seat`) !== null && seats.includes(chosen);
    this.seat = kept ? chosen : (this.mine ?? seats[0]);
    this.drawAsk(seats);
    this.load();
  }

  drawAsk(seats) {
    const box = document.getElementById("review-ask");
    if (seats.length > 1) {
      const label = element("label", words.review_seat, { for: "review-seat" });
      const select = element("select", null, { id: "review-seat" });
      for (const seat of seats) {
        const option = element("option", this.people[seat][0], { value: String(seat) });
        option.selected = seat === this.seat;
        select.append(option);
      }
      select.addEventListener("change", () => {
        this.seat = Number(select.value);
        sessionStorage.setItem(`${this.storeKey}.seat`, select.value);
        this.load();
      });
      box.append(element("p", null, { class: "field" }));
      box.lastChild.append(label, " ", select);
    }
    box.append(this.ask);
  }

  name() {
    return this.people[this.seat][0];
  }

  path(withSeat) {
    const query = new URLSearchParams();
    if (withSeat) query.set("seat", String(this.seat));
    if (this.config.invite) query.set("invite", this.config.invite);
    const rest = query.toString();
    return `/tables/${encodeURIComponent(this.config.table)}/review${rest ? `?${rest}` : ""}`;
  }

  // The seat's review: kept for the tab once done (each step of the replay is a page),
  // else asked of the server.
  async load() {
    clearTimeout(this.timer);
    this.clear();
    const seat = this.seat;
    const kept = sessionStorage.getItem(`${this.storeKey}.${seat}`);
    if (kept) return this.show(JSON.parse(kept), false);
    this.ask.hidden = false;
    this.setStatus("", false);
    try {
      const answer = await api("GET", this.path(true));
      if (seat === this.seat) this.answered(answer, false);
    } catch (error) {
      if (seat === this.seat && error.status !== 404) this.setStatus(error.message, false);
    }
  }

  async askFor() {
    await needIdentity();
    const seat = this.seat;
    this.ask.disabled = true;
    try {
      const answer = await api("POST", this.path(false), { seat });
      if (seat === this.seat) this.answered(answer, true);
    } catch (error) {
      this.setStatus(error.message, false);
      say(error.message, true);
    } finally {
      this.ask.disabled = false;
    }
  }

  answered(answer, aloud) {
    if (answer.status === "done") {
      sessionStorage.setItem(`${this.storeKey}.${this.seat}`, JSON.stringify(answer.review));
      this.show(answer.review, aloud || this.status !== null);
      return;
    }
    if (answer.status === "failed") {
      this.ask.hidden = false;
      this.setStatus(words.review_failed, aloud || this.status !== null);
      this.status = null;
      return;
    }
    this.ask.hidden = true;
    const text = fill(answer.status === "running" ? words.review_running : words.review_queued, { name: this.name() });
    this.setStatus(text, aloud || (this.status !== null && this.status !== answer.status));
    this.status = answer.status;
    const seat = this.seat;
    this.timer = setTimeout(() => this.poll(seat), POLL_MS);
  }

  async poll(seat) {
    if (seat !== this.seat) return;
    try {
      this.answered(await api("GET", this.path(true)), false);
    } catch (error) {
      this.setStatus(error.message, false);
      say(error.message, true);
    }
  }

  setStatus(text, aloud) {
    document.getElementById("review-status").textContent = text;
    if (aloud && text) say(text);
  }

  clear() {
    this.review = null;
    this.status = null;
    for (const id of ["review-move", "review-summary", "review-mark"]) {
      const box = document.getElementById(id);
      box.replaceChildren();
      box.hidden = true;
    }
  }

  show(review, aloud) {
    this.review = review;
    this.status = "done";
    this.ask.hidden = true;
    const ready = [fill(words.review_ready, { name: this.name() })];
    if (!review.complete) ready.push(words.review_incomplete);
    this.setStatus(ready.join(" "), aloud);
    this.drawSummary(review);
    const decision = this.decision();
    if (decision) this.drawMove(decision);
  }

  // The reviewed decision played at this position (a move shows its decision's outcome).
  decision() {
    if (!this.review) return null;
    return this.review.decisions.find((decision) => decision.index + 1 === this.config.at) || null;
  }

  drawSummary(review) {
    const box = document.getElementById("review-summary");
    const summary = review.summary;
    const [low, high] = summary.interval;
    box.append(element("h3", words.review_whole));
    const digits = decimals(review);
    box.append(element("p", fill(words.review_lost, {
      lost: points(summary.lost, digits), low: points(low, digits), high: points(high, digits),
      per: points(summary.lost_per_decision, digits + 1), count: summary.decisions,
    }), { id: "review-lost" }));
    box.append(element("h3", words.review_labels));
    const labels = element("ul", null, { class: "review-labels", id: "review-labels" });
    for (const label of LABELS) {
      const count = summary.labels[label] ?? 0;
      labels.append(element("li", fill(words.review_label_count, { label: words[`review_${label}`], count }), { class: `label-${label}` }));
    }
    box.append(labels, element("h3", words.review_costliest));
    if (!summary.costliest.length) box.append(element("p", words.review_nothing_lost));
    const moments = element("ol", null, { id: "review-costliest" });
    const link = document.querySelector(".replay-nav").dataset.link;
    for (const index of summary.costliest) {
      const decision = review.decisions.find((found) => found.index === index);
      if (!decision) continue;
      const text = fill(words.review_moment, { move: index + 1, label: decision.label_text[lang], lost: counted(decision.lost, digits, "points_lost") });
      const item = element("li");
      item.append(element("a", text, { href: `${link}&at=${index + 1}` }));
      moments.append(item);
    }
    if (moments.childElementCount) box.append(moments);
    box.hidden = false;
  }

  drawMove(decision) {
    const digits = decimals(this.review);
    const mark = document.getElementById("review-mark");
    mark.textContent = fill(words.review_badge, { label: decision.label_text[lang], lost: counted(decision.lost, digits, "points_lost") });
    mark.className = `review-mark label-${decision.label}`;
    mark.hidden = false;
    const box = document.getElementById("review-move");
    box.append(element("h3", words.review_this_move), element("p", markText(decision, digits), { class: "review-verdict" }));
    box.append(element("p", fill(words.review_played, { action: actionText(decision, decision.chosen) })));
    if (actionKey(decision.best) !== actionKey(decision.chosen)) {
      box.append(element("p", fill(words.review_best, { action: actionText(decision, decision.best) })));
    }
    if (decision.reason) box.append(element("p", fill(words.review_why, { reason: decision.reason[lang] })));
    box.append(alternativesTable(decision, digits, choicesCaption(this.review)));
    box.hidden = false;
    // Said with the move's own lines, in the region that tells each step.
    document.getElementById("replay-lines").append(element("p", markText(decision, digits), { class: "review-said" }));
  }

  // The `r` key.
  read() {
    if (!this.review) return say(words.review_not_yet);
    const decision = this.decision();
    say(decision ? fullText(decision, decimals(this.review), choicesCaption(this.review)) : words.review_none_here);
  }
}

// The review section of a finished game's replay; returns what the `r` key calls.
export function showReview(config, people) {
  if (!config || !document.getElementById("review")) return () => {};
  const review = new Review(config, people);
  review.start();
  return () => review.read();
}
