//! Deliberately naive reference move generators (mailbox, square by square,
//! written straight from docs/rules.md (Monochrome, Chicken) without the engine's bitboards,
//! attack tables or shared generator), used to cross-check the engine's
//! perft numbers on the data positions at small depths.

pub(crate) const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub(crate) const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
pub(crate) const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub(crate) const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn at(f: i8, r: i8) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn fr(s: usize) -> (i8, i8) {
    ((s % 8) as i8, (s / 8) as i8)
}

/// Roles as FEN letters: 'p','n','b','r','q','k'.
fn parse_placement(fen: &str) -> [Option<(bool, char)>; 64] {
    let mut b = [None; 64];
    let placement = fen.split_whitespace().next().unwrap();
    for (i, row) in placement.split('/').enumerate() {
        let r = 7 - i as i8;
        let mut f = 0i8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                f += d as i8;
            } else {
                b[at(f, r).unwrap()] = Some((c.is_ascii_uppercase(), c.to_ascii_lowercase()));
                f += 1;
            }
        }
    }
    b
}

fn white_to_move(fen: &str) -> bool {
    fen.split_whitespace().nth(1) == Some("w")
}

// ---------------------------------------------------------------- Monochrome

/// Monochrome reference: a piece's owner is the half it stands on.
#[derive(Clone)]
pub struct Mono {
    board: [Option<char>; 64],
    south_to_move: bool,
    rejection: Option<(usize, usize)>,
}

fn south(s: usize) -> bool {
    s < 32
}

impl Mono {
    pub fn from_fen(fen: &str) -> Mono {
        let b = parse_placement(fen);
        Mono {
            board: b.map(|p| p.map(|(_, c)| c)),
            south_to_move: white_to_move(fen),
            rejection: None,
        }
    }

    fn mine(&self, s: usize) -> bool {
        south(s) == self.south_to_move
    }

