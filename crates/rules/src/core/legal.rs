//! One legal-move generator for the FIDE-like families: one king that must
//! never be left attacked, and castling, en passant and promotion as in
//! chess. Families differ only in their pieces' powers, given by a
//! [`Powers`] type; the generator is generic over it, so every family gets
//! its own monomorphised copy and standard chess pays nothing for the
//! generality.
//!
//! Legality is judged in one of two ways, chosen by the powers:
//! - by *pins* ([`FidePowers`]): every attack is a chess slider's ray or an
//!   unblockable leap, so a check is met by a capture or a block on the ray,
//!   and a pinned piece stays on its line;
//! - by *playing out*: a move of a piece on a square whose emptying could
//!   open an attack (or any move, in check) is tested by asking who would
//!   attack the king afterwards. Any powers are right this way.

use super::action::{Action, Move, MoveKind};
use super::attacks::{
    between, bishop_attacks, bishop_reach, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks, rook_reach,
};
use super::bitboard::Bitboard;
use super::board::Board;
use super::fen::castle;
use super::movegen::{
    castle_bit, castle_rights_of, pawn_start_rank, promotion_rank, push_pawn_move, CastleGeometry,
    CASTLES,
};
use super::types::{Color, Role, Square};

/// Which of a side's pawns may make each kind of pawn move (a family may
/// grant a power to some pawns only, e.g. by the square they stand on).
#[derive(Clone, Copy, Debug)]
pub struct PawnPowers {
    /// One step straight forward onto an empty square.
    pub step: Bitboard,
    /// Two steps forward from the start rank across empty squares.
    pub double_step: Bitboard,
    /// Capture diagonally forward.
    pub diagonal_capture: Bitboard,
    /// One step diagonally forward onto an empty square.
    pub diagonal_step: Bitboard,
    /// Capture straight ahead.
    pub forward_capture: Bitboard,
    /// Capture en passant.
    pub en_passant: Bitboard,
}

impl PawnPowers {
    /// Chess's pawn moves for all of `pawns`.
    #[inline]
    pub fn fide(pawns: Bitboard) -> PawnPowers {
        PawnPowers {
            step: pawns,
            double_step: pawns,
            diagonal_capture: pawns,
            diagonal_step: Bitboard::EMPTY,
            forward_capture: Bitboard::EMPTY,
            en_passant: pawns,
        }
    }
}

/// How non-king moves are judged at one node.
#[derive(Clone, Copy, Debug)]
pub struct Guard {
    /// Squares a non-king move must land on (a single check's capture or
    /// block squares; every square when not in check).
    pub target: Bitboard,
    /// Squares whose emptying may expose the king: moves from them go
    /// through [`Powers::pinned_move_ok`], and a capture in place on them
    /// is played out.
    pub pinned: Bitboard,
}

/// The piece powers of a FIDE-like family: everything the generator needs
/// to know about how its pieces move and attack.
pub trait Powers: Sized {
    /// Monochromatic's rule: no move may change the colour of the mover's
    /// square. The powers' [`Powers::targets`] keep to it themselves (they
    /// know which of their moves need the check); the generator derives
    /// which pawn moves and castlings it leaves.
    const KEEPS_SQUARE_COLOUR: bool = false;

    /// Pawn moves come pawn by pawn, in chess's customary order (the
    /// default: seeded random players and saved test games of chess and
    /// Dice-Money rely on it), or, when false, kind by kind: every step,
    /// then every double step, diagonal move toward the a-file, toward the
    /// h-file, en passant. The second order costs less where pawns have few
    /// moves each.
    const PAWN_BY_PAWN: bool = true;

    /// Pieces of `enemy` attacking `sq`.
    fn attackers_to(&self, board: &Board, sq: Square, enemy: Enemy) -> Bitboard;

    /// Squares a piece (not a pawn) of `color` on `from` moves to or
    /// captures on, own pieces not yet removed.
    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard;

