//! `reversi bench split`: the time to a fixed depth of the top level's search on one thread
//! (the plain search) and split over `--workers` threads that share nothing, each with its
//! own AI and tables, as the page's workers do ([`reversi::Split`]). Timing only.
//!
//! Options: `--workers N` (default 2), `--depth D` (default 14), `--positions`, `--plies`,
//! `--seed` (random midgame positions as `bench midgame` makes them), `--tt MB` (each
//! worker's table), `--inverse`.

use std::sync::mpsc;
use std::thread;

use reversi::{
    native_clock, random_openings, Ai, Level, Limits, Options, Position, Rules, Split,
    SplitOutcome, SplitResult, SplitTask,
};

use crate::args::{rules, Args, MAX_TT_MB};
use crate::out::{self, Failure};

pub fn run(mut args: Args) -> Result<(), Failure> {
    let rules = rules(&mut args);
    let workers = args.number("--workers", 2usize, 1..=64)?;
    let depth = args.number("--depth", 14u32, 1..=60)?;
    let count = args.number("--positions", 10usize, 1..=10_000)?;
    let plies = args.number("--plies", 20u32, 0..=60)?;
    let seed = args.number("--seed", 1u64, 0..=u64::MAX)?;
    let tt = args.number("--tt", 32usize, 1..=MAX_TT_MB)?;
    args.finish()?;

    let new_ai = || Ai::try_new(tt).map_err(|e| format!("--tt {tt}: {e}"));
    let mut single = new_ai()?;
    let mut pool = (0..workers)
        .map(|_| new_ai())
        .collect::<Result<Vec<_>, _>>()?;
    out::line(format_args!(
        "{} game, time to depth {depth}: one thread, then split over {workers} threads",
        rules.name()
    ))?;
    out::line(" #  empties   1 thread (ms)  best  score    split (ms)  best  score  speed-up")?;
    let mut ratios = Vec::new();
    let (mut one_times, mut split_times) = (Vec::new(), Vec::new());
    for (i, pos) in random_openings(count, plies, seed).iter().enumerate() {
        let board = pos.board;
        let Some(split) = Split::new(board, Level::MAX) else {
            continue;
        };
        let split = split.with_max_depth(depth);
        single.clear();
        pool.iter_mut().for_each(Ai::clear);
        let t0 = native_clock();
        let one = single.analyze(
            board,
            rules,
            &Limits {
                max_depth: Some(depth),
                ..Limits::NONE
            },
            &Options::midgame(rules),
        );
        let t1 = native_clock();
        let got = run_split(split, *pos, rules, &mut pool);
        let t2 = native_clock();
        let (one_ms, split_ms) = (t1 - t0, t2 - t1);
        ratios.push(one_ms / split_ms.max(0.001));
        one_times.push(one_ms);
        split_times.push(split_ms);
        let best = |sq: Option<reversi::Square>| sq.map_or("-".to_string(), |s| s.to_string());
        out::line(format_args!(
            "{:2}  {:7}  {:14.0}  {:>4}  {:+5.1}  {:12.0}  {:>4}  {:+5.1}  {:8.2}",
            i + 1,
            board.empty_count(),
            one_ms,
            best(one.best),
            one.score,
            split_ms,
            best(got.map(|r| r.best)),
            got.map_or(0.0, |r| r.score),
            one_ms / split_ms.max(0.001)
        ))?;
    }
    out::line(format_args!(
        "median: 1 thread {:.0} ms, split {:.0} ms, speed-up {:.2} (median of the ratios)",
        crate::bench::median(&mut one_times),
        crate::bench::median(&mut split_times),
        crate::bench::median(&mut ratios)
    ))
}

/// Runs `split` on one thread per AI of `pool`, no limit but the plan's depth.
fn run_split(
    mut split: Split,
    position: Position,
    rules: Rules,
    pool: &mut [Ai],
) -> Option<SplitResult> {
    thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(usize, SplitTask, SplitOutcome)>();
        let mut inboxes = Vec::new();
        for (w, ai) in pool.iter_mut().enumerate() {
            let (tx, rx) = mpsc::channel::<SplitTask>();
            inboxes.push(tx);
            let done = done_tx.clone();
            scope.spawn(move || {
                for task in rx {
                    let (outcome, _) = ai
                        .run_split_task(position, rules, task, &Limits::NONE)
                        .expect("the plan's moves are legal");
                    if done.send((w, task, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        let mut idle: Vec<usize> = (0..inboxes.len()).collect();
        let mut busy = 0;
        loop {
            // Every idle worker is asked: the plan may keep a move for another.
            idle.retain(|&w| match split.next_task(w) {
                Some(task) => {
                    busy += 1;
                    inboxes[w].send(task).expect("the worker is alive");
                    false
                }
                None => true,
            });
            if busy == 0 {
                break;
            }
            let (w, task, outcome) = done_rx.recv().expect("a worker is busy");
            busy -= 1;
            idle.push(w);
            split.report(task, outcome);
        }
        drop(inboxes); // the workers' loops end
        split.result()
    })
}
