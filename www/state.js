// The page's state and its one way to change: `reduce(state, action)`, a pure function. The
// state is plain data (no wasm object, no DOM: it could be serialised); what the engine says
// comes in as snapshots, carried by the actions. Actions that carry a snapshot report what has
// happened to the engine's game (engine.js) and are always taken; replies of the AI are taken
// only for the request the state is waiting for (by id).

import { analyse, keyOf, scored } from './analysis.js';
import { dropStaleReview, reviewed, startReview } from './review.js';
import { aiVsAi, canHint, playerOf } from './selectors.js';
import { defaultSettings, formatPlayer } from './hash.js';
import { problemMessage } from './i18n.js';
import { DEFAULT_PREFS, changePrefs } from './prefs.js';

/** @import { Levels, Player, Settings } from './hash.js' */
/** @import { Msg } from './i18n.js' */
/** @import { AiAsk, MoveScore } from './ai-client.js' */
/** @import { Eval, Scores } from './analysis.js' */
/** @import { GameReview, ReviewPosition } from './review.js' */
/** @import { Color, Loaded, Snapshot } from './engine.js' */
/** @import { Problem } from './problem.js' */
/** @import { Prefs } from './prefs.js' */

/**
 * The new-game form as the user left it: players as `human` or `aiN`.
 * @typedef {{rules: string, black: string, white: string, start: string}} Form
 */
/** @typedef {{board: string, side: string}} Setup  a position being set up */
/**
 * @typedef {{
 *   levels: Levels,
 *   settings: Settings | null,
 *   snap: Snapshot | null,
 *   games: number,
 *   played: number,
 *   form: Form,
 *   setup: Setup | null,
 *   request: AiAsk | null,
 *   lastId: number,
 *   answered: number,
 *   hint: string | null,
 *   notes: Msg[],
 *   analysis: boolean,
 *   scores: Scores | null,
 *   scoring: AiAsk | null,
 *   evals: Record<string, Eval>,
 *   review: {ply: number, snap: Snapshot} | null,
 *   preview: string | null,
 *   previous: Previous | null,
 *   paused: boolean,
 *   aiDelay: number,
 *   gameReview: GameReview | null,
 *   reviewing: AiAsk | null,
 *   prefs: Prefs,
 *   updateReady: boolean,
 * }} State
 * - `settings`, `snap`: the game and the engine's snapshot of it (null until the first game);
 * - `games`: games loaded so far (each one writes the URL hash, even the same one again);
 * - `played`: moves played on the page so far (the last one is animated);
 * - `setup`: the position being set up, in set-up mode;
 * - `request`: the AI request the page is waiting for (the AI's move or a hint), `lastId` the
 *   last id given, `answered` the id of the last request that got its answer;
 * - `hint`: the suggested square; `notes`: the message line (hidden when empty);
 * - `analysis`: the scores are shown; `scores`: the last scores (of the shown position, or
 *   of one shown before); `scoring`: the analysis step the page is waiting for (analysis.js);
 *   `evals`: the positions' values for Black, by transcript (the graph);
 * - `review`: the position shown instead of the game's (after `ply` moves and passes);
 * - `preview`: the cell hovered or focused (its flips are shown when it is a legal move);
 * - `previous`: the game a new game or a new line replaced, which can be taken back;
 * - `paused`: the AI is not asked for its moves (but for a step); `aiDelay`: the least time
 *   from asking the AI for a move to playing it, in milliseconds (its speed);
 * - `gameReview`: the review of the game (review.js), `reviewing` its request in flight;
 * - `prefs`: the language, theme and sound (prefs.js), saved in the browser;
 * - `updateReady`: a new version of the site is installed and waits for a reload (the service
 *   worker's), which the player is offered.
 */
/**
 * A game that was replaced: its settings and moves, and what replaced it.
 * @typedef {{settings: Settings, moves: string, by: 'game' | 'line'}} Previous
 */
