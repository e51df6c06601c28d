// Popote's browser client: the identity, the lobby, the table and the replay keys.
// Every text comes from the server (the games' presenters and the page's words) and is
// inserted as text, never as markup. See docs/web.md.

const words = JSON.parse(document.getElementById("popote-words").textContent);
const page = JSON.parse(document.getElementById("popote-page").textContent);
const lang = document.documentElement.lang;
const KEEP_SAID = 12; // children kept in each live region
const FLASH_MS = 8000; // how long a memory reveal stays on screen
const LAST_EVENTS = 5; // events read by the `l` key
const REFUSED_ACTION = ["illegal", "too_late", "not_playing", "not_your_seat", "spectator"];

function say(text, assertive = false) {
  const region = document.getElementById(assertive ? "say-assertive" : "say-polite");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEEP_SAID) region.firstElementChild.remove();
}

function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// --- identity ----------------------------------------------------------------------------

const identity = {
  get token() { return localStorage.getItem("popote.token"); },
  get name() { return localStorage.getItem("popote.name"); },
  get id() { return localStorage.getItem("popote.id"); },
  remember(answer) {
    if (answer.token) localStorage.setItem("popote.token", answer.token);
    localStorage.setItem("popote.name", answer.name);
    localStorage.setItem("popote.id", String(answer.id));
  },
};

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (identity.token) headers.Authorization = `Bearer ${identity.token}`;
  const answer = await fetch(`/api/v1${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.message || answer.statusText);
  return data;
}

function showIdentity() {
  const known = identity.name;
  const where = document.getElementById("identity");
  where.textContent = known ? fill(words.welcome, { name: known }) : "";
  const form = document.getElementById("guest-form");
  const shown = document.getElementById("guest-known");
  if (form && shown) {
    form.hidden = Boolean(known);
    shown.hidden = !known;
    shown.textContent = where.textContent;
  }
  if (known && identity.id) {
    where.append(" ", element("a", words.your_games, { href: `/players/${identity.id}`, id: "your-games" }));
  }
}

// Identities kept before the page remembered ids learn theirs once.
async function learnIdentityId() {
  if (!identity.token || identity.id) return;
  const me = await api("GET", "/me").catch(() => null);
  if (me) {
    identity.remember(me);
    showIdentity();
  }
}

// A guest name is asked for once, however many things wait for it (the lobby itself and
// each "sit" button); the page goes on when there is one.
let askingName = null;

function needIdentity() {
  if (identity.token) return Promise.resolve();
  askingName ??= askName();
  return askingName;
}

function askName() {
  let form = document.getElementById("guest-form");
  if (!form) {
    form = guestForm();
    document.getElementById("main").prepend(form);
  }
  form.hidden = false;
  return new Promise((resolve) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = form.querySelector("input").value;
      try {
        identity.remember(await api("POST", "/guests", { name, lang }));
        showIdentity();
        if (!document.getElementById("guest-known")) form.remove();
        askingName = null;
        resolve();
      } catch (error) {
        say(error.message, true);
      }
    });
  });
}

function guestForm() {
  const form = element("form", null, { id: "guest-form", class: "inline-form panel" });
  const label = element("label", words.name_first, { for: "guest-name" });
  const input = element("input", null, { id: "guest-name", maxlength: "32", required: "" });
  form.append(label, input, element("button", "OK", { type: "submit" }));
  return form;
}

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

// --- keys shared by every page -------------------------------------------------------------

function typing(event) {
  const target = event.target;
  return event.ctrlKey || event.altKey || event.metaKey ||
    (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]"));
}

// --- chat ----------------------------------------------------------------------------------

function chatLine(message) {
  const text = fill(words.said, { name: message.from, text: message.text });
  const log = document.getElementById("chat-log");
  log.append(element("li", text));
  while (log.childElementCount > 200) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  say(text);
}

function watchChat(send) {
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    send(input.value);
    input.value = "";
  });
}

function socketUrl(path, query) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}?${new URLSearchParams(query)}`;
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
  await listTables();
  if (identity.token) openLobbySocket();
}

let lobbySocket = null;

function openLobbySocket() {
  if (lobbySocket) return;
  lobbySocket = new WebSocket(socketUrl("/ws/lobby", { token: identity.token, lang }));
  lobbySocket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "chat") chatLine(message);
    if (message.type === "lobby_changed") listTables();
    if (message.type === "error") say(message.message, true);
  });
  lobbySocket.addEventListener("close", () => {
    lobbySocket = null;
    setTimeout(() => identity.token && openLobbySocket(), 2000);
  });
}

