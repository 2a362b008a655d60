//! `reversi-learn exact` and `reversi-learn error`: a set of held-out positions beyond the
//! games' exact labels (21-28 empties by default), each solved exactly once, and the errors
//! of weights files on it by empties.
//!
//! The positions: the `k`-th held-out game ([`held_out`], in index order) gives its first
//! position with `lo + k % (hi - lo + 1)` empties; the first `per_empties` of each count are
//! the set. The choice depends only on the games, so a run that stops resumes where it was.
//!
//! The file: `#` lines (what the set is, then one `# run:` line per run: command, engine
//! commit, positions solved, seconds), then a line per position in the order solved,
//! `<game> <ply> <empties> <player hex> <opponent hex> <score> <solver nodes>`, the score the
//! exact final disc difference for the side to move under the game's goal.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use reversi::internals::pattern::PatternWeights;
use reversi::{Board, Limits, Rules, Scoring, Solver};

use crate::dataset::{held_out, read_games};

/// The solver's table (MB): the deep solves here gain from a larger one than the game's.
const TABLE_MB: usize = 64;

/// Everything `reversi-learn exact` needs.
#[derive(Clone, Debug)]
pub struct ExactConfig {
    pub rules: Rules,
    pub data: PathBuf,
    pub out: PathBuf,
    /// The empties of the set, `lo..=hi`.
    pub empties: (u32, u32),
    pub per_empties: usize,
    pub threads: usize,
    /// The run's command and engine commit, for the file's `# run:` line.
    pub run: String,
}

/// One solved position of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactPosition {
    pub game: u64,
    pub ply: u32,
    pub board: Board,
    /// Discs for the side to move, exact.
    pub score: i32,
    pub nodes: u64,
}

impl ExactPosition {
    pub fn empties(&self) -> u32 {
        self.board.empty_count()
    }

    fn to_line(self) -> String {
        format!(
            "{} {} {} {:016x} {:016x} {} {}",
            self.game,
            self.ply,
            self.empties(),
            self.board.player,
            self.board.opponent,
            self.score,
            self.nodes
        )
    }

    fn parse(line: &str) -> Result<ExactPosition, String> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 7 {
            return Err(format!("expected 7 fields, found {}", f.len()));
        }
        let num = |i: usize| {
            f[i].parse::<i64>()
                .map_err(|_| format!("bad number '{}'", f[i]))
        };
        let hex =
            |i: usize| u64::from_str_radix(f[i], 16).map_err(|_| format!("bad board '{}'", f[i]));
        let board = Board {
            player: hex(3)?,
            opponent: hex(4)?,
        };
        if board.player & board.opponent != 0 || board.empty_count() as i64 != num(2)? {
            return Err("the board does not match its empties".into());
        }
        Ok(ExactPosition {
            game: num(0)? as u64,
            ply: num(1)? as u32,
            board,
            score: num(5)? as i32,
            nodes: num(6)? as u64,
        })
    }
}

/// The positions of an exact set's file, as solved (a torn last line is left out).
pub fn read_exact_set(path: &Path) -> Result<Vec<ExactPosition>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    whole
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(n, l)| {
            ExactPosition::parse(l).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect()
}

