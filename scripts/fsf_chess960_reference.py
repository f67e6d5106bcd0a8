#!/usr/bin/env python3
"""Reference data from Fairy-Stockfish for Chess960 in variants from data.

    FSF=/path/to/stockfish FSF_REPO=/path/to/Fairy-Stockfish python3 fsf_chess960_reference.py [OUT]

Motley's chess960 is Fairy-Stockfish's fischerandom; Motley's crazyhouse960,
atomic960, kingofthehill960 and 3check960 are Fairy-Stockfish's crazyhouse,
atomic, kingofthehill and 3check with UCI_Chess960 on; caparandom (10x8) is
its own. Start positions are made here from Scharnagl's numbers (an
independent check of Motley's numbering); Fairy-Stockfish reads each and
writes it back, and that FEN is the reference. Writes OUT/perft.txt,
moves.txt and fens.txt (OUT: crates/game/tests/chess960 by default).
"""

import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
REPO = os.path.dirname(HERE)
from fsf import Engine, git_short, log, playout_from  # noqa: E402

FSF = os.environ.get("FSF", "stockfish")
FSF_REPO = os.environ.get("FSF_REPO", "Fairy-Stockfish")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "crates/game/tests/chess960")
DATE = "2026-11-28"
SCRIPT = "fsf_chess960_reference.py"

