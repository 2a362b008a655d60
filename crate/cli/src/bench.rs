//! `reversi bench [perft|midgame|endgame|all]` (default all): the engine's benchmarks in one
//! command. Timing only: nothing here is a test (the endgame part still checks each score).
//!
//! - perft: perft 11 from the standard start.
//! - endgame: exact solving of FFO 20-39 and 40-49 (empties to the winner), a fresh solver
//!   with the default table ([`Solver::DEFAULT_TABLE_MB`]), per-position and total time and nodes.
//! - midgame: searches each of a set of positions for a fixed time (default 1000 ms, no exact
//!   solving) and prints the depth reached, the nodes and nodes per second, then the medians.
//!
//! Midgame positions: after `--plies` (default 20) random moves from the
//! standard start (deterministic by `--seed`), or the FFO test positions with `--ffo`. With
//! `--level N`, each position is played at that level instead (its budget, the native clock).

use reversi::native_clock;
use reversi::{
    perft, random_openings, Ai, EvalKind, Level, Limits, Options, PassRule, Position, Rules,
    Scoring, Solver,
};

use crate::args::{number_in, Args, MAX_TT_MB};

const FFO_20_39: &str = include_str!("../../engine/tests/data/fforum-20-39.obf");
const FFO_40_59: &str = include_str!("../../engine/tests/data/fforum-40-59.obf");

pub fn run(argv: &[String]) -> Result<(), String> {
    let (what, rest) = match argv.first().map(String::as_str) {
        Some(w @ ("perft" | "midgame" | "endgame" | "all")) => (w, &argv[1..]),
        Some(w) if !w.starts_with("--") => {
            return Err(format!(
                "unknown benchmark '{w}' (perft, midgame, endgame or all)"
            ))
        }
        _ => ("all", argv),
    };
    if !matches!(what, "midgame" | "all") {
        // Only the midgame benchmark takes options.
        Args::new(rest).positional(0)?;
    }
    if matches!(what, "perft" | "all") {
        perft_bench();
    }
    if matches!(what, "endgame" | "all") {
        endgame_bench()?;
    }
    if matches!(what, "midgame" | "all") {
        midgame_bench(rest)?;
    }
    Ok(())
}

fn perft_bench() {
    let t0 = native_clock();
    let leaves = perft(Position::standard().board, 11, PassRule::PassIsPly);
    let secs = (native_clock() - t0) / 1000.0;
    println!(
        "perft 11: {leaves} leaves in {secs:.3} s, {:.0} M leaves/s",
        leaves as f64 / secs / 1e6
    );
}

fn endgame_bench() -> Result<(), String> {
    let suites = [
        ("FFO 20-39", FFO_20_39.lines().collect::<Vec<_>>()),
        ("FFO 40-49", FFO_40_59.lines().take(10).collect::<Vec<_>>()),
    ];
    for (name, lines) in suites {
        println!("{name}: exact, empties to the winner");
        let mut solver = Solver::new(Solver::DEFAULT_TABLE_MB);
        let (mut total_ms, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
        for (i, line) in lines.iter().enumerate() {
            let (pos, scores) =
                Position::parse_obf(line).map_err(|e| format!("embedded FFO data: {e}"))?;
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
            let listed = scores.first().map(|&(_, s)| s);
            let right = listed == Some(solution.score)
                && scores
                    .iter()
                    .any(|&(m, s)| m == solution.best && s == solution.score);
            wrong += usize::from(!right);
            total_ms += ms;
            total_nodes += solver.nodes();
            println!(
                "  {:2}  {} empties  {:>4} {:+3}  {:11} nodes  {:8.0} ms  {}",
                i + 1,
                pos.board.empty_count(),
                solution.best.map_or("pass".to_string(), |s| s.to_string()),
                solution.score,
                solver.nodes(),
                ms,
                if right { "ok" } else { "WRONG" }
            );
        }
        println!(
            "{name}: {:.2} s, {total_nodes} nodes, {:.1} M nodes/s, {wrong} wrong",
            total_ms / 1000.0,
            total_nodes as f64 / total_ms / 1000.0
        );
        if wrong > 0 {
            return Err(format!("{name}: {wrong} position(s) solved wrong"));
        }
    }
    Ok(())
}

fn midgame_bench(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let rules = args.rules();
    let ffo = args.flag("--ffo");
    let time_ms = args.number("--time", 1000u64, 1..=3_600_000)?;
    let count = args.number("--positions", 10usize, 1..=10_000)?;
    let plies = args.number("--plies", 20u32, 0..=60)?;
    let seed = args.number("--seed", 1u64, 0..=u64::MAX)?;
    let tt = args.number("--tt", 32usize, 1..=MAX_TT_MB)?;
    let level = match args.option("--level")? {
        None => None,
        Some(v) => Level::new(number_in(
            "--level",
            &v,
            Level::MIN.get()..=Level::MAX.get(),
        )?),
    };
    args.positional(0)?;

    let positions: Vec<Position> = if ffo {
        FFO_20_39
            .lines()
            .chain(FFO_40_59.lines())
            .filter(|l| !l.trim().is_empty())
            .map(|l| Position::parse_obf(l).map(|(p, _)| p))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("embedded FFO data: {e}"))?
    } else {
        random_openings(count, plies, seed)
    };
    let positions = &positions[..count.min(positions.len())];
    let mut ai = Ai::new(tt);
    let limits = Limits {
        max_nodes: None,
        max_time_ms: Some(time_ms as f64),
        max_depth: None,
        clock: Some(native_clock),
    };
    let options = Options {
        eval: EvalKind::for_rules(rules),
        exact_empties: 0,
        temperature: 0.0,
        seed: 0,
    };
    match level {
        Some(l) => println!(
            "{} game, level {} (its own budget, native clock)",
            rules.name(),
            l.get()
        ),
        None => println!("{} midgame search, {time_ms} ms per position", rules.name()),
    }
    println!(" #  empties  depth      nodes   knodes/s      ms  exact  best  score");
    let (mut depths, mut rates, mut times) = (Vec::new(), Vec::new(), Vec::new());
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
        println!(
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
        );
        depths.push(a.depth as f64);
        rates.push(rate);
    }
    println!(
        "median depth {:.1}, median {:.0} knodes/s, median {:.0} ms, max {:.0} ms",
        median(&mut depths),
        median(&mut rates),
        median(&mut times),
        times.iter().copied().fold(0.0, f64::max)
    );
    Ok(())
}

fn median(v: &mut [f64]) -> f64 {
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
