//! No input panics: seeded random keys, clicks, resizes and typed moves
//! through the menu, every variant's game (with a computer player) and the
//! replay viewer, drawing as it goes.

use crate::support::tui as tui_support;

use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use motley::tui::{
    handle, run_requests_inline, App, AppEvent, MenuState, PlayState, ReplayState, Screen,
};
use motley_ai::PlayerSpec;
use motley_game::variant::Family;
use motley_game::Game;
use tui_support::*;

fn rng(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *x >> 33
}

/// Keys that do things somewhere. No `q` (leaving is tested elsewhere;
/// here it would only end the run early).
fn keys() -> Vec<KeyCode> {
    [
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Delete,
    ]
    .into_iter()
    .chain(
        ":uUrfsdRmbpngiahjkl ?+-cvyt0123456789e2e4x^@NB"
            .chars()
            .map(KeyCode::Char),
    )
    .collect()
}

fn random_event(x: &mut u64, keys: &[KeyCode], step: usize) -> AppEvent {
    match rng(x) % 16 {
        0 | 1 => AppEvent::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: (rng(x) % 110) as u16,
            row: (rng(x) % 40) as u16,
            modifiers: KeyModifiers::NONE,
        }),
        2 if step.is_multiple_of(9) => {
            AppEvent::Resize((rng(x) % 130) as u16, (rng(x) % 50) as u16)
        }
        3 if step % 9 == 1 => AppEvent::Resize(100, 35),
        4 => AppEvent::Tick,
        _ => AppEvent::key(keys[(rng(x) as usize) % keys.len()]),
    }
}

/// `ev`, except an Enter that would save where the save prompt's text
/// now points outside the temporary folder (typing replaces the offered
/// name, so random keys can name a file in the working folder): that
/// save is cancelled instead.
fn outside_the_test_folder_cancels(app: &App, ev: AppEvent) -> AppEvent {
    let AppEvent::Key(k) = &ev else {
        return ev;
    };
    let saving_to = match &app.screen {
        Screen::Play(p) => match &p.view.popup {
            Some(motley::tui::parts::play::Popup::SaveAs { text, .. }) => {
                Some(text.text().to_string())
            }
            _ => None,
        },
        _ => None,
    };
    let temp = std::env::temp_dir();
    match saving_to {
        Some(path)
            if k.code == KeyCode::Enter && !path.starts_with(temp.to_str().unwrap_or("/tmp")) =>
        {
            AppEvent::key(KeyCode::Esc)
        }
        _ => ev,
    }
}

fn drive(app: &mut App, x: &mut u64, steps: usize, mut restore: impl FnMut(&mut App)) -> usize {
    let keys = keys();
    let mut most = 0;
    for step in 0..steps {
        // Now and then play a legal action through the prompt so games
        // move on (and end).
        let wants_move = matches!(app.screen, Screen::Play(_)) && rng(x).is_multiple_of(6);
        if wants_move {
            // A screen left too small ignores keys, and whatever the random
            // keys left open (a popup, a prompt) is closed first, as a
            // person would, so games do move on.
            if app.too_small() {
                handle(app, AppEvent::Resize(100, 35));
            }
            for _ in 0..3 {
                match &app.screen {
                    Screen::Play(p) if p.view.popup.is_some() || p.view.prompt.is_some() => {
                        handle(app, AppEvent::key(KeyCode::Esc));
                    }
                    _ => break,
                }
            }
        }
        let typed = match &app.screen {
            Screen::Play(p) if wants_move && p.view.popup.is_none() && p.view.prompt.is_none() => {
                let legal = p.session.game().legal_actions();
                (!legal.is_empty()).then(|| legal[(rng(x) as usize) % legal.len()].to_string())
            }
            _ => None,
        };
        // A game the random keys ended (a resignation, an agreed draw) is
        // replaced, as after leaving, so every run keeps playing.
        let ended = match &app.screen {
            Screen::Play(p) => wants_move && p.session.game().outcome().is_some(),
            _ => false,
        };
        if ended {
            restore(app);
        }
        match typed {
            Some(t) => {
                // A screen left too small ignores keys: the move is played
                // at a size that takes it.
                if app.too_small() {
                    handle(app, AppEvent::Resize(100, 35));
                }
                handle(app, AppEvent::char(':'));
                for c in t.chars() {
                    handle(app, AppEvent::char(c));
                }
                handle(app, AppEvent::key(KeyCode::Enter));
            }
            None => {
                let ev = random_event(x, &keys, step);
                handle(app, outside_the_test_folder_cancels(app, ev));
            }
        }
        run_requests_inline(app);
        if let Screen::Play(p) = &app.screen {
            most = most.max(p.session.game().ply());
        }
        if app.quit {
            app.quit = false;
            restore(app);
        }
        if step.is_multiple_of(4) {
            let _ = motley::tui::render_to_buffer(app);
        }
    }
    most
}

