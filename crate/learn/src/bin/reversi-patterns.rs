//! `reversi-patterns`: the pattern tables of the exact solver's move ordering.
//!
//! ```text
//! reversi-patterns samples RULES GAMES FIRST_GAME MIN_EMPTIES MAX_EMPTIES SEED > FILE
//! reversi-patterns fit RULES OUT.bin RIDGE ITERATIONS FILE...
//! ```
//!
//! `samples` plays self-play games (as `reversi-learn` does) and prints the positions with
//! MIN..=MAX empties labelled with the solver's exact score; `fit` fits the tables on sample
//! files, prints the mean squared error on the training and held-out samples (every tenth
//! line) per phase, and writes the weights file the engine loads.

use std::io::Write;
use std::process::ExitCode;

use reversi::internals::pattern::{phase, PatternWeights, PHASES};
use reversi::{EvalKind, Rules};
use reversi_learn::patterns::{fit, parse_samples, sample_line, PatternSample};
use reversi_learn::selfplay::play_games;
use reversi_learn::Config;

const USAGE: &str =
    "usage: reversi-patterns samples RULES GAMES FIRST_GAME MIN_EMPTIES MAX_EMPTIES SEED
       reversi-patterns fit RULES OUT.bin RIDGE ITERATIONS FILE...";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("samples") if args.len() == 7 => samples(&args[1..]),
        Some("fit") if args.len() >= 6 => fit_files(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi-patterns: {e}");
            ExitCode::from(2)
        }
    }
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("bad number `{s}`\n{USAGE}"))
}

fn samples(a: &[String]) -> Result<(), String> {
    let rules: Rules = a[0].parse().map_err(|_| format!("bad rules `{}`", a[0]))?;
    let (games, first): (u64, u64) = (number(&a[1])?, number(&a[2])?);
    let (min_e, max_e): (u32, u32) = (number(&a[3])?, number(&a[4])?);
    let seed: u64 = number(&a[5])?;
    // The games of reversi-learn's defaults, solved from MAX_EMPTIES.
    let config = Config {
        rules,
        exact_empties: max_e,
        ..Config::default()
    }
    .play();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut g = first;
    while g < first + games {
        let end = (g + 100).min(first + games);
        for s in play_games(&config, seed, g..end, 1, &mut |_| {}) {
            if s.exact && s.board.empty_count() >= min_e {
                let sample = PatternSample {
                    player: s.board.player,
                    opponent: s.board.opponent,
                    score: s.target,
                };
                writeln!(out, "{}", sample_line(&sample)).map_err(|e| e.to_string())?;
            }
        }
        out.flush().map_err(|e| e.to_string())?;
        eprintln!("{end} games");
        g = end;
    }
    Ok(())
}

fn fit_files(a: &[String]) -> Result<(), String> {
    let rules: Rules = a[0].parse().map_err(|_| format!("bad rules `{}`", a[0]))?;
    let out = &a[1];
    let ridge: f64 = number(&a[2])?;
    let iterations: usize = number(&a[3])?;
    let kind = EvalKind::for_rules(rules);
    let mut all = Vec::new();
    for path in &a[4..] {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        all.extend(parse_samples(&text).map_err(|e| format!("{path}: {e}"))?);
    }
    let (train, held): (Vec<_>, Vec<_>) = all.iter().enumerate().partition(|(i, _)| i % 10 != 9);
    let train: Vec<PatternSample> = train.into_iter().map(|(_, s)| *s).collect();
    let held: Vec<PatternSample> = held.into_iter().map(|(_, s)| *s).collect();
    let (values, stats) = fit(&train, ridge, iterations, &mut |l| eprintln!("{l}"));
    let bytes = PatternWeights::to_bytes(&values);
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    let w = PatternWeights::from_bytes(&bytes).map_err(|e| e.to_string())?;
    println!("phase  train  mse(train)  held  mse(held)  mse(held, fitted features)");
    for (k, (n, mse)) in stats.iter().enumerate().take(PHASES) {
        let (mut e, mut f, mut m) = (0.0, 0.0, 0usize);
        for s in held.iter().filter(|s| phase(s.empties()) == k) {
            let board = reversi::Board {
                player: s.player,
                opponent: s.opponent,
            };
            e += (w.evaluate(s.player, s.opponent) as f64 / 100.0 - s.score as f64).powi(2);
            f += (kind.evaluate(&board) as f64 / 100.0 - s.score as f64).powi(2);
            m += 1;
        }
        let d = m.max(1) as f64;
        println!("{k:5} {n:6} {mse:10.2} {m:6} {:10.2} {:10.2}", e / d, f / d);
    }
    println!("wrote {out}");
    Ok(())
}
