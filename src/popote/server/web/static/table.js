// The table: its socket, what it tells (every line said once, politely, in order), the
// decision asked (once per decision id), the clock, the seats, the keys. See docs/web.md.

import {
  api, chatLine, chatText, element, fill, focusFirst, identity, lang, needIdentity, page, say,
  showChatLine, socketUrl, TOKEN_GONE, typing, watchChat, words,
} from "./common.js";
import { offerRematch, showEnding } from "./ending.js";
import { timeLeft } from "./games.js";
import { showHand } from "./hand.js";
import { Hints } from "./hint.js";
import { afterSitting, showInvite, sitsByName } from "./invite.js";
import { actionKey, cardActions, PictureView } from "./picture.js";
import { Sounds } from "./sounds.js";
import { Story } from "./story.js";
import { showWaiting } from "./waiting.js";

const FLASH_MS = 8000; // how long a memory reveal stays on screen
const LAST_EVENTS = 5; // events read by the `l` key
const HURRY_SECONDS = 5; // the clock is said when this much is left
const LONG_CLOCK = 3600; // from an hour on (a turn-based move), days and hours, not seconds
const REFUSED_ACTION = ["illegal", "not_playing", "not_your_seat", "spectator"];
const CALM = ["stale", "too_late"]; // the game moved on: no mistake of the person's
const VERBOSITY = ["all", "mine", "turn"]; // what the live region reads of the events

// Every action an entry leads to, through its steps.
function leaves(entry) {
  return entry.menu ? entry.menu.entries.flatMap(leaves) : [entry.action];
}

// The question on the prompt bar: its first sentence; what follows says the table again
// (the total, the hand: what the drawing shows) and joins the text views. The whole of it
// stays the prompt's text, as said.
function showPrompt(text) {
  const cut = text.search(/[.!?]\s/);
  const question = cut < 0 ? text : text.slice(0, cut + 1);
  const box = document.getElementById("prompt");
  box.replaceChildren(question);
  if (question.length < text.length) {
    // A block of its own: the prompt's text reads the same, the break for the space.
    box.append(element("span", text.slice(question.length).trimStart(), { class: "text-view prompt-more" }));
  }
}

// Whether the keyboard or a pointer was used last: the menu's entries that a card plays
// show for the keyboard only (a mouse plays the card itself).
function followInput() {
  const root = document.documentElement;
  document.addEventListener("keydown", () => root.classList.add("by-keys"), true);
  document.addEventListener("pointerdown", () => root.classList.remove("by-keys"), true);
}

// The text views (the hand and the table in words) shown on request, remembered here.
function textSwitch() {
  const button = document.getElementById("text-switch");
  const screen = document.getElementById("screen");
  if (!button || !screen) return;
  const show = (on) => {
    screen.classList.toggle("texts", on);
    button.setAttribute("aria-pressed", String(on));
    localStorage.setItem("popote.texts", on ? "on" : "off");
  };
  button.addEventListener("click", () => show(!screen.classList.contains("texts")));
  show(localStorage.getItem("popote.texts") === "on");
}

class TableClient {
  constructor(config) {
    this.config = config;
    this.fleeting = new Set(config.fleeting);
    this.quickKinds = new Set(config.quick);
    this.quick = null; // the race's answer sent by one key, while a race is open
    this.seat = null;
    this.table = null;
    this.state = null;
    this.menus = [];
    this.decision = null; // the decision on screen
    this.shown = null; // its key (its id)
    this.answered = null; // the key of the decision answered, its answer in flight
    this.typed = "";
    this.feed = null;
    this.lastSeq = null;
    this.pending = new Map();
    this.counter = 0;
    this.deadlines = {};
    this.hurried = false;
    this.starting = false;
    this.wasAway = false;
    this.flashed = []; // the memory boxes on screen: their text and the message that showed them
    this.messages = 0; // the states received (snapshots and updates), counted
    this.socket = null;
    this.story = new Story(config.table);
    this.picture = new PictureView(document.getElementById("picture-panel"), (action) => this.play(action));
    this.sounds = new Sounds();
    this.hints = new Hints(this);
    this.ended = false;
    this.verbosity = VERBOSITY.includes(localStorage.getItem("popote.verbosity"))
      ? localStorage.getItem("popote.verbosity") : "all";
    this.drawStory();
    this.settings();
    textSwitch();
    followInput();
  }

