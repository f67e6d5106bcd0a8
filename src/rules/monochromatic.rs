//! Monochromatic Chess (Harry Pijls) and its sub-variants: no move may
//! change the colour of the moving piece's square, while check stays
//! *pictorial* (normal powers, so an immobile knight still gives check).
//! The knight slot's piece is an option: knight, camel (Jamal), DA (Daffy)
//! or double knight.

use super::facts::{material, BoardLook, Describe, Fact};
use super::standard::{
    fide_setup_hash, mate_or_stalemate, play_fide_move, validate_fide_setup_with,
};
use super::{generic_why_illegal, Outcome, Position, PositionError};
use crate::core::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, leaper_attacks, pawn_attacks,
    queen_attacks, rook_attacks, Leaper,
};
use crate::core::fen::Setup;
use crate::core::movegen::{
    apply_move, castle_bit, castle_geometry, pawn_start_rank, promotion_rank, push_castlings,
    push_pawn_move, FIDE_PROMOTIONS,
};
use crate::core::{Action, Bitboard, Board, Color, CoordText, Move, MoveKind, Role, Square};
use serde::{Deserialize, Serialize};

/// What stands in the knight slot (FEN and SAN letter N).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum KnightKind {
    /// The ordinary knight: always changes colour, so it never moves, but
    /// it gives check.
    #[default]
    Knight,
    /// Jamal: the (1,3) camel.
    Camel,
    /// Daffy: a leap of 2 orthogonally (dabbaba) or 2 diagonally (alfil).
    Da,
    /// Two knight moves in the same direction, a (2,4) displacement, through
    /// an empty intermediate square.
    DoubleKnight,
}

impl KnightKind {
    /// Name for messages and rules text.
    pub fn name(self) -> &'static str {
        match self {
            KnightKind::Knight => "knight",
            KnightKind::Camel => "camel",
            KnightKind::Da => "DA (Daffy)",
            KnightKind::DoubleKnight => "double knight",
        }
    }
}

/// Family options, read from the variant file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct MonochromaticOptions {
    /// The knight slot's piece.
    #[serde(default)]
    pub knight: KnightKind,
}

/// The double knight's eight (2,4) targets from each square with the
/// intermediate square each must pass (zero where off the board).
static DOUBLE_KNIGHT: [[(u64, u64); 8]; 64] = DOUBLE_KNIGHT_TABLE;
const DOUBLE_KNIGHT_TABLE: [[(u64, u64); 8]; 64] = build_double_knight();

const fn build_double_knight() -> [[(u64, u64); 8]; 64] {
    let dirs: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut t = [[(0u64, 0u64); 8]; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            let (tf, tr) = (f + 2 * df, r + 2 * dr);
            if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
                t[s][d] = (1u64 << (tr * 8 + tf), 1u64 << ((r + dr) * 8 + f + df));
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Squares the knight-slot piece on `sq` attacks (its normal powers).
#[inline]
pub fn slot_attacks(kind: KnightKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        KnightKind::Knight => knight_attacks(sq),
        KnightKind::Camel => leaper_attacks(Leaper::Camel, sq),
        KnightKind::Da => leaper_attacks(Leaper::Dabbaba, sq) | leaper_attacks(Leaper::Alfil, sq),
        KnightKind::DoubleKnight => {
            let mut out = 0u64;
            for &(t, mid) in &DOUBLE_KNIGHT[sq.index()] {
                if mid & occupied.0 == 0 {
                    out |= t;
                }
            }
            Bitboard(out)
        }
    }
}

/// Squares of the colour of `sq`.
#[inline]
fn same_colour(sq: Square) -> Bitboard {
    if sq.is_dark() {
        Bitboard::DARK
    } else {
        Bitboard::LIGHT
    }
}

/// Pieces among `them` (pieces of `by`) that attack `s` pictorially.
#[inline]
pub fn attackers_to(
    board: &Board,
    kind: KnightKind,
    s: Square,
    by: Color,
    occupied: Bitboard,
    them: Bitboard,
) -> Bitboard {
    let mut a = ((rook_attacks(s, occupied) & board.rooks_and_queens())
        | (bishop_attacks(s, occupied) & board.bishops_and_queens())
        | (king_attacks(s) & board.by_role(Role::King))
        | (pawn_attacks(by.other(), s) & board.by_role(Role::Pawn)))
        & them;
    let knights = board.by_role(Role::Knight) & them;
    // The double knight's blockable leap is worked out only when one of
    // them stands at (2,4) distance at all.
    if knights.any()
        && (kind != KnightKind::DoubleKnight || (knights.0 & DOUBLE_KNIGHT_ANY[s.index()]) != 0)
    {
        a |= slot_attacks(kind, s, occupied) & knights;
    }
    a
}

/// Every (2,4) target of each square, ignoring the middle square.
static DOUBLE_KNIGHT_ANY: [u64; 64] = build_double_knight_any();

const fn build_double_knight_any() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            t[s] |= DOUBLE_KNIGHT_TABLE[s][d].0;
            d += 1;
        }
        s += 1;
    }
    t
}

