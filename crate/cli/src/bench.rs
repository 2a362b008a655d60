//! `reversi bench [perft|midgame|endgame|split|agreement|all]` (default all, which leaves out
//! split and agreement):
//! the engine's benchmarks in one command. Timing only: nothing here is a test (the endgame part still checks each score
//! against the one its file lists).
//!
//! - perft: perft 11 from the standard start.
//! - endgame: exact solving of FFO 20-39 and 40-49 (empties to the winner), a fresh solver
//!   with the default table ([`Solver::DEFAULT_TABLE_MB`]), per-position and total time and
//!   nodes. `--obf FILE` (repeatable) solves the whole of each FILE instead.
//! - midgame: searches each of a set of positions for a fixed time (default 1000 ms, no exact
//!   solving) and prints the depth reached, the nodes and nodes per second, then the medians.
//!   With `--depth D`, each search goes to depth D instead, whatever the time: its node counts
//!   and times (and their geometric means) compare move ordering and pruning without a
//!   clock's noise in the nodes.
//!
//! - split: the top level's search on one thread and split over several
//!   (`crate::split_bench`).
//! - agreement: a level's moves against the exact solver's at 22-26 empties
//!   (`crate::agreement_bench`).
//!
//! Midgame positions: after `--plies` (default 20) random moves from the standard start
//! (deterministic by `--seed`), or with `--ffo` the positions of the OBF files (FFO 20-39 then
//! 40-59, or the `--obf` files). With `--level N`, each position is played at that level
//! instead (its budget, the native clock).
//!
//! The FFO files are read when the benchmark runs (they are the engine's test data, not part
//! of the binary): by default from `crate/engine/tests/data/` of the repository the binary was
//! built from, so `./target/release/reversi bench` works from any directory; a binary moved
//! elsewhere needs `--obf`. A missing or malformed file is an error before any benchmark runs.

use std::path::{Path, PathBuf};

use reversi::native_clock;
use reversi::{
    perft, random_openings, Ai, EvalKind, Level, Limits, MoveScores, Options, PassRule, Position,
    Rules, Scoring, Solver,
};

use crate::args::{escape, level, number_in, rules, Args, MAX_TT_MB};
use crate::out::{self, shown, Failure};

/// The engine's test data directory in the repository this binary was built from.
fn data_dir() -> PathBuf {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    cli.parent().unwrap_or(cli).join("engine/tests/data")
}

/// The positions of an OBF file, with their listed move scores.
struct Suite {
    name: String,
    positions: Vec<(Position, MoveScores)>,
    /// How many of them the endgame benchmark solves (all when `None`).
    take: Option<usize>,
}

impl Suite {
    /// Reads and parses `path` (blank lines and `%` comments skipped); `shown_path` names the
    /// file in errors.
    fn read(
        name: String,
        path: &Path,
        shown_path: &str,
        take: Option<usize>,
    ) -> Result<Suite, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown_path}: {e}"))?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            format!(
                "{shown_path}: not UTF-8 text (byte {} is invalid)",
                e.valid_up_to() + 1
            )
        })?;
        let mut positions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') {
                continue;
            }
            let parsed = Position::parse_obf(line).map_err(|e| {
                format!(
                    "{shown_path} line {}: not an OBF position: {}",
                    i + 1,
                    shown(e)
                )
            })?;
            positions.push(parsed);
        }
        if positions.is_empty() {
            return Err(format!("{shown_path}: no OBF position in the file"));
        }
        Ok(Suite {
            name,
            positions,
            take,
        })
    }

    /// The `--obf` files, or FFO 20-39 and 40-59 (of which the endgame solves 40-49).
    fn load(files: &[String]) -> Result<Vec<Suite>, String> {
        if files.is_empty() {
            let dir = data_dir();
            return [
                ("FFO 20-39", "fforum-20-39.obf", None),
                ("FFO 40-49", "fforum-40-59.obf", Some(10)),
            ]
            .into_iter()
            .map(|(name, file, take)| {
                let path = dir.join(file);
                Suite::read(name.to_string(), &path, &shown(path.display()), take).map_err(|e| {
                    format!("{e} (the FFO suites of the repository reversi was built in; or --obf FILE)")
                })
            })
            .collect();
        }
        files
            .iter()
            .map(|f| {
                let name = escape(f).into_owned();
                Suite::read(name.clone(), Path::new(f), &name, None)
                    .map_err(|e| format!("--obf: {e}"))
            })
            .collect()
    }

    fn endgame_positions(&self) -> &[(Position, MoveScores)] {
        &self.positions[..self.take.unwrap_or(usize::MAX).min(self.positions.len())]
    }
}

