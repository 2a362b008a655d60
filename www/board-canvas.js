// Draws the board on a canvas, sharp on high-DPI screens, with a short flip animation.
// A pure view: it is told what to show (setView) and never decides anything about the game.
// Its colours are the page's CSS custom properties (styles.css: the theme, forced colours),
// read again when the theme or the system's colours change. The marks differ by shape as well
// as colour: legal moves are dots, the last move a square, the hint a ring.

/** @import { Color, LastMove } from './text.js' */
/**
 * What the board shows: the 64 cells a1..h8 (`X`, `O`, `-`), the legal moves of the human to
 * move (`legalColor`, or null to show none), the last move and the hint.
 * @typedef {{board: string, legal: string[], legalColor: Color | null, lastMove: LastMove | null,
 *            hint: string | null}} BoardView
 */

export const FILES = 'abcdefgh';

/**
 * `d3` for index 19 (index = row * 8 + column, a1 = 0, rows top to bottom).
 * @param {number} index
 */
export function squareName(index) {
  return FILES[index % 8] + String(Math.floor(index / 8) + 1);
}

/**
 * The index of a square name such as `d3`.
 * @param {string} name
 */
export function squareIndex(name) {
  return (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]);
}

const FLIP_MS = 320;

/** The colours of the board, by the custom property that gives each (styles.css). */
const PROPERTIES = {
  felt: '--board-felt',
  feltDark: '--board-felt-dark',
  line: '--board-line',
  star: '--board-star',
  black: '--disc-black',
  blackDark: '--disc-black-dark',
  blackEdge: '--disc-black-edge',
  white: '--disc-white',
  whiteDark: '--disc-white-dark',
  whiteEdge: '--disc-white-edge',
  markBlack: '--mark-black',
  markWhite: '--mark-white',
  lastOnBlack: '--mark-last-on-black',
  lastOnWhite: '--mark-last-on-white',
  lastMoveEdge: '--mark-last-edge',
  hint: '--mark-hint',
};
/**
 * The colours, and whether a disc's edge shows (`hasEdges`: the contrast theme's, forced
 * colours'; the others' edges are transparent and are not drawn).
 * @typedef {Record<keyof typeof PROPERTIES, string> & {hasEdges: boolean}} Palette
 */

/**
 * Whether `color` (a hex or rgb()/rgba() colour, as readPalette resolves it) is fully
 * transparent.
 * @param {string} color
 */
function transparent(color) {
  if (color.startsWith('#')) return (color.length === 5 && color[4] === '0') || (color.length === 9 && color.endsWith('00'));
  const parts = color.replace(/^rgba?\(|\)$/gi, '').split(/[\s,/]+/).filter(Boolean);
  return parts.length === 4 && parseFloat(parts[3]) === 0;
}

/**
 * The board's colours now, as the canvas takes them: each property's value, resolved by a
 * probe element when it is not a plain colour (a system colour such as CanvasText, which
 * only the page's style knows; the probe is exempt from forced colours, so it keeps it).
 * @param {Element} from
 * @param {HTMLElement} probe
 * @returns {Palette}
 */
