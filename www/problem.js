// Errors as plain data: the engine's (the wasm binding throws an Error with `code` and
// `params`, crate/wasm), the AI worker's, and anything else that was thrown. Plain, so that
// they cross to and from the worker and live in the page's state; i18n.js turns them into
// messages.

/**
 * An error: its code (`illegal_move`, `bad_transcript`, `worker_stopped`...; `other` for an
 * error without one), its parameters, and its own (English) message for logs and for errors
 * without a code.
 * @typedef {{code: string, params: Record<string, string | number>, message: string}} Problem
 */

/**
 * The Problem of a thrown value, touching only what an Error has.
 * @param {unknown} thrown
 * @returns {Problem}
 */
export function toProblem(thrown) {
  /** @type {Record<string, string | number>} */
  const params = {};
  if (typeof thrown !== 'object' || thrown === null) {
    return { code: 'other', params, message: String(thrown) };
  }
  const e = /** @type {{code?: unknown, params?: unknown, message?: unknown}} */ (thrown);
  const message = typeof e.message === 'string' ? e.message : String(thrown);
  const code = typeof e.code === 'string' && e.code !== '' ? e.code : 'other';
  if (typeof e.params === 'object' && e.params !== null) {
    for (const [key, value] of Object.entries(e.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    }
  }
  return { code, params, message };
}
