//! Learns the evaluation of `reversi-engine` (its pattern tables, `crate/engine/src/pattern/`)
//! from self-play, in three resumable, reproducible steps (crate/learn/README.md):
//!
//! 1. [`games`] (`reversi-learn games`): seeded self-play games with varied openings, the
//!    positions near the end labelled by the exact solver;
//! 2. [`labels`] (`reversi-learn label`): search labels of a generation for the other
//!    positions, by fixed-depth searches with the engine's current evaluation;
//! 3. [`train`] (`reversi-learn fit`): the labelled positions ([`dataset`]), a ridge fit of every
//!    phase's tables ([`patterns`]), the weights file, held-out errors by phase.
//!
//! [`probcut`] (`reversi-learn probcut`) measures the statistics of the search's
//! Multi-ProbCut on the same games; [`openings`] (`reversi-learn openings`) makes the lists of
//! balanced openings that matches may start from; [`splice`] joins two weights files by phase;
//! [`provenance`] names the command and the
//! commit that each product records.

#![forbid(unsafe_code)]

pub mod args;
pub mod dataset;
pub mod exact;
pub mod games;
pub mod labels;
pub mod openings;
pub mod patterns;
pub mod probcut;
pub mod provenance;
pub mod splice;
pub mod train;

pub use args::{parse_games_args, parse_games_os_args, GamesArgError};
