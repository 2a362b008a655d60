// Unit tests of the worker pool (www/ai-pool.js) with the real wasm package and stand-in
// workers that run its tasks in this process: the top level's move split over the workers,
// everything else sent to the first, failures, a search overtaken by the next request.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WorkerPool, poolSize } from '../ai-pool.js';
import { loadPackage } from './helpers.mjs';

/** @import { WorkerEvent } from '../ai-client.js' */
/** @import { AiReply, AiRequest, TaskReply } from '../ai-protocol.js' */

const wasm = await loadPackage();
const TOP = wasm.max_level();

/** The standard start: White d4 e5, Black d5 e4 (cells a1..h8, row by row). */
const START = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);

/** A stand-in worker: runs the requests it is sent with the wasm package, a tick later. */
class InProcessWorker {
  constructor() {
    /** @type {AiRequest[]} */
    this.sent = [];
    /** @type {Record<string, ((event: WorkerEvent) => void)[]>} */
    this.listeners = { message: [], error: [] };
    /** @type {((request: AiRequest) => AiReply | TaskReply) | null} replaces the answer when set */
    this.answer = null;
    this.terminated = false;
  }

  /** @param {AiRequest} request */
  postMessage(request) {
    this.sent.push(request);
    setTimeout(() => {
      if (this.terminated) return;
      const reply = this.answer ? this.answer(request) : run(request);
      for (const listener of this.listeners.message) listener({ data: reply });
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }

  /** @param {string} type @param {(event: WorkerEvent) => void} listener */
  addEventListener(type, listener) {
    this.listeners[type].push(listener);
  }
}

/** @param {AiRequest} r @returns {AiReply | TaskReply} */
function run(r) {
  if (r.kind === 'task') {
    return { id: r.id, outcome: wasm.run_split_task(r.board, r.side, r.rules, r.level, r.task ?? '', r.timeMs ?? 1000) };
  }
  return { id: r.id, move: wasm.ai_move(r.board, r.side, r.rules, r.level, r.seed) ?? null };
}

/**
 * A pool of `size` stand-in workers whose split searches stop at `depth`.
 * @param {number} size @param {number} depth
 */
function pool(size, depth) {
  /** @type {InProcessWorker[]} */
  const workers = [];
  const p = new WorkerPool({
    size,
    createWorker: () => {
      const w = new InProcessWorker();
      workers.push(w);
      return w;
    },
    createPlan: (r) => wasm.SplitPlan.create(r.board, r.side, r.level, depth),
  });
  /** @type {AiReply[]} */
  const replies = [];
  p.addEventListener('message', (e) => replies.push(/** @type {AiReply} */ (e.data)));
  /** @param {number} id */
  const replyTo = async (id) => {
    for (let i = 0; i < 2000; i++) {
      const r = replies.find((x) => x.id === id);
      if (r) return r;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    throw new Error(`no reply to ${id}`);
  };
  return { p, workers, replies, replyTo };
}

/** @param {number} id @param {number} level @returns {AiRequest} */
const ask = (id, level) => ({ id, board: START, side: 'X', rules: 'classic', level, seed: 1 });

test('the top level is split over every worker and answers with a legal move', async () => {
  const { p, workers, replyTo } = pool(3, 10);
  p.postMessage(ask(7, TOP));
  const reply = await replyTo(7);
  assert.ok('move' in reply && ['d3', 'c4', 'f5', 'e6'].includes(String(reply.move)), JSON.stringify(reply));
  for (const w of workers) {
    assert.ok(w.sent.some((r) => r.kind === 'task' && r.id < 0), 'every worker ran tasks');
  }
  // The shallow iterations are one task, then the moves of each deeper iteration.
  assert.match(String(workers[0].sent[0].task), /^deepen \d+$/);
  assert.ok(workers.flatMap((w) => w.sent).some((r) => /^move [a-h][1-8] 10 /.test(String(r.task))));
});

test('a pool of one worker never splits', async () => {
  const one = pool(1, 8);
  one.p.postMessage(ask(1, TOP));
  await one.replyTo(1);
  assert.deepEqual(one.workers[0].sent.map((r) => r.kind), [undefined]);
});

test('other levels, hints of other levels and scores go to the first worker', async () => {
  const { p, workers, replyTo } = pool(2, 8);
  p.postMessage(ask(3, 5));
  p.postMessage({ ...ask(4, 5), kind: 'scores', depth: 2, timeMs: 100 });
  await replyTo(3);
  assert.equal(workers[0].sent.length, 2);
  assert.equal(workers[1].sent.length, 0);
});

test('a worker that fails, or answers nonsense, fails the request with a problem', async () => {
  const { p, workers, replyTo } = pool(2, 8);
  workers[0].answer = (r) => ({ id: r.id, error: { code: 'out_of_memory', params: { megabytes: 32 }, message: 'no memory' } });
  p.postMessage(ask(5, TOP));
  const failed = await replyTo(5);
  assert.ok('error' in failed && typeof failed.error === 'object' && failed.error.code === 'out_of_memory');

  workers[0].answer = (r) => ({ id: r.id, outcome: 'deepened 8 nonsense' });
  p.postMessage(ask(6, TOP));
  const bad = await replyTo(6);
  assert.ok('error' in bad && typeof bad.error === 'object' && bad.error.code === 'bad_split_text', JSON.stringify(bad));
});

test('a new request ends the search under way; its late outcomes are ignored', async () => {
  const { p, replies, replyTo } = pool(2, 12);
  p.postMessage(ask(8, TOP));
  p.postMessage(ask(9, TOP));
  const reply = await replyTo(9);
  assert.ok('move' in reply);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(replies.filter((r) => r.id === 8).length, 0, 'no answer to the overtaken request');
});

test('pool size: one worker below 4 cores, at most 4', () => {
  assert.deepEqual([undefined, 0, 1, 2, 3, 4, 6, 16].map(poolSize), [1, 1, 1, 1, 1, 4, 4, 4]);
});
