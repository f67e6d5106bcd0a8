#!/bin/sh
# Play a standard-chess match for at most SECONDS of wall-clock time, keep
# its table in LOG, and print the Elo of the first player over the second.
# Usage: scripts/match-elo.sh SECONDS LOG MOTLEY-MATCH-ARGS…
# e.g.   scripts/match-elo.sh 900 ladder-3.txt --white ai:3 \
#          --black 'uci:/usr/games/stockfish?UCI_LimitStrength=true&UCI_Elo=1350&movetime=250' \
#          --games 200 --opening-plies 8 standard
# When the time is up Motley alone (--foreground) gets one SIGINT: the game
# under way is not counted, the finished ones are (see `motley match`).
set -u
seconds=$1
log=$2
shift 2
here=$(dirname "$0")
motley=${MOTLEY:-$here/../target/release/motley}
timeout --foreground -s INT "$seconds" "$motley" match "$@" >"$log"
score=$(sed -n 's/^score: //p' "$log")
if [ -z "$score" ]; then
    echo "no score in $log" >&2
    exit 1
fi
IFS=- read -r w d l <<EOS
$score
EOS
"$here/elo.sh" "$w" "$d" "$l"
