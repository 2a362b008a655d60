//! `reversi`: the command-line tool. Each subcommand lives in its own module; this file only
//! dispatches. Exit codes: 0 success, 2 bad input or a failed write (a one-line message on
//! stderr, input in it escaped), 141 when stdout's reader has gone (see [`out`]).

#![forbid(unsafe_code)]

mod agreement_bench;
mod args;
mod bench;
mod match_openings;
mod matches;
mod nboard;
mod nboard_client;
mod out;
mod perft;
mod play;
mod solve;
mod split_bench;

use std::process::ExitCode;

use args::escape;
use out::Failure;

const USAGE: &str = "usage:
  reversi perft DEPTH [--pass-is-ply|--pass-is-not-ply]
  reversi play [--inverse] [--start standard|alternative] [--board BOARD64 --side X|O] [TRANSCRIPT]
  reversi match [--a PLAYER] [--b PLAYER] [--games N] [--from GAME] [--inverse] [--plies N] [--seed S] [--tt MB] [--threads N] [--quiet]
                [--nboard-depth N] [--nboard-timeout SECONDS]
      PLAYER = parts joined by ':': a level 1..10, dN (depth N, no noise), nN (node budget),
      tN (N ms a move by the clock),
      eN (solve exactly from N empties), wide (no Multi-ProbCut), or an evaluation classic|inverse|negated;
      or nboard:CMD, an engine that speaks NBoard, run as CMD (words split at spaces; '...' or
      \"...\" quote), searching to --nboard-depth (set depth, default 8). A move not sent within
      --nboard-timeout seconds (default 60; the engine is killed), an illegal move or an engine
      that exits forfeits the game. With --inverse the engine must play the inverse game by
      itself (ours: reversi nboard --inverse).
      Examples: --a 6 --b 5, --a d4:inverse --b d4:negated --inverse,
      --a 6 --b 'nboard:./target/release/reversi nboard' --nboard-depth 4.
      Defaults: A 5, B 4, 200 games.
      Prints A's wins, draws, losses, mean disc margin and score percentage, then forfeits if any.
  reversi solve [--inverse] [--empties-to-winner] [--time SECONDS] [--tt MB]   (OBF lines on stdin)
  reversi nboard [--inverse] [--time SECONDS] [--level N | --nodes N]    (NBoard protocol 2 on stdin/stdout; at most SECONDS a search, default 10; go plays level N's node budget or N nodes, no clock)
  reversi bench [perft|midgame|endgame|all] [--obf FILE]... [--level N] [--time MS] [--depth D] [--positions N] [--plies N] [--seed S] [--ffo] [--inverse] [--tt MB]
  reversi bench split [--workers N] [--depth D] [--positions N] [--plies N] [--seed S] [--inverse] [--tt MB]
  reversi bench agreement [--level N] [--positions N] [--seed S] [--inverse]
      The endgame solves FFO 20-39 and 40-49, read from crate/engine/tests/data/ of the
      repository the binary was built from (midgame --ffo takes its positions from there);
      --obf FILE (repeatable) reads each FILE instead.";

fn main() -> ExitCode {
    let argv = match reversi_args::utf8_words(std::env::args_os().skip(1)) {
        Ok(argv) => argv,
        Err(e) => return fail(Failure::from(e)),
    };
    let Some((command, rest)) = argv.split_first() else {
        out::note(USAGE);
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft::run(rest),
        "play" => play::run(rest),
        "match" => matches::run(rest),
        "nboard" => nboard::run(rest),
        "bench" => bench::run(rest),
        "solve" => solve::run(rest),
        "help" | "--help" | "-h" => out::line(USAGE),
        other => {
            out::note(format_args!("reversi: unknown command '{}'", escape(other)));
            out::note(USAGE);
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => fail(failure),
    }
}

/// Reports `failure` (a message: on one line, input escaped) and gives its exit code.
fn fail(failure: Failure) -> ExitCode {
    match failure {
        Failure::Message(message) => {
            out::note(format_args!("reversi: {}", escape(&message)));
            ExitCode::from(2)
        }
        // The reader of stdout is gone: end quietly, with the code of a SIGPIPE death.
        Failure::BrokenPipe => ExitCode::from(141),
    }
}
