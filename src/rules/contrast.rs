//! Contrast Chess (David Howe, 1997): every piece is strong or weak by the
//! colour of the square it stands on now (white on light or black on dark is
//! strong). Powers change as pieces move, so this family generates its own
//! moves and judges check with its own attack function; everything else
//! (castling rights, en passant, clocks, FEN) is FIDE's.

use super::facts::{Describe, Fact, MarkedSquares, SquareMark};
use super::standard::{
    fide_setup_hash, mate_or_stalemate, play_fide_move, validate_fide_setup_with,
};
use super::{generic_why_illegal, EndReason, Outcome, Position, PositionError};
use crate::core::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, leaper_attacks, pawn_attacks,
    queen_attacks, rook_attacks, Leaper,
};
use crate::core::fen::Setup;
use crate::core::movegen::{
    castle_bit, castle_geometry, pawn_start_rank, promotion_rank, push_castlings, FIDE_PROMOTIONS,
};
use crate::core::{Action, Bitboard, Board, Color, CoordText, Move, MoveKind, Role, Square};

/// Squares within two king steps of each square (the weak sliders' reach).
static DIST2: [u64; 64] = build_dist2();

/// For each square, the four 2-square orthogonal targets of the strong
/// bishop's bent move with the one or two diagonal squares it may pass.
static BENT: [[(u64, u64); 4]; 64] = build_bent();

