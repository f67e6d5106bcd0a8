#!/usr/bin/env python3
"""Reference data from Fairy-Stockfish for its drop keys on 8x8 crazyhouse-like variants.

    FSF=/path/to/stockfish FSF_REPO=/path/to/Fairy-Stockfish python3 drops_reference.py [OUT]

Adapted from Motley's scripts/fsf_sizes_reference.py (same Engine driver,
fsf.py, copied next to this file). The variants are the sections of
drops.ini (next to this file), loaded with setoption name VariantPath; each
inherits FSF's built-in crazyhouse (nodropchecks-hill: kingofthehill).

Writes OUT/perft.txt, moves.txt, fens.txt (OUT: this script's folder by
default). Random playouts are seeded ("VARIANT:k"). Every goal position is
also counted in plain crazyhouse; the script stops if the section's key does
not change the legal move list there, and writes both counts into the note.
One FSF process, single-threaded (Threads stays 1).
"""

import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
REPO = os.path.dirname(HERE)
from fsf import Engine, git_short, log, position_fen, random_playout  # noqa: E402

FSF = os.environ.get("FSF", "stockfish")
FSF_REPO = os.environ.get("FSF_REPO", "Fairy-Stockfish")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "crates/game/tests/drops")
DROPS_INI = os.path.join(REPO, "crates/game/tests/drops/drops.ini")
DATE = "2026-11-28"
SCRIPT = "drops_reference.py"
BASE = "crazyhouse"   # goal positions are compared with this built-in

VARIANTS = ["dropregion", "firstrankdrops", "zonedrops", "bothpawndrops",
            "nifu", "nifu2", "nodropchecks", "nodropchecks-hill", "atomicdrops",
            "mustdrop", "mustdropknight", "loopdrops", "bishopcolours", "droppedcastle"]

RANDOM_POSITIONS = 5
MIN_PLIES, MAX_PLIES = 10, 40
# depth 4 for random and goal positions when the estimated node count
# (p3 * p3 / p2) is at most this: FSF counts ~15-25 M nodes/s here, so
# that is under ~5 s. The start position always gets depths 1-4.
NODE_LIMIT = 60_000_000

