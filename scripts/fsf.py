"""A small driver for one Fairy-Stockfish process over UCI.

Only what the reference scripts need: choose a variant, load a variant
file, set a position, read back the FEN from `d`, and run `go perft N`
(whose per-move lines are the legal moves and their subtree counts).
Single-threaded (Threads stays at its default of 1), one process at a time.
"""

import os
import random
import re
import subprocess
import sys

FSF = os.environ.get("FSF", "stockfish")

_DIVIDE = re.compile(r"^(\S+): (\d+)$")


class Engine:
    def __init__(self, path=FSF):
        self.path = path
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.id_name = None
        self.variants = []
        self.cpu_seconds = 0.0
        self._uci()
        self.send("setoption name Hash value 1")
        self.sync()

    def _uci(self):
        """(Re)send `uci`: reads the id name and the UCI_Variant list."""
        for line in self.send_until("uci", lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):]
            if line.startswith("option name UCI_Variant "):
                self.variants = line.split(" var ")[1:]

    # -- plumbing ---------------------------------------------------------
    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def readline(self):
        line = self.proc.stdout.readline()
        if line == "":
            raise RuntimeError("Fairy-Stockfish exited")
        return line.rstrip("\r\n")

    def send_until(self, cmd, done):
        """Send cmd, return the lines read up to and including the first
        line for which done(line) is true."""
        self.send(cmd)
        lines = []
        while True:
            line = self.readline()
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        """isready/readyok; returns every line printed before readyok."""
        return self.send_until("isready", lambda l: l == "readyok")[:-1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()

    # -- commands ---------------------------------------------------------
    def load(self, ini_path):
        """Load a variants file; returns FSF's messages (e.g. 'already exists')."""
        self.send("setoption name VariantPath value " + ini_path)
        out = self.sync()
        self._uci()  # the variant list has grown
        return [l for l in out if not l.startswith("option name")]

    def set_variant(self, name):
        """Select a variant (it must be in FSF's UCI_Variant list, otherwise
        FSF would silently keep the old one); returns the parsed 'info string
        variant' line (files, ranks, pocket, template, startpos), which FSF
        prints only for variants outside its 'standard' set, else None."""
        if name not in self.variants:
            raise KeyError("Fairy-Stockfish does not know variant %r" % name)
        self.send("setoption name UCI_Variant value " + name)
        info = None
        for line in self.sync():
            if line.startswith("info string variant "):
                w = line.split()
                info = {
                    "name": w[3],
                    "files": int(w[w.index("files") + 1]),
                    "ranks": int(w[w.index("ranks") + 1]),
                    "pocket": int(w[w.index("pocket") + 1]),
                    "template": w[w.index("template") + 1],
                    "startpos": line.split(" startpos ", 1)[1] if " startpos " in line else None,
                }
        return info

    def position(self, fen=None, moves=()):
        cmd = "position startpos" if fen is None else "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def fen(self):
        """The FEN on the 'Fen:' line of `d` for the current position."""
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[len("Fen: "):]
        raise RuntimeError("no Fen: line from d")

    def perft(self, depth):
        """go perft depth -> (total, {move: count}); the dict's keys are the
        legal moves as FSF writes them."""
        c0 = self._child_cpu()
        lines = self.send_until("go perft %d" % depth,
                                lambda l: l.startswith("Nodes searched:"))
        self.cpu_seconds += self._child_cpu() - c0
        divide = {}
        for line in lines[:-1]:
            m = _DIVIDE.match(line)
            if m:
                divide[m.group(1)] = int(m.group(2))
        total = int(lines[-1].split(":")[1])
        self.sync()
        return total, divide

    def legal_moves(self):
        return sorted(self.perft(1)[1])

    def _child_cpu(self):
        # CPU time of the engine process (Linux /proc), for the budget log.
        try:
            with open("/proc/%d/stat" % self.proc.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except Exception:
            return 0.0


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def git_short(repo):
    """The short commit of Fairy-Stockfish's checkout, for the headers."""
    try:
        return subprocess.check_output(["git", "-C", repo, "rev-parse", "--short=8", "HEAD"],
                                       text=True).strip()
    except Exception:
        return "unknown"


def position_fen(e, variant, fen=None, moves=()):
    """The FEN FSF writes for a position of `variant`."""
    e.set_variant(variant)
    e.position(fen, list(moves))
    return e.fen()


def playout_from(e, fen, rng, min_plies, max_plies):
    """A legal game of the variant set, from `fen` (None: its start),
    its length and moves drawn from `rng`: its moves, the FEN at its end
    and whether the game has ended there."""
    plies = rng.randint(min_plies, max_plies)
    moves = []
    for _ in range(plies):
        e.position(fen, moves)
        legal = e.legal_moves()
        if not legal:
            break
        moves.append(rng.choice(legal))
    e.position(fen, moves)
    ended = not e.legal_moves()
    return moves, e.fen(), ended


def random_playout(e, variant, k, min_plies, max_plies):
    """A legal game from the start, seeded "variant:k" (see
    playout_from)."""
    rng = random.Random("%s:%d" % (variant, k))
    e.set_variant(variant)
    return playout_from(e, None, rng, min_plies, max_plies)