    /// (from, to, is_castle)
    pub fn moves(&self) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        let any_south = (0..32).any(|s| self.board[s].is_some());
        let any_north = (32..64).any(|s| self.board[s].is_some());
        if !any_south || !any_north {
            return out;
        }
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if !self.mine(s) {
                continue;
            }
            let (f, r) = fr(s);
            // Empty squares anywhere, occupied ones only on the other half.
            let ok = |t: usize| self.board[t].is_none() || !self.mine(t);
            match p {
                'n' | 'k' => {
                    let offs = if p == 'n' { &KNIGHT } else { &KING };
                    for (df, dr) in offs {
                        if let Some(t) = at(f + df, r + dr) {
                            if ok(t) {
                                out.push((s, t, false));
                            }
                        }
                    }
                }
                'b' | 'r' | 'q' => {
                    let mut dirs = Vec::new();
                    if p != 'b' {
                        dirs.extend(ROOK_DIRS);
                    }
                    if p != 'r' {
                        dirs.extend(BISHOP_DIRS);
                    }
                    for (df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while let Some(t) = at(x, y) {
                            if self.board[t].is_none() {
                                out.push((s, t, false));
                            } else {
                                if !self.mine(t) {
                                    out.push((s, t, false));
                                }
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
                'p' => {
                    for dr in [1, -1] {
                        if let Some(t) = at(f, r + dr) {
                            if self.board[t].is_none() {
                                out.push((s, t, false));
                            }
                        }
                    }
                    for (df, dr) in BISHOP_DIRS {
                        if let Some(t) = at(f + df, r + dr) {
                            if self.board[t].is_some() && !self.mine(t) {
                                out.push((s, t, false));
                            }
                        }
                    }
                    let (home, dir) = if self.south_to_move { (1, 1) } else { (6, -1) };
                    if r == home {
                        let one = at(f, r + dir).unwrap();
                        let two = at(f, r + 2 * dir).unwrap();
                        if self.board[one].is_none() && self.board[two].is_none() {
                            out.push((s, two, false));
                        }
                    }
                }
                _ => {}
            }
        }
        let rank = if self.south_to_move { 0 } else { 7 };
        let e = at(4, rank).unwrap();
        if self.board[e] == Some('k') {
            for (corner, between) in [(7, &[5, 6][..]), (0, &[1, 2, 3][..])] {
                let c = at(corner, rank).unwrap();
                if self.board[c] == Some('r')
                    && between
                        .iter()
                        .all(|&x| self.board[at(x, rank).unwrap()].is_none())
                {
                    let to = at(if corner == 7 { 6 } else { 2 }, rank).unwrap();
                    out.push((e, to, true));
                }
            }
        }
        if let Some((a, b)) = self.rejection {
            out.retain(|&(from, to, _)| !(from == b && to == a));
        }
        out
    }

    pub fn play(&self, m: (usize, usize, bool)) -> Mono {
        let mut n = self.clone();
        let (from, to, castle) = m;
        n.board[to] = n.board[from].take();
        n.rejection = None;
        if castle {
            let rank = to / 8;
            let (rf, rt) = if to % 8 == 6 { (7, 5) } else { (0, 3) };
            n.board[rank * 8 + rt] = n.board[rank * 8 + rf].take();
        } else if south(from) != south(to) {
            n.rejection = Some((from, to));
        }
        n.south_to_move = !n.south_to_move;
        n
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ms = self.moves();
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

// ------------------------------------------------------------------- Chicken

/// Chicken reference: antichess with flipping, castling ruling.
#[derive(Clone)]
pub struct Chicken {
    board: [Option<(bool, char)>; 64],
    white_to_move: bool,
    ep: Option<usize>,
}

/// (from, to, promotion, kind) with kind 'n' normal, 'e' en passant,
/// 'c' castle, 'd' double push.
pub type CMove = (usize, usize, Option<char>, char);

impl Chicken {
    pub fn from_fen(fen: &str) -> Chicken {
        let ep = fen.split_whitespace().nth(3).and_then(|s| {
            let b = s.as_bytes();
            (b.len() == 2).then(|| at((b[0] - b'a') as i8, (b[1] - b'1') as i8).unwrap())
        });
        Chicken {
            board: parse_placement(fen),
            white_to_move: white_to_move(fen),
            ep,
        }
    }

    /// Squares the piece on `s` attacks (could capture on), by chess rules.
    fn attacks(&self, s: usize) -> Vec<usize> {
        let Some((white, p)) = self.board[s] else {
            return Vec::new();
        };
        let (f, r) = fr(s);
        let mut out = Vec::new();
        match p {
            'p' => {
                let dr = if white { 1 } else { -1 };
                for df in [-1, 1] {
                    if let Some(t) = at(f + df, r + dr) {
                        out.push(t);
                    }
                }
            }
            'n' | 'k' => {
                let offs = if p == 'n' { &KNIGHT } else { &KING };
                for (df, dr) in offs {
                    if let Some(t) = at(f + df, r + dr) {
                        out.push(t);
                    }
                }
            }
            _ => {
                let mut dirs = Vec::new();
                if p != 'b' {
                    dirs.extend(ROOK_DIRS);
                }
                if p != 'r' {
                    dirs.extend(BISHOP_DIRS);
                }
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(t) = at(x, y) {
                        out.push(t);
                        if self.board[t].is_some() {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
        out
    }

    pub fn moves(&self) -> Vec<CMove> {
        let us = self.white_to_move;
        let mut caps = Vec::new();
        let mut quiets = Vec::new();
        let mine = |s: usize| self.board[s].is_some_and(|(w, _)| w == us);
        let theirs = |s: usize| self.board[s].is_some_and(|(w, _)| w != us);
        if !(0..64).any(mine) || !(0..64).any(theirs) {
            return caps;
        }
        let promos = ['q', 'r', 'b', 'n', 'k'];
        for s in 0..64 {
            if !mine(s) {
                continue;
            }
            let (f, r) = fr(s);
            let p = self.board[s].unwrap().1;
            if p == 'p' {
                let dir = if us { 1 } else { -1 };
                let last = if us { 7 } else { 0 };
                let push = |v: &mut Vec<CMove>, t: usize, kind: char| {
                    if (t / 8) as i8 == last {
                        for q in promos {
                            v.push((s, t, Some(q), 'n'));
                        }
                    } else {
                        v.push((s, t, None, kind));
                    }
                };
                for t in self.attacks(s) {
                    if theirs(t) {
                        push(&mut caps, t, 'n');
                    } else if Some(t) == self.ep && self.board[t].is_none() {
                        caps.push((s, t, None, 'e'));
                    }
                }
                if let Some(one) = at(f, r + dir) {
                    if self.board[one].is_none() {
                        push(&mut quiets, one, 'n');
                        let home = if us { 1 } else { 6 };
                        if r == home {
                            let two = at(f, r + 2 * dir).unwrap();
                            if self.board[two].is_none() {
                                quiets.push((s, two, None, 'd'));
                            }
                        }
                    }
                }
            } else {
                for t in self.attacks(s) {
                    if theirs(t) {
                        caps.push((s, t, None, 'n'));
                    } else if self.board[t].is_none() {
                        quiets.push((s, t, None, 'n'));
                    }
                }
            }
        }
        if !caps.is_empty() {
            return caps;
        }
        let rank = if us { 0 } else { 7 };
        let e = at(4, rank).unwrap();
        if self.board[e] == Some((us, 'k')) {
            for (corner, between) in [(7, &[5, 6][..]), (0, &[1, 2, 3][..])] {
                let c = at(corner, rank).unwrap();
                if self.board[c] == Some((us, 'r'))
                    && between
                        .iter()
                        .all(|&x| self.board[at(x, rank).unwrap()].is_none())
                {
                    let to = at(if corner == 7 { 6 } else { 2 }, rank).unwrap();
                    quiets.push((e, to, None, 'c'));
                }
            }
        }
        quiets
    }

    pub fn play(&self, m: CMove) -> Chicken {
        let us = self.white_to_move;
        let mut n = self.clone();
        let (from, to, promo, kind) = m;
        let mut piece = n.board[from].take().unwrap();
        if let Some(q) = promo {
            piece.1 = q;
        }
        n.board[to] = Some(piece);
        n.ep = None;
        match kind {
            'e' => {
                let behind = if us { to - 8 } else { to + 8 };
                n.board[behind] = None;
            }
            'c' => {
                let rank = to / 8;
                let (rf, rt) = if to % 8 == 6 { (7, 5) } else { (0, 3) };
                n.board[rank * 8 + rt] = n.board[rank * 8 + rf].take();
            }
            'd' => n.ep = Some((from + to) / 2),
            _ => {}
        }
        // Flip: only the moved piece (the king when castling), from `to`.
        for t in n.attacks(to) {
            if let Some((w, r)) = n.board[t] {
                if w != us {
                    n.board[t] = Some((us, r));
                }
            }
        }
        n.white_to_move = !us;
        n
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ms = self.moves();
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