    /// The queen's targets along diagonals (`diagonal`) or the others
    /// (chess's move order lists them apart). The default splits
    /// [`Powers::targets`]; powers that build the queen from a rook and a
    /// bishop give each part directly.
    #[inline]
    fn queen_targets(&self, color: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        let targets = self.targets(Role::Queen, color, from, occ);
        let diagonals = bishop_attacks(from, Bitboard::EMPTY);
        if diagonal {
            targets & diagonals
        } else {
            targets & !diagonals
        }
    }

    /// Adjacent squares where the piece on `from` may capture without
    /// moving (Contrast's strong queen); none by default.
    #[inline]
    fn in_place_targets(&self, _role: Role, _color: Color, _from: Square) -> Bitboard {
        Bitboard::EMPTY
    }

    /// What each of `us`'s `pawns` may do.
    fn pawn_powers(&self, us: Color, pawns: Bitboard) -> PawnPowers;

    /// Squares whose emptying could open an attack on the king of a node
    /// not in check. The default, every square, is always right; naming
    /// fewer only saves work.
    #[inline]
    fn sensitive_squares(&self, _node: &Node<'_, Self>) -> Bitboard {
        Bitboard::FULL
    }

    /// How non-king moves are judged here; `None` when only king moves can
    /// be legal. The default plays moves out ([`play_out_guard`]).
    #[inline]
    fn guard(&self, node: &Node<'_, Self>) -> Option<Guard> {
        Some(play_out_guard(node))
    }

    /// May a piece on a pinned square `from` go to `to`? The default plays
    /// the move out.
    #[inline]
    fn pinned_move_ok(&self, node: &Node<'_, Self>, from: Square, to: Square) -> bool {
        node.safe_after(from, to)
    }

    /// Is no square of castling `g`'s king path attacked (king and rook at
    /// home, the squares between them empty)? The default asks square by
    /// square.
    #[inline]
    fn castling_path_safe(&self, node: &Node<'_, Self>, g: &CastleGeometry) -> bool {
        path_safe(node, g.king_path)
    }
}

/// The attacking side as an attack test sees it: its colour and pieces, and
/// the occupied squares of the whole board. Pieces and occupancy may be as
/// after a move not yet made, so legality is judged without making moves.
#[derive(Clone, Copy, Debug)]
pub struct Enemy {
    /// The attacking colour.
    pub color: Color,
    /// Its pieces (a captured one left out).
    pub pieces: Bitboard,
    /// Every occupied square.
    pub occupied: Bitboard,
}

/// The chess state the generator reads besides the powers.
#[derive(Clone, Copy, Debug)]
pub struct FideState<'a> {
    /// Piece placement.
    pub board: &'a Board,
    /// The side to move.
    pub turn: Color,
    /// Castling-rights bits (see [`super::fen::castle`]).
    pub castling: u8,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Roles a pawn may promote into; empty means a pawn may not reach the
    /// last rank at all (Dice-Money with no lost piece).
    pub promotions: &'a [Role],
}

/// One node of generation: the side to move, its king and the sets every
/// step reads.
pub struct Node<'a, P> {
    /// The family's powers.
    pub powers: &'a P,
    /// Piece placement.
    pub board: &'a Board,
    /// The side to move.
    pub us: Color,
    /// The other side.
    pub them: Color,
    /// Our king's square.
    pub king: Square,
    /// Our pieces.
    pub ours: Bitboard,
    /// Their pieces.
    pub theirs: Bitboard,
    /// Every piece.
    pub occupied: Bitboard,
    /// Enemy pieces attacking the king now.
    pub checkers: Bitboard,
}

impl<'a, P: Powers> Node<'a, P> {
    #[inline]
    fn new(powers: &'a P, board: &'a Board, us: Color, king: Square) -> Node<'a, P> {
        let them = us.other();
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        Node {
            powers,
            board,
            us,
            them,
            king,
            ours: board.by_color(us),
            theirs,
            occupied,
            checkers: powers.attackers_to(
                board,
                king,
                Enemy {
                    color: them,
                    pieces: theirs,
                    occupied,
                },
            ),
        }
    }

    /// Would a king on `sq` be unattacked with these occupied squares and
    /// these enemy pieces?
    #[inline]
    pub fn safe(&self, sq: Square, occupied: Bitboard, theirs: Bitboard) -> bool {
        self.powers
            .attackers_to(
                self.board,
                sq,
                Enemy {
                    color: self.them,
                    pieces: theirs,
                    occupied,
                },
            )
            .is_empty()
    }

    /// Is our king safe after a non-king piece goes from `from` to `to`,
    /// capturing what stands there?
    #[inline]
    pub fn safe_after(&self, from: Square, to: Square) -> bool {
        self.safe(
            self.king,
            self.occupied.without(from).with(to),
            self.theirs.without(to),
        )
    }
}

