#!/usr/bin/env bash
# A level against the level below it (issue 17: at least 65% over 200 games; a benchmark).
#
# usage: scripts/ladder.sh RULES LEVEL [GAMES]
#          our LEVEL against our LEVEL-1, GAMES games (200) of RULES (classic or inverse) from
#          the openings of `reversi match --seed 7` (6 plies, both colours), node budgets, in
#          chunks of 20 in docs/matches/ladder/RULES-LLEVEL/ (see scripts/match-chunks.sh:
#          resumable, THREADS=T plays T games at once).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
[ $# -ge 2 ] || { sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
rules=$1 level=$2 games=${3:-200}
case $rules in classic) flag="" ;; inverse) flag=--inverse ;; *) echo "RULES: classic or inverse" >&2; exit 2 ;; esac
[[ $level =~ ^([2-9]|10)$ ]] || { echo "LEVEL: 2..10" >&2; exit 2; }
cargo build --release --locked -q -p reversi-cli
engine=$(git rev-parse HEAD)
git diff --quiet HEAD -- crate Cargo.lock || engine="$engine (modified)"
# A copy, so that a rebuild while the match runs does not change the players.
mkdir -p target/ladder
ours=target/ladder/reversi-$rules-L$level
cp target/release/reversi "$ours"
scripts/match-chunks.sh "docs/matches/ladder/$rules-L$level" "$games" \
  "A: level $level, B: level $((level - 1)), of reversi at $engine" \
  "$ours" match $flag --a "$level" --b "$((level - 1))" --seed 7
