//! `reversi solve [--inverse] [--empties-to-winner] [--time SECONDS] [--tt MB]`: exact
//! endgame solving of OBF lines read from stdin.
//!
//! Input: one OBF position a line, `<64 cells> <X|O>`, optionally followed by `;`-separated
//! `MOVE:SCORE` pairs (as the FFO files list them: they must be well formed, but the solver
//! does not use them); text from a `%` on is a comment, and blank lines and comment lines are
//! skipped. `--time` (seconds, more than 0) limits each position; `--tt` is the table size in
//! MB (1 to 16384, default [`Solver::DEFAULT_TABLE_MB`], 16): a table that cannot be
//! allocated is an error (exit code 2) before anything is read.
//!
//! Output contract:
//! - stdout holds exactly one line per SOLVED position, in input order, `<move> <score>`:
//!   `a2 +38`, `pass -4`. The score is the exact final disc difference (signed, for the side
//!   to move, perfect play by both), or with `--empties-to-winner` the empties go to the
//!   winner. Nothing else is ever written to stdout; each line is flushed when solved.
//! - `pass <score>` means the side to move has no legal move: it must pass, and the score is
//!   still for that side. A finished game (neither side can move) also prints `pass <score>`
//!   with the final score.
//! - A line that cannot be parsed (not UTF-8 text, or not a position), or a position not
//!   solved within `--time`, prints NOTHING on stdout (so stdout lines do not line up with
//!   input lines then): it is reported on stderr as `line N: ...` with its 1-based input line
//!   number (input in it escaped), the other lines are still solved, and the exit code is 2 at
//!   the end (0 when every position was solved). A bad option exits with 2 before reading
//!   anything. When stdout's reader goes away, solving stops (exit code 141, see `out`).
//! - stderr also gets nodes, time and speed per position and in total.

use std::io::BufRead;
use std::time::{Duration, Instant};

use reversi::{native_clock, Limits, Position, Scoring, Solver};
use reversi_args::escape_bytes;

use crate::args::{rules, Args, MAX_TT_MB};
use crate::out::{self, note, shown, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::new(argv);
    let rules = rules(&mut args);
    let scoring = if args.flag("--empties-to-winner") {
        Scoring::EmptiesToWinner
    } else {
        Scoring::DiscsOnBoard
    };
    // No limit unless given (the default is out of the accepted range on purpose).
    let seconds = args.number("--time", f64::INFINITY, 0.001..=1e6)?;
    let limits = if seconds.is_finite() {
        Limits::time(seconds * 1000.0, native_clock)
    } else {
        Limits::NONE
    };
    let tt = args.number("--tt", Solver::DEFAULT_TABLE_MB, 1..=MAX_TT_MB)?;
    args.finish()?;

    let mut solver = Solver::try_new(tt).map_err(|e| format!("--tt {tt}: {e}"))?;
    let (mut total_nodes, mut total_time) = (0u64, Duration::ZERO);
    let (mut solved, mut bad, mut timeouts) = (0usize, 0usize, 0usize);
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    for number in 1u64.. {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                note(format_args!("line {number}: cannot read: {}", shown(e)));
                bad += 1;
                break;
            }
        }
        let text = match std::str::from_utf8(&bytes) {
            Ok(text) => text.trim(),
            Err(e) => {
                note(format_args!(
                    "line {number}: not UTF-8 text (byte {} is invalid): '{}'",
                    e.valid_up_to() + 1,
                    escape_bytes(bytes.trim_ascii())
                ));
                bad += 1;
                continue;
            }
        };
        if text.is_empty() || text.starts_with('%') {
            continue;
        }
        let position = match Position::parse_obf(text) {
            Ok((position, _)) => position,
            Err(e) => {
                note(format_args!(
                    "line {number}: not an OBF position: {}",
                    shown(e)
                ));
                bad += 1;
                continue;
            }
        };
        let start = Instant::now();
        let result = solver.solve(position.board, rules, scoring, &limits);
        let time = start.elapsed();
        let nodes = solver.nodes();
        total_nodes += nodes;
        total_time += time;
        match result {
            Some(solution) => {
                solved += 1;
                let best = solution
                    .best
                    .map_or_else(|| "pass".to_string(), |sq| sq.to_string());
                out::line(format_args!("{best} {:+}", solution.score))?;
                note(format_args!(
                    "line {number}: {best} {:+}, {} empties, {nodes} nodes, {:.3} s, {:.2} M nodes/s",
                    solution.score,
                    position.board.empty_count(),
                    time.as_secs_f64(),
                    speed(nodes, time)
                ));
            }
            None => {
                timeouts += 1;
                note(format_args!("line {number}: timeout"));
            }
        }
    }
    note(format_args!(
        "total: {solved} solved, {total_nodes} nodes, {:.3} s, {:.2} M nodes/s",
        total_time.as_secs_f64(),
        speed(total_nodes, total_time)
    ));
    if bad + timeouts > 0 {
        return Err(
            format!("{bad} line(s) could not be parsed, {timeouts} position(s) timed out").into(),
        );
    }
    Ok(())
}

fn speed(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6
}
