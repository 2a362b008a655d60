//! Learns the midgame evaluation of `reversi-engine` (crate/engine/src/eval.rs) from self-play.
//!
//! The pipeline ([`run`]): seeded self-play games ([`selfplay`]), positions labelled with the
//! solver's exact score at few empties or the game's final result, the evaluation's own feature
//! vector and edge indices (`reversi::internals::eval::features`, `edge_indices`: the very functions the
//! engine evaluates with), a ridge least-squares fit of the feature weights at the phase
//! anchors, then a ridge least-squares fit of the edge tables on what remains ([`fit`]), and the two
//! weight files in the format eval.rs loads ([`files`]). Held-out games then compare the new
//! weights with the shipped ones.

#![forbid(unsafe_code)]

pub mod args;
pub mod files;
pub mod fit;
pub mod patterns;
pub mod selfplay;

use std::path::PathBuf;
use std::time::Instant;

use reversi::internals::eval::Weights;
use reversi::EvalKind;

pub use args::{parse_args, parse_os_args, ArgError, Config};

/// Mean squared errors (discs²) of an evaluation, over all positions and per phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Errors {
    pub all: f64,
    /// One per [`fit::BUCKETS`] range of empties (NaN when the range has no position).
    pub by_phase: Vec<f64>,
    pub positions: usize,
}

/// What a run did.
#[derive(Debug)]
pub struct Report {
    pub positions: usize,
    pub exact_positions: usize,
    /// The files written: the feature table and the edge tables.
    pub weights_file: PathBuf,
    pub edges_file: PathBuf,
    /// The written (rounded) weights on the training positions.
    pub train: Errors,
    /// On the held-out games (`None` without `--validate`): the new weights, then the shipped.
    pub validation: Option<(Errors, Errors)>,
    pub seconds: f64,
}

/// Any failure of a run.
#[derive(Debug)]
pub enum RunError {
    Io(PathBuf, std::io::Error),
    /// The normal equations could not be solved (no positions, say).
    Singular,
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Io(path, e) => write!(f, "cannot write {}: {e}", path.display()),
            RunError::Singular => write!(f, "the least-squares system is singular (no data?)"),
        }
    }
}

impl std::error::Error for RunError {}

/// Plays, fits, writes the weight files into `config.out` and validates.
/// `log` receives progress lines.
pub fn run(config: &Config, log: &mut dyn FnMut(&str)) -> Result<Report, RunError> {
    let start = Instant::now();
    let play = config.play();
    log(&format!(
        "playing {} {} games (seed {}, depth {}, exact from {} empties)",
        config.games,
        config.rules.name(),
        config.seed,
        play.depth,
        play.exact_empties
    ));
    let samples = selfplay::play_games(&play, config.seed, 0..config.games, config.threads, log);
    let exact_positions = samples.iter().filter(|s| s.exact).count();
    let rows: Vec<fit::Row> = samples.iter().map(fit::Row::from_sample).collect();
    log(&format!(
        "{} positions ({} exact), {:.1} s",
        rows.len(),
        exact_positions,
        start.elapsed().as_secs_f64()
    ));

    let linear = fit::fit_linear(&rows, config.ridge).ok_or(RunError::Singular)?;
    log(&format!(
        "linear fit: mse {:.2}",
        fit::mse(&rows, |r| fit::linear_value(&linear, r))
    ));
    let edges = fit::fit_edges(&rows, &linear, config.edge_ridge, config.iterations, log);

    let anchors = files::quantize_linear(&linear);
    let table = files::quantize_edges(&edges);
    let comment = format!(
        "Fitted by reversi-learn (crate/learn): {} positions of {} self-play games (seed {}, depth {},\n\
         {} nodes a move, temperature {}), labels: the final result, or the solver's exact score at\n\
         {} empties or fewer; ridge {}, then the edge tables of {}_edges.rs (ridge {}).",
        rows.len(),
        config.games,
        config.seed,
        play.depth,
        play.nodes,
        play.temperature,
        play.exact_empties,
        config.ridge,
        config.rules.name(),
        config.edge_ridge
    );
    let text = files::weights_text(config.rules, &anchors, &comment);
    let edges_text = files::edges_text(&table);
    std::fs::create_dir_all(&config.out).map_err(|e| RunError::Io(config.out.clone(), e))?;
    let weights_file = config.out.join(files::weights_file_name(config.rules));
    let edges_file = config.out.join(files::edges_file_name(config.rules));
    std::fs::write(&weights_file, &text).map_err(|e| RunError::Io(weights_file.clone(), e))?;
    std::fs::write(&edges_file, &edges_text).map_err(|e| RunError::Io(edges_file.clone(), e))?;
    log(&format!(
        "wrote {} and {}",
        weights_file.display(),
        edges_file.display()
    ));

    // What the engine will compute with these files.
    let weights = Weights::parse(&text);
    let learned = |rows: &[fit::Row]| -> Vec<f64> {
        rows.iter()
            .map(|r| files::engine_eval(&weights, &table, r) as f64 / 100.0)
            .collect()
    };
    let train = fit::errors(&rows, &learned(&rows));

    let validation = if config.validate > 0 {
        log(&format!("playing {} held-out games", config.validate));
        let first = selfplay::VALIDATION_OFFSET;
        let held = selfplay::play_games(
            &play,
            config.seed,
            first..first + config.validate,
            config.threads,
            log,
        );
        let held_rows: Vec<fit::Row> = held.iter().map(fit::Row::from_sample).collect();
        let new = fit::errors(&held_rows, &learned(&held_rows));
        let shipped_kind = EvalKind::for_rules(config.rules);
        let shipped: Vec<f64> = held
            .iter()
            .map(|s| shipped_kind.evaluate(&s.board) as f64 / 100.0)
            .collect();
        Some((new, fit::errors(&held_rows, &shipped)))
    } else {
        None
    };

    Ok(Report {
        positions: rows.len(),
        exact_positions,
        weights_file,
        edges_file,
        train,
        validation,
        seconds: start.elapsed().as_secs_f64(),
    })
}
