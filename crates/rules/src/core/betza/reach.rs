//! Where a piece read from Betza notation can go on a board: tables per
//! square worked out once, then the pieces in the way.
//!
//! The reach is put together as Fairy-Stockfish puts it, so that perft
//! counts agree: for each kind of move (quiet, capture, initial quiet),
//! the unblockable leaps, plus the squares each kind of line move reaches
//! through the pieces (rook lines, bishop lines, nightrider lines,
//! cannon and grasshopper hops, lame leaps), all cut down to where the
//! piece could go on an empty board.

use super::{Betza, Movement};
use crate::core::attacks::{bishop_attacks, eight_ways, rook_attacks, KNIGHT_OFFSETS};
use crate::core::bitboard::Bitboard;
use crate::core::types::{Color, Square};

/// Which of a piece's moves are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Moves to empty squares.
    Quiet,
    /// Captures: the squares it attacks.
    Capture,
    /// The extra moves to empty squares allowed from the double-step
    /// region (`i`).
    InitialQuiet,
}

impl Reach {
    const ALL: [Reach; 3] = [Reach::Quiet, Reach::Capture, Reach::InitialQuiet];

    fn index(self) -> usize {
        self as usize
    }
}

/// A kind of line move: each reaches through the pieces on its own lines,
/// in every direction of them; the empty-board reach then keeps the
/// directions and ranges the piece has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    RookSideways,
    RookUpDown,
    Bishop,
    Nightrider,
    CannonSideways,
    CannonUpDown,
    CannonDiagonal,
    GrasshopperSideways,
    GrasshopperUpDown,
    GrasshopperDiagonal,
    LameDabbaba,
    LameKnight,
    LameAlfil,
    LameZebra,
}

impl Line {
    fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The line kind a part's step belongs to.
    fn of(movement: Movement, (dx, dy): (i8, i8)) -> Option<Line> {
        let sideways = dy == 0;
        let up_down = dx == 0;
        let diagonal = dx.abs() == dy.abs();
        let (long, short) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        match movement {
            Movement::Leap => None,
            Movement::Ride { .. } => match (long, short) {
                (1, 0) if sideways => Some(Line::RookSideways),
                (1, 0) if up_down => Some(Line::RookUpDown),
                (1, 1) => Some(Line::Bishop),
                (2, 1) => Some(Line::Nightrider),
                _ => None,
            },
            Movement::Hop { grasshopper } => match (sideways, up_down, diagonal, grasshopper) {
                (true, _, _, false) => Some(Line::CannonSideways),
                (true, _, _, true) => Some(Line::GrasshopperSideways),
                (_, true, _, false) => Some(Line::CannonUpDown),
                (_, true, _, true) => Some(Line::GrasshopperUpDown),
                (_, _, true, false) => Some(Line::CannonDiagonal),
                (_, _, true, true) => Some(Line::GrasshopperDiagonal),
                _ => None,
            },
            Movement::Lame => match (long, short) {
                (2, 0) => Some(Line::LameDabbaba),
                (2, 1) => Some(Line::LameKnight),
                (2, 2) => Some(Line::LameAlfil),
                (3, 2) => Some(Line::LameZebra),
                _ => None,
            },
        }
    }

