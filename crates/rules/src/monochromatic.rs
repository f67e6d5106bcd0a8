//! Monochromatic Chess (Harry Pijls) and its sub-variants: no move may
//! change the colour of the moving piece's square, while check stays
//! *pictorial* (normal powers, so an immobile knight still gives check).
//! The knight slot's piece is an option: knight, camel (Jamal), DA (Daffy)
//! or double knight.

use super::facts::{material, BoardLook, Describe, Fact};
use super::fide::{FideFamily, FidePosition};
use super::{
    chess_pattern, generic_why_illegal, Attacks, CastlingBlock, IllegalReason, PieceName, Position,
    PositionError,
};
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, leaper_attacks, leaper_table, pawn_attacks,
    rook_attacks, Leaper, KNIGHT_OFFSETS,
};
use crate::core::fen::Setup;
use crate::core::legal::{
    castling_keeps_colour, chess_castling_path_safe, gen_legal, king_attacked, pin_guard,
    same_colour, stays_on_pin_line, Enemy, FidePowers, FideState, Guard, Node, PawnPowers, Powers,
};
use crate::core::movegen::{apply_move, castle_geometry, pawn_start_rank, CastleGeometry};
use crate::core::{Action, Bitboard, Board, Color, CoordText, KnightKind, Move, Role, Square};
use serde::{Deserialize, Serialize};

/// Family options, read from the variant file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct MonochromaticOptions {
    /// The knight slot's piece.
    #[serde(default)]
    pub knight: KnightKind,
}

/// Squares the knight-slot piece on `sq` attacks (its normal powers).
#[inline(always)]
pub fn slot_attacks(kind: KnightKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        KnightKind::Knight => knight_attacks(sq),
        KnightKind::Camel => leaper_attacks(Leaper::Camel, sq),
        KnightKind::Da => leaper_attacks(Leaper::Dabbaba, sq) | leaper_attacks(Leaper::Alfil, sq),
        KnightKind::DoubleKnight => double_knight_attacks(sq, occupied),
    }
}

/// The double knight's leaps from `sq` whose middle square is empty: all
/// of its leaps, less those through an occupied middle square (usually few
/// of its eight).
#[inline]
fn double_knight_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard(DOUBLE_KNIGHT_ANY[sq.index()]);
    for middle in knight_attacks(sq) & occupied {
        // The leap through `middle` lands as far again beyond it, at index
        // 2·middle − sq. Where that leap would leave the board, the index
        // is outside the board or, a file overflow carrying into the rank,
        // an odd number of ranks from `sq`: never one of its leaps.
        let beyond = 2 * middle.index() as i32 - sq.index() as i32;
        out &= !Bitboard(1u64.checked_shl(beyond as u32).unwrap_or(0));
    }
    out
}

/// Pieces of `enemy` that attack `s` pictorially (by normal powers).
#[inline(always)]
pub fn attackers_to(board: &Board, kind: KnightKind, s: Square, enemy: Enemy) -> Bitboard {
    let (occupied, them) = (enemy.occupied, enemy.pieces);
    let sliders = (rook_attacks(s, occupied) & board.rooks_and_queens())
        | (bishop_attacks(s, occupied) & board.bishops_and_queens());
    (sliders & them) | leaper_attackers(board, kind, s, enemy)
}

/// Pieces of `enemy` that attack `s` otherwise than along a chess
/// slider's line: king, pawns and the knight slot's piece.
#[inline(always)]
fn leaper_attackers(board: &Board, kind: KnightKind, s: Square, enemy: Enemy) -> Bitboard {
    let them = enemy.pieces;
    let a = ((king_attacks(s) & board.by_role(Role::King))
        | (pawn_attacks(enemy.color.other(), s) & board.by_role(Role::Pawn)))
        & them;
    a | slot_attackers(kind, s, enemy.occupied, board.by_role(Role::Knight) & them)
}

/// Those of `knights` (knight-slot pieces) that attack `s`.
#[inline(always)]
fn slot_attackers(kind: KnightKind, s: Square, occupied: Bitboard, knights: Bitboard) -> Bitboard {
    let mut a = Bitboard::EMPTY;
    if kind == KnightKind::DoubleKnight {
        // Only double knights at (2,4) distance can attack, each when the
        // middle square of its leap is empty.
        for k in knights & Bitboard(DOUBLE_KNIGHT_ANY[s.index()]) {
            if !occupied.contains(double_knight_middle(s, k)) {
                a.insert(k);
            }
        }
    } else if knights.any() {
        a |= slot_attacks(kind, s, occupied) & knights;
    }
    a
}

