//! The WebAssembly binding of the Reversi engine for the browser game.
//!
//! Thin by design: it converts between JavaScript values and the engine's types and turns the
//! engine's errors into JavaScript exceptions with the engine's messages. Every rule (legality,
//! flips, passes, the result) is the engine's.
//!
//! # Errors
//!
//! What the engine refuses is thrown as an `Error` whose `message` is the engine's (English)
//! sentence and which also carries `code`, a stable name of the error, and `params`, a plain
//! object of its details, so that a page can say it in its own words:
//!
//! | `code` | `params` |
//! | --- | --- |
//! | `illegal_move` | `square` (`d3`), `player` (`black`/`white`) |
//! | `game_over` | |
//! | `pass_not_allowed` | `player` |
//! | `bad_square` | `text`: what was given |
//! | `bad_transcript` | `moveNumber` (1-based), `token`, `reason` (`malformed`, or the code of the move's error, whose params come along: `illegal_move`, `game_over`, `pass_not_allowed`) |
//! | `board_length` | `length`: the cells given (not 64) |
//! | `board_cell` | `cell` (1-based), `square`, `found`: a cell that is none of `X`, `O`, `-` |
//! | `bad_side` | `text`: a side to move that is neither `X` nor `O` |
//! | `board_without_side`, `side_without_board` | |
//! | `bad_color` | `text`: a colour argument that is no colour |
//! | `bad_rules` | `text` |
//! | `bad_start` | `text` |
//! | `out_of_memory` | `megabytes`: the AI's tables could not be allocated |
//! | `ai_busy` | none: `ai_move` (or `score_moves`, `run_split_task`) was called from its own clock |
//! | `bad_split_text` | `text`: a task or outcome of a split search that is none |
//!
//! | `too_long` | `name`, `length`, `max`: a string argument over [`MAX_STRING_LENGTH`] code units (a `RangeError`) |
//!
//! Any other argument of the wrong type or out of range is a `TypeError` or `RangeError`
//! (below), without a code.
//!
//! - [`new_game`] creates a [`GameHandle`] (a `Game` in JavaScript) wrapping `reversi::Game`.
//! - [`score_moves`] scores every legal move (analysis, with tables of its own).
//! - [`ai_move`] asks the engine's AI for a move; the AI (and its transposition table) lives in
//!   a thread-local, so a Web Worker keeps its table between moves.
//! - [`SplitPlan`] and [`run_split_task`] split the top level's search over several workers.
//! - Colours are `"black"` and `"white"` on the JavaScript side (input also accepts `X`/`O`).
//!
//! # The boundary
//!
//! Every argument arrives as a `JsValue` and is checked here, before anything is allocated in
//! wasm memory or any state changes: a value of the wrong type is a `TypeError`, a number that
//! is not an integer in range or an over-long string a `RangeError`, and what the engine
//! refuses an `Error` with the engine's message. The checks only look at the value's type
//! (`typeof`) and a string's length, so no getter, proxy or `toString` of the caller's runs.
//! (With `&str` parameters, wasm-bindgen's glue copied whatever it was given into wasm memory
//! by its `length`: a number trapped and `{length: 2 ** 30}` grew the memory by a gigabyte.)
//! The TypeScript types of the parameters stay what they were (`string`, `number`).

#![forbid(unsafe_code)]

mod analysis;
mod args;
mod errors;
mod split;

use std::cell::RefCell;

use js_sys::{Array, Object, Reflect};
use reversi::{opening_name, Ai, Color, Event, Game, Level, Position, Square, Start};
use wasm_bindgen::prelude::*;

pub use analysis::{score_moves, MAX_ANALYSIS_DEPTH, MAX_ANALYSIS_MS};
use args::*;
use errors::*;
pub use split::{run_split_task, SplitPlan};

/// Size of the AI's transposition table in megabytes.
const AI_TABLE_MB: usize = 32;

/// The longest string argument accepted, in UTF-16 code units: far above any valid one (a
/// board is 64 cells, a whole game's transcript 120 characters, whitespace aside), low enough
/// that copying it into wasm memory costs nothing to speak of.
pub const MAX_STRING_LENGTH: u32 = 4096;

