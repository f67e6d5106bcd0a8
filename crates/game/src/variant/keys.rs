//! A variant's Fairy-Stockfish keys ([`crate::variant::ini`]) read into
//! [`FairyRules`], each with the meaning Fairy-Stockfish gives it
//! (docs/rules.md, "Variants from data"). A key Motley does not play, or
//! a value of one it plays only in part, refuses the variant with its
//! name, and a key Fairy-Stockfish does not know either is called
//! unknown, with the nearest known key: a variant is never played with a
//! rule left out. Every key is read, so that every error of a section is
//! reported at once.

use crate::variant::ini::{
    read_bool, read_grid_squares, read_number, read_piece_pairs, read_piece_values, read_result,
    IniResult, ResolvedKeys, ValueError,
};
use crate::variant::key_names;
use motley_rules::core::betza::Betza;
use motley_rules::core::grid::{Grid, Grid12, Grid16, Grid8, GridSet, GridSquare};
use motley_rules::fairy::{
    CastleLayout, CountingRule, Extinction, FairyGrid, FairyPosition, FairyRules, FlagRule, Kind,
    KindSet, SizedRules, Verdict, MAX_KINDS,
};
use std::sync::Arc;

mod board;
mod drops;
mod errors;

use board::board_size_of;

pub use errors::{KeyError, KeyErrorKind, KeyErrors};

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
const NOT_RULES: [&str; 4] = [
    "variantTemplate",
    "pieceToCharTable",
    "nnueAlias",
    "pocketSize",
];

/// A rook's value in Fairy-Stockfish's units, middle game and endgame:
/// what `pieceValueMg` and `pieceValueEg` are scaled by (a rook is 500
/// centipawns here).
const ROOK_UNITS: [u32; 2] = [1276, 1380];

/// Keys whose default Motley plays and whose other values it does not.
const DEFAULT_ONLY: [(&str, &str); 0] = [];

/// Reads a variant's keys for play on chess's 8×8 board: its rules, or
/// every error found in them. Another size is refused by name; games
/// read it with [`wide_rules`].
pub fn fairy_rules(keys: &ResolvedKeys) -> Result<FairyRules, KeyErrors> {
    match sized_rules(keys)? {
        SizedRules::Grid8(rules) if (rules.files, rules.ranks) == (8, 8) => {
            refuse_counted_only(keys, &rules)?;
            Ok(Arc::unwrap_or_clone(rules))
        }
        other => {
            let (files, ranks) = other.size();
            let key = if files != 8 { "maxFile" } else { "maxRank" };
            let line = keys.get(key).map_or(0, |(_, l)| *l);
            Err(KeyErrors(vec![KeyError {
                line,
                kind: KeyErrorKind::Needs8x8 { files, ranks },
            }]))
        }
    }
}

/// Reads a variant's keys for play on a board of another size than 8×8,
/// on the 16×16 grid every such game is played on
/// ([`motley_rules::fairy::WideFairy`]).
pub fn wide_rules(keys: &ResolvedKeys) -> Result<FairyRules<Grid16>, KeyErrors> {
    let rules = rules_in_grid::<Grid16>(keys)?;
    refuse_counted_only(keys, &rules)?;
    Ok(rules)
}

/// Whether a variant's board is chess's 8×8, which games play on chess's
/// squares; every other size is played on the 16×16 grid.
pub fn is_8x8(keys: &ResolvedKeys) -> bool {
    board_size_of(keys) == (8, 8)
}

/// Refuses the keys perft counts but games do not play yet
/// (`pieceDemotion`, `dropPromoted`): their moves would share a text
/// with another move's.
fn refuse_counted_only<G: Grid>(
    keys: &ResolvedKeys,
    rules: &FairyRules<G>,
) -> Result<(), KeyErrors> {
    let counted_only = [
        ("pieceDemotion", rules.piece_demotion),
        ("dropPromoted", rules.drop_promoted),
    ];
    match counted_only.into_iter().find(|(_, on)| *on) {
        Some((key, _)) => Err(KeyErrors(vec![KeyError {
            line: keys.get(key).map_or(0, |(_, l)| *l),
            kind: KeyErrorKind::NotPlayedYet(key.into()),
        }])),
        None => Ok(()),
    }
}

