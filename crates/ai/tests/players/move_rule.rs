//! A variant from data ends its games by its own move rule (`nMoveRule`
//! moves without progress; none when 0), never by the fifty-move rule of
//! the built-in families: every built-in variant from data is played
//! into a long run of quiet plies, past 100 where its rule allows.

use motley_ai::{think, PlayerSpec, ThinkSettings};
use motley_game::variant::{Family, Registry, VariantDef};
use motley_game::Game;
use motley_rules::core::Action;
use motley_rules::{AnyPosition, EndReason, Position};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The quiet plies the run starts with (written in the start's FEN), so
/// the search for a quiet line stays short.
const CLOCK_AT_START: u32 = 90;

/// How far a run goes where the variant's rule allows: past 100 plies.
const PAST_FIFTY_MOVES: u32 = 110;

/// Starts for variants whose own start has no quiet move for a side:
/// horde's White has only pawns, so a rook and knights are given it.
const QUIET_STARTS: &[(&str, &str)] = &[(
    "horde",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN4NR w kq - 0 1",
)];

/// `fen` with its halfmove clock (the field before the move number) set.
fn with_clock(fen: &str, clock: u32) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let at = fields.len() - 2;
    fields[at] = clock.to_string();
    fields.join(" ")
}

/// A position without its clocks: what repeats.
fn position_key(pos: &AnyPosition) -> String {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    fields[..fields.len() - 2].join(" ")
}

/// A line of quiet plies (each adds one to the clock) from `pos` until
/// the clock reaches `target`, through positions the variant has not
/// ended and that do not repeat; depth first, within `budget` nodes.
fn quiet_line(
    pos: &AnyPosition,
    target: u32,
    seen: &mut HashSet<String>,
    budget: &mut u32,
) -> Option<Vec<Action>> {
    if pos.quiet_plies() >= target {
        return Some(Vec::new());
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let mut legal = Vec::new();
    pos.legal_actions(&mut legal);
    for action in legal {
        let mut next = pos.clone();
        next.play_unchecked(action);
        let quiet = next.quiet_plies() == pos.quiet_plies() + 1;
        let ends_before = next.quiet_plies() < target && next.outcome().is_some();
        if !quiet || ends_before || !seen.insert(position_key(&next)) {
            continue;
        }
        if let Some(mut rest) = quiet_line(&next, target, seen, budget) {
            rest.insert(0, action);
            return Some(rest);
        }
    }
    None
}

/// A position to start the run from and its quiet line: the start with
/// its clock at [`CLOCK_AT_START`], or, where the start's pieces are shut
/// in (chigorin's bishops), the position after an opening move each.
fn opening_and_quiet_line(
    def: &VariantDef,
    start: &AnyPosition,
    target: u32,
) -> Option<(String, Vec<Action>)> {
    let mut starts = vec![start.clone()];
    let mut first = Vec::new();
    start.legal_actions(&mut first);
    for a in first {
        let mut after = start.clone();
        after.play_unchecked(a);
        let mut second = Vec::new();
        after.legal_actions(&mut second);
        for b in second.into_iter().take(4) {
            let mut opened = after.clone();
            opened.play_unchecked(b);
            starts.push(opened);
        }
    }
    starts.into_iter().find_map(|pos| {
        let fen = with_clock(&pos.to_fen(), CLOCK_AT_START);
        let pos = def.position(Some(&fen)).ok()?;
        let mut seen = HashSet::from([position_key(&pos)]);
        let line = quiet_line(&pos, target, &mut seen, &mut 2_000)?;
        Some((fen, line))
    })
}

/// The variant's rule in plies: `None` when it has none.
fn rule_plies(def: &VariantDef) -> Option<u32> {
    let n_move_rule = match def.is_wide() {
        true => def.wide_rules().expect("the variant's rules").n_move_rule,
        false => def.fairy_rules().expect("the variant's rules").n_move_rule,
    };
    (n_move_rule > 0).then(|| n_move_rule * 2)
}

// Issue item 5: makruk (nMoveRule = 0) and shatranj (70) were drawn by
// "fifty-move rule" after 100 quiet plies.
#[test]
fn item_05_every_variant_from_data_plays_quiet_plies_as_far_as_its_own_rule_allows() {
    let reg = Registry::builtin();
    let defs: Vec<_> = reg
        .all()
        .iter()
        .filter(|d| d.family == Family::Fairy)
        .collect();
    assert!(defs.len() >= 30, "{}", defs.len());
    let mut past_fifty = 0;
    for def in defs {
        let name = def.id.as_str();
        let start = QUIET_STARTS
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| def.start.clone(), |(_, fen)| fen.to_string());
        let rule = rule_plies(def);
        let allows_past_fifty = rule.is_none_or(|plies| plies > PAST_FIFTY_MOVES);
        let target = if allows_past_fifty {
            PAST_FIFTY_MOVES
        } else {
            rule.unwrap_or(PAST_FIFTY_MOVES)
        };
        let pos = def
            .position(Some(&start))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (fen, line) = opening_and_quiet_line(def, &pos, target)
            .unwrap_or_else(|| panic!("{name}: no quiet line from {start}"));
        let mut game = Game::new(def.clone(), Some(&fen), 1).expect("the start");
        for (i, action) in line.iter().enumerate() {
            game.play(*action).unwrap_or_else(|e| {
                let plies = CLOCK_AT_START as usize + i;
                panic!("{name}: quiet ply {} refused after {plies}: {e}", i + 1)
            });
        }
        let outcome = game.outcome();
        if allows_past_fifty {
            assert_eq!(outcome, None, "{name} after {target} quiet plies");
            past_fifty += 1;
            let stop = AtomicBool::new(false);
            let settings = ThinkSettings {
                movetime: Duration::from_millis(30),
                seed: 1,
            };
            let spec = PlayerSpec::Computer { level: 2 };
            let best = think(game.position(), &[], &spec, &settings, &stop);
            assert!(best.is_some(), "{name}: the computer has a move");
        } else {
            let reason = outcome.map(|o| o.reason);
            assert_eq!(reason, Some(EndReason::MoveRule), "{name} after {target}");
        }
    }
    assert!(
        past_fifty >= 5,
        "{past_fifty} variants allow more than 100 plies"
    );
}
