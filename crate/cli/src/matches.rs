//! `reversi match`: plays pairs of games between two AI players from varied openings (each
//! opening once with each colour) and prints the result of player A.
//!
//! A player is `SPEC[:SPEC...]` where each part is a level `1`..`10`, `dN` (fixed depth N, no
//! noise), `nN` (node budget N), `eN` (solve exactly from N empties), or an evaluation name
//! (`classic`, `inverse`, `negated`). Examples: `5`, `6:negated`, `d4:inverse`, `d8:n50000`.

use reversi::{
    random_openings, Ai, Analysis, Board, EvalKind, Level, Limits, Options, Position, Rules,
    TableAllocError,
};

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::args::{escape, rules, Args, MAX_TT_MB};
use crate::out::{self, note, Failure};

/// One side of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub level: Option<Level>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub exact_empties: Option<u32>,
    pub eval: Option<EvalKind>,
}

impl Player {
    /// Parses a player spec (see the module documentation).
    pub fn parse(spec: &str) -> Result<Player, String> {
        let shown = escape(spec);
        let mut p = Player {
            level: None,
            depth: None,
            nodes: None,
            exact_empties: None,
            eval: None,
        };
        for part in spec.split(':') {
            let number = |s: &str| -> Result<u64, String> {
                s.parse::<u64>()
                    .map_err(|_| format!("player '{shown}': '{}' is not a number", escape(part)))
            };
            if let Some(kind) = EvalKind::parse(part) {
                p.eval = Some(kind);
            } else if let Some(n) = part.strip_prefix('d') {
                p.depth = Some(number(n)?.clamp(1, 64) as u32);
            } else if let Some(n) = part.strip_prefix('n') {
                p.nodes = Some(number(n)?.max(1));
            } else if let Some(n) = part.strip_prefix('e') {
                p.exact_empties = Some(number(n)?.min(64) as u32);
            } else {
                let n = number(part)?;
                p.level = Some(u8::try_from(n).ok().and_then(Level::new).ok_or_else(|| {
                    format!(
                        "player '{shown}': level {n} is not in {}..={}",
                        Level::MIN.get(),
                        Level::MAX.get()
                    )
                })?);
            }
        }
        if p.level.is_none() && p.depth.is_none() && p.nodes.is_none() {
            return Err(format!(
                "player '{shown}' needs a level, a depth (dN) or a node budget (nN)"
            ));
        }
        Ok(p)
    }

    /// Searches `board` and returns the analysis of this player's move.
    pub fn think(&self, ai: &mut Ai, board: Board, rules: Rules, seed: u64) -> Analysis {
        let eval = self.eval.unwrap_or(EvalKind::for_rules(rules));
        let spec = self.level.map(Level::spec);
        let limits = Limits {
            max_nodes: self.nodes.or(spec.map(|s| s.nodes)),
            max_time_ms: None,
            max_depth: self.depth.or(spec.map(|s| s.depth)),
            clock: None,
        };
        let options = Options {
            eval,
            exact_empties: self
                .exact_empties
                .or(spec.map(|s| s.exact_empties))
                .unwrap_or(0),
            temperature: if self.depth.is_some() || self.nodes.is_some() {
                0.0
            } else {
                spec.map_or(0.0, |s| s.temperature)
            },
            seed,
        };
        ai.analyze(board, rules, &limits, &options)
    }
}

/// Plays one game from `start`; returns (discs of the first player, discs of the second).
/// The side to move at `start` is played by `first`.
fn play_game(
    start: Position,
    rules: Rules,
    first: (&Player, &mut Ai),
    second: (&Player, &mut Ai),
    seed: u64,
) -> (u32, u32) {
    let (p1, ai1) = first;
    let (p2, ai2) = second;
    ai1.clear();
    ai2.clear();
    let mut board = start.board;
    let mut first_to_move = true;
    let mut ply = 0u64;
    while !board.is_game_over() {
        if board.legal_moves() == 0 {
            board = board.pass();
            first_to_move = !first_to_move;
            continue;
        }
        let game_seed = seed ^ ply.wrapping_mul(0x2545_f491_4f6c_dd1d);
        let analysis = if first_to_move {
            p1.think(ai1, board, rules, game_seed)
        } else {
            p2.think(ai2, board, rules, game_seed)
        };
        let Some(sq) = analysis.best else {
            unreachable!("a search with legal moves returns one")
        };
        board = board.make_move(sq, board.flips(sq));
        first_to_move = !first_to_move;
        ply += 1;
    }
    let (mover, other) = (board.player.count_ones(), board.opponent.count_ones());
    if first_to_move {
        (mover, other)
    } else {
        (other, mover)
    }
}