/// The square a double knight's leap between `a` and `b` passes: halfway,
/// as their (2,4) offset is even in both directions.
#[inline]
fn double_knight_middle(a: Square, b: Square) -> Square {
    Square::new_unchecked((a.index() + b.index()) as u8 / 2)
}

/// Every (2,4) target of each square (two knight jumps the same way),
/// ignoring the middle square.
static DOUBLE_KNIGHT_ANY: [u64; 64] = leaper_table(&{
    let mut doubled = KNIGHT_OFFSETS;
    let mut d = 0;
    while d < 8 {
        doubled[d] = (2 * doubled[d].0, 2 * doubled[d].1);
        d += 1;
    }
    doubled
});

/// Monochromatic's piece powers: chess's, with the variant's piece in the
/// knight slot, where no move changes its square's colour while attacks
/// ignore colour (check is pictorial).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MonochromaticPowers {
    /// The knight slot's piece.
    pub knight: KnightKind,
}

/// A Monochromatic Chess position.
pub type Monochromatic = FidePosition<MonochromaticPowers>;

impl Monochromatic {
    /// Check a setup (FIDE requirements, pictorial check) and build the
    /// position.
    pub fn from_setup(
        setup: Setup,
        options: MonochromaticOptions,
    ) -> Result<Monochromatic, PositionError> {
        FidePosition::new(
            setup,
            MonochromaticPowers {
                knight: options.knight,
            },
        )
    }

    /// The family's options.
    pub fn options(&self) -> MonochromaticOptions {
        MonochromaticOptions {
            knight: self.powers().knight,
        }
    }

    /// Would this move, by its piece's normal powers, be possible if colour
    /// did not matter? (For explanations.)
    fn normal_move_shape(&self, from: Square, to: Square) -> bool {
        let b = self.board();
        let Some(p) = b.piece_at(from) else {
            return false;
        };
        if b.by_color(p.color).contains(to) {
            return false;
        }
        let occ = b.occupied();
        match p.role {
            Role::Pawn => {}
            Role::Knight => return slot_attacks(self.powers().knight, from, occ).contains(to),
            role => {
                return FidePowers::<false>
                    .targets(role, p.color, from, occ)
                    .contains(to)
            }
        }
        let dir = p.color.fold(1i8, -1);
        let one = from.offset(0, dir);
        pawn_attacks(p.color, from).contains(to)
            || (one == Some(to) && !occ.contains(to))
            || (from.rank() == pawn_start_rank(p.color)
                && from.offset(0, 2 * dir) == Some(to)
                && one.is_some_and(|o| !occ.contains(o))
                && !occ.contains(to))
    }
}

impl Powers for MonochromaticPowers {
    const KEEPS_SQUARE_COLOUR: bool = true;
    /// Pawns here have at most a double step and two captures each: listed
    /// kind by kind, they cost less (no saved game relies on the order).
    const PAWN_BY_PAWN: bool = false;

    #[inline(always)]
    fn attackers_to(&self, board: &Board, sq: Square, enemy: Enemy) -> Bitboard {
        attackers_to(board, self.knight, sq, enemy)
    }

    /// Normal powers kept to the square's colour. Bishops, camels, DAs and
    /// double knights never leave it anyway; a knight's jump always does.
    #[inline(always)]
    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        match role {
            Role::Knight if self.knight == KnightKind::Knight => Bitboard::EMPTY,
            Role::Knight => slot_attacks(self.knight, from, occupied),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::King => leaper_attacks(Leaper::Ferz, from),
            _ => FidePowers::<false>.targets(role, color, from, occupied) & same_colour(from),
        }
    }

    /// Diagonal moves always keep the colour.
    #[inline(always)]
    fn queen_targets(&self, color: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        let line = FidePowers::<false>.queen_targets(color, from, occ, diagonal);
        if diagonal {
            line
        } else {
            line & same_colour(from)
        }
    }

    #[inline(always)]
    fn pawn_powers(&self, _us: Color, pawns: Bitboard) -> PawnPowers {
        PawnPowers::fide(pawns)
    }

    #[inline(always)]
    fn guard(&self, node: &Node<'_, Self>) -> Option<Guard> {
        slot_guard(self.knight, node)
    }

    #[inline(always)]
    fn pinned_move_ok(&self, node: &Node<'_, Self>, from: Square, to: Square) -> bool {
        slot_pinned_move_ok(self.knight, node, from, to)
    }

    #[inline(always)]
    fn castling_path_safe(&self, node: &Node<'_, Self>, g: &CastleGeometry) -> bool {
        slot_castling_path_safe(self.knight, node, g)
    }
}

