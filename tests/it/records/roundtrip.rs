//! Saved games round-trip for every built-in variant: random games with
//! fixed seeds, saved and loaded, give identical positions at every ply;
//! JSON -> PGN -> JSON gives the same moves. New variants are covered as
//! soon as they are in `Registry::builtin()`.

use crate::support::records as record_util;
use crate::support::temp::temp_dir;

use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{
    self as record, export_pgn, game_from_record, import_pgn, record_of, save_game, GameRecord,
};
use motley_rules::core::Action;
use motley_rules::Position;
use record_util::random_game;

const SEEDS: u64 = 12;
const MAX_PLIES: usize = 160;

/// Same start, same actions, same position at every ply, same ending.
fn assert_same_game(a: &Game, b: &Game, what: &str) {
    assert_eq!(a.variant().id, b.variant().id, "{what}");
    assert_eq!(a.actions(), b.actions(), "{what}: actions");
    assert_eq!(a.sans(), b.sans(), "{what}: SAN");
    for ply in 0..=a.ply() {
        let (pa, pb) = (a.position_at(ply).unwrap(), b.position_at(ply).unwrap());
        assert_eq!(pa.to_fen(), pb.to_fen(), "{what}: FEN at ply {ply}");
        assert_eq!(pa.hash(), pb.hash(), "{what}: hash at ply {ply}");
        assert_eq!(pa.turn(), pb.turn(), "{what}: turn at ply {ply}");
        assert_eq!(
            pa.extra_state(),
            pb.extra_state(),
            "{what}: state at ply {ply}"
        );
    }
    assert_eq!(a.outcome(), b.outcome(), "{what}: outcome");
}

/// Games of every variant from its start and from a FEN taken a few plies in.
fn corpus(reg: &Registry) -> Vec<(String, Game)> {
    let mut games = Vec::new();
    for v in reg.all() {
        for seed in 0..SEEDS {
            let g = random_game(reg, &v.id, None, seed, MAX_PLIES);
            games.push((format!("{} seed {seed}", v.id), g));
        }
        // A custom start: the position after a few random plies, if the
        // game is not decided there (Dice-Money: at a turn's start).
        let opening = random_game(reg, &v.id, None, 1000, 6);
        let fen = opening.position().to_fen();
        if opening.outcome().is_none() && v.position(Some(&fen)).is_ok() {
            let g = random_game(reg, &v.id, Some(&fen), 1002, MAX_PLIES);
            games.push((format!("{} from {fen}", v.id), g));
        }
    }
    games
}

#[test]
fn every_variant_round_trips_through_json_records() {
    let reg = Registry::builtin();
    let dir = temp_dir("roundtrip-json");
    for (what, g) in corpus(&reg) {
        let rec = record_of(&g);
        // Families with dice keep state a FEN cannot hold; the record says it.
        if (0..=g.ply()).any(|i| g.position_at(i).unwrap().is_chance()) {
            assert!(rec.state.is_some(), "{what}");
        }
        let text = rec.to_json();
        let back = GameRecord::from_json(&text).unwrap();
        assert_eq!(back, rec, "{what}");
        let loaded = game_from_record(&back, &reg).unwrap();
        assert_same_game(&g, &loaded, &what);

        let path = dir.join("save.json");
        save_game(&path, &g, Some(("human", "ai:3"))).unwrap();
        let saved = record::load_all(&path, &reg).unwrap();
        assert_eq!(saved.len(), 1);
        assert_same_game(&g, &saved[0].game, &what);
        let players = saved[0].players.as_ref().unwrap();
        assert_eq!(
            (players.white.as_str(), players.black.as_str()),
            ("human", "ai:3")
        );
    }
}

#[test]
fn every_variant_round_trips_json_to_pgn_to_json() {
    let reg = Registry::builtin();
    for (what, g) in corpus(&reg) {
        let rec = record_of(&g);
        let pgn = export_pgn(&g, Some(("White player", "Black player")));
        let games = import_pgn(&pgn, &reg);
        assert_eq!(games.len(), 1, "{what}");
        let back = games
            .into_iter()
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{what}: {e}\n{pgn}"));
        let rec2 = record_of(&back);
        assert_eq!(rec2.moves, rec.moves, "{what}\n{pgn}");
        assert_eq!(rec2.variant, rec.variant, "{what}");
        assert_eq!(rec2.result, rec.result, "{what}\n{pgn}");
        assert_same_game(&g, &back, &what);
    }
}

