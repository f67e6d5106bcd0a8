//! A variant's Fairy-Stockfish keys ([`super::ini`]) read into
//! [`FairyRules`], each with the meaning Fairy-Stockfish gives it
//! (docs/rules.md, "Variants from data"). A key Motley does not play, or
//! a value of one it plays only in part, refuses the variant with its
//! name: a variant is never played with a rule left out.

use super::ini::{
    read_bool, read_number, read_piece_pairs, read_piece_values, read_result, read_squares,
    IniResult, ResolvedKeys, ValueError,
};
use crate::core::betza::{Betza, BetzaError};
use crate::core::Bitboard;
use crate::rules::fairy::{
    CastleLayout, CountingRule, Extinction, FairyFenError, FairyPosition, FairyRules, FlagRule,
    Kind, KindSet, Verdict, MAX_KINDS,
};
use std::sync::Arc;
use thiserror::Error;

/// What is wrong with one key of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyErrorKind {
    /// A key Motley does not play.
    #[error("{0} is not supported")]
    Unsupported(String),
    /// A value Motley does not play for a key it knows.
    #[error("{key} = {value} is not supported")]
    UnsupportedValue {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A value that is not of the key's type.
    #[error("{key}: {error}")]
    Value {
        /// The key.
        key: String,
        /// Why the value was refused.
        error: ValueError,
    },
    /// A piece's Betza text.
    #[error("{key}: {error}")]
    Betza {
        /// The piece's key.
        key: String,
        /// Why its text was refused.
        error: BetzaError,
    },
    /// A piece whose letter is no letter, or is another piece's.
    #[error("{key}: '{value}' does not give the piece a letter of its own")]
    Letter {
        /// The piece's key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A piece letter in a list that no piece of the variant has.
    #[error("{key}: '{letter}' is no piece of this variant")]
    UnknownLetter {
        /// The key.
        key: String,
        /// The letter.
        letter: char,
    },
    /// More kinds than [`MAX_KINDS`].
    #[error("more than {MAX_KINDS} kinds of piece")]
    TooManyKinds,
    /// The section's parent is not to be found.
    #[error("{0}")]
    Parent(super::ini::IniErrorKind),
    /// The start position cannot be read with the variant's pieces.
    #[error("startFen: {0}")]
    StartFen(FairyFenError),
}

/// Why a variant's keys could not be read, with the line of the key (0
/// when it came from a built-in variant).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind}")]
pub struct KeyError {
    /// The line of the key, from 1; 0 for a built-in's key.
    pub line: usize,
    /// What is wrong.
    pub kind: KeyErrorKind,
}

/// The chess pieces' keys and Betza texts, before the other named ones.
const CHESS_PIECES: [(&str, &str); 5] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
];

/// Keys that only tell a screen or an engine how to show or value the
/// variant, not how it plays.
const NOT_RULES: [&str; 3] = ["variantTemplate", "pieceToCharTable", "nnueAlias"];

/// A rook's value in Fairy-Stockfish's units, middle game and endgame:
/// what `pieceValueMg` and `pieceValueEg` are scaled by (a rook is 500
/// centipawns here).
const ROOK_UNITS: [u32; 2] = [1276, 1380];

/// Keys whose default Motley plays and whose other values it does not.
const DEFAULT_ONLY: [(&str, &str); 8] = [
    ("firstRankPawnDrops", "false"),
    ("promotionZonePawnDrops", "false"),
    ("dropChecks", "true"),
    ("dropPromoted", "false"),
    ("mustDrop", "false"),
    ("flyingGeneral", "false"),
    ("pieceDemotion", "false"),
    ("piecePromotionOnCapture", "false"),
];

