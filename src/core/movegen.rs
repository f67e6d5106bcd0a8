//! Move generation shared by the rule families: FIDE-legal moves (with pins,
//! checks and castling; used by standard chess and Dice-Money) and
//! pseudo-legal moves where the king is an ordinary piece (antichess,
//! Chicken). Families that change piece powers build on the attack tables
//! and the helpers here.

use super::action::{Action, Move, MoveKind};
use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::bitboard::Bitboard;
use super::board::Board;
use super::fen::castle;
use super::types::{Color, Role, Square};

/// Promotion choices of FIDE chess.
pub const FIDE_PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
/// Promotion choices where the king is an ordinary piece.
pub const KING_PROMOTIONS: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::King,
];

/// What varies between FIDE-like generators.
#[derive(Clone, Copy, Debug)]
pub struct FideParams<'a> {
    /// Castling-rights bits (see [`castle`]).
    pub castling: u8,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Roles a pawn may promote into; empty means a pawn may not reach the
    /// last rank at all (Dice-Money with no lost piece).
    pub promotions: &'a [Role],
    /// Dice-Money's bought power: the king also slides like a queen.
    pub king_slides: bool,
}

/// The rank a colour's pawns start on (and double-step from).
#[inline]
pub fn pawn_start_rank(c: Color) -> i8 {
    c.fold(1, 6)
}

/// The rank a colour's pawns promote on.
#[inline]
pub fn promotion_rank(c: Color) -> i8 {
    c.fold(7, 0)
}