/// Reads a variant's keys on a board of any size from 1×1 to 16×16,
/// in the smallest grid that holds it.
pub fn sized_rules(keys: &ResolvedKeys) -> Result<SizedRules, KeyErrors> {
    let (files, ranks) = board_size_of(keys);
    if files <= Grid8::FILES && ranks <= Grid8::RANKS {
        rules_in_grid::<Grid8>(keys).map(|r| SizedRules::Grid8(Arc::new(r)))
    } else if files <= Grid12::FILES && ranks <= Grid12::RANKS {
        rules_in_grid::<Grid12>(keys).map(|r| SizedRules::Grid12(Arc::new(r)))
    } else {
        rules_in_grid::<Grid16>(keys).map(|r| SizedRules::Grid16(Arc::new(r)))
    }
}

/// Reads a variant's keys into grid `G`, which must hold its board: a
/// board may be read into a larger grid than it needs, so that the tests
/// check each grid's sets against another's.
pub fn rules_in_grid<G: FairyGrid>(keys: &ResolvedKeys) -> Result<FairyRules<G>, KeyErrors> {
    let mut reader = Reader::<G> {
        keys,
        used: Vec::new(),
        size: (8, 8),
        errors: Vec::new(),
        grid: std::marker::PhantomData,
        pawn_types: None,
    };
    let rules = reader.rules();
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
            None => unread_key(key),
        };
        reader.errors.push(KeyError { line: *line, kind });
    }
    if let Some(rules) = rules.filter(|_| reader.errors.is_empty()) {
        match FairyPosition::start(Arc::new(rules.clone())) {
            Ok(_) => return Ok(rules),
            Err(e) => {
                let e = reader.error("startFen", KeyErrorKind::StartFen(e));
                reader.errors.push(e);
            }
        }
    }
    reader.errors.sort_by_key(|e| e.line);
    reader.errors.dedup();
    Err(KeyErrors(reader.errors))
}

/// Reads keys, remembering which it read and every error found: a key
/// that cannot be read is noted and its default taken, so that the keys
/// after it are read too.
struct Reader<'a, G> {
    keys: &'a ResolvedKeys,
    used: Vec<String>,
    /// The board's files and ranks, which square lists are read by.
    size: (u8, u8),
    /// What was wrong, in the order found.
    errors: Vec<KeyError>,
    /// The grid the board is read into.
    grid: std::marker::PhantomData<G>,
    /// `pawnTypes`, where given: the default of the promoting kinds, the
    /// en passant kinds and the kinds whose moves restart the move count.
    pawn_types: Option<KindSet>,
}

