//! `reversi-learn games`: the data of the learned evaluation, self-play games of one game
//! (classic or inverse) with exact labels near their end, written so that a run can be
//! killed at any moment and resumed, and so that the same options give the same files.
//!
//! # The games
//!
//! Game `i` of seed `S` depends on `(S, i)` only ([`play::game_seed`]), whatever
//! the threads and the restarts: it starts from the standard position (the alternative one,
//! same colours side by side, when `i % 10 == 9`), plays 4 to 11 uniformly random legal
//! moves, then the engine's AI to the end (`Ai::analyze` with the game's shipped evaluation,
//! `--depth` 4, `--nodes` 40 000 a move, no exact search, softmax noise of `--temperature`
//! 0.7 disc; node limits only, no clock; tables cleared at the game's start). Every position
//! with at most `--exact-empties` (20) empties where the side to move has a move is labelled
//! with the solver's exact score (`Solver::solve`, discs on the board, the game's goal, a
//! 16 MB table kept across the game's positions); the moves still come from the noisy AI.
//!
//! # The files
//!
//! `--out DIR` gets `DIR/<rules>/games-<FIRST>.txt` (chunks of `--chunk-games` 10 000
//! games; FIRST, the chunk's first game, has 8 digits) and `DIR/<rules>/MANIFEST.md`. A
//! chunk has one line per game, in index order:
//!
//! ```text
//! <index> <start> <moves> <black score> <labels>
//! 0 s f5d6c6f6d3b6g7f3c7d8...b2a1a8b8a2 10 40:-16,41:18,42:-12,...,58:10,59:-10
//! ```
//!
//! * `<start>`: `s` standard, `a` alternative;
//! * `<moves>`: the moves as squares, passes left out (they are forced);
//! * `<black score>`: the final score for Black under the game's goal, discs on the board
//!   (positive: Black won; classic: Black's discs minus White's, inverse: White's minus
//!   Black's);
//! * `<labels>`: `<ply>:<score>` pairs separated by commas (`-` for none): the position
//!   after `ply` moves (forced passes applied) and its exact score for its side to move
//!   (same units and goal). Both starts have 4 discs, so the position at ply `p` has
//!   `60 - p` empties and the labelled plies are `60 - E` to the last move.
//!
//! A line is written (one write, then flushed) as soon as its game and all earlier ones are
//! done; threads finishing out of order wait in a reorder buffer.
//!
//! # Resuming
//!
//! A run first reads the manifest (the parameters must be those of the files) and every
//! chunk line: it must parse, be written exactly as the tool writes it, be the next game,
//! replay legally to the end of the game with its final score, and carry a label (in range)
//! on exactly the positions with at most E empties; `--verify` also re-solves 1 % of the
//! labels (a fixed choice). A torn last line (no newline: a run killed while writing) is cut
//! off; any other bad line is an error naming `file:line`. Then it plays the games that are
//! missing up to `--games`.

pub mod manifest;
pub mod play;
pub mod record;
pub mod store;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use reversi::{Rules, Solver, TableAllocError};

use manifest::{Manifest, RunRecord, FORMAT};
use play::{GameParams, Player, AI_TABLE_MB, SOLVER_TABLE_MB};
use record::GameRecord;
use store::{Checks, Store};

use crate::provenance::RunInfo;

/// The manifest's file name, in `DIR/<rules>/`.
pub const MANIFEST: &str = "MANIFEST.md";

/// Progress lines (and manifest updates) every this many games, and the manifest at least
/// every [`MANIFEST_SECONDS`].
pub const PROGRESS_GAMES: u64 = 100;
pub const MANIFEST_SECONDS: f64 = 300.0;

/// Everything a `games` run needs.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesConfig {
    pub rules: Rules,
    /// The games wanted in all (the run stops when there are this many).
    pub games: u64,
    pub seed: u64,
    /// The data directory: the files go to `out/<rules>/`.
    pub out: PathBuf,
    pub exact_empties: u32,
    pub depth: u32,
    pub nodes: u64,
    pub temperature: f32,
    pub threads: usize,
    pub chunk_games: u64,
    /// The share of the labels read back that is re-solved (percent; `--verify` is 1).
    pub verify_percent: u32,
}

impl GamesConfig {
    /// The defaults, but for the directory.
    pub fn new(out: PathBuf) -> GamesConfig {
        GamesConfig {
            rules: Rules::Classic,
            games: 40_000,
            seed: 1,
            out,
            exact_empties: 20,
            depth: 4,
            nodes: 40_000,
            temperature: 0.7,
            threads: 1,
            chunk_games: 10_000,
            verify_percent: 0,
        }
    }

    pub fn params(&self) -> GameParams {
        GameParams {
            rules: self.rules,
            seed: self.seed,
            depth: self.depth,
            nodes: self.nodes,
            temperature: self.temperature,
            exact_empties: self.exact_empties,
        }
    }

