#!/usr/bin/env bash
# Two weights files against each other in play (a benchmark, not a test).
#
# usage: scripts/weights-match.sh RULES A.bin B.bin [GAMES] [SEED] [DEPTH]
#          builds the engine of HEAD twice, with A.bin and with B.bin as RULES_patterns.bin
#          (classic or inverse), each once: target/weights-match/KEY/reversi, KEY the start
#          of the sha256 of HEAD's tree, RULES and the file; then plays them as NBoard engines at a fixed depth
#          (DEPTH, 8), GAMES games (1200) from 6-ply random openings of SEED (1), both colours,
#          and prints `reversi match`'s result for A. THREADS=T plays T games at once (2).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
[ $# -ge 3 ] || { sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
rules=$1 a=$2 b=$3 games=${4:-1200} seed=${5:-1} depth=${6:-8}
case $rules in classic | inverse) ;; *) echo "weights-match.sh: RULES is classic or inverse" >&2; exit 2 ;; esac
dir=target/weights-match
flag=""
[ "$rules" = inverse ] && flag=--inverse

# The engine of HEAD with weights file $1 for $rules; prints the binary's path.
engine() {
  local key out src
  # Keyed by the source as well as the file: a cached engine of an older HEAD is not reused.
  key=$( { git rev-parse "HEAD^{tree}"; echo "$rules"; sha256sum < "$1"; } | sha256sum | cut -c1-12)
  out="$dir/$key"
  if [ ! -x "$out/reversi" ]; then
    src="$out/src"
    rm -rf "$src"
    mkdir -p "$src"
    git archive HEAD | tar -x -C "$src"
    cp "$1" "$src/crate/engine/src/weights/${rules}_patterns.bin"
    (cd "$src" && CARGO_TARGET_DIR=../../target cargo build --release --locked -q -p reversi-cli) >&2
    # The engine checks its tables when it first evaluates: one short game fails early on a
    # malformed file, rather than as forfeits in the match.
    "$dir/target/release/reversi" match $flag --a d1 --b d1 --games 2 --quiet > /dev/null
    cp "$dir/target/release/reversi" "$out/reversi"
    rm -rf "$src"
  fi
  echo "$out/reversi"
}

ea=$(engine "$a")
eb=$(engine "$b")
echo "A: $a ($ea); B: $b ($eb); depth $depth, seed $seed" >&2
"$ea" match $flag --a "nboard:$ea nboard $flag" --b "nboard:$eb nboard $flag" \
  --nboard-depth "$depth" --games "$games" --seed "$seed" --threads "${THREADS:-2}" --quiet