impl<G: FairyGrid> Reader<'_, G> {
    fn get(&mut self, key: &str) -> Option<String> {
        let (value, _) = self.keys.get(key)?;
        self.used.push(key.to_string());
        Some(value.clone())
    }

    fn error(&self, key: &str, kind: KeyErrorKind) -> KeyError {
        let line = self.keys.get(key).map_or(0, |(_, l)| *l);
        KeyError { line, kind }
    }

    /// Notes an error of `key`.
    fn refuse(&mut self, key: &str, kind: KeyErrorKind) {
        let e = self.error(key, kind);
        self.errors.push(e);
    }

    /// `key`'s value read by `read`, or `default` when it is not given
    /// (or cannot be read: then the error is noted).
    fn value<T>(
        &mut self,
        key: &str,
        default: T,
        read: impl FnOnce(&str) -> Result<T, ValueError>,
    ) -> T {
        let Some(v) = self.get(key) else {
            return default;
        };
        match read(&v) {
            Ok(value) => value,
            Err(error) => {
                let key_name = key.to_string();
                self.refuse(
                    key,
                    KeyErrorKind::Value {
                        key: key_name,
                        error,
                    },
                );
                default
            }
        }
    }

    /// `pieceValueMg` and `pieceValueEg` in place of the values worked out
    /// from the moves: each in centipawns by the rook's units, the mean
    /// where both are given.
    fn piece_values(&mut self, rules: &mut FairyRules<G>) {
        let mut given: Vec<(u8, Vec<u32>)> = Vec::new();
        for (phase, key) in ["pieceValueMg", "pieceValueEg"].into_iter().enumerate() {
            for (letter, units) in self.value(key, Vec::new(), read_piece_values) {
                let Some(kind) = self.letter_kind(rules, key, letter) else {
                    continue;
                };
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
    }

    /// The kind of a letter in `key`'s list, or the error noted.
    fn letter_kind(&mut self, rules: &FairyRules<G>, key: &str, letter: char) -> Option<u8> {
        let kind = rules.kind_of_letter(letter);
        if kind.is_none() {
            let key_name = key.to_string();
            self.refuse(
                key,
                KeyErrorKind::UnknownLetter {
                    key: key_name,
                    letter,
                },
            );
        }
        kind
    }

    fn squares(&mut self, key: &str, default: G::Set) -> G::Set {
        let (files, ranks) = self.size;
        self.value(key, default, |v| read_grid_squares::<G>(v, files, ranks))
    }

    /// A per-side key: `keyWhite`/`keyBlack` over `key` over the default.
    fn sided<T: Copy>(
        &mut self,
        key: &str,
        default: [T; 2],
        read: &mut dyn FnMut(&mut Self, &str, T) -> T,
    ) -> [T; 2] {
        let mut out = default;
        for (i, side) in ["White", "Black"].into_iter().enumerate() {
            let both = read(self, key, default[i]);
            out[i] = read(self, &format!("{key}{side}"), both);
        }
        out
    }

    /// The rules, or `None` when the pieces could not be read (the keys
    /// are still all read, for their errors).
    fn rules(&mut self) -> Option<FairyRules<G>> {
        let pieces = self.pieces();
        let pieces_read = pieces.is_some();
        let (files, ranks) = self.board_size();
        self.size = (files, ranks);
        let (kinds, king) = match pieces {
            Some(pieces) => pieces,
            // The other keys are read against chess's pieces, so that
            // their own errors are found too.
            None => self.chess_pieces(),
        };
        let find = |name: &str| kinds.iter().position(|k| k.name == name).map(|i| i as u8);
        let set_of = |names: &[&str]| {
            names
                .iter()
                .filter_map(|n| find(n))
                .fold(0, |s, k| s | 1 << k)
        };
        let pawn = find("pawn");
        let board = G::board(files, ranks);
        let mut rules = FairyRules {
            files,
            ranks,
            board,
            start_fen: self.get("startFen").unwrap_or_else(|| {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()
            }),
            king,
            pawn,
            promotion_region: [G::Set::rank(7) & board, G::Set::rank(0) & board],
            promotion_pawns: [set_of(&["pawn"]); 2],
            promotion_pieces: [set_of(&["queen", "rook", "bishop", "knight"]); 2],
            mandatory_promotion: true,
            promoted_kind: vec![None; kinds.len()],
            piece_promoters: 0,
            mandatory_piece_promotion: false,
            promotion_limit: vec![0; kinds.len()],
            immobile: vec![[G::Set::EMPTY; 2]; kinds.len()],
            listed_kinds: 0,
            immobile_kinds: 0,
            double_step_region: [G::Set::rank(1) & board, G::Set::rank(6) & board],
            triple_step_region: [G::Set::EMPTY; 2],
            en_passant_region: [board; 2],
            en_passant_kinds: [0; 2],
            castling: true,
            castle_layout: CastleLayout::none(),
            castling_king: king,
            castling_rooks: set_of(&["rook"]),
            chess960: false,
            pawn_drop_mate: None,
            flying_general: false,
            drop_loop: false,
            opposite_bishops: None,
            castling_dropped_piece: false,
            checking: true,
            must_capture: false,
            stalemate: Verdict::Draw,
            checkmate: Verdict::Loss,
            extinction: None,
            flag: None,
            check_counting: false,
            drops: false,
            drop_region: [board; 2],
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_no_doubled: None,
            drop_no_doubled_count: 1,
            drop_checks: true,
            drop_promoted: false,
            must_drop: 0,
            piece_promotion_on_capture: false,
            piece_demotion: false,
            demoting_kinds: 0,
            perpetual_check_illegal: false,
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
            n_fold_absolute: false,
            mobility_region: vec![[board; 2]; kinds.len()],
            kinds,
            values: Vec::new(),
        };
        self.rule_keys(&mut rules);
        pieces_read.then_some(rules)
    }

    /// Every key but the pieces' and the board's, read into `rules`
    /// (chess's defaults), then the pieces' values made from them.
    fn rule_keys(&mut self, rules: &mut FairyRules<G>) {
        if self.keys.contains_key("pawnTypes") {
            let types = self.kind_set(rules, "pawnTypes", 0);
            rules.promotion_pawns = [types; 2];
            rules.n_move_kinds = types;
            self.pawn_types = Some(types);
        }
        self.promotion_keys(rules);
        self.move_keys(rules);
        self.end_keys(rules);
        rules.values = motley_rules::fairy::value::kind_values(rules);
        self.piece_values(rules);
    }

    /// Chess's six kinds, which the keys are read against when the
    /// variant's own pieces could not be read.
    fn chess_pieces(&self) -> (Vec<Kind<G>>, Option<u8>) {
        let mut kinds: Vec<Kind<G>> = CHESS_PIECES
            .iter()
            .chain(&[("king", "K")])
            .filter_map(|(name, betza)| {
                let letter = if *name == "knight" {
                    'N'
                } else {
                    name.chars().next()?
                };
                let parsed = Betza::parse(betza).ok()?;
                Some(Kind::new(letter.to_ascii_uppercase(), name, &parsed))
            })
            .collect();
        kinds.truncate(MAX_KINDS);
        let king = Some(kinds.len().saturating_sub(1) as u8);
        (kinds, king)
    }

    /// The pieces: chess's, the named ones, the custom ones and the king,
    /// in Fairy-Stockfish's order. As there, a piece given the letter of
    /// one before it takes that letter and the other piece is gone
    /// (`customPiece1 = p:…` replaces the pawn). `None` when a piece
    /// could not be read (its error is noted).
    fn pieces(&mut self) -> Option<(Vec<Kind<G>>, Option<u8>)> {
        let mut read: Vec<(char, String, Betza)> = Vec::new();
        let mut good = true;
        for (name, betza) in piece_keys() {
            let Some(value) = self.get(&name) else {
                continue;
            };
            match self.piece(&name, &betza, &value) {
                Ok(None) => {}
                Ok(Some((letter, parsed))) => {
                    read.retain(|(l, _, _)| *l != letter);
                    read.push((letter, name, parsed));
                }
                Err(kind) => {
                    self.refuse(&name, kind);
                    good = false;
                }
            }
        }
        if read.len() > MAX_KINDS {
            let last = read.last().map(|(_, n, _)| n.clone()).unwrap_or_default();
            self.refuse(&last, KeyErrorKind::TooManyKinds);
            return None;
        }
        let king = read
            .iter()
            .position(|(_, n, _)| n == "king")
            .map(|i| i as u8);
        let kinds = read
            .iter()
            .map(|(letter, name, parsed)| Kind::new(*letter, name, parsed))
            .collect();
        good.then_some((kinds, king))
    }

    /// One piece key's letter and moves; `None` when its value removes it
    /// (`-`, or anything but a letter for a named piece, as in
    /// Fairy-Stockfish).
    fn piece(
        &self,
        name: &str,
        betza: &str,
        value: &str,
    ) -> Result<Option<(char, Betza)>, KeyErrorKind> {
        let custom = name.starts_with("customPiece");
        let bad_letter = || KeyErrorKind::Letter {
            key: name.to_string(),
            value: motley_rules::core::quote::clip(value),
            custom: custom || name == "king",
        };
        let mut chars = value.chars();
        let letter = match chars.next() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ if !custom => return Ok(None),
            _ => return Err(bad_letter()),
        };
        let rest: String = chars.collect();
        let text = match rest.strip_prefix(':') {
            Some(t) if custom || name == "king" => t.to_string(),
            None if !custom => betza.to_string(),
            _ => return Err(bad_letter()),
        };
        let parsed = Betza::parse(&text).map_err(|error| KeyErrorKind::Betza {
            key: name.to_string(),
            error,
        })?;
        Ok(Some((letter, parsed)))
    }

    /// A list of piece letters (`qrbn`); `*` is every kind.
    fn kind_set(&mut self, rules: &FairyRules<G>, key: &str, default: KindSet) -> KindSet {
        let Some(value) = self.get(key) else {
            return default;
        };
        let mut set = 0;
        for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            if c == '*' {
                set |= (1u32 << rules.kinds.len()) - 1;
                continue;
            }
            if let Some(kind) = self.letter_kind(rules, key, c) {
                set |= 1 << kind;
            }
        }
        set
    }

    fn sided_kinds(
        &mut self,
        rules: &FairyRules<G>,
        key: &str,
        default: [KindSet; 2],
    ) -> [KindSet; 2] {
        self.sided(key, default, &mut |r, k, d| r.kind_set(rules, k, d))
    }

    fn promotion_keys(&mut self, rules: &mut FairyRules<G>) {
        rules.promotion_region =
            self.sided("promotionRegion", rules.promotion_region, &mut |r, k, d| {
                r.squares(k, d)
            });
        rules.promotion_pawns =
            self.sided_kinds(rules, "promotionPawnTypes", rules.promotion_pawns);
        rules.promotion_pieces =
            self.sided_kinds(rules, "promotionPieceTypes", rules.promotion_pieces);
        rules.mandatory_promotion = self.value("mandatoryPawnPromotion", true, read_bool);
        self.promoted_kinds(rules);
        rules.mandatory_piece_promotion = self.value("mandatoryPiecePromotion", false, read_bool);
        rules.piece_promotion_on_capture = self.value("piecePromotionOnCapture", false, read_bool);
        rules.piece_demotion = self.value("pieceDemotion", false, read_bool);
        if rules.piece_demotion {
            rules.demoting_kinds = rules
                .promoted_kind
                .iter()
                .flatten()
                .fold(0, |set, &k| set | 1 << k);
            rules.listed_kinds |= rules.demoting_kinds;
        }
        rules.drop_promoted = self.value("dropPromoted", false, read_bool);
        rules.perpetual_check_illegal = self.value("perpetualCheckIllegal", false, read_bool);
        for (letter, limit) in self.value("promotionLimit", Vec::new(), read_piece_values) {
            if let Some(kind) = self.letter_kind(rules, "promotionLimit", letter) {
                rules.promotion_limit[usize::from(kind)] = limit;
            }
        }
        if rules.promotion_limit.iter().any(|&l| l > 0) {
            rules.listed_kinds |= rules.promotion_pawns[0] | rules.promotion_pawns[1];
        }
        if self.value("immobilityIllegal", false, read_bool) {
            self.immobility(rules);
        }
    }

    /// `promotedPieceType`: each kind and what it promotes to (`p:g n:e`).
    fn promoted_kinds(&mut self, rules: &mut FairyRules<G>) {
        let key = "promotedPieceType";
        for (from, to) in self.value(key, Vec::new(), read_piece_pairs) {
            let from = self.letter_kind(rules, key, from);
            let to = self.letter_kind(rules, key, to);
            if let (Some(from), Some(to)) = (from, to) {
                rules.promoted_kind[usize::from(from)] = Some(to);
                rules.piece_promoters |= 1 << from;
            }
        }
    }

    fn move_keys(&mut self, rules: &mut FairyRules<G>) {
        let double = self.value("doubleStep", true, read_bool);
        let region = self.sided(
            "doubleStepRegion",
            rules.double_step_region,
            &mut |r, k, d| r.squares(k, d),
        );
        rules.double_step_region = if double { region } else { [G::Set::EMPTY; 2] };
        rules.triple_step_region = self.sided(
            "tripleStepRegion",
            rules.triple_step_region,
            &mut |r, k, d| r.squares(k, d),
        );
        rules.en_passant_region = self.sided(
            "enPassantRegion",
            rules.en_passant_region,
            &mut |r, k, d| r.squares(k, d),
        );
        let marked = (0..rules.kinds.len())
            .filter(|&k| rules.kinds[k].takes_en_passant || Some(k as u8) == rules.pawn)
            .fold(0, |set, k| set | 1 << k);
        // The pawn takes en passant whatever the list says, as in
        // Fairy-Stockfish: the key adds or removes the other kinds.
        let pawn = rules.pawn.map_or(0, |k| 1 << k);
        let marked = self.pawn_types.unwrap_or(marked);
        rules.en_passant_kinds = self
            .sided_kinds(rules, "enPassantTypes", [marked; 2])
            .map(|set| set | pawn);
        rules.castling = self.value("castling", true, read_bool);
        // A board too small for castling's squares castles never, as in
        // Fairy-Stockfish, unless its start claims a right.
        let start_castles = rules
            .start_fen
            .split_whitespace()
            .nth(2)
            .is_some_and(|rights| rights != "-");
        self.castling_pieces(rules);
        rules.castle_layout = self.castle_layout(rules.castling && start_castles, rules);
        rules.chess960 = self.value("chess960", false, read_bool);
        rules.flying_general = self.value("flyingGeneral", false, read_bool);
        // Xiangqi's soldier: its river is cut into its own tables.
        let soldier = (0..rules.kinds.len()).find(|&k| rules.kinds[k].name == "soldier");
        let river = self.value("soldierPromotionRank", 1, read_number).max(1);
        if rules.flying_general {
            // The king's moves are listed and tried, so that one onto
            // the other king's open file is refused.
            rules.listed_kinds |= rules.king.map_or(0, |k| 1 << k);
        }
        if let Some(k) = soldier {
            let (board, ranks) = (rules.board, rules.ranks);
            soldier_moves(&mut rules.kinds[k], river, ranks, board);
        }
        rules.castling_dropped_piece = self.value("castlingDroppedPiece", false, read_bool);
        if self.value("shogiPawnDropMateIllegal", false, read_bool) {
            rules.pawn_drop_mate = (0..rules.kinds.len())
                .find(|&k| rules.kinds[k].name == "shogiPawn")
                .map(|k| k as u8);
        }
        rules.checking = self.value("checking", true, read_bool);
        rules.must_capture = self.value("mustCapture", false, read_bool);
        for i in 0..rules.kinds.len() {
            let mut name = rules.kinds[i].name.clone();
            if let Some(first) = name.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            for (side, color) in [(0, "White"), (1, "Black")] {
                let key = format!("mobilityRegion{color}{name}");
                rules.mobility_region[i][side] = self.squares(&key, rules.board);
            }
        }
    }

    /// `castlingKingPiece` and `castlingRookPieces`, the same for both
    /// sides and one king kind (what Motley plays).
    fn castling_pieces(&mut self, rules: &mut FairyRules<G>) {
        let kings = self.sided_kinds(
            rules,
            "castlingKingPiece",
            [rules.castling_king.map_or(0, |k| 1 << k); 2],
        );
        let rooks = self.sided_kinds(rules, "castlingRookPieces", [rules.castling_rooks; 2]);
        if kings[0] != kings[1] || kings[0].count_ones() > 1 || rooks[0] != rooks[1] {
            let kind = KeyErrorKind::Unsupported("castling pieces that differ by side".into());
            let keys = ["castlingKingPiece", "castlingRookPieces"];
            let key = keys
                .iter()
                .flat_map(|k| [format!("{k}White"), format!("{k}Black"), k.to_string()])
                .find(|k| self.keys.contains_key(k))
                .unwrap_or_default();
            return self.refuse(&key, kind);
        }
        rules.castling_king = (kings[0] != 0).then(|| kings[0].trailing_zeros() as u8);
        rules.castling_rooks = rooks[0];
    }

    fn unsupported(&mut self, key: &str, value: String) {
        let kind = KeyErrorKind::UnsupportedValue {
            key: key.into(),
            value,
        };
        self.refuse(key, kind);
    }

    fn verdict(&mut self, key: &str, default: IniResult) -> Option<Verdict> {
        match self.value(key, default, read_result) {
            IniResult::Win => Some(Verdict::Win),
            IniResult::Loss => Some(Verdict::Loss),
            IniResult::Draw => Some(Verdict::Draw),
            IniResult::None => None,
        }
    }

    fn end_keys(&mut self, rules: &mut FairyRules<G>) {
        rules.stalemate = self
            .verdict("stalemateValue", IniResult::Draw)
            .unwrap_or(Verdict::Draw);
        rules.stalemate_piece_count = self.value("stalematePieceCount", false, read_bool);
        let on_stalemate = self.sided("passOnStalemate", [false; 2], &mut |r, k, d| {
            r.value(k, d, read_bool)
        });
        let always = self.sided("pass", [false; 2], &mut |r, k, d| r.value(k, d, read_bool));
        rules.pass_on_stalemate = on_stalemate;
        rules.pass = [0, 1].map(|side| always[side] || on_stalemate[side]);
        rules.checkmate = self
            .verdict("checkmateValue", IniResult::Loss)
            .unwrap_or(Verdict::Loss);
        self.extinction_keys(rules);
        self.flag_keys(rules);
        rules.check_counting = self.value("checkCounting", false, read_bool);
        rules.makpong = self.value("makpongRule", false, read_bool);
        rules.drops = self.value("pieceDrops", false, read_bool);
        rules.captures_to_hand = self.value("capturesToHand", false, read_bool);
        if rules.captures_to_hand && !rules.drops {
            let kind = KeyErrorKind::Unsupported("capturesToHand without pieceDrops".into());
            self.refuse("capturesToHand", kind);
        }
        self.drop_keys(rules);
        rules.blast = self.value("blastOnCapture", false, read_bool);
        rules.blast_immune = self.kind_set(rules, "blastImmuneTypes", 0);
        rules.counting = match self.get("countingRule").as_deref() {
            None | Some("none") => None,
            Some("makruk") => Some(CountingRule::Makruk),
            Some("asean") => Some(CountingRule::Asean),
            Some(other) => {
                self.unsupported("countingRule", other.to_string());
                None
            }
        };
        rules.n_move_rule = self.value("nMoveRule", 50, read_number);
        let kinds = self.sided_kinds(rules, "nMoveRuleTypes", [rules.n_move_kinds; 2]);
        rules.n_move_kinds = kinds[0] | kinds[1];
        rules.n_fold_rule = self.value("nFoldRule", 3, read_number);
        rules.n_fold = self
            .verdict("nFoldValue", IniResult::Draw)
            .unwrap_or(Verdict::Draw);
        rules.n_fold_absolute = self.value("nFoldValueAbsolute", false, read_bool);
    }

    fn extinction_keys(&mut self, rules: &mut FairyRules<G>) {
        let extinction = self.verdict("extinctionValue", IniResult::None);
        let kinds = self.kind_set(rules, "extinctionPieceTypes", 0);
        let all_pieces = self
            .keys
            .get("extinctionPieceTypes")
            .is_some_and(|(v, _)| v.contains('*'));
        let count = self.value("extinctionPieceCount", 0, read_number);
        let opponent_count = self.value("extinctionOpponentPieceCount", 0, read_number);
        let claim = self.value("extinctionClaim", false, read_bool);
        let pseudo_royal = self.value("extinctionPseudoRoyal", false, read_bool);
        rules.extinction = extinction.map(|verdict| Extinction {
            verdict,
            kinds: if all_pieces { 0 } else { kinds },
            all_pieces,
            count,
            opponent_count,
            claim,
            pseudo_royal,
        });
    }

    fn flag_keys(&mut self, rules: &mut FairyRules<G>) {
        let kinds = self.sided_kinds(rules, "flagPiece", [0; 2]);
        let region = self.sided("flagRegion", [G::Set::EMPTY; 2], &mut |r, k, d| {
            r.squares(k, d)
        });
        let flag_move = self.value("flagMove", false, read_bool);
        if kinds.iter().any(|s| s.count_ones() > 1) {
            let kind = KeyErrorKind::Unsupported("a flag of more than one kind".into());
            return self.refuse("flagPiece", kind);
        }
        if region != [G::Set::EMPTY; 2] {
            let one = |s: KindSet| (s != 0).then(|| s.trailing_zeros() as u8);
            rules.flag = Some(FlagRule {
                kind: kinds.map(one),
                region,
                flag_move,
                count: self.value("flagPieceCount", 1, read_number).max(1),
                blocked_win: self.value("flagPieceBlockedWin", false, read_bool),
                safe: self.value("flagPieceSafe", false, read_bool),
            });
        }
    }
}

