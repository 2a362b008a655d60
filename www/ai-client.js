// The AI client: the page's one way to the AI worker (ai-worker.js, protocol in
// ai-protocol.js). Requests wait in a queue by priority, the AI's own move first, then hints,
// then the analysis (the scores of every move, one deepening step a request), then the game
// review (one position a request); one runs at a time. A queued request is replaced by a newer
// one of its kind, and a queued hint is dropped when the AI's move is asked for (a deferred
// kind would wait instead). Cancelling forgets a queued request, or ignores the reply of a
// running one: the worker is not killed, a search ends within its level's time cap; but a
// cancelled position of the review (seconds of solving) that the AI's move would wait for is:
// its worker is replaced. Otherwise a worker is replaced only when it failed: it crashed, answered with an error (its
// engine may be unusable), or has not answered within a generous time (stuck); the request it
// was running then fails, the queue goes on.
// No DOM here: it runs in Node with a stand-in worker (www/tests/ai-client.test.mjs).

import { toProblem } from './problem.js';

/** @import { AiReply, AiRequest } from './ai-protocol.js' */
/** @import { Problem } from './problem.js' */

/** @typedef {'move' | 'hint' | 'scores' | 'review'} AiKind */
/** @typedef {{square: string, score: number, exact: boolean, depth: number}} MoveScore */
/**
 * What the page asks for: the AI's move or a hint for the side to move (`X`/`O`) on `board`
 * under `rules` at `level`, or (`scores` for the analysis, `review` for the game review) the
 * score of every move searched `depth` plies deep
 * within `timeMs` (`moves`: the transcript of that position, for the page); `id` is the page's (the state's) and comes back with the result.
 * @typedef {{id: number, kind: AiKind, board: string, side: string, rules: string, level: number,
 *   depth?: number, timeMs?: number, moves?: string}} AiAsk
 */
/**
 * The outcome of a request: the move (`waited`: milliseconds since it was asked for), the
 * scores, an error, or dropped unanswered from the queue. A cancelled request has no outcome.
 * @typedef {{type: 'move', id: number, kind: AiKind, move: string | null, waited: number} |
 *   {type: 'scores', id: number, kind: AiKind, scores: MoveScore[]} |
 *   {type: 'error', id: number, kind: AiKind, error: Problem} |
 *   {type: 'dropped', id: number, kind: AiKind}} AiResult
 */
/**
 * What the client needs of a worker (a module Worker, or a stand-in in the tests).
 * @typedef {{postMessage(message: AiRequest): void, terminate(): void,
 *   addEventListener(type: string, listener: (event: WorkerEvent) => void): void}} WorkerLike
 */
/** @typedef {{data?: unknown, message?: string, preventDefault?: () => void}} WorkerEvent */
/**
 * @typedef {{createWorker: () => WorkerLike, onResult: (result: AiResult) => void,
 *   onWorkerStart?: (starts: number) => void, stuckMs?: number, now?: () => number,
 *   random?: () => number, measure?: (name: string, start: number) => void}} AiClientOptions
 */
/** @typedef {{ask: AiAsk, asked: number}} Queued */
/** @typedef {Queued & {sent: number, cancelled: boolean}} Running */

/** Lower runs first. */
export const PRIORITY = /** @type {const} */ ({ move: 0, hint: 1, scores: 2, review: 3 });
/** What becomes of a queued request when one of a higher priority is asked for. */
export const WHEN_OVERTAKEN = /** @type {const} */ ({ move: 'defer', hint: 'drop', scores: 'defer', review: 'defer' });
/**
 * A worker that has not answered within this time is stuck: far above the longest time cap of
 * a level (1.4 s) and the first request's start-up (the wasm module, the AI's tables).
 */
export const STUCK_MS = 20000;

export class AiClient {
  /** @param {AiClientOptions} options */
  constructor({
    createWorker,
    onResult,
    onWorkerStart = () => {},
    stuckMs = STUCK_MS,
    now = () => performance.now(),
    random = Math.random,
    measure = (name, start) => performance.measure(name, { start }),
  }) {
    this.createWorker = createWorker;
    this.onResult = onResult;
    this.onWorkerStart = onWorkerStart;
    this.stuckMs = stuckMs;
    this.now = now;
    this.random = random;
    this.measure = measure;
    /** @type {Queued[]} */
    this.queue = [];
    /** @type {Running | null} */
    this.running = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.starts = 0;
    /**
     * The worker; null after one failed with nothing to run (the next request starts one: a
     * worker that cannot even load is not restarted in a loop).
     * @type {WorkerLike | null}
     */
    this.worker = this.startWorker();
  }

