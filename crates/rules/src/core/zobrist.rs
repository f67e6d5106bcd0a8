//! Zobrist keys: fixed pseudo-random numbers, generated at compile time, that
//! hash positions incrementally for repetition detection and the AI's
//! transposition table.

use super::types::{Color, Piece, Role, Square};

/// SplitMix64's finaliser: a well-spread 64-bit mix of `x`, for the keys
/// here and for hashing state that has no key table (Dice-Money's money).
pub const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const N_PIECE: usize = 2 * 6 * 64;
/// Extra keyed slots for variant state: 16 slots of 128 values each.
const N_EXTRA: usize = 16 * 128;
const N_KEYS: usize = N_PIECE + 1 + 16 + 8 + N_EXTRA;

/// The key numbered `i`.
const fn key(i: usize) -> u64 {
    splitmix(
        (i as u64)
            .wrapping_mul(0x2545_F491_4F6C_DD1D)
            .wrapping_add(0x1234_5678),
    )
}

static KEYS: [u64; N_KEYS] = {
    let mut k = [0u64; N_KEYS];
    let mut i = 0;
    while i < N_KEYS {
        k[i] = key(i);
        i += 1;
    }
    k
};

/// The keys of pieces, by colour, role and square: the chess roles keep
/// the keys they always had; the kinds from data are numbered after every
/// other key.
static PIECE_KEYS: [u64; 2 * Role::COUNT * 64] = {
    let mut k = [0u64; 2 * Role::COUNT * 64];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < Role::COUNT {
            let mut sq = 0;
            while sq < 64 {
                let number = if role < 6 {
                    (color * 6 + role) * 64 + sq
                } else {
                    N_KEYS + ((color * (Role::COUNT - 6) + role - 6) * 64 + sq)
                };
                k[(color * Role::COUNT + role) * 64 + sq] = key(number);
                sq += 1;
            }
            role += 1;
        }
        color += 1;
    }
    k
};

/// Kinds a key exists for in [`kind_piece`]: more than any variant from
/// data has.
pub const KEYED_KINDS: usize = 32;

/// The keys of a variant from data's pieces, by colour, kind number and
/// square: a kind is not a role (two kinds may share a letter), so its
/// position keeps a key of its own, numbered after every other key.
static KIND_KEYS: [u64; 2 * KEYED_KINDS * 64] = {
    let mut k = [0u64; 2 * KEYED_KINDS * 64];
    let first = N_KEYS + 2 * Role::COUNT * 64;
    let mut i = 0;
    while i < k.len() {
        k[i] = key(first + i);
        i += 1;
    }
    k
};

/// Key of a variant from data's piece of `kind` on a square.
#[inline]
pub fn kind_piece(color: Color, kind: u8, sq: Square) -> u64 {
    let kind = usize::from(kind) % KEYED_KINDS;
    KIND_KEYS[(color.index() * KEYED_KINDS + kind) * 64 + sq.index()]
}

/// Key of a piece on a square.
#[inline]
pub fn piece(p: Piece, sq: Square) -> u64 {
    PIECE_KEYS[(p.color.index() * Role::COUNT + p.role.index()) * 64 + sq.index()]
}

/// Key xored in when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[N_PIECE]
}

/// Key of a castling-rights bit set (0..16).
#[inline]
pub fn castling(rights: u8) -> u64 {
    KEYS[N_PIECE + 1 + (rights as usize & 15)]
}

/// Key of an en-passant file.
#[inline]
pub fn ep_file(file: i8) -> u64 {
    KEYS[N_PIECE + 17 + (file as usize & 7)]
}

/// Key for a variant's extra state: `slot` 0..16 names what is hashed (a
/// score, a no-rejection square, money…), `value` 0..128 its value.
#[inline]
pub fn extra(slot: usize, value: usize) -> u64 {
    KEYS[N_PIECE + 25 + (slot & 15) * 128 + (value & 127)]
}

/// Key that distinguishes who acts in a variant with several actions a turn.
#[inline]
pub fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => black_to_move(),
    }
}
