//! The rules trait every variant family implements, and the pieces of rule
//! logic that do not depend on a family (perft, SAN with check marks,
//! reading a typed move).
//!
//! # How each family maps onto [`Position`]
//!
//! A position is a plain `Clone` value; the hot path is copy-make:
//! [`Position::legal_actions`] fills a reused buffer and
//! [`Position::play_unchecked`] mutates a copy. Every family keeps only what
//! differs from chess; shared generation lives in [`crate::core::movegen`]
//! and, for the families with a royal king, [`crate::core::legal`].
//!
//! - **Standard, Contrast, Monochromatic** share one position type,
//!   [`fide::FidePosition`], generic over their piece powers.
//! - **Standard**: FIDE-legal generation with pins; outcome covers mate,
//!   stalemate and insufficient material. Fifty-move and repetition are
//!   judged by [`motley_game::Game`] from [`Position::quiet_rule_end`] and
//!   [`Position::repetition_key`], and the family says what they mean
//!   through [`Position::end_by_rule`].
//! - **Antichess / Chicken** (one family): kings are ordinary pieces; captures
//!   are compulsory; Chicken switches on *flipping* (after
//!   `play_unchecked` moves a piece, it recolours the enemies it attacks),
//!   its castling ruling and the stalemate-by-count rule, all as options.
//! - **Monochrome**: *positional ownership* is kept by recolouring a piece
//!   whenever it crosses the centerline, so `Board::by_color` always means
//!   "whose half". Scores and the no-rejection square pair are extra state in
//!   the position and in [`Position::hash`] (scores are left out of
//!   [`Position::repetition_key`], as docs/rules.md says).
//! - **Contrast**: strong/weak powers are a function of the board, given to
//!   the shared generator as the family's powers; the queen's *capture in
//!   place* is `MoveKind::CaptureInPlace` (the piece on `to` vanishes, the
//!   queen stays on `from`).
//! - **Monochromatic** (+ knightless, Jamal, Daffy, double knight): generate
//!   with the knight-slot leaper of the variant, keep only colour-keeping
//!   moves, and test legality with *pictorial check* (normal powers). The
//!   leaper shapes come from `core::attacks::Leaper`.
//! - **Dice-Money**: a turn is several actions. The position is a *chance
//!   node* when the dice must be rolled ([`Position::is_chance`],
//!   [`Position::chance_outcomes`] gives the 21 distinct rolls with weights;
//!   `legal_actions` lists all 36 ordered `Action::Roll`s). Then the same side
//!   acts several times — a purchase (`Action::Buy` or `Action::Place`), the
//!   main move, bought extra moves or `Action::Pass` — so callers must use
//!   [`Position::turn`] rather than assume sides alternate. Money, prices,
//!   lost pieces and dice live in the position and in its hash.

pub mod antichess;
pub mod any;
pub mod castling;
pub mod contrast;
pub mod core;
pub mod dice_money;
pub mod facts;
pub mod fairy;
pub mod fide;
pub mod illegal;
pub mod monochromatic;
pub mod monochrome;
pub mod setup;
pub mod shop;
pub mod standard;

mod ending;
mod extra_state;
mod move_input;
mod notation;
mod perft;
mod position;
mod position_error;
mod why_illegal;

pub use any::AnyPosition;
pub use ending::{EndReason, NamedOutcome, Outcome};
pub use extra_state::{Carried, CarryError, ExtraState};
pub use facts::Describe;
pub use illegal::{
    AmbiguityHint, Attacks, CastlingBlock, FamilyName, IllegalReason, PieceName, UnreadableHint,
};
pub use move_input::{parse_action, Ambiguity, MoveInputError, Unreadable};
pub use notation::{all_sans, san_of};
pub use perft::{perft, perft_divide};
pub use position::{Position, QUIET_LIMIT};
pub use position_error::{OptionError, PositionError};
pub use why_illegal::{beyond_reach, chess_pattern, generic_why_illegal};
