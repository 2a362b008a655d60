#!/usr/bin/env bash
# Benchmarks (not tests; nothing here asserts a time): perft and the FFO endgame suites,
# natively and in WebAssembly under Node, single thread, medians of several runs.
# usage: scripts/bench.sh [perft|ffo|midgame|all] (default all); RUNS=N sets the runs (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
what=${1:-all}
runs=${RUNS:-5}

cargo build --locked --release -q -p reversi-cli
reversi="${CARGO_TARGET_DIR:-target}/release/reversi"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build --locked --release -q -p reversi-bench-wasm --target wasm32-unknown-unknown --target-dir target-wasm
wasm=target-wasm/wasm32-unknown-unknown/release/reversi_bench_wasm.wasm
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

if [ "$what" = perft ] || [ "$what" = all ]; then
  echo "== perft 11 from the standard start, $runs runs each"
  native=$(for _ in $(seq "$runs"); do "$reversi" perft 11 2>&1 >/dev/null | sed -E 's/.* in ([0-9.]+) s.*/\1/'; done | median)
  wasmt=$(node scripts/bench-wasm.mjs "$wasm" perft 11 "$runs" | sed -nE 's/.*median: ([0-9.]+) s/\1/p')
  awk -v n="$native" -v w="$wasmt" 'BEGIN {
    printf "native: median %.3f s, %.0f M leaves/s\n", n, 212258800 / n / 1e6;
    printf "wasm:   median %.3f s, %.0f M leaves/s\n", w, 212258800 / w / 1e6;
    printf "wasm speed / native speed: %.2f\n", n / w }'
fi

if [ "$what" = ffo ] || [ "$what" = all ]; then
  data=crate/engine/tests/data
  # The code the wasm build runs (no AVX2 or other processor-specific instructions; wasm
  # also finds flips and pairs the solver's reply counts with SIMD, see bitboard::flips and
  # bitboard::legal_moves_x2),
  # to tell what wasm costs from what the build machine's processor adds.
  portable_bin=$reversi
  if [ "$(uname -m)" = x86_64 ]; then
    RUSTFLAGS="-C target-cpu=x86-64-v2" cargo build --locked --release -q -p reversi-cli --target-dir target-portable
    portable_bin=target-portable/release/reversi
  fi
  # The total time `reversi solve` reports for a suite.
  solve_time() {
    "$1" solve --empties-to-winner < "$2" 2>&1 >/dev/null | sed -nE 's/^total: .* ([0-9.]+) s, .*/\1/p'
  }
  head -n 10 "$data/fforum-40-59.obf" > target-wasm/fforum-40-49.obf
  for suite in "$data/fforum-20-39.obf" target-wasm/fforum-40-49.obf; do
    name=$(basename "$suite" .obf)
    echo "== $name, exact, empties to the winner, $runs runs each (interleaved: native, portable, wasm)"
    # Interleaved so that the three builds see the same phases of a noisy machine.
    : > target-wasm/native.t; : > target-wasm/portable.t; : > target-wasm/wasm.t
    for _ in $(seq "$runs"); do
      solve_time "$reversi" "$suite" >> target-wasm/native.t
      solve_time "$portable_bin" "$suite" >> target-wasm/portable.t
      node scripts/bench-wasm.mjs "$wasm" ffo "$suite" |
        sed -nE 's/.*total: ([0-9.]+) s/\1/p' >> target-wasm/wasm.t
    done
    native=$(median < target-wasm/native.t)
    portable=$(median < target-wasm/portable.t)
    wasmt=$(median < target-wasm/wasm.t)
    echo "runs (s): native $(paste -sd' ' target-wasm/native.t); portable $(paste -sd' ' target-wasm/portable.t); wasm $(paste -sd' ' target-wasm/wasm.t)"
    paired=$(paste -d' ' target-wasm/native.t target-wasm/wasm.t | awk '{print $2 / $1}' | median)
    awk -v n="$native" -v p="$portable" -v w="$wasmt" -v r="$paired" 'BEGIN {
      printf "native: median %.2f s\nnative, portable build: median %.2f s\nwasm:   median %.2f s\n", n, p, w;
      printf "wasm time / native time: %.2f (/ portable native time: %.2f); median of the runs\x27 ratios: %.2f\n", w / n, w / p, r }'
  done
fi

if [ "$what" = midgame ] || [ "$what" = all ]; then
  echo "== midgame: 10 positions after 20 random plies, 1 s each (depth reached, speed)"
  echo "native: $("$reversi" bench midgame | tail -n 1)"
  echo "wasm:   $(node scripts/bench-wasm.mjs "$wasm" midgame 10 1000 | tail -n 1)"
fi
