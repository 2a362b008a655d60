// The engine adapter: the one module that holds the wasm `Game`. It makes games, applies moves,
// undo and redo, and answers with plain data: snapshots (`Game.state()`, the engine's own view of
// the game) and Problems (the engine's errors as codes with parameters). Every rule (what is
// legal, what flips, passes, the counts, the result) is the engine's; this module decides none.

import { defaultSettings } from './hash.js';
import { toProblem } from './problem.js';

/** @import { Game } from './pkg/reversi_wasm.js' */
/** @import { Levels, Settings } from './hash.js' */
/** @import { Problem } from './problem.js' */
/** @import { ReviewPosition } from './review.js' */

// The engine's snapshot of a game, `Game.state()` of the wasm package (crate/wasm/src/lib.rs):
/** @typedef {'black' | 'white'} Color */
/** @typedef {{player: Color, square: string, flips: string[]}} LastMove */
/** @typedef {{type: 'move', player: Color, square: string} | {type: 'pass', player: Color}} GameEvent */
/**
 * The disc counts, the winner (null for a draw or while the game goes on) and the rules.
 * @typedef {{black: number, white: number, winner: Color | null, rules: string}} Outcome
 */
/**
 * `flips`: for each legal move, the discs it would turn; `opening`: the name of the standard
 * opening the moves follow, or null.
 * @typedef {Outcome & {board: string, side: 'X' | 'O', legal: string[], lastMove: LastMove | null,
 *   lastPass: Color | null, passes: Color[], events: GameEvent[], transcript: string,
 *   fullTranscript: string, moveCount: number, canUndo: boolean, canRedo: boolean,
 *   flips: Record<string, string[]>, opening: string | null} &
 *   ({over: false, toMove: Color} | {over: true, toMove: null})} Snapshot
 */
/** @typedef {{ok: true, snap: Snapshot} | {ok: false, error: Problem}} Played */
/**
 * What loading a game came to: the settings really used (a set-up position in the engine's
 * spelling), the snapshot, and what went wrong on the way: the game asked for could not be
 * made (`startError`; then `fallback` says what was started instead and `droppedMoves` the
 * moves not played), or its moves could not all be replayed (`replayError`; the moves before
 * the bad one are played).
 * @typedef {{settings: Settings, snap: Snapshot, startError: Problem | null,
 *   fallback: 'standard-start' | 'defaults' | null, droppedMoves: string,
 *   replayError: Problem | null}} Loaded
 */
/** @typedef {typeof import('./pkg/reversi_wasm.js')} Wasm  the wasm package, initialised */

export class Engine {
  /** @param {Wasm} wasm */
  constructor(wasm) {
    this.wasm = wasm;
    /** @type {Game | null} */
    this.game = null;
  }

  /**
   * The engine's plan of a search split over several workers (ai-pool.js) for the position and
   * level of `request`; undefined where the engine splits nothing (below the top level, an
   * exact endgame, a single move). Throws the engine's error for a bad position.
   * @param {{board: string, side: string, level: number}} request
   */
  splitPlan({ board, side, level }) {
    return this.wasm.SplitPlan.create(board, side, level);
  }

  /** @returns {Levels} the AI's levels */
  levels() {
    const w = this.wasm;
    return { minLevel: w.min_level(), maxLevel: w.max_level(), defaultLevel: w.default_level() };
  }

  /**
   * A new engine game for `settings` (a set-up position or a named start); throws the
   * engine's error.
   * @param {Settings} settings
   */
  make(settings) {
    const p = settings.position;
    return p
      ? this.wasm.new_game(settings.rules, 'standard', p.board, p.side)
      : this.wasm.new_game(settings.rules, settings.start);
  }

  /**
   * Why the engine would not make a game of `settings`, or null if it would.
   * @param {Settings} settings
   * @returns {Problem | null}
   */
  check(settings) {
    try {
      this.make(settings).free();
      return null;
    } catch (e) {
      return toProblem(e);
    }
  }

