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
};

let requestSeq = 0;
let worker = null;
let boardCanvas = null;
let cells = null;

// ---------------------------------------------------------------------------------------------
// Game control

function humans() {
  return COLORS.filter((c) => !app.settings[c].ai);
}

function humanToMove() {
  const s = app.snap;
  return !s.over && !app.settings[s.toMove].ai && app.pending?.kind !== 'move';
}

function startGame(settings, moves, messages = []) {
  app.pending = null;
  let game;
  try {
    game = new_game(settings.rules, settings.start);
  } catch (e) {
    messages.push(`Could not start that game: ${e.message}.`);
    settings = defaultSettings(app.levels.defaultLevel);
    game = new_game(settings.rules, settings.start);
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
  if (app.pending?.kind === 'hint') app.pending = null;
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
  app.pending = { id, kind, sent: performance.now() };
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
  performance.measure(`ai-${request.kind}`, { start: request.sent });
  if (data.error) {
    app.pending = null;
    app.message = `The AI failed: ${data.error}`;
    render(false);
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

/** Takes back a whole turn of the human against the AI (one move between two humans). */
function undo() {
  const h = humans();
  if (!h.length) return;
  app.pending = null;
  if (h.length === 1) app.game.undo_turn(h[0]);
  else app.game.undo();
  app.message = '';
  commit(false);
}

function redo() {
  const h = humans();
  if (!h.length) return;
  app.pending = null;
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
  $('#undo').disabled = !h || !s.canUndo;
  $('#redo').disabled = !h || !s.canRedo;
  $('#hint').disabled = !human || app.pending !== null;
  $('#hint').textContent = app.pending?.kind === 'hint' ? 'Thinking…' : 'Hint';

  renderMoves(s);
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
  return {
    rules: form.elements.rules.value,
    black: player($('#player-black').value),
    white: player($('#player-white').value),
    start: form.elements.start.value,
  };
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
    showFatal(`The game engine could not be loaded (${e.message}). This page needs WebAssembly.`);
    return;
  }
  app.levels = { minLevel: min_level(), maxLevel: max_level(), defaultLevel: default_level() };

  boardCanvas = new BoardCanvas($('#board-canvas'), { reducedMotion: () => reducedMotion.matches });
  cells = new Cells($('#cells'), play);
  worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', onWorkerReply);
  worker.addEventListener('error', (e) => {
    app.pending = null;
    app.message = `The AI could not run (${e.message ?? 'worker error'}).`;
    render(false);
  });

  fillLevels();
  $('#new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    startGame(readForm(), '');
    $('#cells').querySelector('[tabindex="0"]')?.focus();
  });
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
