// Optional sounds through the Web Audio API: off by default, one switch remembered in
// localStorage, short synthesised tones (no files). Each moment has its own tune; a card
// played sounds different for one's own action and the others'.

const KEY = "popote.sounds";
const TUNES = {
  mine: [[660, 0.07], [880, 0.09]], // a card I played
  other: [[440, 0.08]], // a card someone else played
  turn: [[523, 0.1], [659, 0.1], [784, 0.14]], // my turn
  hurry: [[880, 0.06], [0, 0.04], [880, 0.06], [0, 0.04], [880, 0.06]], // clock low
  window: [[392, 0.08], [587, 0.12]], // a window opens (answer together, a race)
  end: [[523, 0.12], [659, 0.12], [784, 0.12], [1047, 0.3]], // the game is over
};

export class Sounds {
  constructor() {
    this.on = localStorage.getItem(KEY) === "on";
    this.context = null;
  }

  set(on) {
    this.on = on;
    localStorage.setItem(KEY, on ? "on" : "off");
  }

  play(name) {
    const tune = TUNES[name];
    if (!this.on || !tune) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!this.context) this.context = new Context();
    const context = this.context;
    let at = context.currentTime;
    for (const [frequency, length] of tune) {
      if (frequency) {
        const tone = context.createOscillator();
        const volume = context.createGain();
        tone.type = "sine";
        tone.frequency.value = frequency;
        volume.gain.value = 0.12;
        tone.connect(volume).connect(context.destination);
        tone.start(at);
        tone.stop(at + length);
      }
      at += length;
    }
  }
}
