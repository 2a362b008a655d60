//! Reversi (Othello) for the classic game (more discs wins) and the inverse game (fewer discs
//! wins): exact rules on bitboards, notation, perft, a game record with undo and redo.
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

pub mod ai;
pub mod bitboard;
mod board;
pub mod endgame;
mod error;
pub mod eval;
mod game;
mod ggf;
mod memory;
mod openings;
pub mod pattern;
mod perft;
pub mod search;
mod square;
pub mod tt;

pub use ai::{Ai, Analysis, Clock, Level, LevelSpec, Limits, Options};
pub use board::{Board, Color, MoveScores, Position, Start};
pub use endgame::{Scoring, Solution, Solver};
pub use error::{ParseError, PlayError, TranscriptError, TranscriptErrorKind};
pub use eval::EvalKind;
pub use game::{Event, Game, Outcome, Rules};
pub use ggf::{GgfError, GgfGame, GgfMoveError};
pub use openings::random_openings;
pub use perft::{perft, PassRule};
pub use square::Square;
