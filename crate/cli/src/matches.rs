//! `reversi match`: plays pairs of games between two AI players from varied openings (each
//! opening once with each colour) and prints the result of player A.
//!
//! A player is `SPEC[:SPEC...]` where each part is a level `1`..`10`, `dN` (fixed depth N, no
//! noise), `nN` (node budget N), `tN` (N ms a move, by the clock: no longer reproducible),
//! `eN` (solve exactly from N empties, by default as many as the budget allows), `wide` (no
//! Multi-ProbCut: a full-width search), or an evaluation name
//! (`classic`, `inverse`, `negated`). Examples: `5`, `6:negated`, `d4:inverse`, `d8:n50000`.
//!
//! A player may also be any engine that speaks NBoard: `nboard:CMD`, where CMD is its command
//! line (see [`CommandLine`] for the quoting), searching to `--nboard-depth` (`set depth`),
//! each move within `--nboard-timeout` seconds (see [`crate::nboard_client`] for the exchange).
//! Nothing tells it the rules: in an `--inverse` match it must play the inverse game by itself
//! (our own engine as `reversi nboard --inverse`). A game that an engine cannot finish (an
//! illegal or malformed reply, no reply in time, an engine that has exited) is lost by it,
//! forfeited with all the discs to the other player, and the match goes on; an engine that
//! cannot be started at all ends the match with an error.

use reversi::{
    native_clock, Ai, Analysis, Board, Clock, EvalKind, Level, Limits, Options, Position, Rules,
    Square, TableAllocError,
};

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crate::args::{escape, rules, Args, MAX_TT_MB};
use crate::match_openings;
use crate::nboard_client::{Client, CommandLine, Fault, Settings};
use crate::out::{self, note, Failure};

/// One side of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub level: Option<Level>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Milliseconds a move (the machine's clock: results then depend on its speed).
    pub time_ms: Option<u64>,
    pub exact_empties: Option<u32>,
    pub eval: Option<EvalKind>,
    /// Multi-ProbCut on (the default; `wide` turns it off).
    pub selective: bool,
}

