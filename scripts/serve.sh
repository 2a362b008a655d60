#!/usr/bin/env bash
# Builds the web game, then serves the repository root on 127.0.0.1 (default port 8000).
# Usage: scripts/serve.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8000}"
case "$port" in
  '' | *[!0-9]*) echo "serve.sh: the port must be a number, not '$port'" >&2; exit 2 ;;
esac
scripts/build-web.sh
echo "Serving the game at http://127.0.0.1:$port/"
exec python3 -m http.server --bind 127.0.0.1 "$port"
