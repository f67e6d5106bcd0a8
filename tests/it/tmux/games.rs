//! End-to-end, the real binary in tmux: one record per game (two games in
//! turn are both kept, an old autosave is moved in), two Motleys on one
//! data folder, save failures on screen (a read-only data folder, a data
//! path that is a file), signals (the game saved, the terminal restored),
//! save-as consent and `~`, and the browser.

use crate::support::tmux as tmux_support;
use crate::support::wait;

use tmux_support::{make_read_only, panel_says, records, Tmux, BIN};

fn load(path: &std::path::Path) -> motley_game::Game {
    let reg = motley_game::variant::Registry::builtin();
    let (saved, err) = motley_records::load_first(path, &reg).into_parts();
    assert!(err.is_none(), "{err:?}");
    saved.unwrap().game
}

#[test]
fn a_second_game_leaves_the_first_and_continue_lists_both() {
    let Some(t) = Tmux::new("two") else { return };
    t.start("play chicken --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e2e3", "b7b5"]);
    t.wait_for("1. e3 b5");
    t.keys(&["q"]);
    t.wait_exit();
    t.start("play standard");
    t.wait_for("White to move");
    t.play(&["e2e4"]);
    t.wait_for("1. e4");
    t.keys(&["q"]);
    t.wait_exit();
    t.start("");
    t.wait_for("unfinished: 2 games");
    t.keys(&["c"]);
    t.wait_for("2 plies · unfinished");
    let s = t.wait_for("1 ply · unfinished");
    assert!(s.contains("Standard chess · human v human"), "{s}");
    assert!(s.contains("1 ply · unfinished"), "{s}");
    assert!(s.contains("Chicken Chess · human v human"), "{s}");
    assert!(s.contains("2 plies · unfinished"), "{s}");
    // The older one opens where it was.
    t.keys(&["Down", "Enter"]);
    t.wait_for("1. e3 b5");
    t.keys(&["q", "q"]);
    t.wait_exit();
    assert_eq!(records(&t.data.join("games")).len(), 2);
}

#[test]
fn a_game_open_in_one_motley_is_locked_in_another_and_can_be_replayed() {
    let Some(t) = Tmux::new("locked") else { return };
    t.start("play standard --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e2e4", "c7c5"]);
    t.wait_for("1. e4 c5");
    // A second Motley on the same data folder.
    t.start_in("b", "", "");
    t.wait_for_in("b", "unfinished: Standard chess, 2 plies");
    t.keys_in("b", &["c"]);
    let s = t.wait_for_in("b", "open in another Motley");
    assert!(s.contains("2 plies · unfinished"), "{s}");
    t.keys_in("b", &["Enter"]);
    t.wait_for_in("b", "This game is open in another Motley");
    t.keys_in("b", &["r"]);
    let s = t.wait_for_in("b", "Motley replay");
    assert!(s.contains("Ply 0 of 2"), "{s}");
    t.keys_in("b", &["End"]);
    t.wait_for_in("b", "Ply 2 of 2");
    // The first Motley plays on undisturbed, in the same record.
    t.play(&["g1f3"]);
    t.wait_for("2. Nf3");
    t.keys(&["q"]);
    t.wait_exit();
    let games = records(&t.data.join("games"));
    assert_eq!(games.len(), 1);
    assert_eq!(load(&games[0]).sans(), ["e4", "c5", "Nf3"]);
    t.keys_in("b", &["q", "q"]);
    t.wait_exit_of("b");
}

#[test]
fn a_read_only_data_folder_is_warned_about_on_screen() {
    let Some(t) = Tmux::new("readonly") else {
        return;
    };
    std::fs::create_dir_all(&t.data).unwrap();
    if !make_read_only(&t.data) {
        eprintln!("note: cannot make a folder read-only here; skipped");
        return;
    }
    t.start("play standard --no-auto-flip");
    t.wait_for("White to move");
    assert!(
        !t.screen().contains("GAME NOT SAVED"),
        "nothing to save yet"
    );
    t.play(&["e2e4"]);
    let s = t.wait_for("GAME NOT SAVED");
    assert!(
        panel_says(&s, "/data/games: cannot write"),
        "the warning names the folder: {s}"
    );
    // Leaving asks; leaving anyway exits.
    t.keys(&["q"]);
    t.wait_for("Some actions of this game are in no file.");
    t.keys(&["l"]);
    t.wait_exit();
}

