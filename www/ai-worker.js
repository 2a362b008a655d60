// The AI, off the main thread: a module worker with its own instance of the wasm package.
// The engine's AI (and its transposition table) lives in the instance, so it is kept between
// moves. Each request carries an id that the reply echoes; the page ignores stale replies.

import init, { ai_move } from './pkg/reversi_wasm.js';

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, board, side, rules, level, seed } = data;
  try {
    await ready;
    const move = ai_move(board, side, rules, level, seed);
    self.postMessage({ id, move: move ?? null });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