/// Attacks are normal powers (check is pictorial), so the castling path
/// is judged as in chess, with the knight slot's piece.
#[inline(always)]
fn slot_castling_path_safe<P: Powers>(
    knight: KnightKind,
    node: &Node<'_, P>,
    g: &CastleGeometry,
) -> bool {
    let knights = node.board.by_role(Role::Knight) & node.theirs;
    chess_castling_path_safe(node, g, |s| {
        slot_attackers(knight, s, node.occupied, knights)
    })
}

/// Pins decide: every attack is a chess slider's ray or a leap, and the
/// double knight's leap is blocked on its one middle square, so its check
/// is also met there and a piece standing there is pinned.
#[inline(always)]
fn slot_guard<P: Powers>(knight: KnightKind, node: &Node<'_, P>) -> Option<Guard> {
    let mut guard = pin_guard(node)?;
    if knight == KnightKind::DoubleKnight {
        let knights = node.board.by_role(Role::Knight) & node.theirs;
        for k in knights & Bitboard(DOUBLE_KNIGHT_ANY[node.king.index()]) {
            let middle = Bitboard::from_square(double_knight_middle(node.king, k));
            if node.checkers.contains(k) {
                guard.target |= middle;
            }
            guard.pinned |= middle & node.occupied;
        }
    }
    Some(guard)
}

/// A pinned slider or pawn keeps to its line. A knight-slot leaper on the
/// line might jump past its pinner or its king, and a piece on a double
/// knight's path has no line, so their moves are played out.
#[inline(always)]
fn slot_pinned_move_ok<P: Powers>(
    knight: KnightKind,
    node: &Node<'_, P>,
    from: Square,
    to: Square,
) -> bool {
    if knight == KnightKind::DoubleKnight || node.board.by_role(Role::Knight).contains(from) {
        node.safe_after(from, to)
    } else {
        stays_on_pin_line(node, from, to)
    }
}

/// [`MonochromaticPowers`] with the knight slot's piece fixed at compile
/// time (`KNIGHT` indexes [`KnightKind::ALL`]): the generator is built once
/// per piece, and no square's work asks which piece it is.
#[derive(Clone, Copy)]
struct FixedSlot<const KNIGHT: usize>;

impl<const KNIGHT: usize> FixedSlot<KNIGHT> {
    const POWERS: MonochromaticPowers = MonochromaticPowers {
        knight: KnightKind::ALL[KNIGHT],
    };
}

impl<const KNIGHT: usize> Powers for FixedSlot<KNIGHT> {
    const KEEPS_SQUARE_COLOUR: bool = MonochromaticPowers::KEEPS_SQUARE_COLOUR;
    const PAWN_BY_PAWN: bool = MonochromaticPowers::PAWN_BY_PAWN;

    #[inline(always)]
    fn attackers_to(&self, board: &Board, sq: Square, enemy: Enemy) -> Bitboard {
        Self::POWERS.attackers_to(board, sq, enemy)
    }

    #[inline(always)]
    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        Self::POWERS.targets(role, color, from, occupied)
    }

    #[inline(always)]
    fn queen_targets(&self, color: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        Self::POWERS.queen_targets(color, from, occ, diagonal)
    }

    #[inline(always)]
    fn pawn_powers(&self, us: Color, pawns: Bitboard) -> PawnPowers {
        Self::POWERS.pawn_powers(us, pawns)
    }

    #[inline(always)]
    fn guard(&self, node: &Node<'_, Self>) -> Option<Guard> {
        slot_guard(Self::POWERS.knight, node)
    }

    #[inline(always)]
    fn pinned_move_ok(&self, node: &Node<'_, Self>, from: Square, to: Square) -> bool {
        slot_pinned_move_ok(Self::POWERS.knight, node, from, to)
    }

    #[inline(always)]
    fn castling_path_safe(&self, node: &Node<'_, Self>, g: &CastleGeometry) -> bool {
        slot_castling_path_safe(Self::POWERS.knight, node, g)
    }
}

