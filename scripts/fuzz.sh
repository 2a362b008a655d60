#!/usr/bin/env bash
# Fuzzes the engine's parsers and game record (the cargo-fuzz crate in fuzz/): every target in
# turn for SECONDS each (default 60), one process on one core at a time. Exits non-zero if any
# target crashes (a panic, a broken invariant, a sanitizer report, a timeout or running out of
# memory); the input that did it is in fuzz/artifacts/TARGET/. Not part of the test command:
# it needs the nightly toolchain, which it installs if missing, with cargo-fuzz (idempotent).
#
#   bash scripts/fuzz.sh [SECONDS]
#
# Each target starts from its seeds (fuzz/seeds/TARGET, kept in git) and the corpus grown by
# earlier runs (fuzz/corpus/TARGET, ignored by git); its output is in fuzz/logs/TARGET.log.
# The engine is built for this processor (as the native builds are, see .cargo/config.toml), so
# its AVX2 kernels are what gets fuzzed, checked against the scalar ones; set RUSTFLAGS to
# build otherwise (e.g. RUSTFLAGS="-C target-cpu=x86-64-v2" for the scalar kernels alone).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bash scripts/fuzz.sh [SECONDS]  (seconds per target, default 60)" >&2
  exit 2
fi

log() { printf '[fuzz] %s\n' "$*" >&2; }
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi

if ! rustup toolchain list | grep -q '^nightly'; then
  log "installing the nightly toolchain"
  rustup toolchain install nightly --profile minimal
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  log "installing cargo-fuzz (a few minutes)"
  cargo +nightly install cargo-fuzz --locked || cargo +nightly install cargo-fuzz
fi
# libfuzzer-sys compiles libFuzzer (C++).
if ! command -v c++ >/dev/null; then
  log "installing g++"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq g++ >/dev/null
fi

export RUSTFLAGS="${RUSTFLAGS--C target-cpu=native}"
cd fuzz
# The default build: optimized, with debug assertions, overflow checks and AddressSanitizer.
log "building the targets"
cargo +nightly fuzz build
mkdir -p logs

failed=()
for target in $(cargo +nightly fuzz list); do
  mkdir -p "corpus/$target"
  log "$target: ${seconds} s"
  # In-process, one job (no -jobs/-fork): one core. A run of one input longer than 10 s is a
  # hang and fails the target.
  if cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -print_final_stats=1 >"logs/$target.log" 2>&1; then
    grep -E '^(#[0-9]+[[:space:]]+DONE|Done )' "logs/$target.log" |
      sed "s/^/[fuzz] $target: /" >&2 || true
  else
    failed+=("$target")
    log "$target FAILED; the end of fuzz/logs/$target.log:"
    tail -n 60 "logs/$target.log" >&2
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  log "crashes in: ${failed[*]} (inputs in fuzz/artifacts/; reproduce with"
  log "  cd fuzz && cargo +nightly fuzz run TARGET artifacts/TARGET/crash-...)"
  exit 1
fi
log "no crash"