/// The midgame benchmark's options.
#[derive(Clone, Copy)]
struct Midgame {
    rules: Rules,
    ffo: bool,
    time_ms: u64,
    depth: Option<u32>,
    count: usize,
    plies: u32,
    seed: u64,
    tt: usize,
    level: Option<Level>,
}

impl Midgame {
    fn read(args: &mut Args) -> Result<Midgame, Failure> {
        Ok(Midgame {
            rules: rules(args),
            ffo: args.flag("--ffo"),
            time_ms: args.number("--time", 1000u64, 1..=3_600_000)?,
            depth: match args.option("--depth")? {
                Some(v) => Some(number_in("--depth", &v, 1u32..=60)?),
                None => None,
            },
            count: args.number("--positions", 10usize, 1..=10_000)?,
            plies: args.number("--plies", 20u32, 0..=60)?,
            seed: args.number("--seed", 1u64, 0..=u64::MAX)?,
            tt: args.number("--tt", 32usize, 1..=MAX_TT_MB)?,
            level: level(args)?,
        })
    }
}

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let (what, rest) = match argv.first().map(String::as_str) {
        Some("split") => return crate::split_bench::run(Args::new(&argv[1..])),
        Some("agreement") => return crate::agreement_bench::run(Args::new(&argv[1..])),
        Some(w @ ("perft" | "midgame" | "endgame" | "all")) => (w, &argv[1..]),
        Some(w) if !w.starts_with("--") => {
            return Err(format!(
                "unknown benchmark '{}' (perft, midgame, endgame, split, agreement or all)",
                escape(w)
            )
            .into())
        }
        _ => ("all", argv),
    };
    let (endgame, midgame) = (
        matches!(what, "endgame" | "all"),
        matches!(what, "midgame" | "all"),
    );
    // Every option is read (and the files loaded) before any benchmark runs; perft takes
    // none, the endgame only --obf.
    let mut args = Args::new(rest);
    let files = if endgame || midgame {
        args.options("--obf")?
    } else {
        Vec::new()
    };
    let options = if midgame {
        Some(Midgame::read(&mut args)?)
    } else {
        None
    };
    args.finish()?;
    let suites = if endgame || options.as_ref().is_some_and(|m| m.ffo) {
        Suite::load(&files)?
    } else {
        Vec::new()
    };

    if matches!(what, "perft" | "all") {
        perft_bench()?;
    }
    if endgame {
        endgame_bench(&suites)?;
    }
    if let Some(options) = options {
        midgame_bench(&options, &suites)?;
    }
    Ok(())
}

fn perft_bench() -> Result<(), Failure> {
    let t0 = native_clock();
    let leaves = perft(Position::standard().board, 11, PassRule::PassIsPly);
    let secs = (native_clock() - t0) / 1000.0;
    out::line(format_args!(
        "perft 11: {leaves} leaves in {secs:.3} s, {:.0} M leaves/s",
        leaves as f64 / secs / 1e6
    ))
}

