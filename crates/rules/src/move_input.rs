//! Reading a typed move: coordinates first, then SAN, as a legal action,
//! or the reason in words why the text is not one.

use crate::core::action::find_by_coord;
use crate::core::movegen::castle_geometry;
use crate::core::san;
use crate::core::{Action, Color, CoordText, Move, MoveKind, Piece, Role, Square};
use crate::{AmbiguityHint, IllegalReason, Position, UnreadableHint};
use thiserror::Error;

/// Why typed text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveInputError {
    #[error("{0}")]
    NotUnderstood(Unreadable),
    #[error("'{}' is illegal: {reason}", crate::core::quote::clip(.text))]
    Illegal { text: String, reason: IllegalReason },
    #[error("{0}")]
    Ambiguous(Ambiguity),
}

/// Typed text that reads as no action at all, and what would read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{}' is not a move ({hint})", crate::core::quote::clip(.text))]
pub struct Unreadable {
    /// The text as typed (trimmed).
    pub text: String,
    /// What is wrong with it, or what a move looks like.
    pub hint: UnreadableHint,
}

impl Unreadable {
    /// Text with no recognisable move in it.
    fn new(text: &str) -> Unreadable {
        Unreadable {
            text: text.to_string(),
            hint: UnreadableHint::Example,
        }
    }
}

/// Typed text that fits several legal actions, and how to say which.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{}' is ambiguous: {hint}", crate::core::quote::clip(.text))]
pub struct Ambiguity {
    /// The text as typed (trimmed).
    pub text: String,
    /// How to write the one meant.
    pub hint: AmbiguityHint,
}

/// Read typed text — coordinate notation first, then SAN — as a legal
/// action, or say in words why not. Long algebraic (`e2-e4`, `e2 e4`,
/// `e2xe4`, `Ng1-f3`) is read as the squares it names; piece letters may
/// be lower case (`nf3`) where that cannot be a file (a lower-case `b` is
/// weighed as the b-file and as a bishop, and refused when both fit).
pub fn parse_action<P: Position>(pos: &P, text: &str) -> Result<Action, MoveInputError> {
    let trimmed = text.trim();
    let joined = san::join_long_algebraic(trimmed);
    let mut legal = Vec::with_capacity(64);
    pos.legal_actions(&mut legal);
    if let Ok(mut coord) = CoordText::parse(&joined) {
        // `e2e4+` that is no piece's own promotion: a check mark after
        // coordinates.
        let plus_is_check = matches!(
            coord,
            CoordText::Move {
                piece_promotion: true,
                ..
            } | CoordText::Wide {
                piece_promotion: true,
                ..
            }
        ) && find_by_coord(&coord, &legal).is_none();
        if let Some(plain) = joined.strip_suffix('+').filter(|_| plus_is_check) {
            return parse_action(pos, plain);
        }
        // Other programs write every drop in upper case (`N@f3` for
        // Black's knight): read so, it is the side to act's own piece.
        if let CoordText::Place(piece, sq) = coord {
            let own = CoordText::Place(Piece::new(pos.turn(), piece.role), sq);
            let upper_for_black = piece.color == Color::White && pos.turn() == Color::Black;
            if upper_for_black
                && find_by_coord(&coord, &legal).is_none()
                && find_by_coord(&own, &legal).is_some()
            {
                coord = own;
            }
        }
        return find_by_coord(&coord, &legal).ok_or_else(|| MoveInputError::Illegal {
            text: trimmed.to_string(),
            reason: pos.why_illegal(&coord, &legal),
        });
    }
    let role_on = |spot| pos.piece_on(spot).map(|p| p.role);
    let sans: Vec<String> = legal
        .iter()
        .map(|a| san::write_san(&role_on, a, &legal, &|a| pos.captures(a)))
        .collect();
    // A legal move's SAN as written is read so: `k3` is a pawn's move on
    // a board with a k-file, not a king's.
    let typed = if sans.contains(&san::normalize_san(&joined)) {
        joined.clone()
    } else {
        san::capitalise_pieces(&joined)
    };
    if let Some((square, junk)) = san::trailing_junk(&typed) {
        return Err(MoveInputError::NotUnderstood(Unreadable {
            text: trimmed.to_string(),
            hint: UnreadableHint::TrailingJunk { junk, square },
        }));
    }
    let read = |t: &str| san::parse_san(t, &legal, &sans, &role_on);
    let as_typed = read(&typed);
    // A lower-case b: the b-file as typed, or a bishop, unless the text is
    // a legal move's SAN exactly (`bxc4` is the pawn's, as SAN writes it).
    let exact = sans.contains(&san::normalize_san(&typed));
    let bishop_text = typed
        .strip_prefix('b')
        .filter(|rest| rest.len() >= 2 && !exact)
        .map(|rest| format!("B{rest}"));
    let found = match &bishop_text {
        Some(bishop_text) => match (as_typed, read(bishop_text)) {
            (san::SanMatch::NoMatch, bishop) => bishop,
            (pawn, san::SanMatch::NoMatch) => pawn,
            (pawn, _) => {
                let pawn_san = match &pawn {
                    san::SanMatch::Found(a) => legal
                        .iter()
                        .position(|l| l == a)
                        .and_then(|i| sans.get(i).cloned()),
                    _ => None,
                };
                return Err(MoveInputError::Ambiguous(Ambiguity {
                    text: trimmed.to_string(),
                    hint: AmbiguityHint::BFile {
                        bishop: bishop_text.clone(),
                        pawn: pawn_san,
                    },
                }));
            }
        },
        None => as_typed,
    };
    match found {
        san::SanMatch::Found(a) => Ok(a),
        san::SanMatch::Ambiguous(candidates) => Err(MoveInputError::Ambiguous(Ambiguity {
            text: trimmed.to_string(),
            hint: ambiguity_hint(&candidates),
        })),
        san::SanMatch::NoMatch => Err(
            match (
                &bishop_text,
                explain_unmatched_san(pos, trimmed, &typed, &legal),
            ) {
                (Some(_), MoveInputError::Illegal { text, reason }) => MoveInputError::Illegal {
                    text,
                    reason: IllegalReason::BFile(Box::new(reason)),
                },
                (_, err) => err,
            },
        ),
    }
}