const fn build_dist2() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut o: i32 = 0;
        while o < 64 {
            let (g, q) = (o % 8, o / 8);
            let df = if g > f { g - f } else { f - g };
            let dr = if q > r { q - r } else { r - q };
            let d = if df > dr { df } else { dr };
            if d >= 1 && d <= 2 {
                t[s] |= 1u64 << o;
            }
            o += 1;
        }
        s += 1;
    }
    t
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn build_bent() -> [[(u64, u64); 4]; 64] {
    let mut t = [[(0u64, 0u64); 4]; 64];
    let dirs: [(i32, i32); 4] = [(0, 2), (0, -2), (2, 0), (-2, 0)];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (tf, tr) = (f + df, r + dr);
            if on_board(tf, tr) {
                let (mf, mr) = (f + df / 2, r + dr / 2);
                let (pf, pr) = if df == 0 { (1, 0) } else { (0, 1) };
                let mut inter = 0u64;
                if on_board(mf + pf, mr + pr) {
                    inter |= 1u64 << ((mr + pr) * 8 + mf + pf);
                }
                if on_board(mf - pf, mr - pr) {
                    inter |= 1u64 << ((mr - pr) * 8 + mf - pf);
                }
                t[s][d] = (1u64 << (tr * 8 + tf), inter);
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Squares where pieces of `c` are strong.
#[inline]
pub fn strong_squares(c: Color) -> Bitboard {
    c.fold(Bitboard::LIGHT, Bitboard::DARK)
}

/// Is a piece of colour `c` on `sq` strong?
#[inline]
pub fn is_strong(c: Color, sq: Square) -> bool {
    strong_squares(c).contains(sq)
}

#[inline]
fn dist2(sq: Square) -> Bitboard {
    Bitboard(DIST2[sq.index()])
}

/// The strong bishop's bent-move targets: 2 squares orthogonally, reached
/// through a diagonal neighbour that is empty.
#[inline]
pub fn bent_targets(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = 0u64;
    for &(t, inter) in &BENT[sq.index()] {
        if inter & !occupied.0 != 0 {
            out |= t;
        }
    }
    Bitboard(out)
}

/// Capture targets (and, for all pieces but pawns, move targets) of a
/// non-pawn piece by its Contrast powers; the queen's capture in place adds
/// nothing here, as a strong queen reaches its neighbours anyway.
#[inline]
pub fn piece_targets(role: Role, sq: Square, strong: bool, occupied: Bitboard) -> Bitboard {
    match (role, strong) {
        (Role::Knight, true) => knight_attacks(sq) | leaper_attacks(Leaper::Alfil, sq),
        (Role::Knight, false) | (Role::King, false) => leaper_attacks(Leaper::Wazir, sq),
        (Role::Bishop, true) => bishop_attacks(sq, occupied) | bent_targets(sq, occupied),
        (Role::Bishop, false) => bishop_attacks(sq, occupied) & dist2(sq),
        (Role::Rook, true) => rook_attacks(sq, occupied) | knight_attacks(sq),
        (Role::Rook, false) => rook_attacks(sq, occupied) & dist2(sq),
        (Role::Queen, true) => queen_attacks(sq, occupied),
        (Role::Queen, false) | (Role::King, true) => queen_attacks(sq, occupied) & dist2(sq),
        (Role::Pawn, _) => Bitboard::EMPTY,
    }
}

/// Squares a pawn of `c` on `sq` attacks: none when weak; both forward
/// diagonals and the square straight ahead when strong.
#[inline]
pub fn pawn_targets(c: Color, sq: Square, strong: bool) -> Bitboard {
    if !strong {
        return Bitboard::EMPTY;
    }
    let ahead = match c {
        Color::White => Bitboard::from_square(sq).north(),
        Color::Black => Bitboard::from_square(sq).south(),
    };
    pawn_attacks(c, sq) | ahead
}

/// Pieces among `them` (pieces of `by`) attacking `s` with their current
/// Contrast powers, given an occupancy. Passing `them` and `occupied`
/// separately lets legality be judged after a move without making it.
#[inline]
pub fn attackers_to(
    board: &Board,
    s: Square,
    by: Color,
    occupied: Bitboard,
    them: Bitboard,
) -> Bitboard {
    let strong = them & strong_squares(by);
    let weak = them & !strong_squares(by);
    let rq = board.rooks_and_queens();
    let bq = board.bishops_and_queens();
    let rays_r = rook_attacks(s, occupied);
    let rays_b = bishop_attacks(s, occupied);
    let near = dist2(s);
    let knights = board.by_role(Role::Knight);
    let rooks = board.by_role(Role::Rook);
    let bishops = board.by_role(Role::Bishop);
    let kings = board.by_role(Role::King);
    let pawns = board.by_role(Role::Pawn);
    let knight_sq = knight_attacks(s);

    let mut a = ((rays_r & rq) | (rays_b & bq)) & (strong | (weak & near));
    a |= strong & rooks & knight_sq;
    a |= strong & knights & (knight_sq | leaper_attacks(Leaper::Alfil, s));
    a |= weak & (knights | kings) & leaper_attacks(Leaper::Wazir, s);
    a |= strong & kings & (rays_r | rays_b) & near;
    let strong_bishops = strong & bishops;
    if strong_bishops.any() {
        a |= strong_bishops & bent_targets(s, occupied);
    }
    let strong_pawns = strong & pawns;
    if strong_pawns.any() {
        let behind = match by {
            Color::White => Bitboard::from_square(s).south(),
            Color::Black => Bitboard::from_square(s).north(),
        };
        a |= strong_pawns & (pawn_attacks(by.other(), s) | behind);
    }
    a
}

/// Is `c`'s king attacked by Contrast powers? False without a king.
pub fn king_in_check(board: &Board, c: Color) -> bool {
    let Some(k) = board.king_of(c) else {
        return false;
    };
    let by = c.other();
    attackers_to(board, k, by, board.occupied(), board.by_color(by)).any()
}

/// The family has no options; a variant file that gives any is refused
/// rather than silently ignored.
#[derive(Copy, Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContrastOptions {}

/// A Contrast Chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contrast {
    /// Board, side, castling, en passant and clocks, as in chess.
    fide: Setup,
}

/// Move generation state for one node.
struct Gen<'a> {
    board: &'a Board,
    ksq: Square,
    them: Color,
    theirs: Bitboard,
    occ: Bitboard,
    /// Squares whose emptying or filling could change an attack on our
    /// king; moves touching them are tested by playing them out.
    sensitive: Bitboard,
}