/// Is `c`'s king in pictorial check? False without a king.
pub fn king_in_check(board: &Board, kind: KnightKind, c: Color) -> bool {
    let Some(k) = board.king_of(c) else {
        return false;
    };
    let by = c.other();
    attackers_to(board, kind, k, by, board.occupied(), board.by_color(by)).any()
}

/// A Monochromatic Chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monochromatic {
    /// Board, side, castling, en passant and clocks, as in chess.
    fide: Setup,
    options: MonochromaticOptions,
}

impl Monochromatic {
    /// Check a setup (FIDE requirements, pictorial check) and build the
    /// position.
    pub fn from_setup(
        setup: Setup,
        options: MonochromaticOptions,
    ) -> Result<Monochromatic, PositionError> {
        validate_fide_setup_with(&setup, |b, c| king_in_check(b, options.knight, c))?;
        Ok(Monochromatic {
            fide: setup,
            options,
        })
    }

    /// The family's options.
    pub fn options(&self) -> MonochromaticOptions {
        self.options
    }

    /// The position as a setup.
    pub fn setup(&self) -> Setup {
        self.fide
    }

    #[inline]
    fn safe(&self, ksq: Square, occ: Bitboard, theirs: Bitboard) -> bool {
        attackers_to(
            &self.fide.board,
            self.options.knight,
            ksq,
            self.fide.turn.other(),
            occ,
            theirs,
        )
        .is_empty()
    }

