//! The exact search, generic over the game and the scoring (`M`, see [`INV`] and [`ETW`]) so
//! that the leaf scoring costs nothing at run time: its state, the score of a finished game,
//! the stability cutoff, and the dispatch by the number of empty squares `n` to the layers:
//! - `n >= 7`: the deep search (`deep.rs`: the root with its aspiration window, the
//!   transposition table, the enhanced transposition cutoff, principal variation search),
//!   whose moves are ordered by `ordering.rs`;
//! - `n < 7`: the shallow layer (`shallow.rs`: plain alpha-beta over the empty squares in a
//!   fixed order, specialised code for the last four).
//!
//! Stable discs bound the score: those of the side whose discs count against the side to
//! move bound it from above (the opponent's in the classic game, its own in the inverse game),
//! the others from below.

use super::squares::parity_of;
use super::table::SolverTable;
use crate::limits::Budget;
use crate::stability::{count_stable, EdgeTables};

/// Mode bit: the inverse game (fewer discs wins).
pub const INV: u8 = 1;
/// Mode bit: empty squares go to the winner.
pub const ETW: u8 = 2;
/// Beyond any score.
pub const INF: i32 = 127;
/// The best possible score.
pub const MAX_SCORE: i32 = 64;

/// Positions with at least this many empties use fastest-first ordering.
pub(super) const FF_MIN: u32 = 7;
/// Positions with at least this many empties use the transposition table.
pub(super) const TT_MIN: u32 = 7;
/// Positions with at least this many empties try the enhanced transposition cutoff.
pub(super) const ETC_MIN: u32 = 8;

/// How often (in nodes) the budget is checked.
const CHECK_INTERVAL: u64 = 4096;

/// The final score for the side to move with `pc` discs when `e` squares stay empty.
#[inline(always)]
pub(super) fn end_score<const M: u8>(pc: i32, e: i32) -> i32 {
    let oc = 64 - e - pc;
    let mut d = pc - oc;
    if M & INV != 0 {
        d = -d;
    }
    if M & ETW != 0 {
        if d > 0 {
            d += e;
        } else if d < 0 {
            d -= e;
        }
    }
    d
}

pub struct Search<'a, const M: u8> {
    pub tt: &'a mut SolverTable,
    budget: Budget,
    pub edges: &'static EdgeTables,
    pub nodes: u64,
    next_check: u64,
    pub aborted: bool,
}

impl<'a, const M: u8> Search<'a, M> {
    /// The mode tag stored in the table (never 0).
    pub(super) const TAG: u8 = M + 1;
    /// Quadrants preferred by the parity ordering: odd ones, or even ones in the inverse game.
    pub(super) const PARITY_FLIP: u8 = if M & INV != 0 { 0xf } else { 0 };

    pub fn new(tt: &'a mut SolverTable, budget: Budget, edges: &'static EdgeTables) -> Self {
        Search {
            tt,
            budget,
            edges,
            nodes: 0,
            next_check: CHECK_INTERVAL,
            aborted: false,
        }
    }

    #[inline(always)]
    pub(super) fn poll(&mut self) {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            if self.nodes >= self.budget.max_nodes || self.budget.past_deadline() {
                self.aborted = true;
            }
        }
    }

    /// A bound from stable discs that settles the window, if any.
    #[inline(always)]
    pub(super) fn stability_cutoff(
        &self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> Option<i32> {
        // Stable discs rarely settle a window closer to 0 than twice the empties: the count is
        // not worth its cost there.
        let reach = 2 * n as i32;
        // Stable discs of `hi` bound our score from above, those of `lo` from below.
        let (hi, hi_other, lo, lo_other) = if M & INV != 0 {
            (p, o, o, p)
        } else {
            (o, p, p, o)
        };
        if alpha >= reach && alpha >= MAX_SCORE - 2 * hi.count_ones() as i32 {
            let bound = MAX_SCORE - 2 * count_stable(self.edges, hi, hi_other);
            if bound <= alpha {
                return Some(bound);
            }
        }
        if beta <= -reach && beta <= 2 * lo.count_ones() as i32 - MAX_SCORE {
            let bound = 2 * count_stable(self.edges, lo, lo_other) - MAX_SCORE;
            if bound >= beta {
                return Some(bound);
            }
        }
        None
    }

    /// The exact value of any position with `n` empties, fail-soft within (alpha, beta).
    pub fn any(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        let empties = !(p | o);
        match n {
            0 => {
                self.nodes += 1;
                end_score::<M>(p.count_ones() as i32, 0)
            }
            1 => self.solve1(p, o, empties.trailing_zeros() as usize),
            2 => {
                let x1 = empties.trailing_zeros() as usize;
                let x2 = 63 - empties.leading_zeros() as usize;
                self.solve2(p, o, alpha, beta, x1, x2)
            }
            3 | 4 => self.shallow(p, o, alpha, beta, n, parity_of(empties)),
            _ if n < FF_MIN => self.shallow(p, o, alpha, beta, n, parity_of(empties)),
            _ => self.deep(p, o, alpha, beta, n),
        }
    }

    /// [`Search::any`] for a position whose moves are known.
    #[inline(always)]
    pub(super) fn child(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        moves: u64,
    ) -> i32 {
        if n >= FF_MIN {
            self.deep_known::<true>(p, o, alpha, beta, n, moves)
        } else {
            self.any(p, o, alpha, beta, n)
        }
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        p: u64,
        o: u64,
        n: u32,
        alpha: i32,
        beta: i32,
        v: i32,
        best: u8,
    ) {
        let (lower, upper) = if v <= alpha {
            (-MAX_SCORE, v)
        } else if v >= beta {
            (v, MAX_SCORE)
        } else {
            (v, v)
        };
        self.tt.store(p, o, Self::TAG, n, lower, upper, best);
    }
}
