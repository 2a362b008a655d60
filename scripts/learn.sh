#!/usr/bin/env bash
# The data of the learned evaluation (crate/learn/README.md, "The self-play games").
#
# usage: scripts/learn.sh games RULES [N] [more reversi-learn games options]
#   Plays self-play games of RULES (classic or inverse) with seed 1 into crate/learn/data/RULES/
#   until there are N of them (40000 by default), at the lowest priority (nice 19) so that
#   builds and tests keep theirs. Resumable and idempotent: run it again after a stop (a
#   killed session, say) and it checks what is there and goes on; once N games are there it
#   does nothing. THREADS=T plays on T threads (1 by default; the files do not depend on it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

usage() {
  sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[ $# -ge 2 ] || usage
what=$1
rules=$2
shift 2
case $what in
  games) ;;
  *) usage ;;
esac
case $rules in
  classic | inverse) ;;
  *) echo "learn.sh: RULES is classic or inverse, not '$rules'" >&2; exit 2 ;;
esac
games=40000
if [ $# -ge 1 ] && [[ $1 != -* ]]; then
  games=$1
  shift
fi
threads=${THREADS:-1}

nice -n 19 cargo build --release --locked -q -p reversi-learn
bin="${CARGO_TARGET_DIR:-target}/release/reversi-learn"
exec nice -n 19 "$bin" games --rules "$rules" --games "$games" --seed 1 \
  --threads "$threads" --out crate/learn/data "$@"