    /// Squares whose emptying could open a check: between our king and an
    /// enemy slider on its lines, and the middle squares of enemy double
    /// knights' (2,4) paths to it.
    fn sensitive_squares(&self, ksq: Square) -> Bitboard {
        let b = &self.fide.board;
        let theirs = b.by_color(self.fide.turn.other());
        let snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & b.rooks_and_queens())
            | (bishop_attacks(ksq, Bitboard::EMPTY) & b.bishops_and_queens()))
            & theirs;
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            out |= between(ksq, s);
        }
        if self.options.knight == KnightKind::DoubleKnight {
            let dn = b.by_role(Role::Knight) & theirs;
            for &(t, mid) in &DOUBLE_KNIGHT[ksq.index()] {
                if dn.0 & t != 0 {
                    out |= Bitboard(mid);
                }
            }
        }
        out
    }

    /// Colour-keeping targets of a non-pawn piece (ignoring check).
    #[inline]
    fn targets(&self, role: Role, from: Square, occ: Bitboard) -> Bitboard {
        let t = match role {
            Role::Knight => slot_attacks(self.options.knight, from, occ),
            Role::Bishop => bishop_attacks(from, occ),
            Role::Rook => rook_attacks(from, occ),
            Role::Queen => queen_attacks(from, occ),
            Role::King => king_attacks(from),
            Role::Pawn => Bitboard::EMPTY,
        };
        t & same_colour(from)
    }

    /// Does castling on this side keep both pieces on their colours? (Only
    /// kingside does on the standard board; derived, not assumed.)
    fn castling_keeps_colour(color: Color, kingside: bool) -> bool {
        let g = castle_geometry(color, kingside);
        g.king_from.is_dark() == g.king_to.is_dark() && g.rook_from.is_dark() == g.rook_to.is_dark()
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
        let in_check = !self.safe(ksq, occ, theirs);
        let sensitive = if in_check {
            Bitboard::FULL
        } else {
            self.sensitive_squares(ksq)
        };
        let ok = |from: Square, to: Square| {
            !sensitive.contains(from)
                || self.safe(ksq, occ.without(from).with(to), theirs.without(to))
        };

        // Ordinary knights always change colour: they never move.
        let movers = if self.options.knight == KnightKind::Knight {
            [Role::Bishop, Role::Rook, Role::Queen].as_slice()
        } else {
            [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].as_slice()
        };
        for &role in movers {
            for from in b.by_role(role) & ours {
                let targets = self.targets(role, from, occ) & !ours;
                if sensitive.contains(from) {
                    for to in targets {
                        if ok(from, to) {
                            out.push(Action::Move(Move::new(from, to)));
                        }
                    }
                } else {
                    for to in targets {
                        out.push(Action::Move(Move::new(from, to)));
                    }
                }
            }
        }

        // Pawns: never a single step (it changes colour); the double step,
        // diagonal captures, en passant and promotion by capture.
        let pawns = b.by_role(Role::Pawn) & ours;
        let empty = !occ;
        let starters = pawns & Bitboard::rank(pawn_start_rank(us));
        let doubles = match us {
            Color::White => (starters.north() & empty).north() & empty,
            Color::Black => (starters.south() & empty).south() & empty,
        };
        let back = us.fold(-2i8, 2);
        for to in doubles {
            let Some(from) = to.offset(0, back) else {
                continue;
            };
            if ok(from, to) {
                out.push(Action::Move(Move::with_kind(
                    from,
                    to,
                    MoveKind::DoublePush,
                )));
            }
        }
        // Captures set-wise: shift the pawns onto their capture squares and
        // step back by the same offset for the origin.
        let last = promotion_rank(us);
        let not_a = (pawns & !Bitboard::file(0)).0;
        let not_h = (pawns & !Bitboard::file(7)).0;
        let (toward_a, toward_h, back_a, back_h) = match us {
            Color::White => (not_a << 7, not_h << 9, -7i32, -9i32),
            Color::Black => (not_a >> 9, not_h >> 7, 9, 7),
        };
        for (targets, back) in [(toward_a, back_a), (toward_h, back_h)] {
            for to in Bitboard(targets) & theirs {
                let Some(from) = Square::new((to.index() as i32 + back) as u8) else {
                    continue;
                };
                if ok(from, to) {
                    push_pawn_move(from, to, last, &FIDE_PROMOTIONS, out);
                }
            }
        }
        if let Some(ep) = self.fide.ep_square {
            let dir = us.fold(1i8, -1);
            if let Some(victim) = ep.offset(0, -dir) {
                if !occ.contains(ep) && (theirs & b.by_role(Role::Pawn)).contains(victim) {
                    for from in pawn_attacks(them, ep) & pawns {
                        if self.safe(
                            ksq,
                            occ.without(from).without(victim).with(ep),
                            theirs.without(victim),
                        ) {
                            out.push(Action::Move(Move::with_kind(from, ep, MoveKind::EnPassant)));
                        }
                    }
                }
            }
        }

        // King: diagonal steps only, never into pictorial check.
        let occ_no_king = occ.without(ksq);
        for to in self.targets(Role::King, ksq, occ) & !ours {
            if self.safe(to, occ_no_king.with(to), theirs.without(to)) {
                out.push(Action::Move(Move::new(ksq, to)));
            }
        }

        if !in_check {
            push_castlings(
                b,
                us,
                self.fide.castling,
                |g| {
                    Self::castling_keeps_colour(us, g.king_to.file() > g.king_from.file())
                        && !g.king_path.any_square(|s| !self.safe(s, occ, theirs))
                },
                out,
            );
        }
    }

    /// Would this move, by its piece's normal powers, be possible if colour
    /// did not matter? (For explanations.)
    fn normal_move_shape(&self, from: Square, to: Square) -> bool {
        let b = &self.fide.board;
        let Some(p) = b.piece_at(from) else {
            return false;
        };
        if b.by_color(p.color).contains(to) {
            return false;
        }
        let occ = b.occupied();
        match p.role {
            Role::Pawn => {
                let dir = p.color.fold(1i8, -1);
                let one = from.offset(0, dir);
                pawn_attacks(p.color, from).contains(to)
                    || (one == Some(to) && !occ.contains(to))
                    || (from.rank() == pawn_start_rank(p.color)
                        && from.offset(0, 2 * dir) == Some(to)
                        && one.is_some_and(|o| !occ.contains(o))
                        && !occ.contains(to))
            }
            Role::Knight => slot_attacks(self.options.knight, from, occ).contains(to),
            Role::Bishop => bishop_attacks(from, occ).contains(to),
            Role::Rook => rook_attacks(from, occ).contains(to),
            Role::Queen => queen_attacks(from, occ).contains(to),
            Role::King => king_attacks(from).contains(to),
        }
    }
}

