#!/usr/bin/env python3
"""Reference data from Fairy-Stockfish for variants on boards other than 8x8.

    FSF=/path/to/stockfish FSF_REPO=/path/to/Fairy-Stockfish \
    python3 scripts/fsf_sizes_reference.py [reference|verify|sizes] [OUT]

    reference  perft.txt moves.txt fens.txt (crates/game/tests/sizes/)
    verify     variants/sizes.ini (as x-NAME) against FSF's built-ins -> verify.txt
    sizes      the sections of FSF's variants.ini not 8x8 -> nonstandard_sizes.txt

Fairy-Stockfish built with largeboards=yes all=yes. OUT is where the files
go (crates/game/tests/sizes by default; verify.txt and the rest go there too,
to be looked at, not committed).

Numbers come from FSF's built-in variants; fivebyfive and sixbysix, which
FSF does not have, come from our own sections in sizes.ini (VariantPath).
Random playouts are seeded ("VARIANT:k"), so a re-run gives the same
positions as long as FSF's move generation is unchanged. One FSF process
at a time, single-threaded.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf import Engine, FSF, git_short, log, position_fen, random_playout  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = next((a for a in sys.argv[2:]), os.path.join(REPO, "crates/game/tests/sizes"))
SIZES_INI = os.path.join(REPO, "variants/sizes.ini")
SIZES_X_INI = os.path.join(HERE, "sizes.x.ini")   # sections renamed x-NAME
FSF_REPO = os.environ.get("FSF_REPO", "Fairy-Stockfish")
FSF_INI = os.path.join(FSF_REPO, "src/variants.ini")
POSITIONS_JSON = os.path.join(tempfile.gettempdir(), "motley-sizes-positions.json")
DATE = "2026-11-28"
SCRIPT = "fsf_sizes_reference.py"

# Variant order of the output files. OWN: not built into FSF; loaded from sizes.ini.
VARIANTS = ["capablanca", "capahouse", "gothic", "janus", "embassy", "centaur",
            "grand", "shako", "courier", "losalamos", "gardner", "micro",
            "fivebyfive", "sixbysix", "timur", "minishogi", "shogi", "judkins", "gorogoro", "euroshogi", "minixiangqi",
            "xiangqi", "manchu", "loop", "dobutsu"]
OWN = {"fivebyfive", "sixbysix", "timur"}

RANDOM_POSITIONS = 5          # per variant, random playouts of 6..40 plies
MIN_PLIES, MAX_PLIES = 6, 40
# Depth 4 is given when its estimated node count (p3 * p3 / p2) is at most
# this; FSF counts ~10-20 M leaf nodes a second here, so that is a few
# seconds. The start position also gets depth 5 under the same limit.
NODE_LIMIT = 60_000_000

# Positions where a special rule matters. Each: note, and either "fen" or
# "moves" (UCI moves from the start); "expect": moves that must be legal
# there, "absent": moves that must not be; "fens": also use the position
# in fens.txt (every legal move and the FEN after it).
GOALS = {
    "capablanca": [
        dict(note="goal: castling both ways on 10 files (f1i1, f1c1)",
             fen="r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
             expect=["f1i1", "f1c1"], fens=True),
        dict(note="goal: promotion to archbishop or chancellor (b7b8a, b7a8c)",
             fen="r4k4/1P8/10/10/10/10/10/5K4 w - - 0 1",
             expect=["b7b8a", "b7b8c", "b7a8c"], fens=True),
        dict(note="goal: en passant on the j/i files (j5i6)",
             moves="j2j4 a7a6 j4j5 i7i5", expect=["j5i6"]),
    ],
    "capahouse": [
        dict(note="goal: chancellors in hand, drops (C@e3)",
             fen="rnabqkb1nr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKB1NR[Cc] w KQkq - 0 3",
             expect=["C@e3", "C@h1"], fens=True),
        dict(note="goal: pawns in hand, black to drop (P@e6; never on ranks 1 and 8)",
             moves="d2d4 e7e5 d4e5 e8e5 b1c3", expect=["P@e6"], absent=["P@e1", "P@e8"]),
        dict(note="goal: a promoted archbishop to take, which goes to hand as a pawn (g2g1)",
             fen="5k4/10/10/10/10/10/6r3/5KA~3[] b - - 0 1", expect=["g2g1"], fens=True),
    ],
    "gothic": [
        dict(note="goal: castling long only; i3 bishop covers g1 (f1c1 legal, f1i1 not)",
             fen="r4k3r/pppppppppp/10/10/10/8b1/PPPPPPP1PP/R4K3R w KQkq - 0 1",
             expect=["f1c1"], absent=["f1i1"], fens=True),
        dict(note="goal: en passant after a double step (e5d6)",
             moves="e2e4 a7a6 e4e5 d7d5", expect=["e5d6"], fens=True),
    ],
    "janus": [
        dict(note="goal: castling to the i-file and to the b-file (e1i1, e1b1)",
             fen="r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
             expect=["e1i1", "e1b1"], fens=True),
        dict(note="goal: promotion to the janus (c7c8j)",
             fen="5k4/2P7/10/10/10/10/10/4K5 w - - 0 1", expect=["c7c8j"]),
    ],
    "embassy": [
        dict(note="goal: castling to the h-file and to the b-file (e1h1, e1b1)",
             fen="r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
             expect=["e1h1", "e1b1"], fens=True),
    ],
    "centaur": [
        dict(note="goal: promotion to a centaur (c7c8c)",
             fen="5k4/2P7/10/10/10/10/10/5K4 w - - 0 1", expect=["c7c8c"], fens=True),
        dict(note="goal: castling both ways on 10 files (f1i1, f1c1)",
             fen="r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
             expect=["f1i1", "f1c1"]),
    ],
    "grand": [
        dict(note="goal: optional promotion on rank 8, only to the captured queen (d7d8 d7d8q)",
             fen="r8r/1nb1kcabn1/ppp1pppppp/3P6/10/10/10/PPP1PPPPPP/1NB1KCABN1/R8R w - - 0 1",
             expect=["d7d8", "d7d8q", "d7c8q"], absent=["d7d8r", "d7d8c"], fens=True),
        dict(note="goal: pawn on rank 9 stuck, nothing captured to promote to (no a9a10)",
             fen="1r2k5/P9/10/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
             absent=["a9a10", "a9b10", "a9a10q"]),
        dict(note="goal: en passant after a double step from rank 8 (e6d7)",
             moves="e3e5 a8a7 e5e6 d8d6", expect=["e6d7"], fens=True),
    ],
    "shako": [
        dict(note="goal: castling on rank 2 (f2h2, f2d2)",
             fen="c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1",
             expect=["f2h2", "f2d2"], fens=True),
        dict(note="goal: promotion on rank 10, to cannon or elephant too (d9d10c, d9d10e)",
             fen="c4k3c/3P6/10/10/10/10/10/10/5K4/C8C w - - 0 1",
             expect=["d9d10c", "d9d10e"], fens=True),
        dict(note="goal: en passant after a double step from rank 8 (e6d7)",
             moves="e3e5 a8a7 e5e6 d8d6", expect=["e6d7"]),
    ],
    "courier": [
        dict(note="goal: promotion to a fers only (b7b8f)",
             fen="4k6r/1P10/12/12/12/12/12/5K6 w - - 0 1", expect=["b7b8f"],
             absent=["b7b8q", "b7b8r"], fens=True),
        dict(note="goal: bare king to move; the game ends after its move",
             fen="4k7/12/12/12/12/12/12/4KR6 b - - 0 1", expect=["e8e7"]),
        dict(note="ended: black's king is bare, white to move has won",
             fen="4k7/12/12/12/12/12/12/4KR6 w - - 0 1", ended=True),
    ],
    "losalamos": [
        dict(note="goal: promotion to queen, rook or knight, no bishop (b5b6n)",
             fen="3k2/1P4/6/6/6/3K2 w - - 0 1", expect=["b5b6q", "b5b6r", "b5b6n"],
             absent=["b5b6b"], fens=True),
    ],
    "gardner": [
        dict(note="goal: promotion on rank 5 (a4a5q)",
             fen="2k2/P4/5/5/2K2 w - - 0 1", expect=["a4a5q", "a4a5n"], fens=True),
    ],
    "micro": [
        dict(note="goal: a capture that must turn the pawn over (a4a3+, no a4a3)",
             moves="b1a2 a5b4 c1a3", expect=["a4a3+"], absent=["a4a3"]),
        dict(note="goal: drops from hand either side up (B@a2, +B@a2, +R@c3)",
             moves="b1a2 a5b4 c1a3 a4a3+ a2b3 b4b3 d2d3",
             expect=["B@a2", "+B@a2", "+R@c3"], fens=True),
        dict(note="goal: a turned-over piece captures and turns back (c3c4-)",
             moves="c1b2 c5d4 a1a2 d4c3 b2c3+ d5c4", expect=["c3c4-", "+R@a1"], fens=True),
    ],
    "minishogi": [
        dict(note="goal: no pawn drop on a file with an own unpromoted pawn, nor on the last rank (P@b3; no P@a3, P@b5)",
             fen="2k2/5/5/P4/2K2[P] w - - 0 1", expect=["P@b3", "P@b4"], absent=["P@a3", "P@b5"], fens=True),
        dict(note="goal: a silver entering the zone may turn over or not (c4c5, c4c5+)",
             fen="k4/2S2/5/5/4K[] w - - 0 1", expect=["c4c5", "c4c5+", "c4b5+"], fens=True),
        dict(note="goal: a pawn drop that mates is a legal move (P@a4); the mated side then wins",
             fen="k4/2G2/1K3/5/5[P] w - - 0 1", expect=["P@a4"], fens=True),
    ],
    "shogi": [
        dict(note="goal: no knight drop on the last two ranks (N@e7; no N@e8, N@e9)",
             fen="4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1", expect=["N@e7"], absent=["N@e8", "N@e9"], fens=True),
        dict(note="goal: a lance on the eighth rank must turn over reaching the last (a8a9+; no a8a9)",
             fen="4k4/L8/9/9/9/9/9/9/4K4[] w - - 0 1", expect=["a8a9+"], absent=["a8a9"], fens=True),
        dict(note="goal: a silver leaving the zone may turn over (c7b6+, c7b6)",
             fen="4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1", expect=["c7b6+", "c7b6"], fens=True),
    ],
    "judkins": [
        dict(note="goal: no knight drop on the last two ranks (N@c4; no N@c5, N@c6)",
             fen="5k/6/6/6/6/K5[N] w - - 0 1", expect=["N@c4"], absent=["N@c5", "N@c6"], fens=True),
    ],
    "gorogoro": [
        dict(note="goal: no pawn drop on a file with an own unpromoted pawn (P@b3; no P@a3)",
             fen="2k2/5/5/5/P4/2K2[P] w - - 0 1", expect=["P@b3"], absent=["P@a3", "P@b6"], fens=True),
    ],
    "euroshogi": [
        dict(note="goal: the knight leaps forward or steps sideways, and must turn over in the zone (e4d6+; no e4d6)",
             fen="4k3/8/8/8/4N3/8/8/4K3[] w - - 0 1", expect=["e4d6+", "e4f6+", "e4d4"], absent=["e4d6", "e4d2"],
             fens=True),
        dict(note="goal: a pawn entering the zone must turn over (a5a6+; no a5a6)",
             fen="4k3/8/8/P7/8/8/8/4K3[] w - - 0 1", expect=["a5a6+"], absent=["a5a6"], fens=True),
    ],
    "xiangqi": [
        dict(note="goal: the flying general: the horse between the kings may not move (no e5d7); the king steps aside",
             fen="4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", expect=["e1d1", "e1f1", "e1e2"], absent=["e5d7", "e5c6"],
             fens=True),
        dict(note="goal: a soldier steps sideways only past the river (c6b6; no a4b4)",
             fen="3k5/9/9/9/2P6/9/P8/9/9/4K4 w - - 0 1", expect=["c6b6", "c6d6", "c6c7", "a4a5"],
             absent=["a4b4"], fens=True),
        dict(note="goal: no elephant across the river (c5a7), no horse past a taken leg (d3c1 over d2)",
             fen="3k5/9/9/9/9/2B6/9/3N5/3P5/4K4 w - - 0 1", absent=["c5a7", "c5e7", "d3c1"],
             expect=["c5a3", "c5e3", "d3e5", "d3b4"], fens=True),
        dict(note="goal: the king stays in its palace (f1e1, f1f2; no f1g1)",
             fen="3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", expect=["f1e1", "f1f2"], absent=["f1g1"]),
    ],
    "minixiangqi": [
        dict(note="goal: soldiers step sideways from the start, there being no river (d3c3, d3e3)",
             fen="4k2/7/7/7/3P3/7/2K4 w - - 0 1", expect=["d3c3", "d3e3", "d3d4"], fens=True),
        dict(note="goal: the cannon captures over exactly one piece (d1d4 over d3; no d1d6 over two)",
             fen="2k4/3r3/7/3p3/3P3/7/3CK2 w - - 0 1", expect=["d1d4", "d1d2"], absent=["d1d6", "d1d3"],
             fens=True),
    ],
    "manchu": [
        dict(note="goal: the banner moves as rook, cannon or horse (a1a9 over a screen? a1b3 as a horse)",
             fen="3k5/9/9/9/9/9/9/9/9/M3K4 w - - 0 1", expect=["a1b3", "a1a10", "a1d1"], fens=True),
    ],
    "dobutsu": [
        dict(note="ended: White's lion stands unattacked on the far rank with Black to move: Black has lost",
             fen="L2/3/2l/3[] b - - 0 1", ended=True),
        dict(note="goal: White's lion on the far rank but attacked: the game goes on and Black may take it (b3a4)",
             fen="L2/1l1/3/3[] b - - 0 1", expect=["b3a4"], fens=True),
    ],
    "loop": [
        dict(note="goal: the promoted queen taken on d8 goes to Black's hand as a queen ([Rq])",
             fen="3rk3/4P3/8/8/8/8/8/4K3[] w - - 0 1", moves="e7d8q e8d8", expect=["R@a1"], fens=True),
    ],
    "fivebyfive": [
        dict(note="goal: promotion on rank 5 (c4c5q)",
             fen="k4/2P2/5/5/4K w - - 0 1", expect=["c4c5q", "c4c5n"], fens=True),
    ],
    "sixbysix": [
        dict(note="goal: castling on 6 files, king d1 to f1 or b1 (d1f1, d1b1)",
             fen="r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1",
             expect=["d1f1", "d1b1"], fens=True),
        dict(note="goal: en passant after black's double step to rank 3 (c3d4)",
             moves="c2c3 d5d3", expect=["c3d4"], fens=True),
        dict(note="goal: promotion on rank 6 (b5b6q)",
             fen="3k2/1P4/6/6/6/3K2 w - - 0 1", expect=["b5b6q"]),
    ],
}


# ---------------------------------------------------------------------------
# positions

def start_engine():
    e = Engine()
    msgs = e.load(SIZES_INI)   # adds fivebyfive and sixbysix; the rest "already exist"
    for m in msgs:
        if "already exists" not in m:
            log("sizes.ini:", m)
    return e


def build_positions(e):
    """Every variant's positions: start, random playouts, goals."""
    out = {}
    for v in VARIANTS:
        pos = []
        fen = position_fen(e, v)
        pos.append(dict(fen=fen, note="start", moves=[], fens=True))
        seen = {fen}
        k = 0
        ended_kept = False
        while sum(1 for p in pos if p["note"].startswith("random")) < RANDOM_POSITIONS and k < 200:
            moves, fen, ended = random_playout(e, v, k, MIN_PLIES, MAX_PLIES)
            k += 1
            if fen in seen:
                continue
            seen.add(fen)
            if ended:
                # a playout that ran into mate/stalemate: keep the first one
                # as an 'ended' line, and play another for the live ones
                if not ended_kept:
                    ended_kept = True
                    pos.append(dict(fen=fen, note="ended: random %d plies, no legal moves" % len(moves),
                                    moves=moves, seed="%s:%d" % (v, k - 1)))
                continue
            pos.append(dict(fen=fen, note="random %d plies" % len(moves), moves=moves,
                            seed="%s:%d" % (v, k - 1)))
        for g in GOALS.get(v, []):
            if "fen" in g:
                fen = position_fen(e, v, fen=g["fen"], moves=g.get("moves", "").split())
                src = None if "moves" in g else g["fen"]
            else:
                fen = position_fen(e, v, moves=g["moves"].split())
                src = None
            legal = set(e.legal_moves())
            for m in g.get("expect", []):
                if m not in legal:
                    raise SystemExit("%s %r: expected move %s not legal in %s" % (v, g["note"], m, fen))
            for m in g.get("absent", []):
                if m in legal:
                    raise SystemExit("%s %r: move %s should not be legal in %s" % (v, g["note"], m, fen))
            if g.get("ended") and legal:
                raise SystemExit("%s %r: position not ended: %s" % (v, g["note"], fen))
            if src is not None and src != fen:
                log("note: %s goal FEN rewritten by FSF: %s -> %s" % (v, src, fen))
            pos.append(dict(fen=fen, note=g["note"], moves=g["moves"].split() if "moves" in g else [],
                            fens=bool(g.get("fens"))))
        # fens.txt: the start and two more (flagged goals first, then random ones)
        chosen = [p for p in pos[1:] if p.get("fens")]
        for p in pos[1:]:
            if len(chosen) >= 2:
                break
            if p not in chosen and p["note"].startswith("random"):
                p["fens"] = True
                chosen.append(p)
        for p in chosen[2:]:
            p["fens"] = False
        out[v] = pos
    return out


