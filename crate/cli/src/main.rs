//! `reversi`: the command-line tool. Each subcommand lives in its own module; this file only
//! dispatches. Exit codes: 0 success, 2 bad input (message on stderr).

mod args;
mod perft;
mod play;

use std::process::ExitCode;

const USAGE: &str = "usage:
  reversi perft DEPTH [--pass-is-ply|--pass-is-not-ply]
  reversi play [--inverse] [--start standard|alternative] [--board BOARD64 --side X|O] [TRANSCRIPT]";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = argv.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft::run(rest),
        "play" => play::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reversi: {message}");
            ExitCode::from(2)
        }
    }
}