impl Gen<'_> {
    /// Would our king (on `ksq`) be safe with this occupancy and these
    /// enemy pieces?
    #[inline]
    fn safe(&self, ksq: Square, occ: Bitboard, theirs: Bitboard) -> bool {
        attackers_to(self.board, ksq, self.them, occ, theirs).is_empty()
    }

    /// Is an ordinary move (the mover lands on `to`, capturing what is
    /// there) legal for a non-king piece?
    #[inline]
    fn ordinary_ok(&self, from: Square, to: Square) -> bool {
        !self.sensitive.contains(from)
            || self.safe(
                self.ksq,
                self.occ.without(from).with(to),
                self.theirs.without(to),
            )
    }
}

impl Contrast {
    /// Check a setup (FIDE requirements, check judged by Contrast powers)
    /// and build the position.
    pub fn from_setup(setup: Setup) -> Result<Contrast, PositionError> {
        validate_fide_setup_with(&setup, king_in_check)?;
        Ok(Contrast { fide: setup })
    }

    /// The position as a setup.
    pub fn setup(&self) -> Setup {
        self.fide
    }

    /// Squares between our king and an enemy piece whose attack on it an
    /// emptied square could open: sliders on the king's lines, a strong
    /// king two squares away, strong bishops at bent-move distance.
    fn sensitive_squares(&self, ksq: Square, them: Color) -> Bitboard {
        let b = &self.fide.board;
        let theirs = b.by_color(them);
        let mut snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & b.rooks_and_queens())
            | (bishop_attacks(ksq, Bitboard::EMPTY) & b.bishops_and_queens()))
            & theirs;
        snipers |= b.by_role(Role::King) & theirs & strong_squares(them) & dist2(ksq);
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            out |= between(ksq, s);
        }
        let strong_bishops = b.by_role(Role::Bishop) & theirs & strong_squares(them);
        if strong_bishops.any() {
            for &(t, inter) in &BENT[ksq.index()] {
                if strong_bishops.0 & t != 0 {
                    out |= Bitboard(inter);
                }
            }
        }
        out
    }

    fn gen_legal(&self, out: &mut Vec<Action>) {
        let b = &self.fide.board;
        let us = self.fide.turn;
        let them = us.other();
        let Some(ksq) = b.king_of(us) else {
            return;
        };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = b.occupied();
        let strong_sq = strong_squares(us);
        let in_check = attackers_to(b, ksq, them, occ, theirs).any();
        let g = Gen {
            board: b,
            ksq,
            them,
            theirs,
            occ,
            sensitive: if in_check {
                Bitboard::FULL
            } else {
                self.sensitive_squares(ksq, them)
            },
        };

        // Pieces.
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in b.by_role(role) & ours {
                let strong = strong_sq.contains(from);
                let targets = piece_targets(role, from, strong, occ) & !ours;
                if g.sensitive.contains(from) {
                    for to in targets {
                        if g.ordinary_ok(from, to) {
                            out.push(Action::Move(Move::new(from, to)));
                        }
                    }
                } else {
                    for to in targets {
                        out.push(Action::Move(Move::new(from, to)));
                    }
                }
                if role == Role::Queen && strong {
                    for to in king_attacks(from) & theirs {
                        if !g.sensitive.contains(to)
                            || g.safe(ksq, occ.without(to), theirs.without(to))
                        {
                            out.push(Action::Move(Move::with_kind(
                                from,
                                to,
                                MoveKind::CaptureInPlace,
                            )));
                        }
                    }
                }
            }
        }

        // Pawns.
        let dir = us.fold(1i8, -1);
        let start = pawn_start_rank(us);
        let last = promotion_rank(us);
        for from in b.by_role(Role::Pawn) & ours {
            let strong = strong_sq.contains(from);
            let Some(one) = from.offset(0, dir) else {
                continue;
            };
            if !occ.contains(one) {
                if g.ordinary_ok(from, one) {
                    push_pawn(from, one, last, out);
                }
                if strong && from.rank() == start {
                    if let Some(two) = one.offset(0, dir) {
                        if !occ.contains(two) && g.ordinary_ok(from, two) {
                            out.push(Action::Move(Move::with_kind(
                                from,
                                two,
                                MoveKind::DoublePush,
                            )));
                        }
                    }
                }
            }
            if !strong {
                continue;
            }
            if theirs.contains(one) && g.ordinary_ok(from, one) {
                push_pawn(from, one, last, out);
            }
            for to in pawn_attacks(us, from) {
                if theirs.contains(to) || (!occ.contains(to) && Some(to) != self.fide.ep_square) {
                    if g.ordinary_ok(from, to) {
                        push_pawn(from, to, last, out);
                    }
                } else if Some(to) == self.fide.ep_square && !occ.contains(to) {
                    let Some(victim) = to.offset(0, -dir) else {
                        continue;
                    };
                    if theirs.contains(victim)
                        && b.role_at(victim) == Some(Role::Pawn)
                        && g.safe(
                            ksq,
                            occ.without(from).without(victim).with(to),
                            theirs.without(victim),
                        )
                    {
                        out.push(Action::Move(Move::with_kind(from, to, MoveKind::EnPassant)));
                    }
                }
            }
        }

        // King.
        let strong_king = strong_sq.contains(ksq);
        let occ_no_king = occ.without(ksq);
        for to in piece_targets(Role::King, ksq, strong_king, occ) & !ours {
            if g.safe(to, occ_no_king.with(to), theirs.without(to)) {
                out.push(Action::Move(Move::new(ksq, to)));
            }
        }

        // Castling, for strong and weak kings alike, by FIDE's conditions.
        if !in_check {
            push_castlings(
                b,
                us,
                self.fide.castling,
                |geo| !geo.king_path.any_square(|s| !g.safe(s, occ, theirs)),
                out,
            );
        }
    }

    /// Moves of the piece on `from` by its Contrast powers, ignoring check
    /// (for explanations).
    fn pseudo_moves_from(&self, from: Square) -> Vec<Move> {
        let mut all = Vec::new();
        let b = &self.fide.board;
        let Some(p) = b.piece_at(from) else {
            return all;
        };
        let us = p.color;
        let strong = is_strong(us, from);
        let ours = b.by_color(us);
        let theirs = b.by_color(us.other());
        let occ = b.occupied();
        match p.role {
            Role::Pawn => {
                let dir = us.fold(1i8, -1);
                if let Some(one) = from.offset(0, dir) {
                    if !occ.contains(one) {
                        all.push(Move::new(from, one));
                        if strong && from.rank() == pawn_start_rank(us) {
                            if let Some(two) = one.offset(0, dir) {
                                if !occ.contains(two) {
                                    all.push(Move::with_kind(from, two, MoveKind::DoublePush));
                                }
                            }
                        }
                    }
                }
                for to in pawn_targets(us, from, strong) {
                    if theirs.contains(to) || (to.file() != from.file() && !occ.contains(to)) {
                        all.push(Move::new(from, to));
                    }
                }
            }
            role => {
                for to in piece_targets(role, from, strong, occ) & !ours {
                    all.push(Move::new(from, to));
                }
                if role == Role::Queen && strong {
                    for to in king_attacks(from) & theirs {
                        all.push(Move::with_kind(from, to, MoveKind::CaptureInPlace));
                    }
                }
            }
        }
        all
    }
}

