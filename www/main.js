// The game page: state as plain data, one render function of it, cells that emit events, the
// AI in a module Web Worker. Every rule (legal moves, flips, passes, the result) comes from the
// engine through the wasm package; this file only shows it and routes input.

import init, { new_game, max_level, min_level, default_level } from './pkg/reversi_wasm.js';
import { BoardCanvas } from './board-canvas.js';
import { Cells } from './cells.js';
import { defaultSettings, formatHash, parseHash } from './hash.js';
import { levelName } from './levels.js';
import { COLOR_NAME, statusText } from './text.js';

/** @import { Game } from './pkg/reversi_wasm.js' */
/** @import { AiReply, AiRequest } from './ai-worker.js' */
/** @import { Levels, Player, Settings } from './hash.js' */
/** @import { Color, Snapshot } from './text.js' */
/**
 * The new-game form, with its radio groups by name (the players are selects).
 * @typedef {HTMLFormElement & {elements: {rules: RadioNodeList, start: RadioNodeList,
 *   side: RadioNodeList}}} NewGameForm
 */
/** @typedef {{board: string, side: string}} Setup  a position being set up */

/** The AI's move is shown no sooner than this after it was asked for, so the eye can follow. */
const AI_MIN_DELAY_MS = 350;
/** @type {Color[]} */
const COLORS = ['black', 'white'];

/**
 * The element of the page that `sel` selects (index.html has every one asked for).
 * @param {string} sel
 */
