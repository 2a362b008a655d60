//! `reversi-learn`: re-learns the evaluation weights of one game; `reversi-learn games` plays
//! the self-play games of the next evaluation's data (see README.md).

#![forbid(unsafe_code)]

use std::process::ExitCode;

use reversi_learn::games::{command_line, git_state, run_games, RunInfo};
use reversi_learn::{parse_games_os_args, parse_os_args, run, ArgError, Errors, GamesArgError};

fn main() -> ExitCode {
    if std::env::args_os().nth(1).is_some_and(|a| a == "games") {
        return games();
    }
    let config = match parse_os_args(std::env::args_os().skip(1)) {
        Ok(c) => c,
        Err(ArgError::Help) => {
            println!("{}", ArgError::Help);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("reversi-learn: {e}");
            return ExitCode::from(2);
        }
    };
    let report = match run(&config, &mut |line| eprintln!("{line}")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("reversi-learn: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} positions ({} exact) in {:.1} s; wrote {} and {}",
        report.positions,
        report.exact_positions,
        report.seconds,
        report.weights_file.display(),
        report.edges_file.display()
    );
    println!("mse (discs^2)      all   e0-14  e15-29  e30-44  e45-64");
    print_errors("train, new", &report.train);
    if let Some((new, shipped)) = &report.validation {
        print_errors("held-out, new", new);
        print_errors("held-out, shipped", shipped);
    }
    ExitCode::SUCCESS
}

fn print_errors(what: &str, e: &Errors) {
    print!("{what:<17} {:6.1}", e.all);
    for v in &e.by_phase {
        print!("  {v:6.1}");
    }
    println!("   ({} positions)", e.positions);
}

/// `reversi-learn games ...`
fn games() -> ExitCode {
    let config = match parse_games_os_args(std::env::args_os().skip(2)) {
        Ok(c) => c,
        Err(GamesArgError::Help) => {
            println!("{}", GamesArgError::Help);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("reversi-learn games: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&config.out) {
        eprintln!(
            "reversi-learn games: {}: {e}",
            reversi_args::escape_os(config.out.as_os_str())
        );
        return ExitCode::FAILURE;
    }
    let (commit, tree) = git_state(&config.out);
    let info = RunInfo {
        command: command_line(std::env::args_os()),
        commit,
        tree,
    };
    match run_games(&config, &info, &mut |line| eprintln!("{line}")) {
        Ok(r) => {
            println!(
                "{} {} games, {} labelled positions; this run: {} games, {} labels in {:.1} s",
                r.games,
                config.rules.name(),
                r.labels,
                r.added_games,
                r.added_labels,
                r.seconds
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi-learn games: {e}");
            ExitCode::FAILURE
        }
    }
}
