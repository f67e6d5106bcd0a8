#!/usr/bin/env bash
# Instructions per perft node for each family's benchmark position, counted
# by cachegrind (load-independent, unlike wall-clock nodes/s). A depth-1 run
# of the same position is subtracted, so start-up does not count.
# Usage: scripts/perft-instructions.sh [BINARY]   (needs valgrind)
set -euo pipefail
bin=${1:-target/release/motley}
positions=(
  "standard 5 -"
  "standard 4 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "antichess 5 -"
  "contrast 4 r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 1"
  "monochromatic 5 r1bq1rk1/pppp1ppp/2n5/4p3/1bB1P3/2N5/PPPPQPPP/R1B1K1NR w KQ - 0 1"
  "monochromatic-knightless 5 r1bq1rk1/pppp1ppp/8/4p3/1bB1P3/8/PPPPQPPP/R1B1K2R w KQ - 0 1"
  "monochromatic-jamal 5 r1bqk2r/pppp1ppp/8/2n1p2n/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1"
  "monochromatic-daffy 5 r1bqk2r/pppp1ppp/2n5/4p1n1/2B1P3/2N1N3/PPPP1PPP/R1BQK2R w KQkq - 0 1"
  "monochromatic-double-knight 5 r1bqk2r/pppp1ppp/8/4p3/2BnP1n1/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"
  "monochrome 5 -"
  "dice-money 5 -"
  "chicken 5 -"
)
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/tmp/perft-out.$$ \
    | grep -E "I +refs" | tr -d ',' | awk '{print $NF}'
}
standard=
printf "%-34s %5s %12s %9s %9s\n" position depth nodes Ir/node "vs std"
for line in "${positions[@]}"; do
  read -r id depth fen <<<"$line"
  args=()
  [ "$fen" != "-" ] && args=(--fen "$fen")
  base=$(instructions "$bin" perft "$id" 1 "${args[@]}")
  full=$(instructions "$bin" perft "$id" "$depth" "${args[@]}")
  nodes=$(grep -oE '[0-9]+' /tmp/perft-out.$$ | tail -1)
  per=$(awk -v a="$full" -v b="$base" -v n="$nodes" 'BEGIN { printf "%.1f", (a - b) / n }')
  [ -z "$standard" ] && standard=$per
  rel=$(awk -v s="$standard" -v p="$per" 'BEGIN { printf "%.3f", s / p }')
  label=$id; [ "$fen" != "-" ] && label="$id (mid)"
  printf "%-34s %5s %12s %9s %9s\n" "$label" "$depth" "$nodes" "$per" "$rel"
done
rm -f /tmp/perft-out.$$
