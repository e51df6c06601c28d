// What was told at one table, kept for the browser tab (sessionStorage): the log's lines and
// notices, the chat, and how many of the seat's events were told. A reload draws them again
// and tells only what came after; a snapshot (after a reload, or a server restart) says
// where its events start (`first_event`), so the lines already told are not told twice.

const KEPT = 2000; // log entries kept (a long game of twelve), and drawn

export class Story {
  constructor(table) {
    this.key = `popote.table.${table}`;
    const stored = JSON.parse(sessionStorage.getItem(this.key) || "null");
    this.entries = stored ? stored.entries : []; // [{text, notice}]
    this.chat = stored ? stored.chat : [];
    this.events = stored ? stored.events : 0; // the seat's events told so far
    this.seat = stored ? stored.seat : undefined;
  }

  // Whether anything was told here before: a page arriving mid-game without a story shows
  // the last events without reading them all out.
  get begun() {
    return this.entries.length > 0 || this.events > 0;
  }

  add(text, notice = false) {
    this.entries.push({ text, notice });
    if (this.entries.length > KEPT) this.entries.splice(0, this.entries.length - KEPT);
    this.save();
  }

  addChat(text) {
    this.chat.push(text);
    if (this.chat.length > 200) this.chat.shift();
    this.save();
  }

  // A new seat (sitting down, standing up) sees other events: they are counted anew.
  sitAt(seat) {
    if (this.seat !== seat) this.events = 0;
    this.seat = seat;
    this.save();
  }

  told(count) {
    this.events = count;
    this.save();
  }

  lastTexts(count) {
    return this.entries.slice(-count).map((entry) => entry.text);
  }

  save() {
    const kept = { entries: this.entries, chat: this.chat, events: this.events, seat: this.seat };
    try {
      sessionStorage.setItem(this.key, JSON.stringify(kept));
    } catch {
      // A full storage loses the memory of a reload, never the game.
    }
  }
}