    /// What the files depend on, as the manifest records it (`key value`; the keys other
    /// than `format` and `ai-table-mb` are the option names).
    pub fn param_lines(&self) -> Vec<(String, String)> {
        [
            ("format", FORMAT.to_string()),
            ("rules", self.rules.name().to_string()),
            ("seed", self.seed.to_string()),
            ("depth", self.depth.to_string()),
            ("nodes", self.nodes.to_string()),
            ("temperature", self.temperature.to_string()),
            ("exact-empties", self.exact_empties.to_string()),
            ("chunk-games", self.chunk_games.to_string()),
            ("ai-table-mb", AI_TABLE_MB.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesReport {
    pub games: u64,
    pub labels: u64,
    pub added_games: u64,
    pub added_labels: u64,
    /// Labels re-solved by `--verify`.
    pub verified: u64,
    /// A torn last line was cut off.
    pub truncated: bool,
    pub seconds: f64,
    /// Of `seconds`, playing.
    pub play_seconds: f64,
}

/// Why a run failed.
#[derive(Debug)]
pub enum GamesError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A chunk line that is wrong: its file, its number (from 1), why.
    BadLine {
        path: PathBuf,
        line: usize,
        why: String,
    },
    /// The chunk files do not follow each other.
    Layout {
        dir: PathBuf,
        why: String,
    },
    /// The manifest cannot be read, or its parameters are not the run's.
    Manifest {
        path: PathBuf,
        why: String,
    },
    Memory(TableAllocError),
}

impl std::fmt::Display for GamesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |p: &Path| reversi_args::escape_os(p.as_os_str());
        match self {
            GamesError::Io { path, error } => write!(f, "{}: {error}", show(path)),
            GamesError::BadLine { path, line, why } => {
                write!(f, "{}:{line}: {}", show(path), reversi_args::escape(why))
            }
            GamesError::Layout { dir, why } => write!(f, "{}: {why}", show(dir)),
            GamesError::Manifest { path, why } => write!(f, "{}: {why}", show(path)),
            GamesError::Memory(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GamesError {}

/// Reads and checks what `config.out/<rules>/` holds, then plays the missing games up to
/// `config.games`, appending them and keeping the manifest up to date. `log` gets progress
/// lines.
pub fn run_games(
    config: &GamesConfig,
    info: &RunInfo,
    log: &mut dyn FnMut(&str),
) -> Result<GamesReport, GamesError> {
    let t0 = Instant::now();
    let dir = config.out.join(config.rules.name());
    std::fs::create_dir_all(&dir).map_err(|error| GamesError::Io {
        path: dir.clone(),
        error,
    })?;
    let manifest_path = dir.join(MANIFEST);
    let bad_manifest = |why: String| GamesError::Manifest {
        path: manifest_path.clone(),
        why,
    };
    let old_text = match std::fs::read_to_string(&manifest_path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => {
            return Err(GamesError::Io {
                path: manifest_path,
                error,
            })
        }
    };
    let params = config.param_lines();
    let mut manifest = match &old_text {
        Some(text) => {
            let m = Manifest::parse(text).map_err(bad_manifest)?;
            check_params(&m.params, &params).map_err(bad_manifest)?;
            m
        }
        None => Manifest {
            params,
            runs: Vec::new(),
        },
    };

    if let Some(last) = manifest.runs.last() {
        if last.commit != info.commit {
            log(&format!(
                "note: the last run was at commit {}, this one is at {}: the games depend on \
                 the engine's search and evaluation (the manifest records both)",
                last.commit, info.commit
            ));
        }
    }
    let mut verify_solver = match config.verify_percent {
        0 => None,
        _ => Some(Solver::try_new(SOLVER_TABLE_MB).map_err(GamesError::Memory)?),
    };
    let mut checks = Checks {
        rules: config.rules,
        exact_empties: config.exact_empties,
        verify: verify_solver.as_mut().map(|s| (s, config.verify_percent)),
        seed: config.seed,
    };
    let mut store = Store::open(&dir, config.chunk_games, &mut checks)?;
    if old_text.is_none() && store.games > 0 {
        return Err(bad_manifest(
            "missing, yet the directory holds games: their parameters are unknown".into(),
        ));
    }
    if let Some((path, bytes)) = &store.truncated {
        log(&format!(
            "{}: cut off a torn last line ({bytes} bytes)",
            reversi_args::escape_os(path.as_os_str())
        ));
    }
    log(&format!(
        "{}: {} games, {} labelled positions in {} chunk file(s), checked{} in {:.1} s",
        reversi_args::escape_os(dir.as_os_str()),
        store.games,
        store.labels,
        store.chunk_count(),
        match config.verify_percent {
            0 => String::new(),
            p => format!(" ({} labels re-solved, {p} %)", store.verified),
        },
        t0.elapsed().as_secs_f64()
    ));
    let (games0, labels0) = (store.games, store.labels);
    let report = |store: &Store, play_seconds: f64| GamesReport {
        games: store.games,
        labels: store.labels,
        added_games: store.games - games0,
        added_labels: store.labels - labels0,
        verified: store.verified,
        truncated: store.truncated.is_some(),
        seconds: t0.elapsed().as_secs_f64(),
        play_seconds,
    };
    let write_manifest = |manifest: &Manifest, store: &Store| -> Result<(), GamesError> {
        let text = manifest.render(config.rules.name(), &store.summaries(), store.labels);
        write_atomically(&manifest_path, &text)
    };

    if store.games >= config.games {
        log(&format!(
            "{} games wanted, {} there: nothing to play",
            config.games, store.games
        ));
        let text = manifest.render(config.rules.name(), &store.summaries(), store.labels);
        if old_text.as_deref() != Some(text.as_str()) {
            write_atomically(&manifest_path, &text)?;
        }
        return Ok(report(&store, 0.0));
    }

    manifest.runs.push(RunRecord {
        from: store.games,
        to: store.games,
        seconds: t0.elapsed().as_secs_f64(),
        threads: config.threads,
        commit: info.commit.clone(),
        tree: info.tree.clone(),
        command: info.command.clone(),
    });
    write_manifest(&manifest, &store)?;
    log(&format!(
        "playing games {}..{} of seed {} ({}, depth {}, {} nodes a move, temperature {}, exact from {} empties, {} thread(s))",
        store.games,
        config.games,
        config.seed,
        config.rules.name(),
        config.depth,
        config.nodes,
        config.temperature,
        config.exact_empties,
        config.threads
    ));

    let play_start = Instant::now();
    let mut last_manifest = Instant::now();
    let result = play_missing(config, &mut store, &mut |store: &Store| {
        let now = Instant::now();
        let done = store.games;
        let progress = done.is_multiple_of(PROGRESS_GAMES) || done == config.games;
        if progress {
            let secs = play_start.elapsed().as_secs_f64().max(1e-9);
            let (g, l) = (done - games0, store.labels - labels0);
            log(&format!(
                "{}: {done}/{} games, {} labelled positions; this run: {g} games in {secs:.0} s, {:.3} games/s, {:.2} labels/s",
                config.rules.name(),
                config.games,
                store.labels,
                g as f64 / secs,
                l as f64 / secs
            ));
        }
        let chunk_end = done.is_multiple_of(config.chunk_games);
        if progress
            || chunk_end
            || now.duration_since(last_manifest).as_secs_f64() >= MANIFEST_SECONDS
        {
            last_manifest = now;
            if let Some(run) = manifest.runs.last_mut() {
                run.to = done;
                run.seconds = t0.elapsed().as_secs_f64();
            }
            write_manifest(&manifest, store)?;
        }
        Ok(())
    });
    let play_seconds = play_start.elapsed().as_secs_f64();
    // The manifest says what is on disk, even after a failure.
    if let Some(run) = manifest.runs.last_mut() {
        run.to = store.games;
        run.seconds = t0.elapsed().as_secs_f64();
    }
    let written = write_manifest(&manifest, &store);
    result?;
    written?;
    Ok(report(&store, play_seconds))
}

/// Plays games `store.games..config.games` on `config.threads` threads and appends them in
/// index order; `after` runs after each append.
fn play_missing(
    config: &GamesConfig,
    store: &mut Store,
    after: &mut dyn FnMut(&Store) -> Result<(), GamesError>,
) -> Result<(), GamesError> {
    let params = config.params();
    let end = config.games;
    let next = AtomicU64::new(store.games);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<GameRecord, TableAllocError>>();
        for _ in 0..config.threads.max(1) {
            let tx = tx.clone();
            let (next, stop, params) = (&next, &stop, &params);
            scope.spawn(move || {
                let mut player = match Player::new() {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end || tx.send(Ok(player.play(params, index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games that finished before an earlier one, by index.
        let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
        let mut write = || -> Result<(), GamesError> {
            for message in rx.iter() {
                let record = message.map_err(GamesError::Memory)?;
                pending.insert(record.index, record);
                while let Some(record) = pending.remove(&store.games) {
                    store.append(&record.to_line(), record.labels.len() as u64)?;
                    after(store)?;
                }
            }
            Ok(())
        };
        let result = write();
        if result.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        result
    })
}

/// The manifest's parameters against the run's: an error naming the first that differs.
fn check_params(old: &[(String, String)], new: &[(String, String)]) -> Result<(), String> {
    for (key, value) in new {
        match old.iter().find(|(k, _)| k == key) {
            Some((_, v)) if v == value => {}
            Some((_, v)) => {
                return Err(format!(
                    "the games there were made with {key} {v}, this run asks for {value}: \
                     run with the same options, or into another --out"
                ))
            }
            None => return Err(format!("no {key} among the parameters")),
        }
    }
    if let Some((key, _)) = old.iter().find(|(k, _)| !new.iter().any(|(n, _)| n == k)) {
        return Err(format!("unknown parameter '{}'", reversi_args::escape(key)));
    }
    Ok(())
}

/// Writes `path` through a temporary file and a rename, so that it is never half written.
fn write_atomically(path: &Path, text: &str) -> Result<(), GamesError> {
    let tmp = path.with_extension("md.tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|error| GamesError::Io {
            path: path.to_path_buf(),
            error,
        })
}
