//! Boards beyond Fairy-Stockfish's 12×10 have no reference program, so a
//! deliberately naive generator written here (a mailbox, square by
//! square, every legal move found by brute force from the rules) lists
//! the legal moves of random positions on 14×14, 16×16, 11×11 and 16×9
//! boards, and the engine must list the same.

use crate::reference::{BISHOP_DIRS, KING, KNIGHT, ROOK_DIRS};
use motley_game::variant::ini::{read_ini, resolve_all};
use motley_game::variant::keys::sized_rules;
use motley_rules::fairy::{SizedPosition, SizedRules};

/// The pieces of the sections below: chess's, an archbishop (A, bishop
/// and knight) and a chancellor (C, rook and knight). Pawns step once
/// (no double step, so no en passant) and promote on the last rank.
const PIECES: &str = "KQRBNACP";

fn section(files: u8, ranks: u8) -> SizedRules {
    let last = (b'a' + files - 1) as char;
    let ini = format!(
        "[big:chess]\nmaxFile = {last}\nmaxRank = {ranks}\narchbishop = a\nchancellor = c\n\
         castling = false\ndoubleStep = false\npromotionRegionWhite = *{ranks}\n\
         promotionRegionBlack = *1\npromotionPieceTypes = q r b n a c\n\
         startFen = k{}/{}/{}K w - - 0 1\n",
        files - 1,
        vec![files.to_string(); usize::from(ranks) - 2].join("/"),
        files - 1
    );
    let file = read_ini(&ini);
    let builtin = |name: &str| motley_game::variant::builtin::builtin_keys(name);
    let keys = resolve_all(&file, &builtin).remove(0).expect("resolves");
    sized_rules(&keys).unwrap_or_else(|e| panic!("{ini}: {e}"))
}

/// A square's piece: White's upper case.
type Board = Vec<Option<char>>;

struct Naive {
    files: i32,
    ranks: i32,
}

impl Naive {
    fn at(&self, f: i32, r: i32) -> Option<usize> {
        ((0..self.files).contains(&f) && (0..self.ranks).contains(&r))
            .then(|| (r * self.files + f) as usize)
    }

    fn name(&self, sq: usize) -> String {
        let (f, r) = (sq as i32 % self.files, sq as i32 / self.files);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// Where the piece on `from` moves or captures, pawns' captures only
    /// onto enemies and their steps only onto empty squares.
    fn reach(&self, board: &Board, from: usize) -> Vec<usize> {
        let Some(p) = board[from] else {
            return Vec::new();
        };
        let white = p.is_ascii_uppercase();
        let (f, r) = (from as i32 % self.files, from as i32 / self.files);
        let mut out = Vec::new();
        let enemy = |sq: usize| board[sq].is_some_and(|q| q.is_ascii_uppercase() != white);
        let leap = |steps: &[(i32, i32)], out: &mut Vec<usize>| {
            for &(dx, dy) in steps {
                if let Some(sq) = self.at(f + dx, r + dy) {
                    if board[sq].is_none() || enemy(sq) {
                        out.push(sq);
                    }
                }
            }
        };
        let wide = |steps: &[(i8, i8)]| -> Vec<(i32, i32)> {
            steps
                .iter()
                .map(|&(x, y)| (i32::from(x), i32::from(y)))
                .collect()
        };
        let (knight, king) = (wide(&KNIGHT), wide(&KING));
        let (rook, bishop) = (wide(&ROOK_DIRS), wide(&BISHOP_DIRS));
        let ride = |dirs: &[(i32, i32)], out: &mut Vec<usize>| {
            for &(dx, dy) in dirs {
                let (mut x, mut y) = (f + dx, r + dy);
                while let Some(sq) = self.at(x, y) {
                    if board[sq].is_none() {
                        out.push(sq);
                    } else {
                        if enemy(sq) {
                            out.push(sq);
                        }
                        break;
                    }
                    (x, y) = (x + dx, y + dy);
                }
            }
        };
        match p.to_ascii_uppercase() {
            'K' => leap(&king, &mut out),
            'N' => leap(&knight, &mut out),
            'R' => ride(&rook, &mut out),
            'B' => ride(&bishop, &mut out),
            'Q' => {
                ride(&rook, &mut out);
                ride(&bishop, &mut out);
            }
            'A' => {
                ride(&bishop, &mut out);
                leap(&knight, &mut out);
            }
            'C' => {
                ride(&rook, &mut out);
                leap(&knight, &mut out);
            }
            _ => {
                let up = if white { 1 } else { -1 };
                if let Some(sq) = self.at(f, r + up).filter(|&sq| board[sq].is_none()) {
                    out.push(sq);
                }
                for dx in [-1, 1] {
                    if let Some(sq) = self.at(f + dx, r + up).filter(|&sq| enemy(sq)) {
                        out.push(sq);
                    }
                }
            }
        }
        out
    }

    fn attacked(&self, board: &Board, sq: usize, by_white: bool) -> bool {
        (0..board.len()).any(|from| {
            board[from].is_some_and(|p| p.is_ascii_uppercase() == by_white)
                && self.reach(board, from).contains(&sq)
                && !(board[from].is_some_and(|p| p.eq_ignore_ascii_case(&'P'))
                    && from as i32 % self.files == sq as i32 % self.files)
        })
    }

    /// Every legal move of the side to move, in UCI.
    fn legal(&self, board: &Board, white: bool) -> Vec<String> {
        let mut out = Vec::new();
        for from in 0..board.len() {
            if board[from].is_none_or(|p| p.is_ascii_uppercase() != white) {
                continue;
            }
            for to in self.reach(board, from) {
                let mut next = board.clone();
                next[to] = next[from].take();
                let king = if white { 'K' } else { 'k' };
                let Some(k) = next.iter().position(|&p| p == Some(king)) else {
                    continue;
                };
                if self.attacked(&next, k, !white) {
                    continue;
                }
                let uci = format!("{}{}", self.name(from), self.name(to));
                let last = if white { self.ranks - 1 } else { 0 };
                let pawn = board[from].is_some_and(|p| p.eq_ignore_ascii_case(&'P'));
                if pawn && to as i32 / self.files == last {
                    out.extend("qrbnac".chars().map(|c| format!("{uci}{c}")));
                } else {
                    out.push(uci);
                }
            }
        }
        out.sort();
        out
    }

    fn board_of(&self, fen: &str) -> (Board, bool) {
        let mut board = vec![None; (self.files * self.ranks) as usize];
        let (placement, rest) = fen.split_once(' ').expect("fields");
        for (i, row) in placement.split('/').enumerate() {
            let r = self.ranks - 1 - i as i32;
            let mut f = 0i32;
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                f += digits.parse::<i32>().unwrap_or(0);
                digits.clear();
                board[self.at(f, r).expect("on the board")] = Some(c);
                f += 1;
            }
        }
        (board, rest.starts_with('w'))
    }
}