    /// The steps of the line kind, all directions.
    fn steps(self) -> &'static [(i8, i8)] {
        const ORTHO_X: [(i8, i8); 2] = [(1, 0), (-1, 0)];
        const ORTHO_Y: [(i8, i8); 2] = [(0, 1), (0, -1)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const DABBABA: [(i8, i8); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
        const ALFIL: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
        const ZEBRA: [(i8, i8); 8] = eight_ways(2, 3);
        match self {
            Line::RookSideways | Line::CannonSideways | Line::GrasshopperSideways => &ORTHO_X,
            Line::RookUpDown | Line::CannonUpDown | Line::GrasshopperUpDown => &ORTHO_Y,
            Line::Bishop | Line::CannonDiagonal | Line::GrasshopperDiagonal => &DIAG,
            Line::Nightrider | Line::LameKnight => &KNIGHT_OFFSETS,
            Line::LameDabbaba => &DABBABA,
            Line::LameAlfil => &ALFIL,
            Line::LameZebra => &ZEBRA,
        }
    }

    const ALL: [Line; 14] = [
        Line::RookSideways,
        Line::RookUpDown,
        Line::Bishop,
        Line::Nightrider,
        Line::CannonSideways,
        Line::CannonUpDown,
        Line::CannonDiagonal,
        Line::GrasshopperSideways,
        Line::GrasshopperUpDown,
        Line::GrasshopperDiagonal,
        Line::LameDabbaba,
        Line::LameKnight,
        Line::LameAlfil,
        Line::LameZebra,
    ];

    /// The squares this kind reaches from `from` through `occupied`.
    fn reach(self, from: Square, occupied: Bitboard) -> Bitboard {
        // Rook and bishop lines come from the shared slider tables.
        match self {
            Line::RookSideways => {
                return rook_attacks(from, occupied) & Bitboard::rank(from.rank());
            }
            Line::RookUpDown => return rook_attacks(from, occupied) & Bitboard::file(from.file()),
            Line::Bishop => return bishop_attacks(from, occupied),
            Line::GrasshopperSideways => {
                let first = rook_attacks(from, occupied) & Bitboard::rank(from.rank());
                return land_behind(from, first & occupied);
            }
            Line::GrasshopperUpDown => {
                let first = rook_attacks(from, occupied) & Bitboard::file(from.file());
                return land_behind(from, first & occupied);
            }
            Line::GrasshopperDiagonal => {
                return land_behind(from, bishop_attacks(from, occupied) & occupied);
            }
            _ => {}
        }
        let mut out = Bitboard::EMPTY;
        for &step in self.steps() {
            out |= match self {
                Line::RookSideways | Line::RookUpDown | Line::Bishop | Line::Nightrider => {
                    ride(from, step, occupied)
                }
                Line::CannonSideways | Line::CannonUpDown | Line::CannonDiagonal => {
                    hop(from, step, occupied, false)
                }
                Line::GrasshopperSideways | Line::GrasshopperUpDown | Line::GrasshopperDiagonal => {
                    hop(from, step, occupied, true)
                }
                Line::LameDabbaba | Line::LameKnight | Line::LameAlfil | Line::LameZebra => {
                    lame_leap(from, step, occupied)
                }
            };
        }
        out
    }
}

/// Squares along `step` up to and including the first piece.
/// The squares just behind each of `hurdles` seen from `from`: where a
/// grasshopper lands that hops the first piece on a line.
fn land_behind(from: Square, hurdles: Bitboard) -> Bitboard {
    hurdles.fold(Bitboard::EMPTY, |out, hurdle| {
        let dx = (hurdle.file() - from.file()).signum();
        let dy = (hurdle.rank() - from.rank()).signum();
        match hurdle.offset(dx, dy) {
            Some(to) => out.with(to),
            None => out,
        }
    })
}

fn ride(from: Square, (dx, dy): (i8, i8), occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let mut at = from;
    while let Some(next) = at.offset(dx, dy) {
        out.insert(next);
        if occupied.contains(next) {
            break;
        }
        at = next;
    }
    out
}

/// Squares beyond the first piece along `step` (the hurdle): up to and
/// including the next piece, or only the next square for a grasshopper.
fn hop(from: Square, (dx, dy): (i8, i8), occupied: Bitboard, grasshopper: bool) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let mut at = from;
    let mut hurdle = false;
    while let Some(next) = at.offset(dx, dy) {
        if hurdle {
            out.insert(next);
            if grasshopper || occupied.contains(next) {
                break;
            }
        } else if occupied.contains(next) {
            hurdle = true;
        }
        at = next;
    }
    out
}

/// The squares a lame leap passes over: one step at a time along the
/// longer remaining component, diagonally while both are equal (a knight's
/// leg is the square straight ahead of its long side).
fn lame_path(from: Square, (dx, dy): (i8, i8)) -> Option<Bitboard> {
    let to = from.offset(dx, dy)?;
    let mut path = Bitboard::EMPTY;
    let mut at = from;
    while at != to {
        let (rx, ry) = (to.file() - at.file(), to.rank() - at.rank());
        let (sx, sy) = match rx.abs().cmp(&ry.abs()) {
            std::cmp::Ordering::Greater => (rx.signum(), 0),
            std::cmp::Ordering::Less => (0, ry.signum()),
            std::cmp::Ordering::Equal => (rx.signum(), ry.signum()),
        };
        at = at.offset(sx, sy)?;
        if at != to {
            path.insert(at);
        }
    }
    Some(path)
}