# note (the counts "(N vs M in crazyhouse)" are appended), fen, expect /
# absent: moves that must / must not be legal, fens: also in fens.txt,
# ended: no legal moves (then the key need not change anything).
GOALS = {
    "dropregion": [
        dict(note="goal: white drops any piece only on ranks 1-4 (N@e3, Q@b1, P@a4 legal; N@e5, Q@b8, P@a5 not)",
             fen="r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QNPqnp] w KQkq - 0 1",
             expect=["N@e3", "Q@b1", "P@a4"], absent=["N@e5", "Q@b8", "P@a5"], fens=True),
        dict(note="goal: black drops any piece only on ranks 5-8 (N@e6, Q@b8 legal; N@e4, Q@b1 not)",
             fen="r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QNPqnp] b KQkq - 0 1",
             expect=["N@e6", "Q@b8", "P@a5"], absent=["N@e4", "Q@b1", "P@a4"], fens=True),
        dict(note="goal: in check, blocking drops only inside the region (N@e4 legal, N@e5 not)",
             fen="4r1k1/8/8/8/8/8/8/4K3[Nn] w - - 0 1",
             expect=["N@e2", "N@e4"], absent=["N@e5", "N@e7"]),
    ],
    "firstrankdrops": [
        dict(note="goal: white pawn drops on rank 1 too, still not on rank 8 (P@a1; no P@a8)",
             fen="4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
             expect=["P@a1", "P@h1"], absent=["P@a8"], fens=True),
        dict(note="goal: black pawn drops on rank 8, its first rank (P@a8; no P@a1)",
             fen="4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1",
             expect=["P@a8"], absent=["P@a1"], fens=True),
        dict(note="goal: a pawn already on a1 steps one square only (a1a2; no a1a3)",
             fen="4k3/8/8/8/8/8/8/P3K3[Pp] w - - 0 1",
             expect=["a1a2", "P@b1"], absent=["a1a3"]),
    ],
    "zonedrops": [
        dict(note="goal: white pawn drops on rank 8, the promotion rank (P@a8; no P@a1)",
             fen="4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
             expect=["P@a8", "P@h8"], absent=["P@a1"], fens=True),
        dict(note="goal: black pawn drops on rank 1, its promotion rank (P@a1; no P@a8)",
             fen="4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1",
             expect=["P@a1"], absent=["P@a8"], fens=True),
        dict(note="goal: a white pawn already on d8 has no moves; more drops on rank 8 (P@c8)",
             fen="3Pk3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
             expect=["P@c8"], absent=["d8d7", "P@a1"]),
    ],
    "bothpawndrops": [
        dict(note="goal: white pawn drops on every empty square (P@a1, P@a8)",
             fen="4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1",
             expect=["P@a1", "P@a8", "P@d4"], fens=True),
        dict(note="goal: black pawn drops on ranks 1 and 8 as well (P@b1, P@b8)",
             fen="r3k2r/8/8/8/8/8/8/R3K2R[PPpp] b KQkq - 0 1",
             expect=["P@b1", "P@b8", "e8c8"], fens=True),
    ],
    "nifu": [
        dict(note="goal: no white pawn drop on files a, b, d with a white pawn; black pawns do not count (P@c3, P@e3; no P@a3, P@d3)",
             fen="4k3/pp6/8/8/8/8/PP1P4/4K3[Pp] w - - 0 1",
             expect=["P@c3", "P@e3", "P@h7"], absent=["P@a3", "P@b4", "P@d3", "P@d7"], fens=True),
        dict(note="goal: no black pawn drop on files a, b with a black pawn; white pawns do not count (P@d6; no P@a6)",
             fen="4k3/pp6/8/8/8/8/PP1P4/4K3[Pp] b - - 0 1",
             expect=["P@d6", "P@c3"], absent=["P@a6", "P@b3"], fens=True),
        dict(note="goal: in check, a pawn may not block on a file with an own pawn (P@c3; no P@b3, P@d3)",
             fen="4k3/8/8/8/8/r6K/1P1P4/8[P] w - - 0 1",
             expect=["P@c3", "P@e3"], absent=["P@b3", "P@d3"]),
    ],
    "nifu2": [
        dict(note="goal: white pawn drop refused on the a-file (two pawns), allowed on the c-file (one pawn) (P@c3; no P@a4)",
             fen="4k3/8/8/8/8/P7/P1P5/4K3[Pp] w - - 0 1",
             expect=["P@c3", "P@c7", "P@b3"], absent=["P@a4", "P@a7"], fens=True),
        dict(note="goal: black pawn drop refused on the a-file (two pawns), allowed on the c-file (one pawn) (P@c5; no P@a5)",
             fen="4k3/p1p5/p7/8/8/8/8/4K3[Pp] b - - 0 1",
             expect=["P@c5", "P@b5"], absent=["P@a5", "P@a2"], fens=True),
    ],
    "nodropchecks": [
        dict(note="goal: knight and queen drops that check are refused, a rook move that checks is not (N@d5, a1a8; no N@d6, Q@e2)",
             fen="4k3/8/8/8/8/8/8/R3K3[QNqn] w - - 0 1",
             expect=["N@d5", "Q@a3", "a1a8"], absent=["N@d6", "N@f6", "Q@e2", "Q@h5"], fens=True),
        dict(note="goal: in check, a block by drop that would also check is refused (Q@a6; no Q@a7)",
             fen="r7/7k/8/8/8/8/8/K7[Qq] w - - 0 1",
             expect=["Q@a6", "Q@a2"], absent=["Q@a7"], fens=True),
        dict(note="goal: pawn drops that check are refused (P@e4; no P@d4, P@f4)",
             fen="8/8/8/4k3/8/8/8/4K3[Pp] w - - 0 1",
             expect=["P@e4", "P@d3"], absent=["P@d4", "P@f4"]),
    ],
    "nodropchecks-hill": [
        dict(note="goal: black may not check by drop the king walking to the hill (e8d7; no Q@d4, N@d5)",
             fen="4k3/8/8/8/8/4K3/8/8[QNqn] b - - 0 1",
             expect=["e8d7", "Q@a8", "N@a1"], absent=["Q@d4", "N@d5", "Q@e1"], fens=True),
        dict(note="goal: king in check beside the hill; the block Q@c3 would check, Q@b3 does not (d3d4 wins)",
             fen="2k5/8/8/8/8/r2K4/8/8[Qq] w - - 0 1",
             expect=["Q@b3", "d3d4", "d3e4"], absent=["Q@c3"], fens=True),
        dict(note="ended: white king on the hill (e4), black to move has lost although it holds a queen",
             fen="4k3/8/8/8/4K3/8/8/8[Qq] b - - 0 1", ended=True),
    ],
    "mustdrop": [
        dict(note="goal: a piece in hand must be dropped, no board move (N@c3; no e1d1)",
             fen="4k3/8/8/8/8/8/4P3/4K3[Nn] w - - 0 1",
             expect=["N@c3", "N@a8"], absent=["e1d1", "e2e4"], fens=True),
        dict(note="goal: in check, only the drops that block are legal (N@e2; no e1d1)",
             fen="4r1k1/8/8/8/8/8/8/4K3[Nn] w - - 0 1",
             expect=["N@e2", "N@e4"], absent=["e1d1", "N@a1"], fens=True),
    ],
    "mustdropknight": [
        dict(note="goal: a knight in hand must be dropped, the queen may not be (N@c3; no Q@c3, e1d1)",
             fen="4k3/8/8/8/8/8/4P3/4K3[QNqn] w - - 0 1",
             expect=["N@c3"], absent=["Q@c3", "e1d1"], fens=True),
        dict(note="goal: no knight in hand: board moves and other drops as in crazyhouse (e1d1, Q@c3)",
             fen="4k3/8/8/8/8/8/4P3/4K3[Qq] w - - 0 1",
             expect=["e1d1", "Q@c3"], absent=[], fens=False, compare=False),
    ],
    "loopdrops": [
        dict(note="goal: the promoted queen taken on d8 went to Black's hand as a queen ([Rq]; Black drops Q@ from depth 2)",
             fen="3rk3/4P3/8/8/8/8/8/4K3[] w - - 0 1", moves="e7d8q e8d8", expect=["R@a1"], absent=[],
             fens=True, compare=False),
    ],
    "bishopcolours": [
        dict(note="goal: a bishop on a dark square, the second one drops only on light squares (B@b1; no B@a1)",
             fen="4k3/8/8/8/8/8/8/2B1K3[Bb] w - - 0 1", expect=["B@b1", "B@d1"], absent=["B@a1", "B@g1"], fens=True),
        dict(note="goal: two bishops in hand, one free square of each colour: no other piece there (B@a1; no N@a1, N@b1)",
             fen="4k3/8/8/8/8/8/8/2RQKRNR[BBNbb] w - - 0 1", expect=["B@a1", "B@b1"], absent=["N@a1", "N@b1"],
             fens=True),
    ],
    "droppedcastle": [
        dict(note="goal: a rook dropped on h1 with the king on e1 gains the king side right (R@h1, then e1g1)",
             fen="4k3/8/8/8/8/8/8/4K3[Rr] w - - 0 1", expect=["R@h1", "R@a1"], fens=True, compare=False),
        dict(note="goal: with the right gained, castling is a legal move (e1g1)",
             fen="4k3/8/8/8/8/8/8/4K2R[r] w K - 0 1", expect=["e1g1"], compare=False),
    ],
    "atomicdrops": [
        dict(note="goal: a knight takes and blows up a knight beside it; each piece goes to its opponent's hand (e3d5)",
             fen="4k3/8/8/3pn3/8/4N3/8/4K3[] w - - 0 1",
             expect=["e3d5"], absent=[], fens=True, compare=False),
        dict(note="goal: pieces in hand after an explosion are dropped (N@c3)",
             fen="4k3/8/8/8/8/8/8/4K3[Nnp] w - - 0 1",
             expect=["N@c3"], absent=["P@a1"], fens=True, compare=False),
    ],
}


