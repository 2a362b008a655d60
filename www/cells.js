// The board as 64 DOM buttons laid over the canvas: the input (mouse, touch, keyboard) and
// the accessible, testable face of the board (data-cell, data-state, data-legal, aria-label),
// with the analysis (data-score, data-exact and the score as text) and the flip preview
// (data-flip on the discs the hovered or focused move would turn).

import { squareName } from './board-canvas.js';
import { setAttr, setText } from './dom.js';
import { t } from './i18n.js';

/** @import { LastMove } from './engine.js' */
/**
 * What the cells show. `editing`: set-up mode, every cell can be chosen; `scores`: the
 * analysis by square; `preview`: the discs to mark as those the previewed move would turn.
 * @typedef {{board: string, legal: string[], humanToMove: boolean, lastMove: LastMove|null,
 *   hint: string|null, editing?: boolean, scores?: Record<string, {score: string, exact: boolean}> | null,
 *   flips?: Record<string, string[]>, preview?: string[]}} CellsView
 */

/** @type {Record<string, 'black' | 'white' | 'empty' | undefined>} */
const STATE = { X: 'black', O: 'white', '-': 'empty' };

export class Cells {
  /**
   * @param {HTMLElement} container  an 8×8 grid element
   * @param {(square: string) => void} onActivate  called with `d3` when a cell is chosen
   * @param {(square: string | null) => void} [onPreview]  called with the cell hovered or
   *   focused, null when none is
   */
  constructor(container, onActivate, onPreview = () => {}) {
    /** @type {HTMLButtonElement[]} */
    this.buttons = [];
    this.focusIndex = 0;
    for (let i = 0; i < 64; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.dataset.cell = squareName(i);
      b.tabIndex = -1;
      b.addEventListener('click', () => onActivate(/** @type {string} */ (b.dataset.cell)));
      b.addEventListener('focus', () => {
        this.setFocusIndex(i, false);
        onPreview(squareName(i));
      });
      b.addEventListener('blur', () => onPreview(null));
      b.addEventListener('pointerenter', () => onPreview(squareName(i)));
      b.addEventListener('pointerleave', () => onPreview(null));
      container.append(b);
      this.buttons.push(b);
    }
    container.addEventListener('keydown', (e) => this.onKey(e));
    this.setFocusIndex(0, false);
  }

  /**
   * @param {number} i
   * @param {boolean} focus
   */
  setFocusIndex(i, focus) {
    this.buttons[this.focusIndex].tabIndex = -1;
    this.focusIndex = i;
    this.buttons[i].tabIndex = 0;
    if (focus) this.buttons[i].focus();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const i = this.focusIndex;
    const r = Math.floor(i / 8);
    const c = i % 8;
    /** @type {Record<string, [number, number] | undefined>} */
    const moves = {
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      Home: [r, 0],
      End: [r, 7],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    const [nr, nc] = to;
    if (nr < 0 || nr > 7 || nc < 0 || nc > 7) return;
    this.setFocusIndex(nr * 8 + nc, true);
  }

  /** @param {CellsView} view */
  update(view) {
    const legal = new Set(view.humanToMove ? view.legal : []);
    const last = view.lastMove?.square;
    const flip = new Set(view.preview ?? []);
    for (let i = 0; i < 64; i++) {
      const b = this.buttons[i];
      const name = /** @type {string} */ (b.dataset.cell); // set in the constructor
      const state = STATE[view.board[i]] ?? 'empty';
      if (b.dataset.state !== state) b.dataset.state = state;
      const isLegal = legal.has(name);
      if (isLegal) b.dataset.legal = 'true';
      else delete b.dataset.legal;
      setData(b, 'flip', flip.has(name) ? 'true' : null);
      const score = view.scores?.[name] ?? null;
      setData(b, 'score', score?.score ?? null);
      setData(b, 'exact', score?.exact ? 'true' : null);
      const text = score?.score ?? '';
      setText(b, text);
      const words = [name, t(`cell.${state}`)];
      if (isLegal) words.push(t('cell.legal'));
      if (score) words.push(t('cell.score', { score: score.score }));
      if (score?.exact) words.push(t('cell.exact'));
      if (name === last) words.push(t('cell.last'));
      if (name === view.hint) words.push(t('cell.hint'));
      const label = words.join(t('join.label'));
      setAttr(b, 'aria-label', label);
      b.setAttribute('aria-disabled', String(!isLegal && !view.editing));
    }
  }
}

/**
 * Sets `data-<key>` of `el` to `value`, or removes it for null (only when it differs).
 * @param {HTMLElement} el
 * @param {string} key
 * @param {string | null} value
 */
function setData(el, key, value) {
  if (value === null) {
    if (key in el.dataset) delete el.dataset[key];
  } else if (el.dataset[key] !== value) {
    el.dataset[key] = value;
  }
}
