// The game page, put together. The data flow is one way:
//   input (cells, buttons, form, URL hash, AI replies)
//     → the engine adapter when the game changes (engine.js), answering with a snapshot
//     → an action → reduce(state, action) (state.js, pure)
//     → effects(prev, next) (effects.js, pure), performed by `perform` below: the URL hash,
//       the AI requests (ai-client.js over the worker)
//     → render(state) (render.js, one function per region of the page).
// This file only routes: every rule comes from the engine, every word from the message table.

import init, * as wasm from './pkg/reversi_wasm.js';
import { AiClient } from './ai-client.js';
import { WorkerPool, poolSize } from './ai-pool.js';
import { BoardCanvas } from './board-canvas.js';
import { Cells } from './cells.js';
import { effects } from './effects.js';
import { Engine } from './engine.js';
import { parseHash } from './hash.js';
import { problemMessage } from './i18n.js';
import { renderPage } from './page.js';
import { PREFS_KEY, readPrefs, writePrefs } from './prefs.js';
import { toProblem } from './problem.js';
import { createRenderer, renderMessage } from './render.js';
import { SoundPlayer } from './sound.js';
import { canUndo, formSettings, humanToMove, humans, initialState, reduce } from './state.js';
import { watchUpdates } from './updates.js';

/** @import { AiResult } from './ai-client.js' */
/** @import { Effect } from './effects.js' */
/** @import { Action, State } from './state.js' */

/**
 * The element of the page that `sel` selects (index.html has every one asked for).
 * @param {string} sel
 */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));

/** @type {State} */
let state = initialState(
  { minLevel: 1, maxLevel: 1, defaultLevel: 1 },
  readPrefs(stored(PREFS_KEY), navigator.languages ?? []),
);
/** Until the engine is loaded, only the page's own region (its language, theme, settings). */
/** @type {((state: State) => void) | null} */
let render = renderPage;
const sound = new SoundPlayer();
/** @type {Engine | null} */
let engine = null;
/** @type {AiClient | null} */
let ai = null;
/** The hash this page last wrote, to tell our own changes from the user's. */
let writtenHash = '';

/** @type {Action[]} */
const queue = [];
let dispatching = false;

/**
 * Changes the state by `action`, performs the effects of the change, renders. An action
 * dispatched meanwhile (by an effect) waits for its turn.
 * @param {Action} action
 */
function dispatch(action) {
  queue.push(action);
  if (dispatching) return;
  dispatching = true;
  const before = state;
  try {
    for (let a = queue.shift(); a; a = queue.shift()) {
      const prev = state;
      state = reduce(prev, a);
      if (state !== prev) for (const e of effects(prev, state)) perform(e);
    }
  } finally {
    dispatching = false;
  }
  if (state !== before) render?.(state);
}

/**
 * The runner of the effects.
 * @param {Effect} effect
 */