impl Player {
    /// Parses a player spec (see the module documentation).
    pub fn parse(spec: &str) -> Result<Player, String> {
        let shown = escape(spec);
        let mut p = Player {
            level: None,
            depth: None,
            nodes: None,
            time_ms: None,
            exact_empties: None,
            eval: None,
            selective: true,
        };
        for part in spec.split(':') {
            let number = |s: &str| -> Result<u64, String> {
                s.parse::<u64>()
                    .map_err(|_| format!("player '{shown}': '{}' is not a number", escape(part)))
            };
            if let Some(kind) = EvalKind::parse(part) {
                p.eval = Some(kind);
            } else if part == "wide" {
                p.selective = false;
            } else if let Some(n) = part.strip_prefix('d') {
                p.depth = Some(number(n)?.clamp(1, 64) as u32);
            } else if let Some(n) = part.strip_prefix('n') {
                p.nodes = Some(number(n)?.max(1));
            } else if let Some(n) = part.strip_prefix('t') {
                p.time_ms = Some(number(n)?.clamp(1, 3_600_000));
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
        if p.level.is_none() && p.depth.is_none() && p.nodes.is_none() && p.time_ms.is_none() {
            return Err(format!(
                "player '{shown}' needs a level, a depth (dN), a node budget (nN) or a time (tN)"
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
            max_time_ms: self.time_ms.map(|ms| ms as f64),
            max_depth: self.depth.or(spec.map(|s| s.depth)),
            clock: self.time_ms.map(|_| native_clock as Clock),
        };
        // A time budget alone solves from as many empties as that time allows.
        let by_time = self
            .time_ms
            .map(|_| Options::for_limits(rules, &limits).exact_empties);
        let options = Options {
            eval,
            exact_empties: self
                .exact_empties
                .or(spec.map(|s| s.exact_empties))
                .or(by_time)
                .unwrap_or(0),
            temperature: if self.depth.is_some() || self.nodes.is_some() || self.time_ms.is_some() {
                0.0
            } else {
                spec.map_or(0.0, |s| s.temperature)
            },
            seed,
            selective: self.selective,
        };
        ai.analyze(board, rules, &limits, &options)
    }
}

/// One side of a match: our own AI, or an engine speaking NBoard.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    Ai(Player),
    Nboard(CommandLine),
}

impl Side {
    /// `nboard:CMD`, or a player spec (see the module documentation).
    pub fn parse(spec: &str) -> Result<Side, String> {
        match spec.strip_prefix("nboard:") {
            Some(command) => CommandLine::parse(command).map(Side::Nboard),
            None => Player::parse(spec).map(Side::Ai),
        }
    }
}

/// A side as it plays the games of one thread: with its search table, or its engine process.
enum Seat<'a> {
    Ai(&'a Player, Ai),
    Nboard(Client),
}

impl<'a> Seat<'a> {
    fn new(side: &'a Side, tt: usize, settings: Settings) -> Result<Seat<'a>, TableAllocError> {
        Ok(match side {
            Side::Ai(player) => Seat::Ai(player, Ai::try_new(tt)?),
            Side::Nboard(command) => Seat::Nboard(Client::new(command.clone(), settings)),
        })
    }

    /// Gets ready for a game from `start`.
    fn start(&mut self, start: Position) -> Result<(), Fault> {
        match self {
            Seat::Ai(_, ai) => {
                ai.clear();
                Ok(())
            }
            Seat::Nboard(client) => client.new_game(start),
        }
    }

    /// Learns the move just played, by either side (`None`: a pass).
    fn tell(&mut self, mv: Option<Square>) -> Result<(), Fault> {
        match self {
            Seat::Ai(..) => Ok(()),
            Seat::Nboard(client) => client.tell(mv),
        }
    }

    /// The move to play on `board`, where the side to move has one.
    fn choose(&mut self, board: Board, rules: Rules, seed: u64) -> Result<Square, Fault> {
        match self {
            Seat::Ai(player, ai) => {
                let Some(sq) = player.think(ai, board, rules, seed).best else {
                    unreachable!("a search with legal moves returns one")
                };
                Ok(sq)
            }
            Seat::Nboard(client) => client.choose(board),
        }
    }
}

/// A game that a player could not finish: which (0 the first, 1 the second), and why.
struct Forfeit {
    by: usize,
    fault: Fault,
}

/// Plays one game from `start`; returns (discs of the first player, discs of the second).
/// The side to move at `start` is played by `seats[0]`.
fn play_game(
    start: Position,
    rules: Rules,
    mut seats: [&mut Seat; 2],
    seed: u64,
) -> Result<(u32, u32), Forfeit> {
    for (by, seat) in seats.iter_mut().enumerate() {
        seat.start(start).map_err(|fault| Forfeit { by, fault })?;
    }
    let mut board = start.board;
    let mut mover = 0;
    let mut ply = 0u64;
    while !board.is_game_over() {
        let mv = if board.legal_moves() == 0 {
            board = board.pass();
            None
        } else {
            let game_seed = seed ^ ply.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let sq = seats[mover]
                .choose(board, rules, game_seed)
                .map_err(|fault| Forfeit { by: mover, fault })?;
            board = board.make_move(sq, board.flips(sq));
            ply += 1;
            Some(sq)
        };
        for (by, seat) in seats.iter_mut().enumerate() {
            seat.tell(mv).map_err(|fault| Forfeit { by, fault })?;
        }
        mover = 1 - mover;
    }
    let (own, other) = (board.player.count_ones(), board.opponent.count_ones());
    if mover == 0 {
        Ok((own, other))
    } else {
        Ok((other, own))
    }
}

/// The two players of a match and what every game shares.
struct Match<'a> {
    a: &'a Side,
    b: &'a Side,
    rules: Rules,
    starts: &'a [Position],
    seed: u64,
    quiet: bool,
}

/// One game's result: A's and B's discs, and who forfeited it (0 A, 1 B), if anyone did.
struct GameResult {
    a: u32,
    b: u32,
    forfeit: Option<usize>,
}

impl Match<'_> {
    /// Plays game `g` (0-based: opening `g / 2`, A moving first when `g` is even) with the
    /// given seats. An engine that cannot be started is an error, which ends the match.
    fn play<'s>(&self, g: usize, a: &mut Seat<'s>, b: &mut Seat<'s>) -> Result<GameResult, String> {
        let (i, a_first) = (g / 2, g.is_multiple_of(2));
        let start = self.starts[i];
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i as u64) << 1 ^ a_first as u64;
        let outcome = if a_first {
            play_game(start, self.rules, [a, b], seed)
        } else {
            play_game(start, self.rules, [b, a], seed)
                .map(|(bd, ad)| (ad, bd))
                .map_err(|f| Forfeit {
                    by: 1 - f.by,
                    fault: f.fault,
                })
        };
        let result = match outcome {
            Ok((a, b)) => GameResult {
                a,
                b,
                forfeit: None,
            },
            Err(Forfeit { by, fault }) => {
                let who = self.name(by);
                if let Fault::Spawn(_) = fault {
                    return Err(format!("{who}: {fault}"));
                }
                note(format_args!(
                    "reversi match: game {}: {who} forfeits: {fault}",
                    g + 1
                ));
                // The winner takes every disc: the most it can win by, in either game.
                let (won, lost) = match self.rules {
                    Rules::Classic => (64, 0),
                    Rules::Inverse => (0, 64),
                };
                let (a, b) = if by == 0 { (lost, won) } else { (won, lost) };
                GameResult {
                    a,
                    b,
                    forfeit: Some(by),
                }
            }
        };
        if !self.quiet {
            let forfeit = match result.forfeit {
                Some(0) => " (A forfeits)",
                Some(_) => " (B forfeits)",
                None => "",
            };
            note(format_args!(
                "game {}: opening {} A plays {}: A {} B {}{forfeit}",
                g + 1,
                i + 1,
                if a_first == (start.side == reversi::Color::Black) {
                    "black"
                } else {
                    "white"
                },
                result.a,
                result.b
            ));
        }
        Ok(result)
    }

