//! The score of every legal move, for hints and analysis: each move searched with a full
//! window (its own value, not a bound), deepened while the budget lasts, and solved exactly
//! when the empties are few enough for the budget.

use super::{Ai, Options, SOLVER_NODES_PER_NODE};
use crate::board::Board;
use crate::endgame::Scoring;
use crate::eval::EvalKind;
use crate::game::Rules;
use crate::limits::{Budget, Limits};
use crate::search::{to_discs, Searcher};
use crate::square::Square;

/// The score of one legal move for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveScore {
    pub square: Square,
    /// In discs, positive when the move is good for the side to move (in either game).
    pub score: f32,
    /// True when `score` is the final result with best play by both sides, counting the
    /// discs on the board (as `reversi solve` does by default).
    pub exact: bool,
    /// The plies searched from this position to give `score` (the empties when exact).
    pub depth: u32,
}

impl Ai {
    /// Scores every legal move of `board` for the side to move within `limits`, with no
    /// noise, best first (empty when the side to move has no move). Every move gets at least
    /// the static evaluation of the position after it (depth 1), whatever the budget; then
    /// the midgame search deepens all moves together, each with a full window, and with few
    /// enough empties for the budget (as [`Options::for_limits`] says) the exact solver
    /// scores each move after a short midgame search (a tenth of the budget), best first,
    /// until the budget ends. A move keeps the score of the deepest search that finished it.
    pub fn score_moves(&mut self, board: Board, rules: Rules, limits: &Limits) -> Vec<MoveScore> {
        let moves = board.legal_moves();
        if moves == 0 {
            return Vec::new();
        }
        let eval = EvalKind::for_rules(rules);
        self.begin_search(rules, eval, true);
        let empties = board.empty_count();
        let exact_wanted = empties <= Options::for_limits(rules, limits).exact_empties;
        let budget = Budget::start(limits);
        let midgame = Budget {
            max_nodes: if exact_wanted {
                (budget.max_nodes / 10).max(1)
            } else {
                budget.max_nodes
            },
            deadline: budget.deadline.map(|(clock, end)| {
                let start = clock();
                (
                    clock,
                    if exact_wanted {
                        start + (end - start) / 10.0
                    } else {
                        end
                    },
                )
            }),
        };
        let max_depth = limits.max_depth.unwrap_or(64).clamp(1, empties);
        let mut order: Vec<Square> = Square::iter_bits(moves).collect();
        let mut scores: Vec<MoveScore> = order
            .iter()
            .map(|&square| MoveScore {
                square,
                score: 0.0,
                exact: false,
                depth: 0,
            })
            .collect();
        let update = |scores: &mut Vec<MoveScore>, found: &[(Square, i32)], depth: u32| {
            for &(square, s) in found {
                if let Some(m) = scores.iter_mut().find(|m| m.square == square) {
                    *m = MoveScore {
                        square,
                        score: to_discs(s),
                        exact: depth >= empties,
                        depth,
                    };
                }
            }
        };
        // Depth 1 whatever the budget: one evaluation a move.
        let used = {
            let mut searcher =
                Searcher::new(&mut self.tt, eval, rules, Budget::start(&Limits::NONE));
            if let Some(r) = searcher.root(board, 1, &mut order, true) {
                update(&mut scores, &r.scores, 1);
            }
            let mut searcher = Searcher::new(&mut self.tt, eval, rules, midgame).selective();
            for depth in 2..=max_depth {
                let Some(r) = searcher.root(board, depth, &mut order, true) else {
                    break;
                };
                update(&mut scores, &r.scores, depth);
                if searcher.aborted() {
                    break;
                }
            }
            searcher.nodes
        };
        if exact_wanted && scores.iter().any(|m| !m.exact) {
            sort_best_first(&mut scores);
            let mut solver_budget = Budget {
                max_nodes: budget
                    .max_nodes
                    .saturating_sub(used)
                    .saturating_mul(SOLVER_NODES_PER_NODE),
                deadline: budget.deadline,
            };
            for m in scores.iter_mut().filter(|m| !m.exact) {
                let child = board.make_move(m.square, board.flips(m.square));
                // After a move that leaves the opponent no move, the mover plays again.
                let (position, sign) = if child.legal_moves() == 0 && !child.is_game_over() {
                    (child.pass(), 1)
                } else {
                    (child, -1)
                };
                let Some(sol) =
                    self.solver
                        .solve_within(position, rules, Scoring::DiscsOnBoard, solver_budget)
                else {
                    break;
                };
                solver_budget.max_nodes = solver_budget.max_nodes.saturating_sub(sol.nodes);
                *m = MoveScore {
                    score: (sign * sol.score) as f32,
                    exact: true,
                    depth: empties,
                    ..*m
                };
            }
        }
        sort_best_first(&mut scores);
        scores
    }
}

/// Best score first; among equals, exact scores and deeper searches first, then a1..h8.
fn sort_best_first(scores: &mut [MoveScore]) {
    scores.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.exact.cmp(&a.exact))
            .then(b.depth.cmp(&a.depth))
            .then(a.square.cmp(&b.square))
    });
}
