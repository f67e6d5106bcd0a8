//! `motley match`: headless games, alternating colours, the final
//! `score: W-D-L` line and saved records in DESIGN.md's format.

use std::process::Command;

fn motley(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env(
            "MOTLEY_DATA_DIR",
            std::env::temp_dir().join("motley-match-test-data"),
        )
        .output()
        .expect("run motley");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn match_plays_alternating_games_and_saves_records() {
    let dir = std::env::temp_dir().join(format!("motley-match-{}", std::process::id()));
    let dir_s = dir.to_string_lossy().into_owned();
    let (code, out, err) = motley(&[
        "match",
        "antichess",
        "--white",
        "greedy",
        "--black",
        "random",
        "--games",
        "2",
        "--seed",
        "9",
        "--movetime",
        "5",
        "--save-dir",
        &dir_s,
    ]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    let nums: Vec<u32> = last
        .strip_prefix("score: ")
        .unwrap()
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 3);
    assert_eq!(nums.iter().sum::<u32>(), 2);
    // Game 1: greedy is White; game 2: greedy is Black.
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(['1', '2']))
        .collect();
    assert!(rows[0].contains("greedy   random"), "{out}");
    assert!(rows[1].contains("random   greedy"), "{out}");
    for k in 1..=2 {
        let path = dir.join(format!("antichess-9-game00{k}.json"));
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v["format"], "motley-game");
        assert_eq!(v["version"], 1);
        assert_eq!(v["variant"], "antichess");
        assert!(v["start"].is_null());
        assert_eq!(v["seed"], 9 + k - 1);
        assert!(!v["moves"].as_array().unwrap().is_empty());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_refuses_human_players_and_zero_games() {
    let (code, _, err) = motley(&["match", "standard", "--white", "human", "--black", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("players"), "{err}");
    let (code, _, err) = motley(&[
        "match", "standard", "--white", "ai", "--black", "random", "--games", "0",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("games"), "{err}");
    let (code, _, err) = motley(&["match", "standard", "--white", "ai:9", "--black", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("ai:9"), "{err}");
}
