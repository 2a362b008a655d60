//! The GUI side of the NBoard protocol (version 2): runs an engine given its command line and
//! asks it for moves, for `reversi match --a nboard:CMD` (the engine side is [`crate::nboard`]).
//!
//! The exchange, all lines: when the process starts, `nboard 2` and `set depth N`; at the start
//! of each game, `set game <GGF>` with the opening position and no moves; after every move of
//! the game, by either player, `move F5` (a forced pass `move PA`), as NBoard does: an engine
//! does not play its own reply. On the engine's turn, `ping K` and its `pong K` (every line
//! before it is dropped, so a stale reply cannot pass for the answer), then `go` and the first
//! line `=== <move>[/<eval>[/<time>]]` (also `=== <move> <eval> <time>`). Any other line
//! (`set myname`, `status`, `search`, `nodestats`, ...) is ignored. Lines longer than
//! [`MAX_LINE`] bytes are cut; stdout that is not UTF-8 is read lossily.
//!
//! Whatever goes wrong is a [`Fault`] and the process is ended (killed if it does not quit at
//! once); the next game starts a new one. Each `ping` and `go` of one move must be answered
//! within the time cap ([`Settings::timeout`]), or the engine is taken as hung. The engine's
//! stderr is read on the side: its last lines are quoted when it exits.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use reversi::{Board, Color, Position, Square};
use reversi_args::escape;

/// The longest line read from an engine; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// How many stdout lines may wait unread before the reader (and then the engine) blocks.
const QUEUED_LINES: usize = 1024;

/// How many of the engine's last stderr lines are kept to quote.
const STDERR_LINES: usize = 3;

/// How long a quoted engine line may be, in characters.
const SHOWN_CHARS: usize = 120;

/// An engine's command line: words split at whitespace, where `'...'` or `"..."` quotes part
/// of a word (spaces included, the quotes removed; no escapes, variables or other shell
/// syntax).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    pub program: String,
    pub args: Vec<String>,
    /// The command line as given, for messages.
    pub text: String,
}

impl CommandLine {
    pub fn parse(text: &str) -> Result<CommandLine, String> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut in_word = false;
        let mut quote = None;
        for c in text.chars() {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => word.push(c),
                None if c == '\'' || c == '"' => {
                    quote = Some(c);
                    in_word = true;
                }
                None if c.is_whitespace() => {
                    if in_word {
                        words.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                None => {
                    word.push(c);
                    in_word = true;
                }
            }
        }
        if let Some(q) = quote {
            return Err(format!(
                "engine command '{}': a {q} quote is not closed",
                escape(text)
            ));
        }
        if in_word {
            words.push(word);
        }
        let mut words = words.into_iter();
        let program = words
            .next()
            .ok_or_else(|| format!("engine command '{}' is empty", escape(text)))?;
        Ok(CommandLine {
            program,
            args: words.collect(),
            text: text.trim().to_string(),
        })
    }
}

/// What every engine of a match is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Sent as `set depth N`.
    pub depth: u32,
    /// The time one move may take (its `ping` and its `go`) before the engine is killed.
    pub timeout: Duration,
}

/// Why an engine lost the game (or, for [`Fault::Spawn`], why the match cannot go on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process could not be started: the OS's reason.
    Spawn(String),
    /// A move that is not legal (or a pass while it has a move): the reply line.
    Illegal(String),
    /// A `===` reply without a move: the line.
    Malformed(String),
    /// No answer within the time cap: what it was waiting for, and the cap.
    Timeout(&'static str, Duration),
    /// The process closed its output or its input (it has exited, most likely): how it ended
    /// and its last stderr lines.
    Gone(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Spawn(e) => write!(f, "cannot be started: {e}"),
            Fault::Illegal(line) => write!(f, "replied an illegal move: '{line}'"),
            Fault::Malformed(line) => write!(f, "replied no move: '{line}'"),
            Fault::Timeout(what, cap) => write!(
                f,
                "sent no {what} within {} s (the move time cap): killed",
                cap.as_secs_f64()
            ),
            Fault::Gone(how) => write!(f, "{how}"),
        }
    }
}