/// The two players of a match and what every game shares.
struct Match<'a> {
    a: &'a Player,
    b: &'a Player,
    rules: Rules,
    starts: &'a [Position],
    seed: u64,
    quiet: bool,
}

impl Match<'_> {
    /// Plays game `g` (0-based: opening `g / 2`, A moving first when `g` is even) with the
    /// given tables; returns (A's discs, B's discs).
    fn play(&self, g: usize, ai_a: &mut Ai, ai_b: &mut Ai) -> (u32, u32) {
        let (i, a_first) = (g / 2, g.is_multiple_of(2));
        let start = self.starts[i];
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i as u64) << 1 ^ a_first as u64;
        let (a_discs, b_discs) = if a_first {
            play_game(start, self.rules, (self.a, ai_a), (self.b, ai_b), seed)
        } else {
            let (bd, ad) = play_game(start, self.rules, (self.b, ai_b), (self.a, ai_a), seed);
            (ad, bd)
        };
        if !self.quiet {
            note(format_args!(
                "game {}: opening {} A plays {}: A {a_discs} B {b_discs}",
                g + 1,
                i + 1,
                if a_first == (start.side == reversi::Color::Black) {
                    "black"
                } else {
                    "white"
                }
            ));
        }
        (a_discs, b_discs)
    }
}

/// A's results over some games.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    margin: i64,
}

impl Tally {
    fn add(&mut self, score: i32) {
        match score.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.margin += score as i64;
    }

    fn merge(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.margin += other.margin;
    }
}

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let rules = rules(&mut args);
    let quiet = args.flag("--quiet");
    let a = Player::parse(&args.option("--a")?.unwrap_or_else(|| "5".into()))?;
    let b = Player::parse(&args.option("--b")?.unwrap_or_else(|| "4".into()))?;
    let games = args.number("--games", 200usize, 1..=1_000_000)?;
    let plies = args.number("--plies", 6u32, 0..=60)?;
    let seed = args.number("--seed", 1u64, 0..=u64::MAX)?;
    let tt = args.number("--tt", 16usize, 1..=MAX_TT_MB)?;
    let threads = args.number("--threads", 1usize, 1..=256)?;
    // Games are numbered from 1; `--from` plays the tail of a match, so one match can be
    // split over machines (or resumed) and the parts' tallies added.
    let from = args.number("--from", 1usize, 1..=games)?;
    let played = games - from + 1;
    args.finish()?;
    let starts = random_openings(games.div_ceil(2), plies, seed);
    let m = Match {
        a: &a,
        b: &b,
        rules,
        starts: &starts,
        seed,
        quiet,
    };
    // Threads take the next game until none is left. Every game starts from cleared tables
    // and the tally is a sum, so the result does not depend on the number of threads.
    let next = AtomicUsize::new(from - 1);
    // Each thread's two tables, allocated before any game: one that cannot be is an error.
    let tables = (0..threads.min(played))
        .map(|_| Ok((Ai::try_new(tt)?, Ai::try_new(tt)?)))
        .collect::<Result<Vec<_>, TableAllocError>>()
        .map_err(|e| format!("--tt {tt}: {e}"))?;
    let mut tally = Tally::default();
    std::thread::scope(|scope| {
        let (next, m) = (&next, &m);
        let workers: Vec<_> = tables
            .into_iter()
            .map(|(mut ai_a, mut ai_b)| {
                scope.spawn(move || {
                    let mut t = Tally::default();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= games {
                            return t;
                        }
                        let (a_discs, b_discs) = m.play(g, &mut ai_a, &mut ai_b);
                        t.add(rules.score(a_discs, b_discs));
                    }
                })
            })
            .collect();
        for w in workers {
            // A panic in a game is a bug: let it end the command.
            tally.merge(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
    });
    let n = played as f64;
    let part = if from > 1 {
        format!(", games {from} to {games}")
    } else {
        String::new()
    };
    out::line(format_args!(
        "{} game, {played} games ({} openings of {plies} plies, both colours{part})",
        rules.name(),
        starts.len()
    ))?;
    out::line(format_args!(
        "A wins {}, draws {}, losses {}; mean disc margin {:+.2}; score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.margin as f64 / n,
        (tally.wins as f64 + tally.draws as f64 / 2.0) / n * 100.0
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs() {
        let p = Player::parse("6:negated").unwrap();
        assert_eq!(p.level, Level::new(6));
        assert_eq!(p.eval, Some(EvalKind::NegatedClassic));
        let p = Player::parse("d4:n1000:e8").unwrap();
        assert_eq!(
            (p.depth, p.nodes, p.exact_empties),
            (Some(4), Some(1000), Some(8))
        );
        assert!(Player::parse("11").is_err());
        assert!(Player::parse("inverse").is_err());
        assert!(Player::parse("dx").is_err());
    }
}
