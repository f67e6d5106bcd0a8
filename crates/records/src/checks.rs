//! A record's values checked beyond their types, each refused by its
//! field's name as variant files are: numbers in range (a clock's times,
//! the computer's time per move), a result the moves and the reason
//! support, and the variant definition the game was played under.

use super::{GameRecord, RecordErrorKind};
use motley_game::clock::TimeControl;
use motley_game::variant::{Registry, VariantDef};
use motley_game::Game;
use motley_rules::core::quote::clip;
use std::sync::Arc;

/// The longest time per move a record keeps for the computer: a day.
pub const MAX_MOVETIME_MS: u64 = 24 * 3600 * 1000;

/// A clock's time left is at most its starting time plus this many
/// increments (taking moves back keeps the increments gained, so a game
/// may hold more than one per move played; no game comes near this).
pub const MAX_INCREMENTS: u64 = 10_000;

fn field(name: &str, message: String) -> RecordErrorKind {
    RecordErrorKind::Field {
        field: name.to_string(),
        message,
    }
}

/// The numbers of a record that the moves do not check: the clock and the
/// computer's time per move.
pub(super) fn check_values(rec: &GameRecord) -> Result<(), RecordErrorKind> {
    if let Some(ms) = rec.movetime_ms {
        if ms == 0 || ms > MAX_MOVETIME_MS {
            return Err(field(
                "movetime_ms",
                format!("{ms} is not a time per move from 1 to {MAX_MOVETIME_MS} ms"),
            ));
        }
    }
    let Some(clock) = &rec.clock else {
        return Ok(());
    };
    let control: TimeControl = clock
        .control
        .parse()
        .map_err(|e: motley_game::clock::ClockError| field("clock.control", e.to_string()))?;
    let base = u64::try_from(control.base.as_millis()).unwrap_or(u64::MAX);
    let increment = u64::try_from(control.increment.as_millis()).unwrap_or(u64::MAX);
    let most = base.saturating_add(increment.saturating_mul(MAX_INCREMENTS));
    for (name, ms) in [("white_ms", clock.white_ms), ("black_ms", clock.black_ms)] {
        if ms > most {
            return Err(field(
                &format!("clock.{name}"),
                format!(
                    "{ms} ms is more than a {} clock can hold (at most {most} ms)",
                    clip(&clock.control)
                ),
            ));
        }
    }
    Ok(())
}

/// The definition to replay a record under, and a note when it is not
/// simply the variant of its id in use: a record says which definition it
/// was played under ([`GameRecord::definition`]); when a user file has
/// replaced that built-in since, the built-in one is used; when no
/// definition known matches, the one in use is, and the note says so.
pub(super) fn definition_of(
    rec: &GameRecord,
    registry: &Registry,
) -> Result<(Arc<VariantDef>, Option<String>), RecordErrorKind> {
    let current = registry
        .get(&rec.variant)
        .map_err(RecordErrorKind::UnknownVariant)?;
    let Some(played) = rec.definition.as_deref() else {
        return Ok((current, None));
    };
    if current.fingerprint() == played {
        return Ok((current, None));
    }
    let id = clip(&rec.variant);
    Ok(match registry.played_under(&rec.variant, played) {
        Some(def) => (
            def,
            Some(format!(
                "played under the built-in '{id}', which a variant file replaces now: \
                 replayed under the built-in rules"
            )),
        ),
        None => (
            current,
            Some(format!(
                "played under another definition of '{id}' than the one in use \
                 (its variant file changed since): replayed under the one in use"
            )),
        ),
    })
}

/// A recorded result must be what the game, replayed with its reason,
/// comes to: `1-0` with a reason Motley cannot restore would otherwise
/// be read as `*` without a word.
pub(super) fn check_result(rec: &GameRecord, game: &Game) -> Result<(), RecordErrorKind> {
    let Some(result) = rec.result.as_deref().map(str::trim) else {
        return Ok(());
    };
    if !["1-0", "0-1", "1/2-1/2", "*"].contains(&result) {
        return Err(field(
            "result",
            format!("'{}' is not 1-0, 0-1, 1/2-1/2 or *", clip(result)),
        ));
    }
    match (result, game.outcome()) {
        ("*", _) => Ok(()),
        (r, Some(o)) if o.result_str() == r => Ok(()),
        (r, Some(o)) => Err(field(
            "result",
            format!(
                "'{r}', but the moves end the game {} ({})",
                o.result_str(),
                o.reason.describe()
            ),
        )),
        (r, None) => Err(field(
            "result",
            format!(
                "'{r}' with the reason '{}': the moves do not end the game, and that is \
                 no ending Motley restores (resignation, agreement, time ran out, \
                 adjudication)",
                clip(
                    &rec.reason
                        .as_ref()
                        .map(ToString::to_string)
                        .unwrap_or_default()
                )
            ),
        )),
    }
}