/// An engine line as quoted in a message: escaped, and cut to [`SHOWN_CHARS`] characters.
fn shown(line: &str) -> String {
    let line = line.trim();
    let cut: String = line.chars().take(SHOWN_CHARS).collect();
    let more = if cut.len() < line.len() { "..." } else { "" };
    format!("{}{more}", escape(&cut))
}

/// The GGF game of `start` without moves: NBoard's `set game` value.
pub fn ggf(start: Position) -> String {
    let symbol = |c: Color| match c {
        Color::Black => '*',
        Color::White => 'O',
    };
    let cells: String = Square::all()
        .map(|sq| start.at(sq).map_or('-', symbol))
        .collect();
    format!(
        "(;GM[Othello]PC[reversi match]PB[?]PW[?]RE[?]TY[8]BO[8 {cells} {}];)",
        symbol(start.side)
    )
}

/// The move of a `===` reply line, checked against `board` (where the side to move has a
/// legal move).
pub fn reply_move(line: &str, board: Board) -> Result<Square, Fault> {
    let rest = line.trim().strip_prefix("===").unwrap_or("");
    let word = rest.split_whitespace().next().unwrap_or("");
    let mv = word.split('/').next().unwrap_or("");
    if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
        return Err(Fault::Illegal(shown(line)));
    }
    let sq: Square = mv.parse().map_err(|_| Fault::Malformed(shown(line)))?;
    if board.legal_moves() & sq.bit() == 0 {
        return Err(Fault::Illegal(shown(line)));
    }
    Ok(sq)
}

/// Reads one line of at most `max` bytes into `line` (without its newline; the rest of a
/// longer line is consumed and dropped). `Ok(false)` at the end of the input.
fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<bool> {
    line.clear();
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let newline = done > chunk.len();
        input.consume(done);
        if newline {
            return Ok(true);
        }
    }
}

/// Sends each stdout line of the engine to `lines` until the end of its output.
fn forward_lines(output: impl Read, lines: SyncSender<String>) {
    let mut input = BufReader::new(output);
    let mut line = Vec::new();
    while let Ok(true) = read_line_capped(&mut input, &mut line, MAX_LINE) {
        let text = String::from_utf8_lossy(&line)
            .trim_end_matches('\r')
            .to_string();
        if lines.send(text).is_err() {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] stderr lines of the engine in `tail`.
fn keep_tail(output: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut input = BufReader::new(output);
    let mut line = Vec::new();
    while let Ok(true) = read_line_capped(&mut input, &mut line, MAX_LINE) {
        let text = shown(&String::from_utf8_lossy(&line));
        if text.is_empty() {
            continue;
        }
        if let Ok(mut tail) = tail.lock() {
            if tail.len() == STDERR_LINES {
                tail.pop_front();
            }
            tail.push_back(text);
        }
    }
}

/// Waits up to `within` for `child` to exit on its own.
fn wait_for_exit(child: &mut Child, within: Duration) -> Option<ExitStatus> {
    let end = Instant::now() + within;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
            _ => return None,
        }
    }
}

/// A running engine.
struct Process {
    child: Child,
    /// `None` once closed.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: Option<JoinHandle<()>>,
    /// Set once the process has been waited for.
    status: Option<ExitStatus>,
}

