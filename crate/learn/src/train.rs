//! `reversi-learn fit`: the pattern evaluation's weights file of one game, fitted on the
//! self-play games of a games directory (and the search labels of a generation, if given),
//! with the errors on held-out games by phase and by kind of label.

use std::path::PathBuf;
use std::time::Instant;

use reversi::internals::pattern::{phase, PatternWeights, PHASES, PHASE_START};
use reversi::{EvalKind, Rules};

use crate::dataset::{game_samples, held_out, read_games, LabelKind, Sample, SearchLabels};
use crate::labels::read_search_labels;
use crate::patterns::{fit, FitOptions, PhaseFit};

/// Everything a fit needs.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub rules: Rules,
    /// The games directory of the game (`crate/learn/data/<rules>`).
    pub data: PathBuf,
    /// The search labels' directory, if any (`reversi-learn label`'s `--out`).
    pub labels: Option<PathBuf>,
    /// The weights file to write.
    pub out: PathBuf,
    /// The empties up to which the games carry exact labels.
    pub exact_empties: u32,
    /// Fits on the first `games` games of the directory (all when more).
    pub games: u64,
    pub options: FitOptions,
}

/// Mean squared errors (discs²) of one evaluation on held-out positions, by phase and kind.
#[derive(Clone, Debug, Default)]
pub struct HeldOut {
    /// `[phase][kind]`: (sum of squared errors, positions).
    pub by_phase: Vec<[(f64, usize); 3]>,
}

impl HeldOut {
    fn new() -> HeldOut {
        HeldOut {
            by_phase: vec![[(0.0, 0); 3]; PHASES],
        }
    }

    fn add(&mut self, s: &Sample, value: f64) {
        let e = &mut self.by_phase[phase(s.empties())][s.kind as usize];
        e.0 += (value - s.target as f64).powi(2);
        e.1 += 1;
    }

    /// The mean squared error of a phase's labels of `kind` (None: no such position).
    pub fn mse(&self, phase: usize, kind: LabelKind) -> Option<f64> {
        let (sum, n) = self.by_phase[phase][kind as usize];
        (n > 0).then(|| sum / n as f64)
    }

    pub fn count(&self, phase: usize, kind: LabelKind) -> usize {
        self.by_phase[phase][kind as usize].1
    }
}

/// What a fit did.
pub struct TrainReport {
    pub games: usize,
    pub train_positions: usize,
    pub held_positions: usize,
    /// Training positions by kind of label.
    pub by_kind: [usize; 3],
    pub fits: Vec<PhaseFit>,
    /// The new weights on held-out positions.
    pub new: HeldOut,
    /// The engine's current evaluation of the game on the same positions.
    pub engine: HeldOut,
    pub seconds: f64,
}

/// Reads the games (and labels), fits, writes the weights file, measures it.
pub fn train(config: &TrainConfig, log: &mut dyn FnMut(&str)) -> Result<TrainReport, String> {
    let start = Instant::now();
    let mut games = read_games(&config.data)?;
    games.truncate(config.games.min(games.len() as u64) as usize);
    let search: SearchLabels = match &config.labels {
        Some(dir) => read_search_labels(dir)?,
        None => SearchLabels::new(),
    };
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for g in &games {
        let labels = search.get(&g.index).map(Vec::as_slice);
        let s = game_samples(g, config.rules, config.exact_empties, labels)?;
        if held_out(g.index) {
            held.extend(s);
        } else {
            train.extend(s);
        }
    }
    let mut by_kind = [0usize; 3];
    for s in &train {
        by_kind[s.kind as usize] += 1;
    }
    log(&format!(
        "{} games: {} training positions ({} exact, {} searched, {} outcome), {} held out; read in {:.1} s",
        games.len(),
        train.len(),
        by_kind[0],
        by_kind[1],
        by_kind[2],
        held.len(),
        start.elapsed().as_secs_f64()
    ));
    let (values, fits) = fit(&train, config.options, log);
    let bytes = PatternWeights::file(&values);
    std::fs::write(&config.out, &bytes).map_err(|e| format!("{}: {e}", config.out.display()))?;
    let w = PatternWeights::from_bytes(&bytes).map_err(|e| e.to_string())?;
    let kind = EvalKind::for_rules(config.rules);
    let (mut new, mut engine) = (HeldOut::new(), HeldOut::new());
    for s in &held {
        new.add(s, w.evaluate(s.player, s.opponent) as f64 / 100.0);
        engine.add(s, kind.evaluate(&s.board()) as f64 / 100.0);
    }
    Ok(TrainReport {
        games: games.len(),
        train_positions: train.len(),
        held_positions: held.len(),
        by_kind,
        fits,
        new,
        engine,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The report as a Markdown table: per phase, the training fit and the held-out errors.
pub fn report_table(r: &TrainReport) -> String {
    let mut s = String::from(
        "| phase | empties | train positions | train mse | held-out exact (n) | new | engine | held-out other (n) | new | engine |\n|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
    for k in 0..PHASES {
        let other = |h: &HeldOut| {
            let (a, b) = (
                h.by_phase[k][LabelKind::Search as usize],
                h.by_phase[k][LabelKind::Outcome as usize],
            );
            (a.1 + b.1 > 0).then(|| (a.0 + b.0) / (a.1 + b.1) as f64)
        };
        let n_other = r.new.count(k, LabelKind::Search) + r.new.count(k, LabelKind::Outcome);
        s.push_str(&format!(
            "| {k} | {}-{} | {} | {:.1} | {} | {} | {} | {} | {} | {} |\n",
            PHASE_START[k],
            PHASE_START[k + 1] - 1,
            r.fits[k].positions,
            r.fits[k].mse,
            r.new.count(k, LabelKind::Exact),
            cell(r.new.mse(k, LabelKind::Exact)),
            cell(r.engine.mse(k, LabelKind::Exact)),
            n_other,
            cell(other(&r.new)),
            cell(other(&r.engine)),
        ));
    }
    s
}
