//! Reading and writing a position from data as Fairy-Stockfish's FEN:
//! pockets, promoted pieces, several en passant squares, the checks
//! still to give and the counting rule's fields.

use super::{FairyPosition, NOT_PROMOTED};
use crate::core::fen::MAX_MOVE_COUNTER;
use crate::core::grid::{Grid, GridSet, GridSquare};
use crate::core::Color;
use crate::fairy::{has_kind, FairyFenError, FairyGrid, FairyRules, MAX_KINDS};
use std::sync::Arc;

/// The side a FEN letter stands for: upper case White.
fn side_of_letter(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// Reads the checks still to give, `3+3` (White's first).
fn read_checks(field: &str) -> Result<[u32; 2], FairyFenError> {
    let (w, b) = field.split_once('+').ok_or(FairyFenError::Checks)?;
    let read = |s: &str| s.parse::<u32>().map_err(|_| FairyFenError::Checks);
    Ok([read(w)?, read(b)?])
}

/// The checks to give at the start: what a FEN without them means.
fn start_checks<G: Grid>(rules: &FairyRules<G>) -> Result<[u32; 2], FairyFenError> {
    let field = rules
        .start_fen
        .split_whitespace()
        .nth(4)
        .filter(|f| f.contains('+'));
    read_checks(field.ok_or(FairyFenError::Checks)?)
}

impl<G: FairyGrid> FairyPosition<G> {
    /// The variant's start position, judged as any FEN is; a variant
    /// whose promotions could make a second royal king has none.
    pub fn start(rules: Arc<FairyRules<G>>) -> Result<FairyPosition<G>, FairyFenError> {
        if let Some(king) = rules.king {
            let promotes_to_king = rules
                .promotion_pieces
                .iter()
                .any(|&set| has_kind(set, king))
                || rules.promoted_kind.contains(&Some(king));
            if promotes_to_king {
                return Err(FairyFenError::RoyalPromotion);
            }
        }
        let fen = rules.start_fen.clone();
        FairyPosition::from_fen(rules, &fen)
    }

    /// Reads a FEN as Fairy-Stockfish writes it for the variant (with
    /// the checks still to give, `3+3`, when checks are counted; without
    /// them, the start's), and judges the position as the position editor
    /// does ([`crate::fairy::setup::fen_problems`]): the first problem refuses it.
    pub fn from_fen(
        rules: Arc<FairyRules<G>>,
        fen: &str,
    ) -> Result<FairyPosition<G>, FairyFenError> {
        let pos = FairyPosition::from_fen_as_written(rules, fen)?;
        match G::fen_problems(&pos).into_iter().next() {
            Some(problem) => Err(FairyFenError::Setup(problem)),
            None => Ok(pos),
        }
    }

    /// Reads a FEN as [`FairyPosition::from_fen`] does, without judging
    /// the position: for a draft, whose problems are listed all together,
    /// and for Fairy-Stockfish's reference positions, some of which a
    /// game could not reach.
    pub fn from_fen_as_written(
        rules: Arc<FairyRules<G>>,
        fen: &str,
    ) -> Result<FairyPosition<G>, FairyFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [placement, turn, ref after @ ..] = fields[..] else {
            return Err(FairyFenError::Fields);
        };
        // As Fairy-Stockfish reads it, a FEN may stop after the side to
        // move, or leave out the castling rights or the en passant square
        // before the counters (`w - 0 1`, `w 0 1`): the counters start at
        // the first field that starts with a digit (no castling right or
        // square does), but where a counting rule writes its limit in the
        // en passant square's place (makruk's `w - 32 20 40`).
        let counted = |f: &&str| f.starts_with(|c: char| c.is_ascii_digit());
        let first_count = after.iter().position(counted).unwrap_or(after.len());
        let named = match rules.counting {
            Some(_) if first_count == 1 => 2,
            _ => first_count,
        }
        .min(2)
        .min(after.len());
        let (named_fields, rest) = after.split_at(named);
        let castling = named_fields.first().copied().unwrap_or("-");
        let ep = named_fields.get(1).copied().unwrap_or("-");
        let mut pos = FairyPosition {
            rules,
            squares: G::cells(None),
            board_key: 0,
            by_color: [G::Set::EMPTY; 2],
            by_kind: [G::Set::EMPTY; MAX_KINDS],
            turn: match turn {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err(FairyFenError::Side),
            },
            castling: [false; 4],
            en_passant: G::Set::EMPTY,
            en_passant_victim: None,
            checks_left: [0; 2],
            halfmoves: 0,
            fullmoves: 1,
            dropped_last: false,
            hands: [[0; MAX_KINDS]; 2],
            promoted: G::Set::EMPTY,
            passes: 0,
            unpromoted: G::cells(NOT_PROMOTED),
            counting_limit: 0,
            counting_ply: 0,
        };
        // The counters first: a bad one is named whatever else is wrong.
        let mut rest = rest.iter().copied().peekable();
        if pos.rules.check_counting {
            pos.checks_left = match rest.next_if(|f| f.contains('+')) {
                Some(field) => read_checks(field)?,
                None => start_checks(&pos.rules)?,
            };
        }
        let mut number = |default: u32, least: u32, error: FairyFenError| {
            rest.next().map_or(Ok(default), |f| {
                f.parse::<u32>()
                    .ok()
                    .filter(|n| (least..=MAX_MOVE_COUNTER).contains(n))
                    .ok_or(error)
            })
        };
        pos.halfmoves = number(0, 0, FairyFenError::HalfmoveClock)?;
        pos.fullmoves = number(1, 1, FairyFenError::MoveNumber)?;
        pos.read_placement(placement)?;
        if pos.rules.chess960 {
            pos.read_castling_960(castling)?;
        } else {
            for c in castling.chars().filter(|&c| c != '-') {
                let i = "KQkq".find(c).ok_or(FairyFenError::Castling)?;
                pos.castling[i] = true;
            }
        }
        let counted = pos.rules.counting.is_some() && ep.bytes().all(|b| b.is_ascii_digit());
        if counted {
            pos.counting_limit = ep
                .parse()
                .ok()
                .filter(|n| *n <= MAX_MOVE_COUNTER)
                .ok_or(FairyFenError::CountingLimit)?;
            // The halfmove clock's place holds the plies counted.
            if pos.counting_limit > 0 {
                pos.counting_ply = std::mem::take(&mut pos.halfmoves);
            }
        } else if ep != "-" {
            pos.read_en_passant(ep)?;
        }
        Ok(pos)
    }

    fn read_placement(&mut self, placement: &str) -> Result<(), FairyFenError> {
        let (placement, pocket) = match placement.split_once('[') {
            Some((board, rest)) => (
                board,
                Some(rest.strip_suffix(']').ok_or(FairyFenError::Pocket)?),
            ),
            None => (placement, None),
        };
        for c in pocket.unwrap_or("").chars() {
            let kind = self
                .rules
                .kind_of_letter(c)
                .ok_or(FairyFenError::Letter(c))?;
            let side = if c.is_ascii_uppercase() { 0 } else { 1 };
            let count = &mut self.hands[side][kind as usize];
            *count = count.checked_add(1).ok_or(FairyFenError::Pocket)?;
        }
        let (files, ranks) = (self.rules.files, self.rules.ranks);
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != usize::from(ranks) {
            return Err(FairyFenError::Shape { files, ranks });
        }
        for (i, row) in rows.iter().enumerate() {
            let wrong_row = FairyFenError::Row {
                row: i as u8 + 1,
                files,
            };
            self.read_row(row, ranks as i8 - 1 - i as i8)
                .ok_or(wrong_row)??;
        }
        Ok(())
    }

    /// Reads one row of the placement onto `rank`: `None` when it is not
    /// as wide as the board.
    fn read_row(&mut self, row: &str, rank: i8) -> Option<Result<(), FairyFenError>> {
        let files = self.rules.files as i8;
        let on_board = |file: i8| {
            (0..files)
                .contains(&file)
                .then(|| G::Sq::from_coords(file, rank))
                .flatten()
        };
        let mut file = 0i8;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '+' {
                // `+P`: a piece promoted from P, standing as its
                // promoted kind.
                let Some(letter) = chars.next() else {
                    return Some(Err(FairyFenError::Letter(c)));
                };
                let from = self.rules.kind_of_letter(letter);
                let promoted = from.and_then(|k| self.rules.promoted_kind[k as usize]);
                let (Some(from), Some(kind)) = (from, promoted) else {
                    return Some(Err(FairyFenError::Letter(letter)));
                };
                let sq = on_board(file)?;
                self.put(sq, (side_of_letter(letter), kind));
                self.unpromoted.as_mut()[sq.index()] = from;
                file += 1;
                continue;
            }
            if c == '~' {
                self.promoted.insert(on_board(file - 1)?);
                continue;
            }
            if let Some(d) = c.to_digit(10) {
                // Runs of empty squares may take two digits (`10`).
                let mut run = d;
                while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    run = run * 10 + next;
                    if run > u32::from(crate::core::grid::MAX_SIDE) {
                        return None;
                    }
                }
                if run == 0 {
                    return None;
                }
                file += run as i8;
                if file > files {
                    return None;
                }
                continue;
            }
            let Some(kind) = self.rules.kind_of_letter(c) else {
                return Some(Err(FairyFenError::Letter(c)));
            };
            let sq = on_board(file)?;
            self.put(sq, (side_of_letter(c), kind));
            file += 1;
        }
        (file == files).then_some(Ok(()))
    }

    /// Reads the en passant squares, written one after another
    /// (`b3b4`); the piece that passed them stands on one (a kind's long
    /// initial move) or just behind them (a pawn's step).
    fn read_en_passant(&mut self, field: &str) -> Result<(), FairyFenError> {
        if field.is_empty() {
            return Err(FairyFenError::EnPassant);
        }
        // Each square is a letter and its digits: `b3b4`, `a10a9`.
        let mut rest = field;
        while !rest.is_empty() {
            let end = rest
                .char_indices()
                .skip(1)
                .find(|(_, c)| !c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            let sq = G::Sq::parse(&rest[..end])
                .filter(|&sq| self.rules.board.contains(sq))
                .ok_or(FairyFenError::EnPassant)?;
            self.en_passant.insert(sq);
            rest = &rest[end..];
        }
        let them = self.turn.other();
        let on_one = (self.en_passant & self.by_color[them.index()]).first();
        let behind = self
            .en_passant
            .first()
            .and_then(|sq| self.piece_behind(sq, them));
        self.en_passant_victim = on_one.or(behind);
        Ok(())
    }

    /// The nearest piece of `side` behind `sq` as `side` moves: the one
    /// that passed it.
    fn piece_behind(&self, sq: G::Sq, side: Color) -> Option<G::Sq> {
        let step = side.fold(1, -1);
        let mut next = sq.offset(0, step);
        while let Some(s) = next {
            if self.by_color[side.index()].contains(s) {
                return Some(s);
            }
            next = s.offset(0, step);
        }
        None
    }

    /// The position in Fairy-Stockfish's FEN: several en passant squares
    /// one after another, the checks still to give after them.
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.rules.ranks as i8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..self.rules.files as i8 {
                match G::Sq::from_coords(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some((color, kind)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        let at = G::Sq::from_coords(file, rank).map_or(0, |sq| sq.index());
                        match self.unpromoted.as_ref()[at] {
                            NOT_PROMOTED => row.push(self.rules.letter(color, kind)),
                            from => {
                                row.push('+');
                                row.push(self.rules.letter(color, from));
                            }
                        }
                        if !self.rules.drop_loop
                            && G::Sq::from_coords(file, rank)
                                .is_some_and(|sq| self.promoted.contains(sq))
                        {
                            row.push('~');
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let castling: String = if self.rules.chess960 {
            self.castling_960()
        } else {
            "KQkq"
                .chars()
                .zip(self.castling)
                .filter_map(|(c, on)| on.then_some(c))
                .collect()
        };
        let ep: String = self
            .en_passant
            .into_iter()
            .map(|sq| sq.to_string())
            .collect();
        let mut placement = rows.join("/");
        if self.rules.drops {
            placement.push('[');
            for color in [Color::White, Color::Black] {
                // Fairy-Stockfish's order: the strongest kinds first.
                for kind in (0..self.rules.kinds.len()).rev() {
                    let n = self.hands[color.index()][kind];
                    let letter = self.rules.letter(color, kind as u8);
                    placement.extend(std::iter::repeat_n(letter, n as usize));
                }
            }
            placement.push(']');
        }
        let mut fields = vec![
            placement,
            self.turn.fold("w", "b").to_string(),
            if castling.is_empty() {
                "-".into()
            } else {
                castling
            },
            match self.count() {
                Some((_, limit)) => limit.to_string(),
                None if ep.is_empty() => "-".into(),
                None => ep,
            },
        ];
        if self.rules.check_counting {
            fields.push(format!("{}+{}", self.checks_left[0], self.checks_left[1]));
        }
        let halfmoves = self.count().map_or(self.halfmoves, |(ply, _)| ply);
        fields.push(halfmoves.to_string());
        fields.push(self.fullmoves.to_string());
        fields.join(" ")
    }
}

impl<G: FairyGrid> FairyPosition<G> {
    /// Chess960's castling rights: `K` and `Q` (the outermost rook on
    /// that side of the king, X-FEN) or a rook's file (Shredder-FEN),
    /// as Fairy-Stockfish reads them. Each right's king and rook start
    /// where they stand; when that is not where the rules have them, the
    /// position is given rules of its own with that castling layout.
    fn read_castling_960(&mut self, field: &str) -> Result<(), FairyFenError> {
        let mut layout = self.rules.castle_layout;
        for c in field.chars().filter(|&c| c != '-') {
            let color = side_of_letter(c);
            let first = color.fold(0, 2);
            let rank = layout.squares[first][1].rank();
            let row: Vec<G::Sq> = (0..self.rules.files as i8)
                .filter_map(|f| G::Sq::from_coords(f, rank))
                .collect();
            let king = self.rules.castling_king.and_then(|k| {
                row.iter()
                    .copied()
                    .find(|&sq| self.piece_at(sq) == Some((color, k)))
            });
            let is_rook = |sq: &G::Sq| {
                matches!(self.piece_at(*sq), Some((side, k))
                    if side == color && has_kind(self.rules.castling_rooks, k))
            };
            let upper = c.to_ascii_uppercase();
            let rook = match upper {
                'K' => row.iter().copied().rev().find(is_rook),
                'Q' => row.iter().copied().find(is_rook),
                'A'..='P' => row
                    .get(usize::from(upper as u8 - b'A'))
                    .copied()
                    .filter(is_rook),
                _ => return Err(FairyFenError::Castling),
            };
            let (Some(king), Some(rook)) = (king, rook) else {
                return Err(FairyFenError::Castling960(c));
            };
            let side = usize::from(rook.file() < king.file());
            if (upper == 'K' && side != 0) || (upper == 'Q' && side != 1) {
                return Err(FairyFenError::Castling960(c));
            }
            self.castling[first + side] = true;
            layout = layout.starting_from(first + side, king, rook);
        }
        if layout != self.rules.castle_layout {
            let mut rules = FairyRules::clone(&self.rules);
            rules.castle_layout = layout;
            self.rules = Arc::new(rules);
        }
        Ok(())
    }

    /// Chess960's castling rights as Fairy-Stockfish writes them: each
    /// rook's file (Shredder-FEN), upper case for White.
    fn castling_960(&self) -> String {
        let squares = &self.rules.castle_layout.squares;
        (0..4)
            .filter(|&i| self.castling[i])
            .map(|i| {
                let file = (b'a' + squares[i][2].file() as u8) as char;
                if i < 2 {
                    file.to_ascii_uppercase()
                } else {
                    file
                }
            })
            .collect()
    }
}
