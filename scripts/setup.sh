#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian machine that has rustup (with a Rust
# toolchain), Node.js 20+ and npm. Idempotent: every step is skipped when what it installs is
# already present. SETUP_BROWSER=0 skips the browser (Chromium) needed only by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }
if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { $SUDO apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

for tool in python3 curl; do
  if ! command -v "$tool" >/dev/null; then
    log "installing $tool"
    apt_install "$tool"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for c in rustfmt clippy; do
  rustup component list --installed | grep -q "^$c" || rustup component add "$c"
done

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
  # Not --locked: the Cargo.lock that this version ships pins webpki-roots 1.0.11, which cargo
  # cannot select from the registry, so a locked install fails.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi
if ! command -v wasm-pack >/dev/null; then
  log "installing wasm-pack (a few minutes)"
  cargo install wasm-pack --locked
fi

# npm packages (package-lock.json): wasm-opt (binaryen, pure JS), playwright-core (drives
# Debian's Chromium), typescript (tsc, the type check of the JavaScript) and Node.js's types.
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] ||
  [ ! -x node_modules/.bin/tsc ] || [ ! -d node_modules/@types/node ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ "${SETUP_BROWSER:-1}" = 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  log "installing Debian's chromium and chromium-driver"
  apt_install chromium chromium-driver
fi
log "tools ready"
