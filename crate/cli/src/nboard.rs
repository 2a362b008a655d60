//! `reversi nboard [--inverse] [--time SECONDS] [--level N | --nodes N]`: the engine side of
//! the NBoard protocol (version 2) on stdin/stdout.
//!
//! Commands: `nboard 2`, `set game <GGF>`, `set depth N`, `set contempt N` (ignored),
//! `move <mv>[/eval/time]`, `hint N`, `go`, `ping N`, `learn`, `analyze`, `quit`. Replies:
//! `set myname reversi`, `=== <mv>/<eval>` (`=== PA` to pass), `search <mv> <eval> 0 <depth>`,
//! `pong N`, `learned`, `analysis <n> <eval>`, and `status ...` lines while thinking. A bad
//! command, a line that is not UTF-8 text included, leaves the state unchanged and is
//! reported on stderr and as a `status error: ...` line (one line, input in it escaped);
//! the engine then reads on. A reply that cannot be written ends the session (see `out`).
//!
//! The game is a [`reversi::GgfGame`] (GGF parsing lives in the engine): a forced pass is
//! applied by itself, and a written pass (`move PA`, `PA` in a GGF game) is accepted only
//! when the side to move has no move (and only once). Every search is capped: `set depth N`
//! bounds the midgame depth, and each command that thinks (`go`, `hint`, `analyze` for each
//! position) stops after `--time` seconds (default 10) by the native clock; the exact solver
//! runs only for as many empties as that budget allows (and at most 1.5 × N). With `--level N`,
//! `go` plays level N instead, on its node budget alone (no clock, `set depth` unused), as
//! `reversi match` plays our levels; with `--nodes N`, it searches N nodes (no clock, no depth
//! cap, exact from as many empties as N allows): two builds can then meet, reproducibly.

use std::io::BufRead;

use reversi::{
    native_clock, Ai, EvalKind, Game, GgfGame, Level, Limits, Options, Position, Rules,
    TableAllocError,
};
use reversi_args::{escape, escape_bytes, number_in, ArgError};

use crate::args::{level, rules, Args};
use crate::out::{self, note, Failure};

/// The default time cap of one search, in seconds.
pub const DEFAULT_SECONDS: f64 = 10.0;

/// Why a command did not complete.
#[derive(Debug)]
pub enum Error {
    /// A bad command: reported, and the engine reads on.
    Command(String),
    /// A reply could not be written: the session ends.
    Output(Failure),
}

impl From<ArgError> for Error {
    fn from(e: ArgError) -> Error {
        Error::Command(e.to_string())
    }
}

/// What `go` spends instead of the time cap and `set depth`.
#[derive(Clone, Copy, Debug)]
enum GoBudget {
    /// A level's budget ([`Ai::play_level`], no clock).
    Level(Level),
    /// A node budget ([`Options::for_limits`]).
    Nodes(u64),
}

/// The engine state between commands.
pub struct Engine {
    rules: Rules,
    /// The game and whether its last forced pass is still unwritten (`move PA`).
    record: GgfGame,
    depth: u32,
    /// The time cap of one search (all of a `hint`, each position of `analyze`).
    max_time_ms: f64,
    /// What `go` plays when not the time and depth: a level or a node budget, no clock.
    go: Option<GoBudget>,
    ai: Ai,
}

impl Engine {
    /// A new engine, or an error when its table cannot be allocated.
    pub fn new(rules: Rules, max_seconds: f64) -> Result<Engine, TableAllocError> {
        Ok(Engine {
            rules,
            record: GgfGame::new(Game::new(rules, Position::standard())),
            depth: 12,
            max_time_ms: max_seconds * 1000.0,
            go: None,
            ai: Ai::try_new(32)?,
        })
    }

    /// The limits of a search of `time_ms` milliseconds.
    fn limits(&self, time_ms: f64) -> (Limits, Options) {
        let limits = Limits {
            max_nodes: None,
            max_time_ms: Some(time_ms),
            max_depth: Some(self.depth),
            clock: Some(native_clock),
        };
        let mut options = Options::for_limits(self.rules, &limits);
        options.exact_empties = options.exact_empties.min(self.depth + self.depth / 2);
        (limits, options)
    }

