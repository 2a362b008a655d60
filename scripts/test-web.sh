#!/usr/bin/env bash
# Tests of the web game: builds it, checks the types of its JavaScript (and of the tests and
# scripts), runs the wasm binding's tests under Node.js and headless Chromium, then the
# end-to-end browser tests against a local static server of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

SETUP_BROWSER=1 scripts/setup.sh
scripts/build-web.sh
export PATH="$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

echo "== JavaScript type check: tsc with the JSDoc types (www/pkg now has the wasm package's)" >&2
npm run --silent typecheck

# Cargo's options follow the crate's path, with no `--`: wasm-pack test passes them to its
# `cargo build --tests` and `cargo test`, but what follows a `--` only to the latter, and that
# passes it on to the test runner (which fails on --locked).
echo "== wasm-bindgen tests under Node.js" >&2
wasm-pack test --node crate/wasm --locked

echo "== wasm-bindgen tests in headless Chromium" >&2
# The tests are not tied to a browser: WASM_BINDGEN_USE_BROWSER makes the runner use one.
# crate/wasm/webdriver.json gives Chromium's path and flags (--no-sandbox for root).
CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" WASM_BINDGEN_USE_BROWSER=1 \
  wasm-pack test --headless --chrome crate/wasm --locked

echo "== end-to-end tests" >&2
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server --bind 127.0.0.1 "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/index.html" >/dev/null && break
  sleep 0.1
done
BASE_URL="http://127.0.0.1:$port/" node --test www/tests/