/**
 * @typedef {{type: 'game-loaded', loaded: Loaded, linkProblems: Msg[], previous?: Previous,
 *   resumed?: boolean} |
 *   {type: 'moved', snap: Snapshot} |
 *   {type: 'move-refused', error: Problem} |
 *   {type: 'ai-moved', id: number, snap: Snapshot} |
 *   {type: 'ai-refused', id: number, error: Problem} |
 *   {type: 'ai-failed', id: number, error: Problem} |
 *   {type: 'ai-dropped', id: number} |
 *   {type: 'hint-asked'} |
 *   {type: 'hint-reply', id: number, move: string | null} |
 *   {type: 'undone', snap: Snapshot, changed: boolean} |
 *   {type: 'redone', snap: Snapshot} |
 *   {type: 'form-changed', name: string, value: string} |
 *   {type: 'setup-entered'} |
 *   {type: 'setup-cancelled'} |
 *   {type: 'setup-cell', square: string} |
 *   {type: 'setup-board', board: string} |
 *   {type: 'setup-refused', error: Problem} |
 *   {type: 'load-failed', error: Problem} |
 *   {type: 'analysis-toggled'} |
 *   {type: 'scores-reply', id: number, scores: MoveScore[]} |
 *   {type: 'previewed', square: string | null} |
 *   {type: 'reviewed', ply: number, snap: Snapshot} |
 *   {type: 'review-ended'} |
 *   {type: 'branched', snap: Snapshot, previous: Previous} |
 *   {type: 'noted', notes: Msg[]} |
 *   {type: 'pause-toggled'} |
 *   {type: 'ai-stepped'} |
 *   {type: 'ai-delay-set', ms: number} |
 *   {type: 'review-started', transcript: string, positions: ReviewPosition[]} |
 *   {type: 'prefs-set', prefs: {language?: unknown, theme?: unknown, muted?: unknown}} |
 *   {type: 'update-ready'}} Action
 * - `game-loaded`: a new game (the form, a link, a set-up position, a transcript), with what
 *   went wrong, and the game it replaced when that can be taken back (`previous`); `resumed`:
 *   the game saved in the browser, resumed;
 * - `moved`: the human's move; `move-refused`: the engine's reason why not;
 * - `ai-moved`, `ai-refused`, `ai-failed`, `ai-dropped`: what became of the AI's request `id`;
 * - `hint-asked`, `hint-reply`: a hint for the human;
 * - `undone`, `redone`: undo and redo (`changed`: something was taken back);
 * - `form-changed`: a field of the new-game form (`side`: the side to move of a set-up);
 * - `setup-*`: the set-up mode; `setup-refused`: the engine will not play the position;
 * - `load-failed`: the engine could not be loaded;
 * - `analysis-toggled`: the scores shown or hidden; `scores-reply`: a step of the analysis or
 *   of the game review;
 * - `previewed`: the cell hovered or focused, or none;
 * - `reviewed`: the position after `ply` moves and passes shown (the game's own: the review
 *   ends); `review-ended`: back to the game; `branched`: a move played in a reviewed position
 *   started a new line (the old game is `previous`);
 * - `noted`: something to say on the message line (a refused transcript, a copy);
 * - `pause-toggled`, `ai-stepped`, `ai-delay-set`: the AI paused or resumed, one move of it
 *   while paused, its pace;
 * - `review-started`: the game review of the game `transcript` begins (the engine's positions);
 * - `prefs-set`: preferences chosen (the valid ones are taken); `update-ready`: a new version
 *   waits.
 */

export { COLORS, aiVsAi, canHint, canRedo, canUndo, formSettings, humanToMove, humans, thinking } from './selectors.js';

/** The AI's move is shown no sooner than this after it was asked for, so the eye can follow. */
export const AI_DELAY_MS = 350;
/** The slowest pace of the AI. */
export const MAX_AI_DELAY_MS = 3000;

/** @type {Record<string, string>} the next content of a cell clicked in set-up mode */
const CYCLE = { '-': 'X', X: 'O', O: '-' };

/**
 * The form showing `settings`.
 * @param {Settings} settings
 * @returns {Form}
 */
function formOf(settings) {
  return {
    rules: settings.rules,
    black: formatPlayer(settings.black),
    white: formatPlayer(settings.white),
    start: settings.start,
  };
}

/**
 * The state before the first game.
 * @param {Levels} levels
 * @param {Prefs} [prefs]
 * @returns {State}
 */
export function initialState(levels, prefs = DEFAULT_PREFS) {
  return {
    levels,
    settings: null,
    snap: null,
    games: 0,
    played: 0,
    form: formOf(defaultSettings(levels.defaultLevel)),
    setup: null,
    request: null,
    lastId: 0,
    answered: 0,
    hint: null,
    notes: [],
    analysis: false,
    scores: null,
    scoring: null,
    evals: {},
    review: null,
    preview: null,
    previous: null,
    paused: false,
    aiDelay: AI_DELAY_MS,
    gameReview: null,
    reviewing: null,
    prefs,
    updateReady: false,
  };
}

// ---------------------------------------------------------------------------------------------
// The reducer

/**
 * The game in progress with `color` played by `player` from its next move on: an AI now to
 * move is asked, the AI's pending move for a player now human is dropped (as is a hint for a
 * player now the AI's); an AI thinking at another level finishes its move.
 * @param {State} state
 * @param {Color} color
 * @param {Player} player
 * @returns {State}
 */
function playerChanged(state, color, player) {
  const { settings, snap, request } = state;
  if (!settings || state.setup) return state;
  let next = { ...state, settings: { ...settings, [color]: player } };
  const theirs = snap?.toMove === color;
  if (theirs && ((request?.kind === 'move' && !player.ai) || (request?.kind === 'hint' && player.ai))) {
    next = { ...next, request: null, hint: null };
  }
  return askAi(next);
}

