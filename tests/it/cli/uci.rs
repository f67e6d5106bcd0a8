//! UCI both ways. `motley uci` driven through the real binary's standard
//! input and output, as a GUI drives it; and `uci:COMMAND` players — Motley's
//! own engine, Stockfish where installed, and small fake engines that crash
//! or move illegally — in `motley match` and on the play screen.

use crate::support::tui as tui_support;
use crate::support::wait::{self, PATIENCE};

use motley::tui::{run_requests_inline, App, PlayState, Screen};
use motley_ai::PlayerSpec;
use motley_game::variant::Registry;
use motley_game::Game;
use motley_rules::core::Action;
use motley_rules::{parse_action, Position};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tui_support::{message, play_state, prompt, settings, temp_dir, theme};

const MOTLEY: &str = env!("CARGO_BIN_EXE_motley");
const STOCKFISH: &str = "/usr/games/stockfish";

/// `motley uci` as a child process, its output read line by line.
struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(MOTLEY)
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start motley uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' line ({e}); got {seen:?}"),
            }
        }
    }

    /// The move text of the next `bestmove`.
    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove ");
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game of `id` after `plies` seeded random actions (dice rolled by the
/// game), stopped early if it ends.
fn random_game(id: &str, plies: u64) -> Game {
    let mut game = Game::new(Registry::builtin().get(id).unwrap(), None, 3).unwrap();
    for i in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        if game.position().is_chance() {
            game.roll_dice();
            continue;
        }
        let a = motley_ai::players::random(game.position(), 11 + i).unwrap();
        game.play(a).unwrap();
    }
    game
}

fn moves_text(game: &Game) -> String {
    let texts: Vec<String> = game.actions().iter().map(Action::to_string).collect();
    texts.join(" ")
}

/// The move is legal in the position at the end of `game`.
fn assert_legal(game: &Game, text: &str) {
    let action = parse_action(game.position(), text);
    assert!(
        action.is_ok_and(|a| game.legal_actions().contains(&a)),
        "{} after '{}': bestmove {text} is not legal",
        game.variant().id,
        moves_text(game)
    );
}

#[test]
fn handshake_names_the_engine_and_every_variant_then_is_ready() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.until("uciok");
    assert!(
        lines.iter().any(|l| l.starts_with("id name Motley")),
        "{lines:?}"
    );
    let variant_option = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("a UCI_Variant option");
    let vars: Vec<&str> = variant_option
        .split(" var ")
        .skip(1)
        .map(|v| v.trim())
        .collect();
    assert!(vars.contains(&"chess"));
    for v in Registry::builtin().all() {
        assert!(vars.contains(&v.id.as_str()), "{} missing: {vars:?}", v.id);
    }
    for option in ["Level", "UCI_LimitStrength", "UCI_Elo", "Hash", "MultiPV"] {
        let prefix = format!("option name {option} type");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)),
            "{option}: {lines:?}"
        );
    }
    uci.send("isready");
    assert_eq!(uci.until("readyok").last().unwrap(), "readyok");
}

#[test]
fn position_with_moves_in_every_variant_gets_a_legal_bestmove() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.until("uciok");
    for v in Registry::builtin().all() {
        uci.send(&format!("setoption name UCI_Variant value {}", v.id));
        for plies in [0, 1, 7, 12] {
            let game = random_game(&v.id, plies);
            if game.outcome().is_some() {
                continue;
            }
            let moves = moves_text(&game);
            if moves.is_empty() {
                uci.send("position startpos");
            } else {
                uci.send(&format!("position startpos moves {moves}"));
            }
            uci.send("go depth 3");
            let best = uci.bestmove();
            assert_legal(&game, &best);
            // The same position given by FEN (with the last move after it).
            if let Some((last, before)) = game.actions().split_last() {
                let mut g = game.clone();
                g.truncate(before.len());
                if !g.position().is_chance() && v.id != "dice-money" {
                    uci.send(&format!(
                        "position fen {} moves {last}",
                        g.position().to_fen()
                    ));
                    uci.send("go depth 2");
                    assert_legal(&game, &uci.bestmove());
                }
            }
        }
    }
}

#[test]
fn chess_is_standard_and_castling_is_the_kings_move() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value chess");
    uci.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    uci.send("go depth 2");
    let best = uci.bestmove();
    let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        game.play_text(m).unwrap();
    }
    assert_eq!(game.sans().last().unwrap(), "O-O");
    assert_legal(&game, &best);
}

