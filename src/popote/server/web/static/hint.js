// A hint at an unrated table (docs/web.md, "A hint"): the `h` key or the "Hint" button
// asks the server what `difficile` would play now, and why (`{"type": "hint"}`, answered
// to this page only). The answer is shown under the choices and said politely; a refusal
// is said by the table's error path and shown here. At a rated table there is no button
// and the key sends nothing: the server would refuse, and the game is the player's own.

import { fill, lang, say, words } from "./common.js";

export class Hints {
  constructor(client) {
    this.client = client;
    this.asking = false;
    this.panel = document.getElementById("hint-panel");
  }

  // Whether the button shows: a seated player at an unrated table being played.
  offered() {
    const table = this.client.table;
    return Boolean(table && !table.rated && table.state === "playing" && this.client.seated());
  }

  ask() {
    const client = this.client;
    if (client.table && client.table.rated) return say(words.hint_rated);
    if (!this.offered() || client.shown === null) return say(words.hint_not_now);
    if (this.asking) return;
    this.asking = true;
    client.send({ type: "hint" });
    this.show(words.hint_asked);
    say(words.hint_asked);
  }

  // A late answer, for a decision already made, is not shown.
  answer(hint) {
    if (!this.asking) return;
    this.asking = false;
    const parts = [fill(words.hint_said, { level: words.hint_level, action: hint.text[lang] })];
    if (hint.reason) parts.push(fill(words.hint_why, { reason: hint.reason[lang] }));
    const text = parts.join(" ");
    this.show(text);
    say(text);
  }

  // An error while a hint is on its way answers it (a choice's error names its choice).
  refused(message) {
    if (!this.asking || message.action_id) return;
    this.asking = false;
    this.show(message.message);
  }

  show(text) {
    this.panel.textContent = text;
    this.panel.hidden = false;
  }

  // A choice made: the hint was for the decision now gone.
  clear() {
    this.asking = false;
    this.panel.textContent = "";
    this.panel.hidden = true;
  }
}
