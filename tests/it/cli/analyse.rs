//! `motley analyse`: a known blunder is marked `??` with a best move that
//! refutes it, a Monochrome capture that gives away more points than it
//! scores is marked, Dice-Money rolls are valued but never marked, and
//! `--json` is the same analysis as data.

use crate::support::temp::{temp_dir, TempDir};
use motley_ai::analysis::{analyse_game, AnalysisSettings, Eval, GameAnalysis, Mark};
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::{parse_action, Position};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A saved game in a fresh file, removed (with its folder) when the test
/// ends.
struct GameFile {
    path: PathBuf,
    _dir: TempDir,
}

impl GameFile {
    fn new(name: &str, variant: &str, start: Option<&str>, moves: &[&str]) -> GameFile {
        let dir = temp_dir(&format!("analyse-{name}"));
        let path = dir.join("game.json");
        let record = serde_json::json!({
            "format": "motley-game", "version": 1, "variant": variant,
            "start": start, "seed": 1, "moves": moves,
        });
        std::fs::write(&path, record.to_string()).unwrap();
        GameFile { path, _dir: dir }
    }
}

fn analyse(file: &GameFile, extra: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .arg("analyse")
        .arg(&file.path)
        .args(["--movetime", "300"])
        .args(extra)
        .output()
        .expect("run motley analyse");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const SCHOLAR: [&str; 7] = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

fn game(variant: &str, start: Option<&str>, moves: &[&str]) -> Game {
    let mut g = Game::new(Registry::builtin().get(variant).unwrap(), start, 1).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn allowing_scholars_mate_is_a_blunder_and_the_best_move_stops_the_mate() {
    let file = GameFile::new("scholar", "standard", None, &SCHOLAR);
    let (code, out, err) = analyse(&file, &[]);
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("3... Nf6"))
        .unwrap_or_else(|| panic!("no line for 3... Nf6:\n{out}"));
    assert!(line.trim_end().ends_with("??"), "{line}");
    assert!(
        line.contains("#-1"),
        "after Nf6 Black is mated in one: {line}"
    );
    let best = line.split_whitespace().nth(5).unwrap().to_string();
    // The best move leaves White no mate in one.
    let mut g = game("standard", None, &SCHOLAR[..5]);
    g.play_text(&best).unwrap();
    for a in g.legal_actions() {
        let mut after = g.position().clone();
        after.play_unchecked(a);
        let mated = after.outcome().is_some_and(|o| o.winner.is_some());
        assert!(!mated, "after 3... {best}, {a} still mates");
    }
    // The mate itself is the best move, and Black's summary counts the blunder.
    let mate = out.lines().find(|l| l.contains("4. Qxf7#")).unwrap();
    assert!(mate.contains("won") && !mate.contains('?'), "{mate}");
    let black = out.lines().find(|l| l.starts_with("black:")).unwrap();
    assert!(black.contains("blunders ?? 1"), "{black}");
    assert!(
        out.lines().any(|l| l.starts_with("white: average loss")),
        "{out}"
    );
}

#[test]
fn json_is_the_same_analysis_as_data() {
    let file = GameFile::new("scholar-json", "standard", None, &SCHOLAR);
    let (code, out, err) = analyse(&file, &["--json"]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<GameAnalysis> = serde_json::from_str(&out).unwrap();
    assert_eq!(games.len(), 1);
    let a = &games[0];
    assert_eq!(a.variant, "standard");
    assert_eq!(a.plies.len(), 7);
    let nf6 = &a.plies[5];
    assert_eq!((nf6.san.as_str(), nf6.mover.as_str()), ("Nf6", "black"));
    assert_eq!(nf6.mark, Some(Mark::Blunder));
    assert_eq!(nf6.after, Eval::Mate(-1));
    assert_eq!(a.plies[6].after, Eval::Won);
    assert_eq!(a.summary[1].blunders, 1);
    assert!(out.contains(r#""mark": "??""#), "{out}");
}

#[test]
fn a_monochrome_capture_that_gives_away_more_points_than_it_scores_is_marked() {
    // South's queen takes the d5 pawn (1 point) and, now on North's half,
    // becomes North's: it takes South's king down the open d-file (10).
    let start = "r3k2r/pppp1ppp/8/3p4/3Q4/8/PPP2PPP/R2K3R w - - 0 1";
    let file = GameFile::new("mono", "monochrome", Some(start), &["d4d5", "d5d1"]);
    let (code, out, err) = analyse(&file, &["--json"]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<GameAnalysis> = serde_json::from_str(&out).unwrap();
    let capture = &games[0].plies[0];
    assert_eq!(capture.action, "d4d5");
    assert!(
        capture.mark.is_some_and(|m| m >= Mark::Mistake),
        "{capture:?}"
    );
    // Net: one point won, ten given away (100 cp a point).
    assert!(capture.loss.unwrap() >= 500, "{capture:?}");
    assert_ne!(capture.best_action.as_deref(), Some("d4d5"));
    // North's recapture of ten points is no mistake.
    assert_eq!(games[0].plies[1].mark, None);
}

#[test]
fn dice_money_rolls_are_valued_over_the_dice_but_never_marked() {
    let mut g = Game::new(Registry::builtin().get("dice-money").unwrap(), None, 5).unwrap();
    while g.ply() < 12 && g.outcome().is_none() {
        if g.position().is_chance() {
            g.roll_dice();
        } else {
            let a = motley_ai::players::random(g.position(), g.ply() as u64).unwrap();
            g.play(a).unwrap();
        }
    }
    let settings = AnalysisSettings {
        movetime: Duration::from_millis(100),
        max_depth: 4,
        threads: 2,
    };
    let done = std::sync::atomic::AtomicUsize::new(0);
    let a = analyse_game(&g, &settings, &AtomicBool::new(false), &|_, total| {
        assert_eq!(total, g.ply() + 1);
        done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(
        done.into_inner(),
        g.ply() + 1,
        "progress for every position"
    );
    assert_eq!(a.plies.len(), g.ply());
    let rolls: Vec<_> = a
        .plies
        .iter()
        .filter(|p| p.action.starts_with("roll:"))
        .collect();
    assert!(rolls.len() >= 2);
    for r in rolls {
        assert_eq!(
            (r.loss, r.mark, r.best.as_deref()),
            (None, None, None),
            "{r:?}"
        );
    }
    for p in a.plies.iter().filter(|p| !p.action.starts_with("roll:")) {
        let loss = p.loss.expect("a decision has a loss");
        assert!(loss >= 0);
        // Every best action is legal where it was suggested.
        let best = p.best_action.as_deref().unwrap();
        let before = g.position_at(p.ply - 1).unwrap();
        assert!(parse_action(before, best).is_ok(), "{p:?}");
    }
    let decisions = a.plies.iter().filter(|p| p.loss.is_some()).count();
    assert_eq!(a.summary[0].moves + a.summary[1].moves, decisions);
}

#[test]
fn analyse_reads_pgn_and_refuses_a_missing_file() {
    let dir = temp_dir("analyse-pgn");
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["analyse", pgn.to_str().unwrap(), "--movetime", "100"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.lines()
            .any(|l| l.contains("3... Nf6") && l.trim_end().ends_with("??")),
        "{text}"
    );
    let missing = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["analyse", dir.join("nothing.json").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("nothing.json"));
}

/// Issue 22, item 1: Monochrome is judged on its own scale, points, with
/// evaluations clamped at every point in play rather than at ten. South
/// takes three queens (24 points); North, far behind, walks its king
/// instead of taking the queen on f4 with the e5 pawn. That loses many
/// points and is a blunder, though North was more than ten points behind
/// before it (where analysis used to see no loss at all).
#[test]
fn item_1_monochrome_moves_are_judged_past_a_ten_point_lead() {
    let start = "7k/8/8/1q2q2q/P2P1QP1/8/8/K7 w - - 0 1";
    let moves = ["a4b5", "h8g8", "d4e5", "g8h8", "g4h5", "h8g8"];
    let g = game("monochrome", Some(start), &moves);
    let settings = AnalysisSettings {
        movetime: Duration::from_secs(60),
        max_depth: 4,
        threads: 1,
    };
    let a = analyse_game(&g, &settings, &AtomicBool::new(false), &|_, _| {});
    let walk = &a.plies[5];
    assert_eq!(walk.action, "h8g8");
    let Eval::Cp(before) = walk.before else {
        panic!("no mate here: {walk:?}");
    };
    assert!(before < -1000, "more than ten points behind: {walk:?}");
    assert_eq!(walk.best_action.as_deref(), Some("e5f4"), "{walk:?}");
    assert!(walk.loss.is_some_and(|l| l >= 300), "{walk:?}");
    assert_eq!(walk.mark, Some(Mark::Blunder), "{walk:?}");
    assert!(a.summary[1].blunders >= 1, "{:?}", a.summary[1]);
}

/// Issue 21, section 5: each side's accuracy, in the text (a column per
/// move and a figure per side) and in the JSON (optional fields).
#[test]
fn the_output_gives_each_move_and_each_side_an_accuracy() {
    let file = GameFile::new("accuracy", "standard", None, &SCHOLAR);
    let (code, out, err) = analyse(&file, &[]);
    assert_eq!(code, 0, "{err}");
    let header = out.lines().next().unwrap();
    assert!(header.contains(" acc "), "{header}");
    // The mate is the engine's choice: 100%.
    let mate = out.lines().find(|l| l.contains("4. Qxf7#")).unwrap();
    assert!(mate.contains("100%"), "{mate}");
    // The blunder allowing it is far from that.
    let nf6 = out.lines().find(|l| l.contains("3... Nf6")).unwrap();
    let percent: f64 = nf6
        .split_whitespace()
        .find_map(|w| w.strip_suffix('%')?.parse().ok())
        .unwrap();
    assert!(percent < 50.0, "{nf6}");
    let figure = |side: &str| -> f64 {
        let line = out.lines().find(|l| l.starts_with(side)).unwrap();
        let at = line.find("accuracy ").unwrap() + "accuracy ".len();
        line[at..].split('%').next().unwrap().parse().unwrap()
    };
    let (white, black) = (figure("white:"), figure("black:"));
    assert!(white > black, "{out}");
    assert!((0.0..=100.0).contains(&black), "{out}");
    // Chess losses are told in pawns.
    assert!(out.contains("average loss 0."), "{out}");
    assert!(out.contains(" pawns over "), "{out}");
    assert!(!out.contains(" cp "), "{out}");
    // The JSON has the same figures, to a tenth.
    let (code, json, err) = analyse(&file, &["--json"]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<GameAnalysis> = serde_json::from_str(&json).unwrap();
    let a = &games[0];
    let [w, b] = [&a.summary[0], &a.summary[1]].map(|s| s.accuracy.unwrap());
    assert!(w > b, "{w} {b}");
    assert_eq!(a.plies[6].accuracy, Some(100.0));
    assert!(a.plies[5].accuracy.unwrap() < 50.0);
    assert!(json.contains(r#""accuracy": "#), "{json}");
}

/// Monochrome's losses are points, and the summary says so (it used to say
/// centipawns).
#[test]
fn a_monochrome_summary_counts_points() {
    let start = "r3k2r/pppp1ppp/8/3p4/3Q4/8/PPP2PPP/R2K3R w - - 0 1";
    let file = GameFile::new("mono-text", "monochrome", Some(start), &["d4d5", "d5d1"]);
    let (code, out, err) = analyse(&file, &[]);
    assert_eq!(code, 0, "{err}");
    let white = out.lines().find(|l| l.starts_with("white:")).unwrap();
    assert!(white.contains(" points over 1 moves"), "{white}");
    assert!(white.contains("accuracy "), "{white}");
    assert!(!out.contains(" cp "), "{out}");
}

/// A position with one legal action is valued through it: the search
/// answers a lone action at once, so the check 16. Qb8+ of the Opera game
/// (whose only answer, Nxb8, allows Rd8#) used to read as Black winning.
#[test]
fn a_forced_reply_is_valued_by_what_follows_it() {
    let opera = [
        "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
        "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
        "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
    ];
    let g = game("standard", None, &opera);
    let settings = AnalysisSettings {
        movetime: Duration::from_secs(60),
        max_depth: 4,
        threads: 1,
    };
    let a = analyse_game(&g, &settings, &AtomicBool::new(false), &|_, _| {});
    let check = &a.plies[30];
    assert_eq!(check.san, "Qb8+");
    assert_eq!(check.after, Eval::Mate(1), "{check:?}");
    let forced = &a.plies[31];
    assert_eq!(forced.san, "Nxb8");
    assert_eq!(
        (forced.before, forced.best.as_deref()),
        (Eval::Mate(-1), Some("Nxb8")),
        "{forced:?}"
    );
    assert_eq!(forced.accuracy, Some(100.0));
}
