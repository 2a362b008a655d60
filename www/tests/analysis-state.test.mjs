// Unit tests of the analysis in the reducer (www/analysis.js through reduce) and its effects:
// pure, no browser, no wasm.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellScores, depthMessages, formatScore, nextDepth, solvedMessages } from '../analysis.js';
import { effects } from '../effects.js';
import { reduce } from '../state.js';
import { AFTER_F5, START, deepFreeze, loaded, run, settings, snapAfterF5 } from './fixtures.mjs';

/** @import { MoveScore } from '../ai-client.js' */

/**
 * @param {string} square
 * @param {number} score
 * @param {number} depth
 * @returns {MoveScore}
 */
const ms = (square, score, depth, exact = false) => ({ square, score, exact, depth });

const humans = () => run({ type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });

test('scores are signed integers', () => {
  assert.equal(formatScore(6.4), '+6');
  assert.equal(formatScore(-2), '-2');
  assert.equal(formatScore(-0.3), '0');
  assert.equal(formatScore(0), '0');
});

test('the deepening goes on until solved, out of time or deep enough', () => {
  assert.equal(nextDepth([ms('f5', 1, 3), ms('d3', 1, 3)], 3), 4);
  assert.equal(nextDepth([ms('f5', 1, 9, true)], 1), null, 'solved');
  assert.equal(nextDepth([ms('f5', 1, 3), ms('d3', 1, 2)], 3), null, 'the time ran out');
  assert.equal(nextDepth([ms('f5', 1, 14)], 14), null, 'deep enough');
  assert.equal(nextDepth([], 1), null, 'no move');
});

test('the toggle asks for the first step; each reply asks for the next, behind nothing else', () => {
  const state = deepFreeze(humans());
  const on = reduce(state, { type: 'analysis-toggled' });
  assert.equal(on.analysis, true);
  const ask = on.scoring;
  assert.ok(ask);
  assert.equal(ask.kind, 'scores');
  assert.equal(ask.depth, 1);
  assert.equal(ask.board, START);
  assert.deepEqual(effects(state, on), [{ type: 'ai-request', request: ask }]);
  const list = [ms('f5', 0.4, 1), ms('d3', 0.4, 1), ms('c4', 0.4, 1), ms('e6', 0.4, 1)];
  const step = reduce(deepFreeze(on), { type: 'scores-reply', id: ask.id, scores: list });
  assert.equal(step.scoring?.depth, 2);
  assert.deepEqual(effects(on, step), [{ type: 'ai-request', request: step.scoring }]);
  assert.deepEqual(cellScores(step), { f5: { score: '0', exact: false }, d3: { score: '0', exact: false }, c4: { score: '0', exact: false }, e6: { score: '0', exact: false } });
  assert.deepEqual(depthMessages(step), [{ id: 'analysis.deepening', params: { depth: 1 } }]);
  assert.deepEqual(solvedMessages(step), []);
  assert.deepEqual(step.evals[''], { score: 0.4, exact: false });
  // A stale reply changes nothing.
  assert.equal(reduce(step, { type: 'scores-reply', id: ask.id, scores: list }), step);
  // Off: the step is cancelled, nothing shown.
  const off = reduce(step, { type: 'analysis-toggled' });
  assert.equal(off.scoring, null);
  assert.equal(cellScores(off), null);
  assert.deepEqual(effects(step, off), [{ type: 'ai-cancel', id: /** @type {number} */ (step.scoring?.id) }]);
});

test('a move cancels the step of the old position and asks for the new one', () => {
  const on = reduce(humans(), { type: 'analysis-toggled' });
  const moved = reduce(on, { type: 'moved', snap: snapAfterF5() });
  assert.equal(moved.scoring?.board, AFTER_F5);
  assert.equal(moved.scoring?.moves, 'f5');
  assert.deepEqual(effects(on, moved).filter((e) => e.type !== 'write-hash' && e.type !== 'sound'), [
    { type: 'ai-cancel', id: /** @type {number} */ (on.scoring?.id) },
    { type: 'ai-request', request: moved.scoring },
  ]);
  assert.equal(cellScores(moved), null, 'the old scores are not shown on the new position');
});

test('no analysis while the AI thinks about its move; solved positions say the result', () => {
  const vsAi = run({ type: 'game-loaded', loaded: loaded(settings(3)), linkProblems: [] }, { type: 'analysis-toggled' });
  const thinking = reduce(vsAi, { type: 'moved', snap: snapAfterF5() });
  assert.equal(thinking.request?.kind, 'move');
  assert.equal(thinking.scoring, null);
  const on = reduce(humans(), { type: 'analysis-toggled' });
  const id = /** @type {number} */ (on.scoring?.id);
  const solved = reduce(on, { type: 'scores-reply', id, scores: [ms('f5', -4, 60, true), ms('d3', -6, 60, true)] });
  assert.equal(solved.scoring, null);
  assert.deepEqual(solvedMessages(solved), [{ id: 'analysis.solved_win', params: { player: 'white', margin: 4 } }]);
  assert.deepEqual(depthMessages(solved), []);
  // Off, the solved value (kept for the graph) is still said.
  const off = reduce(solved, { type: 'analysis-toggled' });
  assert.deepEqual(solvedMessages(off), [{ id: 'analysis.solved_win', params: { player: 'white', margin: 4 } }]);
  // Another game: the values of the old one are forgotten.
  const other = reduce(off, { type: 'game-loaded', loaded: loaded(settings('human')), linkProblems: [] });
  assert.deepEqual(other.evals, {});
  assert.deepEqual(solvedMessages(other), []);
  assert.deepEqual(cellScores(solved)?.f5, { score: '-4', exact: true });
  const failed = reduce(on, { type: 'ai-failed', id, error: { code: 'worker_stopped', params: {}, message: 'x' } });
  assert.equal(failed.scoring, null);
  assert.equal(failed.notes[0].id, 'note.analysis_failed');
});