const $ = (sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
/**
 * The value of what start-up (main, startGame) sets before anything reads it: null until then,
 * typed as what it will hold (JavaScript's stand-in for a definite assignment).
 */
const UNSET = /** @type {never} */ (/** @type {unknown} */ (null));
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** Everything the page shows is a function of this. */
const app = {
  /** @type {Levels} */
  levels: { minLevel: 1, maxLevel: 1, defaultLevel: 1 },
  /** @type {Settings} */
  settings: UNSET,
  /**
   * The engine's game (a wasm object) and its last snapshot (plain data).
   * @type {Game}
   */
  game: UNSET,
  /** @type {Snapshot} */
  snap: UNSET,
  /**
   * The outstanding worker request `{id, kind: 'move'|'hint', sent}`, or null.
   * @type {{id: number, kind: 'move' | 'hint', sent: number, answered: boolean} | null}
   */
  pending: null,
  /** @type {string | null} */
  hint: null,
  message: '',
  /** The hash this page last wrote, to tell our own changes from the user's. */
  hash: '',
  /**
   * The position being set up `{board, side}` (set-up mode), or null.
   * @type {Setup | null}
   */
  setup: null,
};

let requestSeq = 0;
/** @type {Worker} */
let worker = UNSET;
let workerStarts = 0;
/** @type {BoardCanvas} */
let boardCanvas = UNSET;
/** @type {Cells} */
let cells = UNSET;

// ---------------------------------------------------------------------------------------------
// Game control

function humans() {
  return COLORS.filter((c) => !app.settings[c].ai);
}

function humanToMove() {
  const s = app.snap;
  return !app.setup && !s.over && !app.settings[s.toMove].ai && app.pending?.kind !== 'move';
}

/**
 * A new engine game for `settings` (a set-up position or a named start); throws the engine's
 * error.
 * @param {Settings} settings
 */
function makeGame(settings) {
  const p = settings.position;
  return p ? new_game(settings.rules, 'standard', p.board, p.side) : new_game(settings.rules, settings.start);
}

/**
 * @param {Settings} settings
 * @param {string} moves  a transcript to replay
 * @param {string[]} [messages]  what to tell the user
 */
function startGame(settings, moves, messages = []) {
  cancelPending();
  let game;
  try {
    game = makeGame(settings);
  } catch (e) {
    messages.push(`Could not start that game: ${/** @type {Error} */ (e).message}.`);
    if (moves) messages.push(`The moves in the link (${moves}) were not played.`);
    moves = '';
    if (settings.position) {
      // Keep the game and the players; only the position is dropped.
      const { position, ...rest } = settings;
      settings = { ...rest, start: 'standard' };
      messages.push('The standard start is used instead.');
    } else {
      settings = defaultSettings(app.levels.defaultLevel);
      messages.push('A new game with the default settings starts instead.');
    }
    game = makeGame(settings);
  }
  app.setup = null;
  if (settings.position) {
    // The engine's own spelling of the position it accepted (x, o, . become X, O, -).
    settings = { ...settings, position: { board: game.board(), side: game.side() } };
  }
  if (moves) {
    try {
      game.play_transcript(moves);
    } catch (e) {
      messages.push(
        `The moves in the link could not be replayed (${/** @type {Error} */ (e).message}); ` +
          'the game starts from the beginning.',
      );
    }
  }
  app.game?.free();
  app.game = game;
  app.settings = settings;
  app.message = messages.join(' ');
  fillForm(settings);
  commit(false);
}

/** @param {string} hash */
function loadFromHash(hash) {
  const { settings, moves, errors } = parseHash(hash, app.levels);
  const messages = [];
  if (errors.length) {
    messages.push(`The link was not fully understood: ${errors.join('; ')}. Defaults are used instead.`);
  }
  startGame(settings, moves, messages);
}

/**
 * After every change of the game: snapshot, hash, render, and the AI if it is its turn.
 * @param {boolean} animate  animate the last move
 */
function commit(animate) {
  if (app.pending?.kind === 'hint') cancelPending();
  app.hint = null;
  app.snap = /** @type {Snapshot} */ (app.game.state());
  writeHash();
  render(animate);
  askAi();
}

function writeHash() {
  const hash = formatHash(app.settings, app.snap.transcript);
  if (hash !== location.hash) history.replaceState(null, '', hash);
  app.hash = location.hash;
}

/** @param {string} square */
function play(square) {
  if (!humanToMove()) return;
  try {
    app.game.play(square);
  } catch (e) {
    app.message = /** @type {Error} */ (e).message;
    render(false);
    return;
  }
  app.message = '';
  commit(true);
}

function askAi() {
  const s = app.snap;
  if (s.over || app.pending) return;
  const player = app.settings[s.toMove];
  if (!player.ai) return;
  send('move', player.level);
}

/**
 * @param {'move' | 'hint'} kind
 * @param {number} level
 */
function send(kind, level) {
  const s = app.snap;
  const id = ++requestSeq;
  app.pending = { id, kind, sent: performance.now(), answered: false };
  worker.postMessage(/** @satisfies {AiRequest} */ ({
    id,
    board: s.board,
    side: s.side,
    rules: s.rules,
    level,
    seed: Math.floor(Math.random() * 2 ** 32),
  }));
  render(false);
}

/** @param {MessageEvent<AiReply>} event */
function onWorkerReply({ data }) {
  const request = app.pending;
  if (!request || data.id !== request.id) return; // stale: the game changed meanwhile
  request.answered = true;
  performance.measure(`ai-${request.kind}`, { start: request.sent });
  if (data.error) {
    aiFailed(data.error);
    return;
  }
  if (request.kind === 'hint') {
    app.pending = null;
    app.hint = /** @type {string | null} */ (data.move); // there when there is no error
    render(false);
    return;
  }
  const wait = Math.max(0, AI_MIN_DELAY_MS - (performance.now() - request.sent));
  setTimeout(() => {
    if (app.pending !== request) return;
    app.pending = null;
    try {
      app.game.play(/** @type {string} */ (data.move)); // the AI is asked only when it can move
    } catch (e) {
      app.message = `The AI's move was refused: ${/** @type {Error} */ (e).message}`;
      render(false);
      return;
    }
    commit(true);
  }, wait);
}

/**
 * The AI failed (an error reply or a crashed worker): say so, start a fresh worker, and
 * leave the game to the human (Undo, New game; the AI is asked again after the next change).
 * @param {string} reason
 */
function aiFailed(reason) {
  const kind = app.pending?.kind;
  app.pending = null;
  restartWorker();
  app.message =
    kind === 'hint'
      ? `The hint failed (${reason}). You can ask again.`
      : `The AI failed (${reason}). Undo or start a new game to go on.`;
  render(false);
}

/** Forgets the outstanding request; a search still running is stopped with its worker. */
function cancelPending() {
  const request = app.pending;
  app.pending = null;
  if (request && !request.answered) restartWorker();
}

function startWorker() {
  worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', onWorkerReply);
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    if (app.pending) aiFailed(e.message || 'the AI worker stopped');
    else restartWorker();
  });
  workerStarts++;
  document.documentElement.dataset.aiWorkers = String(workerStarts);
}

function restartWorker() {
  worker?.terminate();
  startWorker();
}

/**
 * Whether undo would take something back: any move between two humans; against the AI, a
 * move of the human's own (undo_turn goes back to before it).
 * @param {Snapshot} s
 */
function canUndo(s) {
  const h = humans();
  if (!h.length || !s.canUndo) return false;
  return h.length === 2 || s.events.some((e) => e.type === 'move' && e.player === h[0]);
}

/** Takes back a whole turn of the human against the AI (one move between two humans). */
function undo() {
  const h = humans();
  if (app.setup || !canUndo(app.snap)) return;
  cancelPending();
  if (h.length === 1 ? !app.game.undo_turn(h[0]) : !app.game.undo()) {
    commit(false); // nothing taken back; the AI is asked again if it was its turn
    return;
  }
  app.message = '';
  commit(false);
}