/// A small reproducible random stream (xorshift).
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random FEN: both kings and a handful of other pieces, pawns off
/// the first and last ranks.
fn random_fen(naive: &Naive, stream: &mut Stream) -> String {
    let n = (naive.files * naive.ranks) as usize;
    let mut board: Board = vec![None; n];
    let mut men = vec!['K', 'k'];
    for _ in 0..8 + stream.below(12) {
        let c = PIECES.as_bytes()[1 + stream.below(PIECES.len() - 1)] as char;
        men.push(if stream.below(2) == 0 {
            c
        } else {
            c.to_ascii_lowercase()
        });
    }
    for man in men {
        loop {
            let sq = stream.below(n);
            let rank = sq as i32 / naive.files;
            let pawn_rank_bad =
                man.eq_ignore_ascii_case(&'P') && (rank == 0 || rank == naive.ranks - 1);
            if board[sq].is_none() && !pawn_rank_bad {
                board[sq] = Some(man);
                break;
            }
        }
    }
    let rows: Vec<String> = (0..naive.ranks)
        .rev()
        .map(|r| {
            let (mut row, mut empty) = (String::new(), 0);
            for f in 0..naive.files {
                match naive.at(f, r).and_then(|sq| board[sq]) {
                    Some(c) => {
                        if empty > 0 {
                            row += &empty.to_string();
                        }
                        empty = 0;
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    format!("{} w - - 0 1", rows.join("/"))
}

#[test]
fn boards_beyond_twelve_by_ten_list_the_naive_generators_moves() {
    let mut stream = Stream(0x9e37_79b9_7f4a_7c15);
    let mut compared = 0;
    for (files, ranks) in [(14, 14), (16, 16), (11, 11), (16, 9), (13, 2 + 11)] {
        let rules = section(files, ranks);
        let naive = Naive {
            files: i32::from(files),
            ranks: i32::from(ranks),
        };
        let mut games = 0;
        while games < 12 {
            // A random position the engine accepts (neither side left in
            // check where it may not be), then a random game from it.
            let fen = random_fen(&naive, &mut stream);
            let Ok(pos) = rules.position(Some(&fen)) else {
                continue;
            };
            games += 1;
            compared += play_and_compare(&naive, pos, 30, &mut stream);
        }
    }
    assert!(compared >= 1000, "{compared}");
}

/// The built-in 13×13 `thirteen`, whose pieces the naive generator
/// knows, in random games from its start.
#[test]
fn thirteen_by_thirteen_games_list_the_naive_generators_moves() {
    let rules = motley_game::variant::builtin::builtin_sized("thirteen")
        .expect("built in")
        .expect("reads");
    let naive = Naive {
        files: 13,
        ranks: 13,
    };
    let mut stream = Stream(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for _ in 0..6 {
        let start = rules.position(None).expect("start");
        compared += play_and_compare(&naive, start, 80, &mut stream);
    }
    assert!(compared >= 300, "{compared}");
}

/// A random game of up to `plies` from `pos`, the engine's moves and the
/// naive generator's compared at every position; how many were.
fn play_and_compare(
    naive: &Naive,
    mut pos: SizedPosition,
    plies: usize,
    stream: &mut Stream,
) -> usize {
    let mut compared = 0;
    for _ in 0..plies {
        let fen = pos.to_fen();
        let (board, white) = naive.board_of(&fen);
        let mut engine = pos.legal_uci();
        engine.sort();
        let size = (naive.files, naive.ranks);
        assert_eq!(engine, naive.legal(&board, white), "{size:?} {fen}");
        compared += 1;
        let Some(next) = pick(&pos, &engine, stream) else {
            break;
        };
        pos = next;
    }
    compared
}

fn pick(pos: &SizedPosition, moves: &[String], stream: &mut Stream) -> Option<SizedPosition> {
    if moves.is_empty() || pos.outcome().is_some() {
        return None;
    }
    pos.after(&moves[stream.below(moves.len())])
}