/// Enemy chess sliders (rooks, bishops, queens) on the king's lines,
/// blockers ignored.
#[inline]
pub fn slider_snipers(board: &Board, king: Square, theirs: Bitboard) -> Bitboard {
    ((rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & theirs
}

/// The squares between the king and each of `snipers` (the squares whose
/// emptying opens their lines).
#[inline]
pub fn lines_to(king: Square, snipers: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in snipers {
        out |= between(king, s);
    }
    out
}

/// Chess's piece powers. `KING_SLIDES` adds Dice-Money's bought power: the
/// king also moves like a queen (attacks stay chess's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FidePowers<const KING_SLIDES: bool>;

impl<const KING_SLIDES: bool> Powers for FidePowers<KING_SLIDES> {
    #[inline]
    fn attackers_to(&self, board: &Board, sq: Square, enemy: Enemy) -> Bitboard {
        board.attackers_to(sq, enemy.color, enemy.occupied) & enemy.pieces
    }

    #[inline]
    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        match role {
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::King if KING_SLIDES => king_attacks(from) | queen_attacks(from, occupied),
            Role::King => king_attacks(from),
            Role::Pawn => pawn_attacks(color, from),
            _ => Bitboard::EMPTY,
        }
    }

    #[inline]
    fn queen_targets(&self, _: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        if diagonal {
            bishop_attacks(from, occ)
        } else {
            rook_attacks(from, occ)
        }
    }

    #[inline]
    fn pawn_powers(&self, _us: Color, pawns: Bitboard) -> PawnPowers {
        PawnPowers::fide(pawns)
    }

    #[inline]
    fn guard(&self, node: &Node<'_, Self>) -> Option<Guard> {
        pin_guard(node)
    }

    #[inline]
    fn pinned_move_ok(&self, node: &Node<'_, Self>, from: Square, to: Square) -> bool {
        stays_on_pin_line(node, from, to)
    }

    #[inline]
    fn castling_path_safe(&self, node: &Node<'_, Self>, g: &CastleGeometry) -> bool {
        chess_castling_path_safe(node, g, knight_attacks)
    }
}

/// [`Powers::castling_path_safe`] for powers with chess's king, pawns,
/// rooks, bishops and queens, whose knight-slot pieces attack a square `s`
/// from `knight_slot(s)` (pieces of either colour). Kings and pawns attack
/// the path only from its guard squares, known in advance; an enemy slider
/// only from one of its lines with nothing between, and few stand there:
/// each is tested apart, with no slider lookup.
#[inline(always)]
pub fn chess_castling_path_safe<P: Powers>(
    node: &Node<'_, P>,
    g: &CastleGeometry,
    knight_slot: impl Fn(Square) -> Bitboard,
) -> bool {
    let (b, theirs, guards) = (node.board, node.theirs, &g.path_guards);
    let near = (b.by_role(Role::King) & guards.king) | (b.by_role(Role::Pawn) & guards.pawn);
    if (near & theirs).any() {
        return false;
    }
    let knights = b.by_role(Role::Knight) & theirs;
    let rooks = b.rooks_and_queens() & theirs & guards.rook_lines;
    let bishops = b.bishops_and_queens() & theirs & guards.bishop_lines;
    let mut path = g.king_path;
    path.all(|s| {
        let mut snipers = (rook_reach(s) & rooks) | (bishop_reach(s) & bishops);
        (knight_slot(s) & knights).is_empty()
            && snipers.all(|p| (between(s, p) & node.occupied).any())
    })
}

/// Judging by playing out: every move from a sensitive square, and every
/// move at all in check, is tested. Right for any powers.
#[inline]
pub fn play_out_guard<P: Powers>(node: &Node<'_, P>) -> Guard {
    let pinned = if node.checkers.any() {
        Bitboard::FULL
    } else {
        node.powers.sensitive_squares(node)
    };
    Guard {
        target: Bitboard::FULL,
        pinned,
    }
}

/// Judging by pins, right when every attack is a chess slider's ray (rook,
/// bishop, queen) or cannot be blocked: in double check only the king
/// moves; a single check is met by taking the checker or, against a slider,
/// blocking its ray; a lone blocker on a slider's line to the king is
/// pinned (pair with [`stays_on_pin_line`]).
#[inline]
pub fn pin_guard<P: Powers>(node: &Node<'_, P>) -> Option<Guard> {
    if node.checkers.more_than_one() {
        return None;
    }
    let b = node.board;
    let target = match node.checkers.first() {
        Some(c) if (b.rooks_and_queens() | b.bishops_and_queens()).contains(c) => {
            between(node.king, c).with(c)
        }
        Some(c) => Bitboard::from_square(c),
        None => Bitboard::FULL,
    };
    let mut pinned = Bitboard::EMPTY;
    for s in slider_snipers(b, node.king, node.theirs) {
        let blockers = between(node.king, s) & node.occupied;
        if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    Some(Guard { target, pinned })
}

/// A pinned piece's move under [`pin_guard`]: it must stay on the line
/// through its king.
#[inline]
pub fn stays_on_pin_line<P>(node: &Node<'_, P>, from: Square, to: Square) -> bool {
    line(node.king, from).contains(to)
}

/// Powers that attack nothing: generating with them lists the moves that
/// ignore check (for explanations).
struct IgnoringCheck<'a, P>(&'a P);

impl<P: Powers> Powers for IgnoringCheck<'_, P> {
    const KEEPS_SQUARE_COLOUR: bool = P::KEEPS_SQUARE_COLOUR;
    const PAWN_BY_PAWN: bool = P::PAWN_BY_PAWN;

    fn attackers_to(&self, _: &Board, _: Square, _: Enemy) -> Bitboard {
        Bitboard::EMPTY
    }

    fn targets(&self, role: Role, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        self.0.targets(role, color, from, occupied)
    }

    fn queen_targets(&self, color: Color, from: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
        self.0.queen_targets(color, from, occ, diagonal)
    }

    fn in_place_targets(&self, role: Role, color: Color, from: Square) -> Bitboard {
        self.0.in_place_targets(role, color, from)
    }

    fn pawn_powers(&self, us: Color, pawns: Bitboard) -> PawnPowers {
        self.0.pawn_powers(us, pawns)
    }

    fn sensitive_squares(&self, _: &Node<'_, Self>) -> Bitboard {
        Bitboard::EMPTY
    }
}

