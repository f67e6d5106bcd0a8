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
use crate::core::attacks::{eight_ways, KNIGHT_OFFSETS};
use crate::core::grid::{Grid, Grid8, GridSet, GridSquare};
use crate::core::types::Color;

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
    fn reach<G: Grid>(self, from: G::Sq, occupied: G::Set) -> G::Set {
        // Rook and bishop lines come from the shared slider tables.
        let rank = || G::rank_set(from.rank());
        let file = || G::file_set(from.file());
        match self {
            Line::RookSideways => return G::rook_attacks(from, occupied) & rank(),
            Line::RookUpDown => return G::rook_attacks(from, occupied) & file(),
            Line::Bishop => return G::bishop_attacks(from, occupied),
            Line::GrasshopperSideways => {
                let first = G::rook_attacks(from, occupied) & rank();
                return land_behind::<G>(from, first & occupied);
            }
            Line::GrasshopperUpDown => {
                let first = G::rook_attacks(from, occupied) & file();
                return land_behind::<G>(from, first & occupied);
            }
            Line::GrasshopperDiagonal => {
                return land_behind::<G>(from, G::bishop_attacks(from, occupied) & occupied);
            }
            _ => {}
        }
        let mut out = G::Set::EMPTY;
        for &step in self.steps() {
            out |= match self {
                Line::RookSideways | Line::RookUpDown | Line::Bishop | Line::Nightrider => {
                    ride::<G>(from, step, occupied)
                }
                Line::CannonSideways | Line::CannonUpDown | Line::CannonDiagonal => {
                    hop::<G>(from, step, occupied, false)
                }
                Line::GrasshopperSideways | Line::GrasshopperUpDown | Line::GrasshopperDiagonal => {
                    hop::<G>(from, step, occupied, true)
                }
                Line::LameDabbaba | Line::LameKnight | Line::LameAlfil | Line::LameZebra => {
                    lame_leap::<G>(from, step, occupied)
                }
            };
        }
        out
    }
}

/// Squares along `step` up to and including the first piece.
/// The squares just behind each of `hurdles` seen from `from`: where a
/// grasshopper lands that hops the first piece on a line.
fn land_behind<G: Grid>(from: G::Sq, hurdles: G::Set) -> G::Set {
    hurdles.into_iter().fold(G::Set::EMPTY, |out, hurdle| {
        let dx = (hurdle.file() - from.file()).signum();
        let dy = (hurdle.rank() - from.rank()).signum();
        match hurdle.offset(dx, dy) {
            Some(to) => out.with(to),
            None => out,
        }
    })
}

