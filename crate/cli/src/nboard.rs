//! `reversi nboard [--inverse] [--time SECONDS]`: the engine side of the NBoard protocol
//! (version 2) on stdin/stdout.
//!
//! Commands: `nboard 2`, `set game <GGF>`, `set depth N`, `set contempt N` (ignored),
//! `move <mv>[/eval/time]`, `hint N`, `go`, `ping N`, `learn`, `analyze`, `quit`. Replies:
//! `set myname reversi`, `=== <mv>/<eval>` (`=== PA` to pass), `search <mv> <eval> 0 <depth>`,
//! `pong N`, `learned`, `analysis <n> <eval>`, and `status ...` lines while thinking. A bad
//! command leaves the state unchanged and is reported on stderr (and as a `status` line).
//!
//! The game is a [`reversi::Game`]: a forced pass is applied by itself, and a written pass
//! (`move PA`, `PA` in a GGF game) is accepted only when the side to move has no move (and
//! only once). Every search is capped: `set depth N` bounds the midgame depth, and each
//! command that thinks (`go`, `hint`, `analyze` for each position) stops after `--time`
//! seconds (default 10) by the native clock; the exact solver runs only for as many empties
//! as that budget allows (and at most 1.5 × N).

use std::io::{BufRead, Write};

use reversi::native_clock;
use reversi::{Ai, Board, Color, Game, Limits, Options, Position, Rules, Square};

use crate::args::Args;

/// The default time cap of one search, in seconds.
pub const DEFAULT_SECONDS: f64 = 10.0;

/// The engine state between commands.
pub struct Engine {
    rules: Rules,
    game: Game,
    /// True while the player who was forced to pass has not written that pass (`move PA`).
    pass_pending: bool,
    depth: u32,
    /// The time cap of one search (all of a `hint`, each position of `analyze`).
    max_time_ms: f64,
    ai: Ai,
}

impl Engine {
    pub fn new(rules: Rules, max_seconds: f64) -> Engine {
        let game = Game::new(rules, Position::standard());
        Engine {
            rules,
            pass_pending: game.last_pass().is_some(),
            game,
            depth: 12,
            max_time_ms: max_seconds * 1000.0,
            ai: Ai::new(32),
        }
    }

