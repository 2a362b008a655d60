// The messages between the page (ai-client.js) and the AI worker (ai-worker.js). Types only.
//
// The page sends one request at a time and waits for its reply; the reply echoes the id.

/** @import { Problem } from './problem.js' */

/** @import { MoveScore } from './ai-client.js' */

/**
 * A request: the AI's move for `side` (`X`/`O`) to move on `board` (64 cells a1..h8) under
 * `rules` at `level`; `seed` drives the deliberate mistakes of the low levels. With `kind`
 * `scores`: the score of every legal move (score_moves) `depth` plies deep within `timeMs`.
 * With `kind` `task` (from ai-pool.js, negative ids): run the split search's `task` (a text of
 * the engine's SplitPlan) within `timeMs`.
 * @typedef {{id: number, kind?: 'scores' | 'task', board: string, side: string, rules: string,
 *   level: number, seed: number, depth?: number, timeMs?: number, task?: string}} AiRequest
 */
/**
 * The reply to request `id`: the move (null when the side has no legal move), the scores, or
 * the error (a Problem from the worker; a string from an older or a stand-in worker).
 * @typedef {{id: number, move: string | null} | {id: number, scores: MoveScore[]} |
 *   {id: number, error: Problem | string}} AiReply
 */
/**
 * The reply to a split task (`kind` `task`): its outcome (a text for the SplitPlan), or the
 * error.
 * @typedef {{id: number, outcome: string} | {id: number, error: Problem | string}} TaskReply
 */

export {};