/// Every piece key Motley reads, in Fairy-Stockfish's order, with its
/// Betza text (empty for a custom piece, whose value gives it).
fn piece_keys() -> Vec<(String, String)> {
    let mut named: Vec<(String, String)> = CHESS_PIECES
        .iter()
        .map(|(n, b)| (n.to_string(), b.to_string()))
        .collect();
    for (name, betza) in motley_rules::core::betza::NAMED_PIECES {
        if !named.iter().any(|(n, _)| n == name) {
            named.push((name.to_string(), betza.to_string()));
        }
    }
    named.extend((1..=25).map(|i| (format!("customPiece{i}"), String::new())));
    named.push(("king".into(), "K".into()));
    named
}

/// Why a key nothing read is refused: Fairy-Stockfish's key that Motley
/// does not play, or a key unknown to both, with the nearest known one.
fn unread_key(key: &str) -> KeyErrorKind {
    if key_names::is_known_key(key) {
        return KeyErrorKind::Unsupported(key.to_string());
    }
    KeyErrorKind::Unknown {
        key: motley_rules::core::quote::clip(key),
        nearest: key_names::nearest_key(key),
    }
}

/// Xiangqi's soldier: short of its side's relative rank `river` (from 1)
/// it steps forward only; from there on sideways too, as its Betza text
/// says. Cut into its tables once; its attackers are then asked piece by
/// piece, from where each stands.
fn soldier_moves<G: Grid>(kind: &mut Kind<G>, river: u32, ranks: u8, board: G::Set) {
    kind.moves.restrict(|color, from| {
        let rank = u8::try_from(from.rank()).unwrap_or(0);
        let relative = color.fold(rank, ranks.saturating_sub(1).saturating_sub(rank));
        if u32::from(relative) + 1 >= river {
            return board;
        }
        from.offset(0, color.fold(1, -1))
            .map_or(G::Set::EMPTY, G::Set::from_square)
    });
    kind.reversible = false;
}
