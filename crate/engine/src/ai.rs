//! The AI's public face: levels, limits, and the move chooser used by the CLI and the wasm
//! binding. (Temporary one-ply implementation; the real search replaces the body of
//! `Ai::think` and `choose_move`, keeping these signatures.)

use crate::board::Board;
use crate::game::Rules;
use crate::square::Square;

/// Milliseconds from some fixed origin, monotonic. Native code uses [`native_clock`]; the wasm
/// binding passes the browser's clock.
pub type Clock = fn() -> f64;

/// The budget of one search. The search stops at whichever limit comes first.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub max_time_ms: Option<f64>,
    pub max_depth: Option<u32>,
    pub clock: Option<Clock>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            max_time_ms: None,
            max_depth: None,
            clock: default_clock(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> Option<Clock> {
    Some(native_clock)
}

#[cfg(target_arch = "wasm32")]
fn default_clock() -> Option<Clock> {
    None
}

/// Milliseconds since the first call, from `std::time::Instant` (not on wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A playing strength: 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(10);
    pub const DEFAULT: Level = Level(5);

    /// The level `n`, if it is within 1..=MAX.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0).contains(&n).then_some(Level(n))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The best move (`None` when the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// The evaluation of the best move for the side to move, in discs (exact when `exact`).
    pub score: f32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// True when the score is the exact final result under perfect play.
    pub exact: bool,
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Square>,
}

/// The searcher: owns the transposition table, kept between moves.
pub struct Ai {
    _tt_megabytes: usize,
}

impl Ai {
    /// An AI with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Ai {
        Ai {
            _tt_megabytes: tt_megabytes,
        }
    }

    /// Searches `board` for the side to move within `limits`.
    pub fn think(&mut self, board: Board, rules: Rules, limits: &Limits) -> Analysis {
        let _ = limits;
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for sq in Square::iter_bits(board.moves()) {
            let child = board.make_move(sq, board.flips(sq));
            let mobility = child.moves().count_ones() as f32;
            let score = match rules {
                Rules::Classic => -mobility,
                Rules::Inverse => mobility,
            };
            if score > best_score {
                best_score = score;
                best = Some(sq);
            }
        }
        Analysis {
            best,
            score: if best.is_some() { best_score } else { 0.0 },
            depth: 1,
            exact: false,
            nodes: board.moves().count_ones() as u64,
            pv: best.into_iter().collect(),
        }
    }

    /// The move the AI plays at `level` (`None` when it must pass or the game is over).
    /// `seed` drives the deliberate mistakes of the low levels, so a game can be replayed.
    pub fn choose_move(
        &mut self,
        board: Board,
        rules: Rules,
        level: Level,
        clock: Option<Clock>,
        seed: u64,
    ) -> Option<Square> {
        let _ = (level, seed);
        let limits = Limits {
            clock,
            ..Limits::default()
        };
        self.think(board, rules, &limits).best
    }
}
