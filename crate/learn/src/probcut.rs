//! `reversi-learn probcut`: the statistics of Multi-ProbCut (`crate/engine/src/search/
//! probcut.rs`), measured on self-play positions.
//!
//! For positions drawn from the games (a fixed choice by `--seed`), full-width searches of every
//! depth 1..=D give a score each; for each depth `d` that Multi-ProbCut cuts at, the error of
//! its prediction is `score(d) - score(shallow(d))`. The tool prints the mean and standard
//! deviation of that error by depth and empties, and fits `sigma = c0 + c1 * empties + c2 *
//! depth` to the standard deviations (least squares, each cell weighted by its positions): the
//! constants the engine's error model takes.

use std::path::PathBuf;

use reversi::internals::probcut::{shallow, MIN_DEPTH};
use reversi::internals::splitmix64;
use reversi::{Ai, Board, Limits, Options, Rules};

use crate::dataset::read_games;

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct ProbCutConfig {
    pub rules: Rules,
    pub data: PathBuf,
    pub positions: usize,
    pub max_depth: u32,
    pub seed: u64,
    /// Positions have at least this many empties (and more than `max_depth`).
    pub min_empties: u32,
}

/// One measured error: depth, empties, `score(d) - score(shallow(d))` in 1/100 disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub depth: u32,
    pub empties: u32,
    pub error: f64,
}

/// The fitted model and the table it was fitted to.
pub struct ProbCutReport {
    pub samples: Vec<Sample>,
    /// `(c0, c1, c2)`.
    pub model: (f64, f64, f64),
    pub table: String,
}

/// The positions: `positions` draws of a game and a ply, the position before that ply's move.
fn positions(config: &ProbCutConfig) -> Result<Vec<Board>, String> {
    let games = read_games(&config.data)?;
    if games.is_empty() {
        return Err(format!("{}: no games", config.data.display()));
    }
    let mut state = config.seed ^ 0x9c0f_fee5;
    let mut out = Vec::with_capacity(config.positions);
    let mut tries = 0;
    while out.len() < config.positions && tries < 100 * config.positions {
        tries += 1;
        let game = &games[(splitmix64(&mut state) % games.len() as u64) as usize];
        let before = game.replay()?.before;
        let b = before[(splitmix64(&mut state) % before.len() as u64) as usize];
        if b.empty_count() >= config.min_empties.max(config.max_depth + 1) {
            out.push(b);
        }
    }
    Ok(out)
}

/// Measures the errors and fits the model.
pub fn run_probcut(
    config: &ProbCutConfig,
    log: &mut dyn FnMut(&str),
) -> Result<ProbCutReport, String> {
    let boards = positions(config)?;
    let mut ai = Ai::try_new(32).map_err(|e| e.to_string())?;
    let options = Options {
        exact_empties: 0,
        selective: false,
        ..Options::for_limits(config.rules, &Limits::NONE)
    };
    let mut samples = Vec::new();
    for (k, b) in boards.iter().enumerate() {
        let mut score = vec![0f64; config.max_depth as usize + 1];
        for d in 1..=config.max_depth {
            ai.clear();
            let limits = Limits {
                max_depth: Some(d),
                ..Limits::NONE
            };
            score[d as usize] =
                ai.analyze(*b, config.rules, &limits, &options).score as f64 * 100.0;
        }
        for d in MIN_DEPTH..=config.max_depth {
            samples.push(Sample {
                depth: d,
                empties: b.empty_count(),
                error: score[d as usize] - score[shallow(d) as usize],
            });
        }
        if (k + 1) % 20 == 0 {
            log(&format!("{} positions", k + 1));
        }
    }
    let (table, cells) = tabulate(&samples, config.max_depth);
    let model = fit_model(&cells);
    Ok(ProbCutReport {
        samples,
        model,
        table,
    })
}

/// Cells of (depth, empties bucket of 10): `(depth, mean empties, sd, count)`, and the table.
fn tabulate(samples: &[Sample], max_depth: u32) -> (String, Vec<(f64, f64, f64, f64)>) {
    let mut table = String::from(
        "| depth | shallow | empties | positions | mean error | sd |\n|---|---|---|---|---|---|\n",
    );
    let mut cells = Vec::new();
    for d in MIN_DEPTH..=max_depth {
        for bucket in 0..7u32 {
            let xs: Vec<&Sample> = samples
                .iter()
                .filter(|s| s.depth == d && s.empties / 10 == bucket)
                .collect();
            if xs.len() < 10 {
                continue;
            }
            let n = xs.len() as f64;
            let mean = xs.iter().map(|s| s.error).sum::<f64>() / n;
            let var = xs.iter().map(|s| (s.error - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let e = xs.iter().map(|s| s.empties as f64).sum::<f64>() / n;
            table.push_str(&format!(
                "| {d} | {} | {}-{} | {} | {:.0} | {:.0} |\n",
                shallow(d),
                bucket * 10,
                bucket * 10 + 9,
                xs.len(),
                mean,
                var.sqrt()
            ));
            cells.push((d as f64, e, var.sqrt(), n));
        }
    }
    (table, cells)
}

/// Weighted least squares of `sd = c0 + c1 * empties + c2 * depth` over the cells.
fn fit_model(cells: &[(f64, f64, f64, f64)]) -> (f64, f64, f64) {
    // Normal equations, 3x3.
    let mut a = [[0f64; 3]; 3];
    let mut b = [0f64; 3];
    for &(d, e, sd, n) in cells {
        let x = [1.0, e, d];
        for i in 0..3 {
            for j in 0..3 {
                a[i][j] += n * x[i] * x[j];
            }
            b[i] += n * x[i] * sd;
        }
    }
    // Gaussian elimination with a tiny ridge (a degenerate set of cells gives the mean).
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6;
    }
    for col in 0..3 {
        let pivot_row = a[col];
        for row in col + 1..3 {
            let f = a[row][col] / pivot_row[col];
            for (v, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *v -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0f64; 3];
    for i in (0..3).rev() {
        let s: f64 = (i + 1..3).map(|k| a[i][k] * x[k]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    (x[0], x[1], x[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_fit_recovers_a_linear_law() {
        let mut cells = Vec::new();
        for d in 3..12 {
            for e in [15.0, 25.0, 35.0, 45.0] {
                cells.push((d as f64, e, 100.0 + 4.0 * e + 20.0 * d as f64, 50.0));
            }
        }
        let (c0, c1, c2) = fit_model(&cells);
        assert!((c0 - 100.0).abs() < 1e-3, "{c0}");
        assert!((c1 - 4.0).abs() < 1e-4, "{c1}");
        assert!((c2 - 20.0).abs() < 1e-4, "{c2}");
    }

    #[test]
    fn cells_report_mean_and_spread() {
        let samples: Vec<Sample> = (0..40)
            .map(|k| Sample {
                depth: 4,
                empties: 30 + (k % 5),
                error: if k % 2 == 0 { 100.0 } else { -100.0 },
            })
            .collect();
        let (table, cells) = tabulate(&samples, 4);
        assert_eq!(cells.len(), 1);
        let (d, e, sd, n) = cells[0];
        assert_eq!((d, n), (4.0, 40.0));
        assert!((e - 32.0).abs() < 1e-9);
        assert!((sd - 101.3).abs() < 0.1, "{sd}");
        assert!(
            table.contains("| 4 | 2 | 30-39 | 40 | 0 | 101 |"),
            "{table}"
        );
    }
}
