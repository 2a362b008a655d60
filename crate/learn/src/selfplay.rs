//! Seeded self-play games, their positions labelled with a score for the side to move.

use std::ops::Range;

use reversi::internals::splitmix64;
use reversi::{Ai, Board, EvalKind, Limits, Options, Position, Rules, Scoring, Solver, Square};

/// How the games are played and labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayConfig {
    pub rules: Rules,
    /// The evaluation the players search with.
    pub eval: EvalKind,
    pub depth: u32,
    pub nodes: u64,
    /// Softmax noise (discs), so that the games differ.
    pub temperature: f32,
    /// The solver labels positions with this many empties or fewer.
    pub exact_empties: u32,
}

/// A position (side to move has a move) and its label: the final score of the game for the
/// side to move under the rules (discs on the board), exact with perfect play when `exact`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub board: Board,
    pub target: i32,
    pub exact: bool,
}

/// The first game index of the held-out games (training games count from 0).
pub const VALIDATION_OFFSET: u64 = 1 << 40;

/// Random moves played before the players take over: 4 to 11.
const RANDOM_PLIES: (u64, u64) = (4, 8);

/// The seed of game `index`: games are independent of each other, so any subset (and any
/// number of threads) reproduces the same games.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut s = seed ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93);
    splitmix64(&mut s)
}

/// Plays the games of `indices` on `threads` threads and returns their positions, game after
/// game in index order. `log` gets a line every 100 games (single-threaded) or per thread end.
pub fn play_games(
    config: &PlayConfig,
    seed: u64,
    indices: Range<u64>,
    threads: usize,
    log: &mut dyn FnMut(&str),
) -> Vec<Sample> {
    let threads = threads.max(1) as u64;
    if threads == 1 {
        let mut players = Players::new();
        let mut out = Vec::new();
        for (k, g) in indices.clone().enumerate() {
            out.extend(players.play(config, game_seed(seed, g)));
            if (k + 1) % 100 == 0 {
                log(&format!("  {} games, {} positions", k + 1, out.len()));
            }
        }
        return out;
    }
    let per_thread: Vec<Vec<Vec<Sample>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let indices = indices.clone();
                scope.spawn(move || {
                    let mut players = Players::new();
                    indices
                        .skip(t as usize)
                        .step_by(threads as usize)
                        .map(|g| players.play(config, game_seed(seed, g)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a self-play thread panicked"))
            .collect()
    });
    // Interleave back into index order.
    let mut iters: Vec<_> = per_thread.into_iter().map(|v| v.into_iter()).collect();
    let mut out = Vec::new();
    for k in 0..(indices.end - indices.start) {
        if let Some(game) = iters[(k % threads) as usize].next() {
            out.extend(game);
        }
    }
    log(&format!(
        "  {} games, {} positions",
        indices.end - indices.start,
        out.len()
    ));
    out
}

/// The searcher and the solver, reused from game to game.
struct Players {
    ai: Ai,
    solver: Solver,
}

impl Players {
    fn new() -> Players {
        Players {
            ai: Ai::new(8),
            solver: Solver::new(16),
        }
    }

    /// One game from its seed.
    fn play(&mut self, config: &PlayConfig, seed: u64) -> Vec<Sample> {
        let mut state = seed;
        let mut pos = Position::standard();
        let plies = RANDOM_PLIES.0 + splitmix64(&mut state) % RANDOM_PLIES.1;
        for _ in 0..plies {
            let moves = pos.board.legal_moves();
            if moves == 0 {
                break;
            }
            let k = splitmix64(&mut state) % moves.count_ones() as u64;
            let sq = Square::iter_bits(moves)
                .nth(k as usize)
                .expect("k is below the number of moves");
            pos = pos.play(sq).expect("a legal move");
        }
        self.ai.clear();
        let mut board = pos.board;
        // Positions, with their exact score when solved, and whether it is the first side's.
        let mut seen: Vec<(Board, Option<i32>, bool)> = Vec::new();
        let mut first = true;
        let limits = Limits {
            max_nodes: Some(config.nodes),
            max_time_ms: None,
            max_depth: Some(config.depth),
            clock: None,
        };
        while !board.is_game_over() {
            if board.legal_moves() == 0 {
                board = board.pass();
                first = !first;
                continue;
            }
            let exact = if board.empty_count() <= config.exact_empties {
                self.solver
                    .solve(board, config.rules, Scoring::DiscsOnBoard, &Limits::NONE)
                    .map(|s| s.score)
            } else {
                None
            };
            seen.push((board, exact, first));
            let options = Options {
                eval: config.eval,
                exact_empties: 0,
                temperature: config.temperature,
                seed: splitmix64(&mut state),
            };
            let sq = self
                .ai
                .analyze(board, config.rules, &limits, &options)
                .best
                .expect("the side to move has a move");
            board = board.make_move(sq, board.flips(sq));
            first = !first;
        }
        let (own, other) = (board.player.count_ones(), board.opponent.count_ones());
        // The final score for the first side.
        let final_first = if first {
            config.rules.score(own, other)
        } else {
            config.rules.score(other, own)
        };
        seen.into_iter()
            .map(|(board, exact, is_first)| Sample {
                board,
                target: exact.unwrap_or(if is_first { final_first } else { -final_first }),
                exact: exact.is_some(),
            })
            .collect()
    }
}
