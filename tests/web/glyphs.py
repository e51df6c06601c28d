"""Which characters a page draws as a missing glyph, and which font draws a character.

A character no font of the page (nor any font of the machine Chromium falls back to) holds
is drawn as the "missing glyph", the same box as U+10FFFF, a noncharacter no font maps.
``missing_glyphs`` draws each distinct character of what is visible on the page in a canvas,
in the font its element uses, and compares the pixels with U+10FFFF's drawing in that font:
equal pixels mean a box where a symbol should be. The comparison is made by the browser that
draws the page, with its own fallback fonts, so it holds whatever fonts the machine has.

A machine with a symbol or emoji font would draw a sign the bundled font lacks from that
font instead, and ``missing_glyphs`` would see nothing amiss; ``fonts_drawing`` says which
fonts Chromium actually used for a text (through the DevTools protocol), so a test can ask
that every sign be drawn by the bundled "Popote Signs" font alone.
"""

from __future__ import annotations

from playwright.sync_api import Page

MISSING = r"""async () => {
  // Spaces, marks, format characters (soft hyphen, variation selectors) and controls have
  // no glyph of their own to compare; ASCII is in every text font.
  const skipped = /[\p{Z}\p{M}\p{Cc}\p{Cf}\s]/u;
  const wanted = (ch) => ch.codePointAt(0) > 0x7e && !skipped.test(ch);
  const shown = (element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    element.getClientRects().length > 0;
  const fontOf = (style) =>
    [style.fontStyle, style.fontWeight, "32px", style.fontFamily].join(" ");
  const texts = new Map();  // font -> characters drawn in it
  const add = (text, style) => {
    const font = fontOf(style);
    const chars = texts.get(font) || new Set();
    for (const ch of text) if (wanted(ch)) chars.add(ch);
    texts.set(font, chars);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (element && node.data.trim() && shown(element)) add(node.data, getComputedStyle(element));
  }
  for (const element of document.body.querySelectorAll("*")) {
    if (!shown(element)) continue;
    for (const pseudo of ["::before", "::after", "::marker"]) {
      const style = getComputedStyle(element, pseudo);
      // Only quoted strings are drawn text; counters and attr() are digits or page text.
      for (const quoted of style.content.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
        add(quoted[1].replace(/\\(.)/g, "$1"), style);
      }
    }
  }
  await document.fonts.ready;
  const canvas = document.createElement("canvas");
  canvas.width = 96;
  canvas.height = 64;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const drawing = (font, ch) => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.font = font;
    context.fillText(ch, 8, 44);
    return context.getImageData(0, 0, canvas.width, canvas.height).data.join(",") +
      `|${context.measureText(ch).width}`;
  };
  const missing = new Set();
  for (const [font, chars] of texts) {
    if (!chars.size) continue;
    // A font that fails to load (blocked, absent) leaves its characters to the fallbacks,
    // which the comparison judges: the failure itself is no answer.
    await document.fonts.load(font, [...chars].join("")).catch(() => null);
    const box = drawing(font, "\u{10FFFF}");
    for (const ch of chars) if (drawing(font, ch) === box) missing.add(ch);
  }
  return [...missing].sort();
}"""


def missing_glyphs(page: Page) -> list[str]:
    """The characters visible on ``page`` (text, and quoted ``::before``/``::after``/
    ``::marker`` content) that the browser draws like U+10FFFF, a missing glyph; sorted."""
    found: list[str] = page.evaluate(MISSING)
    return found


PROBE_ID = "glyph-probe"


def fonts_drawing(page: Page, text: str, inside: str = "body") -> dict[str, int]:
    """The fonts Chromium draws ``text`` with, in the font of the element ``inside`` (a CSS
    selector), with how many glyphs each drew: a bundled font by its family name ("Popote
    Signs"), a machine's font by its own name. The text goes in a probe appended to the
    body (a live table redraws its own elements) with that element's font family, weight
    and style; the probe is removed afterwards."""
    page.evaluate(
        """async ([selector, text, id]) => {
          const style = getComputedStyle(document.querySelector(selector));
          const probe = document.createElement("span");
          probe.id = id;
          probe.setAttribute("aria-hidden", "true");
          for (const property of ["font-family", "font-weight", "font-style"]) {
            probe.style.setProperty(property, style.getPropertyValue(property));
          }
          probe.textContent = text;
          document.body.append(probe);
          // A font still loading draws nothing (font-display: block): wait for it, then
          // for a frame drawn with it.
          const font = [style.fontStyle, style.fontWeight, "16px", style.fontFamily].join(" ");
          await document.fonts.load(font, text).catch(() => null);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        }""",
        [inside, text, PROBE_ID],
    )
    session = page.context.new_cdp_session(page)
    try:
        session.send("DOM.enable")
        session.send("CSS.enable")
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = session.send("DOM.querySelector", {"nodeId": root, "selector": f"#{PROBE_ID}"})
        fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
    finally:
        session.detach()
        page.evaluate("(id) => document.getElementById(id)?.remove()", PROBE_ID)
    return {font["familyName"]: int(font["glyphCount"]) for font in fonts["fonts"]}