// `go movetime N` ends by itself (no `stop`). That it ends in time is the
// search's hard limit, checked on the limit in src/uci/engine.rs
// (`go_times_become_the_searchs_time_limit`); how late the answer came on
// this machine is only reported, as a loaded machine stretches it.
#[test]
fn go_movetime_is_answered_in_time() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.until("uciok");
    uci.send("isready");
    uci.until("readyok");
    let mut worst = Duration::ZERO;
    for (moves, movetime) in [("", 200u64), ("e2e4 c7c5 g1f3", 500), ("d2d4 d7d5", 1000)] {
        uci.send(&format!("position startpos moves {moves}"));
        let sent = Instant::now();
        uci.send(&format!("go movetime {movetime}"));
        let best = uci.bestmove();
        let took = sent.elapsed();
        let late = took.saturating_sub(Duration::from_millis(movetime));
        worst = worst.max(late);
        eprintln!(
            "go movetime {movetime}: bestmove {best} after {} ms",
            took.as_millis()
        );
    }
    eprintln!("latest answer past movetime: {} ms", worst.as_millis());
}

// A `go` with clocks ends by itself with a legal move; its share of the
// clock (well within it) is checked on the search's limit in
// src/uci/engine.rs (`go_times_become_the_searchs_time_limit`).
#[test]
fn go_with_clocks_answers_well_within_the_clock() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go wtime 3000 btime 2000 winc 0 binc 100 movestogo 20");
    let best = uci.bestmove();
    let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
    game.play_text("e2e4").unwrap();
    assert_legal(&game, &best);
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_during_it() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go infinite");
    // Thinking: it reports iterations and answers isready at once.
    uci.until("info depth 2 ");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let lines = uci.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "an infinite search must wait for stop: {lines:?}"
    );
    let sent = Instant::now();
    uci.send("stop");
    let best = uci.bestmove();
    eprintln!("stop answered after {} ms", sent.elapsed().as_millis());
    let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
    game.play_text("e2e4").unwrap();
    game.play_text("e7e5").unwrap();
    assert_legal(&game, &best);
}

#[test]
fn info_lines_carry_depth_seldepth_score_nodes_nps_time_and_pv() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 2");
    uci.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    uci.send("go depth 4");
    let lines = uci.until("bestmove");
    // A mate within the horizon ends the search early.
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth ") && l.contains(" multipv 1 "))
        .expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
        assert!(words.contains(&key), "{key} missing: {info}");
    }
    // Back-rank mate in one: score mate 1, pv a1a8.
    assert!(info.contains(" score mate 1 "), "{info}");
    assert!(info.ends_with(" pv a1a8"), "{info}");
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");
}

#[test]
fn dice_money_turns_are_coordinate_text_and_the_engine_rolls_at_a_chance_node() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value dice-money");
    uci.send("position startpos");
    uci.send("go movetime 100");
    let lines = uci.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("dice")),
        "{lines:?}"
    );
    let roll = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let mut game = Game::new(Registry::builtin().get("dice-money").unwrap(), None, 1).unwrap();
    assert!(game.position().is_chance());
    assert_legal(&game, &roll);
    // After the roll it is the mover's turn, not another chance node.
    game.play_text(&roll).unwrap();
    assert!(!game.position().is_chance());
    uci.send(&format!("position startpos moves {roll}"));
    uci.send("go depth 2");
    assert_legal(&game, &uci.bestmove());
}

#[test]
fn ponderhit_turns_the_ponder_search_into_a_real_one() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go ponder movetime 300");
    uci.until("info depth 1 ");
    uci.send("ponderhit");
    let best = uci.bestmove();
    let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
    game.play_text("e2e4").unwrap();
    game.play_text("e7e5").unwrap();
    assert_legal(&game, &best);
}

#[test]
fn bad_commands_get_an_info_string_and_the_engine_stays_up() {
    let mut uci = Uci::start();
    for bad in [
        "fly me to the moon",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e4 e2e4",
        "setoption name UCI_Variant value micro",
        "setoption name Hash value lots",
        "go depth",
        "setoption name NoSuchOption value 1",
    ] {
        uci.send(bad);
        let lines = uci.until("info string");
        assert!(lines.last().unwrap().len() > "info string ".len(), "{bad}");
    }
    // The bad move left the position after e2e4.
    uci.send("go depth 2");
    let mut game = Game::new(Registry::builtin().get("standard").unwrap(), None, 1).unwrap();
    game.play_text("e2e4").unwrap();
    assert_legal(&game, &uci.bestmove());
    uci.send("isready");
    uci.until("readyok");
}