  // The sound switch and the verbosity, both remembered in this browser.
  settings() {
    const button = document.getElementById("sound-switch");
    const select = document.getElementById("verbosity");
    const show = () => {
      button.setAttribute("aria-pressed", String(this.sounds.on));
      button.textContent = this.sounds.on ? words.sounds_on : words.sounds_off;
      select.value = this.verbosity;
    };
    button.addEventListener("click", () => { this.sounds.set(!this.sounds.on); show(); });
    select.addEventListener("change", () => this.setVerbosity(select.value, false));
    this.showSettings = show;
    show();
  }

  toggleSounds() {
    this.sounds.set(!this.sounds.on);
    this.showSettings();
    say(this.sounds.on ? words.sounds_on : words.sounds_off);
  }

  setVerbosity(level, aloud) {
    this.verbosity = level;
    localStorage.setItem("popote.verbosity", level);
    this.showSettings();
    if (aloud) say(fill(words.verbosity_now, { level: words[`verbosity_${level}`] }));
  }

  // Whether a line of the game is read aloud at this verbosity: everything; what concerns
  // this seat (the server marks those lines: `line_concerns`); none (my turn only: the
  // prompts, the clock and refusals are still said).
  heard(message, place) {
    if (this.verbosity === "all") return true;
    if (this.verbosity === "turn") return false;
    return !message.line_concerns || Boolean(message.line_concerns[place]);
  }

  // A card of the drawing clicked: the same path as a choice from the menu.
  play(action) {
    if (!this.decision) return;
    this.choose({ action });
  }

  // The log and the chat as this tab last saw them: drawn again, not said again.
  drawStory() {
    const log = document.getElementById("log");
    log.replaceChildren(...this.story.entries.map((entry) => this.logItem(entry.text, entry.notice)));
    log.scrollTop = log.scrollHeight;
    for (const text of this.story.chat) showChatLine(text);
  }