# Motley's variant, Fairy-Stockfish's, whether UCI_Chess960 is set, the
# variant's start FEN (its back ranks are shuffled).
CASES = [
    ("chess960", "fischerandom", False, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("crazyhouse960", "crazyhouse", True, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
    ("atomic960", "atomic", True, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kingofthehill960", "kingofthehill", True, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("3check960", "3check", True, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"),
]
# caparandom: FENs given whole (Motley numbers only 8-file starts).
CAPARANDOM = [
    "rbqnkcnabr/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKCNABR w KQkq - 0 1",
    "bnrcakqrnb/pppppppppp/10/10/10/10/PPPPPPPPPP/BNRCAKQRNB w KQkq - 0 1",
]

NUMBERS = [518, 0, 959, 1]   # and two drawn per variant below
RANDOM_PER_START = 2
MIN_PLIES, MAX_PLIES = 8, 30
NODE_LIMIT = 30_000_000

# Positions built for castling's cases (chess960 and crazyhouse960 both).
GOALS = [
    dict(note="goal: king b1 and rook a1 castle queen side (b1a1: king to c1, rook to d1); rook h1 king side through c1-g1",
         fen="1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1", expect=["b1a1", "b1h1"]),
    dict(note="goal: king g1 castles with h1 without moving (g1h1)",
         fen="r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", expect=["g1h1"]),
    dict(note="goal: king f1 castles onto its rook's square g1 (f1g1), the rook to f1",
         fen="4k3/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w G - 0 1", expect=["f1g1"]),
    dict(note="goal: the rook on b1 shields c1 from the a1 rook; castling would expose the king (no d1b1)",
         fen="4k3/8/8/8/8/8/8/rR1K3R w HB - 0 1", absent=["d1b1"]),
    dict(note="goal: an inner rook's right (X-FEN letter C, the a1 rook keeps none)",
         fen="4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", expect=["e1c1"]),
    dict(note="goal: a piece between king and rook's target bars castling (knight on d1; no e1a1)",
         fen="4k3/8/8/8/8/8/8/R2NK2R w HA - 0 1", absent=["e1a1"], expect=["e1h1"]),
    dict(note="goal: the king's way attacked (f1 by a bishop) bars castling king side",
         fen="4k3/8/8/8/8/8/6b1/R3K2R w HA - 0 1", absent=["e1h1"], expect=["e1a1"]),
]


def back_rank(n):
    """Scharnagl's numbering, written independently of Motley's."""
    rank = [None] * 8
    rank[(n % 4) * 2 + 1] = "B"
    n //= 4
    rank[(n % 4) * 2] = "B"
    n //= 4
    empty = [i for i in range(8) if rank[i] is None]
    rank[empty[n % 6]] = "Q"
    n //= 6
    knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    empty = [i for i in range(8) if rank[i] is None]
    for k in knights:
        rank[empty[k]] = "N"
    empty = [i for i in range(8) if rank[i] is None]
    for i, letter in zip(empty, "RKR"):
        rank[i] = letter
    return "".join(rank)


def shuffled(start, n):
    row = back_rank(n)
    fields = start.split(" ")
    placement, pocket = (fields[0].split("[", 1) + [None])[:2]
    rows = placement.split("/")
    rows[0], rows[-1] = row.lower(), row
    fields[0] = "/".join(rows) + ("[" + pocket if pocket is not None else "")
    return " ".join(fields)


def choose(e, case):
    motley, fsf, option, _ = case
    e.send("setoption name UCI_Chess960 value %s" % ("true" if option else "false"))
    e.set_variant(fsf)


def fen_of(e, case, fen, moves=()):
    choose(e, case)
    e.position(fen, list(moves))
    return e.fen()


def playout(e, case, fen, seed):
    choose(e, case)
    _, end, ended = playout_from(e, fen, random.Random(seed), MIN_PLIES, MAX_PLIES)
    return end, ended


def positions(e, case):
    motley = case[0]
    rng = random.Random(motley)
    numbers = NUMBERS + [rng.randrange(960) for _ in range(2)]
    out = []
    for n in numbers:
        fen = fen_of(e, case, shuffled(case[3], n))
        out.append(dict(fen=fen, note="start %d (%s)" % (n, back_rank(n)), fens=n in (518, 0)))
        for k in range(RANDOM_PER_START):
            end, ended = playout(e, case, fen, "%s:%d:%d" % (motley, n, k))
            if not ended:
                out.append(dict(fen=end, note="random from start %d" % n))
    if motley in ("chess960", "crazyhouse960"):
        for g in GOALS:
            fen = g["fen"]
            if motley == "crazyhouse960":
                parts = fen.split(" ")
                fen = " ".join([parts[0] + "[]"] + parts[1:])
            fen = fen_of(e, case, fen)
            legal = set(e.legal_moves())
            for m in g.get("expect", []):
                if m not in legal:
                    raise SystemExit("%s %r: %s not legal in %s" % (motley, g["note"], m, fen))
            for m in g.get("absent", []):
                if m in legal:
                    raise SystemExit("%s %r: %s legal in %s" % (motley, g["note"], m, fen))
            out.append(dict(fen=fen, note=g["note"], fens=True))
    return out


def perft_row(e, case, fen):
    choose(e, case)
    e.position(fen)
    p1, divide = e.perft(1)
    counts = [p1]
    if p1:
        counts += [e.perft(2)[0], e.perft(3)[0]]
        if counts[1] and counts[2] * counts[2] / counts[1] <= NODE_LIMIT:
            counts.append(e.perft(4)[0])
    return counts, sorted(divide)


def main():
    t0 = time.time()
    e = Engine(FSF)
    idname, git = e.id_name, git_short(FSF_REPO)
    cases = list(CASES)
    perft_lines, move_lines, fen_lines = [], [], []
    todo = [(case, positions(e, case)) for case in cases]
    capa = ("caparandom", "caparandom", False, None)
    todo.append((capa, [dict(fen=fen_of(e, capa, f), note="start given as FEN", fens=True) for f in CAPARANDOM]))
    for case, pos in todo:
        for p in pos:
            counts, legal = perft_row(e, case, p["fen"])
            perft_lines.append("%s | %s | %s | %s" % (case[0], p["fen"], " ".join(map(str, counts)), p["note"]))
            move_lines.append("%s | %s | %s" % (case[0], p["fen"], " ".join(legal)))
            if p.get("fens"):
                for m in legal:
                    fen_lines.append("%s | %s | %s | %s" % (case[0], p["fen"], m, fen_of(e, case, p["fen"], [m])))
        log("%-18s %d positions, engine cpu %.1f s" % (case[0], len(pos), e.cpu_seconds))
    e.quit()
    head = "Fairy-Stockfish (git %s, id name %s)" % (git, idname)
    src = ("chess960 = FSF fischerandom; NAME960 = FSF NAME with UCI_Chess960 true; caparandom = FSF caparandom; "
           "starts from Scharnagl's numbers (written in the script)")
    files = {
        "perft.txt": ("# Reference perft numbers generated by %s\n# date: %s   script: %s\n"
                      "# format: variant | FEN as FSF writes it | perft depth 1 2 3 (4 while under %d M nodes) | note\n# %s\n"
                      % (head, DATE, SCRIPT, NODE_LIMIT // 1_000_000, src), perft_lines),
        "moves.txt": ("# Legal moves from %s go perft 1, sorted: variant | FEN | moves\n# date: %s   script: %s; %s\n"
                      % (head, DATE, SCRIPT, src), move_lines),
        "fens.txt": ("# The FEN %s writes after a move: variant | FEN | move | FEN after\n# date: %s   script: %s; %s\n"
                     % (head, DATE, SCRIPT, src), fen_lines),
    }
    os.makedirs(OUT, exist_ok=True)
    for name, (header, lines) in files.items():
        with open(os.path.join(OUT, name), "w") as f:
            f.write(header + "\n".join(lines) + "\n")
    log("done: %d perft, %d moves, %d fens lines; %.1f s" % (len(perft_lines), len(move_lines), len(fen_lines), time.time() - t0))


if __name__ == "__main__":
    main()
