//! Games in progress, one file each under the data folder: created
//! exclusively, listed newest first with what the menu shows, locked
//! against a second process, moved to the saves when finished, and the old
//! single autosave migrated without losing anything. The locking tests use
//! two real processes (this test binary run again as a child).

use crate::support::locks as lock_support;
use crate::support::records as record_util;
use crate::support::temp::temp_dir;
use crate::support::wait;

use lock_support::{checking_locks, spawn};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_records::games::{list_unfinished, migrate_legacy_autosave, OpenGame};
use motley_records::{self as record, RecordErrorKind};
use record_util::random_game;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime};

fn game(id: &str, plies: usize) -> Game {
    random_game(&Registry::builtin(), id, None, 3, plies)
}

/// This test binary again, running `child` with `env`.
fn child(name: &str, env: (&str, &Path)) -> Child {
    spawn(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                &format!("records::games::{name}"),
                "--nocapture",
                "--test-threads=1",
            ])
            .env(env.0, env.1)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()),
    )
    .unwrap()
}

/// The first line of a child's output that starts with `tag`.
fn wait_for_line(child: &mut Child, tag: &str) -> String {
    let out = child.stdout.as_mut().unwrap();
    let mut reader = BufReader::new(out);
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "child ended");
        // The test harness may have written "test NAME ... " first.
        if let Some(at) = line.find(tag) {
            return line.trim_end()[at + tag.len()..].to_string();
        }
    }
}

/// Child: open the game named by `MOTLEY_TEST_HOLD`, say so, and hold it
/// until standard input closes.
#[test]
#[ignore = "run by a_game_open_in_one_process_is_locked_in_another"]
fn hold_game_child() {
    let Some(path) = std::env::var_os("MOTLEY_TEST_HOLD") else {
        return;
    };
    let open = OpenGame::open(Path::new(&path)).unwrap();
    println!("held {}", open.path().display());
    std::io::stdout().flush().unwrap();
    let mut rest = String::new();
    let _ = std::io::stdin().read_line(&mut rest);
}

#[test]
fn a_game_open_in_one_process_is_locked_in_another() {
    let dir = temp_dir("locked");
    let games = dir.join("games");
    let locks = checking_locks();
    let path = OpenGame::create(&games, &game("chicken", 8), Some(("human", "human")))
        .unwrap()
        .path()
        .to_path_buf();
    drop(locks);
    let mut holder = child("hold_game_child", ("MOTLEY_TEST_HOLD", &path));
    wait_for_line(&mut holder, "held ");
    let _locks = checking_locks();

    let err = OpenGame::open(&path).unwrap_err();
    assert!(matches!(*err.kind, RecordErrorKind::Locked), "{err}");
    assert!(err.to_string().contains("open in another Motley"), "{err}");
    let listed = list_unfinished(&games);
    assert_eq!(listed.len(), 1);
    assert!(listed[0].locked);
    // It can still be read (for a read-only replay).
    let replay = record::load_first(&path, &Registry::builtin())
        .into_result()
        .unwrap();
    assert_eq!(replay.game.ply(), 8);

    drop(holder.stdin.take());
    holder.wait().unwrap();
    assert!(!list_unfinished(&games)[0].locked);
    let open = OpenGame::open(&path).unwrap();
    drop(open);
}

/// Child: create `MOTLEY_TEST_CREATE_N` games in the folder named by
/// `MOTLEY_TEST_CREATE`, printing each path.
#[test]
#[ignore = "run by two_processes_starting_games_at_once_get_a_file_each"]
fn create_games_child() {
    let Some(dir) = std::env::var_os("MOTLEY_TEST_CREATE") else {
        return;
    };
    let g = game("standard", 2);
    let mut held = Vec::new();
    for _ in 0..25 {
        let open = OpenGame::create(Path::new(&dir), &g, None).unwrap();
        println!("game {}", open.path().display());
        held.push(open);
    }
    std::io::stdout().flush().unwrap();
}

#[test]
fn two_processes_starting_games_at_once_get_a_file_each() {
    let dir = temp_dir("create");
    let games = dir.join("games");
    let children: Vec<Child> = (0..2)
        .map(|_| child("create_games_child", ("MOTLEY_TEST_CREATE", &games)))
        .collect();
    let mut paths = std::collections::BTreeSet::new();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(out.status.success());
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            // The test harness may have written "test NAME ... " first.
            if let Some(at) = line.find("game /") {
                let p = &line[at + "game ".len()..];
                assert!(paths.insert(p.to_string()), "{p} created twice");
            }
        }
    }
    assert_eq!(paths.len(), 50);
    assert_eq!(list_unfinished(&games).len(), 50);
}

