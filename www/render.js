// Rendering: the page as a function of the state. One function per region of the page, each
// the only one to write its region; all of them run after every change (each writes only what
// differs). The words come from the message table (i18n.js).

import { cellScores, depthMessages, shown as shownSnap, solvedMessages } from './analysis.js';
import { setAttr, setText } from './dom.js';
import { renderGraph } from './graph.js';
import { currentLanguage, t, formatAll } from './i18n.js';
import { renderPage } from './page.js';
import { mistakes } from './review.js';
import { COLORS, aiVsAi, canHint, canRedo, canUndo, humanToMove, thinking } from './state.js';
import { setupMessages, statusMessages } from './text.js';

/** @import { BoardCanvas, BoardView } from './board-canvas.js' */
/** @import { Cells, CellsView } from './cells.js' */
/** @import { Snapshot } from './engine.js' */
/** @import { Msg } from './i18n.js' */
/** @import { State } from './state.js' */
/**
 * The new-game form, with its radio groups by name (the players are selects).
 * @typedef {HTMLFormElement & {elements: {rules: RadioNodeList, start: RadioNodeList,
 *   side: RadioNodeList}}} NewGameForm
 */

/**
 * The element of the page that `sel` selects (index.html has every one asked for).
 * @param {string} sel
 */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/**
 * The function that renders the whole page, drawing the board with `canvas` and `cells`.
 * @param {{canvas: BoardCanvas, cells: Cells}} board
 * @returns {(state: State) => void}
 */
export function createRenderer({ canvas, cells }) {
  const regions = [
    renderPage,
    boardRenderer(canvas, cells),
    renderScores,
    renderRulesNote,
    renderStatus,
    renderAnalysis,
    renderMessage,
    renderControls,
    renderMoves,
    renderGraph,
    renderForm,
    renderMode,
  ];
  return (state) => {
    for (const render of regions) render(state);
  };
}

/**
 * The board: the canvas and the cells over it. A move just played (by a human or the AI) is
 * animated; the view is handed over only when it changed (a redraw would end an animation).
 * @param {BoardCanvas} canvas
 * @param {Cells} cells
 * @returns {(state: State) => void}
 */
function boardRenderer(canvas, cells) {
  let played = 0;
  let shown = '';
  let theme = '';
  return (state) => {
    if (state.prefs.theme !== theme) {
      theme = state.prefs.theme;
      canvas.recolor(); // the colours are the theme's custom properties
    }
    const s = state.snap;
    /** @type {BoardView & CellsView} */
    let view;
    if (state.setup) {
      view = { board: state.setup.board, legal: [], legalColor: null, humanToMove: false, lastMove: null, hint: null, editing: true };
    } else if (s) {
      const human = humanToMove(state);
      const v = /** @type {Snapshot} */ (shownSnap(state));
      view = {
        board: v.board,
        legal: v.legal,
        legalColor: human ? v.toMove : null,
        humanToMove: human,
        lastMove: v.lastMove,
        hint: state.review ? null : state.hint,
        scores: cellScores(state),
        preview: human && state.preview ? (v.flips[state.preview] ?? []) : [],
      };
    } else {
      return;
    }
    const animate = state.played !== played && !state.setup;
    played = state.played;
    // The cells' labels are words.
    const key = JSON.stringify([view, currentLanguage()]);
    if (key === shown && !animate) return;
    shown = key;
    canvas.setView(view, animate);
    cells.update(view);
  };
}

/**
 * The score cards: counts, who plays, whose turn, the winner. In set-up mode, the counts of
 * the board being set up and its side to move.
 * @param {State} state
 */
function renderScores(state) {
  const { snap: s, settings, setup } = state;
  if (!s || !settings) return;
  for (const c of COLORS) {
    const el = $(`#score-${c}`);
    let count;
    let who;
    let active;
    if (setup) {
      const symbol = c === 'black' ? 'X' : 'O';
      count = [...setup.board].filter((ch) => ch === symbol).length;
      who = t('player.setup');
      active = setup.side === symbol;
    } else {
      const p = settings[c];
      count = (state.review?.snap ?? s)[c];
      who = p.ai ? t('player.ai', { level: p.level }) : t('player.human');
      active = (state.review?.snap ?? s).toMove === c;
    }
    const countEl = /** @type {HTMLElement} */ (el.querySelector('.count'));
    setText(countEl, String(count));
    const label = t('score.count', { player: c, count });
    setAttr(countEl, 'aria-label', label);
    setText(/** @type {HTMLElement} */ (el.querySelector('.who')), who);
    el.classList.toggle('active', active);
    el.classList.toggle('winner', !setup && s.over && s.winner === c);
  }
}

/** @param {State} state */
function renderRulesNote(state) {
  if (!state.snap) return;
  setText($('#rules-note'), t(state.snap.rules === 'inverse' ? 'rules.inverse' : 'rules.classic'));
}

/**
 * The status line (role="status"): its announcements, and whether the AI thinks.
 * @param {State} state
 */
function renderStatus(state) {
  const { snap: s, settings, setup } = state;
  if (!s || !settings) return; // index.html says the game is loading (page.js translates it)
  const el = $('#status');
  const busy = !setup && thinking(state);
  const review = state.review;
  /** @type {Msg[]} */
  const msgs = setup
    ? setupMessages(setup.side)
    : review
      ? [{ id: 'status.review', params: { ply: review.ply, plies: s.events.length } }, ...statusMessages(review.snap, settings, false)]
      : statusMessages(s, settings, busy);
  setText(el, formatAll(msgs));
  el.classList.toggle('thinking', busy);
  el.classList.toggle('over', !setup && s.over);
}