#[test]
fn a_multi_game_pgn_of_every_variant_imports_game_by_game() {
    let reg = Registry::builtin();
    let games: Vec<Game> = corpus(&reg).into_iter().map(|(_, g)| g).collect();
    let text: String = games
        .iter()
        .map(|g| export_pgn(g, None))
        .collect::<Vec<_>>()
        .join("\n");
    let back = import_pgn(&text, &reg);
    assert_eq!(back.len(), games.len());
    for (g, b) in games.iter().zip(back) {
        assert_same_game(g, &b.unwrap(), &g.variant().id);
    }
}

/// Dice are replayed as recorded and never rolled again; a game loaded in
/// the middle rolls on exactly as the uninterrupted game did.
#[test]
fn dice_rolls_replay_as_recorded_and_continue_from_the_seed() {
    let reg = Registry::builtin();
    for v in reg.all() {
        for seed in 0..4 {
            let g = random_game(&reg, &v.id, None, seed + 10, MAX_PLIES);
            let rec = record_of(&g);
            for (k, a) in g.actions().iter().enumerate() {
                let Action::Roll(..) = a else { continue };
                let mut prefix = rec.clone();
                prefix.moves.truncate(k);
                prefix.result = None;
                prefix.reason = None;
                let mut resumed = game_from_record(&prefix, &reg).unwrap();
                assert_eq!(
                    resumed.roll_dice(),
                    Some(*a),
                    "{} seed {seed} ply {k}",
                    v.id
                );
            }
        }
    }
}

/// A start set up in the position editor, with state beyond its FEN, is
/// saved in the record's `setup` and comes back on loading; a record
/// without it reads as before, and a setup another family keeps is
/// refused by field.
#[test]
fn a_set_up_start_with_family_state_survives_save_and_load() {
    use motley_rules::setup::{Draft, DraftState, Economy};
    let reg = Registry::builtin();
    let dm = reg.get("dice-money").unwrap();
    let mut draft = dm.start_draft().unwrap();
    let prices = match &draft.state {
        DraftState::Economy(e) => e.prices,
        other => panic!("a Dice-Money draft has an economy, not {other:?}"),
    };
    draft.state = DraftState::Economy(Economy {
        money: [17, 4],
        prices,
        dice: Some((3, 5)),
    });
    let mut game = Game::from_draft(dm, &draft, 9).unwrap();
    game.play_text("e4").unwrap();
    let dir = temp_dir("setup-roundtrip");
    let path = dir.join("set-up.json");
    std::fs::write(&path, serde_json::to_string(&record_of(&game)).unwrap()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"setup\":{") && text.contains("\"money\":[17,4]"),
        "{text}"
    );
    let rec: GameRecord = serde_json::from_str(&text).unwrap();
    let back = game_from_record(&rec, &reg).unwrap();
    assert_eq!(back.position_at(0).unwrap().draft(), draft);
    assert_eq!(back.actions(), game.actions());

    let mono = reg.get("monochrome").unwrap();
    let mut d: Draft = mono.start_draft().unwrap();
    d.state = DraftState::Scores([6, 2]);
    let game = Game::from_draft(mono, &d, 1).unwrap();
    let mut rec = record_of(&game);
    assert_eq!(
        game_from_record(&rec, &reg)
            .unwrap()
            .position()
            .current_scores(),
        Some([6, 2])
    );
    // Through PGN too: the start state travels as a tag.
    let pgn = export_pgn(&game, None);
    assert!(pgn.contains("[StartState "), "{pgn}");
    let imported = import_pgn(&pgn, &reg).remove(0).unwrap();
    assert_eq!(imported.position().current_scores(), Some([6, 2]));
    rec.variant = "standard".to_string();
    rec.definition = None;
    rec.start = None;
    let e = game_from_record(&rec, &reg).unwrap_err().to_string();
    assert!(e.contains("field 'setup'") && e.contains("scores"), "{e}");
}
