//! The AI's public face: levels, limits, and the move chooser used by the CLI and the wasm
//! binding.
//!
//! [`Ai::think`] runs the midgame search ([`crate::search`]) by iterative deepening within the
//! [`Limits`], and switches to an exact search of the end when the empties are few enough for
//! the budget. [`Ai::choose_move`] plays at a [`Level`]: each level is a fixed budget (depth,
//! nodes, a time cap when a clock is given, the empties from which it solves exactly) and an
//! amount of noise (a softmax over the move scores, seeded), which makes the low levels play
//! like beginners and vanishes at the top.

use crate::board::Board;
use crate::eval::{EvalKind, SCALE};
use crate::game::Rules;
use crate::search::{Budget, Searcher};
use crate::square::Square;
use crate::tt::Table;

/// Milliseconds from some fixed origin, monotonic. Native code uses [`native_clock`]; the wasm
/// binding passes the browser's clock.
pub type Clock = fn() -> f64;

/// The budget of one search. The search stops at whichever limit comes first.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub max_time_ms: Option<f64>,
    pub max_depth: Option<u32>,
    pub clock: Option<Clock>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: None,
            max_time_ms: None,
            max_depth: None,
            clock: default_clock(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> Option<Clock> {
    Some(native_clock)
}

#[cfg(target_arch = "wasm32")]
fn default_clock() -> Option<Clock> {
    None
}

/// Milliseconds since the first call, from `std::time::Instant` (not on wasm32).
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A playing strength: 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level may spend and how much noise it adds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSpec {
    /// Deepest midgame iteration.
    pub depth: u32,
    /// Node budget of one move.
    pub nodes: u64,
    /// Time cap of one move, in milliseconds of the caller's clock (when there is one).
    pub time_ms: f64,
    /// Solve exactly from this many empties (or fewer).
    pub exact_empties: u32,
    /// Softmax temperature in discs over the move scores; 0 plays the best move.
    pub temperature: f32,
}

const LEVELS: [LevelSpec; 10] = [
    spec(1, 20_000, 500.0, 0, 4.0),
    spec(2, 20_000, 500.0, 4, 2.5),
    spec(3, 50_000, 800.0, 6, 1.5),
    spec(4, 100_000, 1000.0, 8, 0.8),
    spec(5, 200_000, 1000.0, 10, 0.3),
    spec(6, 300_000, 1500.0, 12, 0.0),
    spec(8, 600_000, 2000.0, 14, 0.0),
    spec(10, 1_500_000, 2500.0, 16, 0.0),
    spec(12, 3_000_000, 3000.0, 18, 0.0),
    spec(30, 6_000_000, 3000.0, 22, 0.0),
];

const fn spec(
    depth: u32,
    nodes: u64,
    time_ms: f64,
    exact_empties: u32,
    temperature: f32,
) -> LevelSpec {
    LevelSpec {
        depth,
        nodes,
        time_ms,
        exact_empties,
        temperature,
    }
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(10);
    pub const DEFAULT: Level = Level(5);

    /// The level `n`, if it is within 1..=MAX.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The budget and noise of this level.
    pub fn spec(self) -> LevelSpec {
        LEVELS[(self.0 - 1) as usize]
    }
}

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
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Square>,
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
}

impl Options {
    /// The evaluation made for `rules`, exact search from as many empties as `limits` allow,
    /// no noise.
    pub fn for_limits(rules: Rules, limits: &Limits) -> Options {
        Options {
            eval: EvalKind::for_rules(rules),
            exact_empties: exact_empties_for_nodes(limits.max_nodes.unwrap_or(u64::MAX)),
            temperature: 0.0,
            seed: 0,
        }
    }
}

/// The empties from which an exact search is tried with a budget of `nodes`.
pub fn exact_empties_for_nodes(nodes: u64) -> u32 {
    match nodes {
        n if n >= 20_000_000 => 22,
        n if n >= 5_000_000 => 20,
        n if n >= 1_500_000 => 18,
        n if n >= 500_000 => 16,
        n if n >= 150_000 => 14,
        n if n >= 40_000 => 12,
        _ => 10,
    }
}

/// The searcher: owns the transposition table, kept between moves.
pub struct Ai {
    tt: Table,
    /// The game and evaluation the table's scores belong to.
    tt_tag: Option<(Rules, EvalKind)>,
}

impl Ai {
    /// An AI with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Ai {
        Ai {
            tt: Table::new(tt_megabytes),
            tt_tag: None,
        }
    }

    /// Forgets the table (a new game, say).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.tt_tag = None;
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
        };
        self.analyze(board, rules, &limits, &options)
    }

    /// Searches `board` within `limits` as `options` say.
    pub fn analyze(
        &mut self,
        board: Board,
        rules: Rules,
        limits: &Limits,
        options: &Options,
    ) -> Analysis {
        let moves = board.moves();
        if moves == 0 {
            return Analysis {
                best: None,
                score: 0.0,
                depth: 0,
                exact: false,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let tag = (rules, options.eval);
        if self.tt_tag != Some(tag) {
            self.tt.clear();
            self.tt_tag = Some(tag);
        }
        self.tt.new_search();
        let deadline = match (limits.clock, limits.max_time_ms) {
            (Some(clock), Some(ms)) => Some((clock, clock() + ms)),
            _ => None,
        };
        let budget = Budget {
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline,
        };
        let empties = board.empty_count();
        let max_depth = limits.max_depth.unwrap_or(64).max(1);
        let exact_wanted = empties <= options.exact_empties;
        let noisy = options.temperature > 0.0 && moves.count_ones() > 1;

        let mut searcher = Searcher::new(&mut self.tt, options.eval, rules, budget);
        let mut order: Vec<Square> = Square::iter_bits(moves).collect();
        let mut best = order[0];
        let mut score = 0;
        let mut depth_done = 0;
        let mut exact = false;
        let mut scores: Vec<(Square, i32)> = Vec::new();
        // Iterative deepening; the last step is the exact one when it is wanted.
        let last = if exact_wanted {
            empties
        } else {
            max_depth.min(empties)
        };
        let mut d = 1;
        while d <= last {
            // Midgame iterations stop at the level's depth; an exact search jumps there.
            let depth = if exact_wanted && d > max_depth.min(empties) {
                empties
            } else {
                d
            };
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
        }
        let pv = searcher.pv(board, best, depth_done.max(1) as usize);
        Analysis {
            best: Some(best),
            score: score as f32 / SCALE as f32,
            depth: depth_done,
            exact: exact && !noisy,
            nodes: searcher.nodes,
            pv,
        }
    }
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

/// The SplitMix64 generator step.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
