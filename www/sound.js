// Short synthesised sounds (Web Audio, nothing downloaded): a move, a pass, the end of the
// game. No AudioContext exists before the player's first gesture (a pointer or a key); the
// first sound after one makes it (making one takes some 70 ms of the main thread, so not
// before a sound is wanted: never with the sound off); a sound asked for before any gesture is
// not played. Whether to play is decided by the state (effects.js): this module only plays.

/** @import { Sound } from './effects.js' */

/**
 * The notes of each sound: [frequency in Hz, start in s, length in s, peak gain].
 * @type {Record<Sound, [number, number, number, number][]>}
 */
const NOTES = {
  move: [[520, 0, 0.07, 0.25]],
  pass: [[440, 0, 0.12, 0.18], [330, 0.13, 0.16, 0.18]],
  end: [[523, 0, 0.14, 0.2], [659, 0.12, 0.14, 0.2], [784, 0.24, 0.3, 0.2]],
};

export class SoundPlayer {
  /**
   * @param {{create?: () => AudioContext | null}} [options]  `create`: makes the AudioContext
   *   (null where there is no Web Audio)
   */
  constructor({ create = defaultContext } = {}) {
    this.create = create;
    /** @type {AudioContext | null} */
    this.ctx = null;
    this.gestured = false;
  }

  /** Listens for the first gesture on `target` (the document). */
  listen(target = document) {
    const onGesture = () => this.gesture();
    for (const type of ['pointerdown', 'keydown']) target.addEventListener(type, onGesture, { capture: true });
  }

  /**
   * A gesture of the player: audio may start from now on (`context` makes it), and a context
   * the browser suspended is resumed, the one place (some browsers allow it only during a
   * gesture).
   */
  gesture() {
    this.gestured = true;
    if (this.ctx?.state === 'suspended') void this.ctx.resume().catch(() => {});
  }

  /** The AudioContext, made once a gesture allows it; null before. */
  context() {
    if (!this.gestured) return null;
    try {
      this.ctx ??= this.create();
    } catch {
      this.ctx = null; // no audio here: silence
    }
    return this.ctx;
  }

  /** @param {Sound} sound  played as asked: muted, effects.js asks for none */
  play(sound) {
    const ctx = this.context();
    if (!ctx) return;
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, start, length, peak] of NOTES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(freq, t0 + start);
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }
}

/** A new AudioContext, or null where the browser has none. */
function defaultContext() {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}