fn shade(sq: Square) -> &'static str {
    if sq.is_dark() {
        "dark"
    } else {
        "light"
    }
}

impl Position for Monochromatic {
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
    }

    fn outcome_given(&self, legal: &[Action]) -> Option<Outcome> {
        // No insufficient-material draw in this family.
        if legal.is_empty() {
            return Some(mate_or_stalemate(
                self.fide.turn,
                self.in_check(self.fide.turn),
            ));
        }
        None
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
        king_in_check(&self.fide.board, self.options.knight, color)
    }

    fn why_illegal(&self, text: &CoordText, legal: &[Action]) -> String {
        let CoordText::Move { from, to, .. } = *text else {
            return generic_why_illegal(self, text, legal);
        };
        let Some(p) = self.fide.board.piece_at(from) else {
            return generic_why_illegal(self, text, legal);
        };
        if p.color != self.fide.turn || legal.is_empty() {
            return generic_why_illegal(self, text, legal);
        }
        if let Some(why) = super::beyond_reach(self, text) {
            return why;
        }
        if p.role == Role::King && from.rank() == to.rank() && (from.file() - to.file()).abs() == 2
        {
            for kingside in [true, false] {
                let g = castle_geometry(p.color, kingside);
                if from == g.king_from && to == g.king_to {
                    if !Self::castling_keeps_colour(p.color, kingside) {
                        return format!(
                            "Monochromatic: castling this side would move the rook {}{} from a {} to a {} square; only kingside castling keeps both pieces on their colours",
                            g.rook_from, g.rook_to, shade(g.rook_from), shade(g.rook_to)
                        );
                    }
                    if self.fide.castling & castle_bit(p.color, kingside) == 0 {
                        return "castling is no longer allowed (king or rook has moved)"
                            .to_string();
                    }
                    if (self.fide.board.occupied() & g.must_be_empty).any() {
                        return "castling needs every square between king and rook empty"
                            .to_string();
                    }
                    return "castling is not allowed out of, through or into check".to_string();
                }
            }
        }
        if from.is_dark() != to.is_dark() && !self.fide.board.by_color(p.color).contains(to) {
            let extra = match p.role {
                Role::Pawn => " (pawns never make a single step)",
                Role::Knight if self.options.knight == KnightKind::Knight => {
                    " (knights can never move)"
                }
                Role::King => " (kings move diagonally only)",
                _ => "",
            };
            return format!(
                "Monochromatic: no piece may change the colour of its square; {from} is {} and {to} is {}{extra}",
                shade(from),
                shade(to)
            );
        }
        if self.normal_move_shape(from, to) {
            let mut after = self.fide.board;
            apply_move(&mut after, Move::new(from, to));
            if king_in_check(&after, self.options.knight, self.fide.turn) {
                return if self.in_check(self.fide.turn) {
                    "your king is in check and this move does not get it out (check is pictorial: every enemy piece attacks with its normal powers)".to_string()
                } else {
                    "that would leave your king in check (check is pictorial: every enemy piece attacks with its normal powers)".to_string()
                };
            }
        }
        generic_why_illegal(self, text, legal)
    }

    /// The knight's slot holds the variant's leaper (camel, DA, double
    /// knight), named as such.
    fn role_name(&self, role: Role) -> &'static str {
        match role {
            Role::Knight => self.options.knight.name(),
            other => other.name(),
        }
    }

    /// Chess's patterns with the variant's leaper in the knight's slot.
    fn move_pattern(&self, from: Square) -> Bitboard {
        match self.fide.board.piece_at(from) {
            Some(p) if p.role == Role::Knight => {
                slot_attacks(self.options.knight, from, Bitboard::EMPTY)
            }
            Some(p) => super::chess_pattern(p, from),
            None => Bitboard::EMPTY,
        }
    }
}

impl Describe for Monochromatic {
    fn board_look(&self) -> BoardLook {
        BoardLook {
            knight: self.options.knight,
            ..BoardLook::default()
        }
    }

    fn facts(&self) -> Vec<Fact> {
        vec![
            Fact::Material(material(&self.fide.board)),
            Fact::reminder("No piece may move to a square of the other colour"),
            Fact::reminder(format!(
                "Knight slot: {} · check is pictorial (normal powers)",
                self.options.knight.name()
            )),
        ]
    }
}