fn ride<G: Grid>(from: G::Sq, (dx, dy): (i8, i8), occupied: G::Set) -> G::Set {
    let mut out = G::Set::EMPTY;
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
fn hop<G: Grid>(from: G::Sq, (dx, dy): (i8, i8), occupied: G::Set, grasshopper: bool) -> G::Set {
    let mut out = G::Set::EMPTY;
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
fn lame_path<G: Grid>(from: G::Sq, (dx, dy): (i8, i8)) -> Option<G::Set> {
    let to = from.offset(dx, dy)?;
    let mut path = G::Set::EMPTY;
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
fn lame_leap<G: Grid>(from: G::Sq, step: (i8, i8), occupied: G::Set) -> G::Set {
    match (lame_path::<G>(from, step), from.offset(step.0, step.1)) {
        (Some(path), Some(to)) if (path & occupied).is_empty() => G::Set::from_square(to),
        _ => G::Set::EMPTY,
    }
}

/// A part's squares on an empty board.
fn empty_board_reach<G: Grid>(from: G::Sq, step: (i8, i8), movement: Movement) -> G::Set {
    match movement {
        Movement::Leap | Movement::Lame => from
            .offset(step.0, step.1)
            .map_or(G::Set::EMPTY, G::Set::from_square),
        Movement::Ride { limit } => {
            let mut out = G::Set::EMPTY;
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
        Movement::Hop { .. } => ride::<G>(from, step, G::Set::EMPTY),
    }
}

impl<G: Grid> Tables<G> {
    /// Whether two kinds of move reach the same squares everywhere.
    fn same(&self, other: &Tables<G>) -> bool {
        let cells = |a: &[G::Cells<G::Set>; 2], b: &[G::Cells<G::Set>; 2]| {
            a.iter().zip(b).all(|(x, y)| x.as_ref() == y.as_ref())
        };
        self.lines == other.lines
            && self.sliders == other.sliders
            && cells(&self.leaps, &other.leaps)
            && cells(&self.empty_board, &other.empty_board)
    }
}

/// One kind of move's tables: per colour and square, the leaps and the
/// empty-board reach; and which line kinds take part.
#[derive(Clone, Debug)]
struct Tables<G: Grid> {
    leaps: [G::Cells<G::Set>; 2],
    empty_board: [G::Cells<G::Set>; 2],
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
    fn of<G: Grid>(t: &Tables<G>) -> Sliders {
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
            G::all().all(|sq| {
                let lines = found.whole::<G>(sq, G::Set::EMPTY);
                (lines & !t.empty_board[c].as_ref()[sq.index()]).is_empty()
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
    fn whole<G: Grid>(self, from: G::Sq, occupied: G::Set) -> G::Set {
        match self {
            Sliders::Rook => G::rook_attacks(from, occupied),
            Sliders::Bishop => G::bishop_attacks(from, occupied),
            Sliders::Queen => G::rook_attacks(from, occupied) | G::bishop_attacks(from, occupied),
            Sliders::None | Sliders::Other => G::Set::EMPTY,
        }
    }
}

/// A piece's moves, ready to ask where it can go from any square.
#[derive(Clone, Debug)]
pub struct PieceMoves<G: Grid = Grid8> {
    tables: [Tables<G>; 3],
    /// Quiet moves and captures go alike (most pieces but pawns): one
    /// lookup serves both.
    alike: bool,
    /// The shifts of quiet moves and of captures, when both are leaps
    /// only: then all pieces of the kind move at once.
    leaps: Option<LeapSets<G>>,
}

/// One leap applied to a whole set: the squares it keeps on the board,
/// then a rotation (nothing wraps, the mask saw to it).
#[derive(Clone, Copy, Debug)]
struct Shift<G: Grid> {
    mask: G::Set,
    delta: i32,
}

impl<G: Grid> Shift<G> {
    fn new((dx, dy): (i8, i8)) -> Shift<G> {
        let mask = G::all()
            .filter(|sq| sq.offset(dx, dy).is_some())
            .fold(G::Set::EMPTY, |m, sq| m.with(sq));
        let delta = G::Set::kept_delta(i32::from(dy) * i32::from(G::FILES) + i32::from(dx));
        Shift { mask, delta }
    }

    #[inline]
    fn apply(self, set: G::Set) -> G::Set {
        (set & self.mask).shift_kept(self.delta)
    }
}

/// A leaper's shifts per colour: quiet moves, captures, and all of them
/// backwards (from where a leap lands in a set).
#[derive(Clone, Debug)]
struct LeapSets<G: Grid> {
    quiet: [Vec<Shift<G>>; 2],
    capture: [Vec<Shift<G>>; 2],
    back: [Vec<Shift<G>>; 2],
}

impl<G: Grid> LeapSets<G> {
    fn new(quiet: &[(i8, i8)], capture: &[(i8, i8)]) -> LeapSets<G> {
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

impl<G: Grid> PieceMoves<G> {
    /// Works out the tables of a piece.
    pub fn new(betza: &Betza) -> PieceMoves<G> {
        let tables = Reach::ALL.map(|reach| {
            let mut t = Tables::<G> {
                leaps: [G::cells(G::Set::EMPTY); 2],
                empty_board: [G::cells(G::Set::EMPTY); 2],
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
                        for from in G::all() {
                            let sq = from.index();
                            t.empty_board[color.index()].as_mut()[sq] |=
                                empty_board_reach::<G>(from, step, part.movement);
                            if part.movement == Movement::Leap {
                                if let Some(to) = from.offset(step.0, step.1) {
                                    t.leaps[color.index()].as_mut()[sq].insert(to);
                                }
                            }
                        }
                    }
                }
            }
            t.sliders = Sliders::of(&t);
            t
        });
        let alike = tables[Reach::Quiet.index()].same(&tables[Reach::Capture.index()]);
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
        pieces: G::Set,
        empty: G::Set,
        enemies: G::Set,
    ) -> Option<u32> {
        let sets = self.leaps.as_ref()?;
        let count = |shifts: &[Shift<G>], onto: G::Set| -> u32 {
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
    pub fn leaping_into(&self, color: Color, targets: G::Set) -> G::Set {
        let Some(sets) = self.leaps.as_ref() else {
            return G::Set::FULL;
        };
        sets.back[color.index()]
            .iter()
            .fold(G::Set::EMPTY, |from, s| from | s.apply(targets))
    }

    /// The squares the piece's `reach` moves get to from `from` with
    /// `occupied` in the way. Quiet moves still need an empty square and
    /// captures an enemy: the caller masks.
    #[inline(always)]
    pub fn reach(&self, reach: Reach, color: Color, from: G::Sq, occupied: G::Set) -> G::Set {
        let t = &self.tables[reach.index()];
        let leaps = t.leaps[color.index()].as_ref()[from.index()];
        match t.sliders {
            // Leaps never reach beyond the empty-board reach.
            Sliders::None => leaps,
            Sliders::Other => Self::reach_lines(t, color, from, occupied, leaps),
            whole => leaps | whole.whole::<G>(from, occupied),
        }
    }

    /// [`Self::reach`] through every kind of line, cut down to the
    /// empty-board reach.
    #[inline(never)]
    fn reach_lines(
        t: &Tables<G>,
        color: Color,
        from: G::Sq,
        occupied: G::Set,
        leaps: G::Set,
    ) -> G::Set {
        let mut out = leaps;
        let mut lines = t.lines;
        // Both rook lines (a rook, a queen) are one slider lookup.
        let rook = Line::RookSideways.bit() | Line::RookUpDown.bit();
        if lines & rook == rook {
            out |= G::rook_attacks(from, occupied);
            lines &= !rook;
        }
        while lines != 0 {
            out |= Line::ALL[lines.trailing_zeros() as usize].reach::<G>(from, occupied);
            lines &= lines - 1;
        }
        out & t.empty_board[color.index()].as_ref()[from.index()]
    }

    /// Keeps, from each square, only the squares `keep(color, from)`
    /// allows: for a piece whose moves depend on where it stands
    /// (xiangqi's soldier steps sideways only past the river). Its leaps
    /// then differ from square to square, so they are no longer made for
    /// all pieces at once by shifting.
    pub fn restrict(&mut self, keep: impl Fn(Color, G::Sq) -> G::Set) {
        for t in &mut self.tables {
            for color in [Color::White, Color::Black] {
                for sq in G::all() {
                    let kept = keep(color, sq);
                    t.leaps[color.index()].as_mut()[sq.index()] &= kept;
                    t.empty_board[color.index()].as_mut()[sq.index()] &= kept;
                }
            }
        }
        self.leaps = None;
    }

    /// Whether the piece has initial (`i`) moves at all.
    pub fn has_initial(&self) -> bool {
        let t = &self.tables[Reach::InitialQuiet.index()];
        t.lines != 0
            || t.empty_board
                .iter()
                .any(|cells| cells.as_ref().iter().any(|b| b.any()))
    }

    /// Everywhere the piece may go on an empty board, by any of its
    /// moves: its pattern, which explanations compare a move with.
    pub fn empty_board_reach(&self, color: Color, from: G::Sq) -> G::Set {
        self.tables.iter().fold(G::Set::EMPTY, |set, t| {
            set | t.empty_board[color.index()].as_ref()[from.index()]
        })
    }

    /// Where the piece captures on an empty board.
    pub fn empty_board_captures(&self, color: Color, from: G::Sq) -> G::Set {
        self.tables[Reach::Capture.index()].empty_board[color.index()].as_ref()[from.index()]
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
        from: G::Sq,
        occupied: G::Set,
        enemies: G::Set,
        initial: bool,
    ) -> G::Set {
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
