#!/usr/bin/env bash
# Builds the WebAssembly package of the browser game into www/pkg (git-ignored). Idempotent.
# wasm-opt must be binaryen's from npm (node_modules/.bin), ahead of anything else on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# The browser is only for the tests (test-web.sh sets it up).
SETUP_BROWSER="${SETUP_BROWSER:-0}" scripts/setup.sh
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Cargo.lock must match the manifests: wasm-pack's own `cargo metadata` would rewrite it, before
# the --locked build (cargo's options follow `--`) could object.
cargo metadata --locked --format-version 1 >/dev/null
# --out-dir is relative to the crate directory, so ../../www/pkg is <repo>/www/pkg.
wasm-pack build crate/wasm --release --target web --no-pack --out-dir ../../www/pkg -- --locked
# wasm-pack also writes a .gitignore and, without --no-pack, a package.json and README; the
# site needs only the JS glue and the .wasm (the .d.ts files are kept for editors).
rm -f www/pkg/.gitignore www/pkg/package.json www/pkg/README.md
ls -l www/pkg >&2
# The service worker's list of the site's files and their version (www/sw-manifest.js).
node scripts/precache.mjs
