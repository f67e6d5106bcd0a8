//! Saved games on disk: atomic saves that never destroy the previous file,
//! the data folder and its games (isolated with MOTLEY_DATA_DIR), and the
//! saved-game subcommands' machine-readable output.

use crate::support::locks::{output, spawn};
use crate::support::records as record_util;
use crate::support::temp::temp_dir;

use motley_disk::paths::{self, DATA_DIR_ENV};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::{self as record, games::OpenGame, save_game, store::temp_path_for};
use motley_rules::Position;
use record_util::random_game;
use std::path::Path;
use std::process::{Command, Output};

fn game(moves: &[&str]) -> Game {
    let mut g = Game::new(Registry::builtin().get("standard").unwrap(), None, 3).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

fn motley(args: &[&str], cwd: &Path) -> Output {
    output(
        Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(args)
            .current_dir(cwd)
            .env("HOME", cwd)
            .env("XDG_DATA_HOME", cwd.join("xdg")),
    )
    .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_failed_save_leaves_the_old_file_intact() {
    let dir = temp_dir("atomic");
    let path = dir.join("game.json");
    save_game(&path, &game(&["e4"]), None).unwrap();
    let before = std::fs::read(&path).unwrap();

    // The temporary file's place is taken by a folder: creating it fails
    // even for root. The old save must survive untouched.
    let tmp = temp_path_for(&path).unwrap();
    std::fs::create_dir(&tmp).unwrap();
    let err = save_game(&path, &game(&["e4", "e5", "Nf3"]), None).unwrap_err();
    assert!(err.to_string().contains("game.json"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let loaded = record::load_all(&path, &Registry::builtin()).unwrap();
    assert_eq!(loaded[0].game.ply(), 1);
    std::fs::remove_dir(&tmp).unwrap();

    // With the obstacle gone the same save replaces the file, leaving no
    // temporary file behind.
    save_game(&path, &game(&["e4", "e5", "Nf3"]), None).unwrap();
    assert_eq!(
        record::load_all(&path, &Registry::builtin()).unwrap()[0]
            .game
            .ply(),
        3
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.json"]);
}

#[test]
fn a_failed_rename_removes_the_temporary_file() {
    let dir = temp_dir("atomic-rename");
    // The target is a non-empty folder: the rename fails, the folder and
    // its content stay, and no temporary file is left.
    let target = dir.join("save.json");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("keep"), "kept").unwrap();
    assert!(save_game(&target, &game(&["d4"]), None).is_err());
    assert_eq!(
        std::fs::read_to_string(target.join("keep")).unwrap(),
        "kept"
    );
    assert!(!temp_path_for(&target).unwrap().exists());
}

#[test]
fn a_save_under_a_file_fails_cleanly() {
    let dir = temp_dir("atomic-parent");
    let file = dir.join("plain");
    std::fs::write(&file, "x").unwrap();
    let err = save_game(&file.join("sub").join("g.json"), &game(&[]), None).unwrap_err();
    assert!(err.to_string().contains("cannot write"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

/// Child process for the data-folder test: the library's folders with
/// `MOTLEY_DATA_DIR` set for this process alone (no test changes the
/// environment of the test process others share). Ignored in normal runs.
#[test]
#[ignore = "run by games_live_in_the_data_folder_given_by_motley_data_dir"]
fn data_dir_child() {
    let Some(dir) = std::env::var_os(DATA_DIR_ENV) else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    assert_eq!(paths::data_dir().unwrap(), dir);
    assert_eq!(paths::games_dir().unwrap(), dir.join("games"));
    assert_eq!(paths::saves_dir().unwrap(), dir.join("saves"));
    assert_eq!(paths::variants_dir().unwrap(), dir.join("variants"));
    let reg = Registry::builtin();
    let games = paths::games_dir().unwrap();
    assert!(record::games::list_unfinished(&games).is_empty());
    let g = random_game(&reg, "antichess", None, 7, 30);
    let open = OpenGame::create(&games, &g, Some(("human", "ai:2"))).unwrap();
    let listed = record::games::list_unfinished(&games);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].plies, g.ply());
    let back = record::load_first(open.path(), &reg).into_result().unwrap();
    assert_eq!(back.game.actions(), g.actions());
    assert_eq!(back.game.position().to_fen(), g.position().to_fen());
    assert_eq!(back.players.unwrap().black, "ai:2");
    let finished = open.finish(&paths::saves_dir().unwrap()).unwrap();
    assert!(record::games::list_unfinished(&games).is_empty());

    // Saving by name: fresh names in the saves folder, listed newest first.
    let first = finished;
    assert!(first.starts_with(dir.join("saves")));
    let second =
        record::store::fresh_path_in(&paths::saves_dir().unwrap(), &g.variant().id).unwrap();
    assert_ne!(first, second);
    assert!(second
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("antichess-"));
    save_game(&second, &game(&["e4"]), None).unwrap();
    // The first was saved an hour before (told, not waited for).
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&first)
        .and_then(|f| f.set_modified(hour_ago))
        .unwrap();
    assert_eq!(record::list_saves(), [second, first]);
    println!("data folder checked");
}

#[test]
fn games_live_in_the_data_folder_given_by_motley_data_dir() {
    let dir = temp_dir("autosave");
    let out = output(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "records::files::data_dir_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(DATA_DIR_ENV, &dir),
    )
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("data folder checked"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_prints_plies_result_and_final_fen_for_each_game() {
    let dir = temp_dir("cli-check");
    let mut g = game(&["f3", "e5", "g4", "Qh4#"]);
    save_game(&dir.join("mate.json"), &g, None).unwrap();
    let out = motley(&["check", "mate.json"], &dir);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "plies: 4\nresult: 0-1 checkmate\nfinal: {}\n",
            g.position().to_fen()
        )
    );
    g.undo();
    let pgn = format!(
        "{}\n{}",
        record::export_pgn(&g, None),
        "[Event \"two\"]\n\n1. d4 d5 2. c4 {a comment} $1 (2. Nf3) dxc4 1/2-1/2\n"
    );
    std::fs::write(dir.join("two.pgn"), pgn).unwrap();
    let out = motley(&["check", "two.pgn"], &dir);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "plies: 3");
    assert_eq!(lines[1], "result: *");
    assert_eq!(lines[3], "plies: 4");
    assert_eq!(lines[4], "result: 1/2-1/2 agreement");
    assert!(lines[5].starts_with("final: rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w"));
}

#[test]
fn export_then_import_gives_the_same_moves_and_never_overwrites() {
    let dir = temp_dir("cli-export");
    let reg = Registry::builtin();
    let g = random_game(&reg, "antichess", None, 8, 80);
    save_game(&dir.join("g.json"), &g, Some(("ann", "bob"))).unwrap();
    let out = motley(&["export", "g.json"], &dir);
    assert_eq!(out.status.code(), Some(0));
    let pgn = stdout(&out);
    assert!(
        pgn.contains("[White \"ann\"]") && pgn.contains("[Variant \"Antichess\"]"),
        "{pgn}"
    );
    // The date of the save, as a PGN date.
    let today = record::rfc3339(std::time::SystemTime::now())[..10].replace('-', ".");
    assert!(pgn.contains(&format!("[Date \"{today}\"]")), "{pgn}");
    std::fs::write(dir.join("g.pgn"), &pgn).unwrap();
    // The played date survives import and export.
    let dated = pgn.replace(&today, "1992.11.04");
    std::fs::write(dir.join("dated.pgn"), &dated).unwrap();
    let out = motley(&["import", "dated.pgn", "--out", "out"], &dir);
    assert_eq!(stdout(&out).trim(), "out/dated.json");
    let out = motley(&["export", "out/dated.json"], &dir);
    assert!(stdout(&out).contains("[Date \"1992.11.04\"]"));
    for expected in ["out/g.json", "out/g-2.json"] {
        let out = motley(&["import", "g.pgn", "--out", "out"], &dir);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out).trim(), expected);
        let back = record::load_all(&dir.join(expected), &reg).unwrap();
        assert_eq!(back[0].game.actions(), g.actions());
        assert_eq!(back[0].players.as_ref().unwrap().white, "ann");
    }
    // Several games: one numbered file each, in the current folder.
    std::fs::write(dir.join("many.pgn"), format!("{pgn}\n{pgn}")).unwrap();
    let out = motley(&["import", "many.pgn"], &dir);
    assert_eq!(stdout(&out), "./many-1.json\n./many-2.json\n");
}

#[test]
fn moves_lists_the_legal_actions_at_the_end_of_a_saved_game() {
    let dir = temp_dir("cli-moves");
    let g = game(&["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    save_game(&dir.join("g.json"), &g, None).unwrap();
    let out = motley(&["moves", "standard", "--game", "g.json"], &dir);
    assert_eq!(out.status.code(), Some(0));
    let fen = g.position().to_fen();
    let direct = motley(&["moves", "standard", "--fen", &fen], &dir);
    assert_eq!(stdout(&out), stdout(&direct));
    assert_eq!(stdout(&out).lines().count(), g.legal_actions().len());
    // The file's variant must be the one asked for; --fen and --game exclude
    // each other.
    let out = motley(&["moves", "antichess", "--game", "g.json"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'standard'"));
    let out = motley(
        &["moves", "standard", "--game", "g.json", "--fen", &fen],
        &dir,
    );
    assert!(!out.status.success());
}

/// Child process for the kill test: saves ever-longer games to the path in
/// `MOTLEY_TEST_SAVE_LOOP` until it is killed. Ignored in normal runs.
#[test]
#[ignore = "run by a_killed_saver_never_leaves_a_broken_file"]
fn save_loop_child() {
    let Some(path) = std::env::var_os("MOTLEY_TEST_SAVE_LOOP") else {
        return;
    };
    let path = std::path::PathBuf::from(path);
    let reg = Registry::builtin();
    let long = random_game(&reg, "standard", None, 7, 400);
    let start = std::process::id() as usize;
    for n in (start..).map(|i: usize| i % long.ply()) {
        let mut g = Game::new(reg.get("standard").unwrap(), None, 7).unwrap();
        for a in &long.actions()[..n] {
            g.play(*a).unwrap();
        }
        save_game(&path, &g, Some(("loop", "loop"))).unwrap();
    }
}

/// SIGKILL at random moments while a process saves over and over: the file
/// is always a complete, valid record (the previous or the next save).
#[test]
fn a_killed_saver_never_leaves_a_broken_file() {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let dir = temp_dir("kill");
    let path = dir.join("game.json");
    let reg = Registry::builtin();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    let mut seen = std::collections::BTreeSet::new();
    for round in 0..12 {
        let mut child = spawn(
            Command::new(std::env::current_exe().unwrap())
                .args([
                    "--ignored",
                    "--exact",
                    "records::files::save_loop_child",
                    "--test-threads=1",
                ])
                .env("MOTLEY_TEST_SAVE_LOOP", &path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        )
        .unwrap();
        // Wait until this child is saving (the file changes), then kill it
        // at a random moment within the next few saves.
        let before = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::fs::metadata(&path).and_then(|m| m.modified()).ok() == before
            && std::time::Instant::now() < deadline
        {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        std::thread::sleep(std::time::Duration::from_millis(u64::from(
            rng.next_u32() % 40,
        )));
        child.kill().unwrap();
        child.wait().unwrap();
        if !path.exists() {
            continue;
        }
        let games = record::load_all(&path, &reg)
            .unwrap_or_else(|e| panic!("round {round}: broken save: {e}"));
        seen.insert(games[0].game.ply());
    }
    // The saver got going: several different saves were caught.
    eprintln!("plies of the saves found after each kill: {seen:?}");
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn stale_temporary_files_of_killed_saves_are_cleared() {
    let dir = temp_dir("stale");
    let path = dir.join("game.json");
    let stale = dir.join(".game.json.4242.tmp");
    let fresh = dir.join(".game.json.4343.tmp");
    let other = dir.join(".other.json.4242.tmp");
    for p in [&stale, &fresh, &other] {
        std::fs::write(p, "half a sa").unwrap();
    }
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for p in [&stale, &other] {
        std::fs::File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    save_game(&path, &game(&["e4"]), None).unwrap();
    assert!(!stale.exists());
    // A fresh one may be a save in progress; another file's are not ours.
    assert!(fresh.exists() && other.exists());
}

/// Child process for the full-disk test: tries to save a long game over
/// the file named by `MOTLEY_TEST_BIG_SAVE` under a tiny file-size limit;
/// succeeds only if the save fails. Ignored in normal runs.
#[test]
#[ignore = "run by a_save_that_runs_out_of_space_leaves_the_old_file_intact"]
fn big_save_child() {
    let Some(path) = std::env::var_os("MOTLEY_TEST_BIG_SAVE") else {
        return;
    };
    let reg = Registry::builtin();
    let long = random_game(&reg, "standard", None, 7, 400);
    let err = save_game(Path::new(&path), &long, None).unwrap_err();
    println!("save failed: {err}");
}

/// A write that fails half-way (the file-size limit stands in for a full
/// disk; root is bound by it too) leaves the previous save as it was and no
/// temporary file.
#[cfg(unix)]
#[test]
fn a_save_that_runs_out_of_space_leaves_the_old_file_intact() {
    let dir = temp_dir("full");
    let path = dir.join("game.json");
    save_game(&path, &game(&["e4", "e5"]), None).unwrap();
    let before = std::fs::read(&path).unwrap();
    assert!(before.len() < 2048);
    let exe = std::env::current_exe().unwrap();
    // Ignore SIGXFSZ so the write fails with EFBIG instead of killing.
    let script = format!(
        "trap '' XFSZ; ulimit -f 4; exec '{}' --ignored --exact records::files::big_save_child --nocapture --test-threads=1",
        exe.display()
    );
    let out = output(
        Command::new("sh")
            .args(["-c", &script])
            .env("MOTLEY_TEST_BIG_SAVE", &path),
    )
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("save failed") && text.contains("game.json"),
        "{text}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let names: Vec<String> = std::fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.json"]);
}

/// Issue 21, section 6: the players' names are a record's optional
/// `names`, read back with the game; PGN's White and Black tags are read as
/// names too.
#[test]
fn names_are_read_back_from_a_record_and_from_pgn_tags() {
    use motley_records::{store::record_to_save, Players};
    let tmp = tempfile::tempdir().unwrap();
    let registry = Registry::builtin();
    let mut game = Game::new(registry.get("standard").unwrap(), None, 1).unwrap();
    game.play_text("e4").unwrap();
    let mut rec = record_to_save(&game, Some(("human", "ai:3")));
    let names = Players {
        white: "Ann".into(),
        black: "Computer (level 3)".into(),
    };
    rec.names = Some(names.clone());
    let json = tmp.path().join("named.json");
    motley_records::store::save_record(&json, &rec).unwrap();
    let saved = motley_records::load_all(&json, &registry).unwrap();
    assert_eq!(saved[0].names.as_ref(), Some(&names));
    let pgn = tmp.path().join("named.pgn");
    std::fs::write(&pgn, "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 *\n").unwrap();
    let saved = motley_records::load_all(&pgn, &registry).unwrap();
    let read = saved[0].names.as_ref().unwrap();
    assert_eq!((read.white.as_str(), read.black.as_str()), ("Ann", "Bob"));
}
