//! `reversi-learn`: re-learns the evaluation weights of one game; `reversi-learn games` plays
//! the self-play games of the next evaluation's data (see README.md).

#![forbid(unsafe_code)]

use std::process::ExitCode;

use std::path::PathBuf;

use reversi::internals::pattern::PatternWeights;
use reversi::Rules;
use reversi_args::Args;
use reversi_learn::exact::{error_table, read_exact_set, run_exact, ExactConfig};
use reversi_learn::games::run_games;
use reversi_learn::labels::{run_labels, LabelConfig};
use reversi_learn::openings::{balanced_openings, format_list, OpeningsConfig};
use reversi_learn::patterns::FitOptions;
use reversi_learn::probcut::{run_probcut, ProbCutConfig};
use reversi_learn::provenance::{command_line, git_state, RunInfo};
use reversi_learn::splice::splice as splice_files;
use reversi_learn::train::{report_table, train, TrainConfig};
use reversi_learn::{parse_games_os_args, GamesArgError};

const USAGE: &str =
    "usage: reversi-learn games|label|fit [options]   (--help after each for its own)
  games   plays the self-play games of the data set (resumable)
  label   labels their positions by searches of the engine's evaluation (resumable)
  fit     fits the pattern evaluation's weights file on them
  probcut measures the errors of Multi-ProbCut's shallow searches and fits their model
  openings makes a list of balanced openings for `reversi match --openings`
  exact   solves a set of held-out positions beyond the games' exact labels (resumable)
  error   the errors of weights files on such a set, by empties
  splice  one weights file's phases before a given one, another's from it on";

