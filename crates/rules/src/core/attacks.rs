//! Attack tables, all compile-time constants: leapers by table lookup,
//! sliders by magic bitboards (the magic numbers are stored; the build
//! fills the tables from them and refuses a magic that does not fit).

use super::bitboard::Bitboard;
use super::types::{Color, Square};

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
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = eight_ways(1, 2);

/// The eight jumps of an (a, b) leaper (the knight's (1, 2), the camel's
/// (1, 3)), clockwise from (a, b).
pub const fn eight_ways(a: i8, b: i8) -> [(i8, i8); 8] {
    [
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
        (-b, a),
        (-a, b),
    ]
}

/// The king's eight (file, rank) steps; what guards a castling king's
/// path is worked out from them too.
pub const KING_OFFSETS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const LEAPER_OFFSETS: [&[(i8, i8)]; 7] = [
    &KNIGHT_OFFSETS,
    &KING_OFFSETS,
    &eight_ways(1, 3),
    &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
    &[(2, 0), (-2, 0), (0, 2), (0, -2)],
    &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
    &[(1, 0), (-1, 0), (0, 1), (0, -1)],
];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Magic multipliers (any that map each square's occupancies to distinct
/// entries would do; these were found by a fixed-seed random search).
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

/// One square's magic lookup: which occupied squares matter, the
/// multiplier and shift that hash them, and where the square's attack sets
/// start in [`Sliders::attacks`].
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Is (file, rank) on the board?
const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

/// The bit of (file, rank), known to be on the board.
const fn bit(file: i8, rank: i8) -> u64 {
    1u64 << (rank * 8 + file)
}

/// Squares a leaper with these offsets reaches from each square (also
/// what guards a castling king's path is built from).
pub(crate) const fn leaper_table(offsets: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < offsets.len() {
            let (f, r) = (file + offsets[i].0, rank + offsets[i].1);
            if on_board(f, r) {
                table[sq] |= bit(f, r);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn build_leapers() -> [[u64; 64]; 7] {
    let mut tables = [[0u64; 64]; 7];
    let mut kind = 0;
    while kind < 7 {
        tables[kind] = leaper_table(LEAPER_OFFSETS[kind]);
        kind += 1;
    }
    tables
}

/// Every leaper's attack sets, by [`Leaper`] and square. The tables are
/// compile-time constants, so a lookup is one load with no start-up check.
static LEAPERS: [[u64; 64]; 7] = build_leapers();

/// A pawn's two capture steps by colour: White's forward diagonals, then
/// Black's.
pub const PAWN_CAPTURE_OFFSETS: [[(i8, i8); 2]; 2] = [[(-1, 1), (1, 1)], [(-1, -1), (1, -1)]];

/// Pawn captures by colour (see [`PAWN_CAPTURE_OFFSETS`]).
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&PAWN_CAPTURE_OFFSETS[0]),
    leaper_table(&PAWN_CAPTURE_OFFSETS[1]),
];

/// Squares from `sq` along one direction up to and including the first
/// occupied square.
const fn ray(sq: usize, (df, dr): (i8, i8), occupied: u64) -> u64 {
    let mut out = 0u64;
    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    while on_board(f, r) {
        out |= bit(f, r);
        if occupied & bit(f, r) != 0 {
            break;
        }
        f += df;
        r += dr;
    }
    out
}

/// Squares a rook on `sq` reaches on an empty board: where an enemy rook
/// must stand to have any chance of attacking `sq`.
#[inline]
pub const fn rook_reach(sq: Square) -> Bitboard {
    Bitboard(REACH[0][sq.index_const() as usize])
}

/// Squares a bishop on `sq` reaches on an empty board (see [`rook_reach`]).
#[inline]
pub const fn bishop_reach(sq: Square) -> Bitboard {
    Bitboard(REACH[1][sq.index_const() as usize])
}

/// [`rook_reach`] and [`bishop_reach`] by square.
const REACH: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = slide(sq, &ROOK_DIRS, 0);
        t[1][sq] = slide(sq, &BISHOP_DIRS, 0);
        sq += 1;
    }
    t
};

