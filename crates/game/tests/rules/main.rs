//! The rules engine's tests, by family and by rule: positions built by
//! FEN, the moves expected and forbidden, perft suites kept as data under
//! `crates/game/tests/` (Fairy-Stockfish's and the published counts), and
//! random games against the naive reference generators. They live here,
//! built at the engine's optimisation, because they count millions of
//! positions; the variants they name come from the game crate's registry.
//! Beside them, the game crate's own tests (it has no unit tests, so it is
//! not compiled a second time for them): the clock, a game's history and
//! endings, the registry, variant files and their keys, and positions set
//! up by hand.

// Shared helpers.
mod common;
mod position_support;
mod reference;

mod betza;
mod can_win;
mod chess960;
mod chicken;
mod clock;
mod contrast;
mod dice_money;
mod drop_keys;
mod effects;
mod explanations;
mod fairy_keys;
mod fairy_perft;
mod fairy_variants;
mod game;
mod key_names;
mod monochromatic;
mod monochrome;
mod perft;
mod perft_reference;
mod playouts;
mod registry;
mod san;
mod setup_problems;
mod shogi;
mod sized_board_keys;
mod sizes;
mod sizes_reference;
mod variant_files;
mod variant_ini;
mod xiangqi;
