// What every page shares: its words and configuration, the live regions, the identity, the
// HTTP API and the chat. Every text is inserted as text, never as markup. See docs/web.md.

export const words = JSON.parse(document.getElementById("popote-words").textContent);
const config = document.getElementById("popote-page");
// A page drawn without a configuration (an error page) is a plain page.
export const page = config ? JSON.parse(config.textContent) : { page: "plain" };
export const lang = document.documentElement.lang;
const KEEP_SAID = 12; // children kept in each live region

export function say(text, assertive = false) {
  const region = document.getElementById(assertive ? "say-assertive" : "say-polite");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEEP_SAID) region.firstElementChild.remove();
}

export function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

export function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// Focus goes to the first of these that the page has (a heading made focusable, a field).
// Says whether one did.
export function focusFirst(...ids) {
  for (const id of ids) {
    const target = document.getElementById(id);
    if (target && !target.closest("[hidden]")) {
      target.focus();
      return true;
    }
  }
  return false;
}

// --- identity ----------------------------------------------------------------------------

export const identity = {
  get token() { return localStorage.getItem("popote.token"); },
  get name() { return localStorage.getItem("popote.name"); },
  get id() { return localStorage.getItem("popote.id"); },
  // An answer cut short (the page left while its body came: api() then reads `{}`) holds no
  // identity: keeping it would store "undefined" as the name and the id.
  remember(answer) {
    if (answer.name === undefined || answer.id === undefined) return;
    if (answer.token) localStorage.setItem("popote.token", answer.token);
    localStorage.setItem("popote.name", answer.name);
    localStorage.setItem("popote.id", String(answer.id));
  },
  // The token stopped working (a logout, here or in another tab; a login elsewhere).
  forget() {
    for (const key of ["popote.token", "popote.name", "popote.id"]) localStorage.removeItem(key);
  },
};

// Codes of a token that no longer works: the page forgets it rather than show it again.
export const TOKEN_GONE = ["unauthorized", "session_ended"];

// A refusal keeps the server's code (`error.code`) and HTTP status beside its message.
export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (identity.token) headers.Authorization = `Bearer ${identity.token}`;
  const answer = await fetch(`/api/v1${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    throw Object.assign(new Error(data.message || answer.statusText), { code: data.error, status: answer.status });
  }
  return data;
}

export function showIdentity() {
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
  if (known) {
    where.append(" ", element("a", words.your_games, { href: "/me/games", id: "your-games" }));
  }
  if (identity.token) where.append(" ", logOutButton());
  const waiting = document.getElementById("waiting"); // waiting.js: nothing waits for nobody
  if (waiting && !identity.token) waiting.hidden = true;
}

// Logging out ends the token at the server (every socket it opened closes), then here.
function logOutButton() {
  const button = element("button", words.log_out, { type: "button", id: "log-out" });
  button.addEventListener("click", async () => {
    await api("POST", "/logout").catch(() => null);
    identity.forget();
    showIdentity();
    say(words.logged_out, true);
    focusFirst("main");
  });
  return button;
}

// Identities kept before the page remembered ids learn theirs once.
export async function learnIdentityId() {
  if (!identity.token || identity.id) return;
  const me = await api("GET", "/me").catch(() => null);
  if (me) {
    identity.remember(me);
    showIdentity();
  }
}

// A guest name is asked for once, however many things wait for it (the lobby itself and
// each "sit" button); the page goes on when there is one, the focus on what comes next.
// A table's invitation asks it in its own box (invite.js), which says so by `named`.
let askingName = null;
let named = null;

export function needIdentity() {
  if (identity.token) return Promise.resolve();
  askingName ??= new Promise((resolve) => {
    named = resolve;
    if (!focusFirst("sit-name")) askName();
  });
  return askingName;
}

// A guest identity from a name: the lobby's name box and a table's invitation alike.
export async function becomeGuest(name) {
  identity.remember(await api("POST", "/guests", { name, lang }));
  showIdentity();
  askingName = null;
  if (named) named();
  named = null;
}

function askName() {
  let form = document.getElementById("guest-form");
  if (!form) {
    form = guestForm();
    document.getElementById("main").prepend(form);
  }
  form.hidden = false;
  form.querySelector("input").focus();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await becomeGuest(form.querySelector("input").value);
      if (!document.getElementById("guest-known")) form.remove();
      focusFirst("games-heading", "choices-heading", "players", "main");
    } catch (error) {
      say(error.message, true);
    }
  });
}

function guestForm() {
  const form = element("form", null, { id: "guest-form", class: "inline-form panel" });
  const label = element("label", words.name_first, { for: "guest-name" });
  const input = element("input", null, { id: "guest-name", maxlength: "32", required: "" });
  form.append(label, input, element("button", "OK", { type: "submit" }));
  return form;
}

// --- keys and chat ---------------------------------------------------------------------------

export function typing(event) {
  const target = event.target;
  return event.ctrlKey || event.altKey || event.metaKey ||
    (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]"));
}

export function chatText(message) {
  return fill(words.said, { name: message.from, text: message.text });
}

export function showChatLine(text) {
  const log = document.getElementById("chat-log");
  log.append(element("li", text));
  while (log.childElementCount > 200) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

export function chatLine(message) {
  const text = chatText(message);
  showChatLine(text);
  say(text);
}

export function watchChat(send) {
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    send(input.value);
    input.value = "";
  });
}

// The token goes in the first message, never in the address (proxies log addresses).
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}
