//! The AI's public face: levels, limits, and the move chooser used by the CLI and the wasm
//! binding.
//!
//! [`Ai::think`] runs the midgame search ([`crate::search`]) by iterative deepening within the
//! [`Limits`], and switches to an exact search of the end when the empties are few enough for
//! the budget. [`Ai::choose_move`] plays at a [`Level`]: each level is a fixed budget (depth,
//! nodes, a time cap when a clock is given, the empties from which it solves exactly) and an
//! amount of noise (a softmax over the move scores, seeded), which makes the low levels play
//! like beginners and vanishes at the top.

mod levels;
mod scores;
mod split;
mod split_text;

pub use levels::{exact_empties_for_nodes, Level, LevelSpec, NODES_PER_MS, SOLVER_NODES_PER_NODE};
pub use scores::MoveScore;
pub use split::{Split, SplitOutcome, SplitResult, SplitTask};
pub use split_text::ParseSplitError;

use crate::board::Board;
use crate::endgame::{Scoring, Solver};
use crate::eval::{EvalKind, SCALE};
use crate::game::Rules;
use crate::hash_table::TableAllocError;
use crate::limits::{Budget, Clock, Limits};
use crate::rng::splitmix64;
use crate::search::{final_value, to_discs, MidgameTable, Searcher};
use crate::square::Square;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The best move (`None` when the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// The evaluation of the best move for the side to move, in discs (exact when `exact`).
    pub score: f32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// True when the score is the exact final result under perfect play.
    pub exact: bool,
    /// Positions visited, by the midgame search and the exact solver together.
    pub nodes: u64,
    /// Of `nodes`, those of the exact solver; in a node budget they cost
    /// 1/[`SOLVER_NODES_PER_NODE`] each (see [`Analysis::budget_used`]).
    pub solver_nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Square>,
}

impl Analysis {
    /// The part of a node budget this search used: midgame nodes count one each, solver nodes
    /// 1/[`SOLVER_NODES_PER_NODE`] each.
    pub fn budget_used(&self) -> u64 {
        let midgame = self.nodes - self.solver_nodes;
        midgame + self.solver_nodes / SOLVER_NODES_PER_NODE
    }
}

/// How to search, beyond the budget: the evaluation, when to solve exactly, the noise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub eval: EvalKind,
    /// Search exactly (to the end of the game) from this many empties or fewer.
    pub exact_empties: u32,
    /// Softmax temperature in discs; 0 plays the best move.
    pub temperature: f32,
    /// Seeds the noise.
    pub seed: u64,
    /// A selective midgame search (Multi-ProbCut): deeper in the same time, at the risk of
    /// a rare wrong cut. Off: full-width (fixed-depth scores, such as the learn tool's labels).
    pub selective: bool,
}

impl Options {
    /// The midgame search of `rules`' evaluation alone: selective, no exact solving, no noise.
    pub fn midgame(rules: Rules) -> Options {
        Options {
            eval: EvalKind::for_rules(rules),
            exact_empties: 0,
            temperature: 0.0,
            seed: 0,
            selective: true,
        }
    }

    /// The evaluation made for `rules`, exact search from as many empties as `limits` allow
    /// (a time limit counts as [`NODES_PER_MS`] nodes a millisecond), no noise.
    pub fn for_limits(rules: Rules, limits: &Limits) -> Options {
        let by_time = match (limits.clock, limits.max_time_ms) {
            (Some(_), Some(ms)) => (ms.max(0.0) * NODES_PER_MS as f64) as u64,
            _ => u64::MAX,
        };
        let nodes = limits.max_nodes.unwrap_or(u64::MAX).min(by_time);
        Options {
            eval: EvalKind::for_rules(rules),
            exact_empties: exact_empties_for_nodes(nodes),
            temperature: 0.0,
            seed: 0,
            selective: true,
        }
    }
}

/// The searcher: owns the transposition tables (the midgame search's and its exact
/// solver's), kept between moves.
pub struct Ai {
    tt: MidgameTable,
    solver: Solver,
    /// The game and evaluation the table's scores belong to.
    tt_tag: Option<(Rules, EvalKind, bool)>,
    /// The root of the split search whose tasks this AI runs ([`Ai::run_split_task`]): its
    /// tasks are one search for the table (entries of earlier tasks are not aged out).
    split_root: Option<Board>,
}

