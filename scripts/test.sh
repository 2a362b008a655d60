#!/usr/bin/env bash
# The whole test suite: installs what it needs (idempotent), then formatting, lints (native and
# wasm32), the API docs, the engine and CLI tests (once more with the portable code paths), the
# wasm API tests (Node and headless Chromium), the JavaScript type check and the end-to-end
# browser tests. This is the README's test command; .ci/run calls it.
#
# Every cargo command is --locked: a Cargo.lock that does not match the manifests fails the run
# instead of being rewritten. What the steps share (so that none rebuilds another's work):
# clippy and doc share the dependencies' metadata (target/debug; target/wasm32-unknown-unknown/
# debug for wasm32); the tests build target/debug at opt-level 3; the portable tests have their
# own target/portable (other RUSTFLAGS would rebuild everything else); the web build and its
# tests (test-web.sh) use target/wasm32-unknown-unknown, and the wasm tests' build reuses the
# host's proc macros and build scripts that the wasm32 clippy run compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "tools"
bash scripts/setup.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy: the workspace, native"
cargo clippy --locked --workspace --all-targets -- -D warnings

step "cargo clippy: the wasm binding, the wasm benchmark and the engine, wasm32"
# The engine's tests do not build for wasm32 (proptest's random source): its library only, which
# the first command already lints as a dependency of the binding (the second just names it).
cargo clippy --locked --target wasm32-unknown-unknown -p reversi-wasm -p reversi-bench-wasm \
  --all-targets -- -D warnings
cargo clippy --locked --target wasm32-unknown-unknown -p reversi-engine --lib -- -D warnings

step "cargo doc: the workspace, native (rustdoc's warnings are errors)"
# The CLI apart, first: its binary and the engine's library are both named `reversi`, and one
# run of both warns that their pages collide in target/doc (the engine's are written last).
RUSTDOCFLAGS="-D warnings" cargo doc --locked -p reversi-cli --no-deps
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --exclude reversi-cli --no-deps

step "cargo doc: the wasm binding, the wasm benchmark and the engine, wasm32"
# rustdoc does not get the target's rustflags (.cargo/config.toml): the SIMD is given again, so
# that it sees the code the wasm build compiles.
RUSTDOCFLAGS="-D warnings -C target-feature=+simd128" cargo doc --locked \
  --target wasm32-unknown-unknown -p reversi-wasm -p reversi-bench-wasm -p reversi-engine --no-deps --lib

step "engine and CLI tests"
cargo test --locked --workspace --exclude reversi-wasm --exclude reversi-bench-wasm

step "engine tests, portable build (x86-64-v2: no AVX2, BMI or LZCNT)"
# The x86-64 builds are tuned for the building processor (target-cpu=native in
# .cargo/config.toml), so the run above tests the AVX2 code paths on a machine that has AVX2.
# The portable paths (those of an older processor) are tested here on any machine: RUSTFLAGS
# replaces the configuration's flags.
if [ "$(uname -m)" = x86_64 ]; then
  portable=(-C target-cpu=x86-64-v2)
  if rustc --print cfg "${portable[@]}" | grep -q 'target_feature="avx2"'; then
    echo "test.sh: '${portable[*]}' enables AVX2: these tests would not be portable" >&2
    exit 1
  fi
  # Its own target dir: other RUSTFLAGS rebuild every crate. The doc tests ran above.
  RUSTFLAGS="${portable[*]}" cargo test --locked -p reversi-engine --lib --tests --target-dir target/portable
else
  echo "not x86-64: the tests above ran the portable code paths"
fi

step "web: build, JavaScript type check, wasm API tests, end-to-end browser tests"
bash scripts/test-web.sh
