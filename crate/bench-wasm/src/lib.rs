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
