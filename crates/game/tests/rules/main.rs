//! The rules engine's tests, by family and by rule: positions built by
//! FEN, the moves expected and forbidden, perft suites kept as data under
//! `crates/game/tests/` (Fairy-Stockfish's and the published counts), and
//! random games against the naive reference generators. They live here,
//! built at the engine's optimisation, because they count millions of
//! positions; the variants they name come from the game crate's registry.

// Shared helpers.
mod common;
mod position_support;
mod reference;

mod betza;
mod can_win;
mod chicken;
mod contrast;
mod dice_money;
mod effects;
mod explanations;
mod fairy_keys;
mod fairy_perft;
mod fairy_variants;
mod monochromatic;
mod monochrome;
mod perft;
mod perft_reference;
mod playouts;
mod san;
mod variant_ini;
