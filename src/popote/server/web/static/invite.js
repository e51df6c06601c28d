// A waiting table's invitation (issue 45): its link to share with a copy button and its
// short code to read aloud; and, for a friend whose browser has no identity yet, a name
// field and "Sit down" in one step. Every text is inserted as text, never as markup.
// See docs/web.md, "Inviting and coming back".

import { api, becomeGuest, element, fill, identity, page, say, words } from "./common.js";

let drawn = null; // what the box shows now: redrawn only when that changes
let seated = null; // what the page does once the friend sits (tablePage: connect)

// `hook(answer)`: called once the friend who named themselves here is seated (or, their
// seat gone meanwhile, only named): the page connects then.
export function afterSitting(hook) {
  seated = hook;
}

// Whether this browser may sit here in one step: a waiting table with a free seat, and no
// identity yet to connect with.
export function sitsByName(table) {
  return !identity.token && table.state === "lobby" && table.seats.some((seat) => seat.kind === "free");
}

// `table`: the server's table message; `context`: the table's id, its invitation, whether
// this page holds a seat.
export function showInvite(box, table, context) {
  if (!box) return;
  const mode = sitsByName(table) ? "sit" : table.state === "lobby" && identity.token ? "share" : "none";
  if (mode === drawn) return showSeats(table);
  drawn = mode;
  box.hidden = mode === "none";
  box.setAttribute("aria-labelledby", "invite-heading");
  if (mode === "sit") {
    box.replaceChildren(...sitForm(context));
    showSeats(table);
    document.getElementById("sit-name").focus();
  } else if (mode === "share") {
    box.replaceChildren(...shareParts(context));
  } else {
    box.replaceChildren();
  }
}

// --- the link and the code ----------------------------------------------------------------

function shareLink(context) {
  const link = new URL(`/tables/${encodeURIComponent(context.table)}`, location.origin);
  if (context.invite) link.searchParams.set("invite", context.invite);
  return link.href;
}

function shareParts(context) {
  const heading = element("h2", words.invite_heading, { id: "invite-heading" });
  const row = element("p", null, { class: "invite-row" });
  const field = element("input", null, {
    id: "invite-url", type: "text", readonly: "", value: shareLink(context), "aria-label": words.invite_link,
  });
  const copy = element("button", words.copy_link, { type: "button", id: "copy-link" });
  copy.addEventListener("click", () => copyLink(field));
  row.append(field, copy);
  const parts = [heading, row];
  if (page.code) {
    const code = element("p", null, { class: "invite-code" });
    code.append(words.invite_code, " ", element("strong", page.code, { id: "invite-code" }));
    parts.push(code, element("p", words.invite_code_hint, { class: "invite-hint" }));
  }
  return parts;
}

// The Clipboard API where the page may use it; else the link is selected for Ctrl+C.
async function copyLink(field) {
  try {
    await navigator.clipboard.writeText(field.value);
    say(words.link_copied);
  } catch {
    field.focus();
    field.select();
    say(words.link_selected);
  }
}

// --- sitting by name ----------------------------------------------------------------------

// Who sits there already, beside the name field: the friend sees the table they join
// without looking for its seats.
function showSeats(table) {
  const line = document.getElementById("invite-seats");
  if (line) line.textContent = fill(words.sit_seats, { seats: table.seats.map((seat) => seat.name).join(", ") });
}

function sitForm(context) {
  const heading = element("h2", words.sit_heading, { id: "invite-heading" });
  const seats = element("p", null, { id: "invite-seats" });
  const form = element("form", null, { id: "sit-form", class: "inline-form" });
  const label = element("label", words.sit_with_name, { for: "sit-name" });
  const input = element("input", null, {
    id: "sit-name", name: "name", maxlength: "32", autocomplete: "nickname", required: "",
  });
  const error = element("p", null, { id: "sit-error", class: "error", role: "alert" });
  form.append(label, input, element("button", words.sit, { type: "submit" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sit(input.value, context, error);
  });
  return [heading, seats, form, error];
}

async function sit(name, context, error) {
  error.textContent = "";
  try {
    await becomeGuest(name);
  } catch (failure) {
    error.textContent = failure.message; // a refused name: nothing changed, ask again
    return;
  }
  let answer = null;
  try {
    answer = await api("POST", `/tables/${context.table}/join`, { invite: context.invite });
    say(words.seated);
  } catch (failure) {
    say(failure.message, true); // the seat went meanwhile: the page watches instead
  }
  if (seated) seated(answer);
}
