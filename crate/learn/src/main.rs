//! `reversi-learn`: re-learns the evaluation weights of one game (see README.md).

#![forbid(unsafe_code)]

use std::process::ExitCode;

use reversi_learn::{parse_os_args, run, ArgError, Errors};

fn main() -> ExitCode {
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
