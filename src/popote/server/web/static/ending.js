// The end of a game: where each seat finished (issue 45: the banner, the score sheet, the
// rematch). Every text is inserted as text, never as markup.

import { element, fill, words } from "./common.js";

// A person's line links to their page (ratings, last games); a bot's stays text.
function standing(entry, text, context) {
  if (entry.kind !== "human") return document.createTextNode(text);
  const invite = context.invite ? `?invite=${encodeURIComponent(context.invite)}` : "";
  return element("a", text, { href: `/tables/${context.table}/seats/${entry.seat}${invite}` });
}

// `message`: the server's `results`; `context`: the table's id, its invitation, this page's seat.
export function showEnding(box, message, context) {
  const list = element("ol");
  const ranked = [...message.standings].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  for (const entry of ranked) {
    const score = entry.score === null || entry.score === undefined ? "" : entry.score;
    const line = score === "" ? entry.name : fill(words.standing, { name: entry.name, score });
    const text = entry.won ? fill(words.winner, { line }) : line;
    const item = element("li");
    item.append(standing(entry, text, context));
    list.append(item);
  }
  box.replaceChildren(element("h3", words.results, { id: "result-heading", tabindex: "-1" }), list);
  box.hidden = false;
}