#[inline]
fn push_pawn(from: Square, to: Square, last: i8, out: &mut Vec<Action>) {
    if to.rank() == last {
        for r in FIDE_PROMOTIONS {
            out.push(Action::Move(Move::with_kind(
                from,
                to,
                MoveKind::Promotion(r),
            )));
        }
    } else {
        out.push(Action::Move(Move::new(from, to)));
    }
}

/// A sentence on what the piece on `sq` can do there, for explanations.
pub fn describe_powers(color: Color, role: Role, sq: Square) -> String {
    let strong = is_strong(color, sq);
    let shade = if sq.is_dark() { "dark" } else { "light" };
    let what = match (role, strong) {
        (Role::King, true) => "moves up to 2 squares in any direction (the first square must be empty), and may castle",
        (Role::King, false) => "moves one square orthogonally only (it may still castle)",
        (Role::Queen, true) => "moves as a queen and may capture an adjacent enemy piece without moving (e.g. d4^e5)",
        (Role::Queen, false) => "moves as a queen but at most 2 squares",
        (Role::Rook, true) => "moves as a rook or as a knight",
        (Role::Rook, false) => "moves as a rook but at most 2 squares",
        (Role::Bishop, true) => "moves as a bishop, or one square diagonally then one at 90 degrees (2 squares orthogonally; not when both diagonal squares between are occupied)",
        (Role::Bishop, false) => "moves as a bishop but at most 2 squares",
        (Role::Knight, true) => "moves as a knight or jumps 2 squares diagonally",
        (Role::Knight, false) => "moves one square orthogonally",
        (Role::Pawn, true) => "moves as a pawn, also one square diagonally forward to an empty square, and captures straight ahead",
        (Role::Pawn, false) => "moves one square straight forward to an empty square only (no capture, no double step)",
    };
    format!(
        "the {} on {sq} is {} (on a {shade} square) and {what}",
        role.name(),
        if strong { "strong" } else { "weak" }
    )
}