/// The largest seed: JavaScript numbers are exact integers up to `Number.MAX_SAFE_INTEGER`.
pub const MAX_SEED: f64 = 9_007_199_254_740_991.0;

thread_local! {
    static AI: RefCell<Option<Ai>> = const { RefCell::new(None) };
}

/// Installs the panic hook, so a panic (a bug) shows its message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn squares(bits: u64) -> Array {
    Square::iter_bits(bits)
        .map(|sq| JsValue::from(sq.to_string()))
        .collect()
}

fn set(obj: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

fn optional_color(c: Option<Color>) -> JsValue {
    c.map_or(JsValue::NULL, |c| JsValue::from_str(color_name(c)))
}

/// The strongest AI level.
#[wasm_bindgen]
pub fn max_level() -> u32 {
    Level::MAX.get().into()
}

/// The weakest AI level.
#[wasm_bindgen]
pub fn min_level() -> u32 {
    Level::MIN.get().into()
}

/// The engine's default (middle) AI level.
#[wasm_bindgen]
pub fn default_level() -> u32 {
    Level::DEFAULT.get().into()
}

/// A new game under `rules` (`classic` or `inverse`) from the named `start` (`standard`,
/// `alternative`), or, when `board` is given, from that 64-cell board (`X`, `O`, `-`, a1..h8)
/// with `side` (`X`/`O`/`black`/`white`) to move. `board` and `side` are both given or both
/// left out (`undefined` or `null`).
#[wasm_bindgen]
pub fn new_game(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] start: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] board: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] side: JsValue,
) -> Result<GameHandle, JsValue> {
    let rules = rules_arg(&rules)?;
    let start: Start = string_arg(&start, "start")?.parse().map_err(js_error)?;
    let board = optional_string_arg(&board, "board")?;
    let side = optional_string_arg(&side, "side")?;
    let position = match (board, side) {
        (Some(board), Some(side)) => Position::parse(&board, &side).map_err(js_error)?,
        (Some(_), None) => {
            return Err(js_error(Plain(
                "board_without_side",
                "a board needs a side to move: X (black) or O (white)",
            )))
        }
        (None, Some(_)) => {
            return Err(js_error(Plain(
                "side_without_board",
                "a side to move needs a board: 64 cells X, O or -, a1..h8",
            )))
        }
        (None, None) => start.position(),
    };
    Ok(GameHandle {
        game: Game::new(rules, position),
    })
}

/// The AI's move for the side to move (`side`) on `board` (64 cells, `X`, `O`, `-`) under
/// `rules` at `level` (an integer in 1..max_level), or `undefined` when that side has no legal
/// move. `seed` (an integer in 0..2^53-1) drives the deliberate mistakes of the low levels.
/// Throws if called again while it runs (from a host clock that calls it).
#[wasm_bindgen]
pub fn ai_move(
    #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<Option<String>, JsValue> {
    let position = position_arg(&board, &side)?;
    let rules = rules_arg(&rules)?;
    let level = level_arg(&level)?;
    let seed = seed_arg(&seed)?;
    let best = with_ai("ai_move", |ai| {
        ai.choose_move(position.board, rules, level, Some(now), seed)
    })?;
    Ok(best.map(|sq| sq.to_string()))
}

/// Makes the AI that plays (its tables, as the first `ai_move` would) ahead of the first
/// move, so that no move's time cap is spent on it; a worker calls it once the module is loaded.
/// Throws the engine's error when the tables cannot be allocated (`ai_move` then tries again).
#[wasm_bindgen]
pub fn prepare_ai() -> Result<(), JsValue> {
    with_ai("prepare_ai", |_| ())
}

/// Runs `f` on the AI that plays (`ai_move`, `run_split_task`), made at the first call: its
/// tables are kept between calls. Throws `ai_busy` when called back from its own clock while
/// it runs (`name` says who), and the engine's error when the tables cannot be allocated (the
/// next call tries again).
pub(crate) fn with_ai<T>(name: &str, f: impl FnOnce(&mut Ai) -> T) -> Result<T, JsValue> {
    AI.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| {
            coded_error(
                "ai_busy",
                Vec::new(),
                format!("{name} is already running (it was called from its clock)"),
            )
        })?;
        let ai = match &mut *slot {
            Some(ai) => ai,
            None => slot.insert(Ai::try_new(AI_TABLE_MB).map_err(js_error)?),
        };
        Ok(f(ai))
    })
}