#[test]
fn random_input_never_panics() {
    let dir = temp_dir("fuzz");
    let reg = registry();
    let mut x = 12345u64;
    // The menu.
    for _ in 0..4 {
        let s = settings(Some(dir.path()));
        let m = MenuState::new(&s, &reg);
        let mut app = App::new(
            Screen::Menu(Box::new(m)),
            reg.clone(),
            s,
            theme(),
            (100, 35),
        );
        drive(&mut app, &mut x, 600, |app| {
            let m = MenuState::new(&app.settings, &app.registry);
            app.screen = Screen::Menu(Box::new(m));
        });
    }
    // Every variant: a person against a random mover, and hot-seat. Of
    // the variants from data, those whose screen shows something of its
    // own (a goal, checks to give, pieces in hand, letters, explosions),
    // as they share every other path.
    let shown = [
        "kingofthehill",
        "3check",
        "crazyhouse",
        "racingkings",
        "makruk",
        "grasshopper",
        "horde",
        "giveaway",
        "atomic",
    ];
    let variants: Vec<_> = reg
        .all()
        .iter()
        .filter(|v| v.family != Family::Fairy || shown.contains(&v.id.as_str()))
        .cloned()
        .collect();
    for v in &variants {
        for players in [
            [PlayerSpec::Human, PlayerSpec::Random],
            [PlayerSpec::Human, PlayerSpec::Human],
        ] {
            let new_play = |seed: u64| {
                let g = Game::new(v.clone(), None, seed).unwrap();
                Screen::Play(Box::new(PlayState::new(g, players.clone())))
            };
            let mut app = App::new(
                new_play(1),
                reg.clone(),
                settings(Some(dir.path())),
                theme(),
                (100, 35),
            );
            let mut n = 1;
            let most = drive(&mut app, &mut x, 700, |app| {
                n += 1;
                app.screen = new_play(n);
            });
            assert!(
                most >= 4,
                "{}: the game never got going ({most} plies); the screen:\n{}",
                v.id,
                screen(&app)
            );
        }
    }
    // The replay viewer on a game of each variant.
    for v in &variants {
        let mut g = Game::new(v.clone(), None, 3).unwrap();
        let mut y = 77u64;
        while g.ply() < 30 && g.outcome().is_none() {
            if g.roll_dice().is_some() {
                continue;
            }
            let legal = g.legal_actions();
            g.play(legal[(rng(&mut y) as usize) % legal.len()]).unwrap();
        }
        let path = dir.join(format!("{}.json", v.id));
        motley_records::save_game(&path, &g, Some(("human", "human"))).unwrap();
        let open = || Screen::Replay(Box::new(ReplayState::open(path.clone(), &reg).unwrap()));
        let mut app = App::new(
            open(),
            reg.clone(),
            settings(Some(dir.path())),
            theme(),
            (100, 35),
        );
        drive(&mut app, &mut x, 300, |app| app.screen = open());
    }
}