/// Reads a variant's keys.
pub fn fairy_rules(keys: &ResolvedKeys) -> Result<FairyRules, KeyError> {
    let mut reader = Reader {
        keys,
        used: Vec::new(),
        size: (8, 8),
    };
    let rules = reader.rules()?;
    for (key, (value, line)) in keys {
        if reader.used.contains(key) || NOT_RULES.contains(&key.as_str()) {
            continue;
        }
        let kind = match DEFAULT_ONLY.iter().find(|(k, _)| k == key) {
            Some((_, default)) if default == value => continue,
            Some(_) => KeyErrorKind::UnsupportedValue {
                key: key.clone(),
                value: value.clone(),
            },
            None => KeyErrorKind::Unsupported(key.clone()),
        };
        return Err(KeyError { line: *line, kind });
    }
    FairyPosition::start(Arc::new(rules.clone()))
        .map_err(|e| reader.error("startFen", KeyErrorKind::StartFen(e)))?;
    Ok(rules)
}

/// Reads keys, remembering which it read.
struct Reader<'a> {
    keys: &'a ResolvedKeys,
    used: Vec<String>,
    /// The board's files and ranks, which square lists are read by.
    size: (u8, u8),
}

impl Reader<'_> {
    fn get(&mut self, key: &str) -> Option<String> {
        let (value, _) = self.keys.get(key)?;
        self.used.push(key.to_string());
        Some(value.clone())
    }

    fn error(&self, key: &str, kind: KeyErrorKind) -> KeyError {
        let line = self.keys.get(key).map_or(0, |(_, l)| *l);
        KeyError { line, kind }
    }

    fn value<T>(
        &mut self,
        key: &str,
        default: T,
        read: fn(&str) -> Result<T, ValueError>,
    ) -> Result<T, KeyError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => read(&v).map_err(|error| {
                self.error(
                    key,
                    KeyErrorKind::Value {
                        key: key.to_string(),
                        error,
                    },
                )
            }),
        }
    }

    /// `pieceValueMg` and `pieceValueEg` in place of the values worked out
    /// from the moves: each in centipawns by the rook's units, the mean
    /// where both are given.
    fn piece_values(&mut self, rules: &mut FairyRules) -> Result<(), KeyError> {
        let mut given: Vec<(u8, Vec<u32>)> = Vec::new();
        for (phase, key) in ["pieceValueMg", "pieceValueEg"].into_iter().enumerate() {
            for (letter, units) in self.value(key, Vec::new(), read_piece_values)? {
                let kind = rules.kind_of_letter(letter).ok_or_else(|| {
                    self.error(
                        key,
                        KeyErrorKind::UnknownLetter {
                            key: key.to_string(),
                            letter,
                        },
                    )
                })?;
                let cp = units.saturating_mul(500) / ROOK_UNITS[phase];
                match given.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, v)) => v.push(cp),
                    None => given.push((kind, vec![cp])),
                }
            }
        }
        for (kind, cps) in given {
            let mean = cps.iter().sum::<u32>() / cps.len().max(1) as u32;
            if let Some(v) = rules.values.get_mut(usize::from(kind)) {
                *v = i32::try_from(mean).unwrap_or(i32::MAX);
            }
        }
        Ok(())
    }

    fn squares(&mut self, key: &str, default: Bitboard) -> Result<Bitboard, KeyError> {
        let (files, ranks) = self.size;
        match self.get(key) {
            None => Ok(default),
            Some(v) => read_squares(&v, files, ranks).map_err(|error| {
                let kind = KeyErrorKind::Value {
                    key: key.to_string(),
                    error,
                };
                self.error(key, kind)
            }),
        }
    }

    /// A per-side key: `keyWhite`/`keyBlack` over `key` over the default.
    fn sided<T: Copy>(
        &mut self,
        key: &str,
        default: [T; 2],
        read: &mut dyn FnMut(&mut Self, &str, T) -> Result<T, KeyError>,
    ) -> Result<[T; 2], KeyError> {
        let mut out = default;
        for (i, side) in ["White", "Black"].into_iter().enumerate() {
            let both = read(self, key, default[i])?;
            out[i] = read(self, &format!("{key}{side}"), both)?;
        }
        Ok(out)
    }

    /// `maxFile` (a letter or a number) and `maxRank`: only 8 by 8 is
    /// played, any other size is refused by name.
    fn board_size(&mut self) -> Result<(u8, u8), KeyError> {
        let mut size = [8u8; 2];
        for (i, key) in ["maxFile", "maxRank"].into_iter().enumerate() {
            let Some(value) = self.get(key) else {
                continue;
            };
            let mut chars = value.chars();
            let n = match (chars.next(), chars.next()) {
                (Some(c @ 'a'..='z'), None) if i == 0 => Some(c as u8 - b'a' + 1),
                _ => value.parse::<u8>().ok(),
            };
            if n != Some(8) {
                let kind = KeyErrorKind::UnsupportedValue {
                    key: key.into(),
                    value,
                };
                return Err(self.error(key, kind));
            }
            size[i] = 8;
        }
        Ok((size[0], size[1]))
    }

    fn rules(&mut self) -> Result<FairyRules, KeyError> {
        let (kinds, king) = self.pieces()?;
        let find = |name: &str| kinds.iter().position(|k| k.name == name).map(|i| i as u8);
        let set_of = |names: &[&str]| {
            names
                .iter()
                .filter_map(|n| find(n))
                .fold(0, |s, k| s | 1 << k)
        };
        let pawn = find("pawn");
        let (files, ranks) = self.board_size()?;
        self.size = (files, ranks);
        let mut rules = FairyRules {
            files,
            ranks,
            start_fen: self.get("startFen").unwrap_or_else(|| {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()
            }),
            king,
            pawn,
            promotion_region: [Bitboard::rank(7), Bitboard::rank(0)],
            promotion_pawns: [set_of(&["pawn"]); 2],
            promotion_pieces: [set_of(&["queen", "rook", "bishop", "knight"]); 2],
            mandatory_promotion: true,
            promoted_kind: vec![None; kinds.len()],
            piece_promoters: 0,
            mandatory_piece_promotion: false,
            double_step_region: [Bitboard::rank(1), Bitboard::rank(6)],
            triple_step_region: [Bitboard::EMPTY; 2],
            en_passant_region: [Bitboard::FULL; 2],
            en_passant_kinds: [0; 2],
            castling: true,
            castle_layout: CastleLayout::CHESS,
            castling_king: king,
            castling_rooks: set_of(&["rook"]),
            checking: true,
            must_capture: false,
            stalemate: Verdict::Draw,
            checkmate: Verdict::Loss,
            extinction: None,
            flag: None,
            check_counting: false,
            drops: false,
            captures_to_hand: false,
            blast: false,
            blast_immune: 0,
            makpong: false,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            stalemate_piece_count: false,
            counting: None,
            n_move_kinds: set_of(&["pawn"]),
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold: Verdict::Draw,
            mobility_region: vec![[Bitboard::FULL; 2]; kinds.len()],
            kinds,
            values: Vec::new(),
        };
        self.promotion_keys(&mut rules)?;
        self.move_keys(&mut rules)?;
        self.end_keys(&mut rules)?;
        rules.values = crate::rules::fairy::value::kind_values(&rules);
        self.piece_values(&mut rules)?;
        Ok(rules)
    }

    /// The pieces: chess's, the named ones, the custom ones and the king.
    fn pieces(&mut self) -> Result<(Vec<Kind>, Option<u8>), KeyError> {
        let mut named: Vec<(String, String)> = CHESS_PIECES
            .iter()
            .map(|(n, b)| (n.to_string(), b.to_string()))
            .collect();
        for (name, betza) in crate::core::betza::NAMED_PIECES {
            if !named.iter().any(|(n, _)| n == name) {
                named.push((name.to_string(), betza.to_string()));
            }
        }
        named.extend((1..=25).map(|i| (format!("customPiece{i}"), String::new())));
        named.push(("king".into(), "K".into()));
        let mut kinds: Vec<Kind> = Vec::new();
        let mut king = None;
        for (name, betza) in named {
            let Some(value) = self.get(&name) else {
                continue;
            };
            let bad_letter = |r: &Self| {
                r.error(
                    &name,
                    KeyErrorKind::Letter {
                        key: name.clone(),
                        value: value.clone(),
                    },
                )
            };
            let mut chars = value.chars();
            let letter = match chars.next() {
                Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ if !name.starts_with("customPiece") => continue,
                _ => return Err(bad_letter(self)),
            };
            let rest: String = chars.collect();
            let text = match rest.strip_prefix(':') {
                Some(t) if name.starts_with("customPiece") || name == "king" => t.to_string(),
                None if !name.starts_with("customPiece") => betza,
                _ => return Err(bad_letter(self)),
            };
            if kinds.iter().any(|k| k.letter == letter) {
                return Err(bad_letter(self));
            }
            if kinds.len() == MAX_KINDS {
                return Err(self.error(&name, KeyErrorKind::TooManyKinds));
            }
            let parsed = Betza::parse(&text).map_err(|error| {
                self.error(
                    &name,
                    KeyErrorKind::Betza {
                        key: name.clone(),
                        error,
                    },
                )
            })?;
            if name == "king" {
                king = Some(kinds.len() as u8);
            }
            kinds.push(Kind::new(letter, &name, &parsed));
        }
        Ok((kinds, king))
    }

    /// A list of piece letters (`qrbn`); `*` is every kind.
    fn kind_set(
        &mut self,
        rules: &FairyRules,
        key: &str,
        default: KindSet,
    ) -> Result<KindSet, KeyError> {
        let Some(value) = self.get(key) else {
            return Ok(default);
        };
        let mut set = 0;
        for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            if c == '*' {
                set |= (1u32 << rules.kinds.len()) - 1;
                continue;
            }
            let kind = rules.kind_of_letter(c).ok_or_else(|| {
                self.error(
                    key,
                    KeyErrorKind::UnknownLetter {
                        key: key.to_string(),
                        letter: c,
                    },
                )
            })?;
            set |= 1 << kind;
        }
        Ok(set)
    }

    fn sided_kinds(
        &mut self,
        rules: &FairyRules,
        key: &str,
        default: [KindSet; 2],
    ) -> Result<[KindSet; 2], KeyError> {
        self.sided(key, default, &mut |r, k, d| r.kind_set(rules, k, d))
    }

    fn promotion_keys(&mut self, rules: &mut FairyRules) -> Result<(), KeyError> {
        rules.promotion_region =
            self.sided("promotionRegion", rules.promotion_region, &mut |r, k, d| {
                r.squares(k, d)
            })?;
        rules.promotion_pawns =
            self.sided_kinds(rules, "promotionPawnTypes", rules.promotion_pawns)?;
        rules.promotion_pieces =
            self.sided_kinds(rules, "promotionPieceTypes", rules.promotion_pieces)?;
        rules.mandatory_promotion = self.value("mandatoryPawnPromotion", true, read_bool)?;
        self.promoted_kinds(rules)?;
        rules.mandatory_piece_promotion =
            self.value("mandatoryPiecePromotion", false, read_bool)?;
        Ok(())
    }

    /// `promotedPieceType`: each kind and what it promotes to (`p:g n:e`).
    fn promoted_kinds(&mut self, rules: &mut FairyRules) -> Result<(), KeyError> {
        let key = "promotedPieceType";
        for (from, to) in self.value(key, Vec::new(), read_piece_pairs)? {
            let kind_of = |r: &Self, letter: char| {
                rules.kind_of_letter(letter).ok_or_else(|| {
                    let kind = KeyErrorKind::UnknownLetter {
                        key: key.into(),
                        letter,
                    };
                    r.error(key, kind)
                })
            };
            let (from, to) = (kind_of(self, from)?, kind_of(self, to)?);
            rules.promoted_kind[usize::from(from)] = Some(to);
            rules.piece_promoters |= 1 << from;
        }
        Ok(())
    }

    fn move_keys(&mut self, rules: &mut FairyRules) -> Result<(), KeyError> {
        let double = self.value("doubleStep", true, read_bool)?;
        let region = self.sided(
            "doubleStepRegion",
            rules.double_step_region,
            &mut |r, k, d| r.squares(k, d),
        )?;
        rules.double_step_region = if double { region } else { [Bitboard::EMPTY; 2] };
        rules.triple_step_region = self.sided(
            "tripleStepRegion",
            rules.triple_step_region,
            &mut |r, k, d| r.squares(k, d),
        )?;
        rules.en_passant_region = self.sided(
            "enPassantRegion",
            rules.en_passant_region,
            &mut |r, k, d| r.squares(k, d),
        )?;
        let marked = (0..rules.kinds.len())
            .filter(|&k| rules.kinds[k].takes_en_passant || Some(k as u8) == rules.pawn)
            .fold(0, |set, k| set | 1 << k);
        // The pawn takes en passant whatever the list says, as in
        // Fairy-Stockfish: the key adds or removes the other kinds.
        let pawn = rules.pawn.map_or(0, |k| 1 << k);
        rules.en_passant_kinds = self
            .sided_kinds(rules, "enPassantTypes", [marked; 2])?
            .map(|set| set | pawn);
        rules.castling = self.value("castling", true, read_bool)?;
        rules.castle_layout = self.castle_layout()?;
        let kings = self.sided_kinds(
            rules,
            "castlingKingPiece",
            [rules.castling_king.map_or(0, |k| 1 << k); 2],
        )?;
        let rooks = self.sided_kinds(rules, "castlingRookPieces", [rules.castling_rooks; 2])?;
        if kings[0] != kings[1] || kings[0].count_ones() > 1 || rooks[0] != rooks[1] {
            let kind = KeyErrorKind::Unsupported("castling pieces that differ by side".into());
            let keys = ["castlingKingPiece", "castlingRookPieces"];
            let key = keys
                .iter()
                .flat_map(|k| [format!("{k}White"), format!("{k}Black"), k.to_string()])
                .find(|k| self.keys.contains_key(k))
                .unwrap_or_default();
            return Err(self.error(&key, kind));
        }
        rules.castling_king = (kings[0] != 0).then(|| kings[0].trailing_zeros() as u8);
        rules.castling_rooks = rooks[0];
        rules.checking = self.value("checking", true, read_bool)?;
        rules.must_capture = self.value("mustCapture", false, read_bool)?;
        for i in 0..rules.kinds.len() {
            let mut name = rules.kinds[i].name.clone();
            if let Some(first) = name.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            for (side, color) in [(0, "White"), (1, "Black")] {
                let key = format!("mobilityRegion{color}{name}");
                rules.mobility_region[i][side] = self.squares(&key, Bitboard::FULL)?;
            }
        }
        Ok(())
    }

    /// Where the king starts and goes when castling, and on which rank:
    /// files from b to g, the king's start between the two ends, and the
    /// rooks' corners free of the king (`castlingKingFile` and the rest).
    fn castle_layout(&mut self) -> Result<CastleLayout, KeyError> {
        let keys = [
            ("castlingKingFile", 4),
            ("castlingKingsideFile", 6),
            ("castlingQueensideFile", 2),
        ];
        let mut files = [0u8; 3];
        for (i, (key, default)) in keys.into_iter().enumerate() {
            files[i] = match self.get(key) {
                None => default,
                Some(value) => match value.as_bytes() {
                    [c @ b'b'..=b'g'] => c - b'a',
                    _ => return Err(self.unsupported(key, value)),
                },
            };
        }
        let [king, kingside, queenside] = files;
        if !(queenside <= king && king <= kingside) {
            let value = self
                .keys
                .get("castlingKingFile")
                .map_or("e".into(), |(v, _)| v.clone());
            return Err(self.unsupported("castlingKingFile", value));
        }
        let rank = match self.get("castlingRank") {
            None => 0,
            Some(value) => match value.parse::<u8>() {
                Ok(r @ 1..=8) => r - 1,
                _ => return Err(self.unsupported("castlingRank", value)),
            },
        };
        Ok(CastleLayout::new(king, kingside, queenside, rank))
    }

    fn unsupported(&self, key: &str, value: String) -> KeyError {
        let kind = KeyErrorKind::UnsupportedValue {
            key: key.into(),
            value,
        };
        self.error(key, kind)
    }

    fn verdict(&mut self, key: &str, default: IniResult) -> Result<Option<Verdict>, KeyError> {
        Ok(match self.value(key, default, read_result)? {
            IniResult::Win => Some(Verdict::Win),
            IniResult::Loss => Some(Verdict::Loss),
            IniResult::Draw => Some(Verdict::Draw),
            IniResult::None => None,
        })
    }

    fn end_keys(&mut self, rules: &mut FairyRules) -> Result<(), KeyError> {
        rules.stalemate = self
            .verdict("stalemateValue", IniResult::Draw)?
            .unwrap_or(Verdict::Draw);
        rules.stalemate_piece_count = self.value("stalematePieceCount", false, read_bool)?;
        let on_stalemate = self.sided("passOnStalemate", [false; 2], &mut |r, k, d| {
            r.value(k, d, read_bool)
        })?;
        let always = self.sided("pass", [false; 2], &mut |r, k, d| r.value(k, d, read_bool))?;
        rules.pass_on_stalemate = on_stalemate;
        rules.pass = [0, 1].map(|side| always[side] || on_stalemate[side]);
        rules.checkmate = self
            .verdict("checkmateValue", IniResult::Loss)?
            .unwrap_or(Verdict::Loss);
        let extinction = self.verdict("extinctionValue", IniResult::None)?;
        let kinds = self.kind_set(rules, "extinctionPieceTypes", 0)?;
        let all_pieces = self
            .keys
            .get("extinctionPieceTypes")
            .is_some_and(|(v, _)| v.contains('*'));
        let count = self.value("extinctionPieceCount", 0, read_number)?;
        let opponent_count = self.value("extinctionOpponentPieceCount", 0, read_number)?;
        let claim = self.value("extinctionClaim", false, read_bool)?;
        let pseudo_royal = self.value("extinctionPseudoRoyal", false, read_bool)?;
        rules.extinction = extinction.map(|verdict| Extinction {
            verdict,
            kinds: if all_pieces { 0 } else { kinds },
            all_pieces,
            count,
            opponent_count,
            claim,
            pseudo_royal,
        });
        let kinds = self.sided_kinds(rules, "flagPiece", [0; 2])?;
        let region = self.sided("flagRegion", [Bitboard::EMPTY; 2], &mut |r, k, d| {
            r.squares(k, d)
        })?;
        let flag_move = self.value("flagMove", false, read_bool)?;
        if kinds.iter().any(|s| s.count_ones() > 1) {
            let kind = KeyErrorKind::Unsupported("a flag of more than one kind".into());
            return Err(self.error("flagPiece", kind));
        }
        if region != [Bitboard::EMPTY; 2] {
            let one = |s: KindSet| (s != 0).then(|| s.trailing_zeros() as u8);
            rules.flag = Some(FlagRule {
                kind: kinds.map(one),
                region,
                flag_move,
            });
        }
        rules.check_counting = self.value("checkCounting", false, read_bool)?;
        rules.makpong = self.value("makpongRule", false, read_bool)?;
        rules.drops = self.value("pieceDrops", false, read_bool)?;
        rules.captures_to_hand = self.value("capturesToHand", false, read_bool)?;
        if rules.captures_to_hand && !rules.drops {
            let kind = KeyErrorKind::Unsupported("capturesToHand without pieceDrops".into());
            return Err(self.error("capturesToHand", kind));
        }
        rules.blast = self.value("blastOnCapture", false, read_bool)?;
        rules.blast_immune = self.kind_set(rules, "blastImmuneTypes", 0)?;
        rules.counting = match self.get("countingRule").as_deref() {
            None | Some("none") => None,
            Some("makruk") => Some(CountingRule::Makruk),
            Some("asean") => Some(CountingRule::Asean),
            Some(other) => {
                let kind = KeyErrorKind::UnsupportedValue {
                    key: "countingRule".into(),
                    value: other.to_string(),
                };
                return Err(self.error("countingRule", kind));
            }
        };
        rules.n_move_rule = self.value("nMoveRule", 50, read_number)?;
        let kinds = self.sided_kinds(rules, "nMoveRuleTypes", [rules.n_move_kinds; 2])?;
        rules.n_move_kinds = kinds[0] | kinds[1];
        rules.n_fold_rule = self.value("nFoldRule", 3, read_number)?;
        rules.n_fold = self
            .verdict("nFoldValue", IniResult::Draw)?
            .unwrap_or(Verdict::Draw);
        Ok(())
    }
}
