// The analysis, pure: the score of every legal move of the position shown, asked of the AI
// worker one deepening step at a time (each step a request of its own, behind the AI's move
// in the queue), and what the scores say (the solved result, the position's value for the
// graph). The scores are the engine's (score_moves); this module only decides what to ask
// next and how to show it.

/** @import { AiAsk, MoveScore } from './ai-client.js' */
/** @import { Msg } from './i18n.js' */
/** @import { Color, Snapshot } from './engine.js' */
/** @import { State } from './state.js' */

/**
 * The time cap of one step: the AI's move asked for meanwhile waits at most this long behind
 * it (the worker runs one request at a time).
 */
export const STEP_MS = 1000;
/** The first step is quick, so that scores show at once. */
export const FIRST_STEP_MS = 300;
/** The deepest step. */
export const MAX_DEPTH = 14;

/**
 * The scores of the position `key` (`rules:board:side`): the moves (best first), the depth
 * of the last step and whether the deepening is over; `moves`: the position's transcript.
 * @typedef {{key: string, moves: string, list: MoveScore[], depth: number, done: boolean}} Scores
 */
/**
 * A position's value for Black (in discs), whether it is exact, and whether it comes from the
 * score of the move to it (rather than a search of the position itself).
 * @typedef {{score: number, exact: boolean, derived?: boolean}} Eval
 */

/**
 * The position the page shows: the one reviewed, else the game's.
 * @param {State} state
 * @returns {Snapshot | null}
 */
export function shown(state) {
  return state.review?.snap ?? state.snap;
}

/**
 * @param {{rules: string, board: string, side: string}} p
 */
export function keyOf(p) {
  return `${p.rules}:${p.board}:${p.side}`;
}

/**
 * The depth of the next step after `list` came back for `asked`, or null when the deepening
 * is over: every move solved, the time ran out before the depth, or the deepest step done.
 * @param {MoveScore[]} list
 * @param {number} asked
 * @returns {number | null}
 */
export function nextDepth(list, asked) {
  if (!list.length || list.every((m) => m.exact)) return null;
  const reached = Math.min(...list.filter((m) => !m.exact).map((m) => m.depth));
  if (reached < asked || asked >= MAX_DEPTH) return null;
  return asked + 1;
}

/**
 * A score as the page writes it: a signed integer (`+6`, `-2`, `0`).
 * @param {number} score
 */
export function formatScore(score) {
  const n = Math.round(score);
  return n > 0 ? `+${n}` : String(n === 0 ? 0 : n);
}

/**
 * The state with the analysis step it needs: none when the analysis is off or the AI is
 * thinking about its move, the first step for a position not scored yet, nothing new when the
 * shown position is being (or has been) scored.
 * @param {State} state
 * @returns {State}
 */
export function analyse(state) {
  const view = shown(state);
  const idle = !state.analysis || !view || state.setup || view.over || (!state.review && state.request?.kind === 'move');
  if (idle || !view) return state.scoring ? { ...state, scoring: null } : state;
  const key = keyOf(view);
  if (state.scoring && keyOf(state.scoring) === key) return state;
  if (state.scores?.key === key) return state.scoring ? { ...state, scoring: null } : state;
  return askStep(state, view, 1);
}

/**
 * @param {State} state
 * @param {Snapshot} view
 * @param {number} depth
 * @returns {State}
 */
function askStep(state, view, depth) {
  const id = state.lastId + 1;
  /** @type {AiAsk} */
  const scoring = {
    id,
    kind: 'scores',
    board: view.board,
    side: view.side,
    rules: view.rules,
    level: state.levels.maxLevel,
    depth,
    timeMs: depth === 1 ? FIRST_STEP_MS : STEP_MS,
    moves: view.transcript,
  };
  return { ...state, scoring, lastId: id };
}

