//! The midgame search: iterative deepening negamax with principal variation search
//! (null-window tests), a transposition table (both bounds of a score) and move ordering (table
//! move first, then by the static evaluation of the child and the opponent's replies there),
//! within node, depth and time budgets.
//!
//! Scores are in [`eval::SCALE`](crate::eval::SCALE) units per disc, for the side to move.
//! A finished game scores its exact disc difference under the rules plus [`WIN_BONUS`] for a
//! win (minus for a loss), so that a sure win outranks any evaluation ([`to_discs`] takes the
//! bonus off); once the depth reaches the number of empty squares the search is exact.

pub(crate) mod probcut;
mod table;

pub use table::MidgameTable;

use crate::bitboard::legal_moves_x2;
use crate::board::Board;
use crate::eval::{EvalKind, MAX_EVAL, SCALE};
use crate::game::Rules;
use crate::limits::Budget;
use crate::pattern::Features;
use crate::square::{Square, NO_SQUARE};

/// Above every score.
pub const INF: i32 = 1000 * SCALE;

/// Added to the score of a won finished game (subtracted for a lost one): above every
/// evaluation.
pub const WIN_BONUS: i32 = MAX_EVAL + 1;

/// The search score of a finished game won by `discs` (negative: lost; 0: a draw).
#[inline]
pub fn final_value(discs: i32) -> i32 {
    discs * SCALE + discs.signum() * WIN_BONUS
}

/// A search score in discs: the evaluation, or the exact margin of a finished game.
pub fn to_discs(score: i32) -> f32 {
    let s = if score.abs() > MAX_EVAL {
        score - score.signum() * WIN_BONUS
    } else {
        score
    };
    s as f32 / SCALE as f32
}

/// Move ordering: the opponent's replies after a move, each worth this much against the move
/// (half a disc), added to the child's evaluation (docs/tuning.md, "Two bounds a table entry").
const ORDER_MOBILITY: i32 = SCALE / 2;

/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 2048;

/// The result of one root iteration.
#[derive(Clone, Debug)]
pub struct RootResult {
    pub best: Square,
    pub score: i32,
    /// True when every root move was searched (false: aborted after the first move).
    pub complete: bool,
    /// With `all_scores`, the exact score of every root move (at this depth), in search order.
    pub scores: Vec<(Square, i32)>,
}