  connect() {
    const socket = new WebSocket(socketUrl(`/ws/tables/${this.config.table}`));
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({
        type: "hello", token: identity.token, feed: this.feed, last_seq: this.lastSeq,
        invite: this.config.invite, lang,
      }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === 4401 || event.code === 4404) return;
      document.getElementById("status").textContent = words.connection_lost;
      setTimeout(() => this.connect(), 1000);
    });
  }

  // Connecting again gives the seat back from a stand-in bot (docs/protocol.md); the feed
  // and the last number seen bring what was missed meanwhile.
  takeSeatBack() {
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.connect();
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  receive(message) {
    if (!["welcome", "ack", "error", "pong", "waiting", "hint"].includes(message.type)) this.lastSeq = message.seq;
    const handler = {
      welcome: () => this.welcome(message),
      snapshot: () => this.snapshot(message),
      update: () => this.update(message),
      table: () => this.showTable(message.table),
      notice: () => this.notice(message),
      chat: () => this.chat(message),
      results: () => this.results(message),
      rematch: () => offerRematch(message),
      waiting: () => showWaiting(message.count),
      hint: () => this.hints.answer(message.hint),
      ack: () => this.pending.delete(message.action_id),
      error: () => this.refused(message),
    }[message.type];
    if (handler) handler();
  }

  welcome(message) {
    this.seat = message.seat;
    this.story.sitAt(message.seat);
    this.feed = message.feed;
    for (const [id, sent] of this.pending) this.send({ type: "act", action_id: id, ...sent });
  }

  // The lines this tab has not told yet are told: all of them at the opening or where the
  // tab was already at this table; a page arriving mid-game shows them without reading
  // the last thirty events out.
  snapshot(message) {
    this.messages += 1;
    this.seat = message.seat;
    this.story.sitAt(message.seat);
    const first = message.first_event ?? 0;
    const aloud = this.story.begun || first === 0;
    this.tell(message, first, aloud);
    this.story.told(first + message.events.length);
    this.showTable(message.table);
    this.showState(message);
    if (message.results) this.results(message.results);
  }

  update(message) {
    this.messages += 1;
    if (message.events.length) this.sounds.play(message.actor === this.seat ? "mine" : "other");
    this.tell(message, this.story.events, true);
    this.story.told(this.story.events + message.events.length);
    this.showState(message);
  }

  // Every line is said once, in order; a memory game's reveal is said and shown briefly,
  // never kept. `first` is the number of the message's first event in the seat's story.
  tell(message, first, aloud) {
    const log = document.getElementById("log");
    message.lines.forEach((line, place) => {
      const at = message.line_events ? message.line_events[place] : place;
      if (first + at < this.story.events) return; // told before this snapshot
      const event = message.events[at];
      if (event && this.fleeting.has(event.type)) {
        if (aloud) this.flash(line);
        return;
      }
      log.append(this.logItem(line, false));
      this.story.add(line);
      if (aloud && this.heard(message, place)) say(line);
    });
    log.scrollTop = log.scrollHeight;
  }

  logItem(text, notice) {
    return element("li", text, notice ? { class: "notice" } : {});
  }

  // A memory box stays eight seconds at most, and goes when the seat's next turn starts
  // or the game ends: a reveal is to be remembered, not read again later.
  flash(line) {
    const text = fill(words.memory, { line });
    const shown = { text, at: this.messages };
    this.flashed.push(shown);
    this.drawFlash();
    say(text);
    setTimeout(() => this.forget((box) => box === shown), FLASH_MS);
  }

  drawFlash() {
    const flash = document.getElementById("flash");
    flash.replaceChildren(...this.flashed.map((shown) => element("p", shown.text)));
    flash.hidden = !this.flashed.length;
  }

  // The boxes that `gone` picks leave the screen and the live regions.
  forget(gone = () => true) {
    const leaving = this.flashed.filter(gone);
    if (!leaving.length) return;
    const texts = new Set(leaving.map((shown) => shown.text));
    this.flashed = this.flashed.filter((shown) => !leaving.includes(shown));
    this.drawFlash();
    for (const region of document.querySelectorAll("[aria-live]")) {
      for (const said of [...region.children]) if (texts.has(said.textContent)) said.remove();
    }
  }

  notice(message) {
    const log = document.getElementById("log");
    log.append(this.logItem(message.text, true));
    log.scrollTop = log.scrollHeight;
    this.story.add(message.text, true);
    if (this.verbosity === "all" || (this.verbosity === "mine" && message.seat === this.seat)) say(message.text);
  }

  chat(message) {
    this.story.addChat(chatText(message));
    chatLine(message);
  }

  // A choice that came after its decision had passed (a stand-in bot answered it, another
  // seat won the race) is no mistake of the person's: one calm line, and what is asked now
  // stays on screen. Other refusals are said at once and the decision is asked again.
  refused(message) {
    const calm = CALM.includes(message.code);
    if (calm) say(message.code === "stale" ? words.moved_on : message.message);
    else say(message.message, true);
    if (TOKEN_GONE.includes(message.code)) identity.forget();
    this.hints.refused(message);
    if (!this.pending.delete(message.action_id)) return; // it answers no choice of ours
    this.answered = null;
    if (!calm && !REFUSED_ACTION.includes(message.code)) return;
    if (!calm) this.shown = null; // still to decide: asked again
    if (this.state) this.showDecision(this.state.decision);
  }

  // The end of the game: drawn by ending.js (the banner, the score sheet, the rematch).
  results(message) {
    if (!message.standings) return;
    const lost = !document.activeElement || document.activeElement === document.body ||
      document.activeElement.id === "choices-heading";
    showEnding(document.getElementById("result"), message, { table: this.config.table, invite: this.config.invite, seat: this.seat });
    if (lost) focusFirst("result-heading");
  }

  names() {
    return this.table ? this.table.seats.map((seat) => seat.name) : [];
  }

  seated() {
    return this.seat !== null && this.seat !== undefined;
  }

  // A stand-in bot plays this seat (two clocks ran out, or the player left) until the
  // player takes it back.
  away() {
    return Boolean(this.seated() && this.table && this.table.state === "playing" &&
      this.table.seats[this.seat] && this.table.seats[this.seat].away);
  }

  over() {
    return Boolean((this.table && this.table.state === "over") || (this.state && this.state.result));
  }

  showTable(table) {
    this.table = table;
    const mine = (seat) => seat.seat === this.seat;
    const items = table.seats.map((seat) => {
      const parts = [seat.name]; // a bot's name already says it is one, and its level
      if (seat.kind !== "bot") parts.push(words[seat.kind]);
      if (seat.away) parts.push(words.away);
      if (mine(seat)) parts.push(words.you);
      if (this.state && this.state.to_act.includes(seat.seat)) parts.push(words.to_act);
      return element("li", parts.join(", "), { class: `seat seat-${seat.kind}${mine(seat) ? " mine" : ""}` });
    });
    document.getElementById("seats").replaceChildren(...items);
    this.picture.mark(table);
    this.startWhenFull();
    showInvite(document.getElementById("invite"), table, { table: this.config.table, invite: this.config.invite, seated: this.seated() });
    this.showSeatActions();
    this.showStatus();
    this.followAbsence();
  }

  // As in the terminal, a table starts as soon as every seat is taken.
  startWhenFull() {
    const table = this.table;
    if (table.state !== "lobby" || !this.seated() || this.starting) return;
    if (table.seats.some((seat) => seat.kind === "free")) return;
    this.starting = true;
    api("POST", `/tables/${this.config.table}/start`).catch((error) => {
      this.starting = false;
      if (error.code !== "started") say(error.message, true);
    });
  }

  followAbsence() {
    const away = this.away();
    if (away === this.wasAway) return;
    this.wasAway = away;
    if (away) {
      say(words.stand_in);
      this.hideDecision();
      focusFirst("take-back");
    } else if (this.state) {
      this.showDecision(this.state.decision);
    }
  }

  showSeatActions() {
    const table = this.table;
    const box = document.getElementById("seat-actions");
    const buttons = [];
    const seated = this.seated();
    const free = table.seats.filter((seat) => seat.kind === "free").length;
    if (table.state === "lobby") {
      // Someone without a name sits from the invitation's name field (invite.js).
      if (!seated && free && identity.token) {
        buttons.push(this.button(words.sit, () => this.post("join", { invite: this.config.invite ?? null })));
      }
      if (seated && free) {
        const select = element("select", null, { id: "bot-level", "aria-label": words.add_bot });
        for (const [level, name] of this.config.levels) {
          const option = element("option", name, { value: level });
          if (level === "random") option.selected = true;
          select.append(option);
        }
        buttons.push(this.button(`${words.add_bot} (b)`, () => this.addBot(), "add-bot"), select);
      }
      if (seated && !free) buttons.push(this.button(words.start, () => this.post("start"), "start"));
    }
    if (this.away()) buttons.push(this.button(words.take_back, () => this.takeSeatBack(), "take-back"));
    if (this.hints.offered()) buttons.push(this.button(`${words.hint} (h)`, () => this.hints.ask(), "hint-button"));
    if (seated && table.state !== "over") buttons.push(this.button(words.leave, () => this.post("leave"), "leave"));
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
    box.replaceChildren(...buttons);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    else if (focused) focusFirst("choices-heading");
  }

  button(text, action, id) {
    const button = element("button", text, { type: "button" });
    if (id) button.id = id;
    button.addEventListener("click", action);
    return button;
  }

  async post(what, body) {
    try {
      const answer = await api("POST", `/tables/${this.config.table}/${what}`, body);
      if (what === "join") {
        this.seat = answer.seat;
        this.feed = null; // a new seat: start again from a snapshot
        this.socket && this.socket.close();
      }
    } catch (error) {
      say(error.message, true);
    }
  }

  addBot() {
    const select = document.getElementById("bot-level");
    if (!select) return say(words.no_choice);
    this.post("bots", { level: select.value });
  }

  showState(state) {
    this.state = state;
    const lines = (state.table_text || "").split("\n").filter(Boolean);
    showHand(state.hand);
    if (state.result) this.forget(); // the game is over: nothing left to remember
    document.getElementById("table-text").replaceChildren(...lines.map((line) => element("p", line)));
    this.deadlines = {};
    for (const [seat, left] of Object.entries(state.result ? {} : state.clock || {})) {
      if (left !== null) this.deadlines[seat] = Date.now() + left * 1000;
    }
    this.tick();
    this.showDecision(state.decision);
    if (this.table) this.showTable(this.table);
    this.drawPicture();
    if (state.result) document.getElementById("replay-link").hidden = false;
    if (state.result && !this.ended) this.sounds.play("end");
    this.ended = Boolean(state.result);
  }

  drawPicture() {
    const state = this.state;
    if (!state) return;
    const clock = {};
    for (const [seat, deadline] of Object.entries(this.deadlines)) {
      clock[seat] = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    }
    this.picture.draw(state.picture, {
      table: this.table, seat: this.seated() ? this.seat : null,
      turn: state.result ? [] : state.to_act, clock, asked: this.decision !== null,
      menu: this.decision && this.decision.menu,
    });
  }

  showStatus() {
    const table = this.table;
    const state = this.state;
    let text;
    if (table.state === "lobby") {
      const free = table.seats.filter((seat) => seat.kind === "free").length;
      text = free ? fill(words.not_started, { free }) : words.ready;
    } else if (this.over()) {
      text = words.over;
    } else if (this.away()) {
      text = words.stand_in;
    } else if (this.shown !== null) {
      text = words.your_turn;
    } else if (!this.seated()) {
      text = words.watching;
    } else {
      // Once answered, the seat waits for the others only.
      const others = (state ? state.to_act : []).filter((seat) => this.answered === null || seat !== this.seat);
      const names = others.map((seat) => this.names()[seat]).join(", ");
      text = names ? fill(words.waiting, { names }) : words.sent;
    }
    document.getElementById("status").textContent = text;
  }

  // Each decision (by its id) is asked once: said politely after the lines that led to it,
  // the focus on its first choice. The same decision seen again (others answering in a
  // window) keeps where the player was; once answered it is not asked again while the
  // answer is on its way. Its id goes with the choice.
  showDecision(decision) {
    if (!decision || this.away() || this.over()) return this.hideDecision();
    const key = Number.isInteger(decision.id) ? decision.id : JSON.stringify([decision.prompt, decision.legal]);
    if (key === this.answered) return;
    if (key === this.shown) return this.refreshMenu(decision);
    this.shown = key;
    this.answered = null;
    this.decision = decision;
    this.forget((box) => box.at < this.messages); // a new turn: the earlier reveals go
    this.typed = "";
    this.hurried = false;
    this.menus = [decision.menu];
    showPrompt(decision.prompt);
    this.showQuick(this.quickEntry(decision.menu));
    say(decision.prompt.split("\n").join(" "));
    const together = this.state && this.state.to_act.length > 1;
    this.sounds.play(this.quick || together ? "window" : "turn");
    if (this.quick) say(document.getElementById("quick").textContent, true);
    if (this.table) this.showStatus();
    if (decision.legal.length === 1) return this.choose(decision.menu.entries[0]);
    this.showMenu(true);
  }

  // Others answered in the same window: the choices may have changed, the question not.
  refreshMenu(decision) {
    if (JSON.stringify(decision.legal) === JSON.stringify(this.decision.legal)) return;
    this.decision = decision;
    this.menus = [decision.menu];
    this.showQuick(this.quickEntry(decision.menu));
    this.showMenu(false);
  }

  // Nothing to decide (waiting, the end, a stand-in playing): no prompt, no choices; the
  // focus, if it was there, goes to the choices' heading.
  hideDecision() {
    this.shown = null;
    this.decision = null;
    this.menus = [];
    this.typed = "";
    document.getElementById("prompt").textContent = "";
    this.showQuick(null);
    this.showMenu(false);
  }

  // In a race (the first answer wins), the first answer of the race's kind in the menu's
  // order is one key away: no menu to walk while the others reach for it.
  quickEntry(menu) {
    for (const entry of menu.entries) {
      const found = entry.menu ? this.quickEntry(entry.menu) : entry;
      if (found && this.quickKinds.has(found.action.type)) return found;
    }
    return null;
  }

  showQuick(entry) {
    this.quick = entry;
    const hint = document.getElementById("quick");
    hint.textContent = entry ? fill(words.quick_now, { label: entry.label }) : "";
    hint.hidden = !entry;
  }

  showMenu(focus) {
    const box = document.getElementById("choices");
    const hadFocus = box.contains(document.activeElement);
    const menu = this.menus[this.menus.length - 1];
    const buttons = [];
    const byCard = cardActions(this.state && this.state.picture);
    if (menu) {
      if (menu.title) buttons.push(element("p", menu.title, { class: "step-title" }));
      menu.entries.forEach((entry, place) => {
        const button = this.button(`${place + 1}. ${entry.label}`, () => this.choose(entry));
        button.className = entry.menu ? "choice step" : "choice card";
        // A card of the drawing plays it: on screen once, as that card (the button stays
        // in the numbered menu, shown when the keyboard reaches it).
        const actions = leaves(entry);
        if (actions.length && actions.every((action) => action && byCard.has(actionKey(action)))) {
          button.classList.add("by-card");
        }
        buttons.push(button);
      });
      if (this.menus.length > 1) {
        const back = this.button(words.back, () => this.goBack());
        back.className = "choice back";
        buttons.push(back);
      }
    }
    box.replaceChildren(...buttons);
    const first = box.querySelector("button");
    const chatting = document.activeElement && document.activeElement.id === "chat-input";
    if (first && (focus || hadFocus) && !chatting) first.focus();
    else if (!first && hadFocus) focusFirst("choices-heading");
  }

  choose(entry) {
    if (entry.menu) {
      this.menus.push(entry.menu);
      this.showMenu(true);
      say(entry.menu.title || entry.label); // the step's question
      return;
    }
    this.counter += 1;
    const id = `w-${this.state.index}-${this.counter}-${Math.random().toString(36).slice(2, 8)}`;
    const sent = { action: entry.action };
    if (Number.isInteger(this.decision.id)) sent.decision = this.decision.id;
    this.pending.set(id, sent);
    this.send({ type: "act", action_id: id, ...sent });
    this.hints.clear();
    const answered = this.shown;
    this.hideDecision();
    this.answered = answered;
    this.showStatus();
    this.drawPicture();
  }

  goBack() {
    if (this.menus.length > 1) this.menus.pop();
    this.showMenu(true);
    const menu = this.menus[this.menus.length - 1];
    say(menu.title || this.decision.prompt.split("\n").join(" "));
  }

  clockText() {
    const names = this.names();
    const parts = Object.entries(this.deadlines).map(([seat, deadline]) => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const name = names[seat] || seat;
      if (seconds >= LONG_CLOCK) return fill(words.clock_left_time, { name, time: timeLeft(seconds) });
      return fill(words.clock_left, { name, seconds });
    });
    return parts.length ? parts.join(" · ") : words.clock_none;
  }

  // The clock shows while one runs; the seat's own, with a decision on screen, is said
  // once when five seconds are left.
  tick() {
    const clock = document.getElementById("clock");
    clock.textContent = Object.keys(this.deadlines).length ? this.clockText() : "";
    clock.hidden = !clock.textContent;
    for (const shown of document.querySelectorAll("#picture-panel .seat-clock")) {
      const deadline = this.deadlines[shown.dataset.seat];
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const time = seconds >= LONG_CLOCK ? timeLeft(seconds) : fill(words.seconds, { seconds });
      shown.textContent = deadline === undefined ? "" : ` · ${time}`;
    }
    const mine = this.deadlines[String(this.seat)];
    if (mine === undefined || this.shown === null || this.hurried) return;
    const seconds = Math.ceil((mine - Date.now()) / 1000);
    if (seconds <= HURRY_SECONDS && seconds > 0) {
      this.hurried = true;
      this.sounds.play("hurry");
      say(fill(words.clock_hurry, { seconds }), true);
    }
  }

  key(event) {
    const menu = this.menus[this.menus.length - 1];
    const count = menu ? menu.entries.length : 0;
    const key = event.key;
    if (this.quick && (key === " " || key.toLowerCase() === "g")) {
      event.preventDefault(); // Space would also press the focused button
      return this.choose(this.quick);
    }
    if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      return this.digit(key, count);
    }
    if (key === "Enter" && this.typed) {
      event.preventDefault();
      return this.pick(this.typed, count);
    }
    const shortcuts = {
      "?": () => say(words.help),
      h: () => this.hints.ask(),
      r: () => this.rules(),
      v: () => say(this.state && this.state.table_text ? this.state.table_text.split("\n").join(" ") : words.no_events),
      l: () => say(this.story.entries.length ? this.story.lastTexts(LAST_EVENTS).join(" ") : words.no_events),
      c: () => say(this.clockText()),
      g: () => say(words.no_quick),
      b: () => this.addBot(),
      t: () => document.getElementById("chat-input").focus(),
      s: () => this.toggleSounds(),
      a: () => this.setVerbosity(VERBOSITY[(VERBOSITY.indexOf(this.verbosity) + 1) % VERBOSITY.length], true),
    };
    const shortcut = shortcuts[key.toLowerCase()];
    if (shortcut) {
      event.preventDefault();
      shortcut();
    }
  }

  digit(key, count) {
    if (!count) return say(words.no_choice);
    if (key === "0" && !this.typed) return this.menus.length > 1 ? this.goBack() : this.invalid(key, count);
    if (count <= 9) return this.pick(key, count);
    this.typed += key;
    if (this.typed.length > String(count).length) return this.pick(this.typed, count);
    say(fill(words.typed, { number: this.typed }));
  }

  pick(typed, count) {
    this.typed = "";
    const number = Number(typed);
    const menu = this.menus[this.menus.length - 1];
    if (number >= 1 && number <= count) return this.choose(menu.entries[number - 1]);
    this.invalid(typed, count);
  }

  invalid(typed, count) {
    say(fill(words.invalid, { typed, count }), true);
  }

  rules() {
    const details = document.getElementById("rules-details");
    details.open = true;
    details.querySelector("summary").focus();
    say([...details.querySelectorAll(".rules p")].map((line) => line.textContent).join(" "));
  }
}

// A browser with no identity yet sees the table as the page was drawn; where a seat is
// free, the invitation asks a name and seats it (invite.js), then the page connects; else
// the name is asked at the top, as before.
export async function tablePage() {
  const client = new TableClient(page);
  window.popoteTable = client;
  watchChat((text) => client.send({ type: "chat", text }));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target.id === "chat-input") {
      const first = document.querySelector("#choices button");
      if (first) first.focus();
      else focusFirst("take-back", "choices-heading");
      return;
    }
    if (!typing(event)) client.key(event);
  });
  setInterval(() => client.tick(), 250);
  if (!identity.token) {
    client.showTable(page.described);
    if (sitsByName(page.described)) {
      await new Promise((resolve) => afterSitting(resolve));
      focusFirst("choices-heading");
    } else {
      await needIdentity();
    }
  }
  client.connect();
}
