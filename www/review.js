// The game review, pure: every move of the game scored against the best move of the position
// before it (the engine's score_moves, one request a position, queued behind the AI's move,
// hints and the analysis), exact with few enough empties; the mistakes and a summary per
// player. The positions come from the engine (engine.js), the scores from the AI worker.

import { withEvals } from './analysis.js';

/** @import { AiAsk, MoveScore } from './ai-client.js' */
/** @import { Color } from './engine.js' */
/** @import { Msg } from './i18n.js' */
/** @import { State } from './state.js' */

/** A move this many discs worse than the best is a mistake. */
export const MISTAKE_DISCS = 6;
/** Positions with this many empties or fewer are solved exactly (given the time below). */
export const EXACT_EMPTIES = 20;
/** The midgame search of a position: its depth and time cap. */
export const REVIEW_DEPTH = 8;
export const REVIEW_MS = 1500;
/** The time an endgame position may take (enough for the solver at EXACT_EMPTIES). */
export const EXACT_MS = 6000;

/**
 * A position before a move of the game: the move (`square` by `player`) was the event `ply`
 * (0-based; the position after it is ply + 1); `moves` is the transcript up to the position.
 * @typedef {{ply: number, board: string, side: string, rules: string, moves: string,
 *   square: string, player: Color}} ReviewPosition
 */
/**
 * A move reviewed: the best score and move of the position before it, the move's own score,
 * what it lost (in discs, never below 0), and whether both scores are exact.
 * @typedef {{ply: number, player: Color, square: string, best: number, bestMove: string,
 *   played: number, loss: number, exact: boolean}} MoveReview
 */
/**
 * The review of the game whose transcript is `transcript`: its positions, the moves reviewed
 * so far (in order), the index of the next position.
 * @typedef {{transcript: string, positions: ReviewPosition[], results: MoveReview[], next: number}} GameReview
 */

/**
 * The state with a review of the game (its `positions`) begun.
 * @param {State} state
 * @param {string} transcript
 * @param {ReviewPosition[]} positions
 * @returns {State}
 */
export function startReview(state, transcript, positions) {
  if (!state.snap || state.snap.transcript !== transcript) return state;
  return askNext({ ...state, gameReview: { transcript, positions, results: [], next: 0 }, reviewing: null });
}

/**
 * The state asking for the next position of the review, or done.
 * @param {State} state
 * @returns {State}
 */
function askNext(state) {
  const r = state.gameReview;
  if (!r || r.next >= r.positions.length) return { ...state, reviewing: null };
  const p = r.positions[r.next];
  const exact = p.board.split('-').length - 1 <= EXACT_EMPTIES;
  const id = state.lastId + 1;
  /** @type {AiAsk} */
  const reviewing = {
    id,
    kind: 'review',
    board: p.board,
    side: p.side,
    rules: p.rules,
    level: state.levels.maxLevel,
    depth: exact ? 1 : REVIEW_DEPTH,
    timeMs: exact ? EXACT_MS : REVIEW_MS,
    moves: p.moves,
  };
  return { ...state, reviewing, lastId: id };
}

/**
 * The state after the scores of review request `id`: the move judged, the position's value
 * kept for the graph, the next position asked for.
 * @param {State} state
 * @param {number} id
 * @param {MoveScore[]} list
 * @returns {State}
 */
export function reviewed(state, id, list) {
  const r = state.gameReview;
  if (!r || state.reviewing?.id !== id) return state;
  const p = r.positions[r.next];
  const results = [...r.results];
  const mine = list.find((m) => m.square === p.square);
  if (list.length && mine) {
    const best = list[0];
    results.push({
      ply: p.ply,
      player: p.player,
      square: p.square,
      best: best.score,
      bestMove: best.square,
      played: mine.score,
      loss: Math.max(0, Math.round(best.score - mine.score)),
      exact: best.exact && mine.exact,
    });
  }
  const evals = withEvals(state.evals, p.moves, p.side, list);
  return askNext({ ...state, evals, answered: id, gameReview: { ...r, results, next: r.next + 1 } });
}

/**
 * The state without a review that no longer fits the game (a move, undo, another game).
 * @param {State} state
 * @returns {State}
 */
export function dropStaleReview(state) {
  const r = state.gameReview;
  if (!r || state.snap?.transcript === r.transcript) return state;
  return { ...state, gameReview: null, reviewing: null };
}

/**
 * The mistakes found so far, by the ply of the position after them.
 * @param {GameReview | null} review
 * @returns {Map<number, MoveReview>}
 */
export function mistakes(review) {
  return new Map((review?.results ?? []).filter((m) => m.loss >= MISTAKE_DISCS).map((m) => [m.ply + 1, m]));
}

/**
 * What the review says: its progress, then a summary per player.
 * @param {GameReview | null} review
 * @returns {Msg[]}
 */
export function reviewMessages(review) {
  if (!review) return [];
  /** @type {Msg[]} */
  const msgs = [];
  const total = review.positions.length;
  if (review.next < total) msgs.push({ id: 'review.progress', params: { done: review.next, total } });
  for (const player of /** @type {Color[]} */ (['black', 'white'])) {
    const mine = review.results.filter((m) => m.player === player);
    if (!mine.length) continue;
    const count = mine.filter((m) => m.loss >= MISTAKE_DISCS).length;
    const lost = mine.reduce((sum, m) => sum + m.loss, 0);
    msgs.push({ id: 'review.summary', params: { player, count, lost, moves: mine.length } });
  }
  return msgs;
}