/**
 * The state after the scores of step `id` came back: kept, the graph's value of the position
 * noted, and the next step asked for unless the deepening is over.
 * @param {State} state
 * @param {number} id
 * @param {MoveScore[]} list
 * @returns {State}
 */
export function scored(state, id, list) {
  const ask = state.scoring;
  if (!ask || ask.id !== id) return state;
  const asked = ask.depth ?? 1;
  const next = nextDepth(list, asked);
  const moves = ask.moves ?? '';
  /** @type {Scores} */
  const scores = { key: keyOf(ask), moves, list, depth: asked, done: next === null };
  const evals = withEvals(state.evals, moves, ask.side, list);
  /** @type {State} */
  let nextState = { ...state, scores, evals, scoring: null, answered: id };
  const view = shown(nextState);
  if (next !== null && view && keyOf(view) === scores.key) nextState = askStep(nextState, view, next);
  return nextState;
}

/**
 * The positions' values with those the scores of the moves of position `moves` (`side` to
 * move) give: its own, and that of the position after each move (the move's score, which a
 * search of that position itself, when there is one, goes before).
 * @param {Record<string, Eval>} evals
 * @param {string} moves
 * @param {string} side
 * @param {MoveScore[]} list
 * @returns {Record<string, Eval>}
 */
export function withEvals(evals, moves, side, list) {
  if (!list.length) return evals;
  const next = { ...evals, [moves]: evalOf(list, side) };
  for (const m of list) {
    const key = moves + m.square;
    if (next[key] && !next[key].derived) continue;
    next[key] = { score: side === 'X' ? m.score : -m.score, exact: m.exact, derived: true };
  }
  return next;
}

/**
 * The value of a position for Black from the scores of its moves (best first): the best
 * score, exact when every move is solved.
 * @param {MoveScore[]} list
 * @param {string} side  `X` or `O`, to move
 * @returns {Eval}
 */
export function evalOf(list, side) {
  const best = list[0].score;
  return { score: side === 'X' ? best : -best, exact: list.every((m) => m.exact) };
}

/**
 * How deep the analysis of the shown position has looked (while it is not solved).
 * @param {State} state
 * @returns {Msg[]}
 */
export function depthMessages(state) {
  const view = shown(state);
  const s = state.scores;
  if (!state.analysis || !view || !s || s.key !== keyOf(view) || !s.list.length) return [];
  if (s.list.every((m) => m.exact)) return [];
  return [{ id: s.done ? 'analysis.depth' : 'analysis.deepening', params: { depth: s.depth } }];
}

/**
 * The result with best play of the shown position when the engine has solved it: by the
 * analysis (every move solved), or by the game review or the score of the move to it.
 * @param {State} state
 * @returns {Msg[]}
 */
export function solvedMessages(state) {
  const view = shown(state);
  if (!view || view.over || state.setup) return [];
  const s = state.scores;
  /** @type {number | null} */
  let black = null;
  if (state.analysis && s && s.key === keyOf(view) && s.list.length && s.list.every((m) => m.exact)) {
    black = evalOf(s.list, view.side).score;
  } else if (state.evals[view.transcript]?.exact) {
    black = state.evals[view.transcript].score;
  }
  if (black === null) return [];
  const value = Math.round(black);
  if (value === 0) return [{ id: 'analysis.solved_draw' }];
  /** @type {Color} */
  const winner = value > 0 ? 'black' : 'white';
  return [{ id: 'analysis.solved_win', params: { player: winner, margin: Math.abs(value) } }];
}

/**
 * The scores to show on the cells of the shown position, by square, or null.
 * @param {State} state
 * @returns {Record<string, {score: string, exact: boolean}> | null}
 */
export function cellScores(state) {
  const view = shown(state);
  const s = state.scores;
  if (!state.analysis || !view || !s || s.key !== keyOf(view)) return null;
  return Object.fromEntries(s.list.map((m) => [m.square, { score: formatScore(m.score), exact: m.exact }]));
}