function perform(effect) {
  switch (effect.type) {
    case 'write-hash':
      if (effect.hash !== location.hash) history.replaceState(null, '', effect.hash);
      writtenHash = location.hash;
      save(effect.hash);
      break;
    case 'ai-request':
      ai?.request(effect.request);
      break;
    case 'ai-cancel':
      ai?.cancel(effect.id);
      break;
    case 'review-game':
      reviewGame();
      break;
    case 'save-prefs':
      store(PREFS_KEY, writePrefs(effect.prefs));
      break;
    case 'sound':
      sound.play(effect.sound);
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Input: what changes the engine's game goes through the adapter first; the action carries the
// snapshot it answers with.

/** The engine, once loaded (input comes only after that). */
function game() {
  return /** @type {Engine} */ (engine);
}

/** @param {string} square */
function onCell(square) {
  if (state.setup) {
    dispatch({ type: 'setup-cell', square });
    return;
  }
  if (!humanToMove(state)) return;
  const { review, snap, settings } = state;
  if (review && snap && settings) {
    const next = snap.events[review.ply];
    if (next?.type === 'move' && next.square === square) {
      reviewAt(review.ply + 1); // the game's own move: the review goes on
      return;
    }
    const previous = { settings, moves: snap.transcript, by: /** @type {const} */ ('line') };
    const r = game().branch(settings, review.snap.transcript, square);
    dispatch(r.ok ? { type: 'branched', snap: r.snap, previous } : { type: 'move-refused', error: r.error });
    return;
  }
  const r = game().play(square);
  dispatch(r.ok ? { type: 'moved', snap: r.snap } : { type: 'move-refused', error: r.error });
}

/**
 * Shows the position after `ply` moves and passes of the game (the game's own ends the review).
 * @param {number} ply
 */
function reviewAt(ply) {
  const { snap, settings } = state;
  if (!snap || !settings || state.setup || ply < 0 || ply > snap.events.length) return;
  if (ply === snap.events.length) {
    dispatch({ type: 'review-ended' });
    return;
  }
  const moves = snap.events
    .slice(0, ply)
    .flatMap((e) => (e.type === 'move' ? [e.square] : []))
    .join('');
  const r = game().positionAt(settings, moves);
  dispatch(r.ok ? { type: 'reviewed', ply, snap: r.snap } : { type: 'move-refused', error: r.error });
}

/** @param {number} delta  plies forward (negative: back) from the position shown */
function stepReview(delta) {
  if (!state.snap) return;
  reviewAt((state.review?.ply ?? state.snap.events.length) + delta);
}

/** Reviews the game: every move scored against the best one (the engine's positions). */
function reviewGame() {
  const { snap, settings } = state;
  if (!snap || !settings || !engine) return;
  const positions = game().positionsBefore(settings, snap.events);
  dispatch({ type: 'review-started', transcript: snap.transcript, positions });
}

/** Takes back a new game or a new line: the game it replaced comes back. */
function takeBack() {
  const previous = state.previous;
  if (!previous) return;
  dispatch({ type: 'game-loaded', loaded: game().load(previous.settings, previous.moves), linkProblems: [] });
}

function undo() {
  if (!canUndo(state) || !state.settings) return;
  dispatch({ type: 'undone', ...game().undo(humans(state.settings)) });
}

function redo() {
  if (state.setup || !state.settings || !humans(state.settings).length) return;
  dispatch({ type: 'redone', snap: game().redo(humans(state.settings)).snap });
}

/**
 * @param {string} hash
 * @param {boolean} [resumed]  the saved game, resumed
 */
function loadFromHash(hash, resumed = false) {
  const { settings, moves, problems } = parseHash(hash, state.levels);
  const loaded = game().load(settings, moves);
  dispatch(resumed ? { type: 'game-loaded', loaded, linkProblems: problems, resumed } : { type: 'game-loaded', loaded, linkProblems: problems });
}

/** Where the game in progress is saved (its URL hash). */
const SAVED_GAME = 'reversi.game';

/**
 * Saves the game (its hash) in localStorage, if there is one to save in.
 * @param {string} hash
 */
function save(hash) {
  store(SAVED_GAME, hash);
}

/** The saved game's hash, or null. */
function saved() {
  return stored(SAVED_GAME);
}

/**
 * Saves `value` under `key` in localStorage, if there is one to save in.
 * @param {string} key
 * @param {string} value
 */
function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode, quota): it just is not saved.
  }
}

/**
 * The value saved under `key`, or null.
 * @param {string} key
 */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A new game from the form: its settings, or the position being set up if the engine takes it. */
function newGame() {
  const settings = formSettings(state);
  const error = state.setup ? game().check(settings) : null;
  if (error) {
    dispatch({ type: 'setup-refused', error });
    return;
  }
  const previous = replaced();
  const loaded = game().load(settings, '');
  dispatch(previous ? { type: 'game-loaded', loaded, linkProblems: [], previous } : { type: 'game-loaded', loaded, linkProblems: [] });
  /** @type {HTMLElement | null} */ ($('#cells').querySelector('[tabindex="0"]'))?.focus();
}

/**
 * The game in progress, to take back after a new game replaces it (none when it is over or
 * has no move yet).
 * @returns {import('./state.js').Previous | null}
 */
function replaced() {
  const { snap, settings } = state;
  if (!snap || !settings || snap.over || !snap.events.length) return null;
  return { settings, moves: snap.transcript, by: 'game' };
}

/**
 * Plays a pasted transcript as a new game of the current settings, if the engine takes all
 * of it; else says which move is wrong and leaves the game as it is.
 * @param {string} text
 */