#[test]
fn a_finished_game_answers_bestmove_none() {
    let mut uci = Uci::start();
    uci.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

// ---- uci: players ----

fn motley(args: &[&str]) -> (i32, String, String) {
    let data = temp_dir("uci-data");
    let out = Command::new(MOTLEY)
        .args(args)
        .env("MOTLEY_DATA_DIR", &data)
        .output()
        .expect("run motley");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fake engine: a shell script that answers the handshake and then
/// `go` as `on_go` says (shell code run for every `go`, with `$n` the
/// count of `go`s so far).
fn fake_engine(dir: &Path, name: &str, uci_extra: &str, on_go: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nn=0\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo \"id name {name}\"; {uci_extra} echo uciok ;;\n    isready) echo readyok ;;\n    go*) n=$((n+1)); {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

#[test]
fn ai_one_plays_two_games_against_motleys_own_uci_engine() {
    let engine = format!("uci:{MOTLEY} uci");
    let (code, out, err) = motley(&[
        "match",
        "standard",
        "--white",
        "ai:1",
        "--black",
        &engine,
        "--games",
        "2",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let table: Vec<&str> = out.lines().filter(|l| l.contains(&engine)).collect();
    // Two rows (colours alternate) and the summary line.
    assert!(table.len() >= 2, "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with('1') || l.trim_start().starts_with('2'))
        .filter(|l| l.contains("ai:1"))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(!out.contains("failed"), "{out}");
    let score = out.lines().last().unwrap();
    assert!(score.starts_with("score: "), "{out}");
}

#[test]
fn an_engine_that_crashes_mid_game_loses_with_a_message() {
    let dir = temp_dir("uci-crash");
    let crash = fake_engine(
        &dir,
        "crasher",
        "",
        "if [ $n -ge 2 ]; then exit 3; fi; echo 'bestmove e2e4'",
    );
    let spec = format!("uci:{}", crash.display());
    let (code, out, err) = motley(&[
        "match",
        "standard",
        "--white",
        &spec,
        "--black",
        "ai:1",
        "--games",
        "1",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("0-1"), "{out}");
    assert!(out.contains("stopped unexpectedly"), "{out}");
    assert!(err.contains("crasher"), "{err}");
    assert_eq!(out.lines().last(), Some("score: 0-0-1"));
}

#[test]
fn an_engine_that_moves_illegally_loses_with_a_message() {
    let dir = temp_dir("uci-illegal");
    let cheat = fake_engine(&dir, "cheater", "", "echo 'bestmove e2e5'");
    let spec = format!("uci:{}", cheat.display());
    let (code, out, err) = motley(&[
        "match",
        "standard",
        "--white",
        "random",
        "--black",
        &spec,
        "--games",
        "2",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("played 'e2e5', which is not legal here"),
        "{out}"
    );
    // It loses both games, as Black and as White.
    assert_eq!(out.lines().last(), Some("score: 2-0-0"));
}

#[test]
fn an_engine_without_the_variant_is_refused_before_the_game() {
    let dir = temp_dir("uci-variant");
    let chess_only = fake_engine(&dir, "chessonly", "", "echo 'bestmove e2e4'");
    let spec = format!("uci:{}", chess_only.display());
    let (code, out, err) = motley(&["match", "monochrome", "--white", &spec, "--black", "ai:1"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("cannot play monochrome"), "{err}");
    assert!(err.contains("no UCI_Variant option"), "{err}");
    assert!(!out.contains("score:"), "{out}");
    let other = fake_engine(
        &dir,
        "fairyish",
        "echo 'option name UCI_Variant type combo default chess var chess var crazyhouse';",
        "echo 'bestmove e2e4'",
    );
    let spec = format!("uci:{}", other.display());
    let (code, _, err) = motley(&["match", "chicken", "--white", &spec, "--black", "ai:1"]);
    assert_eq!(code, 2);
    assert!(err.contains("offers only chess, crazyhouse"), "{err}");
    let (code, _, err) = motley(&[
        "match",
        "standard",
        "--white",
        "uci:/no/such/engine",
        "--black",
        "ai:1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn play_refuses_an_engine_without_the_variant_before_the_board_opens() {
    let dir = temp_dir("uci-play-variant");
    let chess_only = fake_engine(&dir, "chessonly", "", "echo 'bestmove e2e4'");
    let spec = format!("uci:{}", chess_only.display());
    let (code, _, err) = motley(&["play", "monochrome", "--black", &spec]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot play monochrome"), "{err}");
}

#[test]
fn stop_takes_the_engines_move_so_far() {
    let command = format!("{MOTLEY} uci");
    let contrast = motley_game::variant::Registry::builtin()
        .get("contrast")
        .unwrap();
    let variant = motley_session::uci::client::EngineVariant::of(&contrast);
    let mut engine = motley_session::uci::client::Engine::start(&command, &variant).unwrap();
    engine.new_game().unwrap();
    let game = random_game("contrast", 6);
    // Stopped once it thinks (its first line), with an hour to think: the
    // move comes from `stop`, as only a hang would see the hour out (and
    // `wait::within` gives up long before).
    let (answer, mut engine, game) = wait::within("a move after stop", move || {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let answer = engine.best_action(
            None,
            game.actions(),
            game.position(),
            Duration::from_secs(3600),
            &stop,
            &mut |_| stop.store(true, std::sync::atomic::Ordering::Relaxed),
        );
        (answer, engine, game)
    });
    let a = answer.unwrap().expect("a move after stop");
    assert!(game.legal_actions().contains(&a));
    // The engine is still good for the next question.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let next = engine
        .best_action(
            None,
            game.actions(),
            game.position(),
            Duration::from_millis(100),
            &stop,
            &mut |_| {},
        )
        .unwrap();
    assert!(next.is_some_and(|a| game.legal_actions().contains(&a)));
}

#[test]
fn stockfish_plays_standard_and_is_refused_monochrome() {
    let found = Path::new(STOCKFISH).exists();
    let tool = format!("{STOCKFISH} (apt-get install stockfish)");
    if !crate::support::tools::ready(
        &tool,
        found,
        "stockfish_plays_standard_and_is_refused_monochrome",
    ) {
        return;
    }
    let spec = format!("uci:{STOCKFISH}");
    let (code, out, err) = motley(&[
        "match",
        "standard",
        "--white",
        "ai:1",
        "--black",
        &spec,
        "--games",
        "1",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(!out.contains("failed"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("score: "), "{out}");
    let (code, _, err) = motley(&["match", "monochrome", "--white", &spec, "--black", "ai:1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("Stockfish") && err.contains("cannot play monochrome"),
        "{err}"
    );
}

/// A play screen with a human as White and `black` as Black, computer
/// moves at `movetime`.
fn engine_app(black: PlayerSpec) -> App {
    let game = Game::new(Registry::builtin().get("standard").unwrap(), None, 7).unwrap();
    let state = PlayState::new(game, [PlayerSpec::Human, black]);
    let mut s = settings(None);
    s.session.movetime = Duration::from_millis(100);
    App::new(
        Screen::Play(Box::new(state)),
        Registry::builtin(),
        s,
        theme(),
        (100, 30),
    )
}

#[test]
fn an_engine_player_answers_on_the_play_screen() {
    let spec = PlayerSpec::Uci {
        command: Arc::from(format!("{MOTLEY} uci").as_str()),
    };
    let mut app = engine_app(spec);
    prompt(&mut app, "e2e4");
    run_requests_inline(&mut app);
    let p = play_state(&app);
    assert_eq!(p.session.game().ply(), 2, "{}", message(&app));
    assert_eq!(
        p.session.game().position().turn(),
        motley_rules::core::Color::White
    );
    prompt(&mut app, "d2d4");
    run_requests_inline(&mut app);
    assert_eq!(play_state(&app).session.game().ply(), 4);
}

#[test]
fn an_engine_that_crashes_on_the_play_screen_loses_with_a_message() {
    let dir = temp_dir("uci-tui-crash");
    let crash = fake_engine(&dir, "crasher", "", "exit 3");
    let spec = PlayerSpec::Uci {
        command: Arc::from(crash.display().to_string().as_str()),
    };
    let mut app = engine_app(spec);
    prompt(&mut app, "e2e4");
    run_requests_inline(&mut app);
    let p = play_state(&app);
    let outcome = p.session.game().outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(motley_rules::core::Color::White));
    let text = message(&app);
    assert!(text.contains("crasher stopped unexpectedly"), "{text}");
    assert!(text.contains("Black loses"), "{text}");
}

// ---- chatty engines and long lines (issue 22, items 25 and 32) ----

/// What a watched run of Motley did.
struct Watched {
    /// Its exit status; `None` when it was still running at the limit
    /// (then it was killed).
    code: Option<i32>,
    out: String,
    err: String,
    /// The most resident memory seen while it ran, in kB (Linux: VmHWM).
    peak_kb: u64,
}

/// The peak resident memory of process `pid` so far, in kB (0 where
/// `/proc` does not tell).
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Run `motley ARGS`, killing it after `limit`, watching its memory.
fn motley_watched(args: &[&str], limit: Duration) -> Watched {
    let data = temp_dir("uci-data");
    let mut child = Command::new(MOTLEY)
        .args(args)
        .env("MOTLEY_DATA_DIR", &data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run motley");
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = Instant::now() + limit;
    let mut peak = 0;
    let code = loop {
        peak = peak.max(peak_kb(child.id()));
        if let Ok(Some(status)) = child.try_wait() {
            break Some(status.code().unwrap_or(-1));
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Watched {
        code,
        out: out.join().unwrap_or_default(),
        err: err.join().unwrap_or_default(),
        peak_kb: peak,
    }
}

/// Memory a run may use, in kB: far below what an unbounded queue of
/// engine lines reaches in seconds (gigabytes).
const MEMORY_BOUND_KB: u64 = 200 * 1024;

/// Issue 22, item 25: an engine that writes lines without end and never
/// `uciok` is reported as not answering `uci` within the startup time,
/// and the lines it floods do not pile up in memory.
#[test]
fn item_25_an_engine_flooding_lines_before_uciok_times_out_in_bounded_memory() {
    let run = motley_watched(
        &[
            "match", "standard", "--white", "uci:yes", "--black", "random",
        ],
        PATIENCE,
    );
    assert!(
        run.code.is_some(),
        "still running after {PATIENCE:?}\n{}\n{}",
        run.out,
        run.err
    );
    assert!(
        run.err.contains("did not answer 'uci' within"),
        "{}\n{}",
        run.out,
        run.err
    );
    assert!(run.err.contains("other lines"), "{}", run.err);
    assert!(run.peak_kb < MEMORY_BOUND_KB, "peak {} kB", run.peak_kb);
}

/// Issue 22, item 25: an engine that floods `info` lines after `go` and
/// never answers runs out of the move's time like a silent one, and
/// loses the game.
#[test]
fn item_25_an_engine_flooding_info_lines_after_go_runs_out_of_time() {
    let dir = temp_dir("uci-flood");
    let flood = fake_engine(
        &dir,
        "flooder",
        "",
        "yes 'info depth 1 score cp 0 nodes 1 pv e2e4'",
    );
    let spec = format!("uci:{}", flood.display());
    let run = motley_watched(
        &[
            "match",
            "standard",
            "--white",
            &spec,
            "--black",
            "random",
            "--games",
            "1",
            "--movetime",
            "50",
        ],
        PATIENCE,
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.out, run.err);
    assert!(
        run.out.contains("flooder did not answer 'go' within"),
        "{}",
        run.out
    );
    assert_eq!(run.out.lines().last(), Some("score: 0-0-1"), "{}", run.out);
    assert!(run.peak_kb < MEMORY_BOUND_KB, "peak {} kB", run.peak_kb);
}

/// Issue 22, item 32: `motley uci` refuses a line longer than its bound
/// with an `info string` while reading it in bounded memory, and answers
/// the next command.
#[test]
fn item_32_a_huge_command_line_is_refused_in_bounded_memory() {
    let mut uci = Uci::start();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..300 {
        uci.stdin.write_all(&chunk).unwrap();
    }
    uci.send("");
    uci.send("isready");
    let lines = uci.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string")
            && l.contains(&format!("{} bytes", 300u64 << 20))),
        "{lines:?}"
    );
    let peak = peak_kb(uci.child.id());
    assert!(peak < MEMORY_BOUND_KB, "peak {peak} kB");
    // The engine goes on as usual.
    uci.send("position startpos moves e2e4");
    uci.send("go depth 2");
    assert!(!uci.bestmove().is_empty());
}

// ---- engines do not outlive Motley ----

/// Whether process `pid` is running. A zombie (dead, not yet reaped by
/// whoever adopted it) counts as gone.
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

/// The pid an engine script wrote into `file` (waiting for it).
#[cfg(target_os = "linux")]
fn engine_pid(file: &Path) -> u32 {
    let read = || {
        std::fs::read_to_string(file)
            .ok()
            .and_then(|t| t.trim().parse::<u32>().ok())
    };
    wait::until(&format!("the engine's pid in {}", file.display()), || {
        read().is_some()
    });
    read().unwrap_or_default()
}

/// Kills a left-over engine when a test fails, so it does not linger.
#[cfg(target_os = "linux")]
struct KillLeftOver(u32);

#[cfg(target_os = "linux")]
impl Drop for KillLeftOver {
    fn drop(&mut self) {
        if running(self.0) {
            let _ = Command::new("kill")
                .args(["-KILL", &self.0.to_string()])
                .status();
        }
    }
}

/// A script engine that writes its pid into `pid_file`, ignores SIGTERM,
/// and then runs `then` (shell code).
#[cfg(target_os = "linux")]
fn stubborn_engine(dir: &Path, name: &str, pid_file: &Path, then: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\necho $$ > '{}'\ntrap '' TERM\n{then}\n",
        pid_file.display()
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

// Issue 31, item 14: an engine that never answers (`exec sleep 1000`) was
// left running, adopted by init, after `match` gave up on it and exited.
#[cfg(target_os = "linux")]
#[test]
fn item_14_a_silent_engine_is_gone_when_match_exits() {
    let dir = temp_dir("uci-silent");
    let pid_file = dir.join("silent.pid");
    let silent = stubborn_engine(&dir, "silent.sh", &pid_file, "exec sleep 1000");
    let spec = format!("uci:{}", silent.display());
    let (code, out, err) = motley(&["match", "standard", "--white", &spec, "--black", "random"]);
    assert_ne!(code, 0, "{out}\n{err}");
    assert!(err.contains("did not answer 'uci'"), "{err}");
    let pid = engine_pid(&pid_file);
    let _left_over = KillLeftOver(pid);
    wait::until("the silent engine is gone", || !running(pid));
}

// Issue 31, item 14: an engine that stops answering in a game, ignores
// `quit` and SIGTERM is killed (with SIGKILL) before `match` exits.
#[cfg(target_os = "linux")]
#[test]
fn item_14_an_engine_ignoring_quit_and_sigterm_is_gone_when_match_exits() {
    let dir = temp_dir("uci-stubborn");
    let pid_file = dir.join("stubborn.pid");
    let answers = "while read -r line; do case \"$line\" in uci) echo uciok ;; isready) echo readyok ;; go*) exec sleep 1000 ;; esac; done";
    let stubborn = stubborn_engine(&dir, "stubborn.sh", &pid_file, answers);
    let spec = format!("uci:{}", stubborn.display());
    let (code, out, err) = motley(&[
        "match",
        "standard",
        "--white",
        &spec,
        "--black",
        "random",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("did not answer 'go'"), "{out}");
    let pid = engine_pid(&pid_file);
    let _left_over = KillLeftOver(pid);
    wait::until("the stubborn engine is gone", || !running(pid));
}

// Issue 31, item 14: the play screen's engine, which ignores `quit`, the
// end of its input and SIGTERM, is gone once Motley has quit.
#[cfg(target_os = "linux")]
#[test]
fn item_14_a_play_screen_engine_is_gone_when_motley_quits() {
    let Some(t) = crate::support::tmux::Tmux::new("engine-exit") else {
        return;
    };
    let pid_file = t.root.join("engine.pid");
    let answers = "while :; do read -r line || exec sleep 1000; case \"$line\" in uci) echo uciok ;; isready) echo readyok ;; go*) echo 'bestmove e7e5' ;; esac; done";
    let engine = stubborn_engine(&t.root, "engine.sh", &pid_file, answers);
    // The terminal stays open after Motley (its hangup would end the
    // engine instead).
    let command = format!(
        "sh -c \"env {} '{}' play --black 'uci:{}'; echo EXITED; sleep 600\"",
        t.env(""),
        crate::support::tmux::BIN,
        engine.display()
    );
    t.shell_in("m", &command);
    t.wait_for("White to move");
    let pid = engine_pid(&pid_file);
    let _left_over = KillLeftOver(pid);
    t.keys(&["q"]);
    t.wait_for("EXITED");
    wait::until("the engine is gone", || !running(pid));
}

#[test]
fn a_chess960_game_asks_the_engine_for_uci_chess960_and_the_base_variant() {
    let dir = temp_dir("uci-960");
    // An engine that logs what it is told and has UCI_Chess960.
    let log = dir.join("told.txt");
    let told = fake_engine(
        &dir,
        "fischer",
        &format!(
            "echo 'option name UCI_Chess960 type check default false'; \
             echo 'option name UCI_Variant type combo default chess var chess var crazyhouse'; \
             : > {0};",
            log.display()
        ),
        "echo 'bestmove 0000'",
    );
    // The script logs every line it reads before answering.
    let script = std::fs::read_to_string(&told).unwrap().replace(
        "while read -r line; do\n",
        &format!(
            "while read -r line; do\n  echo \"$line\" >> {};\n",
            log.display()
        ),
    );
    std::fs::write(&told, script).unwrap();
    let registry = motley_game::variant::Registry::builtin();
    for (id, variant_line) in [
        ("chess960", None),
        (
            "crazyhouse960",
            Some("setoption name UCI_Variant value crazyhouse"),
        ),
    ] {
        let def = registry.get(id).unwrap();
        let variant = motley_session::uci::client::EngineVariant::of(&def);
        let engine =
            motley_session::uci::client::Engine::start(&told.display().to_string(), &variant);
        drop(engine.unwrap());
        let lines = std::fs::read_to_string(&log).unwrap();
        assert!(
            lines.contains("setoption name UCI_Chess960 value true"),
            "{id}: {lines}"
        );
        match variant_line {
            Some(line) => assert!(lines.contains(line), "{id}: {lines}"),
            None => assert!(!lines.contains("UCI_Variant value"), "{id}: {lines}"),
        }
    }
    // An engine without UCI_Chess960 is refused for a Chess960 game.
    let plain = fake_engine(&dir, "plain", "", "echo 'bestmove e2e4'");
    let def = registry.get("chess960").unwrap();
    let variant = motley_session::uci::client::EngineVariant::of(&def);
    let refused =
        motley_session::uci::client::Engine::start(&plain.display().to_string(), &variant)
            .err()
            .expect("refused")
            .to_string();
    assert!(refused.contains("no UCI_Chess960 option"), "{refused}");
}

/// Fairy-Stockfish, where one is installed: `MOTLEY_FAIRY_STOCKFISH`
/// names it, else `fairy-stockfish` on the path. It is built from source
/// (no package installs it), so CI has none and the test is skipped there
/// with a note, whatever `MOTLEY_REQUIRE_TOOLS` says.
fn fairy_stockfish() -> Option<String> {
    if let Some(path) = std::env::var_os("MOTLEY_FAIRY_STOCKFISH") {
        return Some(path.to_string_lossy().into_owned());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("fairy-stockfish"))
        .find(|p| p.is_file())
        .map(|p| p.to_string_lossy().into_owned())
}

// Issue 33: `uci:` players play boards of other sizes through
// Fairy-Stockfish, in its notation (`a10a9`, `P@e5`), as the game plays
// them.
#[test]
fn fairy_stockfish_plays_xiangqi_and_shogi_as_an_external_engine() {
    let Some(fsf) = fairy_stockfish() else {
        eprintln!(
            "note: Fairy-Stockfish is not installed (set MOTLEY_FAIRY_STOCKFISH to its binary); skipping fairy_stockfish_plays_xiangqi_and_shogi_as_an_external_engine"
        );
        return;
    };
    let spec = format!("uci:{fsf}");
    for variant in ["xiangqi", "shogi", "capablanca"] {
        let (code, out, err) = motley(&[
            "match",
            variant,
            "--white",
            "ai:1",
            "--black",
            &spec,
            "--games",
            "2",
            "--movetime",
            "50",
        ]);
        assert_eq!(code, 0, "{variant}: {out}\n{err}");
        assert!(!out.contains("failed"), "{variant}: {out}");
        assert!(out.lines().last().unwrap().starts_with("score: "), "{out}");
    }
}
