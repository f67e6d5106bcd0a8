//! Attack tables, computed once: leapers by table lookup, sliders by magic
//! bitboards (magics found at start-up with a fixed-seed generator, so every
//! run builds the same tables in a few milliseconds).

use super::bitboard::Bitboard;
use super::types::{Color, Square};
use std::sync::OnceLock;

/// Fixed-offset jumping pieces. Contrast and the Monochromatic family need
/// more than the chess knight and king, so every leaper shape lives here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Leaper {
    /// (1,2)
    Knight = 0,
    /// one step in any of 8 directions
    King = 1,
    /// (1,3), Jamal's knight slot
    Camel = 2,
    /// (2,2) jump
    Alfil = 3,
    /// (2,0) jump
    Dabbaba = 4,
    /// (1,1)
    Ferz = 5,
    /// (1,0)
    Wazir = 6,
}

/// The knight's eight (file, rank) jumps; pieces built from knight moves
/// (Monochromatic's double knight) start from them too.
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const LEAPER_OFFSETS: [&[(i8, i8)]; 7] = [
    &KNIGHT_OFFSETS,
    &[
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ],
    &[
        (1, 3),
        (3, 1),
        (3, -1),
        (1, -3),
        (-1, -3),
        (-3, -1),
        (-3, 1),
        (-1, 3),
    ],
    &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
    &[(2, 0), (-2, 0), (0, 2), (0, -2)],
    &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
    &[(1, 0), (-1, 0), (0, 1), (0, -1)],
];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Magic multipliers, found once by `find_magics` with the fixed seed and
/// kept here so start-up only fills tables (a test re-checks them).
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];

const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    leapers: [[u64; 64]; 7],
    pawn: [[u64; 64]; 2],
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slider: Vec<u64>,
    between: Vec<u64>,
    line: Vec<u64>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline]
fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

/// Build the tables now rather than on first use (benchmarks call this so
/// start-up cost is not measured as search time).
pub fn init() {
    tables();
}

fn slide(sq: Square, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out |= 1u64 << next.index();
            if occupied & (1u64 << next.index()) != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            // The last square of a ray never blocks anything beyond it.
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1u64 << next.index();
            cur = next;
        }
    }
    out
}

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(
    dirs: &[(i8, i8)],
    known: &[u64; 64],
    slider: &mut Vec<u64>,
    rng: &mut XorShift,
) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occs = Vec::with_capacity(4096);
    let mut atts = Vec::with_capacity(4096);
    let mut used = vec![0u64; 4096];
    let mut epoch = vec![0u32; 4096];
    let mut tries = 0u32;
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        occs.clear();
        atts.clear();
        // Enumerate every subset of the mask (Carry-Rippler).
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let mut first = Some(known[sq.index()]);
        let magic = loop {
            // Try the stored magic first; search only if it does not fit.
            let candidate = match first.take() {
                Some(m) => m,
                None => rng.sparse(),
            };
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            tries += 1;
            let mut ok = true;
            for (&occ, &att) in occs.iter().zip(&atts) {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if epoch[idx] != tries {
                    epoch[idx] = tries;
                    used[idx] = att;
                } else if used[idx] != att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        let offset = slider.len();
        slider.resize(offset + size, 0);
        for (&occ, &att) in occs.iter().zip(&atts) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            slider[offset + idx] = att;
        }
        magics[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    magics
}

fn build_tables() -> Tables {
    let mut leapers = [[0u64; 64]; 7];
    for (kind, offsets) in LEAPER_OFFSETS.iter().enumerate() {
        for sq in Square::all() {
            for &(df, dr) in offsets.iter() {
                if let Some(t) = sq.offset(df, dr) {
                    leapers[kind][sq.index()] |= 1u64 << t.index();
                }
            }
        }
    }
    let mut pawn = [[0u64; 64]; 2];
    for sq in Square::all() {
        for (c, dr) in [(0usize, 1i8), (1, -1)] {
            for df in [-1i8, 1] {
                if let Some(t) = sq.offset(df, dr) {
                    pawn[c][sq.index()] |= 1u64 << t.index();
                }
            }
        }
    }
    let mut slider = Vec::with_capacity(110_000);
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let rook_magics = find_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut slider, &mut rng);
    let bishop_magics = find_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut slider, &mut rng);

    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in Square::all() {
        for (df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let mut path = 0u64;
            let mut cur = a;
            let full_line = {
                let fwd = slide(a, &[(*df, *dr)], 0);
                let back = slide(a, &[(-*df, -*dr)], 0);
                fwd | back | (1u64 << a.index())
            };
            while let Some(next) = cur.offset(*df, *dr) {
                between[a.index() * 64 + next.index()] = path;
                line[a.index() * 64 + next.index()] = full_line;
                path |= 1u64 << next.index();
                cur = next;
            }
        }
    }
    Tables {
        leapers,
        pawn,
        rook_magics,
        bishop_magics,
        slider,
        between,
        line,
    }
}

