// E-mail settings (/me/notifications), from GET and to PUT /api/v1/me/notifications: an
// address, confirmed by the link mailed to it, and when to be written to. What the server
// answers is said in the page's status line (a live region). See docs/web.md.

import { api, identity, page } from "./common.js";

const m = page.words;
const form = document.getElementById("mail-form");
const result = document.getElementById("mail-result");

function show(settings) {
  form.elements.address.value = settings.address || "";
  form.elements.hour.value = String(settings.hour);
  form.elements.zone.value = settings.zone;
  for (const radio of form.elements.choice) radio.checked = radio.value === settings.choice;
  const state = document.getElementById("mail-address-state");
  state.textContent = settings.address ? (settings.confirmed ? m.confirmed : m.unconfirmed) : "";
}

async function save(event) {
  event.preventDefault();
  const chosen = [...form.elements.choice].find((radio) => radio.checked);
  const body = {
    address: form.elements.address.value.trim() || null,
    choice: chosen ? chosen.value : "none",
    hour: Number(form.elements.hour.value),
    zone: form.elements.zone.value.trim(),
  };
  try {
    const settings = await api("PUT", "/me/notifications", body);
    show(settings);
    result.textContent = settings.confirmation_queued ? m.saved_confirm : m.saved;
  } catch (failure) {
    result.textContent = failure.message;
  }
}

async function start() {
  const settings = identity.token ? await api("GET", "/me/notifications").catch(() => null) : null;
  const me = identity.token ? await api("GET", "/me").catch(() => null) : null;
  const registered = Boolean(settings && me && me.registered);
  document.getElementById("mail-guest").hidden = registered;
  form.hidden = !registered;
  if (!registered) return;
  if (!settings.zone || settings.address === null) {
    settings.zone = Intl.DateTimeFormat().resolvedOptions().timeZone || settings.zone;
  }
  show(settings);
  form.addEventListener("submit", save);
}

start();
