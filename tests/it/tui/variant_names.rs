//! Messages name the variant at most once (its own rule messages start
//! with it, "Dice-Money: …"), and endings use the family's names for the
//! sides (Monochrome's South and North) wherever a game is at hand.

use crate::support::tui as tui_support;

use motley_ai::PlayerSpec;
use motley_game::Game;
use motley_rules::core::Color;
use tui_support::*;

const H: [PlayerSpec; 2] = [PlayerSpec::Human, PlayerSpec::Human];

#[test]
fn dice_money_refusals_name_the_variant_once_at_the_start_of_the_reason() {
    let mut app = play_app("dice-money", None, H, (100, 35));
    // The game has rolled White's dice; none of these can be played.
    for text in ["roll:1,1", "pass", "buy:move2", "N@e4", "e1e2"] {
        prompt(&mut app, text);
        let m = message(&app);
        assert!(m.contains("is illegal"), "{text}: {m}");
        assert!(m.matches("Dice-Money").count() <= 1, "{text}: {m}");
        assert!(!m.contains("Dice-Money Chess"), "{text}: {m}");
        if let Some(i) = m.find("Dice-Money") {
            assert!(m[i..].starts_with("Dice-Money: "), "{text}: {m}");
            assert!(m[..i].ends_with("is illegal: "), "{text}: {m}");
        }
    }
    prompt(&mut app, "pass");
    assert_message(&app, "Dice-Money: pass gives up bought extra moves");
}

#[test]
fn a_finished_monochrome_game_is_described_with_south_and_north() {
    let mut game = Game::new(variant("monochrome"), None, 1).unwrap();
    game.resign(Color::White);
    let err = game.play_text("e2e4").unwrap_err().to_string();
    assert!(err.contains("North wins (resignation"), "{err}");
    assert!(!err.contains("Black"), "{err}");
    // Chess keeps White and Black.
    let mut game = Game::new(variant("standard"), None, 1).unwrap();
    game.resign(Color::White);
    let err = game.play_text("e2e4").unwrap_err().to_string();
    assert!(err.contains("Black wins (resignation"), "{err}");
}

#[test]
fn a_record_going_on_after_a_monochrome_ending_says_who_won_by_half() {
    let dir = temp_dir("names-record");
    let path = dir.join("mono.json");
    // Kxd5 scores a pawn and empties South's half: South wins. A move
    // after that is refused, in South's and North's names.
    let over = r#"{"format":"motley-game","version":1,"variant":"monochrome",
        "start":"4k3/8/8/3p4/3K4/8/8/8 w - - 0 1","seed":1,"moves":["d4d5","e8e7"]}"#;
    std::fs::write(&path, over).unwrap();
    let check = |path: &std::path::Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(["check", path.to_str().unwrap()])
            .output()
            .unwrap();
        let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
        (text(&out.stdout), text(&out.stderr))
    };
    let (_, err) = check(&path);
    assert!(
        err.contains("ply 2 (move 1, North): 'e8e7' is illegal: the game was already over: South wins (one half of the board is empty; score 1–0)"),
        "{err}"
    );
    // The machine-readable result line keeps its form.
    let ended = dir.join("ended.json");
    std::fs::write(&ended, over.replace(r#","e8e7""#, "")).unwrap();
    let (out, _) = check(&ended);
    assert!(
        out.contains("result: 1-0 one half of the board is empty (score 1-0)"),
        "{out}"
    );
}