/// How to say which of several legal actions one SAN text meant: a king
/// move that is also a castling (`Kg1` with two kings) is told how
/// castling is written.
fn ambiguity_hint(candidates: &[Action]) -> AmbiguityHint {
    let moves: Vec<Move> = candidates.iter().filter_map(|a| a.as_move()).collect();
    match moves.iter().find(|m| m.kind == MoveKind::Castle) {
        Some(castle) => AmbiguityHint::Castling {
            castle: *castle,
            king_step: moves.iter().copied().find(|m| m.kind != MoveKind::Castle),
        },
        None => AmbiguityHint::WhichPiece,
    }
}

/// The error for SAN (`typed`, already read with capital piece letters)
/// that fits no legal action: not a move at all, or the reason the move
/// it must mean is illegal.
fn explain_unmatched_san<P: Position>(
    pos: &P,
    trimmed: &str,
    typed: &str,
    legal: &[Action],
) -> MoveInputError {
    let names_a_square = typed
        .as_bytes()
        .windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]));
    let castles = matches!(san::normalize_san(typed).as_str(), "O-O" | "O-O-O");
    let looks_like_san = (names_a_square || castles)
        && typed
            .chars()
            .next()
            .is_some_and(|c| "KQRBNabcdefgh".contains(c) || castles);
    if !looks_like_san {
        return MoveInputError::NotUnderstood(Unreadable::new(trimmed));
    }
    let reason = if legal.is_empty() {
        IllegalReason::GameOver
    } else {
        match san_meant_move(pos, typed) {
            Ok(coord) => pos.why_illegal(&coord, legal),
            Err(why) => why,
        }
    };
    MoveInputError::Illegal {
        text: trimmed.to_string(),
        reason,
    }
}

/// For SAN that matches no legal action, the move it must mean, so the
/// family explains that move exactly as it explains the same move typed
/// in coordinates or clicked. Castling (`O-O`, `O-O-O`) means the king's
/// castling move; otherwise the piece is the one of the side to act with
/// the letter's role whose movement pattern ([`Position::move_pattern`])
/// reaches the square (a pawn without a capture mark stays on its file),
/// consistent with any file or rank hint, preferring one whose path is
/// clear when several fit. `Err` says why no single move is meant.
fn san_meant_move<P: Position>(pos: &P, text: &str) -> Result<CoordText, IllegalReason> {
    let t = san::normalize_san(text);
    let board = pos.board();
    let turn = pos.turn();
    let plain = |from: Square, to: Square| CoordText::plain(from, to);
    if t == "O-O" || t == "O-O-O" {
        let kingside = t == "O-O";
        if let Some(why) = pos.why_cannot_castle(kingside) {
            return Err(IllegalReason::Castling(why));
        }
        let g = castle_geometry(turn, kingside);
        return Ok(plain(g.king_from, g.king_to));
    }
    let t = t.split('=').next().unwrap_or(&t);
    let chars: Vec<char> = t.chars().collect();
    let unclear = || IllegalReason::UnknownNotation;
    let (role, rest) = match chars.first() {
        Some(c) if "KQRBN".contains(*c) => (Role::from_char(*c).ok_or_else(unclear)?, &chars[1..]),
        _ => (Role::Pawn, &chars[..]),
    };
    let capture = rest.iter().any(|c| matches!(c, 'x' | ':'));
    let rest: String = rest
        .iter()
        .filter(|c| !matches!(c, 'x' | '^' | ':'))
        .collect();
    if rest.len() < 2 || !rest.is_ascii() {
        return Err(unclear());
    }
    let to = Square::parse(&rest[rest.len() - 2..]).ok_or_else(unclear)?;
    let hint = &rest[..rest.len() - 2];
    let name = pos.piece_name(role);
    let mine: Vec<Square> = (board.by_color(turn) & board.by_role(role))
        .filter(|from| {
            hint.chars()
                .all(|h| h == from.file_char() || h == from.rank_char())
        })
        .collect();
    if mine.is_empty() {
        return Err(IllegalReason::NoPieceFits {
            color: turn,
            piece: name,
            text: text.to_string(),
        });
    }
    // A pawn move without a file or capture mark is a push along the file.
    let stays_on_file = role == Role::Pawn && !capture && hint.is_empty();
    let fits: Vec<Square> = mine
        .iter()
        .copied()
        .filter(|from| pos.move_pattern(*from).contains(to))
        .filter(|from| !stays_on_file || from.file() == to.file())
        .collect();
    let clear: Vec<Square> = fits
        .iter()
        .copied()
        .filter(|from| (crate::core::attacks::between(*from, to) & board.occupied()).is_empty())
        .collect();
    let on_file: Vec<Square> = mine
        .iter()
        .copied()
        .filter(|from| !stays_on_file || from.file() == to.file())
        .collect();
    match (fits.as_slice(), clear.as_slice(), on_file.as_slice()) {
        ([from], ..) | (_, [from], _) => Ok(plain(*from, to)),
        ([], _, [from]) => Ok(plain(*from, to)),
        ([], ..) => Err(IllegalReason::NoneCanReach {
            piece: name,
            color: turn,
            to,
        }),
        _ => Err(unclear()),
    }
}
