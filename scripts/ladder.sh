#!/bin/sh
# The calibration ladder of docs/performance.md "Ratings of the levels": each level against
# Stockfish with UCI_LimitStrength at the time per move the level uses by
# default (its share of 1 s), level 1 (below Stockfish's floor of 1350)
# against level 2; then level 5 at 1 s against UCI_Elo 2200 (the goal). Each match
# runs for a fixed wall-clock time (seconds below) with seeded random
# openings of 8 plies, colours alternating; the logs go to $LOGS.
# Usage: scripts/ladder.sh   (MOTLEY=path, SF=path, LOGS=dir to override)
set -u
here=$(dirname "$0")
sf=${SF:-/usr/games/stockfish}
logs=${LOGS:-ladder-logs}
mkdir -p "$logs"
pair() { # SECONDS NAME WHITE BLACK [SEED]
    printf '%s: ' "$2"
    "$here/match-elo.sh" "$1" "$logs/$2.txt" --white "$3" --black "$4" \
        --games 1000 --opening-plies 8 --seed "${5:-1}" standard 2>/dev/null
}
stockfish() { # ELO MOVETIME-MS
    echo "uci:$sf?UCI_LimitStrength=true&UCI_Elo=$1&movetime=$2"
}
pair 480 ai2-vs-sf1400 ai:2 "$(stockfish 1400 200)"
pair 540 ai3-vs-sf1700 ai:3 "$(stockfish 1700 250)"
# Second runs (openings from another seed; docs/performance.md adds each pair).
pair 360 ai3-vs-sf1700-b ai:3 "$(stockfish 1700 250)" 1001
pair 900 ai1-vs-ai2 ai:1 ai:2
pair 2100 ai4-vs-sf1850 ai:4 "$(stockfish 1850 500)"
pair 4800 ai5-vs-sf2000 ai:5 "$(stockfish 2000 1000)"
pair 2700 ai5-vs-sf2000-b ai:5 "$(stockfish 2000 1000)" 1001
pair 510 ai5-vs-sf2200 ai:5 "$(stockfish 2200 1000)"
