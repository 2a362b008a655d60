//! The WebAssembly binding of the Reversi engine for the browser game.
//!
//! Thin by design: it converts between JavaScript values and the engine's types and turns the
//! engine's errors into JavaScript exceptions with the engine's messages. Every rule (legality,
//! flips, passes, the result) is the engine's.
//!
//! - [`new_game`] creates a [`GameHandle`] (a `Game` in JavaScript) wrapping `reversi::Game`.
//! - [`ai_move`] asks the engine's AI for a move; the AI (and its transposition table) lives in
//!   a thread-local, so a Web Worker keeps its table between moves.
//! - Colours are `"black"` and `"white"` on the JavaScript side (input also accepts `X`/`O`).

use std::cell::RefCell;

use js_sys::{Array, Object, Reflect};
use reversi::{Ai, Color, Event, Game, Level, Position, Rules, Square, Start};
use wasm_bindgen::prelude::*;

/// Size of the AI's transposition table in megabytes.
const AI_TABLE_MB: usize = 32;

thread_local! {
    static AI: RefCell<Option<Ai>> = const { RefCell::new(None) };
}

/// Installs the panic hook, so a panic (a bug) shows its message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// An error for JavaScript, with the engine's message.
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
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

fn parse_color(s: &str) -> Result<Color, JsError> {
    s.parse().map_err(js_error)
}

fn parse_square(s: &str) -> Result<Square, JsError> {
    s.parse().map_err(js_error)
}

fn parse_rules(s: &str) -> Result<Rules, JsError> {
    s.parse().map_err(js_error)
}

fn parse_level(n: u32) -> Result<Level, JsError> {
    u8::try_from(n).ok().and_then(Level::new).ok_or_else(|| {
        JsError::new(&format!(
            "level {n} is out of range {}..{}",
            Level::MIN.get(),
            Level::MAX.get()
        ))
    })
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
/// with `side` (`X`/`O`/`black`/`white`) to move.
#[wasm_bindgen]
pub fn new_game(
    rules: &str,
    start: &str,
    board: Option<String>,
    side: Option<String>,
) -> Result<GameHandle, JsError> {
    let rules = parse_rules(rules)?;
    let position = match board {
        Some(board) => {
            let side = side.ok_or_else(|| {
                JsError::new("a board needs a side to move: X (black) or O (white)")
            })?;
            Position::parse(&board, &side).map_err(js_error)?
        }
        None => start.parse::<Start>().map_err(js_error)?.position(),
    };
    Ok(GameHandle {
        game: Game::new(rules, position),
    })
}

/// The AI's move for the side to move (`side`) on `board` (64 cells, `X`, `O`, `-`) under
/// `rules` at `level` (1..max_level), or `undefined` when that side has no legal move. `seed`
/// drives the deliberate mistakes of the low levels.
#[wasm_bindgen]
pub fn ai_move(
    board: &str,
    side: &str,
    rules: &str,
    level: u32,
    seed: f64,
) -> Result<Option<String>, JsError> {
    let position = Position::parse(board, side).map_err(js_error)?;
    let rules = parse_rules(rules)?;
    let level = parse_level(level)?;
    let best = AI.with(|cell| {
        let mut slot = cell.borrow_mut();
        let ai = slot.get_or_insert_with(|| Ai::new(AI_TABLE_MB));
        ai.choose_move(position.board, rules, level, Some(now), seed as u64)
    });
    Ok(best.map(|sq| sq.to_string()))
}

/// Milliseconds from the host's monotonic clock, `performance.now()` (in a page or a worker),
/// or `Date.now()` where there is none (there is no `std::time` on wasm32).
fn now() -> f64 {
    thread_local! {
        /// `performance` and its `now` method, if the host has them.
        static PERFORMANCE: Option<(JsValue, js_sys::Function)> =
            Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .filter(JsValue::is_object)
                .and_then(|p| {
                    let now = Reflect::get(&p, &"now".into()).ok()?.dyn_into().ok()?;
                    Some((p, now))
                });
    }
    PERFORMANCE
        .with(|perf| {
            perf.as_ref()
                .and_then(|(p, now)| now.call0(p).ok())
                .and_then(|v| v.as_f64())
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
    pub fn play(&mut self, square: &str) -> Result<(), JsError> {
        let sq = parse_square(square)?;
        self.game.play(sq).map_err(js_error)?;
        Ok(())
    }

    /// Plays a transcript such as `f5d6c3`. Throws, leaving the game unchanged, on the first
    /// bad move (the message names it).
    pub fn play_transcript(&mut self, transcript: &str) -> Result<(), JsError> {
        self.game.play_transcript(transcript).map_err(js_error)
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
    pub fn undo_turn(&mut self, color: &str) -> Result<bool, JsError> {
        Ok(self.game.undo_turn(parse_color(color)?))
    }

    /// Replays moves of the record until it is `color`'s turn again.
    pub fn redo_turn(&mut self, color: &str) -> Result<bool, JsError> {
        Ok(self.game.redo_turn(parse_color(color)?))
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
    /// `fullTranscript`, `moveCount`, `canUndo`, `canRedo`.
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
        obj
    }
}