/// Is `color`'s king attacked under these powers? False without a king.
#[inline]
pub fn king_attacked<P: Powers>(powers: &P, board: &Board, color: Color) -> bool {
    let Some(king) = board.king_of(color) else {
        return false;
    };
    let by = color.other();
    let enemy = Enemy {
        color: by,
        pieces: board.by_color(by),
        occupied: board.occupied(),
    };
    powers.attackers_to(board, king, enemy).any()
}

/// Every legal move of the side to move (nothing without its king).
#[inline]
pub fn gen_legal<P: Powers>(powers: &P, state: &FideState<'_>, out: &mut Vec<Action>) {
    let Some(king) = state.board.king_of(state.turn) else {
        return;
    };
    let node = Node::new(powers, state.board, state.turn, king);
    push_king_moves(&node, out);
    let Some(guard) = powers.guard(&node) else {
        return;
    };
    push_piece_moves(&node, &guard, out);
    push_pawn_moves(&node, &guard, state, out);
    // Rights a family's colour rule forbids to use are dropped up front.
    let usable = if P::KEEPS_SQUARE_COLOUR {
        COLOUR_KEEPING_CASTLINGS
    } else {
        castle::ALL
    };
    let rights = state.castling & castle_rights_of(state.turn) & usable;
    if rights != 0 && node.checkers.is_empty() {
        push_castlings(&node, rights, out);
    }
}