fn main() -> ExitCode {
    match std::env::args_os().nth(1).as_ref().and_then(|a| a.to_str()) {
        Some("games") => games(),
        Some("fit") => subcommand("fit", fit),
        Some("label") => subcommand("label", label),
        Some("probcut") => subcommand("probcut", probcut),
        Some("openings") => subcommand("openings", openings),
        Some("exact") => subcommand("exact", exact),
        Some("error") => subcommand("error", error),
        Some("splice") => subcommand("splice", splice),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
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

const FIT_USAGE: &str = "usage: reversi-learn fit --rules classic|inverse --data DIR --out FILE.bin
       [--labels DIR] [--games N] [--exact-empties 20] [--ridge 40] [--iterations 300] [--window 2]
Fits the pattern evaluation's tables on the self-play games of DIR (and the search labels
of --labels), writes the weights file, prints the held-out errors by phase (Markdown).";

const LABEL_USAGE: &str =
    "usage: reversi-learn label --rules classic|inverse --data DIR --out DIR --depth D
       [--games N] [--exact-empties 20] [--threads 1]
Labels the positions of the games of --data with more than --exact-empties empties by a
search of --depth plies with the engine's evaluation (resumable; see crate/learn/README.md).";

/// A subcommand's failure: a bad command line (exit 2) or a failed run (exit 1).
enum Failure {
    Usage(String),
    Run(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Run(e)
    }
}

/// Runs `reversi-learn NAME ...` with its arguments after NAME.
fn subcommand(name: &str, f: fn(Args) -> Result<(), Failure>) -> ExitCode {
    let args = match Args::from_os(std::env::args_os().skip(2)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("reversi-learn {name}: {e}");
            return ExitCode::from(2);
        }
    };
    match f(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            eprintln!("reversi-learn {name}: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Run(e)) => {
            eprintln!("reversi-learn {name}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn required(a: &mut Args, name: &str, usage: &str) -> Result<PathBuf, Failure> {
    match a
        .option(name)
        .map_err(|e| Failure::Usage(format!("{e}\n{usage}")))?
    {
        Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
        _ => Err(Failure::Usage(format!("{name} is required\n{usage}"))),
    }
}

fn rules_arg(a: &mut Args, usage: &str) -> Result<Rules, Failure> {
    a.parsed("--rules", "classic or inverse")
        .map_err(|e| Failure::Usage(format!("{e}\n{usage}")))?
        .ok_or_else(|| Failure::Usage(format!("--rules is required\n{usage}")))
}

fn fit(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{FIT_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{FIT_USAGE}"));
    let rules = rules_arg(&mut a, FIT_USAGE)?;
    let data = required(&mut a, "--data", FIT_USAGE)?;
    let out = required(&mut a, "--out", FIT_USAGE)?;
    let labels = a.option("--labels").map_err(u)?.map(PathBuf::from);
    let d = FitOptions::default();
    let options = FitOptions {
        ridge: a.number("--ridge", d.ridge, 0.0..=1e9).map_err(u)?,
        iterations: a
            .number("--iterations", d.iterations, 1..=100_000)
            .map_err(u)?,
        window: a.number("--window", d.window, 0..=60).map_err(u)?,
        ..d
    };
    let exact_empties = a.number("--exact-empties", 20, 0..=30).map_err(u)?;
    let games = a.number("--games", u64::MAX, 1..=u64::MAX).map_err(u)?;
    a.finish().map_err(u)?;
    let config = TrainConfig {
        games,
        rules,
        data,
        labels,
        out,
        exact_empties,
        options,
    };
    let r = train(&config, &mut |l| eprintln!("{l}"))?;
    println!(
        "{} games, {} training positions ({} exact, {} searched, {} outcome), {} held out, {:.0} s",
        r.games,
        r.train_positions,
        r.by_kind[0],
        r.by_kind[1],
        r.by_kind[2],
        r.held_positions,
        r.seconds
    );
    println!("Held-out mean squared errors in discs² (`new`: these weights; `engine`: the engine's current evaluation of the game):\n");
    print!("{}", report_table(&r));
    println!("\nwrote {}", config.out.display());
    Ok(())
}

fn label(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{LABEL_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{LABEL_USAGE}"));
    let rules = rules_arg(&mut a, LABEL_USAGE)?;
    let data = required(&mut a, "--data", LABEL_USAGE)?;
    let out = required(&mut a, "--out", LABEL_USAGE)?;
    let depth = a.number("--depth", 0, 1..=20).map_err(u)?;
    if depth == 0 {
        return Err(Failure::Usage(format!(
            "--depth is required\n{LABEL_USAGE}"
        )));
    }
    let config = LabelConfig {
        rules,
        data,
        out,
        depth,
        exact_empties: a.number("--exact-empties", 20, 0..=30).map_err(u)?,
        games: a.number("--games", u64::MAX, 1..=u64::MAX).map_err(u)?,
        threads: a.number("--threads", 1, 1..=64).map_err(u)?,
        run: {
            let (commit, tree) = git_state(std::path::Path::new("."));
            format!(
                "{} | commit {commit} ({tree})",
                command_line(std::env::args_os())
            )
        },
    };
    a.finish().map_err(u)?;
    let r = run_labels(&config, &mut |l| eprintln!("{l}"))?;
    println!(
        "{} games; labelled {} in this run, {:.0} s",
        r.games, r.labelled_now, r.seconds
    );
    Ok(())
}

const PROBCUT_USAGE: &str = "usage: reversi-learn probcut --rules classic|inverse --data DIR
       [--positions 300] [--max-depth 10] [--min-empties 14] [--seed 1]
Full-width searches of every depth up to --max-depth on positions drawn from the games of
--data; prints the errors of Multi-ProbCut's predictions by depth and empties and the fitted
sigma = c0 + c1 * empties + c2 * depth (1/100 disc).";

fn probcut(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{PROBCUT_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{PROBCUT_USAGE}"));
    let rules = rules_arg(&mut a, PROBCUT_USAGE)?;
    let data = required(&mut a, "--data", PROBCUT_USAGE)?;
    let config = ProbCutConfig {
        rules,
        data,
        positions: a.number("--positions", 300, 1..=1_000_000).map_err(u)?,
        max_depth: a.number("--max-depth", 10, 3..=16).map_err(u)?,
        min_empties: a.number("--min-empties", 14, 1..=60).map_err(u)?,
        seed: a.number("--seed", 1, 0..=u64::MAX).map_err(u)?,
    };
    a.finish().map_err(u)?;
    let r = run_probcut(&config, &mut |l| eprintln!("{l}"))?;
    println!("{} measured errors (1/100 disc):\n", r.samples.len());
    print!("{}", r.table);
    let (c0, c1, c2) = r.model;
    println!(
        "\nsigma = {c0:.1} + {c1:.2} * empties + {c2:.2} * depth\n\nSigmaModel {{ c0: {c0:.1}, c1: {c1:.2}, c2: {c2:.2} }}"
    );
    Ok(())
}

const OPENINGS_USAGE: &str = "usage: reversi-learn openings --rules classic|inverse --out FILE
       [--count 200] [--plies 8] [--within 2] [--nodes 4000000] [--seed 1] [--threads 1]
Draws random lines of --plies moves from the standard start and keeps the first --count whose
score by a search of --nodes nodes (the game's shipped evaluation) is within --within discs
of even; writes them to FILE, one transcript and score a line, headed by how it was made.";

fn openings(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{OPENINGS_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{OPENINGS_USAGE}"));
    let rules = rules_arg(&mut a, OPENINGS_USAGE)?;
    let out = required(&mut a, "--out", OPENINGS_USAGE)?;
    let config = OpeningsConfig {
        rules,
        count: a.number("--count", 200, 1..=100_000).map_err(u)?,
        plies: a.number("--plies", 8, 1..=40).map_err(u)?,
        within: a.number("--within", 2.0, 0.0..=64.0).map_err(u)?,
        nodes: a.number("--nodes", 4_000_000, 100..=u64::MAX).map_err(u)?,
        seed: a.number("--seed", 1, 0..=u64::MAX).map_err(u)?,
        threads: a.number("--threads", 1, 1..=64).map_err(u)?,
    };
    a.finish().map_err(u)?;
    let start = std::time::Instant::now();
    let (kept, used) = balanced_openings(&config, &mut |l| eprintln!("{l}"))?;
    if kept.len() < config.count {
        return Err(Failure::Run(format!(
            "only {} of {} lines drawn are within {} discs; ask for fewer or a wider --within",
            kept.len(),
            used,
            config.within
        )));
    }
    // The file itself is the only change that leaves the engine clean.
    std::fs::write(&out, "").map_err(|e| format!("{}: {e}", out.display()))?;
    let (commit, tree) = git_state(&out);
    let header = vec![
        format!(
            "{} balanced openings of the {} game: lines of {} random moves from the standard start",
            kept.len(),
            rules.name(),
            config.plies
        ),
        format!(
            "that a search of {} nodes scores within {} discs of even ({} of the first {} lines drawn).",
            config.nodes, config.within, kept.len(), used
        ),
        "Each line: the moves, then the score for the side to move in discs.".into(),
        format!("command: {}", command_line(std::env::args_os())),
        format!("engine: commit {commit} ({tree})"),
    ];
    std::fs::write(&out, format_list(&header, &kept))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "{} openings of {} lines in {:.0} s: wrote {}",
        kept.len(),
        used,
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

const EXACT_USAGE: &str = "usage: reversi-learn exact --rules classic|inverse --data DIR --out FILE
       [--empties 21-28] [--per-empties 20] [--threads 1]
Solves exactly the first --per-empties positions of each number of --empties taken from the
held-out games of DIR (one position a game) and appends them to FILE (resumable).";

fn exact(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{EXACT_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{EXACT_USAGE}"));
    let rules = rules_arg(&mut a, EXACT_USAGE)?;
    let data = required(&mut a, "--data", EXACT_USAGE)?;
    let out = required(&mut a, "--out", EXACT_USAGE)?;
    let range = a
        .option("--empties")
        .map_err(u)?
        .unwrap_or_else(|| "21-28".into());
    let empties = range
        .split_once('-')
        .and_then(|(lo, hi)| Some((lo.parse::<u32>().ok()?, hi.parse::<u32>().ok()?)))
        .filter(|&(lo, hi)| 1 <= lo && lo <= hi && hi <= 40)
        .ok_or_else(|| {
            Failure::Usage(format!(
                "--empties: expected LO-HI within 1-40, found '{range}'\n{EXACT_USAGE}"
            ))
        })?;
    let config = ExactConfig {
        rules,
        data,
        empties,
        per_empties: a.number("--per-empties", 20, 1..=100_000).map_err(u)?,
        threads: a.number("--threads", 1, 1..=64).map_err(u)?,
        run: {
            let (commit, tree) = git_state(&out);
            format!(
                "{} | commit {commit} ({tree})",
                command_line(std::env::args_os())
            )
        },
        out,
    };
    a.finish().map_err(u)?;
    let r = run_exact(&config, &mut |l| eprintln!("{l}"))?;
    println!(
        "{} positions; solved {} in this run, {:.0} s",
        r.positions, r.solved_now, r.seconds
    );
    Ok(())
}

const ERROR_USAGE: &str =
    "usage: reversi-learn error --rules classic|inverse --set FILE [--weights FILE.bin]...
Prints the errors (discs², and the mean error) of the game's shipped tables and of each
--weights file on the exact set FILE (`reversi-learn exact`), by empties (Markdown).";

fn error(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{ERROR_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{ERROR_USAGE}"));
    let rules = rules_arg(&mut a, ERROR_USAGE)?;
    let set = required(&mut a, "--set", ERROR_USAGE)?;
    let files = a.options("--weights").map_err(u)?;
    a.finish().map_err(u)?;
    let set = read_exact_set(&set)?;
    let bytes: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| {
            std::fs::read(f)
                .map(|b| (f.clone(), b))
                .map_err(|e| format!("{f}: {e}"))
        })
        .collect::<Result<_, String>>()?;
    let shipped = match rules {
        Rules::Classic => *PatternWeights::classic(),
        Rules::Inverse => *PatternWeights::inverse(),
    };
    let mut weights = vec![("shipped".to_string(), shipped)];
    for (name, b) in &bytes {
        weights.push((
            name.clone(),
            PatternWeights::from_bytes(b).map_err(|e| format!("{name}: {e}"))?,
        ));
    }
    print!("{}", error_table(&set, &weights));
    Ok(())
}

const SPLICE_USAGE: &str =
    "usage: reversi-learn splice --base FILE.bin --from FILE.bin --from-phase K --out FILE.bin
Writes the weights file with phases 0..K of --base and K.. of --from (phase k covers 5k to
5k + 4 empties, the last 55-64; the exact solver orders by phases 0-4); prints the checksum.";

fn splice(mut a: Args) -> Result<(), Failure> {
    if a.flag("-h") || a.flag("--help") {
        println!("{SPLICE_USAGE}");
        return Ok(());
    }
    let u = |e: reversi_args::ArgError| Failure::Usage(format!("{e}\n{SPLICE_USAGE}"));
    let base = required(&mut a, "--base", SPLICE_USAGE)?;
    let from = required(&mut a, "--from", SPLICE_USAGE)?;
    let out = required(&mut a, "--out", SPLICE_USAGE)?;
    let phases = reversi::internals::pattern::PHASES;
    let from_phase = match a.option("--from-phase").map_err(u)? {
        Some(v) => reversi_args::number_in("--from-phase", &v, 0..=phases - 1).map_err(u)?,
        None => {
            return Err(Failure::Usage(format!(
                "--from-phase is required\n{SPLICE_USAGE}"
            )))
        }
    };
    a.finish().map_err(u)?;
    let read = |p: &PathBuf| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let (base_bytes, from_bytes) = (read(&base)?, read(&from)?);
    let check =
        |p: &PathBuf, b| PatternWeights::from_bytes(b).map_err(|e| format!("{}: {e}", p.display()));
    let file = splice_files(
        &check(&base, &base_bytes)?,
        &check(&from, &from_bytes)?,
        from_phase,
    );
    std::fs::write(&out, &file).map_err(|e| format!("{}: {e}", out.display()))?;
    let written = PatternWeights::from_bytes(&file).map_err(|e| e.to_string())?;
    println!(
        "wrote {} (fnv32 {:08x}): phases 0..{from_phase} of {}, {from_phase}..{phases} of {}",
        out.display(),
        written.checksum(),
        base.display(),
        from.display()
    );
    Ok(())
}