function redo() {
  const h = humans();
  if (app.setup || !h.length) return;
  cancelPending();
  if (h.length === 1) app.game.redo_turn(h[0]);
  else app.game.redo();
  app.message = '';
  commit(false);
}

function hint() {
  if (!humanToMove() || app.pending) return;
  send('hint', app.levels.defaultLevel);
}

// ---------------------------------------------------------------------------------------------
// Rendering: a function of `app`

/** @param {boolean} animate  animate the last move */
function render(animate) {
  if (app.setup) {
    renderSetup();
    return;
  }
  document.body.classList.remove('setting-up');
  const s = app.snap;
  const thinking = app.pending?.kind === 'move';
  const human = humanToMove();
  const view = {
    board: s.board,
    legal: s.legal,
    legalColor: human ? s.toMove : null,
    humanToMove: human,
    lastMove: s.lastMove,
    hint: app.hint,
  };
  boardCanvas.setView(view, animate);
  cells.update(view);

  for (const c of COLORS) {
    const el = $(`#score-${c}`);
    /** @type {Element} */ (el.querySelector('.count')).textContent = String(s[c]);
    /** @type {Element} */ (el.querySelector('.who')).textContent = app.settings[c].ai
      ? `AI · ${levelName(app.settings[c].level)}`
      : 'Human';
    el.classList.toggle('active', s.toMove === c);
    el.classList.toggle('winner', s.over && s.winner === c);
  }
  $('#rules-note').textContent =
    s.rules === 'inverse' ? 'Inverse game: fewer discs win.' : 'Classic game: more discs win.';
  setText($('#status'), statusText(s, app.settings, thinking));
  $('#status').classList.toggle('thinking', thinking);
  $('#status').classList.toggle('over', s.over);
  const msg = $('#message');
  setText(msg, app.message);
  msg.hidden = !app.message;

  const h = humans().length;
  /** @type {HTMLButtonElement} */ ($('#undo')).disabled = !canUndo(s);
  /** @type {HTMLButtonElement} */ ($('#redo')).disabled = !h || !s.canRedo;
  /** @type {HTMLButtonElement} */ ($('#hint')).disabled = !human || app.pending !== null;
  $('#hint').textContent = app.pending?.kind === 'hint' ? 'Thinking…' : 'Hint';

  renderMoves(s);
}

/** Set-up mode: the board being edited, its counts, the side to move, no game controls. */
function renderSetup() {
  const { board, side } = /** @type {Setup} */ (app.setup); // render() checked it
  document.body.classList.add('setting-up');
  const view = { board, legal: [], legalColor: null, humanToMove: false, lastMove: null, hint: null, editing: true };
  boardCanvas.setView(view, false);
  cells.update(view);
  const toMove = side === 'X' ? 'black' : 'white';
  for (const c of COLORS) {
    const el = $(`#score-${c}`);
    /** @type {Element} */ (el.querySelector('.count')).textContent = String(
      [...board].filter((ch) => ch === (c === 'black' ? 'X' : 'O')).length,
    );
    /** @type {Element} */ (el.querySelector('.who')).textContent = 'Set-up';
    el.classList.toggle('active', toMove === c);
    el.classList.remove('winner');
  }
  setText(
    $('#status'),
    `Setting up a position: click a cell to make it empty, black or white (in turn). ${COLOR_NAME[toMove]} to move.`,
  );
  $('#status').classList.remove('thinking', 'over');
  const msg = $('#message');
  setText(msg, app.message);
  msg.hidden = !app.message;
  for (const id of ['#undo', '#redo', '#hint']) /** @type {HTMLButtonElement} */ ($(id)).disabled = true;
  $('#hint').textContent = 'Hint';
  const form = /** @type {NewGameForm} */ ($('#new-game'));
  if (form.elements.side.value !== side) form.elements.side.value = side;
}

