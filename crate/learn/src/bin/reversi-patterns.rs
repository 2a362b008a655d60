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

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use reversi::internals::pattern::{phase, PatternWeights, PHASES};
use reversi::{EvalKind, Rules};
use reversi_args::{escape, parse_as, ArgError, Args};
use reversi_learn::patterns::{fit, parse_samples, sample_line, PatternSample};
use reversi_learn::selfplay::play_games;
use reversi_learn::Config;

const USAGE: &str =
    "usage: reversi-patterns samples RULES GAMES FIRST_GAME MIN_EMPTIES MAX_EMPTIES SEED
       reversi-patterns fit RULES OUT.bin RIDGE ITERATIONS FILE...";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reversi-patterns: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    // The tools' shared reader: arguments as the OS gives them, all positional.
    let args = Args::from_os(std::env::args_os().skip(1))
        .and_then(|a| a.positional(usize::MAX))
        .map_err(usage)?;
    match args.first().map(String::as_str) {
        Some("samples") if args.len() == 7 => samples(&args[1..]),
        Some("fit") if args.len() >= 6 => fit_files(&args[1..]),
        _ => Err(USAGE.to_string()),
    }
}

fn usage(e: ArgError) -> String {
    format!("{e}\n{USAGE}")
}

/// The positional argument `name` as a number.
fn number<T: std::str::FromStr>(name: &str, s: &str) -> Result<T, String> {
    parse_as(name, s, "a number").map_err(usage)
}

fn rules(s: &str) -> Result<Rules, String> {
    parse_as("RULES", s, "classic or inverse").map_err(usage)
}

fn samples(a: &[String]) -> Result<(), String> {
    let rules = rules(&a[0])?;
    let (games, first): (u64, u64) = (number("GAMES", &a[1])?, number("FIRST_GAME", &a[2])?);
    let (min_e, max_e): (u32, u32) = (number("MIN_EMPTIES", &a[3])?, number("MAX_EMPTIES", &a[4])?);
    let seed: u64 = number("SEED", &a[5])?;
    // The games of reversi-learn's defaults, solved from MAX_EMPTIES.
    let config = Config {
        rules,
        exact_empties: max_e,
        ..Config::default()
    }
    .play();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let last = first
        .checked_add(games)
        .ok_or_else(|| format!("FIRST_GAME + GAMES is beyond {}", u64::MAX))?;
    let mut g = first;
    while g < last {
        let end = g.saturating_add(100).min(last);
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
    let rules = rules(&a[0])?;
    let out = &a[1];
    let ridge: f64 = number("RIDGE", &a[2])?;
    let iterations: usize = number("ITERATIONS", &a[3])?;
    let kind = EvalKind::for_rules(rules);
    let mut all = Vec::new();
    for path in &a[4..] {
        let shown = escape(path);
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        all.extend(
            parse_samples(&text).map_err(|e| format!("{shown}: {}", escape(&e.to_string())))?,
        );
    }
    let (train, held): (Vec<_>, Vec<_>) = all.iter().enumerate().partition(|(i, _)| i % 10 != 9);
    let train: Vec<PatternSample> = train.into_iter().map(|(_, s)| *s).collect();
    let held: Vec<PatternSample> = held.into_iter().map(|(_, s)| *s).collect();
    let (values, stats) = fit(&train, ridge, iterations, &mut |l| eprintln!("{l}"));
    let bytes = PatternWeights::file(&values);
    std::fs::write(out, &bytes).map_err(|e| format!("{}: {e}", escape(out)))?;
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
