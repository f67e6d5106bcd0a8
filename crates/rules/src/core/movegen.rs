//! Move mechanics shared by the rule families: pawn ranks and promotions,
//! castling geometry and rights, making a move on the board, chess's check
//! test, and pseudo-legal moves where the king is an ordinary piece
//! (antichess, Chicken). Legal generation for families with a royal king is
//! [`super::legal`].

use super::action::{Action, Move, MoveKind};
use super::attacks::{
    bishop_attacks, bishop_reach, king_attacks, knight_attacks, leaper_table, pawn_attacks,
    rook_attacks, rook_reach, KING_OFFSETS, PAWN_CAPTURE_OFFSETS,
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
#[derive(Clone, Copy, Debug)]
pub struct CastleGeometry {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    pub must_be_empty: Bitboard,
    pub king_path: Bitboard,
    /// Where an enemy piece must stand to attack the king's path with
    /// chess's powers, by the kind of attack: along a rook's lines, a
    /// bishop's, a king's step or a pawn's capture (the path's pawn guards
    /// face the castling side's own direction).
    pub path_guards: PathGuards,
}

/// Where an enemy piece must stand to attack a castling king's path (see
/// [`CastleGeometry::path_guards`]): known per castling, so judging the
/// path needs no attack lookup for most pieces.
#[derive(Clone, Copy, Debug)]
pub struct PathGuards {
    /// Squares on a rook's lines through the path.
    pub rook_lines: Bitboard,
    /// Squares on a bishop's lines through the path.
    pub bishop_lines: Bitboard,
    /// Squares a king's step away from the path.
    pub king: Bitboard,
    /// Squares from which an enemy pawn captures onto the path.
    pub pawn: Bitboard,
}

/// Every castling's squares, by colour and side (queenside first), built
/// once at compile time: generation asks for them at every node.
pub const CASTLES: [[CastleGeometry; 2]; 2] = [
    [build_castle(0, false), build_castle(0, true)],
    [build_castle(7, false), build_castle(7, true)],
];
static CASTLE_GEOMETRY: [[CastleGeometry; 2]; 2] = CASTLES;

const fn build_castle(rank: u8, kingside: bool) -> CastleGeometry {
    const fn at(file: u8, rank: u8) -> Square {
        Square::new_unchecked(rank * 8 + file)
    }
    const fn set(files: &[u8], rank: u8) -> Bitboard {
        let mut bits = 0;
        let mut i = 0;
        while i < files.len() {
            bits |= Bitboard::from_square(at(files[i], rank)).0;
            i += 1;
        }
        Bitboard(bits)
    }
    let path: &[u8] = if kingside { &[5, 6] } else { &[3, 2] };
    let path_guards = path_guards(set(path, rank), rank == 0);
    if kingside {
        CastleGeometry {
            king_from: at(4, rank),
            king_to: at(6, rank),
            rook_from: at(7, rank),
            rook_to: at(5, rank),
            must_be_empty: set(&[5, 6], rank),
            king_path: set(path, rank),
            path_guards,
        }
    } else {
        CastleGeometry {
            king_from: at(4, rank),
            king_to: at(2, rank),
            rook_from: at(0, rank),
            rook_to: at(3, rank),
            must_be_empty: set(&[1, 2, 3], rank),
            king_path: set(path, rank),
            path_guards,
        }
    }
}

/// The [`PathGuards`] of `path`, castled by White when `white`: what
/// reaches its squares, gathered square by square from the attack tables'
/// own builders.
const fn path_guards(path: Bitboard, white: bool) -> PathGuards {
    let king = leaper_table(&KING_OFFSETS);
    // An enemy pawn attacks a square from where our pawn on it would.
    let pawn = leaper_table(&PAWN_CAPTURE_OFFSETS[if white { 0 } else { 1 }]);
    let mut g = PathGuards {
        rook_lines: Bitboard::EMPTY,
        bishop_lines: Bitboard::EMPTY,
        king: Bitboard::EMPTY,
        pawn: Bitboard::EMPTY,
    };
    let mut sq = 0;
    while sq < 64 {
        if path.0 & (1 << sq) != 0 {
            let s = Square::new_unchecked(sq);
            g.rook_lines.0 |= rook_reach(s).0;
            g.bishop_lines.0 |= bishop_reach(s).0;
            g.king.0 |= king[sq as usize];
            g.pawn.0 |= pawn[sq as usize];
        }
        sq += 1;
    }
    g
}

/// Geometry of castling for a colour, kingside or queenside.
#[inline]
pub fn castle_geometry(color: Color, kingside: bool) -> CastleGeometry {
    CASTLE_GEOMETRY[color.index()][kingside as usize]
}

/// Castling-rights bit for a colour and side.
#[inline]
pub const fn castle_bit(color: Color, kingside: bool) -> u8 {
    // White's kingside and queenside rights are bits 0 and 1, Black's 2 and 3
    // (see `castle`).
    1 << (2 * color as u8 + !kingside as u8)
}

/// A colour's two castling rights.
#[inline]
pub const fn castle_rights_of(color: Color) -> u8 {
    castle_bit(color, true) | castle_bit(color, false)
}

/// The rights lost when something moves from or to `sq` (king or rook home
/// squares).
#[inline]
pub fn castling_rights_touching(sq: Square) -> u8 {
    RIGHTS_TOUCHING[sq.index()]
}

/// [`castling_rights_touching`] by square, looked up at every move made.
static RIGHTS_TOUCHING: [u8; 64] = {
    let mut table = [0u8; 64];
    table[0] = castle::WHITE_QUEEN;
    table[4] = castle::WHITE_KING | castle::WHITE_QUEEN;
    table[7] = castle::WHITE_KING;
    table[56] = castle::BLACK_QUEEN;
    table[60] = castle::BLACK_KING | castle::BLACK_QUEEN;
    table[63] = castle::BLACK_KING;
    table
};

/// Pawns of `us` that may take en passant on `ep`: the square empty, the
/// enemy pawn that double-stepped past it one rank beyond.
#[inline]
fn en_passant_takers(board: &Board, us: Color, ep: Option<Square>) -> Bitboard {
    let Some(ep) = ep else {
        return Bitboard::EMPTY;
    };
    let their_pawns = board.by_role(Role::Pawn) & board.by_color(us.other());
    let victim = ep.offset(0, us.fold(-1, 1));
    if board.occupied().contains(ep) || !victim.is_some_and(|v| their_pawns.contains(v)) {
        return Bitboard::EMPTY;
    }
    pawn_attacks(us.other(), ep) & board.by_role(Role::Pawn) & board.by_color(us)
}

/// Does `us` have a capture, en passant included, kings being ordinary
/// pieces? (Where captures are compulsory this decides which moves to
/// generate, so it is asked before generating any.) The cheapest attackers
/// are asked first, and the first capture found answers.
#[inline]
pub fn has_king_ordinary_capture(board: &Board, us: Color, ep_square: Option<Square>) -> bool {
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    let pawns = board.by_role(Role::Pawn) & ours;
    let ahead = us.fold(8i8, -8);
    let pawn_hits = (pawns & !Bitboard::file(0)).shift(ahead - 1)
        | (pawns & !Bitboard::file(7)).shift(ahead + 1);
    if (pawn_hits & theirs).any() || en_passant_takers(board, us, ep_square).any() {
        return true;
    }
    let hits = |from: Square, attacks: fn(Square) -> Bitboard| (attacks(from) & theirs).any();
    (board.by_role(Role::Knight) & ours).any_square(|from| hits(from, knight_attacks))
        || (board.by_role(Role::King) & ours).any_square(|from| hits(from, king_attacks))
        || (board.bishops_and_queens() & ours)
            .any_square(|from| (bishop_attacks(from, occ) & theirs).any())
        || (board.rooks_and_queens() & ours)
            .any_square(|from| (rook_attacks(from, occ) & theirs).any())
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
        for from in en_passant_takers(board, us, Some(ep)) {
            out.push(Action::Move(Move::with_kind(from, ep, MoveKind::EnPassant)));
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
        push_moves(from, knight_attacks(from) & targets, out);
    }
    for from in board.bishops_and_queens() & ours {
        push_moves(from, bishop_attacks(from, occ) & targets, out);
    }
    for from in board.rooks_and_queens() & ours {
        push_moves(from, rook_attacks(from, occ) & targets, out);
    }
    for from in board.by_role(Role::King) & ours {
        push_moves(from, king_attacks(from) & targets, out);
    }
}

/// Ordinary moves from `from` to each of `targets`, in square order.
#[inline(always)]
pub fn push_moves(from: Square, targets: Bitboard, out: &mut Vec<Action>) {
    // The lowest square is cleared after the push, right before the test
    // that ends the loop, so the test needs no instruction of its own.
    let mut rest = targets;
    while let Some(to) = rest.first() {
        out.push(Action::Move(Move::new(from, to)));
        rest = Bitboard(rest.0 & (rest.0 - 1));
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
    let ahead = us.fold(8i8, -8);
    // Pawn by pawn, a step then the double step: the pawns that can step,
    // and of them those that can step twice, worked out for all at once.
    let pawns = board.by_role(Role::Pawn) & ours;
    let steps = pawns.shift(ahead) & empty;
    let from_start = steps & Bitboard::rank(pawn_start_rank(us)).shift(ahead);
    let doubles = (from_start.shift(ahead) & empty).shift(-2 * ahead);
    for from in steps.shift(-ahead) {
        let one = Square::new_unchecked((from.index() as i8 + ahead) as u8);
        push_pawn_move(from, one, last, promotions, out);
        if doubles.contains(from) {
            push_double_step(from, ahead, out);
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
#[inline(always)]
pub fn apply_move(board: &mut Board, m: Move) -> Applied {
    // The common move, a piece going from one square to another, is made
    // in one pass; every other kind takes the general path.
    if matches!(m.kind, MoveKind::Normal | MoveKind::DoublePush) {
        if let Some((mover, taken)) = board.relocate(m.from, m.to) {
            return Applied {
                moved: mover.role,
                captured: taken.map(|p| (p, m.to)),
                destination: m.to,
            };
        }
    }
    apply_special_move(board, m)
}

/// [`apply_move`] for castling, en passant, promotions, captures in place
/// (and a move from an empty square, which moves nothing).
#[inline(never)]
fn apply_special_move(board: &mut Board, m: Move) -> Applied {
    if m.kind == MoveKind::CaptureInPlace {
        let moved = board.role_at(m.from).unwrap_or(Role::Pawn);
        let captured = board.clear(m.to).map(|p| (p, m.to));
        return Applied {
            moved,
            captured,
            destination: m.from,
        };
    }
    let mover = board.clear(m.from);
    let moved = mover.map_or(Role::Pawn, |p| p.role);
    let captured = match m.kind {
        MoveKind::Castle => {
            let (rook_from, rook_to) = if m.to.file() > m.from.file() {
                (7, 5)
            } else {
                (0, 3)
            };
            let rank = m.from.rank() as u8 * 8;
            let (rook_from, rook_to) = (
                Square::new_unchecked(rank + rook_from),
                Square::new_unchecked(rank + rook_to),
            );
            if let Some(rook) = board.clear(rook_from) {
                board.set(rook_to, rook);
            }
            None
        }
        MoveKind::EnPassant => {
            let victim = Square::new_unchecked(m.from.rank() as u8 * 8 + m.to.file() as u8);
            board.clear(victim).map(|p| (p, victim))
        }
        _ => board.clear(m.to).map(|p| (p, m.to)),
    };
    if let Some(mut p) = mover {
        match m.kind {
            MoveKind::Promotion(r) => {
                p.role = r;
                board.put(m.to, p);
            }
            // Castling and en passant land on a square they did not clear.
            MoveKind::Castle | MoveKind::EnPassant => board.set(m.to, p),
            _ => board.put(m.to, p),
        }
    }
    Applied {
        moved,
        captured,
        destination: m.to,
    }
}

/// The en-passant square to record after a double push, or `None` when none
/// of `takers` (the enemy pawns allowed to take en passant) stands ready to
/// take (keeps hashes and FENs canonical).
#[inline]
pub fn ep_square_after(m: Move, mover: Color, takers: Bitboard) -> Option<Square> {
    if m.kind != MoveKind::DoublePush {
        return None;
    }
    let ep = Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2)?;
    (pawn_attacks(mover, ep) & takers).any().then_some(ep)
}

/// A pawn's double step from `from` (`ahead` is one rank forward as a
/// square-index offset); the caller knows both squares are empty.
#[inline]
pub fn push_double_step(from: Square, ahead: i8, out: &mut Vec<Action>) {
    let two = Square::new_unchecked((from.index() as i8 + 2 * ahead) as u8);
    out.push(Action::Move(Move::with_kind(
        from,
        two,
        MoveKind::DoublePush,
    )));
}

/// Castlings judged by the position alone (no rights kept, no check
/// asked): `us`'s king on its home square, a rook in the corner and the
/// squares between empty. Antichess and Monochrome castle this way.
#[inline]
pub fn push_positional_castlings(
    us: Color,
    kings: Bitboard,
    rooks: Bitboard,
    occupied: Bitboard,
    out: &mut Vec<Action>,
) {
    // Both castlings start from the king's home square.
    if !kings.contains(castle_geometry(us, true).king_from) {
        return;
    }
    for kingside in [true, false] {
        let g = castle_geometry(us, kingside);
        if rooks.contains(g.rook_from) && (occupied & g.must_be_empty).is_empty() {
            out.push(Action::Move(Move::with_kind(
                g.king_from,
                g.king_to,
                MoveKind::Castle,
            )));
        }
    }
}
