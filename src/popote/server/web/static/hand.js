// The seat's hand, drawn as cards from the groups the game's presenter names (protocol 1.3).

import { element } from "./common.js";

// Each card is a list item whose text is its name (what a screen reader says); the drawing
// is the list item's style alone.
export function showHand(groups) {
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
