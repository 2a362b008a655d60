// Unit tests of the AI client (www/ai-client.js) with stand-in workers: the queue and its
// priorities (the AI's move, hints, the analysis, the review), cancelling without killing, stale
// replies, and replacing a failed worker.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AiClient } from '../ai-client.js';

/** @import { AiAsk, AiClientOptions, AiResult, WorkerEvent } from '../ai-client.js' */
/** @import { AiReply, AiRequest } from '../ai-protocol.js' */

/** A stand-in worker: records what it is sent, answers when told. */
class FakeWorker {
  constructor() {
    /** @type {AiRequest[]} */
    this.sent = [];
    this.terminated = false;
    /** @type {Record<string, ((event: WorkerEvent) => void)[]>} */
    this.listeners = { message: [], error: [] };
  }

  /** @param {AiRequest} message */
  postMessage(message) {
    assert.ok(!this.terminated, 'a message to a terminated worker');
    this.sent.push(message);
  }

  terminate() {
    this.terminated = true;
  }

  /**
   * @param {string} type
   * @param {(event: WorkerEvent) => void} listener
   */
  addEventListener(type, listener) {
    this.listeners[type].push(listener);
  }

  /** @param {AiReply} data */
  reply(data) {
    for (const l of this.listeners.message) l({ data });
  }

  /** The reply to the last request: a move. */
  answer(move = 'd3') {
    this.reply({ id: this.last().id, move });
  }

  last() {
    return /** @type {AiRequest} */ (this.sent.at(-1));
  }

  /** @param {string} [message] */
  crash(message) {
    let prevented = false;
    const event = message === undefined ? { preventDefault: () => { prevented = true; } } : { message, preventDefault: () => { prevented = true; } };
    for (const l of this.listeners.error) l(event);
    assert.ok(prevented, 'the error event was not handled');
  }
}

const BOARD = '---------------------------OX------XO---------------------------';

/**
 * @param {number} id
 * @param {AiAsk['kind']} [kind]
 * @param {number} [level]
 * @returns {AiAsk}
 */
const ask = (id, kind = 'move', level = 1) => ({ id, kind, board: BOARD, side: 'X', rules: 'classic', level });

/** Lets the client's results (delivered as microtasks) arrive. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A client over stand-in workers, with its results and a clock of its own.
 * @param {Partial<AiClientOptions>} [options]
 */
function setUp(options = {}) {
  /** @type {FakeWorker[]} */
  const workers = [];
  /** @type {AiResult[]} */
  const results = [];
  /** @type {string[]} */
  const measured = [];
  const clock = { now: 1000 };
  const client = new AiClient({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    onResult: (r) => results.push(r),
    now: () => clock.now,
    random: () => 0.5,
    measure: (name) => measured.push(name),
    ...options,
  });
  /** The worker in use. */
  const worker = () => /** @type {FakeWorker} */ (workers.at(-1));
  return { client, workers, worker, results, measured, clock };
}

test('a request goes to the worker with a seed; its move comes back with the time waited', async () => {
  const { client, worker, results, measured, clock } = setUp();
  client.request(ask(1, 'move', 7));
  assert.deepEqual(worker().sent, [{ id: 1, board: BOARD, side: 'X', rules: 'classic', level: 7, seed: 2 ** 31 }]);
  clock.now += 120;
  worker().answer('f5');
  assert.deepEqual(results, [], 'never from inside the worker event');
  await settle();
  assert.deepEqual(results, [{ type: 'move', id: 1, kind: 'move', move: 'f5', waited: 120 }]);
  assert.deepEqual(measured, ['ai-move']);
});

test('one request at a time; the next is sent when the worker answers', async () => {
  const { client, worker, results } = setUp();
  client.request(ask(1, 'hint'));
  client.request(ask(2, 'move'));
  assert.deepEqual(worker().sent.map((r) => r.id), [1]);
  assert.deepEqual(client.pending(), { running: 1, queued: [2] });
  worker().answer();
  assert.deepEqual(worker().sent.map((r) => r.id), [1, 2]);
  worker().answer();
  await settle();
  assert.deepEqual(results.map((r) => [r.type, r.id]), [['move', 1], ['move', 2]]);
});

