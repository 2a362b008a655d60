//! Reversi (Othello) for the classic game (more discs wins) and the inverse game (fewer discs
//! wins): exact rules on bitboards, notation, perft, a game record with undo and redo, an AI
//! with levels and an exact endgame solver.
//!
//! The board is a pair of bitboards, the side to move and its opponent ([`Board`]); colour
//! appears only at the edges ([`Position`], [`Game`]).
//!
//! ```
//! use reversi::{Game, Rules, Position};
//! let mut game = Game::new(Rules::Classic, Position::standard());
//! game.play("f5".parse().unwrap()).unwrap();
//! assert_eq!(game.outcome().black, 4);
//! ```
//!
//! The modules form layers, each using only those below it: bit-level code (`bitboard`,
//! `stability`, `symmetry`, `ternary`, `rng`, `limits`, `hash_table`), then squares, boards
//! and positions (`square`, `board`, `obf`), the game record (`game`, `perft`, `openings`, `opening_names`),
//! the evaluations and searches (`eval`, `pattern`, `search`, `endgame`), and the AI facade
//! (`ai`) on top.

mod ai;
mod bitboard;
mod board;
mod endgame;
mod eval;
mod game;
mod ggf;
mod hash_table;
mod limits;
mod obf;
mod opening_names;
mod openings;
mod pattern;
mod perft;
mod rng;
mod search;
mod square;
mod stability;
mod symmetry;
mod ternary;

pub use ai::{
    Ai, Analysis, Level, LevelSpec, MoveScore, Options, ParseSplitError, Split, SplitOutcome,
    SplitResult, SplitTask, NODES_PER_MS, SOLVER_NODES_PER_NODE,
};
pub use board::{
    Board, Color, ParseBoardError, ParseColorError, ParseStartError, PlayError, Position, Start,
};
pub use endgame::{Scoring, Solution, Solver};
pub use eval::EvalKind;
pub use game::{
    Event, Game, Outcome, ParseRulesError, Rules, TranscriptError, TranscriptErrorKind,
};
pub use ggf::{GgfError, GgfGame, GgfMoveError};
pub use hash_table::TableAllocError;
#[cfg(not(target_arch = "wasm32"))]
pub use limits::native_clock;
pub use limits::{Clock, Limits};
pub use obf::{MoveScores, ParseObfError};
pub use opening_names::opening_name;
pub use openings::{parse_opening_list, random_lines, random_openings, Opening, OpeningListError};
pub use perft::{perft, PassRule};
pub use square::{ParseSquareError, Square};

/// Building blocks for the engine's own tools (`crate/learn`, the benchmarks) and tests: the
/// bitboard kernels, the evaluations' internals, the generator. Not a stable API.
#[doc(hidden)]
pub mod internals {
    pub use crate::bitboard::{
        flips, flips_scalar, legal_moves, legal_moves_scalar, legal_moves_x2, CORNERS,
    };
    pub use crate::rng::splitmix64;
    pub use crate::stability::stable_discs;
    pub use crate::symmetry::{flip, mirror, transpose, views, views_x2, SYMMETRIES};

    /// The evaluation's scale.
    pub mod eval {
        pub use crate::eval::{MAX_EVAL, SCALE};
    }

    /// Multi-ProbCut's depths and its error models (for `reversi-learn probcut`).
    pub mod probcut {
        pub use crate::search::probcut::{model, shallow, SigmaModel, CUT_SIGMAS, MIN_DEPTH};
    }

    /// The pattern evaluation: geometry and weights format.
    pub mod pattern {
        pub use crate::pattern::*;
    }
}
