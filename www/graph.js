// The evaluation graph and the game review's words: one region of the page, written only
// here. The graph is an SVG of the positions' values for Black (state.evals: the analysis's
// and the review's, the engine's scores) after each move and pass; each point is a button to
// that position; the points after a mistake are marked.

import { formatScore, shown } from './analysis.js';
import { setText } from './dom.js';
import { currentLanguage, formatAll, t } from './i18n.js';
import { mistakes, reviewMessages } from './review.js';

/** @import { State } from './state.js' */

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/**
 * The graph's panel: shown while the analysis is on, after the game and during a review.
 * @param {State} state
 */
export function renderGraph(state) {
  const panel = /** @type {HTMLElement} */ (document.querySelector('#graph-panel'));
  const svg = /** @type {SVGSVGElement} */ (document.querySelector('#eval-graph'));
  const summary = /** @type {HTMLElement} */ (document.querySelector('#review-summary'));
  const button = /** @type {HTMLButtonElement} */ (document.querySelector('#review-game'));
  const s = state.snap;
  if (!s || state.setup) {
    panel.hidden = true;
    return;
  }
  panel.hidden = !(state.analysis || s.over || state.gameReview);
  const review = state.gameReview;
  button.disabled = !s.events.length || review?.transcript === s.transcript;
  const text = formatAll(reviewMessages(review));
  setText(summary, text);

  // The points: the value of the position after each ply (0: the start), where known.
  /** @type {{ply: number, score: number, exact: boolean}[]} */
  const points = [];
  let moves = '';
  for (let ply = 0; ply <= s.events.length; ply++) {
    if (ply > 0) {
      const e = s.events[ply - 1];
      if (e.type === 'move') moves += e.square;
    }
    const v = state.evals[moves];
    if (v) points.push({ ply, ...v });
  }
  const bad = mistakes(review);
  const current = shown(state) === s ? s.events.length : (state.review?.ply ?? -1);
  const key = JSON.stringify([points, [...bad.keys()], current, s.events.length, currentLanguage()]);
  if (svg.dataset.key === key) return;
  svg.dataset.key = key;

  const last = Math.max(1, s.events.length);
  const top = Math.max(16, ...points.map((p) => Math.abs(p.score)));
  /** @param {number} ply */
  const x = (ply) => PAD + (ply / last) * (WIDTH - 2 * PAD);
  /** @param {number} score */
  const y = (score) => HEIGHT / 2 - (score / top) * (HEIGHT / 2 - PAD);
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  const axis = document.createElementNS(SVG, 'line');
  axis.setAttribute('class', 'axis');
  axis.setAttribute('x1', String(PAD));
  axis.setAttribute('x2', String(WIDTH - PAD));
  axis.setAttribute('y1', String(HEIGHT / 2));
  axis.setAttribute('y2', String(HEIGHT / 2));
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('class', 'line');
  line.setAttribute('points', points.map((p) => `${x(p.ply).toFixed(1)},${y(p.score).toFixed(1)}`).join(' '));
  const dots = points.map((p) => {
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('cx', x(p.ply).toFixed(1));
    c.setAttribute('cy', y(p.score).toFixed(1));
    c.setAttribute('r', bad.has(p.ply) ? '4.5' : '3');
    c.dataset.ply = String(p.ply);
    c.dataset.score = formatScore(p.score);
    if (p.exact) c.dataset.exact = 'true';
    if (bad.has(p.ply)) c.dataset.mistake = 'true';
    c.setAttribute('class', `point${bad.has(p.ply) ? ' mistake' : ''}${p.ply === current ? ' current' : ''}`);
    c.setAttribute('role', 'button');
    c.setAttribute('tabindex', '0');
    const score = formatScore(p.score);
    c.setAttribute('aria-label', p.ply ? t('graph.point', { ply: p.ply, score }) : t('graph.start', { score }));
    return c;
  });
  svg.replaceChildren(axis, line, ...dots);
}