    /// Player `by` (0 A, 1 B) as named in messages.
    fn name(&self, by: usize) -> String {
        let (letter, side) = if by == 0 {
            ("A", self.a)
        } else {
            ("B", self.b)
        };
        match side {
            Side::Nboard(command) => {
                format!("{letter} (nboard engine '{}')", escape(&command.text))
            }
            Side::Ai(_) => letter.to_string(),
        }
    }
}

/// A's results over some games.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    margin: i64,
    /// Games forfeited by A and by B.
    forfeits: [u32; 2],
}

impl Tally {
    fn add(&mut self, score: i32, forfeit: Option<usize>) {
        match score.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
        self.margin += score as i64;
        if let Some(by) = forfeit {
            self.forfeits[by] += 1;
        }
    }

    fn merge(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.margin += other.margin;
        self.forfeits[0] += other.forfeits[0];
        self.forfeits[1] += other.forfeits[1];
    }
}

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let rules = rules(&mut args);
    let quiet = args.flag("--quiet");
    let a = Side::parse(&args.option("--a")?.unwrap_or_else(|| "5".into()))?;
    let b = Side::parse(&args.option("--b")?.unwrap_or_else(|| "4".into()))?;
    let games = args.number("--games", 200usize, 1..=1_000_000)?;
    let plies = args.option("--plies")?;
    let openings = args.option("--openings")?;
    let seed = args.number("--seed", 1u64, 0..=u64::MAX)?;
    let tt = args.number("--tt", 16usize, 1..=MAX_TT_MB)?;
    let threads = args.number("--threads", 1usize, 1..=256)?;
    // Games are numbered from 1; `--from` plays the tail of a match, so one match can be
    // split over machines (or resumed) and the parts' tallies added.
    let from = args.number("--from", 1usize, 1..=games)?;
    let settings = Settings {
        depth: args.number("--nboard-depth", 8u32, 1..=60)?,
        timeout: Duration::from_secs_f64(args.number(
            "--nboard-timeout",
            60.0f64,
            0.01..=86_400.0,
        )?),
    };
    let played = games - from + 1;
    args.finish()?;
    let (starts, described) = match_openings::starts(openings, plies, games, seed)?;
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
    // Set when an engine cannot be started: the other threads stop too.
    let stop = AtomicBool::new(false);
    // Each thread's two seats, their tables allocated before any game (one that cannot be is
    // an error); an NBoard engine is started for the thread's first game.
    let seats = (0..threads.min(played))
        .map(|_| Ok((Seat::new(&a, tt, settings)?, Seat::new(&b, tt, settings)?)))
        .collect::<Result<Vec<_>, TableAllocError>>()
        .map_err(|e| format!("--tt {tt}: {e}"))?;
    let mut tally = Tally::default();
    let mut error = None;
    std::thread::scope(|scope| {
        let (next, stop, m) = (&next, &stop, &m);
        let workers: Vec<_> = seats
            .into_iter()
            .map(|(mut seat_a, mut seat_b)| {
                scope.spawn(move || {
                    let mut t = Tally::default();
                    while !stop.load(Ordering::Relaxed) {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= games {
                            break;
                        }
                        match m.play(g, &mut seat_a, &mut seat_b) {
                            Ok(r) => t.add(rules.score(r.a, r.b), r.forfeit),
                            Err(e) => {
                                stop.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                    }
                    Ok(t)
                })
            })
            .collect();
        for w in workers {
            // A panic in a game is a bug: let it end the command.
            match w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                Ok(t) => tally.merge(t),
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = error {
        return Err(e.into());
    }
    let n = played as f64;
    let part = if from > 1 {
        format!(", games {from} to {games}")
    } else {
        String::new()
    };
    out::line(format_args!(
        "{} game, {played} games ({} openings {described}, both colours{part})",
        rules.name(),
        starts.len()
    ))?;
    // Forfeits are counted at the end of the line, only when there are any: without them
    // the line is what it always was (scripts read it).
    let forfeits = match tally.forfeits {
        [0, 0] => String::new(),
        [fa, fb] => format!("; forfeits A {fa}, B {fb}"),
    };
    out::line(format_args!(
        "A wins {}, draws {}, losses {}; mean disc margin {:+.2}; score {:.1}%{forfeits}",
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
        assert!(p.selective && p.time_ms.is_none());
        let p = Player::parse("t250:wide").unwrap();
        assert_eq!((p.time_ms, p.selective), (Some(250), false));
        assert!(Player::parse("wide").is_err());
        assert!(Player::parse("t").is_err());
        assert!(Player::parse("11").is_err());
        assert!(Player::parse("inverse").is_err());
        assert!(Player::parse("dx").is_err());
    }
}
