//! `reversi-learn label`: search labels of a generation, for the positions of the self-play
//! games that have more empties than the exact labels reach.
//!
//! Every position of a game with more than `exact_empties` empties (where its side to move has
//! a move) gets the score of a fixed-depth search (`Ai::analyze`, `--depth` plies, the engine's
//! evaluation of the game, no noise, no exact solver), in 1/100 disc for its side to move.
//! The labels depend only on the games, the depth and the engine (its evaluation is the
//! generation's), never on threads or restarts.
//!
//! Files: `OUT/labels-<FIRST>.txt` for the games `FIRST..FIRST + BLOCK` (8 digits), one line
//! per game in index order, `<index> <ply>:<score>,...` (`-` for none). `OUT/PARAMS` holds the
//! parameters, the evaluation's tables by checksum among them, and is checked on resume;
//! `OUT/RUNS` gets a line per run (command, engine commit, games labelled, seconds). A block
//! is written by one thread, a line at a time; a run resumes each block after its last whole
//! line.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use reversi::internals::pattern::PatternWeights;
use reversi::{Ai, EvalKind, Limits, Options, Rules};

use crate::dataset::{read_games, SearchLabels};
use crate::games::record::GameRecord;

/// Games per label file.
pub const BLOCK: u64 = 1000;

/// Everything a labelling run needs.
#[derive(Clone, Debug)]
pub struct LabelConfig {
    pub rules: Rules,
    pub data: PathBuf,
    pub out: PathBuf,
    pub depth: u32,
    /// Positions with at most this many empties have exact labels and are skipped.
    pub exact_empties: u32,
    /// Labels the first `games` games (all when more).
    pub games: u64,
    pub threads: usize,
    /// The run's command and engine commit, for `OUT/RUNS`.
    pub run: String,
}

fn label_file(dir: &Path, first: u64) -> PathBuf {
    dir.join(format!("labels-{first:08}.txt"))
}

