//! The command line as scripts use it: exact output lines and exit codes.

use crate::support::temp::temp_dir;
use std::process::Command;

fn motley(args: &[&str]) -> (i32, String, String) {
    motley_with(&temp_dir("cli-data"), args)
}

/// Runs motley with `data` as its data folder: exit code, stdout, stderr.
fn motley_with(data: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env("MOTLEY_DATA_DIR", data)
        .output()
        .expect("run motley");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_nodes_line() {
    let (code, out, _) = motley(&["perft", "standard", "5"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes: 4865609"));
    let (code, out, _) = motley(&["perft", "antichess", "5"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes: 2732672"));
}

#[test]
fn perft_divide_lists_sorted_moves_then_total() {
    let (code, out, _) = motley(&["perft", "standard", "3", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let (rows, last) = lines.split_at(lines.len() - 1);
    assert_eq!(last, ["Nodes: 8902"]);
    assert_eq!(rows.len(), 20);
    let moves: Vec<&str> = rows.iter().map(|r| r.split(':').next().unwrap()).collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let sum: u64 = rows
        .iter()
        .map(|r| r.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
    assert!(rows.contains(&"e2e4: 600"));
}

#[test]
fn moves_lists_sorted_coordinate_actions() {
    let (code, out, _) = motley(&[
        "moves",
        "standard",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(
        lines.contains(&"e1g1"),
        "castling listed as the king's move"
    );
    assert_eq!(lines.len(), 15);
}

#[test]
fn malformed_fens_exit_2_with_a_message() {
    for (fen, words) in [
        ("8/8/8/8/8/8/8/8 w - -", "king"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "piece letter",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "9 squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1",
            "more than one king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "castling",
        ),
    ] {
        let (code, out, err) = motley(&["perft", "standard", "1", "--fen", fen]);
        assert_eq!(code, 2, "{fen}: {out}{err}");
        assert!(err.contains(words), "{fen}: expected '{words}' in {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn unknown_variant_exits_2() {
    let (code, _, err) = motley(&["perft", "nonsense", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant"), "{err}");
}

#[test]
fn list_and_rules() {
    let (code, out, _) = motley(&["list"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l.starts_with("standard ")));
    assert!(out.lines().any(|l| l.starts_with("antichess ")));
    let (code, out, _) = motley(&["rules", "antichess"]);
    assert_eq!(code, 0);
    assert!(out.contains("compulsory"));
}

// `motley match`: headless games, alternating colours, the final
// `score: W-D-L` line and saved records in the format docs/saved-games.md describes.
#[test]
fn match_plays_alternating_games_and_saves_records() {
    let dir = temp_dir("match");
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

// Issue 22, item 16: variant names on the command line are ids or
// aliases in any case, and `motley list` shows the aliases.
#[test]
fn item_16_variant_aliases_and_any_case_are_accepted() {
    let (code, out, _) = motley(&["list"]);
    assert_eq!(code, 0);
    let standard = out.lines().find(|l| l.starts_with("standard ")).unwrap();
    assert!(standard.contains("also: chess, fide"), "{standard}");
    for name in ["chess", "Chess", "STANDARD", "Standard chess"] {
        let (code, out, err) = motley(&["perft", name, "2"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(out.lines().last(), Some("Nodes: 400"), "{name}");
    }
    let (code, out, err) = motley(&["rules", "Chicken"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Chicken Chess"), "{out}");
    let (code, out, _) = motley(&["moves", "Jamal", "--fen", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "b1c4"), "{out}");
    // Unknown names are still refused, with status 2.
    let (code, _, err) = motley(&["rules", "chessy"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant 'chessy'"), "{err}");
}

// Issue 22, item 45: `motley rules` prints the name once, as a heading
// with the origin, and the text does not repeat it.
#[test]
fn item_45_rules_print_the_name_once() {
    let (_, list, _) = motley(&["list"]);
    for id in list.lines().filter_map(|l| l.split_whitespace().next()) {
        let (code, out, _) = motley(&["rules", id]);
        assert_eq!(code, 0, "{id}");
        let heading = out.lines().next().unwrap_or_default().to_string();
        let name = heading.split(" — ").next().unwrap_or_default();
        assert!(!name.is_empty(), "{id}: {out}");
        // Said once as a heading; a variant from data may have a piece
        // of its name (amazon's amazon), which is no repeat of it.
        let as_heading = |l: &&str| *l == name || l.starts_with(&format!("{name} — "));
        assert_eq!(
            out.lines().filter(as_heading).count(),
            1,
            "{id}: the name '{name}' is repeated:\n{out}"
        );
        if !motley_game::variant::builtin::builtin_sized_names().contains(&id) {
            assert_eq!(out.matches(name).count(), 1, "{id}: '{name}' again:\n{out}");
        }
    }
    let (_, out, _) = motley(&["rules", "monochrome"]);
    assert!(
        out.starts_with("Monochrome Chess — Andrew Looney, 1996\n\n"),
        "{out}"
    );
}

#[test]
fn variant_check_plays_or_refuses_each_section_with_line_and_key() {
    let dir = temp_dir("variant-check");
    let file = dir.join("mine.ini");
    let text = "# mine\n[nighthill:kingofthehill]\nknight = -\ncustomPiece1 = n:NN\npromotionPieceTypes = qrbn\n\n[boom:chess]\nwallingRule = duck\n\n[odd:nighthill]\ncustomPiece2 = z:NX\n";
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = motley(&["variant", "check", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(
            "[nighthill] (line 2): plays; pieces p:fmWfceF b:B r:R q:Q n:NN k:K (royal)"
        ),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "[boom] (line 7): refused: line 8: wallingRule is not supported"
    );
    assert_eq!(
        lines[2],
        "[odd] (line 10): refused: line 11: customPiece2: character 2 ('X') is not Betza notation"
    );
    assert!(
        lines[3].ends_with("mine.ini: 3 variants, 2 refused"),
        "{out}"
    );
    let (code, out, _) = motley(&[
        "variant",
        "perft",
        "nighthill",
        "3",
        "--variants",
        file.to_str().unwrap(),
    ]);
    assert_eq!((code, out.as_str()), (0, "Nodes: 15586\n"));
    std::fs::write(&file, "[a:chess]\nno equals sign\n").unwrap();
    let (code, out, _) = motley(&["variant", "check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("[a] (line 1): refused: line 2: "), "{out}");
}

#[test]
fn variant_perft_counts_a_builtin_variant_from_its_start_or_a_fen() {
    assert_eq!(
        motley(&["variant", "perft", "kingofthehill", "3"]).1,
        "Nodes: 8902\n"
    );
    let fen = "4k3/8/8/8/3K4/8/8/8 b - - 0 1";
    assert_eq!(
        motley(&["variant", "perft", "kingofthehill", "2", "--fen", fen]).1,
        "Nodes: 0\n"
    );
    let (code, _, err) = motley(&["variant", "perft", "nosuch", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no built-in variant from data is called 'nosuch'"),
        "{err}"
    );
}

#[test]
fn rules_of_a_variant_from_data_say_what_it_is_its_pieces_and_its_rules() {
    let (code, out, _) = motley(&["rules", "kingofthehill"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("A king that reaches one of the four centre squares wins."),
        "{out}"
    );
    assert!(out.contains("- K king (K, royal): "), "{out}");
    assert!(
        out.contains("White's K reaching d4, e4, d5, e5 wins"),
        "{out}"
    );
    let (_, out, _) = motley(&["rules", "chess"]);
    assert!(
        out.starts_with("Standard chess"),
        "chess stays Motley's own: {out}"
    );
    let (_, out, _) = motley(&["variant", "rules", "racingkings"]);
    assert!(
        out.contains("No move may give check.")
            && out.contains("Black may still get there and draw"),
        "{out}"
    );
}

#[test]
fn ini_files_in_the_user_variants_folder_are_listed_and_counted() {
    let data = temp_dir("cli-user-ini");
    std::fs::create_dir_all(data.join("variants")).unwrap();
    let ini = "[nighthill:kingofthehill]\nknight = -\ncustomPiece1 = n:NN\npromotionPieceTypes = qrbn\n[boom:chess]\ngating = true\n";
    std::fs::write(data.join("variants/mine.ini"), ini).unwrap();
    let run = |args: &[&str]| motley_with(&data, args);
    let (code, out, _) = run(&["variant", "list"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("nighthill      p:fmWfceF b:B r:R q:Q n:NN k:K (royal) (from "),
        "{out}"
    );
    assert!(
        out.contains("boom           refused: line 6: gating is not supported"),
        "{out}"
    );
    assert_eq!(
        run(&["variant", "perft", "nighthill", "4"]).1,
        "Nodes: 419019\n"
    );
}

#[test]
fn variant_moves_lists_uci_moves_the_fen_and_the_end() {
    let fen = "4k3/8/8/8/3K4/8/8/8 b - - 0 1";
    let (code, out, _) = motley(&["variant", "moves", "kingofthehill", "--fen", fen]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("fen: {fen}\nover: the side to move has lost\n")
    );
    let (_, out, _) = motley(&[
        "variant",
        "moves",
        "makruk",
        "--fen",
        "4k3/8/8/1P6/8/8/8/4K3 w - - 0 1",
    ]);
    assert!(out.starts_with("b5b6m\ne1d1\n"), "{out}");
    let (code, _, err) = motley(&["variant", "moves", "3check", "--fen", "4k3 w"]);
    assert_eq!(code, 2);
    assert!(err.contains("the FEN cannot be read"), "{err}");
}

#[test]
fn a_motley_json_variant_of_the_fairy_family_is_checked_and_counted_and_not_warned_about() {
    let data = temp_dir("cli-fairy-json");
    std::fs::create_dir_all(data.join("variants")).unwrap();
    let json = r#"{"id": "nighthill", "family": "fairy", "parent": "kingofthehill",
        "options": {"knight": "-", "customPiece1": "n:NN", "promotionPieceTypes": "qrbn", "checking": true}}"#;
    let file = data.join("variants/nighthill.json");
    std::fs::write(&file, json).unwrap();
    let run = |args: &[&str]| motley_with(&data, args);
    let (code, out, _) = run(&["variant", "check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with(
            "[nighthill] (JSON): plays; pieces p:fmWfceF b:B r:R q:Q n:NN k:K (royal)\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("nighthill.json: 1 variant, 0 refused\n"),
        "{out}"
    );
    assert_eq!(
        run(&["variant", "perft", "nighthill", "4"]).1,
        "Nodes: 419019\n"
    );
    let (_, _, err) = run(&["list"]);
    assert!(
        err.is_empty(),
        "the registry leaves a fairy file to motley variant: {err}"
    );
    std::fs::write(
        &file,
        r#"{"id": "x", "family": "fairy", "options": {"gating": true}}"#,
    )
    .unwrap();
    let (code, out, _) = run(&["variant", "check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("[x] (JSON): refused: gating is not supported"),
        "{out}"
    );
    std::fs::write(
        &file,
        r#"{"id": "x", "family": "fairy", "options": {"flagRegion": [1]}}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["variant", "check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("options.flagRegion must be a string, a number or true/false"),
        "{err}"
    );
}

// Issue 19: a variants.ini, from the user's folder or named by
// `--variants FILE` on any command, gives every section a variant id
// that every command plays; a section that cannot be read is skipped
// with its reason, and the others still play.
#[test]
fn variants_from_a_file_are_variant_ids_of_every_command() {
    let data = temp_dir("cli-ini");
    let ini = "[mykoth:kingofthehill]\n\
               customPiece1 = a:mNcK\n\
               startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n\
               \n\
               [broken]\n\
               customPiece1 = a:mN!!\n";
    let file = data.join("mine.ini");
    std::fs::write(&file, ini).expect("write");
    let path = file.to_str().expect("a path");
    let (code, out, err) = motley_with(&data, &["list", "--variants", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.starts_with("mykoth")), "{out}");
    assert!(!out.contains("broken"), "{out}");
    assert!(
        err.contains("'broken'") && err.contains("line 6: customPiece1: character 3 ('!')"),
        "{err}"
    );
    // The custom piece moves on the first move: one more than chess's 20.
    let (code, out, _) = motley_with(&data, &["perft", "mykoth", "1", "--variants", path]);
    assert_eq!((code, out.as_str()), (0, "Nodes: 22\n"));
    let (code, out, _) = motley_with(&data, &["rules", "mykoth", "--variants", path]);
    assert_eq!(code, 0);
    assert!(out.contains("- A customPiece1 (mNcK): "), "{out}");
    // Without the option the id is unknown; from the user's folder it is
    // known to every command.
    let (code, _, err) = motley_with(&data, &["perft", "mykoth", "1"]);
    assert_eq!(code, 2, "{err}");
    let variants = data.join("variants");
    std::fs::create_dir_all(&variants).expect("mkdir");
    std::fs::copy(&file, variants.join("mine.ini")).expect("copy");
    let (code, out, _) = motley_with(&data, &["perft", "mykoth", "1"]);
    assert_eq!((code, out.as_str()), (0, "Nodes: 22\n"));
    let (code, _, err) = motley_with(&data, &["list", "--variants", "/no/such.ini"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /no/such.ini"), "{err}");
}

// Issue 22, item 19: `motley check` says which player has no pieces left
// (the words on screen are checked with the rules' tests).
#[test]
fn item_19_check_names_the_player_left_without_pieces() {
    let dir = temp_dir("chicken-19");
    let path = dir.join("ended.json");
    std::fs::write(
        &path,
        r#"{"format":"motley-game","version":1,"variant":"chicken",
        "start":"4k3/8/8/8/8/8/3q4/4K3 b - - 0 1","seed":1,"moves":["d2e1"]}"#,
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["check", path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("result: 1-0 White has no pieces left"),
        "{text}"
    );
}

// Issue 33: a section of another size plays, as games and perft through
// the game count it; one with a key games do not play yet reads for
// perft and move lists, and says why it is not played.
#[test]
fn variant_check_perft_and_moves_serve_every_board_size() {
    let dir = temp_dir("variant-sizes");
    let file = dir.join("sizes.ini");
    let text = "[wide:capablanca]\n\n[turning:chess]\npieceDemotion = true\n";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = motley(&["variant", "check", path]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("[wide] (line 1): plays; pieces 10x8 p:fmWfceF"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("[turning] (line 3): reads, for perft and move lists only (line 4: pieceDemotion is counted"),
        "{out}"
    );
    for command in ["variant perft wide 3", "perft wide 3"] {
        let mut args = vec!["--variants", path];
        args.extend(command.split(' '));
        let (code, out, _) = motley(&args);
        assert_eq!((code, out.trim()), (0, "Nodes: 25228"), "{command}");
    }
    let (code, out, _) = motley(&[
        "variant",
        "moves",
        "grand",
        "--fen",
        "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1",
    ]);
    assert_eq!(code, 0);
    for m in ["a9a10q", "a9a10c", "e1d1"] {
        assert!(out.lines().any(|l| l == m), "{m}: {out}");
    }
    let (code, _, err) = motley(&["play", "micro"]);
    assert_ne!(code, 0);
    assert!(err.contains("pieceDemotion is counted by"), "{err}");
}