/// Squares a leaper on `sq` attacks.
#[inline]
pub fn leaper_attacks(kind: Leaper, sq: Square) -> Bitboard {
    Bitboard(tables().leapers[kind as usize][sq.index()])
}

/// Knight attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    leaper_attacks(Leaper::Knight, sq)
}

/// King attacks (one step, eight directions).
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    leaper_attacks(Leaper::King, sq)
}

/// Diagonal-forward squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(tables().pawn[color.index()][sq.index()])
}

/// Rook sliding attacks given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let m = &t.rook_magics[sq.index()];
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(t.slider[m.offset + idx])
}

/// Bishop sliding attacks given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let m = &t.bishop_magics[sq.index()];
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(t.slider[m.offset + idx])
}

/// Queen sliding attacks.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two squares on a common line (empty otherwise).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().between[a.index() * 64 + b.index()])
}

/// The whole line through two aligned squares (empty if not aligned).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().line[a.index() * 64 + b.index()])
}

/// Squares within `n` king steps (Chebyshev distance ≤ n), excluding `sq`:
/// the "limited to n squares" masks Contrast's weak sliders use.
pub fn within_distance(sq: Square, n: i8) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for t in Square::all() {
        let d = (t.file() - sq.file())
            .abs()
            .max((t.rank() - sq.rank()).abs());
        if d >= 1 && d <= n {
            out.insert(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn magic_sliders_agree_with_ray_walking() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = rng.sparse() | rng.sparse();
            for s in Square::all() {
                assert_eq!(rook_attacks(s, Bitboard(occ)).0, slide(s, &ROOK_DIRS, occ));
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    slide(s, &BISHOP_DIRS, occ)
                );
            }
        }
    }

    #[test]
    fn stored_magics_are_the_ones_used() {
        let t = tables();
        for sq in 0..64 {
            assert_eq!(t.rook_magics[sq].magic, ROOK_MAGICS[sq]);
            assert_eq!(t.bishop_magics[sq].magic, BISHOP_MAGICS[sq]);
        }
    }

    #[test]
    fn leapers_have_their_shapes() {
        assert_eq!(knight_attacks(sq("a1")).count(), 2);
        assert_eq!(knight_attacks(sq("e4")).count(), 8);
        let camel: Vec<String> = leaper_attacks(Leaper::Camel, sq("e4"))
            .map(|s| s.to_string())
            .collect();
        let mut camel = camel;
        camel.sort();
        assert_eq!(camel, ["b3", "b5", "d1", "d7", "f1", "f7", "h3", "h5"]);
        assert_eq!(pawn_attacks(Color::White, sq("e4")).count(), 2);
        assert!(pawn_attacks(Color::Black, sq("e4")).contains(sq("d3")));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert!(line(sq("a1"), sq("c3")).contains(sq("h8")));
    }
}