/**
 * The state with a new snapshot of the game: the hint and any request are dropped, and the AI
 * is asked for its move when it is its turn.
 * @param {State} state
 * @param {Snapshot} snap
 * @returns {State}
 */
function withSnapshot(state, snap) {
  return askAi({ ...state, snap, hint: null, request: null, preview: null });
}

/**
 * The state with the AI asked for its move, if it is to move and nothing is asked yet, and
 * the game is not paused (unless this is a `step`).
 * @param {State} state
 * @returns {State}
 */
function askAi(state, step = false) {
  const { snap, settings } = state;
  if (!snap || !settings || state.setup || snap.over || state.request) return state;
  if (state.paused && !step && aiVsAi(state)) return state;
  const player = settings[snap.toMove];
  if (!player.ai) return state;
  return ask(state, 'move', player.level);
}


/**
 * @param {State} state
 * @param {AiAsk['kind']} kind
 * @param {number} level
 * @returns {State}
 */
function ask(state, kind, level) {
  const snap = /** @type {Snapshot} */ (state.snap); // the callers checked it
  const id = state.lastId + 1;
  const request = { id, kind, board: snap.board, side: snap.side, rules: snap.rules, level };
  return { ...state, request, lastId: id };
}

/**
 * Whether `id` is the request the state waits for.
 * @param {State} state
 * @param {number} id
 */
function awaited(state, id) {
  return state.request !== null && state.request.id === id;
}

/**
 * What a loaded game has to tell: the link's problems, a game that could not be made, moves
 * that could not be replayed.
 * @param {Loaded} loaded
 * @param {Msg[]} linkProblems
 * @returns {Msg[]}
 */
function loadNotes(loaded, linkProblems) {
  /** @type {Msg[]} */
  const notes = [];
  if (linkProblems.length) notes.push({ id: 'note.link_not_understood', params: { problems: linkProblems } });
  if (loaded.startError) {
    notes.push({ id: 'note.cannot_start', params: { reason: problemMessage(loaded.startError) } });
    if (loaded.droppedMoves) notes.push({ id: 'note.moves_not_played', params: { moves: loaded.droppedMoves } });
    notes.push({ id: loaded.fallback === 'standard-start' ? 'note.standard_start_instead' : 'note.defaults_instead' });
  }
  if (loaded.replayError) {
    notes.push({ id: 'note.replay_failed', params: { reason: problemMessage(loaded.replayError) } });
  }
  return notes;
}

/**
 * The next state after `action`, with the analysis step it needs. Returns `state` itself when
 * nothing changes.
 * @param {State} state
 * @param {Action} action
 * @returns {State}
 */
export function reduce(state, action) {
  const next = change(state, action);
  return next === state ? state : analyse(dropStaleReview(next));
}

/**
 * @param {State} state
 * @param {Action} action
 * @returns {State}
 */
