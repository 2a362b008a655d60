#!/usr/bin/env bash
# The frozen baseline of issue 17 and the match against it (benchmarks, not tests).
#
# usage: scripts/baseline.sh build
#          builds the engine of commit ef9ae00 (the last before the learned pattern evaluation)
#          into target/baseline/reversi, with scripts/baseline/nboard-level.patch applied: its
#          `reversi nboard` then plays level N when REVERSI_NBOARD_LEVEL=N is set (the level's
#          node budget, no clock, as `reversi match` plays ours), so that level 10 can meet
#          level 10. Needs the repository's history (not a shallow clone).
#        scripts/baseline.sh match RULES [GAMES] [LEVEL]
#          our LEVEL (10) against the baseline's LEVEL, GAMES games (400) of RULES (classic or
#          inverse) from varied openings, both colours, in chunks of 20 games whose results go to
#          docs/matches/RULES-LLEVEL/ (committed: a match outlives a session), each headed by the
#          commit that played it; resumable (a finished chunk is not played again) and
#          reproducible (node budgets only). THREADS=T plays T games at once (1 by default).
#          BALANCED=1 starts the games from the balanced openings of
#          docs/matches/openings/RULES-balanced.txt (`reversi-learn openings`) instead of 6
#          random plies, into docs/matches/RULES-LLEVEL-balanced/.
#          Prints the total of the finished chunks and the commits they came from.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
commit=ef9ae00206873ff3f0d25cf559ac065447d16f75
dir=target/baseline

usage() {
  sed -n '4,19p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

build() {
  if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "baseline.sh: commit $commit is not in this clone (a shallow clone? git fetch --unshallow)" >&2
    exit 1
  fi
  rm -rf "$dir/src"
  mkdir -p "$dir/src"
  git archive "$commit" | tar -x -C "$dir/src"
  (cd "$dir/src" && patch -p1 -s < ../../../scripts/baseline/nboard-level.patch)
  (cd "$dir/src" && CARGO_TARGET_DIR=../target cargo build --release --locked -q -p reversi-cli)
  cp "$dir/target/release/reversi" "$dir/reversi"
  echo "baseline: $dir/reversi (engine $commit, nboard-level.patch)"
}

match() {
  local rules=$1 games=${2:-400} level=${3:-10}
  case $rules in classic | inverse) ;; *) usage ;; esac
  [ -x "$dir/reversi" ] || build
  cargo build --release --locked -q -p reversi-cli
  local flag="" out="docs/matches/$rules-L$level" openings=() from="random openings"
  if [ -n "${BALANCED:-}" ]; then
    out="$out-balanced"
    openings=(--openings "docs/matches/openings/$rules-balanced.txt")
    from="the balanced openings of ${openings[1]}"
  fi
  local engine
  engine=$(git rev-parse HEAD)
  git diff --quiet HEAD -- crate Cargo.lock || engine="$engine (modified)"
  # A copy, so that a rebuild while the match runs does not change a player.
  local ours="$dir/ours-$rules-L$level"
  cp target/release/reversi "$ours"
  [ "$rules" = inverse ] && flag=--inverse
  REVERSI_NBOARD_LEVEL=$level scripts/match-chunks.sh "$out" "$games" \
    "A: level $level of reversi at $engine; B: level $level of the baseline ($commit); $from" \
    "$ours" match $flag "${openings[@]}" --a "$level" \
    --b "nboard:$dir/reversi nboard $flag" --nboard-depth 60
}

[ $# -ge 1 ] || usage
case $1 in
  build) build ;;
  match) [ $# -ge 2 ] || usage; shift; match "$@" ;;
  *) usage ;;
esac