#[test]
fn a_data_path_that_is_a_file_is_warned_about_and_the_game_saved_elsewhere() {
    let Some(t) = Tmux::new("datafile") else {
        return;
    };
    std::fs::write(&t.data, "not a folder").unwrap();
    let home = t.root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let env = format!("HOME='{}'", home.display());
    t.start_in("m", &env, "play standard --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e2e4"]);
    let s = t.wait_for("GAME NOT SAVED");
    assert!(panel_says(&s, "a directory (os error 20)"), "{s}");
    t.keys(&["q"]);
    t.wait_for("Some actions of this game are in no file.");
    // Saving elsewhere suggests the home folder (the data folder fails):
    // Enter takes it, then Motley leaves.
    t.keys(&["s"]);
    t.wait_for("Save game as");
    t.wait_for(&home.display().to_string());
    t.keys(&["Enter"]);
    t.wait_exit();
    let saved = records(&home);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(load(&saved[0]).sans(), ["e4"]);
    assert_eq!(std::fs::read_to_string(&t.data).unwrap(), "not a folder");
}

#[test]
fn sigterm_saves_the_game_and_restores_the_terminal() {
    let Some(t) = Tmux::new("sigterm") else {
        return;
    };
    let stty = t.root.join("stty.txt");
    let script = format!(
        "sh -c \"env {} '{BIN}' play standard --no-auto-flip; echo STATUS=\\$?; stty -a > '{}'; echo AFTER; sleep 30\"",
        t.env(""),
        stty.display()
    );
    t.shell_in("m", &script);
    t.wait_for("White to move");
    t.play(&["e2e4", "e7e5"]);
    t.wait_for("1. e4 e5");
    let pid = t.child_pid();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let s = t.wait_for("AFTER");
    assert!(s.contains("STATUS=143"), "{s}");
    assert!(s.contains("motley: the game is saved in"), "{s}");
    let flags = t.tmux(&[
        "display",
        "-p",
        "-t",
        "m:",
        "#{alternate_on} #{mouse_any_flag}",
    ]);
    assert_eq!(flags.trim(), "0 0", "alternate screen and mouse off");
    let modes = std::fs::read_to_string(&stty).unwrap();
    let words: Vec<&str> = modes.split_whitespace().collect();
    assert!(
        words.contains(&"icanon") && words.contains(&"echo"),
        "raw mode left on: {modes}"
    );
    let games = records(&t.data.join("games"));
    assert_eq!(games.len(), 1);
    assert_eq!(load(&games[0]).sans(), ["e4", "e5"]);
}

#[test]
fn a_hangup_saves_the_game() {
    let Some(t) = Tmux::new("sighup") else {
        return;
    };
    t.start("play chicken --no-auto-flip");
    t.wait_for("White to move");
    t.play(&["e2e3", "b7b5"]);
    t.wait_for("1. e3 b5");
    // Closing the terminal sends SIGHUP.
    t.tmux(&["kill-session", "-t", "m:"]);
    let games = t.data.join("games");
    // The record is complete, and the lock released once Motley is gone.
    wait::until("one record, its lock released", || {
        let found = records(&games);
        found.len() == 1 && !motley_records::games::is_locked_elsewhere(&found[0])
    });
    assert_eq!(load(&records(&games)[0]).sans(), ["e3", "b5"]);
}

