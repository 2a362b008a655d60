// The AI and the analysis, off the main thread: a module worker with its own instance of the wasm package.
// It also runs the tasks of a search split over several workers (ai-pool.js).
// The engine's AI (and its transposition table) lives in the instance, so it is kept between
// moves. Each request carries an id that the reply echoes (ai-protocol.js); the page
// (ai-client.js) sends one request at a time and ignores the replies it no longer wants.

import init, { ai_move, prepare_ai, run_split_task, score_moves } from './pkg/reversi_wasm.js';
import { toProblem } from './problem.js';

/** @import { AiReply, AiRequest, TaskReply } from './ai-protocol.js' */

// The AI's tables are made with the module, not in the first move's time.
const ready = init().then(() => {
  try {
    prepare_ai();
  } catch {
    // Out of memory: the first request tries again and reports the error.
  }
});

/** @param {MessageEvent<AiRequest>} event */
self.onmessage = async ({ data }) => {
  const { id, board, side, rules, level, seed } = data;
  try {
    await ready;
    if (data.kind === 'task') {
      const outcome = run_split_task(board, side, rules, level, data.task ?? '', data.timeMs ?? 1000);
      self.postMessage(/** @satisfies {TaskReply} */ ({ id, outcome }));
      return;
    }
    if (data.kind === 'scores') {
      const scores = score_moves(board, side, rules, data.depth ?? 1, data.timeMs ?? 1000);
      self.postMessage(/** @satisfies {AiReply} */ ({ id, scores }));
      return;
    }
    const move = ai_move(board, side, rules, level, seed);
    self.postMessage(/** @satisfies {AiReply} */ ({ id, move: move ?? null }));
  } catch (err) {
    // The engine's error (its code and parameters), or whatever else was thrown.
    self.postMessage(/** @satisfies {AiReply} */ ({ id, error: toProblem(err) }));
  }
};