/// Castling for each of `rights` (the mover's, kingside first), when not
/// in check.
#[inline(always)]
fn push_castlings<P: Powers>(node: &Node<'_, P>, rights: u8, out: &mut Vec<Action>) {
    for kingside in [true, false] {
        if rights & castle_bit(node.us, kingside) != 0 {
            push_castling(node, kingside, out);
        }
    }
}

/// One castling, if its king and rook are at home, the squares between
/// them empty and no square the king crosses or lands on attacked.
#[inline(always)]
fn push_castling<P: Powers>(node: &Node<'_, P>, kingside: bool, out: &mut Vec<Action>) {
    let g = &CASTLES[node.us.index()][kingside as usize];
    let rooks = node.board.by_role(Role::Rook) & node.ours;
    if node.king == g.king_from
        && rooks.contains(g.rook_from)
        && (node.occupied & g.must_be_empty).is_empty()
        && node.powers.castling_path_safe(node, g)
    {
        let m = Move::with_kind(g.king_from, g.king_to, MoveKind::Castle);
        out.push(Action::Move(m));
    }
}

/// Is no square of a castling king's path attacked? Kept out of line: the
/// cheap tests before it usually decide, and the generator stays small.
#[inline(never)]
fn path_safe<P: Powers>(node: &Node<'_, P>, mut path: Bitboard) -> bool {
    path.all(|s| node.safe(s, node.occupied, node.theirs))
}

/// Every move of the side to move by its powers, leaving its king attacked
/// or not (for explaining why a move is illegal).
pub fn gen_ignoring_check<P: Powers>(powers: &P, state: &FideState<'_>, out: &mut Vec<Action>) {
    gen_legal(&IgnoringCheck(powers), state, out);
}

/// Does a move from `from` to `to` keep the square colour?
#[inline]
const fn keeps_colour(from: Square, to: Square) -> bool {
    same_colour(from).contains(to)
}

/// Squares of the colour of `sq`.
#[inline]
pub const fn same_colour(sq: Square) -> Bitboard {
    // LIGHT, flipped to DARK (its complement) when `sq` is dark.
    let dark = (Bitboard::DARK.0 >> sq.index_const()) & 1;
    Bitboard(Bitboard::LIGHT.0 ^ dark.wrapping_neg())
}

/// The castling rights whose castling keeps king and rook on their square
/// colours (kingside only, on the usual board).
const COLOUR_KEEPING_CASTLINGS: u8 = {
    let mut rights = 0;
    let mut i = 0;
    while i < 4 {
        let (color, kingside) = (if i < 2 { Color::White } else { Color::Black }, i % 2 == 1);
        if castling_keeps_colour(&CASTLES[i / 2][kingside as usize]) {
            rights |= castle_bit(color, kingside);
        }
        i += 1;
    }
    rights
};

#[inline(always)]
fn push_king_moves<P: Powers>(node: &Node<'_, P>, out: &mut Vec<Action>) {
    let king = node.king;
    let targets = node
        .powers
        .targets(Role::King, node.us, king, node.occupied)
        & !node.ours;
    // Judged with the king lifted, so it cannot hide behind itself.
    let occupied = node.occupied.without(king);
    for to in targets {
        if node.safe(to, occupied, node.theirs) {
            out.push(Action::Move(Move::new(king, to)));
        }
    }
}

/// Piece moves in chess's customary order (the order players' seeded
/// random choices and saved test games rely on): knights; bishops with the
/// queens' diagonal moves, by square; rooks; the queens' other moves.
#[inline(always)]
fn push_piece_moves<P: Powers>(node: &Node<'_, P>, guard: &Guard, out: &mut Vec<Action>) {
    let (board, us, occupied) = (node.board, node.us, node.occupied);
    let queens = board.by_role(Role::Queen) & node.ours;
    let pushing = Guarded { node, guard };
    for from in board.by_role(Role::Knight) & node.ours {
        let targets = node.powers.targets(Role::Knight, us, from, occupied);
        pushing.push_piece(Role::Knight, from, targets, out);
    }
    for from in (board.by_role(Role::Bishop) & node.ours) | queens {
        if queens.contains(from) {
            let targets = node.powers.queen_targets(us, from, occupied, true);
            pushing.push_moves(from, targets, out);
        } else {
            let targets = node.powers.targets(Role::Bishop, us, from, occupied);
            pushing.push_piece(Role::Bishop, from, targets, out);
        }
    }
    for from in board.by_role(Role::Rook) & node.ours {
        let targets = node.powers.targets(Role::Rook, us, from, occupied);
        pushing.push_piece(Role::Rook, from, targets, out);
    }
    for from in queens {
        let targets = node.powers.queen_targets(us, from, occupied, false);
        pushing.push_piece(Role::Queen, from, targets, out);
    }
}

