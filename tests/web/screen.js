// What a sighted player would find wrong on the table screen as it stands, in words (an
// empty list: nothing). Read by tests/web/test_screen.py; geometry only.
() => {
  const found = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const client = window.popoteTable;
  const drawing = document.getElementById("picture-panel");
  const box = (node) => node.getBoundingClientRect();
  // Clipped away by a box around it of a pixel or less (how text for screen readers only
  // is hidden).
  const clipped = (node) => {
    for (let around = node; around && around !== document.body; around = around.parentElement) {
      const style = getComputedStyle(around);
      const rect = box(around);
      const clips = style.overflow !== "visible" || style.clipPath !== "none" || style.clip !== "auto";
      if (clips && (rect.width <= 1 || rect.height <= 1)) return true;
    }
    return false;
  };
  const shown = (node) => {
    const rect = box(node);
    return rect.width > 1 && rect.height > 1
      && node.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
      && !clipped(node);
  };
  const where = (rect) => `[${Math.round(rect.left)}, ${Math.round(rect.top)}, ${Math.round(rect.right)}, ${Math.round(rect.bottom)}]`;
  const inside = (node, what) => {
    const rect = box(node);
    if (!shown(node)) found.push(`${what}: not shown`);
    else if (rect.left < -0.5 || rect.top < -0.5 || rect.right > width + 0.5 || rect.bottom > height + 0.5) {
      found.push(`${what}: ${where(rect)} leaves the ${width}×${height} screen`);
    }
  };
  // What lies on top at the middle of `node` is `owner` or inside it.
  const uncovered = (node, owner, what) => {
    const rect = box(node);
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === owner || owner.contains(top))) {
      const by = top ? (top.getAttribute("aria-label") || top.textContent.slice(0, 40) || top.className) : "nothing";
      found.push(`${what}: covered at (${Math.round(x)}, ${Math.round(y)}) by ${by}`);
    }
  };
  // A text's lines: each word on one line (it may break at a soft hyphen, or after the
  // hyphen of a compound, "Saint-/Jacques", as print does).
  const broken = (node, what) => {
    for (const text of [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)) {
      const pattern = /[^\s\u00ad-]+-?/g;
      let match;
      while ((match = pattern.exec(text.data))) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top / 3)));
        if (tops.size > 1) found.push(`${what}: the word ${JSON.stringify(match[0])} is broken across lines`);
      }
    }
  };
  // A caption: all of it shown (no ellipsis, nothing past its box or its card's).
  const whole = (node, card, what) => {
    const style = getComputedStyle(node);
    if (style.textOverflow === "ellipsis") found.push(`${what}: cut with an ellipsis`);
    if (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1) {
      found.push(`${what}: clipped (${node.scrollWidth}×${node.scrollHeight} in ${node.clientWidth}×${node.clientHeight})`);
    }
    const inner = box(node);
    const outer = box(card);
    if (inner.left < outer.left - 1 || inner.right > outer.right + 1 || inner.bottom > outer.bottom + 1) {
      found.push(`${what}: runs out of its card`);
    }
    broken(node, what);
  };

  if (window.scrollY !== 0 || window.scrollX !== 0) found.push("the page is scrolled");
  if (document.documentElement.scrollWidth > width + 1) found.push("the page is wider than the screen");

  // Every seat's name, on the felt (a phone: its strip).
  const ring = drawing.querySelector(`[aria-label="${CSS.escape(document.querySelector("ul[aria-label]").getAttribute("aria-label"))}"]`);
  const seats = [...drawing.querySelectorAll("ul[aria-label] > li")];
  if (seats.length !== client.table.seats.length) found.push(`${seats.length} seats drawn of ${client.table.seats.length}`);
  for (const seat of seats) {
    const name = [...seat.querySelectorAll("p")].find((line) => client.table.seats.some((info) => info.name === line.textContent));
    if (!name) found.push(`a seat without its name: ${seat.textContent.slice(0, 40)}`);
    else {
      inside(name, `the name ${name.textContent}`);
      uncovered(name, seat, `the name ${name.textContent}`);
      broken(name, `the name ${name.textContent}`);
    }
  }
  if (!ring) found.push("no seats drawn");

  // The centre: every pile or track on it in view.
  for (const part of drawing.querySelectorAll("[role='group'][aria-label]")) {
    if (part.closest("ul[aria-label]") || part.closest("[aria-label='Votre main, face visible']")) continue;
    inside(part, `the centre's ${part.getAttribute("aria-label")}`);
  }

  // The hand: every card and its corner in view, nothing over the corner.
  const hand = drawing.querySelector("[aria-label='Votre main, face visible']");
  const mine = hand ? [...hand.querySelectorAll("[aria-label]")].filter((node) => node.getAttribute("role") !== "group") : [];
  for (const card of mine) {
    const name = card.getAttribute("aria-label");
    inside(card, `the card ${name} of the hand`);
    const corner = card.firstElementChild;
    if (corner) inside(corner, `the corner of ${name}`);
  }

  // Every face-up card: its corner uncovered, its caption whole.
  for (const card of drawing.querySelectorAll("[aria-label]")) {
    const corner = card.firstElementChild;
    if (card.getAttribute("role") === "group" || !corner || corner.getAttribute("aria-hidden") !== "true" || !shown(card)) continue;
    const name = card.getAttribute("aria-label");
    uncovered(corner, card, `the corner of ${name}`);
    const caption = [...card.children].find((child, at) => at > 1 && child.textContent);
    if (caption && shown(caption)) whole(caption, card, `the caption of ${name}`);
  }

  // The decision's controls: the menu's buttons on screen, and none naming a card that is
  // itself on screen to click (each card once).
  const controls = [...document.querySelectorAll("#choices button, #picture-ways button")];
  if (!controls.length) found.push("no control of the decision");
  for (const control of controls) {
    if (!shown(control)) continue;
    inside(control, `the control ${control.textContent}`);
    broken(control, `the control ${control.textContent}`);
  }

  // The hand once: no other visible text lists it (the log and the chat tell what happened).
  // The hand's names as drawn and as the text views write them (the server's `hand`).
  const written = (client.state.hand || []).flatMap((group) => group.cards);
  const names = [...new Set([...mine.map((card) => card.getAttribute("aria-label")), ...written])];
  const word = (name) => new RegExp(`(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`, "iu");
  for (const node of document.querySelectorAll("main *")) {
    if (drawing.contains(node) || node.closest("#log, #chat-log, .chat-log") || !shown(node)) continue;
    const own = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.data).join("").trim();
    if (!own) continue;
    const named = names.filter((name) => word(name).test(own));
    if (named.length >= 2 || named.some((name) => own.toLowerCase() === name.toLowerCase())) {
      found.push(`the hand again in ${node.tagName.toLowerCase()}: ${own.slice(0, 60)}`);
    }
  }
  const playable = mine.filter((card) => card.tagName === "BUTTON" && card.getAttribute("aria-disabled") !== "true")
    .map((card) => card.getAttribute("aria-label"));
  for (const control of controls) {
    if (!shown(control) || !control.closest("#choices")) continue;
    const label = control.textContent.replace(/^\d+\.\s*/, "");
    const twice = playable.find((name) => word(name).test(label));
    if (twice) found.push(`the card ${twice} also as the button ${control.textContent}`);
  }
  return found;
}
