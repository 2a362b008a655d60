//! Benchmark kernels exported from a bare wasm module, so the same engine code can be timed
//! natively (the `reversi` CLI) and in WebAssembly under Node (`scripts/bench-wasm.mjs`).
//! Plain `extern "C"` exports of numbers only: no JS glue is involved in what is timed.

use reversi::{perft, PassRule, Position};

/// Perft from the standard start; `pass_is_ply` 1 for the standard convention.
#[no_mangle]
pub extern "C" fn bench_perft(depth: u32, pass_is_ply: u32) -> u64 {
    let rule = if pass_is_ply != 0 {
        PassRule::PassIsPly
    } else {
        PassRule::PassIsNotPly
    };
    perft(Position::standard().board, depth, rule)
}

use std::cell::RefCell;

use reversi::{Rules, Scoring, Solver};

thread_local! {
    static INPUT: RefCell<[u8; 256]> = const { RefCell::new([0; 256]) };
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
    static NODES: RefCell<u64> = const { RefCell::new(0) };
}

/// Runs `f` on the one solver of all calls, made (with its table) on first use.
fn with_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|cell| {
        f(cell
            .borrow_mut()
            .get_or_insert_with(|| Solver::new(Solver::DEFAULT_TABLE_MB)))
    })
}

/// Makes the solver and its table, as `reversi solve` does before it starts its clock (the
/// first `bench_solve` does it otherwise, inside the caller's timing).
#[no_mangle]
pub extern "C" fn bench_solver_init() {
    with_solver(|_| ());
}

/// Where the caller writes an OBF line (at most 256 bytes) before `bench_solve`.
#[no_mangle]
pub extern "C" fn bench_input_buffer() -> *mut u8 {
    INPUT.with(|b| b.borrow_mut().as_mut_ptr())
}

/// Solves the OBF position of the first `len` bytes of the input buffer exactly (classic,
/// empties to the winner, as `reversi solve --empties-to-winner`); returns the score, or
/// `i32::MIN` for a line that does not parse. One solver (and table) serves all calls.
#[no_mangle]
pub extern "C" fn bench_solve(len: usize) -> i32 {
    let line = INPUT.with(|b| String::from_utf8_lossy(&b.borrow()[..len.min(256)]).into_owned());
    let Ok((position, _)) = reversi::Position::parse_obf(&line) else {
        return i32::MIN;
    };
    with_solver(|solver| {
        let solution = solver.solve(
            position.board,
            Rules::Classic,
            Scoring::EmptiesToWinner,
            &reversi::Limits::NONE,
        );
        NODES.with(|n| *n.borrow_mut() = solver.nodes());
        solution.map_or(i32::MIN, |s| s.score)
    })
}

/// Nodes of the last `bench_solve`.
#[no_mangle]
pub extern "C" fn bench_nodes() -> u64 {
    NODES.with(|n| *n.borrow())
}

/// The midgame benchmark of `reversi bench` (its default positions and options): searches
/// position `index` of the random openings (`count` positions after `plies` plies, seed 1)
/// for `time_ms` milliseconds and returns the depth reached; `bench_nodes` gives the nodes.
#[no_mangle]
pub extern "C" fn bench_midgame(index: u32, count: u32, plies: u32, time_ms: f64) -> u32 {
    let positions = reversi::random_openings(count as usize, plies, 1);
    let Some(position) = positions.get(index as usize) else {
        return 0;
    };
    let rules = Rules::Classic;
    let limits = reversi::Limits {
        max_nodes: None,
        max_time_ms: Some(time_ms),
        max_depth: None,
        clock: Some(js_clock),
    };
    let options = reversi::Options {
        eval: reversi::EvalKind::for_rules(rules),
        exact_empties: 0,
        temperature: 0.0,
        seed: 0,
        selective: true,
    };
    let mut ai = reversi::Ai::new(32);
    let analysis = ai.analyze(position.board, rules, &limits, &options);
    NODES.with(|n| *n.borrow_mut() = analysis.nodes);
    analysis.depth
}

#[link(wasm_import_module = "env")]
extern "C" {
    /// Milliseconds from the host's monotonic clock (`performance.now()`).
    fn now_ms() -> f64;
}

fn js_clock() -> f64 {
    // SAFETY: `now_ms` is a plain import provided by the host; it takes nothing and returns a
    // number.
    unsafe { now_ms() }
}
