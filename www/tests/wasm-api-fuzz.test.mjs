// A seeded fuzz of the wasm package's JavaScript API, in Node (no browser, no server): the
// package that scripts/build-web.sh writes to www/pkg is loaded from disk with initSync, and a
// seeded random mix of valid and invalid calls of every export (the analysis's too: score_moves,
// flips, play_legal_prefix, the opening name) is made on a pool of games.
//
// It fails on
// - a wasm trap (WebAssembly.RuntimeError) or a thrown value that is not an Error;
// - a call whose first bad argument (left to right) has the wrong type but that does not throw
//   a TypeError, an invalid call that succeeds, a valid call that throws;
// - any change of a game's state() after a call that threw, or of a game the call did not
//   address; a getter that disagrees with state();
// - a panic message on the console (the binding's panic hook writes one before the trap);
// - wasm memory growth of more than MEMORY_SLACK past its size after a warm-up that lets the
//   AI allocate its tables.
//
// FUZZ_SEED=<n> replays one seed (a failure prints its seed and the last calls); FUZZ_STEPS
// sets the number of calls a seed; REVERSI_PKG=<dir> tests another build of the package (an
// older one, say, to see this test fail).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PKG = resolve(process.env.REVERSI_PKG ?? join(ROOT, 'www', 'pkg'));
const STEPS = Number(process.env.FUZZ_STEPS ?? 1500);
/** A fixed seed (the same calls every run) and a fresh one (new calls every run). */
const SEEDS = process.env.FUZZ_SEED
  ? [Number(process.env.FUZZ_SEED)]
  : [20, Math.floor(Math.random() * 2 ** 32)];
/** How far the wasm memory may grow past its size after the warm-up. */
const MEMORY_SLACK = 2 ** 20;
/** At most this many live games; another new game frees one. */
const POOL = 6;
/** The longest string argument the binding accepts (crate/wasm: MAX_STRING_LENGTH). */
const MAX_STRING_LENGTH = 4096;

const START = '---------------------------OX------XO---------------------------';
const SQUARES = [...'12345678'].flatMap((r) => [...'abcdefgh'].map((f) => f + r));

// ---------------------------------------------------------------------------------------------
// Arguments

/**
 * How a generated argument should fare: `ok` valid, `absent` an optional argument left out
 * (undefined or null), `type` of the wrong JavaScript type, `bad` of the right type but
 * refused for sure, `maybe` of the right type and maybe refused.
 * @typedef {'ok' | 'absent' | 'type' | 'bad' | 'maybe'} Kind
 */

/**
 * An argument, with its kind and how to show it (showing must not touch the value: some values
 * throw when touched).
 * @typedef {{ value: unknown, kind: Kind, show: string }} Arg
 */

/**
 * What a call must do: `ok` succeed, `type` throw a TypeError, `error` throw an Error, `any`
 * either succeed or throw an Error.
 * @typedef {'ok' | 'type' | 'error' | 'any'} Expect
 */

/**
 * A value that throws on any operation (property read, call, conversion...): if the binding
 * ran code of an argument's, that error would show instead of its TypeError.
 */
const UNTOUCHABLE = new Proxy(
  {},
  new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('the binding touched an argument');
      },
    },
  ),
);

/** @type {Array<[string, () => unknown]>} Values of every type but string and number. */
const OTHER_TYPES = [
  ['true', () => true],
  ['false', () => false],
  ['{}', () => ({})],
  ['[]', () => []],
  ["['d3']", () => ['d3']],
  ['null', () => null],
  ['undefined', () => undefined],
  ['Symbol()', () => Symbol('d3')],
  ['10n', () => 10n],
  ['2n ** 64n', () => 2n ** 64n],
  ["new String('d3')", () => new String('d3')],
  ['new Number(3)', () => new Number(3)],
  ['{length: 2 ** 30}', () => ({ length: 2 ** 30 })],
  ['{length: 2 ** 30, charCodeAt}', () => ({ length: 2 ** 30, charCodeAt: () => 65 })],
  ['{toString, valueOf}', () => ({ toString: () => 'd3', valueOf: () => 3 })],
  ["() => 'd3'", () => () => 'd3'],
  ['an untouchable proxy', () => UNTOUCHABLE],
  ["new Proxy(['d3'], {})", () => new Proxy(['d3'], {})],
  ['Object.create(null)', () => Object.create(null)],
  ['new Date(0)', () => new Date(0)],
  ['/d3/', () => /d3/],
  ['new Uint8Array(4)', () => new Uint8Array(4)],
];