function loadTranscript(text) {
  const { settings } = state;
  if (!settings) return;
  if (!text.trim()) {
    dispatch({ type: 'noted', notes: [{ id: 'note.transcript_empty' }] });
    return;
  }
  const check = game().positionAt(settings, text);
  if (!check.ok) {
    dispatch({ type: 'noted', notes: [{ id: 'note.transcript_refused', params: { reason: problemMessage(check.error) } }] });
    return;
  }
  const previous = replaced();
  const loaded = game().load(settings, text);
  dispatch(previous ? { type: 'game-loaded', loaded, linkProblems: [], previous } : { type: 'game-loaded', loaded, linkProblems: [] });
}

/**
 * Copies `text` to the clipboard and says so.
 * @param {string} text
 * @param {'note.copied_transcript' | 'note.copied_link'} done
 */
async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    dispatch({ type: 'noted', notes: [{ id: done }] });
  } catch {
    dispatch({ type: 'noted', notes: [{ id: 'note.copy_failed', params: { text } }] });
  }
}

/**
 * What the AI client answers. The AI's move is played (after the pacing delay) only if the
 * state still waits for it.
 * @param {AiResult} result
 */
function onAiResult(result) {
  if (result.type === 'error') {
    dispatch({ type: 'ai-failed', id: result.id, error: result.error });
  } else if (result.type === 'dropped') {
    dispatch({ type: 'ai-dropped', id: result.id });
  } else if (result.type === 'scores') {
    dispatch({ type: 'scores-reply', id: result.id, scores: result.scores });
  } else if (result.kind === 'hint') {
    dispatch({ type: 'hint-reply', id: result.id, move: result.move });
  } else {
    setTimeout(() => {
      if (state.request?.id !== result.id) return; // stale: the game changed meanwhile
      const r = game().play(/** @type {string} */ (result.move)); // asked only when it can move
      dispatch(r.ok ? { type: 'ai-moved', id: result.id, snap: r.snap } : { type: 'ai-refused', id: result.id, error: r.error });
    }, Math.max(0, state.aiDelay - result.waited));
  }
}

/**
 * The keyboard shortcuts (listed in the page, #shortcuts): not while typing in a field, not
 * with Ctrl, Alt or Meta (the browser's own).
 * @param {KeyboardEvent} e
 */
function onShortcut(e) {
  const target = /** @type {HTMLElement} */ (e.target);
  if (e.ctrlKey || e.altKey || e.metaKey || target.closest('input, select, textarea')) return;
  /** @type {Record<string, () => void>} */
  const keys = {
    u: undo,
    r: redo,
    h: () => dispatch({ type: 'hint-asked' }),
    s: () => dispatch({ type: 'analysis-toggled' }),
    v: reviewGame,
    '[': () => stepReview(-1),
    ']': () => stepReview(1),
    Escape: () => dispatch({ type: 'review-ended' }),
  };
  const run = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key];
  if (!run) return;
  e.preventDefault();
  run();
}

// ---------------------------------------------------------------------------------------------
// Start-up

/** The settings of the page (language, theme, sound): they work before the engine loads. */
function listenToSettings() {
  $('#language').addEventListener('change', (e) => {
    dispatch({ type: 'prefs-set', prefs: { language: /** @type {HTMLSelectElement} */ (e.target).value } });
  });
  $('#theme').addEventListener('change', (e) => {
    dispatch({ type: 'prefs-set', prefs: { theme: /** @type {HTMLSelectElement} */ (e.target).value } });
  });
  $('#mute').addEventListener('click', () => {
    dispatch({ type: 'prefs-set', prefs: { muted: !state.prefs.muted } });
  });
  sound.listen(document);
}

