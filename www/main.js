// The game page: state as plain data, one render function of it, cells that emit events, the
// AI in a module Web Worker. Every rule (legal moves, flips, passes, the result) comes from the
// engine through the wasm package; this file only shows it and routes input.

import init, { new_game, max_level, min_level, default_level } from './pkg/reversi_wasm.js';
import { BoardCanvas } from './board-canvas.js';
import { Cells } from './cells.js';
import { defaultSettings, formatHash, parseHash } from './hash.js';
import { levelName } from './levels.js';
import { COLOR_NAME, statusText } from './text.js';

/** The AI's move is shown no sooner than this after it was asked for, so the eye can follow. */
const AI_MIN_DELAY_MS = 350;
const COLORS = ['black', 'white'];

const $ = (sel) => document.querySelector(sel);
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** Everything the page shows is a function of this. */
const app = {
  levels: { minLevel: 1, maxLevel: 1, defaultLevel: 1 },
  settings: null,
  /** The engine's game (a wasm object) and its last snapshot (plain data). */
  game: null,
  snap: null,
  /** The outstanding worker request `{id, kind: 'move'|'hint', sent}`, or null. */
  pending: null,
  hint: null,
  message: '',
  /** The hash this page last wrote, to tell our own changes from the user's. */
  hash: '',
  /** The position being set up `{board, side}` (set-up mode), or null. */
  setup: null,
};

let requestSeq = 0;
let worker = null;
let workerStarts = 0;
let boardCanvas = null;
let cells = null;

// ---------------------------------------------------------------------------------------------
// Game control

function humans() {
  return COLORS.filter((c) => !app.settings[c].ai);
}

function humanToMove() {
  const s = app.snap;
  return !app.setup && !s.over && !app.settings[s.toMove].ai && app.pending?.kind !== 'move';
}

/** A new engine game for `settings` (a set-up position or a named start); throws the engine's
 * error. */
function makeGame(settings) {
  const p = settings.position;
  return p ? new_game(settings.rules, 'standard', p.board, p.side) : new_game(settings.rules, settings.start);
}

function startGame(settings, moves, messages = []) {
  cancelPending();
  let game;
  try {
    game = makeGame(settings);
  } catch (e) {
    messages.push(`Could not start that game: ${e.message}.`);
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
      messages.push(`The moves in the link could not be replayed (${e.message}); the game starts from the beginning.`);
    }
  }
  app.game?.free();
  app.game = game;
  app.settings = settings;
  app.message = messages.join(' ');
  fillForm(settings);
  commit(false);
}

function loadFromHash(hash) {
  const { settings, moves, errors } = parseHash(hash, app.levels);
  const messages = [];
  if (errors.length) {
    messages.push(`The link was not fully understood: ${errors.join('; ')}. Defaults are used instead.`);
  }
  startGame(settings, moves, messages);
}

/** After every change of the game: snapshot, hash, render, and the AI if it is its turn. */
function commit(animate) {
  if (app.pending?.kind === 'hint') cancelPending();
  app.hint = null;
  app.snap = app.game.state();
  writeHash();
  render(animate);
  askAi();
}

function writeHash() {
  const hash = formatHash(app.settings, app.snap.transcript);
  if (hash !== location.hash) history.replaceState(null, '', hash);
  app.hash = location.hash;
}

function play(square) {
  if (!humanToMove()) return;
  try {
    app.game.play(square);
  } catch (e) {
    app.message = e.message;
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

function send(kind, level) {
  const s = app.snap;
  const id = ++requestSeq;
  app.pending = { id, kind, sent: performance.now(), answered: false };
  worker.postMessage({
    id,
    board: s.board,
    side: s.side,
    rules: s.rules,
    level,
    seed: Math.floor(Math.random() * 2 ** 32),
  });
  render(false);
}

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
    app.hint = data.move;
    render(false);
    return;
  }
  const wait = Math.max(0, AI_MIN_DELAY_MS - (performance.now() - request.sent));
  setTimeout(() => {
    if (app.pending !== request) return;
    app.pending = null;
    try {
      app.game.play(data.move);
    } catch (e) {
      app.message = `The AI's move was refused: ${e.message}`;
      render(false);
      return;
    }
    commit(true);
  }, wait);
}