/// The leap's square when nothing stands on its way.
fn lame_leap(from: Square, step: (i8, i8), occupied: Bitboard) -> Bitboard {
    match (lame_path(from, step), from.offset(step.0, step.1)) {
        (Some(path), Some(to)) if (path & occupied).is_empty() => Bitboard::from_square(to),
        _ => Bitboard::EMPTY,
    }
}

/// A part's squares on an empty board.
fn empty_board_reach(from: Square, step: (i8, i8), movement: Movement) -> Bitboard {
    match movement {
        Movement::Leap | Movement::Lame => from
            .offset(step.0, step.1)
            .map_or(Bitboard::EMPTY, Bitboard::from_square),
        Movement::Ride { limit } => {
            let mut out = Bitboard::EMPTY;
            let mut at = from;
            let mut taken = 0u8;
            while let Some(next) = at.offset(step.0, step.1) {
                out.insert(next);
                taken += 1;
                if limit != 0 && taken >= limit {
                    break;
                }
                at = next;
            }
            out
        }
        Movement::Hop { .. } => ride(from, step, Bitboard::EMPTY),
    }
}

/// One kind of move's tables: per colour and square, the leaps and the
/// empty-board reach; and which line kinds take part.
#[derive(Clone, Debug, PartialEq)]
struct Tables {
    leaps: [[Bitboard; 64]; 2],
    empty_board: [[Bitboard; 64]; 2],
    lines: u16,
    sliders: Sliders,
}

/// How a kind of move's lines are looked up: leaps alone, or whole rook
/// and bishop lines that need no cutting down (most pieces), else
/// through [`Line::reach`] and the empty-board reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sliders {
    None,
    Rook,
    Bishop,
    Queen,
    Other,
}

impl Sliders {
    /// The lookup for `t`'s lines, once its tables are filled.
    fn of(t: &Tables) -> Sliders {
        let rook = Line::RookSideways.bit() | Line::RookUpDown.bit();
        let bishop = Line::Bishop.bit();
        let found = match t.lines {
            0 => return Sliders::None,
            l if l == rook => Sliders::Rook,
            l if l == bishop => Sliders::Bishop,
            l if l == rook | bishop => Sliders::Queen,
            _ => return Sliders::Other,
        };
        // Whole lines only: their reach on an empty board is the piece's.
        let whole = [0, 1].iter().all(|&c| {
            Square::all().all(|sq| {
                let lines = found.whole(sq, Bitboard::EMPTY);
                (lines & !t.empty_board[c][sq.index()]).is_empty()
            })
        });
        if whole {
            found
        } else {
            Sliders::Other
        }
    }

    /// The whole rook and bishop lines from `from` through `occupied`.
    #[inline(always)]
    fn whole(self, from: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Sliders::Rook => rook_attacks(from, occupied),
            Sliders::Bishop => bishop_attacks(from, occupied),
            Sliders::Queen => rook_attacks(from, occupied) | bishop_attacks(from, occupied),
            Sliders::None | Sliders::Other => Bitboard::EMPTY,
        }
    }
}

/// A piece's moves, ready to ask where it can go from any square.
#[derive(Clone, Debug)]
pub struct PieceMoves {
    tables: [Tables; 3],
    /// Quiet moves and captures go alike (most pieces but pawns): one
    /// lookup serves both.
    alike: bool,
    /// The shifts of quiet moves and of captures, when both are leaps
    /// only: then all pieces of the kind move at once.
    leaps: Option<LeapSets>,
}

/// One leap applied to a whole set: the squares it keeps on the board,
/// then a rotation (nothing wraps, the mask saw to it).
#[derive(Clone, Copy, Debug)]
struct Shift {
    mask: u64,
    rotate: u32,
}

impl Shift {
    fn new((dx, dy): (i8, i8)) -> Shift {
        let mask = Square::all()
            .filter(|sq| sq.offset(dx, dy).is_some())
            .fold(0u64, |m, sq| m | 1 << sq.index());
        let rotate = (i32::from(dy) * 8 + i32::from(dx)).rem_euclid(64) as u32;
        Shift { mask, rotate }
    }