#[test]
fn save_as_asks_before_replacing_and_tilde_is_the_home_folder() {
    let Some(t) = Tmux::new("saveas") else {
        return;
    };
    let home = t.root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let existing = home.join("x.json");
    std::fs::write(&existing, "keep me").unwrap();
    t.start_in("m", &format!("HOME='{}'", home.display()), "play standard");
    t.wait_for("White to move");
    t.play(&["e2e4"]);
    t.keys(&["s"]);
    t.wait_for("Save game as");
    t.erase();
    t.type_line("~/x.json");
    t.wait_for("Replace it with this game?");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");
    // No: back to the prompt; a new name under ~ goes to $HOME.
    t.keys(&["n"]);
    t.wait_for("Save game as");
    t.erase();
    t.type_line("~/new.json");
    t.wait_for(&format!("saved to {}", home.join("new.json").display()));
    assert_eq!(load(&home.join("new.json")).sans(), ["e4"]);
    assert!(!t.root.join("~").exists(), "no literal ~ folder");
    // Yes: replaced.
    t.keys(&["s"]);
    t.wait_for("Save game as");
    t.erase();
    t.type_line("~/x.json");
    t.wait_for("Replace it with this game?");
    t.keys(&["y"]);
    t.wait_for(&format!("saved to {}", existing.display()));
    assert_eq!(load(&existing).sans(), ["e4"]);
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn the_browser_shows_a_saved_games_variant_and_length() {
    let Some(t) = Tmux::new("browser") else {
        return;
    };
    let saves = t.data.join("saves");
    let mut g = motley_game::Game::new(
        motley_game::variant::Registry::builtin()
            .get("chicken")
            .unwrap(),
        None,
        1,
    )
    .unwrap();
    for _ in 0..5 {
        let first = g.legal_actions()[0];
        g.play(first).unwrap();
    }
    motley_records::save_game(&saves.join("mine.json"), &g, Some(("human", "ai:2"))).unwrap();
    t.start("");
    t.wait_for("Load a saved game");
    t.keys(&["l"]);
    let s = t.wait_for("Chicken Chess · human v ai:2");
    assert!(s.contains("5 plies · unfinished"), "{s}");
    assert!(s.contains("mine.json"), "{s}");
    // Opened to play on, against the computer the file names.
    t.keys(&["Enter"]);
    t.wait_for("Black: computer (ai:2)");
    t.keys(&["q", "q"]);
    t.wait_exit();
}

#[test]
fn the_old_autosave_is_moved_in_at_start_and_offered() {
    let Some(t) = Tmux::new("legacy") else {
        return;
    };
    let mut g = motley_game::Game::new(
        motley_game::variant::Registry::builtin()
            .get("standard")
            .unwrap(),
        None,
        1,
    )
    .unwrap();
    for m in ["d4", "d5"] {
        g.play_text(m).unwrap();
    }
    let legacy = t.data.join("autosave.json");
    motley_records::save_game(&legacy, &g, Some(("human", "human"))).unwrap();
    let bytes = std::fs::read(&legacy).unwrap();
    t.start("");
    t.wait_for("unfinished: Standard chess, 2 plies");
    assert!(!legacy.exists());
    let games = records(&t.data.join("games"));
    assert_eq!(games.len(), 1);
    assert_eq!(std::fs::read(&games[0]).unwrap(), bytes, "byte for byte");
    t.keys(&["q"]);
    t.wait_exit();
}

#[test]
fn a_signal_while_saving_fails_says_the_game_was_not_saved() {
    let Some(t) = Tmux::new("sigfail") else {
        return;
    };
    std::fs::write(&t.data, "not a folder").unwrap();
    let script = format!(
        "sh -c \"env {} '{BIN}' play standard --no-auto-flip; echo STATUS=\\$?; sleep 30\"",
        t.env(""),
    );
    t.shell_in("m", &script);
    t.wait_for("White to move");
    t.play(&["e2e4"]);
    t.wait_for("GAME NOT SAVED");
    let pid = t.child_pid();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let s = t.wait_for("STATUS=");
    assert!(s.contains("STATUS=130"), "{s}");
    assert!(s.contains("motley: the game was NOT saved"), "{s}");
}
