//! Pattern evaluation: the sum of learned values of the configurations of small groups of
//! squares (corner blocks, edges, lines, diagonals), as in the strong engines. It orders the
//! moves of the exact solver, where a good guess of each move's score pays most.
//!
//! A pattern is a set of squares read near corner a1 (or along row 1, or a diagonal); its
//! other instances are the same squares on the board seen through the symmetries of the
//! square (mirrors and the transposition), so every instance of a pattern reads its squares
//! in the same order relative to its corner and shares one table. A configuration is a base-3
//! number, one digit a square: 0 empty, 1 side to move, 2 opponent.
//!
//! The tables are DATA (`weights/<game>_patterns.bin`, learned by `crate/learn` from
//! self-play positions labelled with the solver's exact score), one set a phase (range of
//! empties), in 1/100 disc for the side to move, positive when it is better under the game's
//! goal; the inverse game has its own.

mod features;
mod geometry;
mod weights;

pub use features::Features;

pub use geometry::{
    indices, mobility_indices, mobility_terms, phase, Pattern, INSTANCES, MOBILITY_CAP,
    MOBILITY_OFFSET, OFFSETS, PATTERNS, PHASES, PHASE_SIZE, PHASE_START, TERMS,
};
pub use weights::{layout_hash, PatternWeights, WeightsError};