    #[inline]
    fn apply(self, set: Bitboard) -> Bitboard {
        Bitboard((set.0 & self.mask).rotate_left(self.rotate))
    }
}

/// A leaper's shifts per colour: quiet moves, captures, and all of them
/// backwards (from where a leap lands in a set).
#[derive(Clone, Debug)]
struct LeapSets {
    quiet: [Vec<Shift>; 2],
    capture: [Vec<Shift>; 2],
    back: [Vec<Shift>; 2],
}

impl LeapSets {
    fn new(quiet: &[(i8, i8)], capture: &[(i8, i8)]) -> LeapSets {
        let per_color = |steps: &[(i8, i8)], sign: i8| {
            [1, -1].map(|c| {
                let s = c * sign;
                steps
                    .iter()
                    .map(|&(dx, dy)| Shift::new((s * dx, s * dy)))
                    .collect()
            })
        };
        let all: Vec<(i8, i8)> = quiet.iter().chain(capture).copied().collect();
        LeapSets {
            quiet: per_color(quiet, 1),
            capture: per_color(capture, 1),
            back: per_color(&all, -1),
        }
    }
}

/// Whether `part` is one of the `reach` moves.
fn wanted(reach: Reach, part: &super::MovePart) -> bool {
    match reach {
        Reach::Quiet => part.quiet && !part.initial,
        Reach::Capture => part.capture && !part.initial,
        Reach::InitialQuiet => part.quiet && part.initial,
    }
}

/// The distinct steps of the `reach` moves, if all are leaps.
fn leap_steps(betza: &Betza, reach: Reach) -> Option<Vec<(i8, i8)>> {
    let mut steps = Vec::new();
    for part in betza.parts.iter().filter(|p| wanted(reach, p)) {
        if part.movement != Movement::Leap {
            return None;
        }
        for step in &part.steps {
            if !steps.contains(step) {
                steps.push(*step);
            }
        }
    }
    Some(steps)
}

impl PieceMoves {
    /// Works out the tables of a piece.
    pub fn new(betza: &Betza) -> PieceMoves {
        let tables = Reach::ALL.map(|reach| {
            let mut t = Tables {
                leaps: [[Bitboard::EMPTY; 64]; 2],
                empty_board: [[Bitboard::EMPTY; 64]; 2],
                lines: 0,
                sliders: Sliders::Other,
            };
            for part in &betza.parts {
                if !wanted(reach, part) {
                    continue;
                }
                for &(dx, dy) in &part.steps {
                    if let Some(line) = Line::of(part.movement, (dx, dy)) {
                        t.lines |= line.bit();
                    }
                    for color in [Color::White, Color::Black] {
                        let step = color.fold((dx, dy), (-dx, -dy));
                        for from in Square::all() {
                            let sq = from.index();
                            t.empty_board[color.index()][sq] |=
                                empty_board_reach(from, step, part.movement);
                            if part.movement == Movement::Leap {
                                if let Some(to) = from.offset(step.0, step.1) {
                                    t.leaps[color.index()][sq].insert(to);
                                }
                            }
                        }
                    }
                }
            }
            t.sliders = Sliders::of(&t);
            t
        });
        let alike = tables[Reach::Quiet.index()] == tables[Reach::Capture.index()];
        let leaps = leap_steps(betza, Reach::Quiet).zip(leap_steps(betza, Reach::Capture));
        PieceMoves {
            tables,
            alike,
            leaps: leaps.map(|(quiet, capture)| LeapSets::new(&quiet, &capture)),
        }
    }

    /// How many moves all of `pieces` have at once, for a piece whose
    /// quiet moves and captures are leaps only (`None` otherwise): quiet
    /// moves onto `empty` and captures onto `enemies`.
    pub fn leaps_of_all(
        &self,
        color: Color,
        pieces: Bitboard,
        empty: Bitboard,
        enemies: Bitboard,
    ) -> Option<u32> {
        let sets = self.leaps.as_ref()?;
        let count = |shifts: &[Shift], onto: Bitboard| -> u32 {
            shifts
                .iter()
                .map(|s| (s.apply(pieces) & onto).count())
                .sum()
        };
        let c = color.index();
        Some(count(&sets.quiet[c], empty) + count(&sets.capture[c], enemies))
    }