def start_engine():
    e = Engine(FSF)
    for m in e.load(DROPS_INI):
        log("drops.ini:", m)
    missing = [v for v in VARIANTS if v not in e.variants]
    if missing:
        raise SystemExit("FSF did not load: %s" % missing)
    return e


def legal_in(e, variant, fen):
    e.set_variant(variant)
    e.position(fen)
    return set(e.legal_moves())


def build_positions(e):
    out = {}
    for v in VARIANTS:
        pos = [dict(fen=position_fen(e, v), note="start", fens=True)]
        seen = {pos[0]["fen"]}
        k = 0
        while sum(1 for p in pos if p["note"].startswith("random")) < RANDOM_POSITIONS and k < 200:
            moves, fen, ended = random_playout(e, v, k, MIN_PLIES, MAX_PLIES)
            k += 1
            if fen in seen or ended:
                continue
            seen.add(fen)
            pos.append(dict(fen=fen, note="random %d plies" % len(moves)))
        for g in GOALS[v]:
            fen = position_fen(e, v, fen=g["fen"], moves=g.get("moves", "").split())
            if fen != g["fen"]:
                log("note: %s goal FEN rewritten by FSF: %s -> %s" % (v, g["fen"], fen))
            legal = legal_in(e, v, fen)
            for m in g.get("expect", []):
                if m not in legal:
                    raise SystemExit("%s %r: expected move %s not legal in %s" % (v, g["note"], m, fen))
            for m in g.get("absent", []):
                if m in legal:
                    raise SystemExit("%s %r: move %s should not be legal in %s" % (v, g["note"], m, fen))
            if g.get("ended") and legal:
                raise SystemExit("%s %r: position not ended: %s" % (v, g["note"], fen))
            base = legal_in(e, BASE, fen)
            # A goal that shows a move's result (compare=False) may list
            # crazyhouse's moves: what differs is the position after.
            if base == legal and not g.get("ended") and g.get("compare", True):
                raise SystemExit("%s %r: same moves as %s in %s" % (v, g["note"], BASE, fen))
            note = "%s (%d vs %d in %s)" % (g["note"], len(legal), len(base), BASE)
            log("%s: %s\n    only here: %s\n    only in %s: %s" % (
                v, note, " ".join(sorted(legal - base)), BASE, " ".join(sorted(base - legal))))
            pos.append(dict(fen=fen, note=note, fens=bool(g.get("fens"))))
        out[v] = pos
    return out