impl Process {
    fn spawn(command: &CommandLine) -> Result<Process, Fault> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Fault::Spawn(e.to_string()))?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(Fault::Spawn(
                        "its standard streams could not be piped".into(),
                    ));
                }
            };
        let (sender, lines) = mpsc::sync_channel(QUEUED_LINES);
        std::thread::spawn(move || forward_lines(stdout, sender));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let stderr_reader = Some(std::thread::spawn(move || keep_tail(stderr, tail)));
        Ok(Process {
            child,
            stdin: Some(stdin),
            lines,
            stderr_tail,
            stderr_reader,
            status: None,
        })
    }

    /// Writes one command line; an engine that has closed its input is [`Fault::Gone`].
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Gone("its input is closed".into()));
        };
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| Fault::Gone(format!("stopped reading its input ({e})")))
    }

    /// The first line for which `wanted` gives a value, dropping the others, before
    /// `deadline`.
    fn wait_for<T>(
        &mut self,
        deadline: Instant,
        what: &'static str,
        cap: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(value) = wanted(&line) {
                        return Ok(value);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(what, cap)),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Gone(format!("closed its output before its {what}")))
                }
            }
        }
    }

    /// Ends the process: `quit` and up to `grace` to exit, then a kill. Returns how it ended.
    fn end(&mut self, grace: Duration) -> Option<ExitStatus> {
        if self.status.is_none() {
            if let Some(mut stdin) = self.stdin.take() {
                let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
            }
            self.status = wait_for_exit(&mut self.child, grace).or_else(|| {
                let _ = self.child.kill();
                self.child.wait().ok()
            });
        }
        self.status
    }

    /// `how` it failed, with how the process ended and its last stderr lines.
    fn gone(&mut self, how: &str) -> String {
        // It has closed a pipe: give it a moment to exit and its stderr to be read.
        let status = self.end(Duration::from_millis(500));
        if let Some(reader) = self.stderr_reader.take() {
            let end = Instant::now() + Duration::from_millis(500);
            while !reader.is_finished() && Instant::now() < end {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        let mut text = how.to_string();
        if let Some(status) = status {
            text.push_str(&format!("; it ended with {status}"));
        }
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default();
        if !tail.is_empty() {
            text.push_str(&format!("; its stderr: {tail}"));
        }
        text
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.end(Duration::from_millis(500));
    }
}

/// An engine speaking NBoard, started when first needed and again after a fault.
pub struct Client {
    command: CommandLine,
    settings: Settings,
    process: Option<Process>,
    /// The number of the last `ping`.
    pings: u64,
}

impl Client {
    pub fn new(command: CommandLine, settings: Settings) -> Client {
        Client {
            command,
            settings,
            process: None,
            pings: 0,
        }
    }

    /// Starts a game from `start` (and the process first, if none is running).
    pub fn new_game(&mut self, start: Position) -> Result<(), Fault> {
        if self.process.is_none() {
            let mut process = Process::spawn(&self.command)?;
            let hello = process
                .send("nboard 2")
                .and_then(|()| process.send(&format!("set depth {}", self.settings.depth)));
            self.process = Some(process);
            self.checked(hello)?;
        }
        let result = self.send(&format!("set game {}", ggf(start)));
        self.checked(result)
    }

    /// Tells the engine the move just played (`None`: a pass).
    pub fn tell(&mut self, mv: Option<Square>) -> Result<(), Fault> {
        let line = match mv {
            Some(sq) => format!("move {}", sq.to_string().to_uppercase()),
            None => "move PA".to_string(),
        };
        let result = self.send(&line);
        self.checked(result)
    }

    /// Asks the engine for its move on `board` (where the side to move has a move).
    pub fn choose(&mut self, board: Board) -> Result<Square, Fault> {
        let result = self.ask(board);
        self.checked(result)
    }

    fn ask(&mut self, board: Board) -> Result<Square, Fault> {
        let cap = self.settings.timeout;
        let deadline = Instant::now() + cap;
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings))?;
        let process = self.running()?;
        process.wait_for(deadline, "pong", cap, |l| (l.trim() == pong).then_some(()))?;
        process.send("go")?;
        let line = process.wait_for(deadline, "move", cap, |l| {
            l.trim_start().starts_with("===").then(|| l.to_string())
        })?;
        reply_move(&line, board)
    }

    fn running(&mut self) -> Result<&mut Process, Fault> {
        self.process
            .as_mut()
            .ok_or_else(|| Fault::Gone("it is not running".into()))
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.running()?.send(line)
    }

    /// `result`, after ending the process on a fault (and completing the account of an
    /// engine that has gone).
    fn checked<T>(&mut self, result: Result<T, Fault>) -> Result<T, Fault> {
        match result {
            Ok(value) => Ok(value),
            Err(fault) => {
                let fault = match (self.process.take(), fault) {
                    (Some(mut process), Fault::Gone(how)) => Fault::Gone(process.gone(&how)),
                    (Some(mut process), fault) => {
                        process.end(Duration::ZERO);
                        fault
                    }
                    (None, fault) => fault,
                };
                Err(fault)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use reversi::{GgfGame, Rules};

    #[test]
    fn command_lines_split_at_whitespace_with_quotes() {
        let c = CommandLine::parse("  ./edax  -nboard\t-n 1 ").unwrap();
        assert_eq!(c.program, "./edax");
        assert_eq!(c.args, ["-nboard", "-n", "1"]);
        assert_eq!(c.text, "./edax  -nboard\t-n 1");
        let c = CommandLine::parse(r#"sh -c 'cd /opt/e && exec ./e "x"' "a b"c ''"#).unwrap();
        assert_eq!(c.program, "sh");
        assert_eq!(
            c.args,
            [r#"-c"#, r#"cd /opt/e && exec ./e "x""#, "a bc", ""]
        );
        assert!(CommandLine::parse("  ").unwrap_err().contains("empty"));
        assert!(CommandLine::parse("sh -c 'x")
            .unwrap_err()
            .contains("quote"));
    }

    #[test]
    fn ggf_of_a_start_reads_back_as_that_position() {
        let start = Position::standard()
            .play("f5".parse().unwrap())
            .unwrap()
            .play("d6".parse().unwrap())
            .unwrap();
        for rules in [Rules::Classic, Rules::Inverse] {
            let record = GgfGame::parse(ggf(start), rules).unwrap();
            assert_eq!(record.game.position(), start);
            assert_eq!(record.game.move_count(), 0);
        }
        let standard = ggf(Position::standard());
        assert!(
            standard.contains(
                "BO[8 ---------------------------O*------*O--------------------------- *]"
            ),
            "{standard}"
        );
    }

    #[test]
    fn replies_are_checked() {
        let board = Position::standard().board;
        let ok = |line: &str| reply_move(line, board);
        let f5: Square = "f5".parse().unwrap();
        assert_eq!(ok("=== F5"), Ok(f5));
        assert_eq!(ok("=== f5/1.50/0.2"), Ok(f5));
        assert_eq!(ok("  === F5 -1.00 0.0\r"), Ok(f5));
        assert!(matches!(ok("=== D4"), Err(Fault::Illegal(_))), "occupied");
        assert!(matches!(ok("=== A1/0"), Err(Fault::Illegal(_))));
        assert!(
            matches!(ok("=== PA"), Err(Fault::Illegal(_))),
            "a pass with moves"
        );
        assert!(matches!(ok("==="), Err(Fault::Malformed(_))));
        assert!(matches!(ok("=== z9"), Err(Fault::Malformed(_))));
        let Err(Fault::Malformed(line)) = ok("=== \u{1b}[2J") else {
            panic!("a control sequence is no move")
        };
        assert!(!line.chars().any(char::is_control), "{line}");
        let long = format!("=== {}", "x".repeat(1000));
        let Err(Fault::Malformed(line)) = ok(&long) else {
            panic!("no move")
        };
        assert!(line.len() < 200, "{line}");
    }

    #[test]
    fn long_lines_are_cut() {
        let text = format!("{}\nshort\r\nlast", "y".repeat(100));
        let mut input = BufReader::with_capacity(7, text.as_bytes());
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while read_line_capped(&mut input, &mut line, 10).unwrap() {
            lines.push(String::from_utf8(line.clone()).unwrap());
        }
        assert_eq!(lines, ["y".repeat(10), "short\r".into(), "last".into()]);
    }
}