/** @type {Array<[string, () => unknown]>} Numbers, for parameters that take strings. */
const NUMBERS = [
  ['5', () => 5],
  ['0', () => 0],
  ['-0', () => -0],
  ['-1', () => -1],
  ['1.5', () => 1.5],
  ['NaN', () => NaN],
  ['Infinity', () => Infinity],
  ['2 ** 32 + 1', () => 2 ** 32 + 1],
  ['1e308', () => 1e308],
];

/** @type {Array<[string, () => unknown]>} Strings, for parameters that take numbers. */
const STRINGS = [
  ["'3'", () => '3'],
  ["''", () => ''],
  ["'1.5'", () => '1.5'],
  ["'NaN'", () => 'NaN'],
  ["'d'.repeat(2 ** 24)", () => 'd'.repeat(2 ** 24)],
];

/**
 * A small seeded generator (xorshift32).
 * @param {number} seed
 */
function generator(seed) {
  let x = seed >>> 0 || 0x9e3779b9;
  /** A float in [0, 1). */
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  return {
    next,
    /** @param {number} n an integer in 0..n */
    int: (n) => Math.floor(next() * n),
    /** @param {number} p true with probability p */
    chance: (p) => next() < p,
    /**
     * @template T
     * @param {readonly T[]} items
     * @returns {T}
     */
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** @typedef {ReturnType<typeof generator>} Rng */

/**
 * @param {unknown} value
 * @param {Kind} kind
 * @param {string} [show]
 * @returns {Arg}
 */
function arg(value, kind, show) {
  return { value, kind, show: show ?? showString(value) };
}

/** @param {unknown} s a string (anything else is shown by its type) */
function showString(s) {
  if (s === null) return 'null';
  if (typeof s !== 'string') return typeof s;
  return s.length > 40 ? `'${s.slice(0, 12)}…' (${s.length} characters)` : JSON.stringify(s);
}

/**
 * A value of the wrong type for a parameter that takes `type` (for an `optional` one, neither
 * undefined nor null, which leave it out).
 * @param {Rng} rng
 * @param {'string' | 'number'} type
 * @param {boolean} [optional]
 * @returns {Arg}
 */
function wrongType(rng, type, optional = false) {
  const values = [...OTHER_TYPES, ...(type === 'string' ? NUMBERS : STRINGS)];
  const [show, make] = rng.pick(optional ? values.filter(([s]) => s !== 'null' && s !== 'undefined') : values);
  return arg(make(), 'type', show);
}

/**
 * A string that no parameter accepts: malformed, or longer than the binding takes.
 * @param {Rng} rng
 * @returns {Arg}
 */
function badString(rng) {
  const s = rng.pick([
    'z9',
    'i1',
    'a0',
    '33',
    'é1',
    '\uD800',
    'chess',
    'purple',
    'zz',
    'd'.repeat(MAX_STRING_LENGTH + 1),
    'd'.repeat(2 ** 24),
  ]);
  return arg(s, 'bad');
}

/**
 * A string argument: usually one of `good` (valid), sometimes one of `bad` or any bad string,
 * sometimes a wrong type.
 * @param {Rng} rng
 * @param {readonly string[]} good
 * @param {readonly string[]} bad
 * @param {boolean} [optional] whether undefined and null leave the argument out
 * @param {number} [pOk] the probability of a valid string
 * @returns {Arg}
 */
function stringArg(rng, good, bad, optional = false, pOk = 0.6) {
  const r = rng.next();
  if (r < pOk && good.length) return arg(rng.pick(good), 'ok');
  if (r < pOk + (1 - pOk) * 0.4 && bad.length) return arg(rng.pick(bad), 'bad');
  if (r < pOk + (1 - pOk) * 0.6) return badString(rng);
  return wrongType(rng, 'string', optional);
}

/**
 * A number argument: an integer in min..top, or one of `bad`, or a wrong type.
 * @param {Rng} rng
 * @param {number} min
 * @param {number} top the largest value to pick
 * @param {readonly number[]} bad numbers the parameter refuses
 * @param {number} [pOk] the probability of a valid number
 * @returns {Arg}
 */
function integerArg(rng, min, top, bad, pOk = 0.7) {
  const r = rng.next();
  if (r < pOk) {
    const n = rng.chance(0.1) ? rng.pick([min, top]) : min + rng.int(top - min + 1);
    return arg(n, 'ok', String(n));
  }
  if (r < pOk + (1 - pOk) * 0.6) {
    const n = rng.pick(bad);
    return arg(n, 'bad', Object.is(n, -0) ? '-0' : String(n));
  }
  return wrongType(rng, 'number');
}

/** Numbers that are neither levels nor seeds. */
const NOT_INTEGERS = [0.5, 1.5, NaN, Infinity, -Infinity, 1e308, -1e308, -1];

/**
 * What a call with `args` must do, the binding checking its arguments left to right.
 * @param {Arg[]} args
 * @returns {Expect}
 */
function expectation(args) {
  const first = args.findIndex((a) => a.kind !== 'ok' && a.kind !== 'absent');
  if (first < 0) return 'ok';
  const kind = args[first].kind;
  if (kind === 'type') return 'type';
  if (kind === 'bad') return 'error';
  // A maybe: a bad argument after it is refused if the maybe is accepted.
  return args.slice(first + 1).some((a) => a.kind === 'type' || a.kind === 'bad') ? 'error' : 'any';
}

// ---------------------------------------------------------------------------------------------
// The fuzz

/**
 * A live game of the pool and the JSON of its last state().
 * @typedef {{ game: any, snap: string, id: number }} Live
 */

/**
 * One call: what it is (for the report) and how to make it.
 * @typedef {{ what: string, expect: Expect, run: () => unknown, target?: Live,
 *   check?: (result: unknown) => void }} Call
 */

class FuzzError extends Error {}

/**
 * Runs the fuzz with `seed` on a fresh instance of the package.
 * @param {number} seed
 * @param {number} steps
 */
async function fuzz(seed, steps) {
  const url = pathToFileURL(join(PKG, 'reversi_wasm.js')).href;
  // A fresh module instance per seed: the query makes it a new module for Node.
  const m = await import(`${url}?seed=${seed}`);
  const wasm = m.initSync({ module: readFileSync(join(PKG, 'reversi_wasm_bg.wasm')) });
  /** @type {WebAssembly.Memory} */
  const memory = wasm.memory;
  const rng = generator(seed);
  const maxLevel = m.max_level();
  const minLevel = m.min_level();
  const defaultLevel = m.default_level();
  /** @type {Live[]} */
  const live = [];
  /** @type {any[]} */
  const freed = [];
  /** @type {string[]} */
  const history = [];
  let nextId = 0;
  let baseline = 0;
  /** @type {Record<string, number>} how many calls of each name succeeded or threw what */
  const tally = {};

  /** @param {any} game */
  const snapshot = (game) => JSON.stringify(game.state());

  /**
   * @param {string} message
   * @returns {never}
   */
  function fail(message) {
    throw new FuzzError(message);
  }

  /**
   * Makes `call` and checks it against its expectation and the pool.
   * @param {Call} call
   */
  function perform(call) {
    history.push(call.what);
    if (history.length > 12) history.shift();
    let threw = false;
    /** @type {unknown} */
    let result;
    /** @type {unknown} */
    let error;
    try {
      result = call.run();
    } catch (e) {
      threw = true;
      error = e;
    }
    const name = call.what.replace(/^game \d+\./, 'game.').replace(/[( ].*/, '');
    const outcome = threw ? (error instanceof Error ? error.name : 'non-Error') : 'ok';
    tally[`${name} ${outcome}`] = (tally[`${name} ${outcome}`] ?? 0) + 1;
    if (threw) {
      if (error instanceof WebAssembly.RuntimeError) fail(`a wasm trap: ${error.message}`);
      if (!(error instanceof Error)) fail(`threw a non-Error: ${String(error)}`);
      if (call.expect === 'ok') fail(`a valid call threw ${error.name}: ${error.message}`);
      if (call.expect === 'type' && !(error instanceof TypeError)) {
        fail(`a wrong type gave ${error.name}: ${error.message}`);
      }
    } else {
      if (call.expect === 'type' || call.expect === 'error') fail(`an invalid call returned ${showString(result)}`);
      call.check?.(result);
    }
    // Games the call addressed only change when it succeeds; the others never.
    for (const l of live) {
      const now = snapshot(l.game);
      if (l === call.target && !threw) l.snap = now;
      else if (now !== l.snap) fail(`game ${l.id} changed:\n  was ${l.snap}\n  now ${now}`);
    }
    const grown = memory.buffer.byteLength - baseline;
    if (baseline && grown > MEMORY_SLACK) fail(`the wasm memory grew by ${grown} bytes`);
  }

  /**
   * A call of `fn` with `args` (`this` is `self`).
   * @param {string} name
   * @param {Function} fn
   * @param {unknown} self
   * @param {Arg[]} args
   * @param {Partial<Call>} [extra]
   * @returns {Call}
   */
  function callOf(name, fn, self, args, extra = {}) {
    return {
      what: `${name}(${args.map((a) => a.show).join(', ')})`,
      expect: expectation(args),
      run: () => Reflect.apply(fn, self, args.map((a) => a.value)),
      ...extra,
    };
  }

  /** @param {Live} l */
  const stateOf = (l) => JSON.parse(l.snap);

  /** A new game (valid or not); a valid one joins the pool. */
  function newGame() {
    const rules = stringArg(rng, ['classic', 'inverse', 'Classic', 'INVERSE'], ['chess', '', 'classic ']);
    const start = stringArg(rng, ['standard', 'alternative', 'Standard'], ['sideways', '']);
    const boards = [START, ...live.map((l) => stateOf(l).board)];
    const sides = ['X', 'O', 'black', 'white', 'x', 'o'];
    /** @type {Arg[]} */
    const args = [rules, start];
    const shape = rng.int(6);
    if (shape === 1) {
      args.push(arg(rng.pick([undefined, null]), 'absent'));
    } else if (shape === 2) {
      args.push(arg(rng.pick([undefined, null]), 'absent'), arg(rng.pick([undefined, null]), 'absent'));
    } else if (shape === 3 || shape === 4) {
      args.push(stringArg(rng, boards, ['XO--', `Q${'-'.repeat(63)}`, ''], true));
      args.push(stringArg(rng, sides, ['Z', '', 'XO'], true));
    } else if (shape === 5) {
      // One of board and side without the other.
      const none = arg(rng.pick([undefined, null]), 'absent');
      if (rng.chance(0.5)) {
        const side = rng.chance(0.8) ? arg(rng.pick(sides), 'bad') : wrongType(rng, 'string', true);
        args.push(none, side);
      } else {
        args.push(stringArg(rng, boards, [], true), arg(rng.pick([undefined, null]), 'bad', 'no side'));
      }
    }
    perform(
      callOf('new_game', m.new_game, undefined, args, {
        check: (game) => {
          const l = { game, snap: snapshot(game), id: nextId++ };
          checkGetters(l);
          if (live.length >= POOL) {
            const gone = live.splice(rng.int(live.length), 1)[0];
            gone.game.free();
            freed.push(gone.game);
          }
          live.push(l);
        },
      }),
    );
  }

  /**
   * The getters must agree with state().
   * @param {Live} l
   */
  function checkGetters(l) {
    const g = l.game;
    const s = stateOf(l);
    assert.equal(g.board(), s.board);
    assert.equal(g.side(), s.side);
    assert.equal(g.rules(), s.rules);
    assert.equal(g.transcript(), s.transcript);
    assert.equal(g.full_transcript(), s.fullTranscript);
    assert.deepEqual(g.legal_moves(), s.legal);
    assert.equal(g.to_move(), s.toMove ?? undefined);
    assert.equal(g.is_over(), s.over);
    assert.equal(g.can_undo(), s.canUndo);
    assert.equal(g.can_redo(), s.canRedo);
    assert.deepEqual(g.outcome(), { black: s.black, white: s.white, winner: s.winner });
    assert.equal(g.opening_name(), s.opening ?? undefined);
    assert.deepEqual(Object.keys(s.flips), s.legal);
    for (const sq of s.legal) assert.deepEqual(g.flips(sq), s.flips[sq]);
  }

  /** A method of a live game, with valid or invalid arguments. */
  function gameMethod() {
    if (!live.length) return newGame();
    const l = rng.pick(live);
    const s = stateOf(l);
    const g = l.game;
    const colors = ['black', 'white', 'X', 'O', 'b', 'W', '*', 'BLACK'];
    const method = rng.pick(['play', 'play', 'play', 'play_transcript', 'play_legal_prefix', 'flips', 'undo', 'redo', 'undo_turn', 'redo_turn', 'getters']);
    /** @type {Arg[]} */
    let args;
    if (method === 'play') {
      const r = rng.next();
      if (r < 0.5 && s.legal.length) args = [arg(rng.pick(s.legal), 'ok')];
      else if (r < 0.65) args = [arg(rng.pick(SQUARES).toUpperCase(), 'maybe')];
      else args = [stringArg(rng, [], ['', 'd33', 'a9', ' d3'])];
    } else if (method === 'play_transcript') {
      const r = rng.next();
      if (r < 0.3) args = [arg(s.legal.length ? rng.pick(s.legal) : '', 'ok')];
      else if (r < 0.6) {
        const n = 1 + rng.int(4);
        const moves = Array.from({ length: n }, () => (rng.chance(0.1) ? 'pa' : rng.pick(SQUARES)));
        args = [arg(moves.join(rng.pick(['', ' '])), 'maybe')];
      } else args = [stringArg(rng, [''], ['zz', 'x', 'f5f5f5'])];
    } else if (method === 'play_legal_prefix') {
      // Any string is played as far as it is legal (the error is returned, not thrown).
      const n = rng.int(4);
      const moves = Array.from({ length: n }, () => (rng.chance(0.1) ? 'pa' : rng.pick(SQUARES)));
      const text = rng.chance(0.8) ? moves.join(rng.pick(['', ' '])) : rng.pick(['zz', 'x', '']);
      args = [rng.chance(0.9) ? arg(text, 'ok') : wrongType(rng, 'string')];
    } else if (method === 'flips') {
      // Any square: the flips of a legal move, none for another square.
      const r = rng.next();
      if (r < 0.7) args = [arg(rng.pick(SQUARES), 'ok')];
      else args = [stringArg(rng, [], ['', 'd33', 'a9', ' d3'])];
    } else if (method === 'undo_turn' || method === 'redo_turn') {
      args = [stringArg(rng, colors, ['purple', '', 'XO'])];
    } else if (method === 'getters') {
      perform({ what: `getters of game ${l.id}`, expect: 'ok', run: () => checkGetters(l), target: l });
      return;
    } else {
      args = [];
    }
    // Now and then the argument is missing (undefined: the wrong type) or one too many (ignored).
    const takes = args.length;
    if (takes && rng.chance(0.05)) args = [];
    else if (rng.chance(0.05)) args.push(arg(5, 'ok', '5 (one too many)'));
    const effective = args.length < takes ? [arg(undefined, 'type', 'nothing')] : args;
    perform({
      ...callOf(`game ${l.id}.${method}`, g[method], g, args),
      expect: expectation(effective),
      target: l,
    });
  }

  /** A method of a freed game or of an object that is not a game: an Error, not a trap. */
  function foreignThis() {
    const candidates = [
      ...freed.map((g) => ({ self: g, name: 'a freed game' })),
      { self: {}, name: '{}' },
      { self: Object.create(m.Game.prototype), name: 'Object.create(Game.prototype)' },
    ];
    const { self, name } = rng.pick(candidates);
    const method = rng.pick(['board', 'state', 'play', 'undo', 'undo_turn', 'legal_moves', 'free', 'free']);
    const args = method === 'play' ? [arg('f5', 'ok')] : method === 'undo_turn' ? [arg('black', 'ok')] : [];
    perform({ ...callOf(`foreign.${method} [this: ${name}]`, m.Game.prototype[method], self, args), expect: 'error' });
  }

  /** Frees a live game (by free() or Symbol.dispose). */
  function freeGame() {
    if (!live.length) return newGame();
    const i = rng.int(live.length);
    const l = live[i];
    const how = Symbol.dispose && rng.chance(0.3) ? Symbol.dispose : 'free';
    perform({
      what: `game ${l.id}.${how === 'free' ? how : '[Symbol.dispose]'}()`,
      expect: 'ok',
      run: () => l.game[how](),
      check: () => {
        live.splice(i, 1);
        freed.push(l.game);
      },
      target: l,
    });
  }

  /** ai_move with valid or invalid arguments (the position of a live game or the start). */
  function aiMove() {
    const l = live.length ? rng.pick(live) : null;
    const s = l ? stateOf(l) : { board: START, side: 'X', rules: 'classic', legal: ['d3', 'c4', 'f5', 'e6'] };
    const empties = [...s.board].filter((c) => c === '-').length;
    // The top levels search for seconds from the midgame: valid calls use them near the end.
    const top = empties <= 10 ? maxLevel : 3;
    // Half the calls are valid throughout; in the others each argument may be bad.
    const pOk = rng.chance(0.5) ? 1 : 0.7;
    const args = [
      stringArg(rng, [s.board], ['XO--', `Q${'-'.repeat(63)}`], false, pOk),
      stringArg(rng, [s.side], ['Z', '', 'XO'], false, pOk),
      stringArg(rng, [s.rules], ['draughts', ''], false, pOk),
      integerArg(rng, minLevel, top, [...NOT_INTEGERS, 0, -0, maxLevel + 1, 2 ** 32 + 1, 2 ** 53], pOk),
      integerArg(rng, 0, 2 ** 32 - 1, [...NOT_INTEGERS, 2 ** 53, -(2 ** 32)], pOk),
    ];
    if (rng.chance(0.03)) args.length = rng.int(5);
    const effective = [...args, ...Array.from({ length: 5 - args.length }, () => arg(undefined, 'type', 'nothing'))];
    const reenter = rng.chance(0.15);
    const call = {
      ...callOf(reenter ? 'ai_move/reentered' : 'ai_move', m.ai_move, undefined, args),
      expect: expectation(effective),
      check: (/** @type {unknown} */ move) => {
        if (s.legal.length) assert.ok(s.legal.includes(move), `the AI's move ${String(move)} is not legal`);
        else assert.equal(move, undefined);
      },
    };
    if (reenter && call.expect === 'ok') {
      const { run } = call;
      call.run = () => withReentrantClock(s, run);
    }
    perform(call);
  }

  /**
   * Runs `run` (an ai_move) with a performance.now that calls ai_move and prepare_ai again
   * (and a new game): the inner AI calls must throw an Error, the rest work.
   * @param {{ board: string, side: string, rules: string, legal: string[] }} s
   * @param {() => unknown} run
   */
  function withReentrantClock(s, run) {
    const own = Object.getOwnPropertyDescriptor(performance, 'now');
    const hostNow = performance.now.bind(performance);
    /** @type {string[]} */
    const problems = [];
    let calls = 0;
    performance.now = () => {
      calls++;
      try {
        m.ai_move(s.board, s.side, s.rules, minLevel, 0);
        problems.push('the inner ai_move returned');
      } catch (e) {
        if (!(e instanceof Error) || e instanceof WebAssembly.RuntimeError) problems.push(`the inner ai_move threw ${String(e)}`);
        else if (!/already running/.test(e.message)) problems.push(`the inner ai_move threw ${e.message}`);
      }
      try {
        m.prepare_ai();
        problems.push('prepare_ai returned inside the clock');
      } catch (e) {
        if (!(e instanceof Error) || !/prepare_ai is already running/.test(e.message)) {
          problems.push(`prepare_ai inside the clock threw ${String(e)}`);
        }
      }
      try {
        const g = m.new_game('classic', 'standard');
        g.play('f5');
        if (g.transcript() !== 'f5') problems.push('a game made inside the clock misbehaved');
        g.free();
      } catch (e) {
        problems.push(`a game made inside the clock threw ${String(e)}`);
      }
      return hostNow();
    };
    try {
      const move = run();
      if (s.legal.length && calls === 0) problems.push('the clock was not called');
      if (problems.length) throw new FuzzError(problems.join('; '));
      return move;
    } finally {
      if (own) Object.defineProperty(performance, 'now', own);
      else Reflect.deleteProperty(performance, 'now');
    }
  }

  /** The argument-less exports, called with junk. */
  function levels() {
    const junk = rng.chance(0.5) ? [wrongType(rng, 'string')] : [];
    const [name, fn, want] = rng.pick([
      ['max_level', m.max_level, maxLevel],
      ['min_level', m.min_level, minLevel],
      ['default_level', m.default_level, defaultLevel],
      ['start', m.start, undefined],
      ['prepare_ai', m.prepare_ai, undefined],
    ]);
    perform({
      ...callOf(name, fn, undefined, junk),
      expect: 'ok',
      check: (n) => assert.equal(n, want),
    });
  }

  /**
   * A position to search (a live game's, or the start) and its board and side as arguments,
   * valid or not (`pOk`: the chance each is valid).
   */
  function positionArgs() {
    const l = live.length ? rng.pick(live) : null;
    const s = l ? stateOf(l) : { board: START, side: 'X', rules: 'classic', legal: ['d3', 'c4', 'f5', 'e6'] };
    const pOk = rng.chance(0.5) ? 1 : 0.7;
    const position = [
      stringArg(rng, [s.board], ['XO--', `Q${'-'.repeat(63)}`], false, pOk),
      stringArg(rng, [s.side], ['Z', '', 'XO'], false, pOk),
    ];
    return { s, pOk, position };
  }

  /** score_moves (the analysis) with valid or invalid arguments, shallow and quick. */
  function scoreMoves() {
    const { s, pOk, position } = positionArgs();
    const args = [
      ...position,
      stringArg(rng, [s.rules], ['draughts', ''], false, pOk),
      integerArg(rng, 1, 3, [...NOT_INTEGERS, 0, 61, 2 ** 32 + 1], pOk),
      integerArg(rng, 1, 30, [...NOT_INTEGERS, 0, 600001, -(2 ** 32)], pOk),
    ];
    perform({
      ...callOf('score_moves', m.score_moves, undefined, args),
      expect: expectation(args),
      check: (result) => {
        const list = /** @type {{square: string}[]} */ (result);
        assert.deepEqual(list.map((x) => x.square).sort(), [...s.legal].sort());
      },
    });
  }

  /**
   * The split search (SplitPlan, run_split_task) with valid or invalid arguments: a plan that
   * is made is run to its end here, shallow, and each outcome's text may first come back
   * mangled (refused with bad_split_text, the plan unchanged).
   */
  function splitSearch() {
    const { s, pOk, position } = positionArgs();
    const args = [
      ...position,
      integerArg(rng, minLevel, maxLevel, [...NOT_INTEGERS, 0, maxLevel + 1], pOk),
      integerArg(rng, 1, 3, [...NOT_INTEGERS, 0, 61], pOk),
    ];
    // The depth is optional: undefined or null is no depth limit.
    const depth = args[3];
    if (depth.value === undefined || depth.value === null) args[3] = { ...depth, kind: 'absent' };
    perform({
      ...callOf('SplitPlan.create', m.SplitPlan.create, undefined, args),
      expect: expectation(args),
      check: (result) => {
        if (result === undefined) return;
        const plan = /** @type {any} */ (result);
        for (let i = 0; i < 100 && !plan.finished(); i++) {
          const task = plan.next_task(0);
          if (task === undefined) break;
          const outcome = m.run_split_task(s.board, s.side, s.rules, args[2].value, task, 20);
          if (rng.chance(0.2)) {
            const junk = rng.pick(['', 'move', 'deepened x', 'move 1 maybe', outcome + ' z9', 7]);
            assert.throws(() => plan.report(task, junk), (/** @type {any} */ e) => e instanceof TypeError || e.code === 'bad_split_text');
          }
          plan.report(task, outcome);
        }
        const best = plan.best();
        if (best !== undefined) assert.ok(s.legal.includes(best), `${best} is not legal`);
        plan.free();
      },
    });
  }

  /** Lets the AI allocate its tables: a midgame move and an exact endgame solve, both rules. */
  function warmUp() {
    m.score_moves(START, 'X', 'classic', 1, 10);
    for (const rules of ['classic', 'inverse']) {
      m.ai_move(START, 'X', rules, minLevel, 1);
      for (let solved = false; !solved; ) {
        const g = m.new_game(rules, 'standard');
        let s = g.state();
        while (!s.over && s.board.split('-').length - 1 > 10) {
          g.play(rng.pick(s.legal));
          s = g.state();
        }
        if (!s.over) {
          m.ai_move(s.board, s.side, rules, maxLevel, 1);
          solved = true;
        }
        g.free();
      }
    }
  }

  const consoleError = console.error;
  /** @type {string[]} */
  const logged = [];
  console.error = (/** @type {unknown[]} */ ...a) => void logged.push(a.map(String).join(' '));
  let step = -1;
  try {
    warmUp();
    baseline = memory.buffer.byteLength;
    /** @type {Array<[() => void, number]>} the operations and their weights */
    const ops = [
      [newGame, 12],
      [gameMethod, 50],
      [foreignThis, 5],
      [freeGame, 4],
      [aiMove, 12],
      [scoreMoves, 4],
      [splitSearch, 3],
      [levels, 3],
    ];
    const total = ops.reduce((sum, [, w]) => sum + w, 0);
    for (step = 0; step < steps; step++) {
      let r = rng.int(total);
      for (const [op, w] of ops) {
        r -= w;
        if (r < 0) {
          op();
          break;
        }
      }
      if (logged.length) fail(`the console had an error: ${logged[0]}`);
    }
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const where = step < 0 ? 'in the warm-up' : `at call ${step}`;
    throw new Error(
      `wasm API fuzz failed ${where} with seed ${seed}\n` +
        `  rerun: FUZZ_SEED=${seed} node --test www/tests/wasm-api-fuzz.test.mjs\n` +
        `  call: ${history.at(-1) ?? 'none'}\n  ${why}\n` +
        `  the calls before it:\n${history.slice(0, -1).map((h) => `    ${h}`).join('\n')}`,
      { cause: e },
    );
  } finally {
    console.error = consoleError;
  }
  return { live: live.length, freed: freed.length, grown: memory.buffer.byteLength - baseline, tally };
}

test('the wasm API survives a seeded fuzz of valid and invalid calls', async (t) => {
  assert.ok(existsSync(join(PKG, 'reversi_wasm_bg.wasm')), `no wasm package in ${PKG}: run scripts/build-web.sh`);
  for (const seed of SEEDS) {
    const { live, freed, grown, tally } = await fuzz(seed, STEPS);
    t.diagnostic(`seed ${seed}: ${STEPS} calls, ${live} live and ${freed} freed games, memory grew ${grown} bytes`);
    if (process.env.FUZZ_TALLY) {
      t.diagnostic(Object.keys(tally).sort().map((k) => `${k}: ${tally[k]}`).join(', '));
    }
  }
});