    /// Handles one command line, sending each reply line to `send` as soon as it is known
    /// (so `status` lines arrive while thinking). `Ok(false)` means quit.
    pub fn handle(
        &mut self,
        line: &str,
        send: &mut dyn FnMut(String) -> Result<(), Failure>,
    ) -> Result<bool, Error> {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let mut out = |l: String| send(l).map_err(Error::Output);
        match cmd {
            "" => {}
            "nboard" => {
                if rest != "2" {
                    return Err(Error::Command(format!(
                        "unsupported protocol version '{}' (2)",
                        escape(rest)
                    )));
                }
                out("set myname reversi".into())?;
            }
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => {
                        self.depth = number_in("set depth", value, 1..=60)?;
                    }
                    "game" => {
                        self.record = GgfGame::parse(value, self.rules)
                            .map_err(|e| Error::Command(e.to_string()))?;
                        self.ai.clear();
                    }
                    "contempt" | "myname" => {}
                    other => {
                        return Err(Error::Command(format!(
                            "unknown setting '{}'",
                            escape(other)
                        )))
                    }
                }
            }
            "move" => {
                let mv = rest.split('/').next().unwrap_or("").trim();
                self.record
                    .play(mv, None)
                    .map_err(|e| Error::Command(e.to_string()))?;
            }
            "hint" => {
                let n: usize = number_in("hint", rest, 1..=64)?;
                out("status thinking".into())?;
                for l in self.hints(n) {
                    out(l)?;
                }
                out("status".into())?;
            }
            "go" => {
                out("status thinking".into())?;
                let position = self.record.game.position();
                if self.record.must_pass().is_some() || self.record.game.is_over() {
                    out("=== PA".into())?;
                } else {
                    let a = match self.go {
                        Some(GoBudget::Level(level)) => {
                            let eval = EvalKind::for_rules(self.rules);
                            self.ai
                                .play_level(position.board, self.rules, level, eval, None, 1)
                        }
                        Some(GoBudget::Nodes(n)) => {
                            let limits = Limits {
                                max_nodes: Some(n),
                                ..Limits::NONE
                            };
                            let options = Options::for_limits(self.rules, &limits);
                            self.ai
                                .analyze(position.board, self.rules, &limits, &options)
                        }
                        None => {
                            let (limits, options) = self.limits(self.max_time_ms);
                            self.ai
                                .analyze(position.board, self.rules, &limits, &options)
                        }
                    };
                    out(match a.best {
                        Some(sq) => format!("=== {}/{:.2}", sq.to_string().to_uppercase(), a.score),
                        None => "=== PA".into(),
                    })?;
                }
                out("status".into())?;
            }
            "ping" => out(format!("pong {}", escape(rest)))?,
            "learn" => out("learned".into())?,
            "analyze" => {
                out("status analyzing".into())?;
                let (limits, options) = self.limits(self.max_time_ms);
                let mut game = self.record.game.clone();
                for i in (0..=self.record.game.move_count()).rev() {
                    game.go_to(i);
                    // The position after move i (and any forced pass), scored for its mover.
                    let board = game.position().board;
                    if board.is_game_over() {
                        let s = self
                            .rules
                            .score(board.player.count_ones(), board.opponent.count_ones());
                        out(format!("analysis {i} {s}"))?;
                        continue;
                    }
                    let a = self.ai.analyze(board, self.rules, &limits, &options);
                    out(format!("analysis {i} {:.2}", a.score))?;
                }
                out("status".into())?;
            }
            "quit" => return Ok(false),
            other => {
                return Err(Error::Command(format!(
                    "unknown command '{}'",
                    escape(other)
                )))
            }
        }
        Ok(true)
    }

    /// `search` lines for the `n` best moves (each searched on its own, sharing the time cap).
    fn hints(&mut self, n: usize) -> Vec<String> {
        let board = self.record.game.position().board;
        if self.record.must_pass().is_some() || board.legal_moves() == 0 {
            return vec![format!("search PA 0 0 {}", self.depth)];
        }
        // Every move scored by one search within the time cap (`Ai::score_moves`, as the
        // page's hints and analysis are).
        let (limits, _) = self.limits(self.max_time_ms);
        self.ai
            .score_moves(board, self.rules, &limits)
            .into_iter()
            .take(n)
            .map(|m| {
                let depth = if m.exact {
                    "100%".to_string()
                } else {
                    m.depth.to_string()
                };
                format!(
                    "search {} {:.2} 0 {depth}",
                    m.square.to_string().to_uppercase(),
                    m.score
                )
            })
            .collect()
    }
}

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let rules = rules(&mut args);
    let seconds = args.number("--time", DEFAULT_SECONDS, 0.01..=86_400.0)?;
    let level = level(&mut args)?;
    let nodes = match args.option("--nodes")? {
        Some(v) => Some(number_in("--nodes", &v, 1u64..=u64::MAX)?),
        None => None,
    };
    args.finish()?;
    let go = match (level, nodes) {
        (Some(_), Some(_)) => return Err("--level and --nodes: give one of them".into()),
        (Some(l), None) => Some(GoBudget::Level(l)),
        (None, Some(n)) => Some(GoBudget::Nodes(n)),
        (None, None) => None,
    };
    let mut engine = Engine::new(rules, seconds).map_err(|e| e.to_string())?;
    engine.go = go;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(format!("reading stdin: {e}").into()),
        }
        let result = match std::str::from_utf8(&bytes) {
            Ok(line) => engine.handle(line, &mut |l| out::line(l)),
            Err(e) => Err(Error::Command(format!(
                "the line is not UTF-8 text (byte {} is invalid): '{}'",
                e.valid_up_to() + 1,
                escape_bytes(bytes.trim_ascii())
            ))),
        };
        match result {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(Error::Command(e)) => {
                // Input in the message is escaped: one line, which cannot pass for a reply.
                let e = escape(&e);
                note(format_args!("reversi nboard: {e}"));
                out::line(format_args!("status error: {e}"))?;
            }
            Err(Error::Output(failure)) => return Err(failure),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5//1.2]W[d6];)";

    /// A position where Black, to move, has no move but White has: white a1, black b1.
    fn black_must_pass() -> String {
        format!("(;GM[Othello]BO[8 O*{} *];)", "-".repeat(62))
    }

    /// The reply lines of one command.
    fn ask(e: &mut Engine, line: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        let mut send = |l| {
            lines.push(l);
            Ok(())
        };
        match e.handle(line, &mut send) {
            Ok(_) => Ok(lines),
            Err(Error::Command(message)) => Err(message),
            Err(Error::Output(f)) => panic!("{line}: {f:?}"),
        }
    }

    #[test]
    fn protocol_round_trip() {
        let mut e = Engine::new(Rules::Classic, 5.0).unwrap();
        assert_eq!(ask(&mut e, "nboard 2").unwrap(), vec!["set myname reversi"]);
        ask(&mut e, "set depth 2").unwrap();
        ask(&mut e, &format!("set game {START}")).unwrap();
        ask(&mut e, "move c3").unwrap();
        let before = e.record.game.clone();
        assert!(ask(&mut e, "move a1").is_err());
        assert!(ask(&mut e, "move pa").is_err(), "White has moves");
        assert!(ask(&mut e, "set depth 0").is_err());
        assert!(ask(&mut e, "set depth 61").is_err());
        assert_eq!(e.record.game, before, "errors change nothing");
        assert_eq!(e.depth, 2);
        assert_eq!(e.record.game.move_count(), 3);
        let reply = ask(&mut e, "go").unwrap();
        assert_eq!(reply.first().map(String::as_str), Some("status thinking"));
        let go = reply.iter().find(|l| l.starts_with("=== ")).unwrap();
        assert!(e.record.game.is_legal(go[4..6].parse().unwrap()), "{go}");
        let hints = ask(&mut e, "hint 3").unwrap();
        assert_eq!(hints.iter().filter(|l| l.starts_with("search ")).count(), 3);
        assert_eq!(ask(&mut e, "ping 7").unwrap(), vec!["pong 7"]);
        let analysis = ask(&mut e, "analyze").unwrap();
        assert_eq!(
            analysis
                .iter()
                .filter(|l| l.starts_with("analysis "))
                .count(),
            4
        );
        assert!(!e.handle("quit", &mut |_| Ok(())).unwrap());
    }

    #[test]
    fn with_a_level_or_nodes_go_plays_that_budget() {
        for rules in [Rules::Classic, Rules::Inverse] {
            let mut e = Engine::new(rules, 5.0).unwrap();
            e.go = Level::new(3).map(GoBudget::Level);
            ask(&mut e, &format!("set game {START}")).unwrap();
            let board = e.record.game.position().board;
            let eval = EvalKind::for_rules(rules);
            let level = Level::new(3).unwrap();
            let a = Ai::new(1).play_level(board, rules, level, eval, None, 1);
            let want = format!(
                "=== {}/{:.2}",
                a.best.unwrap().to_string().to_uppercase(),
                a.score
            );
            assert!(
                ask(&mut e, "go").unwrap().contains(&want),
                "{}",
                rules.name()
            );
        }
    }

    #[test]
    fn go_passes_when_it_must() {
        let mut e = Engine::new(Rules::Inverse, 5.0).unwrap();
        ask(&mut e, &format!("set game {}", black_must_pass())).unwrap();
        assert!(ask(&mut e, "go").unwrap().contains(&"=== PA".to_string()));
        ask(&mut e, "move pa").unwrap();
        assert!(
            ask(&mut e, "move pa").is_err(),
            "White has a move and may not pass"
        );
        let go = ask(&mut e, "go").unwrap();
        // c1 takes b1: White 3 discs, Black none, which loses the inverse game by 3.
        assert!(go.contains(&"=== C1/-3.00".to_string()), "{go:?}");
        ask(&mut e, "move c1").unwrap();
        let err = ask(&mut e, "move pa").unwrap_err();
        assert!(err.contains("over"), "{err}");
    }
}