/// Squares a slider on `sq` reaches along `dirs` given the occupied
/// squares (the ray walk the magic tables are filled from).
const fn slide(sq: usize, dirs: &[(i8, i8); 4], occupied: u64) -> u64 {
    ray(sq, dirs[0], occupied)
        | ray(sq, dirs[1], occupied)
        | ray(sq, dirs[2], occupied)
        | ray(sq, dirs[3], occupied)
}

/// The squares whose occupancy matters to a slider on `sq`: its rays
/// without their last squares, which never block anything beyond them.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
        while on_board(f + df, r + dr) {
            out |= bit(f, r);
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// Entries a slider's table needs: one per subset of each square's mask.
const fn table_size(dirs: &[(i8, i8); 4]) -> usize {
    let mut size = 0;
    let mut sq = 0;
    while sq < 64 {
        size += 1 << relevant_mask(sq, dirs).count_ones();
        sq += 1;
    }
    size
}

const ROOK_TABLE: usize = table_size(&ROOK_DIRS);
const SLIDER_TABLE: usize = ROOK_TABLE + table_size(&BISHOP_DIRS);

/// The magic bitboards of rooks and bishops: every attack set for every
/// relevant occupancy, filled at compile time from the stored magics.
struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: [u64; SLIDER_TABLE],
}

/// Fill one slider's part of the table from `offset` on; a magic that maps
/// two occupancies with different attacks to one entry stops the build.
const fn fill_slider(
    attacks: &mut [u64; SLIDER_TABLE],
    dirs: &[(i8, i8); 4],
    magics: &[u64; 64],
    mut offset: usize,
) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let shift = 64 - mask.count_ones();
        let magic = magics[sq];
        // Every subset of the mask (Carry-Rippler). Attack sets are never
        // empty, so an empty entry is an unused one.
        let mut sub = 0u64;
        loop {
            let idx = offset + (sub.wrapping_mul(magic) >> shift) as usize;
            let att = slide(sq, dirs, sub);
            if attacks[idx] != 0 && attacks[idx] != att {
                panic!("a stored magic number maps two occupancies together");
            }
            attacks[idx] = att;
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        out[sq] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
        offset += 1 << mask.count_ones();
        sq += 1;
    }
    out
}

const fn build_sliders() -> Sliders {
    let mut attacks = [0u64; SLIDER_TABLE];
    let rook = fill_slider(&mut attacks, &ROOK_DIRS, &ROOK_MAGICS, 0);
    let bishop = fill_slider(&mut attacks, &BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE);
    Sliders {
        rook,
        bishop,
        attacks,
    }
}

// Filling some 107,000 entries takes the compiler a few seconds, which its
// guard against endless loops would stop.
#[allow(long_running_const_eval)]
static SLIDERS: Sliders = build_sliders();

/// `between` (squares strictly between) and `line` (the whole line) for
/// every pair of squares on a common rank, file or diagonal.
const fn build_lines(whole_line: bool) -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = if d < 4 {
                ROOK_DIRS[d]
            } else {
                BISHOP_DIRS[d - 4]
            };
            let full = ray(a, (df, dr), 0) | ray(a, (-df, -dr), 0) | (1u64 << a);
            let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
            let mut path = 0u64;
            while on_board(f, r) {
                table[a][(r * 8 + f) as usize] = if whole_line { full } else { path };
                path |= bit(f, r);
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[u64; 64]; 64] = build_lines(false);
static LINE: [[u64; 64]; 64] = build_lines(true);

/// Squares a leaper on `sq` attacks.
#[inline]
pub fn leaper_attacks(kind: Leaper, sq: Square) -> Bitboard {
    Bitboard(LEAPERS[kind as usize][sq.index()])
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
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDERS.attacks[m.offset + idx])
}

/// Rook sliding attacks given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.rook[sq.index()], occupied)
}

/// Bishop sliding attacks given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.bishop[sq.index()], occupied)
}

/// Queen sliding attacks.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between two squares on a common line (empty otherwise).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line through two aligned squares (empty if not aligned).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}