    /// The player who must pass now, if the protocol still waits for that pass.
    fn must_pass(&self) -> Option<Color> {
        self.game.last_pass().filter(|_| self.pass_pending)
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
    pub fn handle(&mut self, line: &str, send: &mut dyn FnMut(String)) -> Result<bool, String> {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let mut out = |l: String| send(l);
        match cmd {
            "" => {}
            "nboard" => {
                if rest != "2" {
                    return Err(format!("unsupported protocol version '{rest}' (2)"));
                }
                out("set myname reversi".into());
            }
            "set" => {
                let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match what {
                    "depth" => {
                        self.depth = crate::args::number_in("set depth", value, 1..=60)?;
                    }
                    "game" => {
                        let (game, pass_pending) = parse_ggf(value, self.rules)?;
                        self.game = game;
                        self.pass_pending = pass_pending;
                        self.ai.clear();
                    }
                    "contempt" | "myname" => {}
                    other => return Err(format!("unknown setting '{other}'")),
                }
            }
            "move" => {
                let mv = rest.split('/').next().unwrap_or("").trim();
                self.pass_pending = play(&mut self.game, self.pass_pending, mv, None)?;
            }
            "hint" => {
                let n: usize = crate::args::number_in("hint", rest, 1..=64)?;
                out("status thinking".into());
                for l in self.hints(n) {
                    out(l);
                }
                out("status".into());
            }
            "go" => {
                out("status thinking".into());
                let position = self.game.position();
                if self.must_pass().is_some() || self.game.is_over() {
                    out("=== PA".into());
                } else {
                    let (limits, options) = self.limits(self.max_time_ms);
                    let a = self
                        .ai
                        .analyze(position.board, self.rules, &limits, &options);
                    out(match a.best {
                        Some(sq) => format!("=== {}/{:.2}", sq.to_string().to_uppercase(), a.score),
                        None => "=== PA".into(),
                    });
                }
                out("status".into());
            }
            "ping" => out(format!("pong {rest}")),
            "learn" => out("learned".into()),
            "analyze" => {
                out("status analyzing".into());
                let (limits, options) = self.limits(self.max_time_ms);
                let mut game = self.game.clone();
                for i in (0..=self.game.move_count()).rev() {
                    game.go_to(i);
                    // The position after move i (and any forced pass), scored for its mover.
                    let board = game.position().board;
                    if board.is_game_over() {
                        let s = self
                            .rules
                            .score(board.player.count_ones(), board.opponent.count_ones());
                        out(format!("analysis {i} {s}"));
                        continue;
                    }
                    let a = self.ai.analyze(board, self.rules, &limits, &options);
                    out(format!("analysis {i} {:.2}", a.score));
                }
                out("status".into());
            }
            "quit" => return Ok(false),
            other => return Err(format!("unknown command '{other}'")),
        }
        Ok(true)
    }

    /// `search` lines for the `n` best moves (each searched on its own, sharing the time cap).
    fn hints(&mut self, n: usize) -> Vec<String> {
        let board = self.game.position().board;
        if self.must_pass().is_some() || board.legal_moves() == 0 {
            return vec![format!("search PA 0 0 {}", self.depth)];
        }
        let moves = board.legal_moves().count_ones() as f64;
        let (limits, options) = self.limits(self.max_time_ms / moves);
        let mut scored: Vec<(Square, f32, String)> = Vec::new();
        for sq in Square::iter_bits(board.legal_moves()) {
            let child = board.make_move(sq, board.flips(sq));
            let (score, depth) = child_score(&mut self.ai, child, self.rules, &limits, &options);
            scored.push((sq, score, depth));
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        scored
            .into_iter()
            .take(n)
            .map(|(sq, s, d)| format!("search {} {:.2} 0 {d}", sq.to_string().to_uppercase(), s))
            .collect()
    }
}

/// The score of `child` (opponent to move) for the player who moved there, and the depth as
/// NBoard shows it (`100%` for an exact score).
fn child_score(
    ai: &mut Ai,
    child: Board,
    rules: Rules,
    limits: &Limits,
    options: &Options,
) -> (f32, String) {
    if child.is_game_over() {
        let s = rules.score(child.opponent.count_ones(), child.player.count_ones());
        return (s as f32, "100%".into());
    }
    let (b, sign) = if child.legal_moves() == 0 {
        (child.pass(), 1.0)
    } else {
        (child, -1.0)
    };
    let mut limits = *limits;
    limits.max_depth = limits.max_depth.map(|d| d.saturating_sub(1).max(1));
    let a = ai.analyze(b, rules, &limits, options);
    let depth = if a.exact {
        "100%".to_string()
    } else {
        (a.depth + 1).to_string()
    };
    (sign * a.score, depth)
}

/// Plays `mv` (`f5`, `F5`, or a pass `PA`/`pass`) in `game`, for `color` when given (a GGF
/// `B[..]`/`W[..]`). `pass_pending` says whether the forced pass of the last move is still
/// unwritten; returns the new value. On error `game` is unchanged.
fn play(
    game: &mut Game,
    pass_pending: bool,
    mv: &str,
    color: Option<Color>,
) -> Result<bool, String> {
    if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
        let passer = game.last_pass().filter(|_| pass_pending);
        return match passer {
            Some(p) if color.is_none_or(|c| c == p) => Ok(false),
            _ if game.is_over() => Err("the game is over: there is no pass to make".into()),
            _ => {
                let side = color.unwrap_or(game.position().side);
                Err(format!("{} may not pass: it is not forced to", side.name()))
            }
        };
    }
    let sq: Square = mv.parse().map_err(|e| format!("{e}"))?;
    if let Some(c) = color {
        // A pass may be left out before a move; the mover must still be the side to move.
        if game.to_move().is_some_and(|side| side != c) {
            return Err(format!("{} moves out of turn", c.name()));
        }
    }
    game.play(sq).map_err(|e| e.to_string())?;
    Ok(game.last_pass().is_some())
}

/// Parses a GGF game `(;GM[Othello]...BO[8 <64 cells> <side>]B[f5]W[d6]...;)`: the game from
/// its board through its moves (a pass written `PA` or `pass`, or left out), and whether the
/// last forced pass is still unwritten.
pub fn parse_ggf(text: &str, rules: Rules) -> Result<(Game, bool), String> {
    let text = text.trim();
    let inner = text
        .strip_prefix("(;")
        .and_then(|t| t.strip_suffix(";)"))
        .ok_or("a GGF game starts with '(;' and ends with ';)'")?;
    // Properties NAME[VALUE].
    let mut props = Vec::new();
    let mut rest = inner;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let open = rest.find('[').ok_or("GGF: a property without '['")?;
        let close = rest[open..]
            .find(']')
            .map(|c| c + open)
            .ok_or("GGF: a property without ']'")?;
        props.push((rest[..open].trim(), &rest[open + 1..close]));
        rest = &rest[close + 1..];
    }
    if let Some((_, gm)) = props.iter().find(|(n, _)| *n == "GM") {
        if !gm.eq_ignore_ascii_case("othello") {
            return Err(format!("GGF: game '{gm}' is not Othello"));
        }
    }
    let (_, bo) = props
        .iter()
        .find(|(n, _)| *n == "BO")
        .ok_or("GGF: no board (BO[8 ...])")?;
    let mut words = bo.split_whitespace();
    if words.next() != Some("8") {
        return Err("GGF: only 8x8 boards are supported".into());
    }
    let cells: String = words.collect();
    // The last character is the side to move.
    let cells: Vec<char> = cells.chars().collect();
    if cells.len() != 65 {
        return Err(format!(
            "GGF: BO needs 64 cells and a side to move, found {} characters",
            cells.len()
        ));
    }
    let board: String = cells[..64].iter().collect();
    let side = match cells[64] {
        '*' | 'X' | 'x' | 'B' | 'b' => Color::Black,
        'O' | 'o' | 'W' | 'w' => Color::White,
        c => return Err(format!("GGF: side to move '{c}'")),
    };
    let start = Position::parse(&board, &side.symbol().to_string()).map_err(|e| e.to_string())?;
    let mut game = Game::new(rules, start);
    let mut pass_pending = game.last_pass().is_some();
    for (name, value) in props {
        let color = match name {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        let mv = value.split('/').next().unwrap_or("").trim();
        pass_pending = play(&mut game, pass_pending, mv, Some(color))
            .map_err(|e| format!("GGF move {name}[{value}]: {e}"))?;
    }
    Ok((game, pass_pending))
}

pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let rules = args.rules();
    let seconds = args.number("--time", DEFAULT_SECONDS, 0.01..=86_400.0)?;
    args.positional(0)?;
    let mut engine = Engine::new(rules, seconds);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let mut send = |l: String| {
            // A closed stdout ends the session at the next read; nothing else to do here.
            let _ = writeln!(stdout, "{l}").and_then(|()| stdout.flush());
        };
        match engine.handle(&line, &mut send) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                eprintln!("reversi nboard: {e}");
                writeln!(stdout, "status error: {e}").map_err(|e| e.to_string())?;
            }
        }
        stdout.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5//1.2]W[d6];)";

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn ggf_parses_board_and_moves() {
        let (game, pending) = parse_ggf(START, Rules::Classic).unwrap();
        assert!(!pending);
        assert_eq!(game.start(), Position::standard());
        assert_eq!(game.transcript(), "f5d6");
        let expected = Position::standard()
            .play(sq("f5"))
            .unwrap()
            .play(sq("d6"))
            .unwrap();
        assert_eq!(game.position(), expected);
        assert!(parse_ggf("(;GM[Othello]BO[8 ---];)", Rules::Classic).is_err());
        let standard = "BO[8 ---------------------------O*------*O--------------------------- *]";
        for bad in ["B[f4]", "W[f5]", "B[pa]", "B[f5]W[PA]", "B[z9]"] {
            let ggf = format!("(;GM[Othello]{standard}{bad};)");
            assert!(parse_ggf(&ggf, Rules::Classic).is_err(), "{bad}");
        }
    }

    /// A position where Black, to move, has no move but White has: white a1, black b1.
    fn black_must_pass() -> String {
        format!("(;GM[Othello]BO[8 O*{} *];)", "-".repeat(62))
    }

    #[test]
    fn ggf_passes_written_or_left_out() {
        // Black passes at once; White's c1 is then legal with or without a written pass.
        let ggf = black_must_pass();
        let (game, pending) = parse_ggf(&ggf, Rules::Classic).unwrap();
        assert!(pending);
        assert_eq!(game.position().side, Color::White);
        let written = ggf.replace(";)", "B[PA]W[c1];)");
        let left_out = ggf.replace(";)", "W[c1];)");
        let a = parse_ggf(&written, Rules::Classic).unwrap();
        let b = parse_ggf(&left_out, Rules::Classic).unwrap();
        assert_eq!(a, b);
        assert!(a.0.is_over());
        // Twice the pass, a pass by the wrong side, a pass after the end: errors.
        for bad in ["B[PA]B[PA]", "W[PA]", "B[PA]W[c1]W[PA]"] {
            let ggf = ggf.replace(";)", &format!("{bad};)"));
            assert!(parse_ggf(&ggf, Rules::Classic).is_err(), "{bad}");
        }
    }

    /// The reply lines of one command.
    fn ask(e: &mut Engine, line: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        e.handle(line, &mut |l| lines.push(l))?;
        Ok(lines)
    }

    #[test]
    fn protocol_round_trip() {
        let mut e = Engine::new(Rules::Classic, 5.0);
        assert_eq!(ask(&mut e, "nboard 2").unwrap(), vec!["set myname reversi"]);
        ask(&mut e, "set depth 2").unwrap();
        ask(&mut e, &format!("set game {START}")).unwrap();
        ask(&mut e, "move c3").unwrap();
        let before = e.game.clone();
        assert!(ask(&mut e, "move a1").is_err());
        assert!(ask(&mut e, "move pa").is_err(), "White has moves");
        assert!(ask(&mut e, "set depth 0").is_err());
        assert!(ask(&mut e, "set depth 61").is_err());
        assert_eq!(e.game, before, "errors change nothing");
        assert_eq!(e.depth, 2);
        assert_eq!(e.game.move_count(), 3);
        let reply = ask(&mut e, "go").unwrap();
        assert_eq!(reply.first().map(String::as_str), Some("status thinking"));
        let go = reply.iter().find(|l| l.starts_with("=== ")).unwrap();
        assert!(e.game.is_legal(go[4..6].parse().unwrap()), "{go}");
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
        assert!(!e.handle("quit", &mut |_| {}).unwrap());
    }

    #[test]
    fn go_passes_when_it_must() {
        let mut e = Engine::new(Rules::Inverse, 5.0);
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