function change(state, action) {
  switch (action.type) {
    case 'game-loaded': {
      const { settings, snap } = action.loaded;
      const next = {
        ...state,
        settings,
        form: formOf(settings),
        setup: null,
        review: null,
        paused: false,
        evals: {}, // by transcript: another game's would not fit
        gameReview: null,
        previous: action.previous ?? null,
        games: state.games + 1,
        notes: action.resumed
          ? [/** @type {Msg} */ ({ id: 'note.resumed' }), ...loadNotes(action.loaded, action.linkProblems)]
          : loadNotes(action.loaded, action.linkProblems),
      };
      return withSnapshot(next, snap);
    }
    case 'moved':
      return withSnapshot({ ...state, played: state.played + 1, notes: [] }, action.snap);
    case 'move-refused':
      return { ...state, notes: [problemMessage(action.error)] };
    case 'ai-moved':
      if (!awaited(state, action.id)) return state;
      return withSnapshot({ ...state, played: state.played + 1, answered: action.id }, action.snap);
    case 'ai-refused':
      if (!awaited(state, action.id)) return state;
      return {
        ...state,
        request: null,
        answered: action.id,
        notes: [{ id: 'note.ai_refused', params: { reason: problemMessage(action.error) } }],
      };
    case 'ai-failed': {
      if (state.reviewing?.id === action.id) {
        const reason = problemMessage(action.error);
        return { ...state, reviewing: null, gameReview: null, answered: action.id, notes: [{ id: 'note.review_failed', params: { reason } }] };
      }
      if (state.scoring?.id === action.id) {
        // The scores so far stay; no new step for this position.
        const reason = problemMessage(action.error);
        const ask = state.scoring;
        const key = keyOf(ask);
        const scores = state.scores?.key === key ? { ...state.scores, done: true } : { key, moves: ask.moves ?? '', list: [], depth: 0, done: true };
        return { ...state, scoring: null, scores, answered: action.id, notes: [{ id: 'note.analysis_failed', params: { reason } }] };
      }
      const request = state.request;
      if (!request || request.id !== action.id) return state;
      // The AI is not asked again until the game changes (Undo, New game).
      const reason = problemMessage(action.error);
      const id = request.kind === 'hint' ? 'note.hint_failed' : 'note.ai_failed';
      return { ...state, request: null, answered: action.id, notes: [{ id, params: { reason } }] };
    }
    case 'ai-dropped':
      if (!awaited(state, action.id)) return state;
      return { ...state, request: null, answered: action.id };
    case 'hint-asked':
      if (!canHint(state)) return state;
      return ask(state, 'hint', state.levels.defaultLevel);
    case 'hint-reply':
      if (!awaited(state, action.id) || state.request?.kind !== 'hint') return state;
      return { ...state, request: null, answered: action.id, hint: action.move };
    case 'undone':
      return withSnapshot(action.changed ? { ...state, notes: [], review: null } : state, action.snap);
    case 'redone':
      return withSnapshot({ ...state, notes: [], review: null }, action.snap);
    case 'form-changed': {
      const { name, value } = action;
      if (name === 'side') {
        if (!state.setup || state.setup.side === value) return state;
        return { ...state, setup: { ...state.setup, side: value } };
      }
      if (!(name in state.form) || state.form[/** @type {keyof Form} */ (name)] === value) return state;
      const next = { ...state, form: { ...state.form, [name]: value } };
      return name === 'black' || name === 'white' ? playerChanged(next, name, playerOf(value)) : next;
    }
    case 'setup-entered':
      if (!state.snap || state.setup) return state;
      return {
        ...state,
        setup: { board: state.snap.board, side: state.snap.side },
        request: null,
        hint: null,
        notes: [],
      };
    case 'setup-cancelled':
      if (!state.setup || !state.snap) return state;
      return withSnapshot({ ...state, setup: null, notes: [] }, state.snap);
    case 'setup-cell': {
      if (!state.setup) return state;
      const i = (Number(action.square[1]) - 1) * 8 + 'abcdefgh'.indexOf(action.square[0]);
      const b = state.setup.board;
      if (i < 0 || i > 63 || !(b[i] in CYCLE)) return state;
      const board = b.slice(0, i) + CYCLE[b[i]] + b.slice(i + 1);
      return { ...state, setup: { ...state.setup, board }, notes: [] };
    }
    case 'setup-board':
      if (!state.setup) return state;
      return { ...state, setup: { ...state.setup, board: action.board }, notes: [] };
    case 'setup-refused':
      return { ...state, notes: [{ id: 'note.setup_refused', params: { reason: problemMessage(action.error) } }] };
    case 'load-failed':
      return { ...state, notes: [{ id: 'note.load_failed', params: { reason: problemMessage(action.error) } }] };
    case 'analysis-toggled':
      return { ...state, analysis: !state.analysis };
    case 'scores-reply':
      return state.reviewing?.id === action.id
        ? reviewed(state, action.id, action.scores)
        : scored(state, action.id, action.scores);
    case 'review-started':
      return startReview(state, action.transcript, action.positions);
    case 'reviewed': {
      if (!state.snap || state.setup || action.ply < 0 || action.ply > state.snap.events.length) return state;
      const review = action.ply === state.snap.events.length ? null : { ply: action.ply, snap: action.snap };
      return { ...state, review, preview: null };
    }
    case 'review-ended':
      return state.review ? { ...state, review: null, preview: null } : state;
    case 'branched':
      return withSnapshot({ ...state, review: null, previous: action.previous, played: state.played + 1, notes: [] }, action.snap);
    case 'pause-toggled':
      // Pausing drops the move being thought of; resuming asks again.
      if (state.paused) return askAi({ ...state, paused: false });
      return { ...state, paused: true, request: state.request?.kind === 'move' ? null : state.request };
    case 'ai-stepped':
      return state.paused ? askAi(state, true) : state;
    case 'ai-delay-set': {
      const ms = Math.min(MAX_AI_DELAY_MS, Math.max(0, Math.round(action.ms)));
      return Number.isFinite(ms) && ms !== state.aiDelay ? { ...state, aiDelay: ms } : state;
    }
    case 'noted':
      return { ...state, notes: action.notes };
    case 'previewed':
      return state.preview === action.square ? state : { ...state, preview: action.square };
    case 'prefs-set': {
      const prefs = changePrefs(state.prefs, action.prefs);
      return prefs === state.prefs ? state : { ...state, prefs };
    }
    case 'update-ready':
      return state.updateReady ? state : { ...state, updateReady: true };
  }
}
