//! `reversi nboard`: the engine side of the NBoard protocol (version 2) on stdin/stdout.
//!
//! Commands: `nboard 2`, `set game <GGF>`, `set depth N`, `set contempt N` (ignored),
//! `move <mv>[/eval/time]`, `hint N`, `go`, `ping N`, `learn`, `analyze`, `quit`. Replies:
//! `set myname reversi`, `=== <mv>/<eval>` (`=== PA` to pass), `search <mv> <eval> 0 <depth>`,
//! `pong N`, `learned`, `analysis <n> <eval>`, and `status ...` lines while thinking. A bad
//! command leaves the state unchanged and is reported on stderr (and as a `status` line).

use std::io::{BufRead, Write};

use reversi::{Ai, Board, Color, EvalKind, Limits, Options, Position, Rules, Square};

use crate::args::Args;

/// The engine state between commands.
pub struct Engine {
    rules: Rules,
    /// The game: its start and the positions after each move (passes included).
    positions: Vec<Position>,
    depth: u32,
    ai: Ai,
}

impl Engine {
    pub fn new(rules: Rules) -> Engine {
        Engine {
            rules,
            positions: vec![Position::standard()],
            depth: 12,
            ai: Ai::new(32),
        }
    }

    fn current(&self) -> Position {
        *self.positions.last().unwrap_or(&Position::standard())
    }