async function main() {
  renderPage(state);
  listenToSettings();
  try {
    await init();
  } catch (e) {
    // Without the engine, nothing else can be shown.
    render = (s) => {
      renderPage(s);
      renderMessage(s);
    };
    dispatch({ type: 'load-failed', error: toProblem(e) });
    return;
  }
  engine = new Engine(wasm);
  state = initialState(engine.levels(), state.prefs);

  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  const canvas = new BoardCanvas(/** @type {HTMLCanvasElement} */ ($('#board-canvas')), {
    reducedMotion: () => reducedMotion.matches,
  });
  const cells = new Cells($('#cells'), onCell, (square) => dispatch({ type: 'previewed', square }));
  render = createRenderer({ canvas, cells });
  const splitter = engine;
  ai = new AiClient({
    createWorker: () => {
      // The top level's search is split over several workers on a device with the cores.
      const spawn = () => new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
      const size = poolSize(navigator.hardwareConcurrency);
      document.documentElement.dataset.aiPool = String(size);
      if (size === 1) return spawn();
      return new WorkerPool({ size, createWorker: spawn, createPlan: (r) => splitter.splitPlan(r) });
    },
    onResult: onAiResult,
    onWorkerStart: (starts) => {
      document.documentElement.dataset.aiWorkers = String(starts);
    },
  });

  const form = /** @type {HTMLFormElement} */ ($('#new-game'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    newGame();
  });
  /** @param {Event} e */
  const onField = (e) => {
    const field = /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target);
    if (field.name) dispatch({ type: 'form-changed', name: field.name, value: field.value });
  };
  form.addEventListener('input', onField);
  form.addEventListener('change', onField);
  $('#setup-enter').addEventListener('click', () => dispatch({ type: 'setup-entered' }));
  $('#setup-cancel').addEventListener('click', () => dispatch({ type: 'setup-cancelled' }));
  $('#setup-clear').addEventListener('click', () => dispatch({ type: 'setup-board', board: '-'.repeat(64) }));
  $('#setup-standard').addEventListener('click', () =>
    dispatch({ type: 'setup-board', board: game().startBoard('standard') }),
  );
  $('#undo').addEventListener('click', undo);
  $('#redo').addEventListener('click', redo);
  $('#hint').addEventListener('click', () => dispatch({ type: 'hint-asked' }));
  $('#analysis').addEventListener('click', () => dispatch({ type: 'analysis-toggled' }));
  $('#back-to-game').addEventListener('click', () => dispatch({ type: 'review-ended' }));
  $('#ai-pause').addEventListener('click', () => dispatch({ type: 'pause-toggled' }));
  $('#ai-step').addEventListener('click', () => dispatch({ type: 'ai-stepped' }));
  $('#ai-speed').addEventListener('input', (e) => {
    // The slider goes from slow (left) to fast (right): the delay is its mirror.
    const slider = /** @type {HTMLInputElement} */ (e.target);
    dispatch({ type: 'ai-delay-set', ms: Number(slider.max) - Number(slider.value) });
  });
  $('#take-back').addEventListener('click', takeBack);
  $('#review-game').addEventListener('click', reviewGame);
  $('#eval-graph').addEventListener('click', (e) => {
    const point = /** @type {Element} */ (e.target).closest('[data-ply]');
    if (point instanceof SVGElement) reviewAt(Number(point.dataset.ply));
  });
  $('#eval-graph').addEventListener('keydown', (e) => {
    const point = /** @type {Element} */ (e.target).closest('[data-ply]');
    if (point instanceof SVGElement && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      reviewAt(Number(point.dataset.ply));
    }
  });
  $('#copy-transcript').addEventListener('click', () => void copy(state.snap?.transcript ?? '', 'note.copied_transcript'));
  $('#copy-link').addEventListener('click', () => void copy(location.href, 'note.copied_link'));
  $('#transcript-form').addEventListener('submit', (e) => {
    e.preventDefault();
    loadTranscript(/** @type {HTMLInputElement} */ ($('#transcript-input')).value);
  });
  const moveList = $('#moves');
  moveList.addEventListener('click', (e) => {
    const button = /** @type {HTMLElement} */ (e.target).closest('[data-ply]');
    if (button instanceof HTMLElement) reviewAt(Number(button.dataset.ply));
  });
  moveList.addEventListener('keydown', (e) => {
    /** @type {Record<string, number>} */
    const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (!(e.key in steps)) return;
    e.preventDefault();
    stepReview(steps[e.key]);
    /** @type {HTMLElement | null} */ (moveList.querySelector('[aria-current="step"]'))?.focus();
  });
  document.addEventListener('keydown', onShortcut);
  window.addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) loadFromHash(location.hash);
  });

  // Without a hash, the saved game resumes (New game is one click away).
  const resume = location.hash.length > 1 ? null : saved();
  if (resume) loadFromHash(resume, true);
  else loadFromHash(location.hash);
  document.documentElement.dataset.ready = 'true';
  performance.mark('reversi-playable');
  // A new version is offered, and taken only when the player asks for it.
  const updates = watchUpdates(() => dispatch({ type: 'update-ready' }));
  $('#update-reload').addEventListener('click', () => updates.apply());
}

main();
