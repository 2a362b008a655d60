#!/usr/bin/env bash
# The whole test suite: installs what it needs (idempotent), then formatting, lints, the
# engine and CLI tests, the wasm API tests (Node and headless Chromium) and the end-to-end
# browser tests. This is the README's test command; .ci/run calls it.
#
# Every cargo command is --locked: a Cargo.lock that does not match the manifests fails the run
# instead of being rewritten.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "tools"
bash scripts/setup.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings

step "engine and CLI tests"
cargo test --locked --workspace --exclude reversi-wasm --exclude reversi-bench-wasm

step "wasm API and browser tests"
bash scripts/test-web.sh
