//! The exact endgame solver for both games.
//!
//! ```
//! use reversi::{Limits, Position, Rules, Scoring, Solver};
//! // FFO position #1 (14 empties): G8 wins by 18 with the empties counted for the winner.
//! let (pos, _) = Position::parse_obf(
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
//! let mut solver = Solver::new(4);
//! let sol = solver.solve(pos.board, Rules::Classic, Scoring::EmptiesToWinner, &Limits::NONE).unwrap();
//! assert_eq!(sol.score, 18);
//! assert_eq!(sol.best.unwrap().to_string(), "g8");
//! ```

mod deep;
mod guess;
mod ordering;
mod search;
mod shallow;
mod squares;
mod table;

use crate::board::Board;
use crate::game::Rules;
use crate::hash_table::TableAllocError;
use crate::limits::{Budget, Limits};
use crate::square::Square;
use crate::stability::edge_tables;

use deep::ASPIRATION_MIN;
use guess::Guesser;
use search::{Search, ETW, INV, MAX_SCORE};
use table::SolverTable;

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
    table: SolverTable,
    /// The root's guess of the score (`guess.rs`).
    guesser: Guesser,
    nodes: u64,
}

impl Solver {
    /// The table size (MB) of `reversi solve` and `reversi bench` by default, and of the wasm
    /// benchmark: the size the browser's AI gives its solver too (half of the AI's 32 MB). A
    /// bigger table keeps more positions but misses the processor's cache and TLB on more of
    /// its random probes, which costs more than it saves on the FFO suites (`docs/tuning.md`).
    pub const DEFAULT_TABLE_MB: usize = 16;

    /// A solver with a transposition table of about `tt_megabytes` MB.
    ///
    /// # Panics
    /// When the memory cannot be had (see [`Solver::try_new`]).
    pub fn new(tt_megabytes: usize) -> Solver {
        Solver::try_new(tt_megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Solver::new`], or an error when the memory cannot be had.
    pub fn try_new(tt_megabytes: usize) -> Result<Solver, TableAllocError> {
        Ok(Solver {
            table: SolverTable::try_new(tt_megabytes)?,
            guesser: Guesser::try_new()?,
            nodes: 0,
        })
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.table.clear();
        self.guesser.clear();
    }

    /// Exact result for the side to move (positive = it wins) and a best move; `None` when
    /// the `limits` (nodes, time; checked every few thousand nodes) ran out first.
    pub fn solve(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        limits: &Limits,
    ) -> Option<Solution> {
        self.solve_within(board, rules, scoring, Budget::start(limits))
    }

    /// [`Solver::solve`] within a budget already started.
    pub(crate) fn solve_within(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        budget: Budget,
    ) -> Option<Solution> {
        let (score, best) = self.run(board, rules, scoring, -MAX_SCORE, MAX_SCORE, true, budget)?;
        Some(Solution {
            best: best.and_then(Square::new),
            score,
            nodes: self.nodes,
        })
    }

    /// The exact value for the side to move, fail-soft within `(alpha, beta)`: a result `<=
    /// alpha` is an upper bound, `>= beta` a lower bound, in between exact. `None` when the
    /// `limits` ran out first.
    pub fn search(
        &mut self,
        board: Board,
        rules: Rules,
        scoring: Scoring,
        alpha: i32,
        beta: i32,
        limits: &Limits,
    ) -> Option<i32> {
        let alpha = alpha.clamp(-MAX_SCORE - 1, MAX_SCORE);
        let beta = beta.clamp(alpha + 1, MAX_SCORE + 1);
        let budget = Budget::start(limits);
        self.run(board, rules, scoring, alpha, beta, false, budget)
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
        budget: Budget,
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
        // The root's aspiration window opens around a guess of the score; its nodes count.
        let mut budget = budget;
        let mut guess = None;
        let mut guess_nodes = 0;
        if root && (!(p | o)).count_ones() >= ASPIRATION_MIN {
            (guess, guess_nodes) = self.guesser.guess(Board::new(p, o), rules, budget);
            budget.max_nodes = budget.max_nodes.saturating_sub(guess_nodes);
        }
        self.table.new_search();
        let table = &mut self.table;
        let result = match mode {
            0 => run_mode::<0>(table, budget, p, o, alpha, beta, root, guess),
            INV => run_mode::<INV>(table, budget, p, o, alpha, beta, root, guess),
            ETW => run_mode::<ETW>(table, budget, p, o, alpha, beta, root, guess),
            _ => run_mode::<{ INV | ETW }>(table, budget, p, o, alpha, beta, root, guess),
        };
        self.nodes = result.1 + guess_nodes;
        result.0
    }
}

type RunResult = (Option<(i32, Option<u8>)>, u64);

#[allow(clippy::too_many_arguments)]
fn run_mode<const M: u8>(
    table: &mut SolverTable,
    budget: Budget,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    root: bool,
    guess: Option<i32>,
) -> RunResult {
    let mut search = Search::<M>::new(table, budget, edge_tables());
    let result = if root {
        search.root(p, o, alpha, beta, guess)
    } else {
        let n = (!(p | o)).count_ones();
        (search.any(p, o, alpha, beta, n), None)
    };
    let out = (!search.aborted).then_some(result);
    (out, search.nodes)
}
