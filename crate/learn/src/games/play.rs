//! Playing one game of the data set from its index.

use reversi::internals::splitmix64;
use reversi::{Ai, EvalKind, Limits, Options, Rules, Scoring, Solver, Square, TableAllocError};

use super::record::{GameRecord, Label, Opening};

/// The seed of game `index`: games are independent of each other, so any subset (and any
/// number of threads) reproduces the same games.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut s = seed ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93);
    splitmix64(&mut s)
}

/// The midgame transposition table of the players (MB). The games depend on it (a search
/// cut by a node budget finds what its table lets it find), so it is one of the recorded
/// parameters.
pub const AI_TABLE_MB: usize = 8;

/// The labelling solver's table (MB), kept across the positions of a game. The labels do not
/// depend on it (they are exact).
pub const SOLVER_TABLE_MB: usize = 16;

/// Uniformly random opening moves before the AI takes over: 4 to 11.
pub const RANDOM_PLIES: (u64, u64) = (4, 11);

/// What makes the games: the same parameters give the same games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameParams {
    pub rules: Rules,
    pub seed: u64,
    /// The AI's search depth and node budget a move.
    pub depth: u32,
    pub nodes: u64,
    /// Softmax temperature of the AI's moves (discs).
    pub temperature: f32,
    /// Positions with this many empties or fewer get the solver's exact score.
    pub exact_empties: u32,
}

/// The searcher and the labelling solver of one thread, reused from game to game (and
/// cleared at each game's start, so that a game does not depend on the ones before).
pub struct Player {
    ai: Ai,
    solver: Solver,
}

impl Player {
    pub fn new() -> Result<Player, TableAllocError> {
        Ok(Player {
            ai: Ai::try_new(AI_TABLE_MB)?,
            solver: Solver::try_new(SOLVER_TABLE_MB)?,
        })
    }

    /// Game `index` of `params.seed`: its start ([`Opening::of_game`]), 4 to 11 uniformly
    /// random legal moves, then the AI (the game's shipped evaluation, `params.depth`,
    /// `params.nodes` a move, softmax noise, no exact search) to the end; the positions with
    /// at most `params.exact_empties` empties are labelled by the solver as they come.
    pub fn play(&mut self, params: &GameParams, index: u64) -> GameRecord {
        let mut state = game_seed(params.seed, index);
        let random_plies =
            RANDOM_PLIES.0 + splitmix64(&mut state) % (RANDOM_PLIES.1 - RANDOM_PLIES.0 + 1);
        let opening = Opening::of_game(index);
        let mut board = opening.board();
        let mut black_to_move = true;
        let mut moves: Vec<Square> = Vec::with_capacity(60);
        let mut labels = Vec::new();
        self.ai.clear();
        self.solver.clear();
        let limits = Limits {
            max_nodes: Some(params.nodes),
            max_time_ms: None,
            max_depth: Some(params.depth),
            clock: None,
        };
        let eval = EvalKind::for_rules(params.rules);
        loop {
            let mut legal = board.legal_moves();
            if legal == 0 {
                board = board.pass();
                black_to_move = !black_to_move;
                legal = board.legal_moves();
                if legal == 0 {
                    break;
                }
            }
            if board.empty_count() <= params.exact_empties {
                let solution =
                    self.solver
                        .solve(board, params.rules, Scoring::DiscsOnBoard, &Limits::NONE);
                // Without limits the solver always finishes.
                if let Some(s) = solution {
                    labels.push(Label {
                        ply: moves.len() as u32,
                        score: s.score,
                    });
                }
            }
            let sq = if (moves.len() as u64) < random_plies {
                let k = splitmix64(&mut state) % legal.count_ones() as u64;
                Square::iter_bits(legal).nth(k as usize)
            } else {
                let options = Options {
                    eval,
                    exact_empties: 0,
                    temperature: params.temperature,
                    seed: splitmix64(&mut state),
                    selective: false,
                };
                self.ai.analyze(board, params.rules, &limits, &options).best
            };
            // There is a move (`legal` is not empty), whatever the AI says.
            let sq = sq.unwrap_or_else(|| {
                Square::iter_bits(legal)
                    .next()
                    .expect("the side to move has a move")
            });
            moves.push(sq);
            board = board.make_move(sq, board.flips(sq));
            black_to_move = !black_to_move;
        }
        let (black, white) = if black_to_move {
            (board.player, board.opponent)
        } else {
            (board.opponent, board.player)
        };
        GameRecord {
            index,
            opening,
            moves,
            black_score: params.rules.score(black.count_ones(), white.count_ones()),
            labels,
        }
    }
}