test("the AI's move goes before hints: a queued hint is dropped when a move is asked for", async () => {
  const { client, worker, results } = setUp();
  client.request(ask(1, 'hint')); // running
  client.request(ask(2, 'hint')); // queued: replaces nothing yet
  client.request(ask(3, 'move')); // overtakes the queued hint, which is dropped
  assert.deepEqual(client.pending(), { running: 1, queued: [3] });
  await settle();
  assert.deepEqual(results, [{ type: 'dropped', id: 2, kind: 'hint' }]);
  // A hint asked while a move waits queues behind it.
  client.request(ask(4, 'hint'));
  assert.deepEqual(client.pending(), { running: 1, queued: [3, 4] });
  worker().answer();
  assert.equal(worker().last().id, 3);
});

test('a newer request of a kind replaces the queued one', async () => {
  const { client, results } = setUp();
  client.request(ask(1));
  client.request(ask(2));
  client.request(ask(3));
  assert.deepEqual(client.pending(), { running: 1, queued: [3] });
  await settle();
  assert.deepEqual(results, [{ type: 'dropped', id: 2, kind: 'move' }]);
});

test('cancelling: a queued request is never sent; a running one finishes, unheard, on the same worker', async () => {
  const { client, workers, worker, results } = setUp();
  client.request(ask(1));
  client.request(ask(2, 'hint'));
  client.cancel(2);
  client.cancel(1);
  assert.deepEqual(client.pending(), { running: null, queued: [] });
  client.request(ask(3));
  assert.deepEqual(worker().sent.map((r) => r.id), [1], 'waits for the cancelled search to end');
  worker().answer('c4'); // the cancelled request's reply
  assert.deepEqual(worker().sent.map((r) => r.id), [1, 3]);
  worker().answer('e6');
  await settle();
  assert.deepEqual(results.map((r) => [r.id, r.type === 'move' && r.move]), [[3, 'e6']]);
  assert.equal(workers.length, 1, 'no worker was killed');
  assert.ok(!worker().terminated);
});

test('a reply that is not for the request in flight is ignored', async () => {
  const { client, worker, results } = setUp();
  client.request(ask(5));
  worker().reply({ id: 4, move: 'a1' });
  worker().reply({ id: 6, move: 'a1' });
  await settle();
  assert.deepEqual(results, []);
  assert.deepEqual(client.pending(), { running: 5, queued: [] });
});

test('an error reply: the error, and a new worker for what comes next', async () => {
  const { client, workers, worker, results } = setUp();
  client.request(ask(1));
  client.request(ask(2, 'hint'));
  worker().reply({ id: 1, error: 'test failure' });
  assert.equal(workers.length, 2);
  assert.ok(workers[0].terminated);
  assert.deepEqual(workers[1].sent.map((r) => r.id), [2], 'the queue goes on with the new worker');
  workers[1].reply({ id: 2, error: { code: 'out_of_memory', params: { megabytes: 32 }, message: 'no memory' } });
  await settle();
  assert.deepEqual(results, [
    { type: 'error', id: 1, kind: 'move', error: { code: 'worker_error', params: { detail: 'test failure' }, message: 'test failure' } },
    { type: 'error', id: 2, kind: 'hint', error: { code: 'out_of_memory', params: { megabytes: 32 }, message: 'no memory' } },
  ]);
  assert.equal(worker(), workers[2]);
});

test('a crash: the request fails, a new worker at once; a crash with nothing to run waits for the next request', async () => {
  /** @type {number[]} */
  const starts = [];
  const { client, workers, results } = setUp({ onWorkerStart: (n) => starts.push(n) });
  assert.deepEqual(starts, [1]);
  client.request(ask(1));
  workers[0].crash('Uncaught Error: boom');
  assert.deepEqual(starts, [1, 2]);
  await settle();
  assert.deepEqual(results, [
    { type: 'error', id: 1, kind: 'move', error: { code: 'worker_crashed', params: { detail: 'Uncaught Error: boom' }, message: 'Uncaught Error: boom' } },
  ]);
  // The new worker fails to load (no message): no restart in a loop.
  workers[1].crash();
  assert.equal(workers.length, 2);
  assert.ok(workers[1].terminated);
  client.request(ask(2));
  assert.equal(workers.length, 3);
  assert.deepEqual(workers[2].sent.map((r) => r.id), [2]);
  workers[2].crash();
  await settle();
  assert.equal(results[1].type === 'error' && results[1].error.code, 'worker_stopped');
});