fn endgame_bench(suites: &[Suite]) -> Result<(), Failure> {
    for suite in suites {
        let name = &suite.name;
        out::line(format_args!("{name}: exact, empties to the winner"))?;
        let mut solver = Solver::try_new(Solver::DEFAULT_TABLE_MB).map_err(|e| e.to_string())?;
        let (mut total_ms, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
        for (i, (pos, scores)) in suite.endgame_positions().iter().enumerate() {
            let t0 = native_clock();
            let solution = solver
                .solve(
                    pos.board,
                    Rules::Classic,
                    Scoring::EmptiesToWinner,
                    &Limits::NONE,
                )
                .ok_or("the solver stopped without a limit")?;
            let ms = native_clock() - t0;
            // The first listed score is the best; a position without scores is not checked.
            let check = scores.first().map(|&(_, best)| {
                best == solution.score
                    && scores
                        .iter()
                        .any(|&(m, s)| m == solution.best && s == solution.score)
            });
            wrong += usize::from(check == Some(false));
            total_ms += ms;
            total_nodes += solver.nodes();
            out::line(format_args!(
                "  {:2}  {} empties  {:>4} {:+3}  {:11} nodes  {:8.0} ms  {}",
                i + 1,
                pos.board.empty_count(),
                solution.best.map_or("pass".to_string(), |s| s.to_string()),
                solution.score,
                solver.nodes(),
                ms,
                match check {
                    Some(true) => "ok",
                    Some(false) => "WRONG",
                    None => "-",
                }
            ))?;
        }
        out::line(format_args!(
            "{name}: {:.2} s, {total_nodes} nodes, {:.1} M nodes/s, {wrong} wrong",
            total_ms / 1000.0,
            total_nodes as f64 / total_ms / 1000.0
        ))?;
        if wrong > 0 {
            return Err(format!("{name}: {wrong} position(s) solved wrong").into());
        }
    }
    Ok(())
}

fn midgame_bench(m: &Midgame, suites: &[Suite]) -> Result<(), Failure> {
    let Midgame {
        rules,
        ffo,
        time_ms,
        depth,
        count,
        plies,
        seed,
        tt,
        level,
    } = *m;
    let positions: Vec<Position> = if ffo {
        suites
            .iter()
            .flat_map(|s| s.positions.iter().map(|&(p, _)| p))
            .collect()
    } else {
        random_openings(count, plies, seed)
    };
    let positions = &positions[..count.min(positions.len())];
    let mut ai = Ai::try_new(tt).map_err(|e| format!("--tt {tt}: {e}"))?;
    let limits = Limits {
        max_nodes: None,
        max_time_ms: depth.is_none().then_some(time_ms as f64),
        max_depth: depth,
        clock: Some(native_clock),
    };
    let options = Options::midgame(rules);
    match level {
        Some(l) => out::line(format_args!(
            "{} game, level {} (its own budget, native clock)",
            rules.name(),
            l.get()
        ))?,
        None => match depth {
            Some(d) => out::line(format_args!(
                "{} midgame search to depth {d} per position",
                rules.name()
            ))?,
            None => out::line(format_args!(
                "{} midgame search, {time_ms} ms per position",
                rules.name()
            ))?,
        },
    }
    out::line(" #  empties  depth      nodes   knodes/s      ms  exact  best  score")?;
    let (mut depths, mut rates, mut times) = (Vec::new(), Vec::new(), Vec::new());
    let (mut log_nodes, mut log_ms) = (0.0, 0.0);
    for (i, pos) in positions.iter().enumerate() {
        ai.clear();
        let t0 = native_clock();
        let a = match level {
            Some(l) => ai.play_level(
                pos.board,
                rules,
                l,
                EvalKind::for_rules(rules),
                Some(native_clock),
                seed,
            ),
            None => ai.analyze(pos.board, rules, &limits, &options),
        };
        let ms = (native_clock() - t0).max(0.001);
        let rate = a.nodes as f64 / ms;
        times.push(ms);
        out::line(format_args!(
            "{:2}  {:7}  {:5}  {:9}  {:9.0}  {:6.0}  {:>5}  {:>4}  {:+.2}",
            i + 1,
            pos.board.empty_count(),
            a.depth,
            a.nodes,
            rate,
            ms,
            a.exact,
            a.best.map_or("pass".to_string(), |s| s.to_string()),
            a.score
        ))?;
        depths.push(a.depth as f64);
        rates.push(rate);
        log_nodes += (a.nodes.max(1) as f64).ln();
        log_ms += ms.ln();
    }
    if depth.is_some() && !times.is_empty() {
        out::line(format_args!(
            "geometric mean {:.0} nodes, {:.1} ms",
            (log_nodes / times.len() as f64).exp(),
            (log_ms / times.len() as f64).exp()
        ))?;
    }
    out::line(format_args!(
        "median depth {:.1}, median {:.0} knodes/s, median {:.0} ms, max {:.0} ms",
        median(&mut depths),
        median(&mut rates),
        median(&mut times),
        times.iter().copied().fold(0.0, f64::max)
    ))
}

pub(crate) fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}