/// One search: borrows the table, counts nodes, stops at the budget.
pub struct Searcher<'a> {
    tt: &'a mut MidgameTable,
    eval: EvalKind,
    rules: Rules,
    budget: Budget,
    /// Multi-ProbCut's error model when the search is selective.
    probcut: Option<probcut::SigmaModel>,
    pub nodes: u64,
    next_clock_check: u64,
    aborted: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a mut MidgameTable,
        eval: EvalKind,
        rules: Rules,
        budget: Budget,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            eval,
            rules,
            budget,
            probcut: None,
            nodes: 0,
            next_clock_check: CLOCK_INTERVAL,
            aborted: false,
        }
    }

    /// Makes the search selective: Multi-ProbCut ([`probcut`]) with the error model of its
    /// evaluation. Without it the search is full-width.
    pub fn selective(mut self) -> Searcher<'a> {
        self.probcut = Some(probcut::model(self.eval));
        self
    }

    /// Multi-ProbCut at a node `depth` deep: `Some(bound)` when a shallow search says the deep
    /// score is beyond the window with enough confidence.
    #[inline]
    fn probcut(
        &mut self,
        b: &Board,
        f: &Features,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let model = self.probcut?;
        let empties = b.empty_count();
        if depth < probcut::MIN_DEPTH || depth >= empties || alpha <= -MAX_EVAL || beta >= MAX_EVAL
        {
            return None;
        }
        let shallow = probcut::shallow(depth);
        let margin = (probcut::CUT_SIGMAS * model.sigma(depth, empties)) as i32;
        let high = beta + margin;
        if high < MAX_EVAL {
            let v = self.negamax(*b, f, shallow, high - 1, high);
            if self.aborted {
                return Some(0);
            }
            if v >= high {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -MAX_EVAL {
            let v = self.negamax(*b, f, shallow, low, low + 1);
            if self.aborted {
                return Some(0);
            }
            if v <= low {
                return Some(alpha);
            }
        }
        None
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Counts a node; true when the budget is spent (and from then on).
    #[inline]
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget.max_nodes {
            self.aborted = true;
        } else if self.nodes >= self.next_clock_check {
            self.next_clock_check = self.nodes + CLOCK_INTERVAL;
            if let Some((clock, deadline)) = self.budget.deadline {
                if clock() >= deadline {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The search score of a finished game for the side to move ([`final_value`]).
    #[inline]
    pub fn final_score(&self, b: &Board) -> i32 {
        final_value(
            self.rules
                .score(b.player.count_ones(), b.opponent.count_ones()),
        )
    }

    /// Negamax with alpha-beta (fail-soft), PVS and the table; `f` are the pattern indices of
    /// `b`. `depth` counts moves; a pass is free. Returns 0 (meaningless) when aborted.
    pub fn negamax(
        &mut self,
        b: Board,
        f: &Features,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.spend() {
            return 0;
        }
        let moves = b.legal_moves();
        if moves == 0 {
            if b.pass().legal_moves() == 0 {
                return self.final_score(&b);
            }
            return -self.negamax(b.pass(), &f.pass(), depth, -beta, -alpha);
        }
        if depth == 0 {
            return self
                .eval
                .evaluate_moves(&b, f, moves, b.pass().legal_moves());
        }
        if depth == 1 {
            // The children are leaves: evaluate each (a child without moves still gets its
            // static score unless the game is over there).
            let mut best = -INF;
            for sq in Square::iter_bits(moves) {
                let flips = b.flips(sq);
                let child = b.make_move(sq, flips);
                if self.spend() {
                    return 0;
                }
                // Both sides' moves once: whether the game is over there, and the mobilities.
                let [own, theirs] = legal_moves_x2(
                    [child.player, child.opponent],
                    [child.opponent, child.player],
                );
                let s = if own == 0 && theirs == 0 {
                    -self.final_score(&child)
                } else {
                    -self
                        .eval
                        .evaluate_moves(&child, &f.play(sq.index(), flips), own, theirs)
                };
                if s > best {
                    best = s;
                    if s >= beta {
                        break;
                    }
                }
            }
            return best;
        }
        let alpha_orig = alpha;
        let mut tt_move = NO_SQUARE;
        if let Some(e) = self.tt.probe(&b) {
            tt_move = e.best;
            if e.depth as u32 >= depth {
                if e.lower >= beta || e.lower == e.upper {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
            }
        }
        if let Some(v) = self.probcut(&b, f, depth, alpha, beta) {
            return v;
        }
        let mut list = ScoredMoves::new();
        for sq in Square::iter_bits(moves) {
            let flips = b.flips(sq);
            let key = if sq.index() as u8 == tt_move {
                INF
            } else {
                let child = b.make_move(sq, flips);
                let [own, theirs] = legal_moves_x2(
                    [child.player, child.opponent],
                    [child.opponent, child.player],
                );
                -self
                    .eval
                    .evaluate_moves(&child, &f.play(sq.index(), flips), own, theirs)
                    - ORDER_MOBILITY * own.count_ones() as i32
            };
            list.push(sq, flips, key);
        }
        list.sort();
        let mut best = -INF;
        let mut best_move = NO_SQUARE;
        for i in 0..list.len {
            let (sq, flips) = (list.squares[i], list.flips[i]);
            let child = b.make_move(sq, flips);
            let cf = f.play(sq.index(), flips);
            let score = if i == 0 {
                -self.negamax(child, &cf, depth - 1, -beta, -alpha)
            } else {
                let s = -self.negamax(child, &cf, depth - 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(child, &cf, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = sq.index() as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let lower = if best > alpha_orig { best } else { -INF };
        let upper = if best < beta { best } else { INF };
        self.tt.store(&b, depth, lower, upper, best_move);
        best
    }

    /// One root iteration at `depth` over `order` (the root moves, reordered best first on
    /// return). With `all_scores`, every move gets an exact score (full window); otherwise PVS.
    /// `None` when the budget ran out before the first move was searched.
    pub fn root(
        &mut self,
        b: Board,
        depth: u32,
        order: &mut Vec<Square>,
        all_scores: bool,
    ) -> Option<RootResult> {
        let mut alpha = -INF;
        let beta = INF;
        let mut best: Option<(Square, i32)> = None;
        let mut scores = Vec::new();
        let mut searched: Vec<(Square, i32)> = Vec::with_capacity(order.len());
        let f = Features::new(b.player, b.opponent);
        for (i, &sq) in order.iter().enumerate() {
            let flips = b.flips(sq);
            let child = b.make_move(sq, flips);
            let cf = f.play(sq.index(), flips);
            let score = if all_scores || i == 0 {
                -self.negamax(child, &cf, depth - 1, -INF, INF)
            } else {
                let s = -self.negamax(child, &cf, depth - 1, -alpha - 1, -alpha);
                if s > alpha && !self.aborted {
                    -self.negamax(child, &cf, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            searched.push((sq, score));
            if all_scores {
                scores.push((sq, score));
            }
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((sq, score));
                alpha = alpha.max(score);
            }
        }
        let (best_sq, best_score) = best?;
        let complete = searched.len() == order.len();
        // Next iteration: best first, then the others by their (bound) scores; unsearched last.
        let mut rest: Vec<Square> = order
            .iter()
            .copied()
            .filter(|sq| !searched.iter().any(|(s, _)| s == sq))
            .collect();
        searched.sort_by_key(|&(sq, s)| (if sq == best_sq { 0 } else { 1 }, -s));
        order.clear();
        order.extend(searched.iter().map(|&(sq, _)| sq));
        order.append(&mut rest);
        // An interrupted iteration only proves a lower bound.
        let upper = if complete { best_score } else { INF };
        self.tt
            .store(&b, depth, best_score, upper, best_sq.index() as u8);
        Some(RootResult {
            best: best_sq,
            score: best_score,
            complete,
            scores,
        })
    }

    /// The principal variation from the table, starting with `first`, at most `max` moves.
    pub fn pv(&self, b: Board, first: Square, max: usize) -> Vec<Square> {
        let mut pv = vec![first];
        let mut b = b.make_move(first, b.flips(first));
        while pv.len() < max {
            if b.legal_moves() == 0 {
                if b.pass().legal_moves() == 0 {
                    break;
                }
                b = b.pass();
            }
            let Some(e) = self.tt.probe(&b) else { break };
            let Some(sq) = Square::new(e.best) else { break };
            let flips = b.flips(sq);
            if flips == 0 {
                break;
            }
            pv.push(sq);
            b = b.make_move(sq, flips);
        }
        pv
    }
}

/// The moves of a position with their flips and ordering keys (a position has at most 33
/// legal moves; room for 34).
struct ScoredMoves {
    squares: [Square; 34],
    flips: [u64; 34],
    keys: [i32; 34],
    len: usize,
}

impl ScoredMoves {
    fn new() -> ScoredMoves {
        ScoredMoves {
            squares: [Square::new(0).unwrap_or_else(|| unreachable!()); 34],
            flips: [0; 34],
            keys: [0; 34],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, sq: Square, flips: u64, key: i32) {
        if self.len < 34 {
            self.squares[self.len] = sq;
            self.flips[self.len] = flips;
            self.keys[self.len] = key;
            self.len += 1;
        }
    }

    /// Insertion sort, highest key first.
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.keys[j - 1] < self.keys[j] {
                self.keys.swap(j - 1, j);
                self.squares.swap(j - 1, j);
                self.flips.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}