/// Parses a label line.
fn parse_line(line: &str) -> Result<(u64, Vec<(u32, i32)>), String> {
    let (index, rest) = line
        .split_once(' ')
        .ok_or_else(|| "expected '<index> <labels>'".to_string())?;
    let index: u64 = index.parse().map_err(|_| format!("bad index '{index}'"))?;
    if rest == "-" {
        return Ok((index, Vec::new()));
    }
    let labels = rest
        .split(',')
        .map(|pair| {
            let (p, s) = pair
                .split_once(':')
                .ok_or_else(|| format!("bad label '{pair}'"))?;
            Ok((
                p.parse().map_err(|_| format!("bad ply '{p}'"))?,
                s.parse().map_err(|_| format!("bad score '{s}'"))?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((index, labels))
}

fn format_line(index: u64, labels: &[(u32, i32)]) -> String {
    if labels.is_empty() {
        return format!("{index} -");
    }
    let body: Vec<String> = labels.iter().map(|(p, s)| format!("{p}:{s}")).collect();
    format!("{index} {}", body.join(","))
}

/// Every label of the label files of `dir`.
pub fn read_search_labels(dir: &Path) -> Result<SearchLabels, String> {
    let mut out = HashMap::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !(name.starts_with("labels-") && name.ends_with(".txt")) {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // A torn last line (a run stopped while writing) is not a label.
        let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
        for (n, line) in whole.lines().enumerate() {
            let (index, labels) =
                parse_line(line).map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
            out.insert(index, labels);
        }
    }
    Ok(out)
}

/// The search labels of one game.
pub fn label_game(
    ai: &mut Ai,
    game: &GameRecord,
    config: &LabelConfig,
) -> Result<Vec<(u32, i32)>, String> {
    let replay = game.replay()?;
    let options = Options {
        exact_empties: 0,
        selective: false,
        ..Options::for_limits(config.rules, &Limits::NONE)
    };
    let limits = Limits {
        max_depth: Some(config.depth),
        ..Limits::NONE
    };
    let mut out = Vec::new();
    ai.clear();
    for (ply, board) in replay.before.iter().enumerate() {
        if board.empty_count() <= config.exact_empties {
            break;
        }
        let a = ai.analyze(*board, config.rules, &limits, &options);
        out.push((ply as u32, (a.score * 100.0).round() as i32));
    }
    Ok(out)
}

/// What a run did.
pub struct LabelReport {
    pub games: u64,
    pub labelled_now: u64,
    pub seconds: f64,
}

/// Labels the games that have no labels yet (see the module doc).
pub fn run_labels(config: &LabelConfig, log: &mut dyn FnMut(&str)) -> Result<LabelReport, String> {
    let start = Instant::now();
    std::fs::create_dir_all(&config.out).map_err(|e| format!("{}: {e}", config.out.display()))?;
    let tables = match EvalKind::for_rules(config.rules) {
        EvalKind::Inverse => PatternWeights::inverse(),
        _ => PatternWeights::classic(),
    };
    let params = format!(
        "rules {}\ndepth {}\nexact-empties {}\nevaluation tables fnv32 {:08x}\n",
        config.rules.name(),
        config.depth,
        config.exact_empties,
        tables.checksum()
    );
    let params_path = config.out.join("PARAMS");
    match std::fs::read_to_string(&params_path) {
        Ok(old) if old != params => {
            return Err(format!(
                "{} holds labels of other parameters:\n{old}this run's:\n{params}",
                config.out.display()
            ))
        }
        Ok(_) => {}
        Err(_) => std::fs::write(&params_path, &params)
            .map_err(|e| format!("{}: {e}", params_path.display()))?,
    }
    let mut games = read_games(&config.data)?;
    games.truncate(config.games.min(games.len() as u64) as usize);
    let done = read_search_labels(&config.out)?;
    let blocks: Vec<&[GameRecord]> = games.chunks(BLOCK as usize).collect();
    let next = AtomicUsize::new(0);
    let labelled = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let logs: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut ai = match Ai::try_new(16) {
                    Ok(ai) => ai,
                    Err(e) => {
                        *failure.lock().unwrap() = Some(e.to_string());
                        return;
                    }
                };
                loop {
                    let b = next.fetch_add(1, Ordering::SeqCst);
                    if b >= blocks.len() || failure.lock().unwrap().is_some() {
                        return;
                    }
                    if let Err(e) = label_block(&mut ai, blocks[b], &done, config, &labelled) {
                        *failure.lock().unwrap() = Some(e);
                        return;
                    }
                    logs.lock().unwrap().push(format!(
                        "block {} done; {} games labelled this run, {:.0} s",
                        blocks[b][0].index,
                        labelled.load(Ordering::SeqCst),
                        start.elapsed().as_secs_f64()
                    ));
                }
            });
        }
        // Progress from the main thread.
        loop {
            std::thread::sleep(std::time::Duration::from_millis(500));
            for l in logs.lock().unwrap().drain(..) {
                log(&l);
            }
            if next.load(Ordering::SeqCst) >= blocks.len() + config.threads.max(1)
                || failure.lock().unwrap().is_some()
            {
                break;
            }
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let run_line = format!(
        "{} | labelled {} games | {seconds:.0} s\n",
        config.run,
        labelled.load(Ordering::SeqCst)
    );
    let runs = config.out.join("RUNS");
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&runs)
        .and_then(|mut f| f.write_all(run_line.as_bytes()))
        .map_err(|e| format!("{}: {e}", runs.display()))?;
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    Ok(LabelReport {
        games: games.len() as u64,
        labelled_now: labelled.load(Ordering::SeqCst) as u64,
        seconds,
    })
}

/// Labels the games of one block not yet in `done`, appending to its file (a torn last line
/// is cut off first).
fn label_block(
    ai: &mut Ai,
    block: &[GameRecord],
    done: &SearchLabels,
    config: &LabelConfig,
    labelled: &AtomicUsize,
) -> Result<(), String> {
    let first = block[0].index - block[0].index % BLOCK;
    let path = label_file(&config.out, first);
    if let Ok(text) = std::fs::read(&path) {
        let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if whole < text.len() {
            let f = OpenOptions::new()
                .write(true)
                .open(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            f.set_len(whole as u64)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    for game in block.iter().filter(|g| !done.contains_key(&g.index)) {
        let labels = label_game(ai, game, config)?;
        writeln!(file, "{}", format_line(game.index, &labels))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        labelled.fetch_add(1, Ordering::SeqCst);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_lines_round_trip() {
        let labels = vec![(0u32, 125i32), (1, -40), (39, 0)];
        let line = format_line(17, &labels);
        assert_eq!(line, "17 0:125,1:-40,39:0");
        assert_eq!(parse_line(&line).unwrap(), (17, labels));
        assert_eq!(parse_line("3 -").unwrap(), (3, vec![]));
        assert!(parse_line("3").is_err());
        assert!(parse_line("3 1:x").is_err());
    }
}
