#!/bin/sh
# Elo difference and its 95% error bar from a match score.
# Usage: scripts/elo.sh WINS DRAWS LOSSES
# Elo = -400·log10(1/p − 1), p the score; the error comes from the standard
# deviation of the per-game scores (1, ½, 0), as a 95% interval (±1.96 σ/√n)
# mapped through the same formula. A score of 0 or 1 has no finite Elo.
awk -v w="$1" -v d="$2" -v l="$3" 'BEGIN {
    n = w + d + l
    if (n == 0) { print "no games"; exit 1 }
    p = (w + d / 2) / n
    var = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * p ^ 2) / n
    se = sqrt(var / n)
    lo = p - 1.96 * se; hi = p + 1.96 * se
    printf "games %d  W-D-L %d-%d-%d  score %.1f%%", n, w, d, l, 100 * p
    if (p <= 0 || p >= 1) { printf "  Elo: beyond ±800 (score %s)\n", (p <= 0 ? "0" : "100%"); exit 0 }
    elo = -400 * log(1 / p - 1) / log(10)
    if (lo <= 0) elo_lo = "-inf"; else elo_lo = sprintf("%+.0f", -400 * log(1 / lo - 1) / log(10))
    if (hi >= 1) elo_hi = "+inf"; else elo_hi = sprintf("%+.0f", -400 * log(1 / hi - 1) / log(10))
    if (lo > 0 && hi < 1) {
        half = (-400 * log(1 / hi - 1) / log(10) + 400 * log(1 / lo - 1) / log(10)) / 2
        printf "  Elo %+.0f ± %.0f (95%%: %s … %s)\n", elo, half, elo_lo, elo_hi
    } else {
        printf "  Elo %+.0f (95%%: %s … %s)\n", elo, elo_lo, elo_hi
    }
}'