/**
 * What the analysis says next to the board: how deep it looked, and (a live region) the
 * result with best play once the engine has solved the position.
 * @param {State} state
 */
function renderAnalysis(state) {
  setText($('#analysis-depth'), formatAll(depthMessages(state)));
  setText($('#analysis-solved'), formatAll(solvedMessages(state)));
}

/**
 * The message line (role="alert"), hidden when there is nothing to say.
 * @param {State} state
 */
export function renderMessage(state) {
  const el = $('#message');
  setText(el, formatAll(state.notes));
  el.hidden = state.notes.length === 0;
}

/** @param {State} state */
function renderControls(state) {
  if (!state.snap) return;
  /** @type {HTMLButtonElement} */ ($('#undo')).disabled = !canUndo(state);
  /** @type {HTMLButtonElement} */ ($('#redo')).disabled = !canRedo(state);
  const hint = /** @type {HTMLButtonElement} */ ($('#hint'));
  hint.disabled = !canHint(state);
  setText(hint, t(state.request?.kind === 'hint' ? 'button.hint_busy' : 'button.hint'));
  $('#analysis').setAttribute('aria-pressed', String(state.analysis));
  const both = aiVsAi(state);
  $('#ai-controls').hidden = !both;
  const pause = $('#ai-pause');
  pause.setAttribute('aria-pressed', String(state.paused));
  setText(pause, t(state.paused ? 'button.resume' : 'button.pause'));
  const s = state.snap;
  /** @type {HTMLButtonElement} */ ($('#ai-step')).disabled =
    !both || !state.paused || !s || s.over || state.request !== null || !!state.setup;
  const speed = /** @type {HTMLInputElement} */ ($('#ai-speed'));
  const value = String(Number(speed.max) - state.aiDelay);
  if (speed.value !== value) speed.value = value;
}

/**
 * The list of moves and passes (kept while a position is set up): numbered, each a button
 * with `data-ply` (the plies played after it) that shows its position; the position shown is
 * `aria-current`. Then the review's buttons.
 * @param {State} state
 */
function renderMoves(state) {
  if (!state.snap) return;
  const list = $('#moves');
  const bad = mistakes(state.gameReview);
  const items = state.snap.events.map((e, i) => {
    if (e.type === 'pass') {
      const text = t('moves.pass', { n: i + 1, player: e.player });
      return [`${e.player} pass`, text, text];
    }
    const label = t('moves.move_label', { n: i + 1, square: e.square, player: e.player });
    const m = bad.get(i + 1);
    return m
      ? [`${e.player} mistake`, t('moves.move', { n: i + 1, square: e.square }), t('moves.mistake', { label, loss: m.loss, best: m.bestMove })]
      : [e.player, t('moves.move', { n: i + 1, square: e.square }), label];
  });
  const key = JSON.stringify(items);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(
      ...items.map(([className, text, label], i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `mv ${className}`;
        b.dataset.ply = String(i + 1);
        if (className.endsWith(' mistake')) b.dataset.mistake = 'true';
        b.textContent = text;
        b.setAttribute('aria-label', label);
        li.append(b);
        return li;
      }),
    );
    list.scrollTop = list.scrollHeight;
  }
  const current = String(state.review?.ply ?? state.snap.events.length);
  for (const b of list.querySelectorAll('button')) {
    const el = /** @type {HTMLElement} */ (b);
    const isCurrent = el.dataset.ply === current;
    if (isCurrent) el.setAttribute('aria-current', 'step');
    else el.removeAttribute('aria-current');
    el.tabIndex = isCurrent || (current === '0' && el.dataset.ply === '1') ? 0 : -1;
  }
  $('#back-to-game').hidden = !state.review;
  // The name of the opening the moves shown follow (the engine's table).
  const opening = (state.review?.snap ?? state.snap).opening;
  const openingEl = $('#opening');
  openingEl.hidden = !opening;
  setText(openingEl, opening ? t('moves.opening', { name: opening }) : '');
  const takeBack = $('#take-back');
  takeBack.hidden = !state.previous;
  if (state.previous) setText(takeBack, t(state.previous.by === 'line' ? 'button.back_to_line' : 'button.undo_new_game'));
}

/**
 * The new-game form: the players' choices (the levels), the fields as the state has them, the
 * side to move of a position being set up.
 * @param {State} state
 */
function renderForm(state) {
  const form = /** @type {NewGameForm} */ ($('#new-game'));
  const { minLevel, maxLevel } = state.levels;
  for (const c of COLORS) {
    const select = /** @type {HTMLSelectElement} */ ($(`#player-${c}`));
    const key = `${minLevel}-${maxLevel}-${currentLanguage()}`;
    if (select.dataset.levels !== key) {
      select.dataset.levels = key;
      const options = [new Option(t('form.human'), 'human')];
      for (let n = minLevel; n <= maxLevel; n++) options.push(new Option(t('form.ai', { level: n }), `ai${n}`));
      select.replaceChildren(...options);
    }
    if (select.value !== state.form[c]) select.value = state.form[c];
  }
  if (form.elements.rules.value !== state.form.rules) form.elements.rules.value = state.form.rules;
  if (form.elements.start.value !== state.form.start) form.elements.start.value = state.form.start;
  if (state.setup && form.elements.side.value !== state.setup.side) form.elements.side.value = state.setup.side;
}

/**
 * The page's mode: loading (until the first game), playing or setting up a position.
 * @param {State} state
 */
function renderMode(state) {
  document.body.classList.toggle('loading', !state.snap);
  document.body.classList.toggle('setting-up', state.setup !== null);
}