/// Milliseconds from the host's monotonic clock, `performance.now()` (in a page or a worker),
/// or `Date.now()` where there is none (there is no `std::time` on wasm32). Looked up at each
/// call (the search reads the clock every few thousand nodes), so a replaced
/// `performance.now` is the one called.
pub(crate) fn now() -> f64 {
    Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .filter(JsValue::is_object)
        .and_then(|performance| {
            let now: js_sys::Function = Reflect::get(&performance, &"now".into())
                .ok()?
                .dyn_into()
                .ok()?;
            now.call0(&performance).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}

/// A game record (`Game` in JavaScript): the engine's `reversi::Game`.
#[wasm_bindgen(js_name = Game)]
pub struct GameHandle {
    game: Game,
}

impl GameHandle {
    /// The winner of a finished game as JavaScript: a colour name, or null for a draw and
    /// while the game goes on.
    fn opening(&self) -> Option<&'static str> {
        let moves: Vec<Square> = self.game.played_moves().collect();
        opening_name(self.game.start(), &moves)
    }

    /// The discs `sq` would turn, none when it is not legal.
    fn flip_bits(&self, sq: Square) -> u64 {
        if self.game.is_legal(sq) {
            self.game.position().board.flips(sq)
        } else {
            0
        }
    }

    fn winner(&self) -> JsValue {
        self.game
            .result()
            .map_or(JsValue::NULL, |r| optional_color(r.winner))
    }
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// Plays `square` (e.g. `d3`, either case) for the side to move; forced passes follow
    /// automatically. Throws, leaving the game unchanged, if the move is malformed or illegal.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<(), JsValue> {
        let sq: Square = string_arg(&square, "square")?.parse().map_err(js_error)?;
        self.game.play(sq).map_err(js_error)?;
        Ok(())
    }

    /// Plays a transcript such as `f5d6c3`. Throws, leaving the game unchanged, on the first
    /// bad move (the message names it).
    pub fn play_transcript(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] transcript: JsValue,
    ) -> Result<(), JsValue> {
        let transcript = string_arg(&transcript, "transcript")?;
        self.game.play_transcript(&transcript).map_err(js_error)
    }

    /// Plays as much of a transcript as is legal (see `play_transcript`): the moves before
    /// the first bad one are played. Returns `undefined` when all of it was played, else the
    /// error (not thrown) that `play_transcript` would have thrown for the whole of it.
    pub fn play_legal_prefix(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] transcript: JsValue,
    ) -> Result<Option<js_sys::Error>, JsValue> {
        let transcript = string_arg(&transcript, "transcript")?;
        Ok(self
            .game
            .play_legal_prefix(&transcript)
            .err()
            .map(|error| js_error(error).unchecked_into()))
    }

    /// The discs that `square` would turn for the side to move, in a1..h8 order (empty when
    /// it is no legal move). Throws on a malformed square.
    pub fn flips(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue,
    ) -> Result<Array, JsValue> {
        let sq: Square = string_arg(&square, "square")?.parse().map_err(js_error)?;
        Ok(squares(self.flip_bits(sq)))
    }

    /// The name of the standard opening the moves follow (from the standard start, under its
    /// symmetries), or `undefined`.
    pub fn opening_name(&self) -> Option<String> {
        self.opening().map(str::to_string)
    }

    /// The legal moves of the side to move, in a1..h8 order (empty when the game is over).
    pub fn legal_moves(&self) -> Array {
        squares(self.game.legal_moves())
    }

    /// Takes back one move; false if there was none.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Replays one move of the record; false if there was none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// Takes back moves until it is `color`'s turn again (a whole turn against the AI).
    pub fn undo_turn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] color: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.game.undo_turn(color_arg(&color, "color")?))
    }

    /// Replays moves of the record until it is `color`'s turn again.
    pub fn redo_turn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] color: JsValue,
    ) -> Result<bool, JsValue> {
        Ok(self.game.redo_turn(color_arg(&color, "color")?))
    }

    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// `black`, `white`, or `undefined` when the game is over.
    pub fn to_move(&self) -> Option<String> {
        self.game.to_move().map(|c| color_name(c).to_string())
    }

    /// The 64-cell board string, a1..h8: `X` black, `O` white, `-` empty.
    pub fn board(&self) -> String {
        self.game.position().board_string()
    }

    /// The side to move in the current position (`X` or `O`), as `ai_move` takes it.
    pub fn side(&self) -> String {
        self.game.position().side.symbol().to_string()
    }

    /// `classic` or `inverse`.
    pub fn rules(&self) -> String {
        self.game.rules().name().to_string()
    }

    /// The moves played so far, e.g. `f5d6c3` (passes are not written).
    pub fn transcript(&self) -> String {
        self.game.transcript()
    }

    /// The whole record including the moves that redo would replay.
    pub fn full_transcript(&self) -> String {
        self.game.full_transcript()
    }

    /// `{black, white, winner}`: the disc counts and, once the game is over, the winner
    /// (`black`, `white`, or `null` for a draw and while the game goes on).
    pub fn outcome(&self) -> Object {
        let o = self.game.outcome();
        let obj = Object::new();
        set(&obj, "black", o.black);
        set(&obj, "white", o.white);
        set(&obj, "winner", self.winner());
        obj
    }

    /// A snapshot as one plain object: `board`, `side` (`X`/`O`), `toMove` (null when over),
    /// `legal`, `lastMove` (`{player, square, flips}` or null), `lastPass` (the colour that
    /// had to pass right after the last move, or null), `passes`, `events` (moves and passes in
    /// order: `{type: "move", player, square}` or `{type: "pass", player}`), `over`, `black`, `white`,
    /// `winner` (null for a draw or while the game goes on), `rules`, `transcript`,
    /// `fullTranscript`, `moveCount`, `canUndo`, `canRedo`, `flips` (for each legal move, the
    /// discs it would turn: `{d3: ["d4"], ...}`), `opening` (the name of the standard opening
    /// the moves follow, or null).
    pub fn state(&self) -> Object {
        let g = &self.game;
        let position = g.position();
        let outcome = g.outcome();
        let obj = Object::new();
        set(&obj, "board", position.board_string());
        set(&obj, "side", position.side.symbol().to_string());
        set(&obj, "toMove", optional_color(g.to_move()));
        set(&obj, "legal", squares(g.legal_moves()));
        let last_move = match g.last_move() {
            Some(Event::Move {
                player,
                square,
                flips,
            }) => {
                let m = Object::new();
                set(&m, "player", color_name(player));
                set(&m, "square", square.to_string());
                set(&m, "flips", squares(flips));
                JsValue::from(m)
            }
            _ => JsValue::NULL,
        };
        set(&obj, "lastMove", last_move);
        set(&obj, "lastPass", optional_color(g.last_pass()));
        let passes: Array = g
            .passes()
            .into_iter()
            .map(|c| JsValue::from_str(color_name(c)))
            .collect();
        set(&obj, "passes", passes);
        let events: Array = g
            .events()
            .into_iter()
            .map(|event| {
                let e = Object::new();
                match event {
                    Event::Move { player, square, .. } => {
                        set(&e, "type", "move");
                        set(&e, "player", color_name(player));
                        set(&e, "square", square.to_string());
                    }
                    Event::Pass { player } => {
                        set(&e, "type", "pass");
                        set(&e, "player", color_name(player));
                    }
                }
                JsValue::from(e)
            })
            .collect();
        set(&obj, "events", events);
        set(&obj, "over", g.is_over());
        set(&obj, "black", outcome.black);
        set(&obj, "white", outcome.white);
        set(&obj, "winner", self.winner());
        set(&obj, "rules", g.rules().name());
        set(&obj, "transcript", g.transcript());
        set(&obj, "fullTranscript", g.full_transcript());
        set(&obj, "moveCount", g.move_count() as u32);
        set(&obj, "canUndo", g.can_undo());
        set(&obj, "canRedo", g.can_redo());
        let flips = Object::new();
        for sq in Square::iter_bits(g.legal_moves()) {
            set(&flips, &sq.to_string(), squares(self.flip_bits(sq)));
        }
        set(&obj, "flips", flips);
        set(
            &obj,
            "opening",
            self.opening().map_or(JsValue::NULL, JsValue::from),
        );
        obj
    }
}