    fn limits(&self) -> (Limits, Options) {
        let limits = Limits {
            max_nodes: None,
            max_time_ms: None,
            max_depth: Some(self.depth),
            clock: None,
        };
        let options = Options {
            eval: EvalKind::for_rules(self.rules),
            exact_empties: (self.depth + self.depth / 2).min(24),
            temperature: 0.0,
            seed: 0,
        };
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
                        let d: u32 = value
                            .trim()
                            .parse()
                            .ok()
                            .filter(|d| (1..=60).contains(d))
                            .ok_or_else(|| format!("set depth: '{value}' is not 1..60"))?;
                        self.depth = d;
                    }
                    "game" => {
                        self.positions = parse_ggf(value)?;
                        self.ai.clear();
                    }
                    "contempt" | "myname" => {}
                    other => return Err(format!("unknown setting '{other}'")),
                }
            }
            "move" => {
                let mv = rest.split('/').next().unwrap_or("").trim();
                let next = apply_move(self.current(), mv)?;
                self.positions.push(next);
            }
            "hint" => {
                let n: usize = rest
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("hint: '{rest}' is not a positive count"))?;
                out("status thinking".into());
                for l in self.hints(n) {
                    out(l);
                }
                out("status".into());
            }
            "go" => {
                let pos = self.current();
                let (limits, options) = self.limits();
                out("status thinking".into());
                let a = self.ai.analyze(pos.board, self.rules, &limits, &options);
                out(match a.best {
                    Some(sq) => format!("=== {}/{:.2}", sq.to_string().to_uppercase(), a.score),
                    None => "=== PA".into(),
                });
                out("status".into());
            }
            "ping" => out(format!("pong {rest}")),
            "learn" => out("learned".into()),
            "analyze" => {
                out("status analyzing".into());
                let (limits, options) = self.limits();
                for (i, pos) in self.positions.iter().enumerate().rev() {
                    let board = pos.board;
                    if board.is_game_over() {
                        let s = self
                            .rules
                            .score(board.player.count_ones(), board.opponent.count_ones());
                        out(format!("analysis {i} {s}"));
                        continue;
                    }
                    let (b, sign) = if board.moves() == 0 {
                        (board.pass(), -1.0)
                    } else {
                        (board, 1.0)
                    };
                    let a = self.ai.analyze(b, self.rules, &limits, &options);
                    out(format!("analysis {i} {:.2}", sign * a.score));
                }
                out("status".into());
            }
            "quit" => return Ok(false),
            other => return Err(format!("unknown command '{other}'")),
        }
        Ok(true)
    }

    /// `search` lines for the `n` best moves (each searched on its own).
    fn hints(&mut self, n: usize) -> Vec<String> {
        let pos = self.current();
        let board = pos.board;
        if board.moves() == 0 {
            return vec![format!("search PA 0 0 {}", self.depth)];
        }
        let (limits, options) = self.limits();
        let mut scored: Vec<(Square, f32, String)> = Vec::new();
        for sq in Square::iter_bits(board.moves()) {
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
    let (b, sign) = if child.moves() == 0 {
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

/// Plays `mv` (`f5`, `F5`, `PA`/`pass`) on `pos`.
fn apply_move(pos: Position, mv: &str) -> Result<Position, String> {
    if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
        if pos.board.moves() != 0 {
            return Err(format!("{} may not pass: it has moves", pos.side.name()));
        }
        return Ok(pos.pass());
    }
    let sq: Square = mv.parse().map_err(|e| format!("{e}"))?;
    pos.play(sq).map_err(|e| e.to_string())
}

/// Parses a GGF game `(;GM[Othello]...BO[8 <64 cells> <side>]B[f5]W[d6]...;)`: the start
/// position and the positions after each move.
pub fn parse_ggf(text: &str) -> Result<Vec<Position>, String> {
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
    let mut positions = vec![start];
    for (name, value) in props {
        let color = match name {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        let mut pos = *positions.last().unwrap_or(&start);
        let mv = value.split('/').next().unwrap_or("").trim();
        if pos.side != color {
            // The other side must have passed (GGF may leave the pass out).
            if pos.board.moves() != 0 {
                return Err(format!("GGF: {} moves out of turn", color.name()));
            }
            pos = pos.pass();
            positions.push(pos);
        }
        let next = apply_move(pos, mv).map_err(|e| format!("GGF move {name}[{value}]: {e}"))?;
        positions.push(next);
    }
    Ok(positions)
}

pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let rules = if args.flag("--inverse") {
        Rules::Inverse
    } else {
        Rules::Classic
    };
    args.positional(0)?;
    let mut engine = Engine::new(rules);
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

    #[test]
    fn ggf_parses_board_and_moves() {
        let ps = parse_ggf(START).unwrap();
        assert_eq!(ps.len(), 3);
        assert_eq!(ps[0], Position::standard());
        let expected = Position::standard()
            .play("f5".parse().unwrap())
            .unwrap()
            .play("d6".parse().unwrap())
            .unwrap();
        assert_eq!(ps[2], expected);
        assert!(parse_ggf("(;GM[Othello]BO[8 ---];)").is_err());
        assert!(parse_ggf("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f4];)").is_err());
    }

    /// The reply lines of one command.
    fn ask(e: &mut Engine, line: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        e.handle(line, &mut |l| lines.push(l))?;
        Ok(lines)
    }

    #[test]
    fn protocol_round_trip() {
        let mut e = Engine::new(Rules::Classic);
        assert_eq!(ask(&mut e, "nboard 2").unwrap(), vec!["set myname reversi"]);
        ask(&mut e, "set depth 2").unwrap();
        ask(&mut e, &format!("set game {START}")).unwrap();
        ask(&mut e, "move c3").unwrap();
        assert!(ask(&mut e, "move a1").is_err());
        assert!(ask(&mut e, "set depth 0").is_err());
        assert_eq!(e.positions.len(), 4);
        let reply = ask(&mut e, "go").unwrap();
        assert_eq!(reply.first().map(String::as_str), Some("status thinking"));
        let go = reply.iter().find(|l| l.starts_with("=== ")).unwrap();
        let mv: Square = go[4..6].parse().unwrap();
        assert!(e.current().board.moves() & mv.bit() != 0);
        let hints = ask(&mut e, "hint 3").unwrap();
        assert_eq!(hints.iter().filter(|l| l.starts_with("search ")).count(), 3);
        assert_eq!(ask(&mut e, "ping 7").unwrap(), vec!["pong 7"]);
        assert!(!e.handle("quit", &mut |_| {}).unwrap());
    }

    #[test]
    fn go_passes_when_it_must() {
        let mut e = Engine::new(Rules::Inverse);
        // Black to move has no move: only a white disc on a1 and black on b1.
        let cells = format!("O*{}", "-".repeat(62));
        ask(&mut e, &format!("set game (;GM[Othello]BO[8 {cells} *];)")).unwrap();
        assert!(ask(&mut e, "go").unwrap().contains(&"=== PA".to_string()));
        ask(&mut e, "move pa").unwrap();
        assert!(
            ask(&mut e, "move pa").is_err(),
            "White has a move and may not pass"
        );
    }
}
