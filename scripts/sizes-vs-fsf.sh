#!/usr/bin/env bash
# Perft from the start on 8x8 and other boards: Motley's `variant perft`
# against Fairy-Stockfish's `go perft` (built with largeboards=yes), the
# best of three runs each, one after the other.
# Usage: FSF=/path/to/stockfish scripts/sizes-vs-fsf.sh [MOTLEY]
set -euo pipefail
motley=${1:-target/release/motley}
fsf=${FSF:-stockfish}
best() {  # best wall time in seconds of three runs of "$@"
  local t best=999
  for _ in 1 2 3; do
    t=$( { /usr/bin/time -f %e "$@" >/dev/null; } 2>&1 | tail -1)
    best=$(awk -v a="$t" -v b="$best" 'BEGIN { print (a < b) ? a : b }')
  done
  echo "$best"
}
fsf_perft() { printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" | "$fsf"; }
printf "%-11s %5s %12s %9s %9s %8s %11s\n" variant depth nodes motley fsf ratio "Mnodes/s"
for line in "chess 5" "makruk 5" "crazyhouse 5" "racingkings 5" "capablanca 5" "gothic 5" "grand 5" "shako 5" "courier 5" "gardner 6" "losalamos 6"; do
  read -r v d <<<"$line"
  nodes=$("$motley" variant perft "$v" "$d" | grep -oE '[0-9]+')
  fnodes=$(fsf_perft "$v" "$d" | grep -oE 'Nodes searched: [0-9]+' | grep -oE '[0-9]+')
  [ "$nodes" = "$fnodes" ] || { echo "$v: $nodes nodes, Fairy-Stockfish $fnodes" >&2; exit 1; }
  m=$(best "$motley" variant perft "$v" "$d")
  f=$(best bash -c "$(declare -f fsf_perft); fsf=$fsf; fsf_perft $v $d")
  awk -v v="$v" -v d="$d" -v n="$nodes" -v m="$m" -v f="$f" \
    'BEGIN { printf "%-11s %5s %12d %8.2fs %8.2fs %8.2f %11.1f\n", v, d, n, m, f, m / f, n / m / 1e6 }'
done
