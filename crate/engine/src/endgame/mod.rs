//! The exact endgame solver for both games.
//!
//! ```
//! use reversi::endgame::{Scoring, Solver};
//! use reversi::{Position, Rules};
//! // FFO position #1 (14 empties): G8 wins by 18 with the empties counted for the winner.
//! let (pos, _) = Position::parse_obf(
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
//! let mut solver = Solver::new(4);
//! let sol = solver.solve(pos.board, Rules::Classic, Scoring::EmptiesToWinner, &mut |_| false).unwrap();
//! assert_eq!(sol.score, 18);
//! assert_eq!(sol.best.unwrap().to_string(), "g8");
//! ```

mod search;
mod stability;
mod tables;
mod tt;

use crate::board::Board;
use crate::game::Rules;
use crate::square::Square;

use search::{Search, ETW, INV, MAX_SCORE};

/// Discs of `p` that can never flip (see [`crate::bitboard::stable_discs`]).
pub(crate) fn stable_discs(p: u64, o: u64) -> u64 {
    stability::stable_discs(edge_tables(), p, o)
}
use tables::edge_tables;
use tt::Table;

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// The discs on the board only (the seeds' rule): classic = own - opponent, inverse =
    /// opponent - own.
    #[default]
    DiscsOnBoard,
    /// As `DiscsOnBoard`, plus the empty squares added to the winner's margin (the FFO
    /// convention); a draw stays 0.
    EmptiesToWinner,
}

/// An exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A best move; `None` when the side to move must pass or the game is over.
    pub best: Option<Square>,
    /// The final score with perfect play for the side to move (positive: it wins).
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// The solver. It owns its transposition table, which stays valid across positions, games
/// and scorings (entries are tagged with the game and scoring).
pub struct Solver {
    table: Table,
    nodes: u64,
}

impl Solver {
    /// The table size (MB) of `reversi solve` and `reversi bench` by default, and of the wasm
    /// benchmark: the size the browser's AI gives its solver too (half of the AI's 32 MB).
    ///
    /// A bigger table keeps more positions but spends its time waiting for memory: the
    /// probes are random, and a table bigger than the processor's last-level cache (32 MB on
    /// the machines measured) or than what its TLB maps misses in both. Measured (same
    /// engine, paired runs): FFO 20-39 with 16 MB 106.14 M nodes against 106.12 M with 64 MB,
    /// natively 2-6% faster (3 runs), in wasm 10% (7.62 s against 8.48 s, 3 runs; 8 MB 7.77 s);
    /// FFO 40-49 944.7 M nodes against 930.9 M, natively 6% faster (44.0 s against 47.3 s, 3
    /// runs), in wasm 72.0-77.5 s against 78.7-79.8 s (2 runs); FFO #50-51 (26-27 empties)
    /// natively 65.0 s against 64.9 s. Harder positions than these may want more (`--tt`).
    pub const DEFAULT_TABLE_MB: usize = 16;

    /// A solver with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Solver {
        Solver {
            table: Table::new(tt_megabytes),
            nodes: 0,
        }
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Exact result for the side to move (positive = it wins) and a best move; `None` if
    /// `stop` asked to abort. `stop(nodes)` is called every few thousand nodes.
    pub fn solve(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Solution> {
        let (score, best) = self.run(board, rules, scoring, -MAX_SCORE, MAX_SCORE, true, stop)?;
        Some(Solution {
            best: best.and_then(Square::new),
            score,
            nodes: self.nodes,
        })
    }

    /// The exact value for the side to move, fail-soft within `(alpha, beta)`: a result `<=
    /// alpha` is an upper bound, `>= beta` a lower bound, in between exact. `None` if aborted.
    pub fn search(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        alpha: i32,
        beta: i32,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<i32> {
        let alpha = alpha.clamp(-MAX_SCORE - 1, MAX_SCORE);
        let beta = beta.clamp(alpha + 1, MAX_SCORE + 1);
        self.run(board, rules, scoring, alpha, beta, false, stop)
            .map(|(v, _)| v)
    }

    /// Nodes visited by the last `solve` or `search`.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        alpha: i32,
        beta: i32,
        root: bool,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<(i32, Option<u8>)> {
        // Overlapping discs are not a position: treat the overlap as the opponent's.
        let p = board.player & !board.opponent;
        let o = board.opponent;
        let mode = match rules {
            Rules::Classic => 0,
            Rules::Inverse => INV,
        } | match scoring {
            Scoring::DiscsOnBoard => 0,
            Scoring::EmptiesToWinner => ETW,
        };
        self.table.new_search();
        let result = match mode {
            0 => run_mode::<0>(&mut self.table, stop, p, o, alpha, beta, root),
            INV => run_mode::<INV>(&mut self.table, stop, p, o, alpha, beta, root),
            ETW => run_mode::<ETW>(&mut self.table, stop, p, o, alpha, beta, root),
            _ => run_mode::<{ INV | ETW }>(&mut self.table, stop, p, o, alpha, beta, root),
        };
        self.nodes = result.1;
        result.0
    }
}

type RunResult = (Option<(i32, Option<u8>)>, u64);

fn run_mode<const M: u8>(
    table: &mut Table,
    stop: &mut dyn FnMut(u64) -> bool,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    root: bool,
) -> RunResult {
    let mut search = Search::<M>::new(table, stop, edge_tables());
    let result = if root {
        search.root(p, o, alpha, beta)
    } else {
        let n = (!(p | o)).count_ones();
        (search.any(p, o, alpha, beta, n), None)
    };
    let out = (!search.aborted).then_some(result);
    (out, search.nodes)
}