/// A node and its guard: all that pushing a piece's moves reads.
struct Guarded<'a, 'n, P> {
    node: &'a Node<'n, P>,
    guard: &'a Guard,
}

impl<P: Powers> Guarded<'_, '_, P> {
    /// The moves of the `role` on `from` to `targets`, then its captures in
    /// place.
    #[inline(always)]
    fn push_piece(&self, role: Role, from: Square, targets: Bitboard, out: &mut Vec<Action>) {
        let (node, guard) = (self.node, self.guard);
        self.push_moves(from, targets, out);
        let in_place = node.powers.in_place_targets(role, node.us, from) & node.theirs;
        for to in in_place & guard.target {
            // The piece stays; only the emptied square can open a line.
            let occupied = node.occupied.without(to);
            if !guard.pinned.contains(to) || node.safe(node.king, occupied, node.theirs.without(to))
            {
                let m = Move::with_kind(from, to, MoveKind::CaptureInPlace);
                out.push(Action::Move(m));
            }
        }
    }

    /// Ordinary moves of the piece on `from` to those of `targets` the
    /// guard allows.
    #[inline(always)]
    fn push_moves(&self, from: Square, targets: Bitboard, out: &mut Vec<Action>) {
        let (node, guard) = (self.node, self.guard);
        let targets = targets & !node.ours & guard.target;
        if guard.pinned.contains(from) {
            for to in targets {
                if node.powers.pinned_move_ok(node, from, to) {
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

/// Pawn moves pawn by pawn, each in the order step, double step, capture
/// ahead, diagonal moves toward the a-file then the h-file, en passant (or
/// kind by kind, where the powers ask: [`Powers::PAWN_BY_PAWN`]). Where
/// each pawn may go is worked out for all pawns at once (sets of
/// destinations); the per-pawn order only reads them.
#[inline(always)]
fn push_pawn_moves<P: Powers>(
    node: &Node<'_, P>,
    guard: &Guard,
    state: &FideState<'_>,
    out: &mut Vec<Action>,
) {
    let pawns = node.board.by_role(Role::Pawn) & node.ours;
    if pawns.is_empty() {
        return;
    }
    let us = node.us;
    let powers = node.powers.pawn_powers(us, pawns);
    let ahead = us.fold(8i8, -8);
    let empty = !node.occupied;
    let ep_set = state
        .ep_square
        .map_or(Bitboard::EMPTY, Bitboard::from_square);
    let ep = state.ep_square.filter(|&ep| en_passant_open(node, ep));
    let target = guard.target;
    // A step straight forward always changes the square colour.
    let (step, forward_capture) = if P::KEEPS_SQUARE_COLOUR {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    } else {
        (
            powers.step.shift(ahead) & empty,
            powers.forward_capture.shift(ahead) & node.theirs,
        )
    };
    let start = powers.double_step & Bitboard::rank(pawn_start_rank(us));
    let double = (start.shift(ahead) & empty).shift(ahead) & empty & target;
    // Diagonals: toward the a-file, then toward the h-file.
    let diagonal = |edge: i8, delta: i8| {
        let movers = |set: Bitboard| (set & !Bitboard::file(edge)).shift(delta);
        ((movers(powers.diagonal_capture) & node.theirs)
            | (movers(powers.diagonal_step) & empty & !ep_set))
            & target
    };
    let (toward_a, toward_h) = (diagonal(0, ahead - 1), diagonal(7, ahead + 1));
    let takers = ep.map_or(Bitboard::EMPTY, |ep| pawn_attacks(node.them, ep)) & powers.en_passant;
    let moves = PawnMoves {
        node,
        ahead,
        to: PawnKinds {
            step: (step | forward_capture) & target,
            double,
            toward_a,
            toward_h,
        },
        en_passant: ep.filter(|_| takers.any()),
        takers,
        promotions: state.promotions,
        last_rank: promotion_rank(us),
    };
    if P::PAWN_BY_PAWN {
        moves.push_by_pawn(guard.pinned, out);
    } else if (pawns & guard.pinned).is_empty() {
        moves.push_by_kind::<false>(guard.pinned, out);
    } else {
        moves.push_by_kind::<true>(guard.pinned, out);
    }
}

/// A set of squares for each kind of pawn move but en passant: where
/// pawns go by it, or which pawns make it.
#[derive(Clone, Copy)]
struct PawnKinds {
    /// A step straight forward (or a capture straight ahead).
    step: Bitboard,
    double: Bitboard,
    toward_a: Bitboard,
    toward_h: Bitboard,
}

impl PawnKinds {
    /// The pawns making the moves to these destinations: each destination
    /// has one origin, a constant offset behind it.
    #[inline(always)]
    fn movers(self, ahead: i8) -> PawnKinds {
        PawnKinds {
            step: self.step.shift(-ahead),
            double: self.double.shift(-2 * ahead),
            toward_a: self.toward_a.shift(1 - ahead),
            toward_h: self.toward_h.shift(-1 - ahead),
        }
    }
}

/// One node's pawn moves, for pushing pawn by pawn or kind by kind.
struct PawnMoves<'a, 'n, P> {
    node: &'a Node<'n, P>,
    /// One rank forward, in squares.
    ahead: i8,
    /// Where each kind of move goes.
    to: PawnKinds,
    /// The en-passant square, when some pawn may take there.
    en_passant: Option<Square>,
    /// The pawns that may take en passant.
    takers: Bitboard,
    promotions: &'a [Role],
    last_rank: i8,
}

impl<P: Powers> PawnMoves<'_, '_, P> {
    /// Every step, then every double step, diagonal move toward the
    /// a-file, toward the h-file, en passant; `PINNED` false when no pawn
    /// is pinned.
    #[inline(always)]
    fn push_by_kind<const PINNED: bool>(&self, pinned: Bitboard, out: &mut Vec<Action>) {
        let node = self.node;
        let ok = |from: Square, to: Square| {
            !PINNED || !pinned.contains(from) || node.powers.pinned_move_ok(node, from, to)
        };
        let (ahead, to) = (self.ahead, self.to);
        let back = |to: Square, delta: i8| Square::new_unchecked((to.index() as i8 - delta) as u8);
        for to in to.step {
            let from = back(to, ahead);
            if ok(from, to) {
                push_pawn_move(from, to, self.last_rank, self.promotions, out);
            }
        }
        for to in to.double {
            let from = back(to, 2 * ahead);
            if ok(from, to) {
                let m = Move::with_kind(from, to, MoveKind::DoublePush);
                out.push(Action::Move(m));
            }
        }
        for (set, delta) in [(to.toward_a, ahead - 1), (to.toward_h, ahead + 1)] {
            for to in set {
                let from = back(to, delta);
                if ok(from, to) {
                    push_pawn_move(from, to, self.last_rank, self.promotions, out);
                }
            }
        }
        if let Some(ep) = self.en_passant {
            for from in self.takers {
                push_en_passant(node, from, ep, out);
            }
        }
    }

    /// Pawn by pawn, in chess's customary order.
    #[inline(always)]
    fn push_by_pawn(&self, pinned: Bitboard, out: &mut Vec<Action>) {
        let movers = self.to.movers(self.ahead);
        let active = movers.step | movers.double | movers.toward_a | movers.toward_h | self.takers;
        // Most nodes have no pinned pawn and no en passant: that case skips
        // every pin and en-passant test.
        if (active & pinned).is_empty() && self.takers.is_empty() {
            for from in active {
                self.push::<false, false>(movers, from, out);
            }
        } else {
            for from in active {
                if pinned.contains(from) {
                    self.push::<true, true>(movers, from, out);
                } else {
                    self.push::<false, true>(movers, from, out);
                }
            }
        }
    }

    /// The moves of the pawn on `from` (one of `movers`); `EN_PASSANT`
    /// false when no pawn may take en passant.
    #[inline(always)]
    fn push<const PINNED: bool, const EN_PASSANT: bool>(
        &self,
        movers: PawnKinds,
        from: Square,
        out: &mut Vec<Action>,
    ) {
        let ok = |to: Square| !PINNED || self.node.powers.pinned_move_ok(self.node, from, to);
        let at = |delta: i8| Square::new_unchecked((from.index() as i8 + delta) as u8);
        if movers.step.contains(from) {
            let to = at(self.ahead);
            if ok(to) {
                push_pawn_move(from, to, self.last_rank, self.promotions, out);
            }
        }
        if movers.double.contains(from) {
            let to = at(2 * self.ahead);
            if ok(to) {
                let m = Move::with_kind(from, to, MoveKind::DoublePush);
                out.push(Action::Move(m));
            }
        }
        for (set, delta) in [
            (movers.toward_a, self.ahead - 1),
            (movers.toward_h, self.ahead + 1),
        ] {
            if set.contains(from) {
                let to = at(delta);
                if ok(to) {
                    push_pawn_move(from, to, self.last_rank, self.promotions, out);
                }
            }
        }
        if EN_PASSANT && self.takers.contains(from) {
            if let Some(ep) = self.en_passant {
                push_en_passant(self.node, from, ep, out);
            }
        }
    }
}

/// Is there a pawn to take on `ep`: the square empty, the enemy pawn that
/// double-stepped past it one rank beyond?
#[inline]
fn en_passant_open<P>(node: &Node<'_, P>, ep: Square) -> bool {
    let their_pawns = node.theirs & node.board.by_role(Role::Pawn);
    !node.occupied.contains(ep) && their_pawns.contains(ep_victim(node.us, ep))
}

/// Where the pawn taken en passant on `ep` by `us` stands: one rank beyond.
#[inline]
fn ep_victim(us: Color, ep: Square) -> Square {
    Square::new_unchecked((ep.index() as i8 - us.fold(8, -8)) as u8)
}

/// En passant from `from`, tried by playing it out (it empties two
/// squares).
#[inline]
fn push_en_passant<P: Powers>(node: &Node<'_, P>, from: Square, ep: Square, out: &mut Vec<Action>) {
    let victim = ep_victim(node.us, ep);
    let occupied = node.occupied.without(from).without(victim).with(ep);
    if node.safe(node.king, occupied, node.theirs.without(victim)) {
        out.push(Action::Move(Move::with_kind(from, ep, MoveKind::EnPassant)));
    }
}

/// Does this castling move both king and rook onto squares of their own
/// colours? (Where moves must keep colour, only such castling is played.)
#[inline]
pub const fn castling_keeps_colour(g: &CastleGeometry) -> bool {
    keeps_colour(g.king_from, g.king_to) && keeps_colour(g.rook_from, g.rook_to)
}

/// What varies between the FIDE-like generators Dice-Money calls.
#[derive(Clone, Copy, Debug)]
pub struct FideParams<'a> {
    /// Castling-rights bits (see [`super::fen::castle`]).
    pub castling: u8,
    /// En-passant target square.
    pub ep_square: Option<Square>,
    /// Roles a pawn may promote into (see [`FideState::promotions`]).
    pub promotions: &'a [Role],
    /// Dice-Money's bought power: the king also slides like a queen.
    pub king_slides: bool,
}

/// All legal moves for `us` with chess powers (and the king's bought slide).
pub fn gen_fide_legal(board: &Board, us: Color, p: &FideParams<'_>, out: &mut Vec<Action>) {
    let state = FideState {
        board,
        turn: us,
        castling: p.castling,
        ep_square: p.ep_square,
        promotions: p.promotions,
    };
    if p.king_slides {
        gen_legal(&FidePowers::<true>, &state, out);
    } else {
        gen_legal(&FidePowers::<false>, &state, out);
    }
}