impl Ai {
    /// An AI with a transposition table of about `tt_megabytes` MB, and half as much (at
    /// least 1 MB) for its exact solver.
    ///
    /// # Panics
    /// When the memory cannot be had (see [`Ai::try_new`]).
    pub fn new(tt_megabytes: usize) -> Ai {
        Ai::try_new(tt_megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Ai::new`], or an error when the memory cannot be had.
    pub fn try_new(tt_megabytes: usize) -> Result<Ai, TableAllocError> {
        Ok(Ai {
            tt: MidgameTable::try_new(tt_megabytes)?,
            solver: Solver::try_new((tt_megabytes / 2).max(1))?,
            tt_tag: None,
            split_root: None,
        })
    }

    /// Starts a search under `rules` with `eval`: the table is kept when it holds scores of
    /// the same game, evaluation and selectivity, cleared otherwise.
    fn begin_search(&mut self, rules: Rules, eval: EvalKind, selective: bool) {
        self.use_table_for(rules, eval, selective);
        self.split_root = None;
        self.tt.new_search();
    }

    /// Clears the table unless it holds scores of this game, evaluation and selectivity.
    fn use_table_for(&mut self, rules: Rules, eval: EvalKind, selective: bool) {
        let tag = (rules, eval, selective);
        if self.tt_tag != Some(tag) {
            self.tt.clear();
            self.tt_tag = Some(tag);
        }
    }

    /// Forgets the tables (a new game, say).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.tt_tag = None;
        self.split_root = None;
        self.solver.clear();
    }

    /// Searches `board` for the side to move within `limits`.
    pub fn think(&mut self, board: Board, rules: Rules, limits: &Limits) -> Analysis {
        let options = Options::for_limits(rules, limits);
        self.analyze(board, rules, limits, &options)
    }

    /// The move the AI plays at `level` (`None` when it must pass or the game is over).
    /// `seed` drives the deliberate mistakes of the low levels, so a game can be replayed.
    pub fn choose_move(
        &mut self,
        board: Board,
        rules: Rules,
        level: Level,
        clock: Option<Clock>,
        seed: u64,
    ) -> Option<Square> {
        self.play_level(board, rules, level, EvalKind::for_rules(rules), clock, seed)
            .best
    }

    /// [`Ai::choose_move`] with a chosen evaluation, returning the whole analysis.
    pub fn play_level(
        &mut self,
        board: Board,
        rules: Rules,
        level: Level,
        eval: EvalKind,
        clock: Option<Clock>,
        seed: u64,
    ) -> Analysis {
        let spec = level.spec();
        let limits = Limits {
            max_nodes: Some(spec.nodes),
            max_time_ms: clock.map(|_| spec.time_ms),
            max_depth: Some(spec.depth),
            clock,
        };
        let options = Options {
            eval,
            exact_empties: spec.exact_empties,
            temperature: spec.temperature,
            seed,
            selective: true,
        };
        self.analyze(board, rules, &limits, &options)
    }

    /// Searches `board` within `limits` as `options` say.
    ///
    /// Without noise and with few enough empties (`options.exact_empties`), the exact solver
    /// gets the budget after a short midgame search (a tenth of it) that gives the fallback
    /// move should the solver run out. The reported `nodes` count both searches; in the node
    /// budget, [`SOLVER_NODES_PER_NODE`] solver nodes cost one node.
    pub fn analyze(
        &mut self,
        board: Board,
        rules: Rules,
        limits: &Limits,
        options: &Options,
    ) -> Analysis {
        let moves = board.legal_moves();
        if moves == 0 {
            return Analysis {
                best: None,
                score: 0.0,
                depth: 0,
                exact: false,
                nodes: 0,
                solver_nodes: 0,
                pv: Vec::new(),
            };
        }
        self.begin_search(rules, options.eval, options.selective);
        let now = limits.clock.map(|clock| (clock, clock()));
        let max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        let empties = board.empty_count();
        let max_depth = limits.max_depth.unwrap_or(64).max(1).min(empties);
        let exact_wanted = empties <= options.exact_empties;
        let noisy = options.temperature > 0.0 && moves.count_ones() > 1;
        let use_solver = exact_wanted && !noisy;
        // Before the solver, the midgame search stays short of the end.
        let max_depth = if use_solver {
            max_depth.min(empties.saturating_sub(1)).max(1)
        } else {
            max_depth
        };

        // The midgame search: all of the budget, or a tenth before the solver.
        let share = |total: u64| {
            if use_solver {
                (total / 10).max(1)
            } else {
                total
            }
        };
        let deadline = match (now, limits.max_time_ms) {
            (Some((clock, t0)), Some(ms)) => {
                Some((clock, t0 + if use_solver { ms / 10.0 } else { ms }))
            }
            _ => None,
        };
        let budget = Budget {
            max_nodes: share(max_nodes),
            deadline,
        };
        // Noisy levels search their (few) exact empties themselves, to score every move.
        let last = if exact_wanted && noisy {
            empties
        } else {
            max_depth
        };
        let mut result = self.midgame(board, rules, options, budget, max_depth, last, noisy);
        let mut solver_nodes = 0;
        if use_solver && !result.exact {
            // The rest of the node budget, each midgame node worth SOLVER_NODES_PER_NODE
            // solver nodes, and the rest of the time.
            let budget = Budget {
                max_nodes: max_nodes
                    .saturating_sub(result.nodes)
                    .saturating_mul(SOLVER_NODES_PER_NODE),
                deadline: match (now, limits.max_time_ms) {
                    (Some((clock, t0)), Some(ms)) => Some((clock, t0 + ms)),
                    _ => None,
                },
            };
            let solver = &mut self.solver;
            let solution = solver.solve_within(board, rules, Scoring::DiscsOnBoard, budget);
            solver_nodes = solver.nodes();
            if let Some(sol) = solution {
                if let Some(best) = sol.best {
                    result.best = best;
                    result.score = final_value(sol.score);
                    result.depth = empties;
                    result.exact = true;
                    result.pv = vec![best];
                }
            }
        }
        Analysis {
            best: Some(result.best),
            score: to_discs(result.score),
            depth: result.depth,
            exact: result.exact,
            nodes: result.nodes + solver_nodes,
            solver_nodes,
            pv: result.pv,
        }
    }

    /// Iterative deepening from depth 1 to `max_depth`, then (if `last` is deeper) one
    /// iteration at `last`. With `noisy`, every root move gets an exact score and the move is
    /// drawn by [`softmax_pick`].
    #[allow(clippy::too_many_arguments)]
    fn midgame(
        &mut self,
        board: Board,
        rules: Rules,
        options: &Options,
        budget: Budget,
        max_depth: u32,
        last: u32,
        noisy: bool,
    ) -> MidResult {
        let empties = board.empty_count();
        let mut searcher = Searcher::new(&mut self.tt, options.eval, rules, budget);
        if options.selective {
            searcher = searcher.selective();
        }
        let mut order: Vec<Square> = Square::iter_bits(board.legal_moves()).collect();
        let mut best = order[0];
        let mut score = 0;
        let mut depth_done = 0;
        let mut exact = false;
        let mut scores: Vec<(Square, i32)> = Vec::new();
        let mut d = 1;
        while d <= last {
            let depth = if d > max_depth { last } else { d };
            let Some(r) = searcher.root(board, depth, &mut order, noisy) else {
                break;
            };
            if searcher.aborted() && noisy {
                break; // partial score lists are not comparable
            }
            best = r.best;
            score = r.score;
            if r.complete {
                depth_done = depth;
                exact = depth >= empties;
                scores = r.scores;
            }
            if searcher.aborted() || depth >= last {
                break;
            }
            d = depth + 1;
        }
        if noisy && !scores.is_empty() {
            let pick = softmax_pick(&scores, options.temperature, options.seed, &board);
            if pick != best {
                best = pick;
                score = scores
                    .iter()
                    .find(|&&(sq, _)| sq == pick)
                    .map_or(score, |&(_, s)| s);
            }
            // A drawn move is not a claim about perfect play.
            exact = false;
        }
        let pv = searcher.pv(board, best, depth_done.max(1) as usize);
        MidResult {
            best,
            score,
            depth: depth_done,
            exact,
            nodes: searcher.nodes,
            pv,
            order,
        }
    }
}

/// What the midgame search found (scores in [`SCALE`] units).
struct MidResult {
    best: Square,
    score: i32,
    depth: u32,
    exact: bool,
    nodes: u64,
    pv: Vec<Square>,
    /// The root moves, best first (the last iteration's order).
    order: Vec<Square>,
}

/// A move drawn with probability proportional to exp(score / temperature) (scores in discs),
/// from a generator seeded by `seed` and the position.
fn softmax_pick(scores: &[(Square, i32)], temperature: f32, seed: u64, board: &Board) -> Square {
    let top = scores.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let weights: Vec<f64> = scores
        .iter()
        .map(|&(_, s)| (((s - top) as f64 / SCALE as f64) / temperature as f64).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut state = seed ^ board.player.rotate_left(7) ^ board.opponent.wrapping_mul(3);
    let r = (splitmix64(&mut state) >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut acc = 0.0;
    for (i, w) in weights.iter().enumerate() {
        acc += w;
        if r < acc {
            return scores[i].0;
        }
    }
    scores[scores.len() - 1].0
}
