//! `reversi`: the command-line tool. Each subcommand lives in its own module; this file only
//! dispatches. Exit codes: 0 success, 2 bad input (message on stderr).

mod args;
mod bench;
mod matches;
mod nboard;
mod perft;
mod play;
mod solve;

use std::process::ExitCode;

const USAGE: &str = "usage:
  reversi perft DEPTH [--pass-is-ply|--pass-is-not-ply]
  reversi play [--inverse] [--start standard|alternative] [--board BOARD64 --side X|O] [TRANSCRIPT]
  reversi match [--a PLAYER] [--b PLAYER] [--games N] [--from GAME] [--inverse] [--plies N] [--seed S] [--tt MB] [--threads N] [--quiet]
      PLAYER = parts joined by ':': a level 1..10, dN (depth N, no noise), nN (node budget),
      eN (solve exactly from N empties), or an evaluation classic|inverse|negated.
      Examples: --a 6 --b 5, --a d4:inverse --b d4:negated --inverse. Defaults: A 5, B 4, 200 games.
      Prints A's wins, draws, losses, mean disc margin and score percentage.
  reversi solve [--inverse] [--empties-to-winner] [--time SECONDS] [--tt MB]   (OBF lines on stdin)
  reversi nboard [--inverse] [--time SECONDS]    (NBoard protocol 2 on stdin/stdout; at most SECONDS a search, default 10)
  reversi bench [perft|midgame|endgame|all] [--level N] [--time MS] [--positions N] [--plies N] [--seed S] [--ffo] [--inverse] [--tt MB]";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = argv.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft::run(rest),
        "play" => play::run(rest),
        "match" => matches::run(rest),
        "nboard" => nboard::run(rest),
        "bench" => bench::run(rest),
        "solve" => solve::run(rest),
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