/// The generator for one knight-slot piece, compiled apart from the other
/// three, so that each is optimised on its own.
#[inline(never)]
fn gen_slot<const KNIGHT: usize>(state: &FideState<'_>, out: &mut Vec<Action>) {
    gen_legal(&FixedSlot::<KNIGHT>, state, out);
}

/// Why the castling move of `kingside` is illegal: the rook would change
/// colour, the right is gone, the path is occupied, or (what is left)
/// check, counted pictorially.
fn castling_block(pos: &Monochromatic, g: &CastleGeometry, kingside: bool) -> CastlingBlock {
    if !castling_keeps_colour(g) {
        return CastlingBlock::ChangesColour {
            rook_from: g.rook_from,
            rook_to: g.rook_to,
        };
    }
    let turn = pos.turn();
    if let Some(why) = super::castling::right_gone(pos.board(), turn, pos.castling(), kingside) {
        return why;
    }
    if (pos.board().occupied() & g.must_be_empty).any() {
        return CastlingBlock::PathOccupied(None);
    }
    CastlingBlock::CheckOnPath(Attacks::Pictorial)
}

impl FideFamily for MonochromaticPowers {
    /// One generator per knight-slot piece (see [`FixedSlot`]).
    #[inline]
    fn generate(&self, state: &FideState<'_>, out: &mut Vec<Action>) {
        match self.knight {
            KnightKind::Knight => gen_slot::<0>(state, out),
            KnightKind::Camel => gen_slot::<1>(state, out),
            KnightKind::Da => gen_slot::<2>(state, out),
            KnightKind::DoubleKnight => gen_slot::<3>(state, out),
        }
    }

    /// No insufficient-material draw in this family.
    fn insufficient_material(&self, _board: &Board) -> bool {
        false
    }

    fn why_illegal(pos: &Monochromatic, text: &CoordText, legal: &[Action]) -> IllegalReason {
        let CoordText::Move { from, to, .. } = *text else {
            return generic_why_illegal(pos, text, legal);
        };
        let Some(p) = pos.board().piece_at(from) else {
            return generic_why_illegal(pos, text, legal);
        };
        if p.color != pos.turn() || legal.is_empty() {
            return generic_why_illegal(pos, text, legal);
        }
        if let Some(why) = super::beyond_reach(pos, text) {
            return why;
        }
        if p.role == Role::King && from.rank() == to.rank() && (from.file() - to.file()).abs() == 2
        {
            for kingside in [true, false] {
                let g = castle_geometry(p.color, kingside);
                if from == g.king_from && to == g.king_to {
                    return IllegalReason::Castling(castling_block(pos, &g, kingside));
                }
            }
        }
        if from.is_dark() != to.is_dark() && !pos.board().by_color(p.color).contains(to) {
            return IllegalReason::ChangesColour {
                role: p.role,
                from,
                to,
                leaper: pos.powers().knight,
            };
        }
        if pos.normal_move_shape(from, to) {
            let mut after = *pos.board();
            apply_move(&mut after, Move::new(from, to));
            if king_attacked(&pos.powers(), &after, pos.turn()) {
                return IllegalReason::KingInCheck {
                    in_check: pos.in_check(pos.turn()),
                    attacks: Attacks::Pictorial,
                };
            }
        }
        generic_why_illegal(pos, text, legal)
    }

    /// The knight's slot holds the variant's leaper (camel, DA, double
    /// knight), named as such.
    fn piece_name(&self, role: Role) -> PieceName {
        match role {
            Role::Knight => PieceName::Leaper(self.knight),
            other => PieceName::Chess(other),
        }
    }

    /// Chess's patterns with the variant's leaper in the knight's slot.
    fn move_pattern(&self, board: &Board, from: Square) -> Bitboard {
        match board.piece_at(from) {
            Some(p) if p.role == Role::Knight => slot_attacks(self.knight, from, Bitboard::EMPTY),
            Some(p) => chess_pattern(p, from),
            None => Bitboard::EMPTY,
        }
    }
}

impl Describe for Monochromatic {
    fn board_look(&self) -> BoardLook {
        BoardLook {
            knight: self.powers().knight,
            ..BoardLook::default()
        }
    }

    fn facts(&self) -> Vec<Fact> {
        vec![
            Fact::Material(material(self.board())),
            Fact::reminder("No piece may move to a square of the other colour"),
            Fact::reminder(format!(
                "Knight slot: {} · check is pictorial (normal powers)",
                self.powers().knight.name()
            )),
        ]
    }
}
