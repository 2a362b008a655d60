// Several AI workers that look like one to the AI client (ai-client.js): the top level's move
// is searched by all of them, the others' requests go to the first. The engine plans the
// split search (a SplitPlan of the wasm package, on the page): it hands out tasks, each
// worker runs them with its own tables (`run_split_task`), and the plan takes their outcomes,
// all as short texts. No search logic here: this module only carries texts between the plan
// and the workers.
// No DOM here: it runs in Node with stand-in workers (www/tests/ai-pool.test.mjs).

import { toProblem } from './problem.js';

/** @import { AiReply, AiRequest, TaskReply } from './ai-protocol.js' */
/** @import { WorkerLike, WorkerEvent } from './ai-client.js' */
/** @import { Problem } from './problem.js' */

/**
 * What the pool needs of a plan (the wasm package's SplitPlan).
 * @typedef {{next_task(worker: number): string | undefined, report(task: string, outcome: string): void,
 *   finished(): boolean, best(): string | undefined, readonly timeMs: number, free(): void}} PlanLike
 */
/**
 * @typedef {{size: number, createWorker: () => WorkerLike,
 *   createPlan: (request: AiRequest) => PlanLike | undefined, now?: () => number}} PoolOptions
 */
/**
 * A split search under way: the request it answers, its plan, the deadline, and the task each
 * busy worker runs (by the worker's index).
 * @typedef {{request: AiRequest, plan: PlanLike, deadline: number,
 *   tasks: Map<number, {id: number, task: string}>}} Search
 */

/**
 * The workers to use on a device with `cores` logical processors (`navigator.hardwareConcurrency`).
 * @param {unknown} cores
 */
export function poolSize(cores) {
  const n = typeof cores === 'number' && Number.isInteger(cores) ? cores : 1;
  // At most 4: each worker holds its own tables (about 50 MB). Below 4 cores, one: on 2
  // cores, the split search did not pay (docs/tuning.md, "The search split over workers").
  return n >= 4 ? Math.min(n, 4) : 1;
}

export class WorkerPool {
  /** @param {PoolOptions} options */
  constructor({ size, createWorker, createPlan, now = () => performance.now() }) {
    this.createPlan = createPlan;
    this.now = now;
    /** @type {Map<string, ((event: WorkerEvent) => void)[]>} */
    this.listeners = new Map();
    /** @type {Search | null} */
    this.search = null;
    /** Ids of the pool's own task requests: negative, unlike the client's. */
    this.nextTaskId = -1;
    /** @type {Set<number>} the workers running a task (of this search or of an ended one) */
    this.busy = new Set();
    this.workers = Array.from({ length: Math.max(1, size) }, (_, i) => {
      const worker = createWorker();
      worker.addEventListener('message', (e) => this.onMessage(i, /** @type {AiReply | TaskReply} */ (e.data)));
      // A worker's failure is the pool's: the client replaces the whole pool.
      worker.addEventListener('error', (e) => this.emit('error', e));
      return worker;
    });
  }

  /** @param {string} type @param {(event: WorkerEvent) => void} listener */
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** @param {string} type @param {WorkerEvent} event */
  emit(type, event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** @param {AiReply} reply */
  reply(reply) {
    this.emit('message', { data: reply });
  }

  terminate() {
    this.endSearch();
    for (const worker of this.workers) worker.terminate();
  }

  /** @param {AiRequest} request */
  postMessage(request) {
    this.endSearch();
    /** @type {PlanLike | undefined} */
    let plan;
    if (this.workers.length > 1 && request.kind === undefined) {
      try {
        plan = this.createPlan(request);
      } catch {
        plan = undefined; // the first worker answers (and says what is wrong)
      }
    }
    if (!plan) {
      this.workers[0].postMessage(request);
      return;
    }
    this.search = { request, plan, deadline: this.now() + plan.timeMs, tasks: new Map() };
    this.pump();
  }

  /**
   * Offers every idle worker a task (the plan keeps some moves for the worker that searched
   * them before); answers when the plan is over, or when no worker runs anything and the plan
   * has nothing to give.
   */
  pump() {
    const search = this.search;
    if (!search) return;
    const { request, plan } = search;
    for (let i = 0; i < this.workers.length && !plan.finished(); i++) {
      if (this.busy.has(i)) continue;
      const task = plan.next_task(i);
      if (task === undefined) continue;
      const id = this.nextTaskId--;
      const timeMs = Math.max(1, Math.round(search.deadline - this.now()));
      const { board, side, rules, level, seed } = request;
      search.tasks.set(i, { id, task });
      this.busy.add(i);
      this.workers[i].postMessage({ id, kind: 'task', board, side, rules, level, seed, task, timeMs });
    }
    if (plan.finished() || this.busy.size === 0) {
      const move = plan.best();
      this.endSearch();
      if (move === undefined) {
        // Not even the shallowest iteration: the first worker searches alone.
        this.workers[0].postMessage(request);
      } else {
        this.reply({ id: request.id, move });
      }
    }
  }

  /** @param {number} i @param {AiReply | TaskReply} reply */
  onMessage(i, reply) {
    if (typeof reply?.id !== 'number' || reply.id >= 0) {
      // The first worker's answer to a request of the client.
      this.reply(/** @type {AiReply} */ (reply));
      return;
    }
    this.busy.delete(i);
    const search = this.search;
    const running = search?.tasks.get(i);
    if (!search || !running || running.id !== reply.id) {
      this.pump(); // an outcome of an ended search: the worker is free again
      return;
    }
    search.tasks.delete(i);
    if ('outcome' in reply) {
      try {
        search.plan.report(running.task, reply.outcome);
      } catch (err) {
        this.fail(search, toProblem(err));
        return;
      }
    } else if ('error' in reply) {
      this.fail(search, reply.error);
      return;
    }
    this.pump();
  }

  /** @param {Search} search @param {Problem | string} error */
  fail(search, error) {
    this.endSearch();
    this.reply({ id: search.request.id, error });
  }

  endSearch() {
    this.search?.plan.free();
    this.search = null;
  }
}
