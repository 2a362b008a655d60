//! The deep search, from 7 empties: the root with its aspiration window around a guess
//! (`guess.rs`), the transposition table (a small cache-resident one below 10 empties;
//! entries of earlier searches are replaced first), the table move first, the stability
//! cutoff, the enhanced transposition cutoff from 8 empties (moves it shows unable to raise
//! alpha are skipped), and principal variation search over the moves `ordering.rs` sorts.

use super::ordering::MoveRoom;
use super::search::{end_score, Search, ETC_MIN, ETW, INF, MAX_SCORE, TT_MIN};
use crate::bitboard::{flips, legal_moves};
use crate::square::NO_SQUARE;

/// The root searches positions with at least this many empties with an aspiration window
/// this wide (a score either side of a guess, see `guess.rs`: a null-window test when scores
/// are even).
pub(super) const ASPIRATION_MIN: u32 = 14;
const ASPIRATION_WIDTH: i32 = 1;

/// The ordering score of a move the enhanced transposition cutoff showed useless.
const SKIP: i32 = i32::MIN;

impl<'a, const M: u8> Search<'a, M> {
    /// The root: the exact value and the best move (None when the side to move must pass or
    /// the game is over), fail-soft within `(alpha, beta)`. With a `guess` of the score (the
    /// solver makes one from [`ASPIRATION_MIN`] empties) the window is first narrowed around
    /// it, then moved on failure (the table keeps what each try proved).
    pub fn root(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        guess: Option<i32>,
    ) -> (i32, Option<u8>) {
        let Some(mut guess) = guess.filter(|_| legal_moves(p, o) != 0) else {
            return self.root_window(p, o, alpha, beta);
        };
        if M & ETW != 0 {
            guess &= !1;
        }
        let w = ASPIRATION_WIDTH;
        let mut lo = (guess - w).clamp(alpha, beta - 1);
        let mut hi = (guess + w).clamp(lo + 1, beta);
        loop {
            let (v, mv) = self.root_window(p, o, lo, hi);
            if self.aborted {
                return (v, mv);
            }
            if v <= lo && lo > alpha {
                hi = (v + 1).min(hi);
                lo = (v - 2 * w).max(alpha);
                if lo >= hi {
                    lo = alpha;
                }
            } else if v >= hi && hi < beta {
                lo = (v - 1).max(lo);
                hi = (v + 2 * w).min(beta);
                if lo >= hi {
                    hi = beta;
                }
            } else {
                return (v, mv);
            }
        }
    }

    /// The root searched with the window `(alpha, beta)`.
    fn root_window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u8>) {
        let n = (!(p | o)).count_ones();
        let moves = legal_moves(p, o);
        if moves == 0 {
            return (self.any(p, o, alpha, beta, n), None);
        }
        self.nodes += 1;
        let mut list = MoveRoom::new();
        let tt_move = self
            .tt
            .probe(p, o, Self::TAG, n)
            .map_or(NO_SQUARE, |h| h.best);
        let list = self.order(p, o, n, moves, tt_move, &mut list);
        let mut best = -INF;
        let mut best_move = list[0].sq;
        let mut a = alpha;
        for (i, mv) in list.iter().enumerate() {
            let bit = 1u64 << mv.sq;
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
            let v = if i == 0 {
                -self.child(np, no, -beta, -a, n - 1, mv.replies)
            } else {
                let v = -self.child(np, no, -a - 1, -a, n - 1, mv.replies);
                if v > a && v < beta && !self.aborted {
                    -self.child(np, no, -beta, -a, n - 1, mv.replies)
                } else {
                    v
                }
            };
            if self.aborted {
                return (0, None);
            }
            if v > best {
                best = v;
                best_move = mv.sq;
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        self.store(p, o, n, alpha, beta, best, best_move);
        (best, Some(best_move))
    }

    /// Positions with at least `TT_MIN` empties.
    pub(super) fn deep(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> i32 {
        self.deep_known::<false>(p, o, alpha, beta, n, 0)
    }

    /// [`Search::deep`]; with `KNOWN`, `moves` are the legal moves (else they are found here).
    #[inline(always)]
    pub(super) fn deep_known<const KNOWN: bool>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        moves: u64,
    ) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.stability_cutoff(p, o, alpha, beta, n) {
            return v;
        }
        let mut tt_move = NO_SQUARE;
        let hit = if n >= TT_MIN {
            self.tt.probe(p, o, Self::TAG, n)
        } else {
            None
        };
        if let Some(hit) = hit {
            if hit.lower >= beta {
                return hit.lower;
            }
            if hit.upper <= alpha {
                return hit.upper;
            }
            if hit.lower == hit.upper {
                return hit.lower;
            }
            alpha = alpha.max(hit.lower);
            beta = beta.min(hit.upper);
            tt_move = hit.best;
        }
        let moves = if KNOWN { moves } else { legal_moves(p, o) };
        if moves == 0 {
            let theirs = legal_moves(o, p);
            if theirs == 0 {
                return end_score::<M>(p.count_ones() as i32, n as i32);
            }
            return -self.deep_known::<true>(o, p, -beta, -alpha, n, theirs);
        }
        let mut best = -INF;
        let mut best_move = NO_SQUARE;
        let mut a = alpha;
        let mut rest = moves;
        // The table's move first, before the cost of ordering the others.
        if tt_move != NO_SQUARE && moves & (1u64 << tt_move) != 0 {
            let sq = tt_move as usize;
            let f = flips(p, o, sq);
            let v = -self.any(o ^ f, p ^ f ^ (1u64 << sq), -beta, -a, n - 1);
            if self.aborted {
                return 0;
            }
            best = v;
            best_move = tt_move;
            if v > a {
                a = v;
                if a >= beta {
                    self.store(p, o, n, alpha, beta, best, best_move);
                    return best;
                }
            }
            rest &= !(1u64 << sq);
        }
        let pv = beta - alpha > 1;
        let mut list = MoveRoom::new();
        let list = self.order(p, o, n, rest, NO_SQUARE, &mut list);
        let mut first = best == -INF;
        if n >= ETC_MIN {
            for mv in list.iter_mut() {
                let bit = 1u64 << mv.sq;
                let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
                if let Some(hit) = self.tt.probe(np, no, Self::TAG, n - 1) {
                    if -hit.upper >= beta {
                        self.tt
                            .store(p, o, Self::TAG, n, -hit.upper, MAX_SCORE, mv.sq);
                        return -hit.upper;
                    }
                    if -hit.lower <= a {
                        // This move cannot raise alpha: its bound stands for its value.
                        mv.score = SKIP;
                        if -hit.lower > best {
                            best = -hit.lower;
                            best_move = mv.sq;
                        }
                    }
                }
            }
        }
        for mv in list.iter() {
            if mv.score == SKIP {
                continue;
            }
            let bit = 1u64 << mv.sq;
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ bit);
            let v = if first || !pv {
                first = false;
                -self.child(np, no, -beta, -a, n - 1, mv.replies)
            } else {
                let v = -self.child(np, no, -a - 1, -a, n - 1, mv.replies);
                if v > a && v < beta && !self.aborted {
                    -self.child(np, no, -beta, -a, n - 1, mv.replies)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv.sq;
                if v > a {
                    a = v;
                    if a >= beta {
                        break;
                    }
                }
            }
        }
        if n >= TT_MIN {
            self.store(p, o, n, alpha, beta, best, best_move);
        }
        best
    }
}
