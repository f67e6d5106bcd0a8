//! The board's keys: its size (`maxFile`, `maxRank`), read before
//! anything else to choose the grid, and castling's squares on it.

use super::{KeyErrorKind, Reader};
use crate::variant::ini::ResolvedKeys;
use motley_rules::core::grid::MAX_SIDE;
use motley_rules::core::Color;
use motley_rules::fairy::{CastleLayout, FairyGrid, FairyRules};

/// `maxFile` (a letter or a number) and `maxRank` as a size, 8 where not
/// given; `None` for a value that is no size from 1 to 16.
pub(super) fn read_size(value: Option<&str>, letters: bool) -> Option<u8> {
    let Some(value) = value else {
        return Some(8);
    };
    let mut chars = value.chars();
    let n = match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) if letters => Some(c as u8 - b'a' + 1),
        _ => value.parse::<u8>().ok(),
    };
    n.filter(|n| (1..=MAX_SIDE).contains(n))
}

/// The board's size as the keys give it, errors aside (8 for a value
/// that cannot be read: [`Reader::board_size`] reports it).
pub(super) fn board_size_of(keys: &ResolvedKeys) -> (u8, u8) {
    let get = |key: &str| keys.get(key).map(|(v, _)| v.as_str());
    (
        read_size(get("maxFile"), true).unwrap_or(8),
        read_size(get("maxRank"), false).unwrap_or(8),
    )
}

impl<G: FairyGrid> Reader<'_, G> {
    /// `maxFile` (a letter or a number) and `maxRank`: from 1 to 16
    /// each; a value beyond is refused by name.
    pub(super) fn board_size(&mut self) -> (u8, u8) {
        let mut size = [8u8; 2];
        for (i, key) in ["maxFile", "maxRank"].into_iter().enumerate() {
            let Some(value) = self.get(key) else {
                continue;
            };
            match read_size(Some(&value), i == 0) {
                Some(n) => size[i] = n,
                None => self.refuse(
                    key,
                    KeyErrorKind::BoardSize {
                        key: key.into(),
                        value,
                    },
                ),
            }
        }
        // Only a caller choosing too small a grid gets here.
        for (i, (key, most)) in [("maxFile", G::FILES), ("maxRank", G::RANKS)]
            .into_iter()
            .enumerate()
        {
            if size[i] > most {
                let value = size[i].to_string();
                self.refuse(
                    key,
                    KeyErrorKind::BoardSize {
                        key: key.into(),
                        value,
                    },
                );
                size[i] = most;
            }
        }
        (size[0], size[1])
    }

    /// A file key's letter (`castlingKingFile = f`) as a file from 0, or
    /// `default` when not given (or not a letter a–p: refused).
    fn file_key(&mut self, key: &str, default: u8) -> u8 {
        match self.get(key) {
            None => default,
            Some(value) => match value.as_bytes() {
                [c @ b'a'..=b'p'] => c - b'a',
                _ => {
                    self.unsupported(key, value);
                    default
                }
            },
        }
    }

    /// Where the king starts and goes when castling, and on which rank:
    /// the king's start between the two ends, the rooks in the corners
    /// or on the files given (`castlingKingFile` and the rest).
    pub(super) fn castle_layout(
        &mut self,
        castling: bool,
        rules: &FairyRules<G>,
    ) -> CastleLayout<G> {
        let rank = self.castling_rank();
        // The king starts where the start position has it on its rank,
        // as Fairy-Stockfish finds it; on e when it is not there.
        let king_file = start_king_file(rules, rank).unwrap_or(4);
        let keys = [
            ("castlingKingFile", king_file),
            ("castlingKingsideFile", 6),
            ("castlingQueensideFile", 2),
        ];
        let mut files = [0u8; 3];
        for (i, (key, default)) in keys.into_iter().enumerate() {
            files[i] = self.file_key(key, default);
        }
        let rooks = (
            self.file_key("castlingRookKingsideFile", self.size.0.saturating_sub(1)),
            self.file_key("castlingRookQueensideFile", 0),
        );
        if !(files[2] <= files[0] && files[0] <= files[1]) {
            if !castling {
                // Never castled: its squares do not matter.
                return CastleLayout::none();
            }
            match self.keys.get("castlingKingFile").map(|(v, _)| v.clone()) {
                Some(value) => self.unsupported("castlingKingFile", value),
                None => self.refuse("castling", KeyErrorKind::CastlingOffBoard),
            }
            files = keys.map(|(_, default)| default);
        }
        let [king, kingside, queenside] = files;
        match CastleLayout::new([king, kingside, queenside], rooks, rank, self.size) {
            Ok(layout) => layout,
            Err(_) if !castling => CastleLayout::none(),
            Err(_) => {
                let key = [
                    "castlingKingFile",
                    "castlingKingsideFile",
                    "castlingQueensideFile",
                ]
                .into_iter()
                .chain(["castlingRank", "castling"])
                .find(|k| self.keys.contains_key(*k))
                .unwrap_or("castling");
                self.refuse(key, KeyErrorKind::CastlingOffBoard);
                CastleLayout::none()
            }
        }
    }

    /// `castlingRank`, counted from each side's own first rank, from 0.
    fn castling_rank(&mut self) -> u8 {
        match self.get("castlingRank") {
            None => 0,
            Some(value) => match value.parse::<u8>() {
                Ok(r @ 1..=MAX_SIDE) => r - 1,
                _ => {
                    self.unsupported("castlingRank", value);
                    0
                }
            },
        }
    }
}

/// The file of White's castling king on its castling rank (`rank`, from
/// 0) in the start position, if it stands there once.
fn start_king_file<G: FairyGrid>(rules: &FairyRules<G>, rank: u8) -> Option<u8> {
    let letter = rules.letter(Color::White, rules.castling_king?);
    let placement = rules.start_fen.split([' ', '[']).next()?;
    let from_top = usize::from(rules.ranks.checked_sub(rank + 1)?);
    let row = placement.split('/').nth(from_top)?;
    let (mut file, mut run, mut found) = (0u32, 0u32, None);
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run * 10 + d;
            continue;
        }
        file += std::mem::take(&mut run);
        match c {
            '+' | '~' => continue,
            c if c == letter && found.is_none() => found = Some(file),
            c if c == letter => return None,
            _ => {}
        }
        file += 1;
    }
    found.and_then(|f| u8::try_from(f).ok())
}