test('a cancelled request that crashes its worker: a new worker, no result', async () => {
  const { client, workers, results } = setUp();
  client.request(ask(1));
  client.cancel(1);
  workers[0].crash('boom');
  await settle();
  assert.deepEqual(results, []);
  client.request(ask(2));
  assert.deepEqual(workers[1].sent.map((r) => r.id), [2]);
});

test('a stuck worker is replaced after the timeout; the request fails, the queue goes on', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { client, workers, results } = setUp({ stuckMs: 30000 });
  client.request(ask(1));
  client.request(ask(2, 'hint'));
  t.mock.timers.tick(29999);
  assert.ok(!workers[0].terminated);
  t.mock.timers.tick(1);
  assert.ok(workers[0].terminated);
  assert.deepEqual(workers[1].sent.map((r) => r.id), [2]);
  workers[1].answer('d3');
  await settle();
  t.mock.timers.tick(60000);
  assert.deepEqual(results[0], { type: 'error', id: 1, kind: 'move', error: { code: 'worker_stuck', params: { seconds: 30 }, message: 'worker_stuck' } });
  assert.equal(results[1].type, 'move');
  assert.equal(results.length, 2, 'the answered request did not time out too');
  // A late reply of the stuck worker is not heard.
  workers[0].listeners.message.forEach((l) => l({ data: { id: 1, move: 'f5' } }));
  await settle();
  assert.equal(results.length, 2);
});

test('the analysis and the review: queued after the move and hints, their scores come back', async () => {
  const { client, worker, results } = setUp();
  client.request(ask(1, 'move'));
  client.request({ ...ask(2, 'review'), depth: 8, timeMs: 1500 });
  client.request({ ...ask(3, 'scores'), depth: 1, timeMs: 300 });
  client.request({ ...ask(4, 'scores'), depth: 2, timeMs: 1500 }); // replaces 3
  client.request(ask(5, 'hint'));
  assert.deepEqual(client.pending(), { running: 1, queued: [5, 4, 2] });
  worker().answer('f5');
  await settle();
  worker().answer('d3');
  await settle();
  // The analysis's step goes to the worker as a score_moves request.
  assert.deepEqual(worker().last(), { id: 4, kind: 'scores', board: BOARD, side: 'X', rules: 'classic', level: 1, seed: 2 ** 31, depth: 2, timeMs: 1500 });
  const scores = [{ square: 'f5', score: 1.5, exact: false, depth: 2 }];
  worker().reply({ id: 4, scores });
  await settle();
  assert.equal(worker().last().id, 2);
  assert.equal(worker().last().kind, 'scores', 'the review asks score_moves too');
  worker().reply({ id: 2, scores: [] });
  await settle();
  assert.deepEqual(results, [
    { type: 'dropped', id: 3, kind: 'scores' },
    { type: 'move', id: 1, kind: 'move', move: 'f5', waited: 0 },
    { type: 'move', id: 5, kind: 'hint', move: 'd3', waited: 0 },
    { type: 'scores', id: 4, kind: 'scores', scores },
    { type: 'scores', id: 2, kind: 'review', scores: [] },
  ]);
});

test("the AI's move does not wait for a cancelled review: that worker is replaced", async () => {
  const { client, workers, worker, results } = setUp();
  client.request({ ...ask(1, 'review'), depth: 1, timeMs: 6000 });
  client.cancel(1);
  // Cancelled, nothing waiting: the worker goes on (not killed).
  assert.equal(workers.length, 1);
  client.request(ask(2, 'move'));
  assert.equal(workers.length, 2);
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(worker().sent.map((m) => m.id), [2]);
  worker().answer('f5');
  await settle();
  assert.deepEqual(results, [{ type: 'move', id: 2, kind: 'move', move: 'f5', waited: 0 }]);
  // A step of the analysis (1 s at most) is waited for, cancelled or not.
  client.request({ ...ask(3, 'scores'), depth: 1, timeMs: 300 });
  client.request(ask(4, 'move'));
  assert.equal(workers.length, 2);
  assert.deepEqual(client.pending(), { running: 3, queued: [4] });
  client.cancel(4);
  client.cancel(3);
  client.request(ask(5, 'move'));
  assert.equal(workers.length, 2);
  assert.deepEqual(client.pending(), { running: null, queued: [5] });
});