async function listTables() {
  const tables = await api("GET", "/tables").catch(() => []);
  const list = document.getElementById("tables");
  list.replaceChildren(...tables.map(tableItem));
  document.getElementById("no-tables").hidden = tables.length > 0;
}

function seatWords(seat) {
  if (seat.kind !== "human") return seat.name;
  return `${seat.name} (${seat.away ? words.away : words.human})`;
}

function tableItem(table) {
  const item = element("li", null, { class: "table-item" });
  const describedId = `table-${table.id}`;
  const state = words[`state_${table.state}`] || table.state;
  const seats = table.seats.map(seatWords).join(", ");
  item.append(element("p", fill(words.table_line, { title: table.title, state, seats }), { id: describedId }));
  const actions = element("p", null, { class: "links" });
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
  item.append(actions);
  return item;
}

// --- creating a table ----------------------------------------------------------------------

function gamePage() {
  const form = document.getElementById("create-form");
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
      clock: document.getElementById("clock").value,
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

// --- the table -----------------------------------------------------------------------------

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
    this.decisionKey = null;
    this.typed = "";
    this.feed = null;
    this.lastSeq = null;
    this.pending = new Map();
    this.counter = 0;
    this.deadlines = {};
    this.hurried = false;
    this.kept = []; // the log's lines, for the `l` key
    this.socket = null;
  }

  connect() {
    const socket = new WebSocket(socketUrl(`/ws/tables/${this.config.table}`, {}));
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

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  receive(message) {
    if (!["welcome", "ack", "error", "pong"].includes(message.type)) this.lastSeq = message.seq;
    const handler = {
      welcome: () => this.welcome(message),
      snapshot: () => this.snapshot(message),
      update: () => this.update(message),
      table: () => this.showTable(message.table),
      notice: () => this.notice(message),
      chat: () => chatLine(message),
      results: () => this.results(message),
      ack: () => this.pending.delete(message.action_id),
      error: () => this.refused(message),
    }[message.type];
    if (handler) handler();
  }

  welcome(message) {
    this.seat = message.seat;
    this.feed = message.feed;
    for (const [id, sent] of this.pending) this.send({ type: "act", action_id: id, ...sent });
  }

  snapshot(message) {
    this.showTable(message.table);
    this.seat = message.seat;
    this.kept = [];
    document.getElementById("log").replaceChildren();
    this.tell(message, false);
    this.decisionKey = null;
    this.showState(message);
    if (message.results) this.results(message.results);
  }

  update(message) {
    this.tell(message, true);
    this.showState(message);
  }

  // Every line is said once; a memory game's reveal is said and shown briefly, never kept.
  tell(message, aloud) {
    const log = document.getElementById("log");
    message.lines.forEach((line, place) => {
      const event = message.events[message.line_events ? message.line_events[place] : place];
      if (event && this.fleeting.has(event.type)) {
        if (aloud) this.flash(line);
        return;
      }
      log.append(element("li", line));
      this.kept.push(line);
      if (aloud) say(line);
    });
    while (log.childElementCount > 300) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  flash(line) {
    const flash = document.getElementById("flash");
    const text = fill(words.memory, { line });
    flash.textContent = text;
    flash.hidden = false;
    say(text);
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      flash.hidden = true;
      flash.textContent = "";
      for (const region of document.querySelectorAll("[aria-live]")) {
        for (const said of [...region.children]) if (said.textContent === text) said.remove();
      }
    }, FLASH_MS);
  }

  notice(message) {
    const log = document.getElementById("log");
    log.append(element("li", message.text, { class: "notice" }));
    log.scrollTop = log.scrollHeight;
    this.kept.push(message.text);
    say(message.text);
  }

  // A choice that came after its decision had passed (a stand-in bot answered it) is no
  // mistake of the person's: one calm line, and what is asked now stays on screen.
  refused(message) {
    this.pending.delete(message.action_id);
    if (message.code === "stale") {
      say(words.moved_on);
      this.showDecision(this.state && this.state.decision);
      return;
    }
    say(message.message, true);
    if (message.code === "unauthorized") localStorage.removeItem("popote.token");
    if (this.state && REFUSED_ACTION.includes(message.code)) {
      this.showDecision(this.state.decision); // still to decide: ask again
    }
  }

  results(message) {
    const box = document.getElementById("result");
    if (!message.standings) return;
    const list = element("ol");
    const ranked = [...message.standings].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    for (const entry of ranked) {
      const score = entry.score === null || entry.score === undefined ? "" : entry.score;
      const line = score === "" ? entry.name : fill(words.standing, { name: entry.name, score });
      const text = entry.won ? fill(words.winner, { line }) : line;
      const item = element("li");
      item.append(this.standing(entry, text));
      list.append(item);
    }
    box.replaceChildren(element("h3", words.results), list);
    box.hidden = false;
  }

  // A person's line links to their page (ratings, last games); a bot's stays text.
  standing(entry, text) {
    if (entry.kind !== "human") return document.createTextNode(text);
    const invite = this.config.invite ? `?invite=${encodeURIComponent(this.config.invite)}` : "";
    return element("a", text, { href: `/tables/${this.config.table}/seats/${entry.seat}${invite}` });
  }

  names() {
    return this.table ? this.table.seats.map((seat) => seat.name) : [];
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
    this.showSeatActions();
    this.showStatus();
  }

  showSeatActions() {
    const table = this.table;
    const box = document.getElementById("seat-actions");
    const buttons = [];
    const seated = this.seat !== null && this.seat !== undefined;
    const free = table.seats.filter((seat) => seat.kind === "free").length;
    if (table.state === "lobby") {
      if (!seated && free) buttons.push(this.button(words.sit, () => this.post("join", {})));
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
    if (seated && table.state !== "over") buttons.push(this.button(words.leave, () => this.post("leave"), "leave"));
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
    box.replaceChildren(...buttons);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
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
    document.getElementById("table-text").replaceChildren(...lines.map((line) => element("p", line)));
    this.deadlines = {};
    for (const [seat, left] of Object.entries(state.clock || {})) {
      if (left !== null) this.deadlines[seat] = Date.now() + left * 1000;
    }
    this.showDecision(state.decision);
    if (this.table) this.showTable(this.table);
    if (state.result) {
      document.getElementById("replay-link").hidden = false;
    }
  }

  showStatus() {
    const status = document.getElementById("status");
    const table = this.table;
    const state = this.state;
    let text;
    if (table.state === "lobby") {
      const free = table.seats.filter((seat) => seat.kind === "free").length;
      text = free ? fill(words.not_started, { free }) : words.ready;
    } else if (table.state === "over" || (state && state.result)) {
      text = words.over;
    } else if (state && state.decision) {
      text = words.your_turn;
    } else if (this.seat === null || this.seat === undefined) {
      text = words.watching;
    } else {
      const names = (state ? state.to_act : []).map((seat) => this.names()[seat]).join(", ");
      text = fill(words.waiting, { names });
    }
    status.textContent = text;
  }

  // A new decision is announced (assertive) and takes the focus; the same one, seen again
  // after someone else's answer, keeps where the player was. Its id goes with the choice.
  showDecision(decision) {
    const key = decision ? JSON.stringify([decision.id, decision.prompt, decision.legal]) : null;
    if (key === this.decisionKey) return;
    this.decisionKey = key;
    this.decisionId = decision ? decision.id : null;
    this.typed = "";
    this.hurried = false;
    this.menus = decision ? [decision.menu] : [];
    document.getElementById("prompt").textContent = decision ? decision.prompt : "";
    this.showQuick(decision ? this.quickEntry(decision.menu) : null);
    if (!decision) {
      this.showMenu(false);
      return;
    }
    say(decision.prompt.split("\n").join(" "), true);
    if (this.quick) say(document.getElementById("quick").textContent, true);
    if (decision.legal.length === 1) {
      this.choose(decision.menu.entries[0]);
      return;
    }
    this.showMenu(true);
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
    if (menu) {
      if (menu.title) buttons.push(element("p", menu.title, { class: "step-title" }));
      menu.entries.forEach((entry, place) => {
        const button = this.button(`${place + 1}. ${entry.label}`, () => this.choose(entry));
        button.className = entry.menu ? "choice step" : "choice card";
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
    else if (!first && hadFocus) document.getElementById("choices-heading").focus();
  }

  choose(entry) {
    if (entry.menu) {
      this.menus.push(entry.menu);
      this.showMenu(true);
      return;
    }
    this.counter += 1;
    const id = `w-${this.state.index}-${this.counter}-${Math.random().toString(36).slice(2, 8)}`;
    const sent = { action: entry.action };
    if (Number.isInteger(this.decisionId)) sent.decision = this.decisionId;
    this.pending.set(id, sent);
    this.send({ type: "act", action_id: id, ...sent });
    this.menus = [];
    this.showQuick(null);
    this.decisionKey = null; // the next decision is new, even if it reads the same
    const hadFocus = document.getElementById("choices").contains(document.activeElement);
    document.getElementById("choices").replaceChildren();
    if (hadFocus) document.getElementById("choices-heading").focus();
  }

  goBack() {
    if (this.menus.length > 1) this.menus.pop();
    this.showMenu(true);
  }

  clockText() {
    const names = this.names();
    const parts = Object.entries(this.deadlines).map(([seat, deadline]) => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      return fill(words.clock_left, { name: names[seat] || seat, seconds });
    });
    return parts.length ? parts.join(" · ") : words.clock_none;
  }

  tick() {
    document.getElementById("clock").textContent = Object.keys(this.deadlines).length ? this.clockText() : "";
    const mine = this.deadlines[String(this.seat)];
    if (mine === undefined || !this.state || !this.state.decision || this.hurried) return;
    const seconds = Math.ceil((mine - Date.now()) / 1000);
    if (seconds <= 5 && seconds > 0) {
      this.hurried = true;
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
      h: () => say(words.help),
      r: () => this.rules(),
      v: () => say(this.state && this.state.table_text ? this.state.table_text.split("\n").join(" ") : words.no_events),
      l: () => say(this.kept.length ? this.kept.slice(-LAST_EVENTS).join(" ") : words.no_events),
      c: () => say(this.clockText()),
      g: () => say(words.no_quick),
      b: () => this.addBot(),
      t: () => document.getElementById("chat-input").focus(),
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

// --- the hand, drawn as cards -----------------------------------------------------------

// Each card is a list item whose text is its name (what a screen reader says); the drawing
// is the list item's style alone.
function showHand(groups) {
  const panel = document.getElementById("hand-panel");
  const held = (groups || []).filter((group) => group.cards.length);
  panel.hidden = !held.length;
  if (panel.hidden) return;
  const blocks = held.map((group, place) => {
    const list = element("ul", null, { class: "cards" });
    list.append(...group.cards.map((card) => element("li", card, { class: "playing-card" })));
    if (!group.label) {
      list.setAttribute("aria-labelledby", "hand-heading");
      return list;
    }
    const id = `hand-group-${place}`;
    list.setAttribute("aria-labelledby", id);
    const block = element("div", null, { class: "card-group" });
    block.append(element("p", group.label, { id, class: "card-group-name" }), list);
    return block;
  });
  document.getElementById("hand").replaceChildren(...blocks);
}

async function tablePage() {
  await needIdentity();
  const client = new TableClient(page);
  window.popoteTable = client;
  watchChat((text) => client.send({ type: "chat", text }));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target.id === "chat-input") {
      const first = document.querySelector("#choices button");
      (first || document.getElementById("choices-heading")).focus();
      return;
    }
    if (!typing(event)) client.key(event);
  });
  setInterval(() => client.tick(), 250);
  client.connect();
}

// --- replay ----------------------------------------------------------------------------------

function replayPage() {
  const nav = document.querySelector(".replay-nav");
  if (!nav) return;
  if (new URLSearchParams(location.search).has("at")) {
    const lines = document.getElementById("replay-lines");
    lines.setAttribute("tabindex", "-1");
    lines.focus();
  }
  document.addEventListener("keydown", (event) => {
    if (typing(event)) return;
    const go = {
      n: "next", ArrowRight: "next", p: "previous", ArrowLeft: "previous",
    }[event.key];
    if (go) {
      event.preventDefault();
      document.getElementById(go).click();
    } else if (event.key === "m") {
      event.preventDefault();
      location.href = nav.dataset.nextRound;
    }
  });
}

// --- start ---------------------------------------------------------------------------------

showIdentity();
learnIdentityId();
watchLanguageSwitch();
followRememberedLanguage();
const start = { lobby: lobbyPage, game: gamePage, replay: replayPage }[page.page];
if (start) start();
else if (page.table) tablePage();