/** The AI failed (an error reply or a crashed worker): say so, start a fresh worker, and
 * leave the game to the human (Undo, New game; the AI is asked again after the next change). */
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

/** Whether undo would take something back: any move between two humans; against the AI, a
 * move of the human's own (undo_turn goes back to before it). */
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
    el.querySelector('.count').textContent = String(s[c]);
    el.querySelector('.who').textContent = app.settings[c].ai ? `AI · ${levelName(app.settings[c].level)}` : 'Human';
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
  $('#undo').disabled = !canUndo(s);
  $('#redo').disabled = !h || !s.canRedo;
  $('#hint').disabled = !human || app.pending !== null;
  $('#hint').textContent = app.pending?.kind === 'hint' ? 'Thinking…' : 'Hint';

  renderMoves(s);
}

/** Set-up mode: the board being edited, its counts, the side to move, no game controls. */
function renderSetup() {
  const { board, side } = app.setup;
  document.body.classList.add('setting-up');
  const view = { board, legal: [], legalColor: null, humanToMove: false, lastMove: null, hint: null, editing: true };
  boardCanvas.setView(view, false);
  cells.update(view);
  const toMove = side === 'X' ? 'black' : 'white';
  for (const c of COLORS) {
    const el = $(`#score-${c}`);
    el.querySelector('.count').textContent = String([...board].filter((ch) => ch === (c === 'black' ? 'X' : 'O')).length);
    el.querySelector('.who').textContent = 'Set-up';
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
  for (const id of ['#undo', '#redo', '#hint']) $(id).disabled = true;
  $('#hint').textContent = 'Hint';
  const form = $('#new-game');
  if (form.elements.side.value !== side) form.elements.side.value = side;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

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

function fillForm(settings) {
  const form = $('#new-game');
  form.elements.rules.value = settings.rules;
  form.elements.start.value = settings.start;
  for (const c of COLORS) {
    const p = settings[c];
    $(`#player-${c}`).value = p.ai ? `ai${p.level}` : 'human';
  }
}

function readForm() {
  const form = $('#new-game');
  const player = (value) => (value === 'human' ? { ai: false } : { ai: true, level: Number(value.slice(2)) });
  const settings = {
    rules: form.elements.rules.value,
    black: player($('#player-black').value),
    white: player($('#player-white').value),
    start: form.elements.start.value,
  };
  if (app.setup) settings.position = { board: app.setup.board, side: app.setup.side };
  return settings;
}

// ---------------------------------------------------------------------------------------------
// Set-up mode: the board is edited cell by cell; the engine judges the position on start.

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

function setupCell(square) {
  const i = (Number(square[1]) - 1) * 8 + 'abcdefgh'.indexOf(square[0]);
  const b = app.setup.board;
  app.setup.board = b.slice(0, i) + CYCLE[b[i]] + b.slice(i + 1);
  app.message = '';
  render(false);
}

function setupBoard(board) {
  app.setup.board = board;
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
    app.message = `This position cannot be played: ${e.message}.`;
    render(false);
    return;
  }
  game.free();
  startGame(settings, '');
}

// ---------------------------------------------------------------------------------------------
// Start-up

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
      `The game engine could not be loaded (${e.message}). This page needs WebAssembly with SIMD ` +
        '(Chrome or Edge 91, Firefox 89, Safari 16.4 or newer).',
    );
    return;
  }
  app.levels = { minLevel: min_level(), maxLevel: max_level(), defaultLevel: default_level() };

  boardCanvas = new BoardCanvas($('#board-canvas'), { reducedMotion: () => reducedMotion.matches });
  cells = new Cells($('#cells'), (square) => (app.setup ? setupCell(square) : play(square)));
  startWorker();

  fillLevels();
  $('#new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    if (app.setup) startSetup();
    else startGame(readForm(), '');
    if (!app.setup) $('#cells').querySelector('[tabindex="0"]')?.focus();
  });
  $('#setup-enter').addEventListener('click', enterSetup);
  $('#setup-cancel').addEventListener('click', leaveSetup);
  $('#setup-clear').addEventListener('click', () => setupBoard('-'.repeat(64)));
  $('#setup-standard').addEventListener('click', () => {
    const g = new_game('classic', 'standard');
    setupBoard(g.board());
    g.free();
  });
  for (const input of $('#new-game').elements.side) {
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
