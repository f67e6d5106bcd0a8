#!/bin/sh
# The steps between neighbouring levels in every variant (docs/performance.md
# "Levels in each variant"): level k against level k+1 for k = 1, 2, 3, GAMES games each
# (default 200), seeded random openings of 8 plies, colours alternating.
# Levels 1-4 stop at a node budget, so these matches play the same on any
# machine and under any load. Prints one line per match (scripts/elo.sh).
# Usage: scripts/variant-steps.sh [GAMES] [VARIANT…]
#        (MOTLEY=path, LOGS=dir to override; logs default to steps-logs/)
set -u
here=$(dirname "$0")
motley=${MOTLEY:-$here/../target/release/motley}
logs=${LOGS:-steps-logs}
games=${1:-200}
[ $# -gt 0 ] && shift
variants=${*:-$("$motley" list | awk '{print $1}')}
mkdir -p "$logs"
for variant in $variants; do
    for k in 1 2 3; do
        log="$logs/$variant-ai$k-vs-ai$((k + 1)).txt"
        "$motley" match "$variant" --white "ai:$k" --black "ai:$((k + 1))" \
            --games "$games" --opening-plies 8 --seed 1 >"$log" 2>/dev/null
        score=$(sed -n 's/^score: //p' "$log")
        IFS=- read -r w d l <<EOS
$score
EOS
        printf '%s ai:%s vs ai:%s: ' "$variant" "$k" "$((k + 1))"
        "$here/elo.sh" "$w" "$d" "$l"
    done
done