  /**
   * Asks for `ask`; its result comes to `onResult` (asynchronously).
   * @param {AiAsk} ask
   */
  request(ask) {
    /** @type {Queued[]} */
    const dropped = [];
    this.queue = this.queue.filter((q) => {
      const k = q.ask.kind;
      const overtaken = PRIORITY[k] > PRIORITY[ask.kind] && WHEN_OVERTAKEN[k] === 'drop';
      if (k === ask.kind || overtaken) dropped.push(q);
      return !(k === ask.kind || overtaken);
    });
    const at = this.queue.findIndex((q) => PRIORITY[q.ask.kind] > PRIORITY[ask.kind]);
    const entry = { ask, asked: this.now() };
    if (at < 0) this.queue.push(entry);
    else this.queue.splice(at, 0, entry);
    for (const q of dropped) this.report({ type: 'dropped', id: q.ask.id, kind: q.ask.kind });
    // The AI's move behind a cancelled position of the review, which may be solved for seconds
    // more: that worker is replaced rather than waited for (an analysis step takes 1 s at most).
    const r = this.running;
    if (r?.cancelled && ask.kind === 'move' && r.ask.kind === 'review') {
      clearTimeout(this.timer);
      this.running = null;
      this.restartWorker();
    }
    this.next();
  }

  /**
   * Forgets request `id`: out of the queue, or its reply ignored when it is running. No
   * result comes for it.
   * @param {number} id
   */
  cancel(id) {
    this.queue = this.queue.filter((q) => q.ask.id !== id);
    if (this.running?.ask.id === id) this.running.cancelled = true;
  }

  /** The ids of the running request and of the queue, in order (for tests and debugging). */
  pending() {
    return {
      running: this.running && !this.running.cancelled ? this.running.ask.id : null,
      queued: this.queue.map((q) => q.ask.id),
    };
  }

  /** @param {AiResult} result */
  report(result) {
    // Never from inside the caller's own call (the page dispatches results as actions).
    queueMicrotask(() => this.onResult(result));
  }

  startWorker() {
    const worker = this.createWorker();
    worker.addEventListener('message', (e) => {
      if (worker === this.worker) this.onReply(/** @type {AiReply} */ (e.data));
    });
    worker.addEventListener('error', (e) => {
      e.preventDefault?.(); // handled here: not an uncaught error of the page
      if (worker !== this.worker) return;
      const detail = e.message ?? '';
      this.fail(
        detail
          ? { code: 'worker_crashed', params: { detail }, message: detail }
          : { code: 'worker_stopped', params: {}, message: 'worker_stopped' },
      );
    });
    this.starts++;
    this.onWorkerStart(this.starts);
    return worker;
  }

  /** Replaces the worker: at once when `now` (a request failed), else at the next request. */
  restartWorker(now = true) {
    this.worker?.terminate();
    this.worker = now ? this.startWorker() : null;
  }

  /** Sends the head of the queue when the worker is free. */
  next() {
    if (this.running || !this.queue.length) return;
    const q = /** @type {Queued} */ (this.queue.shift());
    const { id, kind, board, side, rules, level, depth, timeMs } = q.ask;
    this.running = { ...q, sent: this.now(), cancelled: false };
    this.timer = setTimeout(() => this.stuck(), this.stuckMs);
    this.worker ??= this.startWorker();
    const seed = Math.floor(this.random() * 2 ** 32);
    if (kind === 'scores' || kind === 'review') {
      const scores = /** @type {const} */ ('scores');
      this.worker.postMessage({ id, kind: scores, board, side, rules, level, seed, depth: depth ?? 1, timeMs: timeMs ?? 1000 });
    } else {
      this.worker.postMessage({ id, board, side, rules, level, seed });
    }
  }

  /** @param {AiReply} reply */
  onReply(reply) {
    const r = this.running;
    if (!r || reply?.id !== r.ask.id) return; // not the request in flight: a stray reply
    clearTimeout(this.timer);
    this.running = null;
    this.measure(`ai-${r.ask.kind}`, r.sent);
    if ('error' in reply) {
      const { error } = reply;
      const p =
        typeof error === 'string'
          ? { code: 'worker_error', params: { detail: error }, message: error }
          : toProblem(error);
      this.restartWorker();
      if (!r.cancelled) this.report({ type: 'error', id: r.ask.id, kind: r.ask.kind, error: p });
    } else if ('scores' in reply) {
      if (!r.cancelled) this.report({ type: 'scores', id: r.ask.id, kind: r.ask.kind, scores: reply.scores });
    } else if (!r.cancelled) {
      const waited = this.now() - r.asked;
      this.report({ type: 'move', id: r.ask.id, kind: r.ask.kind, move: reply.move ?? null, waited });
    }
    this.next();
  }

  /**
   * The worker crashed, stopped or is stuck: a new one; the request it ran fails.
   * @param {Problem} error
   */
  fail(error) {
    clearTimeout(this.timer);
    const r = this.running;
    this.running = null;
    this.restartWorker(r !== null);
    if (r && !r.cancelled) this.report({ type: 'error', id: r.ask.id, kind: r.ask.kind, error });
    this.next();
  }

  stuck() {
    const seconds = Math.round(this.stuckMs / 1000);
    this.fail({ code: 'worker_stuck', params: { seconds }, message: 'worker_stuck' });
  }
}