function readPalette(from, probe) {
  const style = getComputedStyle(from);
  const palette = /** @type {Palette} */ ({});
  for (const [key, property] of Object.entries(PROPERTIES)) {
    let value = style.getPropertyValue(property).trim() || 'transparent';
    if (!/^(#[0-9a-f]{3,8}|rgba?\([^)]*\))$/i.test(value)) {
      probe.style.color = value;
      value = getComputedStyle(probe).color;
    }
    palette[/** @type {keyof typeof PROPERTIES} */ (key)] = value;
  }
  palette.hasEdges = !transparent(palette.blackEdge) || !transparent(palette.whiteEdge);
  return palette;
}

export class BoardCanvas {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{reducedMotion: () => boolean}} options
   */
  constructor(canvas, { reducedMotion }) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.reducedMotion = reducedMotion;
    /** @type {BoardView | null} */
    this.view = null;
    /** @type {{start: number, placed: number, flips: Set<number>, from: Color} | null} */
    this.anim = null;
    this.frame = 0;
    this.pixels = 0;
    this.dpr = 1;
    /** @type {Palette | null} */
    this.palette = null;
    this.probe = document.createElement('span');
    this.probe.hidden = true;
    this.probe.setAttribute('aria-hidden', 'true');
    this.probe.style.setProperty('forced-color-adjust', 'none');
    canvas.after(this.probe);
    // The system's colours change the palette (the theme set by the page: `recolor`).
    for (const query of ['(prefers-color-scheme: dark)', '(forced-colors: active)']) {
      matchMedia(query).addEventListener('change', () => this.recolor());
    }
    new ResizeObserver(() => this.resize()).observe(canvas);
    // devicePixelRatio changes (zoom, moving to another screen) do not resize the element.
    const watchDpr = () => {
      const mq = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      mq.addEventListener('change', () => { this.resize(); watchDpr(); }, { once: true });
    };
    watchDpr();
    this.resize();
  }

  /** The theme changed: the colours are read again and the board drawn in them. */
  recolor() {
    this.palette = null;
    this.schedule();
  }

  resize() {
    const css = this.canvas.getBoundingClientRect().width;
    const dpr = window.devicePixelRatio || 1;
    const pixels = Math.max(1, Math.round(css * dpr));
    if (pixels !== this.pixels || dpr !== this.dpr) {
      this.pixels = pixels;
      this.dpr = dpr;
      this.canvas.width = pixels;
      this.canvas.height = pixels;
    }
    this.draw(performance.now());
  }

  /**
   * @param {BoardView} view
   * @param {boolean} animate  animate the last move (a move just played)
   */
  setView(view, animate) {
    this.view = view;
    if (animate && view.lastMove && !this.reducedMotion()) {
      this.anim = {
        start: performance.now(),
        placed: squareIndex(view.lastMove.square),
        flips: new Set(view.lastMove.flips.map(squareIndex)),
        from: view.lastMove.player === 'black' ? 'white' : 'black',
      };
    } else {
      this.anim = null;
    }
    this.schedule();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.draw(now);
      if (this.anim) this.schedule();
    });
  }

  /** @param {number} now  the time of the frame, as performance.now() */
  draw(now) {
    const { ctx, pixels: size } = this;
    if (!ctx || !size) return;
    this.palette ??= readPalette(this.canvas, this.probe);
    const colors = this.palette;
    const cell = size / 8;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, size, size);

    // Felt and grid.
    const felt = ctx.createRadialGradient(size * 0.4, size * 0.35, size * 0.1, size / 2, size / 2, size * 0.75);
    felt.addColorStop(0, colors.felt);
    felt.addColorStop(1, colors.feltDark);
    ctx.fillStyle = felt;
    ctx.fillRect(0, 0, size, size);
    ctx.strokeStyle = colors.line;
    ctx.lineWidth = Math.max(1, size / 400);
    ctx.beginPath();
    for (let k = 1; k < 8; k++) {
      const p = Math.round(k * cell) + 0.5 * (ctx.lineWidth % 2);
      ctx.moveTo(p, 0);
      ctx.lineTo(p, size);
      ctx.moveTo(0, p);
      ctx.lineTo(size, p);
    }
    ctx.stroke();
    ctx.fillStyle = colors.star;
    for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) {
      ctx.beginPath();
      ctx.arc(x * cell, y * cell, cell * 0.07, 0, Math.PI * 2);
      ctx.fill();
    }

    const view = this.view;
    if (!view) return;
    let t = 1;
    if (this.anim) {
      // A frame may be timed before the move was set (its frame began earlier): from 0.
      t = Math.min(1, Math.max(0, (now - this.anim.start) / FLIP_MS));
      if (t >= 1) this.anim = null;
    }

    // Legal moves of the human to move.
    if (view.legalColor) {
      ctx.fillStyle = view.legalColor === 'black' ? colors.markBlack : colors.markWhite;
      for (const name of view.legal) {
        const i = squareIndex(name);
        ctx.beginPath();
        ctx.arc((i % 8 + 0.5) * cell, (Math.floor(i / 8) + 0.5) * cell, cell * 0.1, 0, Math.PI * 2);
        ctx.fill();
      }
    }

    // Discs.
    for (let i = 0; i < 64; i++) {
      const ch = view.board[i];
      if (ch !== 'X' && ch !== 'O') continue;
      /** @type {Color} */
      let color = ch === 'X' ? 'black' : 'white';
      let scaleX = 1;
      let scale = 1;
      const anim = this.anim;
      if (anim && t < 1) {
        if (anim.flips.has(i)) {
          // Turn over: shrink to an edge in the old colour, grow back in the new one.
          scaleX = Math.abs(Math.cos(Math.PI * t));
          if (t < 0.5) color = anim.from;
        } else if (i === anim.placed) {
          scale = 0.7 + 0.3 * Math.min(1, t * 2.5);
        }
      }
      this.disc(i, cell, color, scaleX, scale);
    }

    // Last move (a square) and hint (a ring) markers.
    if (view.lastMove) {
      const i = squareIndex(view.lastMove.square);
      const half = cell * 0.09;
      const x = (i % 8 + 0.5) * cell - half;
      const y = (Math.floor(i / 8) + 0.5) * cell - half;
      ctx.fillStyle = view.lastMove.player === 'black' ? colors.lastOnBlack : colors.lastOnWhite;
      ctx.fillRect(x, y, half * 2, half * 2);
      ctx.strokeStyle = colors.lastMoveEdge;
      ctx.lineWidth = Math.max(1, cell * 0.02);
      ctx.strokeRect(x, y, half * 2, half * 2);
    }
    if (view.hint) {
      const i = squareIndex(view.hint);
      ctx.strokeStyle = colors.hint;
      ctx.lineWidth = cell * 0.07;
      ctx.beginPath();
      ctx.arc((i % 8 + 0.5) * cell, (Math.floor(i / 8) + 0.5) * cell, cell * 0.34, 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  /**
   * @param {number} i
   * @param {number} cell  the size of a cell in pixels
   * @param {Color} color
   * @param {number} scaleX
   * @param {number} scale
   */
  disc(i, cell, color, scaleX, scale) {
    const ctx = /** @type {CanvasRenderingContext2D} */ (this.ctx); // draw() checked it
    const colors = /** @type {Palette} */ (this.palette); // draw() read it
    const cx = (i % 8 + 0.5) * cell;
    const cy = (Math.floor(i / 8) + 0.5) * cell;
    const r = cell * 0.4 * scale;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(Math.max(scaleX, 0.02), 1);
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = cell * 0.06;
    ctx.shadowOffsetY = cell * 0.03;
    const [light, dark, edge] =
      color === 'black' ? [colors.black, colors.blackDark, colors.blackEdge] : [colors.white, colors.whiteDark, colors.whiteEdge];
    const g = ctx.createRadialGradient(-r * 0.35, -r * 0.35, r * 0.1, 0, 0, r);
    g.addColorStop(0, light);
    g.addColorStop(1, dark);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.fill();
    // An edge (the contrast themes'): inside the disc, so that it does not grow it.
    if (colors.hasEdges) {
      ctx.shadowColor = 'transparent';
      ctx.strokeStyle = edge;
      ctx.lineWidth = Math.max(1.5, cell * 0.05);
      ctx.beginPath();
      ctx.arc(0, 0, Math.max(0, r - ctx.lineWidth / 2), 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }
}