  /**
   * Replaces the game with a new one of `settings` with `moves` played. When the engine
   * refuses the game, a set-up position gives way to the standard start (same rules and
   * players) and anything else to the default settings; when it refuses a move, the moves
   * before it are played.
   * @param {Settings} settings
   * @param {string} moves  a transcript
   * @returns {Loaded}
   */
  load(settings, moves) {
    /** @type {Game} */
    let game;
    /** @type {Problem | null} */
    let startError = null;
    /** @type {Loaded['fallback']} */
    let fallback = null;
    let droppedMoves = '';
    try {
      game = this.make(settings);
    } catch (e) {
      startError = toProblem(e);
      droppedMoves = moves;
      moves = '';
      if (settings.position) {
        const { position, ...rest } = settings;
        settings = { ...rest, start: 'standard' };
        fallback = 'standard-start';
      } else {
        fallback = 'defaults';
      }
      try {
        game = this.make(settings);
      } catch {
        // The rules themselves were refused (parseHash lets none through): the defaults.
        settings = defaultSettings(this.levels().defaultLevel);
        fallback = 'defaults';
        game = this.make(settings);
      }
    }
    if (settings.position) {
      // The engine's own spelling of the position it accepted (x, o, . become X, O, -).
      settings = { ...settings, position: { board: game.board(), side: game.side() } };
    }
    /** @type {Problem | null} */
    let replayError = null;
    if (moves) {
      // The moves before a bad one are played (a link keeps its legal prefix).
      // A transcript the engine refuses outright (too long) throws before any move is
      // played: the game stays at its start and the page says why.
      try {
        const error = game.play_legal_prefix(moves);
        if (error) replayError = toProblem(error);
      } catch (e) {
        replayError = toProblem(e);
      }
    }
    this.game?.free();
    this.game = game;
    return { settings, snap: this.snapshot(), startError, fallback, droppedMoves, replayError };
  }

  /** The game's snapshot: plain data, a fresh object each time. */
  snapshot() {
    return /** @type {Snapshot} */ (this.current().state());
  }

  /**
   * Plays `square` for the side to move, or says why the engine refused it (the game is then
   * unchanged).
   * @param {string} square
   * @returns {Played}
   */
  play(square) {
    try {
      this.current().play(square);
    } catch (e) {
      return { ok: false, error: toProblem(e) };
    }
    return { ok: true, snap: this.snapshot() };
  }

  /**
   * Takes back a whole turn of the one human against the AI, one move between two humans.
   * @param {Color[]} humans  the colours a human plays
   * @returns {{snap: Snapshot, changed: boolean}}
   */
  undo(humans) {
    const game = this.current();
    const changed = humans.length === 1 ? game.undo_turn(humans[0]) : game.undo();
    return { snap: this.snapshot(), changed };
  }

  /**
   * Replays what `undo` took back.
   * @param {Color[]} humans  the colours a human plays
   * @returns {{snap: Snapshot, changed: boolean}}
   */
  redo(humans) {
    const game = this.current();
    const changed = humans.length === 1 ? game.redo_turn(humans[0]) : game.redo();
    return { snap: this.snapshot(), changed };
  }

  /**
   * The snapshot of the position of `settings` after `moves` (a transcript), from a game of
   * its own (the game is unchanged), or the engine's refusal.
   * @param {Settings} settings
   * @param {string} moves
   * @returns {Played}
   */
  positionAt(settings, moves) {
    let game;
    try {
      game = this.make(settings);
      game.play_transcript(moves);
      return { ok: true, snap: /** @type {Snapshot} */ (game.state()) };
    } catch (e) {
      return { ok: false, error: toProblem(e) };
    } finally {
      game?.free();
    }
  }

  /**
   * The positions before each move of `events` in a game of `settings` (replayed in a game of
   * its own), for the game review.
   * @param {Settings} settings
   * @param {GameEvent[]} events
   * @returns {ReviewPosition[]}
   */
  positionsBefore(settings, events) {
    const game = this.make(settings);
    try {
      /** @type {ReviewPosition[]} */
      const positions = [];
      let moves = '';
      events.forEach((e, ply) => {
        if (e.type !== 'move') return;
        positions.push({ ply, board: game.board(), side: game.side(), rules: game.rules(), moves, square: e.square, player: e.player });
        game.play(e.square);
        moves += e.square;
      });
      return positions;
    } finally {
      game.free();
    }
  }

  /**
   * A new line: the game of `settings` after `moves`, then `square`, replaces the game (whose
   * moves after that point are dropped). On a refusal the game is unchanged.
   * @param {Settings} settings
   * @param {string} moves
   * @param {string} square
   * @returns {Played}
   */
  branch(settings, moves, square) {
    let game;
    try {
      game = this.make(settings);
      game.play_transcript(moves);
      game.play(square);
    } catch (e) {
      game?.free();
      return { ok: false, error: toProblem(e) };
    }
    this.game?.free();
    this.game = game;
    return { ok: true, snap: this.snapshot() };
  }

  /**
   * The board of a named start (`standard`, `alternative`), for the set-up mode.
   * @param {string} start
   */
  startBoard(start) {
    const game = this.wasm.new_game('classic', start);
    try {
      return game.board();
    } finally {
      game.free();
    }
  }

  /** The game; there is one once `load` has run. */
  current() {
    if (!this.game) throw new Error('no game loaded');
    return this.game;
  }
}