    /// How many steps [`Self::leaps_of_all`] shifts a set by: worth it
    /// for at least as many pieces, one lookup each otherwise.
    pub fn leap_count(&self) -> Option<usize> {
        self.leaps
            .as_ref()
            .map(|sets| sets.quiet[0].len() + sets.capture[0].len())
    }

    /// The squares from which a leap of this piece lands in `targets`
    /// (every square when its moves are not leaps only).
    pub fn leaping_into(&self, color: Color, targets: Bitboard) -> Bitboard {
        let Some(sets) = self.leaps.as_ref() else {
            return Bitboard(u64::MAX);
        };
        sets.back[color.index()]
            .iter()
            .fold(Bitboard::EMPTY, |from, s| from | s.apply(targets))
    }

    /// The squares the piece's `reach` moves get to from `from` with
    /// `occupied` in the way. Quiet moves still need an empty square and
    /// captures an enemy: the caller masks.
    #[inline(always)]
    pub fn reach(&self, reach: Reach, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.tables[reach.index()];
        let leaps = t.leaps[color.index()][from.index()];
        match t.sliders {
            // Leaps never reach beyond the empty-board reach.
            Sliders::None => leaps,
            Sliders::Other => Self::reach_lines(t, color, from, occupied, leaps),
            whole => leaps | whole.whole(from, occupied),
        }
    }

    /// [`Self::reach`] through every kind of line, cut down to the
    /// empty-board reach.
    #[inline(never)]
    fn reach_lines(
        t: &Tables,
        color: Color,
        from: Square,
        occupied: Bitboard,
        leaps: Bitboard,
    ) -> Bitboard {
        let mut out = leaps;
        let mut lines = t.lines;
        // Both rook lines (a rook, a queen) are one slider lookup.
        let rook = Line::RookSideways.bit() | Line::RookUpDown.bit();
        if lines & rook == rook {
            out |= rook_attacks(from, occupied);
            lines &= !rook;
        }
        while lines != 0 {
            out |= Line::ALL[lines.trailing_zeros() as usize].reach(from, occupied);
            lines &= lines - 1;
        }
        out & t.empty_board[color.index()][from.index()]
    }

    /// Whether the piece has initial (`i`) moves at all.
    pub fn has_initial(&self) -> bool {
        let t = &self.tables[Reach::InitialQuiet.index()];
        t.lines != 0 || t.empty_board.iter().flatten().any(|b| b.any())
    }

    /// Everywhere the piece may go on an empty board, by any of its
    /// moves: its pattern, which explanations compare a move with.
    pub fn empty_board_reach(&self, color: Color, from: Square) -> Bitboard {
        self.tables.iter().fold(Bitboard::EMPTY, |set, t| {
            set | t.empty_board[color.index()][from.index()]
        })
    }

    /// Where the piece captures on an empty board.
    pub fn empty_board_captures(&self, color: Color, from: Square) -> Bitboard {
        self.tables[Reach::Capture.index()].empty_board[color.index()][from.index()]
    }

    /// Whether some capture goes along a line (rides, hops, lame leaps),
    /// so that pieces on the way matter.
    pub fn captures_along_lines(&self) -> bool {
        self.tables[Reach::Capture.index()].lines != 0
    }

    /// The squares the piece can move to: quiet moves to empty squares
    /// (with the initial ones when `initial` allows them) and captures of
    /// the pieces in `enemies`.
    #[inline(always)]
    pub fn moves(
        &self,
        color: Color,
        from: Square,
        occupied: Bitboard,
        enemies: Bitboard,
        initial: bool,
    ) -> Bitboard {
        if self.alike && !initial {
            let ours = occupied & !enemies;
            return self.reach(Reach::Quiet, color, from, occupied) & !ours;
        }
        let mut quiet = self.reach(Reach::Quiet, color, from, occupied);
        if initial {
            quiet |= self.reach(Reach::InitialQuiet, color, from, occupied);
        }
        (quiet & !occupied) | (self.reach(Reach::Capture, color, from, occupied) & enemies)
    }
}