/**
 * @param {HTMLElement} el
 * @param {string} text
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {Snapshot} s */
function renderMoves(s) {
  const list = $('#moves');
  const items = s.events.map((e) =>
    e.type === 'move' ? [e.player, e.square] : [`${e.player} pass`, `${COLOR_NAME[e.player]} passes`],
  );
  const key = JSON.stringify(items);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(
    ...items.map(([player, text]) => {
      const li = document.createElement('li');
      li.className = `mv ${player}`;
      li.textContent = text;
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------------------------------------
// The new-game form

function fillLevels() {
  const { minLevel, maxLevel } = app.levels;
  for (const c of COLORS) {
    const select = $(`#player-${c}`);
    const options = [new Option('Human', 'human')];
    for (let n = minLevel; n <= maxLevel; n++) options.push(new Option(`AI ${n} · ${levelName(n)}`, `ai${n}`));
    select.replaceChildren(...options);
  }
}

/** @param {Settings} settings */
function fillForm(settings) {
  const form = /** @type {NewGameForm} */ ($('#new-game'));
  form.elements.rules.value = settings.rules;
  form.elements.start.value = settings.start;
  for (const c of COLORS) {
    const p = settings[c];
    /** @type {HTMLSelectElement} */ ($(`#player-${c}`)).value = p.ai ? `ai${p.level}` : 'human';
  }
}

function readForm() {
  const form = /** @type {NewGameForm} */ ($('#new-game'));
  /** @type {(value: string) => Player} */
  const player = (value) => (value === 'human' ? { ai: false } : { ai: true, level: Number(value.slice(2)) });
  /** @type {Settings} */
  const settings = {
    rules: form.elements.rules.value,
    black: player(/** @type {HTMLSelectElement} */ ($('#player-black')).value),
    white: player(/** @type {HTMLSelectElement} */ ($('#player-white')).value),
    start: form.elements.start.value,
  };
  if (app.setup) settings.position = { board: app.setup.board, side: app.setup.side };
  return settings;
}

// ---------------------------------------------------------------------------------------------
// Set-up mode: the board is edited cell by cell; the engine judges the position on start.

/** @type {Record<string, string>} */
const CYCLE = { '-': 'X', X: 'O', O: '-' };

function enterSetup() {
  cancelPending();
  app.setup = { board: app.snap.board, side: app.snap.side };
  app.message = '';
  render(false);
}

function leaveSetup() {
  app.setup = null;
  app.message = '';
  commit(false);
}

/** @param {string} square */
function setupCell(square) {
  const i = (Number(square[1]) - 1) * 8 + 'abcdefgh'.indexOf(square[0]);
  const setup = /** @type {Setup} */ (app.setup); // called in set-up mode only
  const b = setup.board;
  setup.board = b.slice(0, i) + CYCLE[b[i]] + b.slice(i + 1);
  app.message = '';
  render(false);
}

/** @param {string} board */
function setupBoard(board) {
  /** @type {Setup} */ (app.setup).board = board; // called in set-up mode only
  app.message = '';
  render(false);
}

/** Starts the game from the set-up position, or shows the engine's objection and stays. */
function startSetup() {
  const settings = readForm();
  let game;
  try {
    game = makeGame(settings);
  } catch (e) {
    app.message = `This position cannot be played: ${/** @type {Error} */ (e).message}.`;
    render(false);
    return;
  }
  game.free();
  startGame(settings, '');
}

// ---------------------------------------------------------------------------------------------
// Start-up

/** @param {string} text */
function showFatal(text) {
  const msg = $('#message');
  msg.textContent = text;
  msg.hidden = false;
}

async function main() {
  try {
    await init();
  } catch (e) {
    showFatal(
      `The game engine could not be loaded (${/** @type {Error} */ (e).message}). ` +
        'This page needs WebAssembly with SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or newer).',
    );
    return;
  }
  app.levels = { minLevel: min_level(), maxLevel: max_level(), defaultLevel: default_level() };

  boardCanvas = new BoardCanvas(/** @type {HTMLCanvasElement} */ ($('#board-canvas')), {
    reducedMotion: () => reducedMotion.matches,
  });
  cells = new Cells($('#cells'), (square) => (app.setup ? setupCell(square) : play(square)));
  startWorker();

  fillLevels();
  $('#new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    if (app.setup) startSetup();
    else startGame(readForm(), '');
    if (!app.setup) /** @type {HTMLElement | null} */ ($('#cells').querySelector('[tabindex="0"]'))?.focus();
  });
  $('#setup-enter').addEventListener('click', enterSetup);
  $('#setup-cancel').addEventListener('click', leaveSetup);
  $('#setup-clear').addEventListener('click', () => setupBoard('-'.repeat(64)));
  $('#setup-standard').addEventListener('click', () => {
    const g = new_game('classic', 'standard');
    setupBoard(g.board());
    g.free();
  });
  for (const input of /** @type {NewGameForm} */ ($('#new-game')).elements.side) {
    input.addEventListener('change', () => {
      if (app.setup) {
        app.setup.side = input.value;
        render(false);
      }
    });
  }
  $('#undo').addEventListener('click', undo);
  $('#redo').addEventListener('click', redo);
  $('#hint').addEventListener('click', hint);
  window.addEventListener('hashchange', () => {
    if (location.hash !== app.hash) loadFromHash(location.hash);
  });

  loadFromHash(location.hash);
  document.body.classList.remove('loading');
  document.documentElement.dataset.ready = 'true';
  performance.mark('reversi-playable');
}

main();