impl Position for Contrast {
    #[inline]
    fn board(&self) -> &Board {
        &self.fide.board
    }

    #[inline]
    fn turn(&self) -> Color {
        self.fide.turn
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.gen_legal(out);
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        let Action::Move(m) = action else { return };
        play_fide_move(&mut self.fide, m);
        // Only strong pawns capture en passant (the skipped square's
        // diagonal neighbours share its colour, so in practice every taker
        // is strong; the mask says so explicitly).
        let (mover, taker) = (self.fide.turn.other(), self.fide.turn);
        let board = self.fide.board;
        self.fide.ep_square = self.fide.ep_square.filter(|ep| {
            (pawn_attacks(mover, *ep)
                & board.by_role(Role::Pawn)
                & board.by_color(taker)
                & strong_squares(taker))
            .any()
        });
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        if legal.is_empty() {
            return Some(mate_or_stalemate(
                self.fide.turn,
                self.in_check(self.fide.turn),
            ));
        }
        // Only bare kings are a draw by material in Contrast.
        (self.fide.board.occupied() == self.fide.board.by_role(Role::King))
            .then(|| Outcome::draw(EndReason::InsufficientMaterial))
    }

    #[inline]
    fn hash(&self) -> u64 {
        fide_setup_hash(&self.fide)
    }

    fn quiet_plies(&self) -> u32 {
        self.fide.halfmoves
    }

    fn fullmoves(&self) -> u32 {
        self.fide.fullmoves
    }

    fn to_fen(&self) -> String {
        self.setup().to_fen()
    }

    #[inline]
    fn in_check(&self, color: Color) -> bool {
        king_in_check(&self.fide.board, color)
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> String {
        let CoordText::Move {
            from, to, in_place, ..
        } = *text
        else {
            return generic_why_illegal(self, text, legal);
        };
        let Some(p) = self.fide.board.piece_at(from) else {
            return generic_why_illegal(self, text, legal);
        };
        if p.color != self.fide.turn || legal.is_empty() {
            return generic_why_illegal(self, text, legal);
        }
        let powers = describe_powers(p.color, p.role, from);
        if in_place {
            if p.role != Role::Queen || !is_strong(p.color, from) {
                return format!("Contrast: only a strong queen captures in place; {powers}");
            }
            if self.fide.board.color_at(to) != Some(p.color.other())
                || !king_attacks(from).contains(to)
            {
                return format!(
                    "Contrast: a capture in place removes an enemy piece on an adjacent square; {to} holds none next to {from}"
                );
            }
        }
        if p.role == Role::King && from.rank() == to.rank() && (from.file() - to.file()).abs() == 2
        {
            let kingside = to.file() > from.file();
            let geo = castle_geometry(p.color, kingside);
            if from == geo.king_from && to == geo.king_to {
                if self.fide.castling & castle_bit(p.color, kingside) == 0 {
                    return "castling is no longer allowed on that side (king or rook has moved)"
                        .to_string();
                }
                if (self.fide.board.occupied() & geo.must_be_empty).any() {
                    return "castling needs every square between king and rook empty".to_string();
                }
                return "castling is not allowed out of, through or into check (attacks counted with Contrast powers)".to_string();
            }
        }
        let pseudo = self.pseudo_moves_from(from);
        if pseudo
            .iter()
            .any(|m| m.to == to && (m.kind == MoveKind::CaptureInPlace) == in_place)
        {
            return if self.in_check(self.fide.turn) {
                "your king is in check and this move does not get it out (attacks counted with Contrast powers)".to_string()
            } else {
                "that would leave your king in check (attacks counted with Contrast powers)"
                    .to_string()
            };
        }
        if legal
            .iter()
            .filter_map(|a| a.as_move())
            .any(|m| m.from == from && m.to == to)
        {
            return generic_why_illegal(self, text, legal);
        }
        format!("Contrast: {powers}")
    }
}

impl Describe for Contrast {
    /// Every piece is marked strong or weak by the square it stands on.
    fn square_marks(&self) -> Vec<MarkedSquares> {
        let b = &self.fide.board;
        let strong = (b.by_color(Color::White) & strong_squares(Color::White))
            | (b.by_color(Color::Black) & strong_squares(Color::Black));
        vec![
            MarkedSquares {
                mark: SquareMark::Strong,
                squares: strong,
            },
            MarkedSquares {
                mark: SquareMark::Weak,
                squares: b.occupied() & !strong,
            },
        ]
    }