/// Push a pawn move, expanding promotions when it reaches `last_rank`.
#[inline]
pub fn push_pawn_move(
    from: Square,
    to: Square,
    last_rank: i8,
    promotions: &[Role],
    out: &mut Vec<Action>,
) {
    if to.rank() == last_rank {
        for &r in promotions {
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

/// Is `sq` attacked by `by` with normal chess powers, given `occupied`?
#[inline]
pub fn is_attacked(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> bool {
    board.attackers_to(sq, by, occupied).any()
}

/// Is `us`'s king (assumed single) attacked? False when there is no king.
#[inline]
pub fn king_in_check(board: &Board, us: Color) -> bool {
    match board.king_of(us) {
        Some(k) => is_attacked(board, k, us.other(), board.occupied()),
        None => false,
    }
}

/// The castling squares of one right: (king from, king to, rook from, rook
/// to, squares that must be empty, squares the king crosses incl. arrival).
pub struct CastleGeometry {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    pub must_be_empty: Bitboard,
    pub king_path: Bitboard,
}

/// Geometry of castling for a colour, kingside or queenside.
pub fn castle_geometry(color: Color, kingside: bool) -> CastleGeometry {
    let r = color.fold(0, 7);
    let sq = |f: i8| Square::from_coords(f, r).unwrap_or(Square::new_unchecked(0));
    if kingside {
        CastleGeometry {
            king_from: sq(4),
            king_to: sq(6),
            rook_from: sq(7),
            rook_to: sq(5),
            must_be_empty: Bitboard::from_square(sq(5)) | Bitboard::from_square(sq(6)),
            king_path: Bitboard::from_square(sq(5)) | Bitboard::from_square(sq(6)),
        }
    } else {
        CastleGeometry {
            king_from: sq(4),
            king_to: sq(2),
            rook_from: sq(0),
            rook_to: sq(3),
            must_be_empty: Bitboard::from_square(sq(1))
                | Bitboard::from_square(sq(2))
                | Bitboard::from_square(sq(3)),
            king_path: Bitboard::from_square(sq(3)) | Bitboard::from_square(sq(2)),
        }
    }
}

/// Castling-rights bit for a colour and side.
#[inline]
pub fn castle_bit(color: Color, kingside: bool) -> u8 {
    match (color, kingside) {
        (Color::White, true) => castle::WHITE_KING,
        (Color::White, false) => castle::WHITE_QUEEN,
        (Color::Black, true) => castle::BLACK_KING,
        (Color::Black, false) => castle::BLACK_QUEEN,
    }
}

/// The rights lost when something moves from or to `sq` (king or rook home
/// squares).
#[inline]
pub fn castling_rights_touching(sq: Square) -> u8 {
    match sq.index() {
        0 => castle::WHITE_QUEEN,
        4 => castle::WHITE_KING | castle::WHITE_QUEEN,
        7 => castle::WHITE_KING,
        56 => castle::BLACK_QUEEN,
        60 => castle::BLACK_KING | castle::BLACK_QUEEN,
        63 => castle::BLACK_KING,
        _ => 0,
    }
}

/// All FIDE-legal moves for `us`. Requires exactly one king of `us`.
pub fn gen_fide_legal(board: &Board, us: Color, p: &FideParams<'_>, out: &mut Vec<Action>) {
    let Some(ksq) = board.king_of(us) else {
        return;
    };
    let them = us.other();
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occ = board.occupied();
    let checkers = board.attackers_to(ksq, them, occ);

    // King moves: never onto an attacked square (judged with the king lifted).
    let occ_no_king = occ.without(ksq);
    let mut king_targets = king_attacks(ksq);
    if p.king_slides {
        king_targets |= queen_attacks(ksq, occ);
    }
    for t in king_targets & !ours {
        if !is_attacked(board, t, them, occ_no_king) {
            out.push(Action::Move(Move::new(ksq, t)));
        }
    }
    if checkers.more_than_one() {
        return;
    }
    let target = match checkers.first() {
        Some(c) => between(ksq, c).with(c),
        None => Bitboard::FULL,
    };

    // Pinned pieces: ours, alone between our king and an enemy slider.
    let snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(ksq, Bitboard::EMPTY) & board.bishops_and_queens()))
        & theirs;
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let b = between(ksq, s) & occ;
        if !b.more_than_one() && (b & ours).any() {
            pinned |= b;
        }
    }

    let movable = !ours & target;
    for from in board.by_role(Role::Knight) & ours & !pinned {
        for t in knight_attacks(from) & movable {
            out.push(Action::Move(Move::new(from, t)));
        }
    }
    for from in board.bishops_and_queens() & ours {
        let mut t = bishop_attacks(from, occ) & movable;
        if pinned.contains(from) {
            t &= line(ksq, from);
        }
        for to in t {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
    for from in board.by_role(Role::Rook) & ours {
        let mut t = rook_attacks(from, occ) & movable;
        if pinned.contains(from) {
            t &= line(ksq, from);
        }
        for to in t {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
    for from in board.by_role(Role::Queen) & ours {
        let mut t = rook_attacks(from, occ) & movable;
        if pinned.contains(from) {
            t &= line(ksq, from);
        }
        for to in t {
            out.push(Action::Move(Move::new(from, to)));
        }
    }

    // Pawns.
    let dir = us.fold(1i8, -1);
    let start = pawn_start_rank(us);
    let last = promotion_rank(us);
    for from in board.by_role(Role::Pawn) & ours {
        let allowed = if pinned.contains(from) {
            line(ksq, from) & target
        } else {
            target
        };
        if let Some(one) = from.offset(0, dir) {
            if !occ.contains(one) {
                if allowed.contains(one) {
                    push_pawn_move(from, one, last, p.promotions, out);
                }
                if from.rank() == start {
                    if let Some(two) = one.offset(0, dir) {
                        if !occ.contains(two) && allowed.contains(two) {
                            out.push(Action::Move(Move::with_kind(
                                from,
                                two,
                                MoveKind::DoublePush,
                            )));
                        }
                    }
                }
            }
        }
        for to in pawn_attacks(us, from) & theirs & allowed {
            push_pawn_move(from, to, last, p.promotions, out);
        }
        if let Some(ep) = p.ep_square {
            if pawn_attacks(us, from).contains(ep) && !occ.contains(ep) {
                if let Some(captured) = ep.offset(0, -dir) {
                    let after = (occ.without(from).without(captured)).with(ep);
                    let attackers =
                        board.attackers_to(ksq, them, after) & !Bitboard::from_square(captured);
                    if attackers.is_empty() {
                        out.push(Action::Move(Move::with_kind(from, ep, MoveKind::EnPassant)));
                    }
                }
            }
        }
    }

    // Castling.
    if checkers.is_empty() {
        push_castlings(
            board,
            us,
            p.castling,
            |g| !g.king_path.any_square(|s| is_attacked(board, s, them, occ)),
            out,
        );
    }
}

/// Push each castling that `rights` grant `us` with the king and rook on
/// their home squares and the squares between empty, and that `also` accepts
/// (the family judges the king's path by its own powers, and may rule a side
/// out). Not being in check is the caller's condition.
pub fn push_castlings(
    board: &Board,
    us: Color,
    rights: u8,
    mut also: impl FnMut(&CastleGeometry) -> bool,
    out: &mut Vec<Action>,
) {
    let king = super::types::Piece::new(us, Role::King);
    let rook = super::types::Piece::new(us, Role::Rook);
    for kingside in [true, false] {
        if rights & castle_bit(us, kingside) == 0 {
            continue;
        }
        let g = castle_geometry(us, kingside);
        if board.piece_at(g.king_from) != Some(king)
            || board.piece_at(g.rook_from) != Some(rook)
            || (board.occupied() & g.must_be_empty).any()
            || !also(&g)
        {
            continue;
        }
        out.push(Action::Move(Move::with_kind(
            g.king_from,
            g.king_to,
            MoveKind::Castle,
        )));
    }
}

impl Bitboard {
    /// Does any square of the set satisfy `f`?
    #[inline]
    pub fn any_square(self, mut f: impl FnMut(Square) -> bool) -> bool {
        let mut it = self;
        Iterator::any(&mut it, &mut f)
    }
}

/// Pseudo-legal captures where kings are ordinary pieces (antichess family):
/// every normal capture, en passant included.
pub fn gen_king_ordinary_captures(
    board: &Board,
    us: Color,
    ep_square: Option<Square>,
    promotions: &[Role],
    out: &mut Vec<Action>,
) {
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    let last = promotion_rank(us);
    let pawns = board.by_role(Role::Pawn) & ours;
    for from in pawns {
        for to in pawn_attacks(us, from) & theirs {
            push_pawn_move(from, to, last, promotions, out);
        }
    }
    if let Some(ep) = ep_square {
        let dir = us.fold(1i8, -1);
        let victim_present = ep
            .offset(0, -dir)
            .is_some_and(|v| (board.by_role(Role::Pawn) & theirs).contains(v));
        if victim_present && !occ.contains(ep) {
            for from in pawn_attacks(us.other(), ep) & pawns {
                out.push(Action::Move(Move::with_kind(from, ep, MoveKind::EnPassant)));
            }
        }
    }
    push_piece_moves(board, us, occ, theirs, out);
}

/// Moves of every non-pawn piece of `us` onto `targets` (kings as leapers).
#[inline]
fn push_piece_moves(
    board: &Board,
    us: Color,
    occ: Bitboard,
    targets: Bitboard,
    out: &mut Vec<Action>,
) {
    let ours = board.by_color(us);
    for from in board.by_role(Role::Knight) & ours {
        for to in knight_attacks(from) & targets {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
    for from in board.bishops_and_queens() & ours {
        for to in bishop_attacks(from, occ) & targets {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
    for from in board.rooks_and_queens() & ours {
        for to in rook_attacks(from, occ) & targets {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
    for from in board.by_role(Role::King) & ours {
        for to in king_attacks(from) & targets {
            out.push(Action::Move(Move::new(from, to)));
        }
    }
}

/// Pseudo-legal non-captures where kings are ordinary pieces (no castling;
/// families that castle add it themselves).
pub fn gen_king_ordinary_quiets(
    board: &Board,
    us: Color,
    promotions: &[Role],
    out: &mut Vec<Action>,
) {
    let ours = board.by_color(us);
    let occ = board.occupied();
    let empty = !occ;
    let last = promotion_rank(us);
    let dir = us.fold(1i8, -1);
    let start = pawn_start_rank(us);
    for from in board.by_role(Role::Pawn) & ours {
        if let Some(one) = from.offset(0, dir) {
            if empty.contains(one) {
                push_pawn_move(from, one, last, promotions, out);
                if from.rank() == start {
                    if let Some(two) = one.offset(0, dir) {
                        if empty.contains(two) {
                            out.push(Action::Move(Move::with_kind(
                                from,
                                two,
                                MoveKind::DoublePush,
                            )));
                        }
                    }
                }
            }
        }
    }
    push_piece_moves(board, us, occ, empty, out);
}
/// What [`apply_move`] did, for the family's bookkeeping (clocks, rights,
/// scores, lost pieces, flips).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// Role of the piece that moved, before any promotion.
    pub moved: Role,
    /// The piece removed by the move and where it stood.
    pub captured: Option<(super::types::Piece, Square)>,
    /// Where the moving piece now stands.
    pub destination: Square,
}

/// Carry out a move on the board with normal chess mechanics: captures on
/// the destination (or beside, en passant, or in place), promotions, and the
/// rook's hop in castling. Owners are not changed; families that recolour do
/// so afterwards.
#[inline]
pub fn apply_move(board: &mut Board, m: Move) -> Applied {
    let mover = board.piece_at(m.from);
    let moved = mover.map_or(Role::Pawn, |p| p.role);
    match m.kind {
        MoveKind::CaptureInPlace => {
            let captured = board.clear(m.to).map(|p| (p, m.to));
            Applied {
                moved,
                captured,
                destination: m.from,
            }
        }
        MoveKind::Castle => {
            board.clear(m.from);
            if let Some(k) = mover {
                board.set(m.to, k);
            }
            let kingside = m.to.file() > m.from.file();
            let rank = m.from.rank();
            let (rf, rt) = if kingside { (7, 5) } else { (0, 3) };
            if let (Some(rf), Some(rt)) =
                (Square::from_coords(rf, rank), Square::from_coords(rt, rank))
            {
                if let Some(rook) = board.clear(rf) {
                    board.set(rt, rook);
                }
            }
            Applied {
                moved,
                captured: None,
                destination: m.to,
            }
        }
        MoveKind::EnPassant => {
            board.clear(m.from);
            let victim_sq = Square::from_coords(m.to.file(), m.from.rank());
            let captured = victim_sq.and_then(|v| board.clear(v).map(|p| (p, v)));
            if let Some(p) = mover {
                board.set(m.to, p);
            }
            Applied {
                moved,
                captured,
                destination: m.to,
            }
        }
        MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion(_) => {
            board.clear(m.from);
            let captured = board.clear(m.to).map(|p| (p, m.to));
            if let Some(mut p) = mover {
                if let MoveKind::Promotion(r) = m.kind {
                    p.role = r;
                }
                board.set(m.to, p);
            }
            Applied {
                moved,
                captured,
                destination: m.to,
            }
        }
    }
}

/// The en-passant square to record after a double push, or `None` when no
/// enemy pawn stands ready to take (keeps hashes and FENs canonical).
#[inline]
pub fn ep_square_after(board: &Board, m: Move, mover: Color) -> Option<Square> {
    if m.kind != MoveKind::DoublePush {
        return None;
    }
    let ep = Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2)?;
    let enemy_pawns = board.by_role(Role::Pawn) & board.by_color(mover.other());
    (pawn_attacks(mover, ep) & enemy_pawns).any().then_some(ep)
}