#[test]
fn unfinished_games_are_listed_newest_first_with_what_the_menu_shows() {
    let dir = temp_dir("list");
    let games = dir.join("games");
    let older = OpenGame::create(&games, &game("chicken", 6), Some(("human", "ai:2"))).unwrap();
    let newer = OpenGame::create(&games, &game("monochrome", 4), None).unwrap();
    // The older was last played an hour before, as its record and its
    // file's time say (told, not waited for).
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    let text = std::fs::read_to_string(older.path()).unwrap();
    let mut rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    rec["saved"] = record::rfc3339(hour_ago).into();
    std::fs::write(older.path(), rec.to_string()).unwrap();
    std::fs::File::options()
        .write(true)
        .open(older.path())
        .and_then(|f| f.set_modified(hour_ago))
        .unwrap();
    std::fs::write(games.join("broken.json"), "{ not json").unwrap();
    #[cfg(unix)]
    assert!(spawn(Command::new("mkfifo").arg(games.join("fifo.json")))
        .and_then(|mut c| c.wait())
        .unwrap()
        .success());
    // A FIFO nobody writes to would be waited on for ever.
    let listed = {
        let games = games.clone();
        wait::within("listing past a FIFO", move || list_unfinished(&games))
    };
    let names: Vec<&Path> = listed.iter().map(|g| g.path.as_path()).collect();
    let broken: Vec<_> = listed.iter().filter(|g| g.problem.is_some()).collect();
    assert_eq!(broken.len(), if cfg!(unix) { 2 } else { 1 }, "{listed:?}");
    let good: Vec<_> = listed.iter().filter(|g| g.problem.is_none()).collect();
    assert_eq!(good[0].path, newer.path());
    assert_eq!(good[1].path, older.path());
    assert_eq!((good[0].variant.as_str(), good[0].plies), ("monochrome", 4));
    assert_eq!((good[1].variant.as_str(), good[1].plies), ("chicken", 6));
    assert_eq!(good[1].players.as_ref().unwrap().black, "ai:2");
    assert!(good[0].last_played > good[1].last_played);
    assert!(names
        .iter()
        .all(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.')));
}

#[test]
fn saving_a_game_touches_only_its_own_file_and_finishing_moves_it() {
    let dir = temp_dir("finish");
    let games = dir.join("games");
    let saves = dir.join("saves");
    let mut g = game("standard", 0);
    let first = OpenGame::create(&games, &g, None).unwrap();
    let other = OpenGame::create(&games, &game("chicken", 5), None).unwrap();
    let other_before = std::fs::read(other.path()).unwrap();
    assert_ne!(first.path(), other.path());
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        g.play_text(m).unwrap();
        first.save(&g, Some(("ann", "bob"))).unwrap();
    }
    assert_eq!(std::fs::read(other.path()).unwrap(), other_before);
    // A save of that name exists already: nothing is replaced.
    let name = first.path().file_name().unwrap().to_owned();
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join(&name), "someone else's").unwrap();
    let old_path = first.path().to_path_buf();
    let moved: PathBuf = first.finish(&saves).unwrap();
    assert!(!old_path.exists());
    assert_eq!(
        std::fs::read_to_string(saves.join(&name)).unwrap(),
        "someone else's"
    );
    let back = record::load_all(&moved, &Registry::builtin()).unwrap();
    assert_eq!(back[0].game.ply(), 7);
    assert!(back[0].game.outcome().is_some());
    let left = list_unfinished(&games);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].path, other.path());
    // No lock file of the finished game is left behind.
    let lock_files = std::fs::read_dir(&games)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.ends_with(".lock")
                && name.contains(&*old_path.file_name().unwrap().to_string_lossy())
        })
        .count();
    assert_eq!(lock_files, 0);
}

#[test]
fn the_old_autosave_moves_into_the_games_folder_byte_for_byte() {
    let dir = temp_dir("migrate");
    let games = dir.join("games");
    let autosave = dir.join("autosave.json");
    assert_eq!(migrate_legacy_autosave(&autosave, &games).unwrap(), None);
    record::save_game(&autosave, &game("antichess", 9), Some(("human", "ai:3"))).unwrap();
    let bytes = std::fs::read(&autosave).unwrap();
    let moved = migrate_legacy_autosave(&autosave, &games).unwrap().unwrap();
    assert!(!autosave.exists());
    assert_eq!(std::fs::read(&moved).unwrap(), bytes);
    assert!(moved
        .file_name()
        .unwrap()
        .to_string_lossy()
        .ends_with("-antichess.json"));
    let listed = list_unfinished(&games);
    assert_eq!(
        (listed[0].variant.as_str(), listed[0].plies),
        ("antichess", 9)
    );
    assert_eq!(migrate_legacy_autosave(&autosave, &games).unwrap(), None);

    // A damaged autosave moves too: nothing is lost, the list says why it
    // cannot be played.
    std::fs::write(&autosave, "{\"format\":\"motley-game\",\"version\":1,\"mov").unwrap();
    let moved = migrate_legacy_autosave(&autosave, &games).unwrap().unwrap();
    assert!(moved.to_string_lossy().ends_with("-autosave.json"));
    assert!(list_unfinished(&games)
        .iter()
        .any(|g| g.path == moved && g.problem.is_some()));
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_old_autosave_is_refused_at_once_and_left_alone() {
    let dir = temp_dir("migrate-fifo");
    let autosave = dir.join("autosave.json");
    assert!(spawn(Command::new("mkfifo").arg(&autosave))
        .and_then(|mut c| c.wait())
        .unwrap()
        .success());
    let err = {
        let (autosave, games) = (autosave.clone(), dir.join("games"));
        wait::within("migrating a FIFO", move || {
            migrate_legacy_autosave(&autosave, &games).unwrap_err()
        })
    };
    assert!(err.to_string().contains("not a regular file"), "{err}");
    assert!(autosave.exists());
}