    fn facts(&self) -> Vec<Fact> {
        vec![Fact::reminder(
            "Strong: White on a light square, Black on a dark square (a1 is dark)",
        )]
    }

    fn explain_square(&self, sq: Square) -> Option<String> {
        let p = self.fide.board.piece_at(sq)?;
        Some(describe_powers(p.color, p.role, sq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::facts::{Describe, MarkedSquares, SquareMark};

    #[test]
    fn every_piece_is_marked_strong_or_weak_by_its_square() {
        // White king e1 (dark): weak; white knight g1 (dark): weak; white
        // bishop f1 (light): strong; black king e8 (light): weak; black
        // rook h8 (dark): strong.
        let p = Contrast::from_setup(Setup::parse("4k2r/8/8/8/8/8/8/4KBN1 w - - 0 1").unwrap())
            .unwrap();
        let sqs = |list: &[&str]| {
            list.iter()
                .map(|t| Square::parse(t).unwrap())
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
        };
        assert_eq!(
            p.square_marks(),
            [
                MarkedSquares {
                    mark: SquareMark::Strong,
                    squares: sqs(&["f1", "h8"])
                },
                MarkedSquares {
                    mark: SquareMark::Weak,
                    squares: sqs(&["e1", "g1", "e8"])
                }
            ]
        );
        let knight = p.explain_square(Square::parse("g1").unwrap()).unwrap();
        assert!(knight.contains("weak"), "{knight}");
        assert_eq!(p.explain_square(Square::parse("d4").unwrap()), None);
    }

    /// The reverse lookup in `attackers_to` must agree with the forward
    /// patterns in `piece_targets`/`pawn_targets` on every square.
    #[test]
    fn attackers_to_agrees_with_forward_patterns() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1b1k2r/pp1n1ppp/2pbpn2/q2p4/2PP4/1PN1PN2/PB1QBPPP/R3K2R w KQkq - 0 1",
            "4k3/2b5/3P4/1n1K1p2/2Q5/4B3/8/8 w - - 0 1",
        ];
        for fen in fens {
            let b = Setup::parse(fen).unwrap().board;
            for by in Color::ALL {
                for s in Square::all() {
                    let got = attackers_to(&b, s, by, b.occupied(), b.by_color(by));
                    let mut want = Bitboard::EMPTY;
                    for from in b.by_color(by) {
                        let role = b.role_at(from).unwrap();
                        let strong = is_strong(by, from);
                        let t = if role == Role::Pawn {
                            pawn_targets(by, from, strong)
                        } else {
                            piece_targets(role, from, strong, b.occupied())
                        };
                        if t.contains(s) {
                            want.insert(from);
                        }
                    }
                    assert_eq!(got, want, "{fen} {by:?} {s}");
                }
            }
        }
    }
}
