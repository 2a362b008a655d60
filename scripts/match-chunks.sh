#!/usr/bin/env bash
# A long `reversi match`, played in chunks of 20 games (benchmarks, not tests).
#
# usage: scripts/match-chunks.sh DIR GAMES HEADER REVERSI match [ARGUMENTS...]
#          plays games 1..GAMES of the match `REVERSI match ARGUMENTS` in chunks of 20 whose results
#          go to DIR/games-FROM-TO.txt (committed: a match outlives a session), each headed by
#          "# HEADER"; resumable (a finished chunk is not played again) and reproducible when
#          both players search node budgets. THREADS=T plays T games at once (1 by default).
#          Prints the total of the finished chunks and the headers they came from.
set -euo pipefail
[ $# -ge 4 ] || { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1 games=$2 header=$3
shift 3
mkdir -p "$out"
for ((from = 1; from <= games; from += 20)); do
  to=$((from + 19 < games ? from + 19 : games))
  file="$out/games-$(printf %04d "$from")-$(printf %04d "$to").txt"
  [ -s "$file" ] && grep -q '^A wins' "$file" && continue
  echo "# $header" > "$file.part"
  "$@" --games "$to" --from "$from" --threads "${THREADS:-1}" >> "$file.part" 2>&1
  mv "$file.part" "$file"
  tail -n 1 "$file"
done
files=("$out"/games-*.txt)
[ -e "${files[0]}" ] || { echo "no finished chunk in $out"; exit 0; }
# The total: the chunks' wins, draws and losses, and their margins weighted by their games.
cat "${files[@]}" | awk '
  /^(classic|inverse) game, [0-9]+ games/ { g = $3 }
  /^A wins/ { gsub(/[,;%]/, ""); W += $3; D += $5; L += $7; M += $11 * g; N += g }
  /^# / { sub(/^# /, ""); c[$0] = 1 }
  END { for (k in c) printf "%s\n", k; if (N) printf "%d games: A wins %d, draws %d, losses %d; mean disc margin %+.2f; score %.1f%%\n",
    N, W, D, L, M / N, 100 * (W + D / 2) / N }'