/// The positions of the set of `per_empties` positions of each of `empties` (`lo..=hi`)
/// from the held-out games of `data`, unsolved: `(game, ply, board)`.
pub fn choose(
    data: &Path,
    empties: (u32, u32),
    per_empties: usize,
) -> Result<Vec<(u64, u32, Board)>, String> {
    let (lo, hi) = empties;
    let span = (hi - lo + 1) as usize;
    let mut count = vec![0usize; span];
    let mut chosen = Vec::new();
    let games = read_games(data)?;
    for (k, g) in games.iter().filter(|g| held_out(g.index)).enumerate() {
        if count.iter().all(|&c| c >= per_empties) {
            break;
        }
        let slot = k % span;
        if count[slot] >= per_empties {
            continue;
        }
        let replay = g.replay().map_err(|e| format!("game {}: {e}", g.index))?;
        let empties = lo + slot as u32;
        if let Some(ply) = replay
            .before
            .iter()
            .position(|b| b.empty_count() == empties)
        {
            chosen.push((g.index, ply as u32, replay.before[ply]));
            count[slot] += 1;
        }
    }
    Ok(chosen)
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct ExactReport {
    pub positions: usize,
    pub solved_now: usize,
    pub seconds: f64,
}

/// Solves the set's positions that the file does not have yet, appending each as it is solved.
pub fn run_exact(
    config: &ExactConfig,
    log: &mut (dyn FnMut(&str) + Send),
) -> Result<ExactReport, String> {
    let start = Instant::now();
    let (lo, hi) = config.empties;
    if lo > hi || hi > 60 {
        return Err(format!("bad empties {lo}-{hi}"));
    }
    // The set's identity; its size and data directory are in the `# run:` lines, so a run
    // with a larger --per-empties extends the set.
    let header = format!(
        "# exact set: {} game, held-out self-play games, one position a game, {lo}-{hi} empties\n# line: game ply empties player opponent score nodes\n",
        config.rules.name(),
    );
    let done: HashSet<(u64, u32)> = if config.out.exists() {
        let text = std::fs::read_to_string(&config.out)
            .map_err(|e| format!("{}: {e}", config.out.display()))?;
        if !text.starts_with(&header) {
            return Err(format!(
                "{}: made for another set (its first lines differ from:\n{header})",
                config.out.display()
            ));
        }
        read_exact_set(&config.out)?
            .iter()
            .map(|p| (p.game, p.ply))
            .collect()
    } else {
        std::fs::write(&config.out, &header)
            .map_err(|e| format!("{}: {e}", config.out.display()))?;
        HashSet::new()
    };
    // A line torn by a stopped run is cut before anything is appended.
    let text = std::fs::read_to_string(&config.out).map_err(|e| e.to_string())?;
    if !text.ends_with('\n') {
        let keep = text.rfind('\n').map_or(0, |i| i + 1);
        std::fs::write(&config.out, &text[..keep]).map_err(|e| e.to_string())?;
    }
    let todo: Vec<(u64, u32, Board)> = choose(&config.data, config.empties, config.per_empties)?
        .into_iter()
        .filter(|(g, ply, _)| !done.contains(&(*g, *ply)))
        .collect();
    log(&format!(
        "{} positions solved before, {} to solve",
        done.len(),
        todo.len()
    ));
    let file = Mutex::new(
        OpenOptions::new()
            .append(true)
            .open(&config.out)
            .map_err(|e| format!("{}: {e}", config.out.display()))?,
    );
    let next = AtomicUsize::new(0);
    let solved = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let log = Mutex::new(log);
    std::thread::scope(|s| {
        for _ in 0..config.threads.max(1) {
            s.spawn(|| {
                let mut solver = match Solver::try_new(TABLE_MB) {
                    Ok(solver) => solver,
                    Err(e) => {
                        *failure.lock().unwrap() = Some(e.to_string());
                        return;
                    }
                };
                while let Some(&(game, ply, board)) = todo.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    if failure.lock().unwrap().is_some() {
                        return;
                    }
                    // Without limits the solver always finishes.
                    let Some(s) =
                        solver.solve(board, config.rules, Scoring::DiscsOnBoard, &Limits::NONE)
                    else {
                        continue;
                    };
                    let p = ExactPosition {
                        game,
                        ply,
                        board,
                        score: s.score,
                        nodes: s.nodes,
                    };
                    let line = p.to_line();
                    if let Err(e) = writeln!(file.lock().unwrap(), "{line}") {
                        *failure.lock().unwrap() = Some(format!("{}: {e}", config.out.display()));
                        return;
                    }
                    let n = solved.fetch_add(1, Ordering::Relaxed) + 1;
                    (log.lock().unwrap())(&format!(
                        "{n}/{}: {line} ({:.0} s)",
                        todo.len(),
                        start.elapsed().as_secs_f64()
                    ));
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let seconds = start.elapsed().as_secs_f64();
    let solved_now = solved.into_inner();
    if solved_now > 0 {
        writeln!(
            file.lock().unwrap(),
            "# run: {} | solved {solved_now} | {seconds:.0} s",
            config.run
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(ExactReport {
        positions: done.len() + solved_now,
        solved_now,
        seconds,
    })
}

/// The errors of each weights file on the set, by empties: a Markdown table of the mean
/// squared error (discs²) and the mean error (the evaluation minus the exact score).
pub fn error_table(set: &[ExactPosition], weights: &[(String, PatternWeights)]) -> String {
    let mut empties: Vec<u32> = set.iter().map(ExactPosition::empties).collect();
    empties.sort_unstable();
    empties.dedup();
    let mut s = String::from("| empties | positions |");
    for (name, _) in weights {
        s.push_str(&format!(" {name}: mse | mean |"));
    }
    s.push('\n');
    s.push_str(&"|---".repeat(2 + 2 * weights.len()));
    s.push_str("|\n");
    let row = |label: String, ps: Vec<&ExactPosition>| {
        let mut r = format!("| {label} | {} |", ps.len());
        for (_, w) in weights {
            let errors: Vec<f64> = ps
                .iter()
                .map(|p| {
                    w.evaluate(p.board.player, p.board.opponent) as f64 / 100.0 - p.score as f64
                })
                .collect();
            let n = errors.len().max(1) as f64;
            let mse = errors.iter().map(|e| e * e).sum::<f64>() / n;
            let mean = errors.iter().sum::<f64>() / n;
            r.push_str(&format!(" {mse:.1} | {mean:+.2} |"));
        }
        r.push('\n');
        r
    };
    for &e in &empties {
        s.push_str(&row(
            e.to_string(),
            set.iter().filter(|p| p.empties() == e).collect(),
        ));
    }
    s.push_str(&row("all".into(), set.iter().collect()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_round_trips_and_bad_lines_are_errors() {
        let board = Board {
            player: 0x0000_0010_0800_0000,
            opponent: 0x0000_0008_1000_0000,
        };
        let p = ExactPosition {
            game: 7,
            ply: 0,
            board,
            score: -4,
            nodes: 123,
        };
        let line = p.to_line();
        assert_eq!(ExactPosition::parse(&line), Ok(p));
        assert!(ExactPosition::parse("7 0 60").is_err());
        // The empties field must match the board.
        assert!(ExactPosition::parse(&line.replacen(" 60 ", " 59 ", 1)).is_err());
        assert!(ExactPosition::parse(&line.replacen("0000001008000000", "zz", 1)).is_err());
    }

    #[test]
    fn the_error_table_measures_each_weights_file() {
        let w = *PatternWeights::classic();
        let board = Board {
            player: 0x0000_0010_0800_0000,
            opponent: 0x0000_0008_1000_0000,
        };
        let v = w.evaluate(board.player, board.opponent) as f64 / 100.0;
        let set = [ExactPosition {
            game: 0,
            ply: 0,
            board,
            score: v.round() as i32 + 3,
            nodes: 0,
        }];
        let t = error_table(&set, &[("shipped".into(), w)]);
        let err = v - (v.round() + 3.0);
        assert!(
            t.contains(&format!("| 60 | 1 | {:.1} | {:+.2} |", err * err, err)),
            "{t}"
        );
        assert!(t.contains("| all | 1 |"), "{t}");
    }
}
