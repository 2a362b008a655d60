// The AI, off the main thread: a module worker with its own instance of the wasm package.
// The engine's AI (and its transposition table) lives in the instance, so it is kept between
// moves. Each request carries an id that the reply echoes; the page ignores stale replies.

import init, { ai_move } from './pkg/reversi_wasm.js';

/**
 * A request of the page: the AI's move for `side` (`X`/`O`) to move on `board` under `rules`.
 * @typedef {{id: number, board: string, side: string, rules: string, level: number,
 *   seed: number}} AiRequest
 */
/**
 * The reply to request `id`: the move (null when the side has no legal move), or the error.
 * @typedef {{id: number, move?: string | null, error?: string}} AiReply
 */

const ready = init();

/** @param {MessageEvent<AiRequest>} event */
self.onmessage = async ({ data }) => {
  const { id, board, side, rules, level, seed } = data;
  try {
    await ready;
    const move = ai_move(board, side, rules, level, seed);
    self.postMessage(/** @satisfies {AiReply} */ ({ id, move: move ?? null }));
  } catch (err) {
    // `err`: an Error (the engine's JsError), or whatever else was thrown.
    const error = String(/** @type {Partial<Error> | null | undefined} */ (err)?.message ?? err);
    self.postMessage(/** @satisfies {AiReply} */ ({ id, error }));
  }
};