def perft_row(e, variant, fen, start):
    """[p1, p2, p3(, p4(, p5))] for the position; zeros for an ended game."""
    e.set_variant(variant)
    e.position(fen)
    counts = []
    p1, divide = e.perft(1)
    counts.append(p1)
    if p1 == 0:
        return [0, 0, 0, 0], divide
    for d in (2, 3):
        counts.append(e.perft(d)[0])
    maxd = 5 if start else 4
    while len(counts) < maxd:
        a, b = counts[-2], counts[-1]
        est = b * b / a if a else 0
        if est > NODE_LIMIT:
            break
        counts.append(e.perft(len(counts) + 1)[0])
    return counts, divide


def fens_after(e, variant, fen, moves):
    out = []
    e.set_variant(variant)
    for m in moves:
        e.position(fen, [m])
        out.append((m, e.fen()))
    return out


def reference():
    t0 = time.time()
    e = start_engine()
    idname = e.id_name
    positions = build_positions(e)
    git = git_short(FSF_REPO)
    perft_lines, move_lines, fen_lines = [], [], []
    for v in VARIANTS:
        for p in positions[v]:
            counts, divide = perft_row(e, v, p["fen"], p["note"] == "start")
            p["perft"] = counts
            legal = sorted(divide)
            p["legal"] = legal
            perft_lines.append("%s | %s | %s | %s" % (v, p["fen"], " ".join(map(str, counts)), p["note"]))
            move_lines.append("%s | %s | %s" % (v, p["fen"], " ".join(legal)))
            if p.get("fens"):
                for m, after in fens_after(e, v, p["fen"], legal):
                    fen_lines.append("%s | %s | %s | %s" % (v, p["fen"], m, after))
            # the FEN must survive a round trip through 'position fen'
            e.position(p["fen"])
            rt = e.fen()
            if rt != p["fen"]:
                log("ROUND TRIP %s: %s -> %s" % (v, p["fen"], rt))
        log("%-11s %d positions, engine cpu so far %.1f s" % (v, len(positions[v]), e.cpu_seconds))
    cpu = e.cpu_seconds
    e.quit()

    own = "fivebyfive, sixbysix and timur are not built into FSF: they are our sections in sizes.ini, loaded with setoption name VariantPath"
    with open(os.path.join(HERE, "perft.txt"), "w") as f:
        f.write("# Reference perft numbers generated by Fairy-Stockfish (git %s, id name %s)\n" % (git, idname))
        f.write("# date: %s   script: %s\n" % (DATE, SCRIPT))
        f.write("# format: variant | FEN as printed on the engine's 'Fen:' line | perft depth 1 2 3 "
                "(4, and 5 for start, while the estimated node count stays under %d M) | note\n" % (NODE_LIMIT // 1_000_000))
        f.write("# notes: start, random N plies (legal playout from the start, seeded 'variant:k'), goal: ... (special rule matters), ended: ... (game over; perft 0)\n")
        f.write("# " + own + "\n")
        f.write("\n".join(perft_lines) + "\n")
    with open(os.path.join(HERE, "moves.txt"), "w") as f:
        f.write("# Legal moves from Fairy-Stockfish (git %s, id name %s) go perft 1, sorted: variant | FEN | moves\n" % (git, idname))
        f.write("# date: %s   script: %s; %s\n" % (DATE, SCRIPT, own))
        f.write("\n".join(move_lines) + "\n")
    with open(os.path.join(HERE, "fens.txt"), "w") as f:
        f.write("# The FEN Fairy-Stockfish (git %s, id name %s) writes after a move: variant | FEN | move | FEN after\n" % (git, idname))
        f.write("# date: %s   script: %s; %s\n" % (DATE, SCRIPT, own))
        f.write("\n".join(fen_lines) + "\n")
    with open(POSITIONS_JSON, "w") as f:
        json.dump(positions, f, indent=1)
    log("reference: %d perft lines, %d move lines, %d fen lines; engine cpu %.1f s, wall %.1f s"
        % (len(perft_lines), len(move_lines), len(fen_lines), cpu, time.time() - t0))


# ---------------------------------------------------------------------------
# Task 1: sizes.ini against FSF's built-ins

def write_x_copy():
    """sizes.ini with each section renamed x-NAME (FSF refuses a section
    named like a built-in); parents are kept."""
    out = []
    with open(SIZES_INI) as f:
        for line in f:
            m = re.match(r"^\[([^\]:]+)(:[^\]]*)?\]", line)
            if m:
                line = "[x-%s%s]\n" % (m.group(1), m.group(2) or "")
            out.append(line)
    with open(SIZES_X_INI, "w") as f:
        f.writelines(out)


def verify():
    t0 = time.time()
    write_x_copy()
    with open(POSITIONS_JSON) as f:
        positions = json.load(f)
    report = []
    chk = subprocess.run([FSF, "check", SIZES_X_INI], capture_output=True, text=True)
    report.append("# `stockfish check sizes.x.ini` (FSF's own config validation):")
    for l in (chk.stdout + chk.stderr).splitlines():
        if l.strip() and not l.startswith("Fairy-Stockfish"):
            report.append("#   " + l)
    e = Engine()
    for m in e.load(SIZES_X_INI):
        report.append("# load: " + m)
    bad = 0
    report.append("# format: variant | note | FEN | built-in perft | x-variant perft | result")
    for v in VARIANTS:
        x = "x-" + v
        if v in OWN:
            continue
        # start FEN of our section vs the built-in's
        e.set_variant(v)
        e.position()
        fen_b = e.fen()
        e.set_variant(x)
        e.position()
        fen_x = e.fen()
        ok = fen_b == fen_x
        bad += not ok
        report.append("%s | startpos FEN | %s | %s | %s" % (v, fen_b, fen_x, "OK" if ok else "DIFF"))
        for p in positions[v]:
            depth = len(p["perft"]) if p["perft"][0] else 1
            e.set_variant(x)
            e.position(p["fen"])
            xs, xdiv = [], {}
            for d in range(1, depth + 1):
                n, div = e.perft(d)
                xs.append(n)
                if d == 1:
                    xdiv = div
            if not p["perft"][0]:
                xs = xs + [0] * (len(p["perft"]) - 1)
            ok = xs == p["perft"] and sorted(xdiv) == p["legal"]
            extra = ""
            if not ok:
                bad += 1
                extra = " missing=%s extra=%s" % (sorted(set(p["legal"]) - set(xdiv)), sorted(set(xdiv) - set(p["legal"])))
            report.append("%s | %s | %s | %s | %s | %s%s" % (v, p["note"], p["fen"], " ".join(map(str, p["perft"])),
                                                          " ".join(map(str, xs)), "OK" if ok else "DIFF", extra))
            # the FEN after each move of the start position
            if p["note"] == "start":
                e.set_variant(v)
                before = fens_after(e, v, p["fen"], p["legal"])
                e.set_variant(x)
                after = []
                for m, _ in before:
                    e.position(p["fen"], [m])
                    after.append((m, e.fen()))
                same = before == after
                bad += not same
                report.append("%s | FEN after each start move (%d) | | | | %s" % (v, len(before), "OK" if same else "DIFF"))
    # fivebyfive has Gardner's rules with another setup: FSF's gardner must agree
    for p in positions["fivebyfive"]:
        e.set_variant("gardner")
        e.position(p["fen"])
        gs = [e.perft(d)[0] for d in range(1, len(p["perft"]) + 1)] if p["perft"][0] else p["perft"]
        ok = gs == p["perft"]
        bad += not ok
        report.append("fivebyfive | %s (vs built-in gardner) | %s | %s | %s | %s"
                      % (p["note"], p["fen"], " ".join(map(str, gs)), " ".join(map(str, p["perft"])), "OK" if ok else "DIFF"))
    report.append("# sixbysix: no FSF built-in to compare with (only the check above)")
    cpu = e.cpu_seconds
    e.quit()
    report.insert(0, "# sizes.ini sections (renamed x-NAME in sizes.x.ini) against FSF's built-in variants, %s, git %s, %s"
                  % (DATE, git_short(FSF_REPO), SCRIPT))
    report.insert(1, "# every perft.txt position: perft at the same depths, and the sorted legal move lists; %d difference(s)" % bad)
    with open(os.path.join(HERE, "verify.txt"), "w") as f:
        f.write("\n".join(report) + "\n")
    log("verify: %d difference(s); engine cpu %.1f s, wall %.1f s" % (bad, cpu, time.time() - t0))
    return bad


# ---------------------------------------------------------------------------
# Task 3: boards that are not 8x8

def fen_size(fen):
    """(files, ranks) of a FEN's board part (pocket in [] ignored)."""
    board = fen.split()[0]
    board = board.split("[")[0]
    rows = board.split("/")
    widths = []
    for row in rows:
        w = 0
        for num, ch in re.findall(r"(\d+)|(.)", row):
            if num:
                w += int(num)
            elif ch.isalpha() or ch == "*":
                w += 1
        widths.append(w)
    return max(widths), len(rows)


def parse_ini(path):
    """Sections of a variants.ini: name -> dict(parent, keys, line)."""
    secs = {}
    cur = None
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            m = re.match(r"^\[([^\]]+)\]", line)
            if m:
                name, _, parent = m.group(1).partition(":")
                cur = secs[name] = dict(parent=parent or None, keys={}, line=no)
                continue
            if cur is None or not line.strip() or line.lstrip()[0] in "#;":
                continue
            if "=" in line:
                k, _, val = line.partition("=")
                cur["keys"][k.strip()] = val.strip()
    return secs


def dim_value(val, is_file):
    val = val.strip()
    if val.isdigit():
        return int(val)
    if is_file and len(val) == 1 and val.isalpha():
        return ord(val.lower()) - ord("a") + 1
    return None


def sizes():
    e = Engine()
    builtin = {}
    for name in e.variants:
        e.set_variant(name)
        e.position()
        fen = e.fen()
        files, ranks = fen_size(fen)
        builtin[name] = (files, ranks, fen)
    secs = parse_ini(FSF_INI)
    msgs = e.load(FSF_INI)
    loaded = {}
    for name in secs:
        if name in e.variants and name not in builtin:
            info = e.set_variant(name)
            e.position()
            fen = e.fen()
            files, ranks = fen_size(fen)
            if info and (info["files"], info["ranks"]) != (files, ranks):
                log("size from info string and FEN differ for %s" % name)
            loaded[name] = (files, ranks, fen)
    e.quit()

    def resolve(name, key, is_file, seen=()):
        """(value, where it comes from): a section name, 'built-in X' or 'default'."""
        s = secs.get(name)
        if s is None:
            if name in builtin:
                return builtin[name][0 if is_file else 1], "built-in " + name
            return 8, "default"
        if key in s["keys"]:
            return dim_value(s["keys"][key], is_file), name
        if s["parent"] and s["parent"] not in seen:
            return resolve(s["parent"], key, is_file, seen + (name,))
        return 8, "default"

    git = git_short(FSF_REPO)
    lines = ["# Boards that are not 8x8 in Fairy-Stockfish (git %s, id name %s)" % (git, e.id_name),
             "# date: %s   script: %s" % (DATE, SCRIPT),
             "#",
             "# Part 1: sections of src/variants.ini (%d sections) whose board is not 8x8, counting sizes" % len(secs),
             "# inherited from a parent section or from a built-in parent (no parent: FSF's 8x8 default).",
             "# format: section | maxFile | maxRank | inherits | board FSF builds after loading the file (files x ranks)",
             "# maxFile/maxRank: the section's own value as written (then = files/ranks), or '(via PARENT) N'"]
    n1 = 0
    for name, s in secs.items():
        f_v, f_src = resolve(name, "maxFile", True)
        r_v, r_src = resolve(name, "maxRank", False)
        if (f_v, r_v) == (8, 8):
            if name in loaded and loaded[name][:2] != (8, 8):
                log("section %s: resolved 8x8 but FSF says %s" % (name, loaded[name][:2]))
            continue

        def show(key, v, src):
            if src == name:
                raw = s["keys"][key]
                return raw if raw == str(v) else "%s (=%s)" % (raw, v)
            return "(via %s) %s" % (src, v)
        fsfdim = "%dx%d" % loaded[name][:2] if name in loaded else "not loaded"
        if name in loaded and loaded[name][:2] != (f_v, r_v):
            fsfdim += " (differs from the keys!)"
        lines.append("%s | %s | %s | %s | %s" % (name, show("maxFile", f_v, f_src), show("maxRank", r_v, r_src),
                                                 s["parent"] or "-", fsfdim))
        n1 += 1
    lines.append("# %d sections of %d are not 8x8" % (n1, len(secs)))
    lines.append("#")
    lines.append("# Part 2: FSF built-in variants (UCI_Variant list, %d names) whose start position is not 8x8," % len(builtin))
    lines.append("# from the startpos FEN printed by `d` (files counted across each rank, ranks = rows).")
    lines.append("# format: variant | files | ranks | startpos FEN")
    n2 = 0
    for name in sorted(builtin):
        files, ranks, fen = builtin[name]
        if (files, ranks) != (8, 8):
            lines.append("%s | %d | %d | %s" % (name, files, ranks, fen))
            n2 += 1
    lines.append("# %d built-in variants of %d are not 8x8" % (n2, len(builtin)))
    with open(os.path.join(HERE, "nonstandard_sizes.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for m in msgs:
        log("variants.ini load:", m)
    log("sizes: %d ini sections and %d built-ins not 8x8" % (n1, n2))


if __name__ == "__main__":
    what = sys.argv[1:2] or ["reference", "verify", "sizes"]
    for w in what:
        {"reference": reference, "verify": verify, "sizes": sizes}[w]()