def perft_row(e, variant, fen, start):
    e.set_variant(variant)
    e.position(fen)
    p1, divide = e.perft(1)
    if p1 == 0:
        return [0, 0, 0, 0], divide
    counts = [p1, e.perft(2)[0], e.perft(3)[0]]
    if start or (counts[1] and counts[2] * counts[2] / counts[1] <= NODE_LIMIT):
        t = time.time()
        counts.append(e.perft(4)[0])
        if time.time() - t > 5:
            log("slow depth 4 (%.1f s): %s %s" % (time.time() - t, variant, fen))
    return counts, divide


def main():
    t0 = time.time()
    e = start_engine()
    idname = e.id_name
    git = git_short(FSF_REPO)
    positions = build_positions(e)
    perft_lines, move_lines, fen_lines = [], [], []
    for v in VARIANTS:
        for p in positions[v]:
            counts, divide = perft_row(e, v, p["fen"], p["note"] == "start")
            legal = sorted(divide)
            perft_lines.append("%s | %s | %s | %s" % (v, p["fen"], " ".join(map(str, counts)), p["note"]))
            move_lines.append("%s | %s | %s" % (v, p["fen"], " ".join(legal)))
            if p.get("fens"):
                e.set_variant(v)
                for m in legal:
                    e.position(p["fen"], [m])
                    fen_lines.append("%s | %s | %s | %s" % (v, p["fen"], m, e.fen()))
            e.set_variant(v)
            e.position(p["fen"])
            rt = e.fen()
            if rt != p["fen"]:
                log("ROUND TRIP %s: %s -> %s" % (v, p["fen"], rt))
        log("%-18s %d positions, engine cpu so far %.1f s" % (v, len(positions[v]), e.cpu_seconds))
    cpu = e.cpu_seconds
    e.quit()

    src = "variants: the sections of drops.ini (setoption name VariantPath), on FSF's built-in crazyhouse / kingofthehill"
    with open(os.path.join(OUT, "perft.txt"), "w") as f:
        f.write("# Reference perft numbers generated by Fairy-Stockfish (git %s, id name %s)\n" % (git, idname))
        f.write("# date: %s   script: %s\n" % (DATE, SCRIPT))
        f.write("# format: variant | FEN as printed on the engine's 'Fen:' line | perft depth 1 2 3 4 "
                "(4 for random and goal positions only while the estimated node count stays under %d M) | note\n"
                % (NODE_LIMIT // 1_000_000))
        f.write("# notes: start, random N plies (from the start, seeded 'variant:k'), goal: ... (the drop key matters; "
                "'N vs M in crazyhouse' = legal moves here and in built-in crazyhouse), ended: ... (game over; perft 0)\n")
        f.write("# " + src + "\n")
        f.write("\n".join(perft_lines) + "\n")
    with open(os.path.join(OUT, "moves.txt"), "w") as f:
        f.write("# Legal moves from Fairy-Stockfish (git %s, id name %s) go perft 1, sorted: variant | FEN | moves\n" % (git, idname))
        f.write("# date: %s   script: %s; %s\n" % (DATE, SCRIPT, src))
        f.write("\n".join(move_lines) + "\n")
    with open(os.path.join(OUT, "fens.txt"), "w") as f:
        f.write("# The FEN Fairy-Stockfish (git %s, id name %s) writes after a move: variant | FEN | move | FEN after\n" % (git, idname))
        f.write("# date: %s   script: %s; %s; every legal move of the start and of two goal positions per variant\n" % (DATE, SCRIPT, src))
        f.write("\n".join(fen_lines) + "\n")
    log("done: %d perft lines, %d move lines, %d fen lines; engine cpu %.1f s, wall %.1f s"
        % (len(perft_lines), len(move_lines), len(fen_lines), cpu, time.time() - t0))


if __name__ == "__main__":
    main()
